import { sampledRankCurvesSettings } from '../../../figures/figureRegistry.ts';
import { fmtInt } from '../../../figures/labels.ts';
import { FIGURE_DEFAULTS } from '../../../state/figureView.ts';
import { sampledRankPlot } from '../../../figures/sampledRankPlot.ts';
import type { SampledCurves, SampledCurvesRequest } from '../../../../workers/figures/rankCurves.ts';
import { IntegerInput, ListInput, ScaleChoice } from '../Controls.tsx';
import { figureEntry } from '../entry.ts';
import { definedIds } from './common.ts';
import { integerListProblem, parseIntegerList } from '../parse.ts';
import { SAMPLING_TEXT } from '../types.ts';

/** The largest m of the sampling law: any m with replacement, at most n − 1 without. */
const largestSampleSize = (itemCount: number, sampling: string) =>
  sampling === 'with-replacement' ? 1_000_000 : itemCount - 1;

/** Figure 3: E[M(r̃) | r] vs. the true rank for several m, against the exact metric, zoomable. */
export const sampledRankCurves = figureEntry<'fig3', SampledCurvesRequest, SampledCurves>({
  id: 'fig3',
  settings: sampledRankCurvesSettings,
  kind: 'figure',
  number: 'Figure 3',
  title: 'Expected sampled metric vs. true rank',
  lede: () => (
    <>
      What a sampled metric is worth, on average, for an item at true rank <i>r</i>: the paper plots <i>m</i> = 10, 100
      and 1,000 against the exact metric for the top 1,000 of <i>n</i> = 10,000 items (here with the <i>m</i> of the
      settings added). Sampled AP, NDCG and Recall lose their top-heaviness; AUC does not change.
    </>
  ),
  request: (inputs, values) => {
    const { itemCount, sampling, sampleSize } = inputs;
    const metrics = definedIds(inputs, inputs.metrics);
    const maxM = largestSampleSize(itemCount, sampling);
    const parsed = parseIntegerList(values.sampleSizes, 1, maxM);
    const listed = typeof parsed === 'string' ? [10, 100, 1000].filter((m) => m <= maxM) : parsed;
    // The paper's list gains the data's m (e.g. NCF's 99); a list the user typed is kept as it is.
    const own = values.sampleSizes === FIGURE_DEFAULTS.fig3.sampleSizes && sampleSize <= maxM ? [sampleSize] : [];
    const sampleSizes = [...new Set([...listed, ...own])].sort((a, b) => a - b);
    return { metrics, itemCount, sampleSizes, sampling, maxRank: Math.min(values.zoom, itemCount) };
  },
  compute: (api, request) => api.sampledCurves(request),
  model: (curves, request, { values, width }) =>
    sampledRankPlot({
      curves,
      itemCount: request.itemCount,
      samplingLabel: SAMPLING_TEXT[request.sampling],
      zoom: request.maxRank,
      xScale: values.xScale,
      yScale: values.yScale,
      width,
    }),
  controls: ({ inputs: { itemCount, sampling }, settings }) => {
    const { zoom } = settings.values;
    const setZoom = settings.setter('zoom');
    const maxM = largestSampleSize(itemCount, sampling);
    return (
      <>
        <ListInput
          label="m values"
          value={settings.values.sampleSizes}
          validate={(t) => integerListProblem(t, 1, maxM)}
          onChange={settings.setter('sampleSizes')}
        />
        <IntegerInput label="Top ranks" value={zoom} min={2} max={itemCount} onChange={setZoom} width="5.5rem" />
        <button type="button" onClick={() => setZoom(zoom >= itemCount ? 1000 : itemCount)}>
          {zoom >= itemCount ? 'Zoom to top 1,000' : `All ${fmtInt(itemCount)} ranks`}
        </button>
        <ScaleChoice label="Rank axis" value={settings.values.xScale} onChange={settings.setter('xScale')} />
        <ScaleChoice label="Value axis" value={settings.values.yScale} onChange={settings.setter('yScale')} />
      </>
    );
  },
});
