import { useMemo } from 'react';
import type { SampledCurves } from '../../../workers/figures/rankCurves.ts';
import { sampledRankPlot } from '../../figures/sampledRankPlot.ts';
import { ListInput, ScaleChoice } from './Controls.tsx';
import { figureSettings } from './figureSettings.ts';
import { FigureView } from './FigureView.tsx';
import { integerListProblem, parseIntegerList } from './parse.ts';
import { PlotChart } from './PlotChart.tsx';
import { SAMPLING_TEXT, type FigureInputs } from './types.ts';
import { useFigureJob } from './useFigureJob.ts';

/** Figure 3: E[M(r̃) | r] vs. the true rank for several m, against the exact metric, zoomable. */
export function Fig3View(props: FigureInputs) {
  const { itemCount, sampling, metrics, compute, width } = props;
  const maxM = sampling === 'with-replacement' ? 1_000_000 : itemCount - 1;
  const settings = figureSettings(props, 'fig3');
  const { sampleSizes: sampleText, zoom, xScale, yScale } = settings.values;
  const setZoom = settings.setter('zoom');
  const parsed = parseIntegerList(sampleText, 1, maxM);
  const sampleSizes = typeof parsed === 'string' ? [10, 100, 1000].filter((m) => m <= maxM) : parsed;
  const maxRank = Math.min(zoom, itemCount);
  const key = `${metrics.join(',')}|${itemCount}|${sampling}|${sampleSizes.join(',')}|${maxRank}`;
  const job = useFigureJob<SampledCurves>(
    compute,
    'fig3',
    key,
    !props.active ? null : (api) => api.sampledCurves({ metrics, itemCount, sampleSizes, sampling, maxRank }),
  );
  const curves = job.value;
  const figure = useMemo(
    () =>
      curves
        ? sampledRankPlot({
            curves,
            itemCount,
            samplingLabel: SAMPLING_TEXT[sampling],
            zoom: maxRank,
            xScale,
            yScale,
            width,
          })
        : null,
    [curves, itemCount, sampling, maxRank, xScale, yScale, width],
  );
  const controls = (
    <>
      <ListInput
        label="m values"
        value={sampleText}
        validate={(t) => integerListProblem(t, 1, maxM)}
        onChange={settings.setter('sampleSizes')}
      />
      <ListInput
        label="Top ranks"
        value={String(zoom)}
        validate={(t) => integerListProblem(t, 2, itemCount, 1)}
        onChange={(t) => setZoom(Number(t))}
        width="5.5rem"
      />
      <button type="button" onClick={() => setZoom(zoom >= itemCount ? 1000 : itemCount)}>
        {zoom >= itemCount ? 'Zoom to top 1,000' : `All ${itemCount.toLocaleString('en-US')} ranks`}
      </button>
      <ScaleChoice label="Rank axis" value={xScale} onChange={settings.setter('xScale')} />
      <ScaleChoice label="Value axis" value={yScale} onChange={settings.setter('yScale')} />
    </>
  );
  return (
    <FigureView
      id="fig3"
      number="Figure 3"
      title="Expected sampled metric vs. true rank"
      lede={
        <>
          What a sampled metric is worth, on average, for an item at true rank <i>r</i>: the paper plots <i>m</i> = 10,
          100 and 1,000 against the exact metric for the top 1,000 of <i>n</i> = 10,000 items. Sampled AP, NDCG and
          Recall lose their top-heaviness; AUC does not change.
        </>
      }
      status={{ loading: job.status === 'loading', progress: null, message: job.message }}
      onRetry={job.retry}
    >
      {figure ? (
        <PlotChart figure={figure} busy={job.status === 'loading'} controls={controls} legend={settings.legend} />
      ) : null}
    </FigureView>
  );
}
