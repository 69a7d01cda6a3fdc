import { priorText } from '../../../core/index.ts';
import { correctionCurvesSettings } from '../../../figures/figureRegistry.ts';
import { correctionPlot } from '../../../figures/correctionPlot.ts';
import { metricIdLabel } from '../../../core/labels.ts';
import type { CorrectionCurves, CorrectionCurvesRequest } from '../../../../workers/figures/correctionVectors.ts';
import { Choice, IntegerInput, ListInput, ScaleChoice } from '../Controls.tsx';
import { figureEntry } from '../entry.ts';
import { definedIds, plainMetricId } from './common.ts';
import { parseGammaList } from '../parse.ts';
import type { FigureInputs } from '../types.ts';

/** Largest m of the figure: the corrections' cost grows as m³. */
const MAX_SAMPLE_SIZE = 3000;
const PAPER_GAMMAS = '1, 0.1, 0.01';

const gammaProblem = (text: string) => {
  const parsed = parseGammaList(text, 4);
  return typeof parsed === 'string' ? parsed : null;
};
const gammaText = (text: string) => (gammaProblem(text) === null ? text : PAPER_GAMMAS);

const metricOptions = (metrics: readonly string[]) =>
  [...new Set(['ap', ...metrics])].map((id) => ({ value: id, label: metricIdLabel(id) }));

/** The figure's m: its own, else the settings' (at most MAX_SAMPLE_SIZE). */
const followedSampleSize = (inputs: FigureInputs) => Math.min(inputs.sampleSize, MAX_SAMPLE_SIZE);

/** Figure 4: correction vectors on the sample (left) and expected corrected metric vs. true rank (right). */
export const correctionCurves = figureEntry<'fig4', CorrectionCurvesRequest, CorrectionCurves>({
  id: 'fig4',
  settings: correctionCurvesSettings,
  kind: 'figure',
  number: 'Figure 4',
  title: 'Corrected metrics: on the sample and in expectation',
  lede: ({ inputs }) => (
    <>
      The corrections of section 5 replace <i>M</i>(<i>r̃</i>) by a vector <i>M̂</i>(<i>r̃</i>) fitted so that its average
      over the sampling matches the exact metric. The paper shows corrected AP for <i>m</i> = 100, <i>n</i> = 10,000 and
      a uniform prior; <i>m</i> (unless set here), <i>n</i>, the sampling scheme and the prior follow the settings: now
      the {priorText(inputs.prior)}.
    </>
  ),
  request: (inputs, values) => {
    const { itemCount, sampling } = inputs;
    const m = values.sampleSize ?? followedSampleSize(inputs);
    const gammas = parseGammaList(gammaText(values.gammas), 4) as number[];
    const metric = metricOptions(inputs.metrics).some((o) => o.value === values.metric) ? values.metric : 'ap';
    return {
      metric: definedIds(inputs, [metric])[0],
      itemCount,
      sampleSize: sampling === 'without-replacement' ? Math.min(m, itemCount - 1) : m,
      sampling,
      methods: ['sampled', 'rank-estimate', 'ls', 'cls', ...gammas.map((g) => `bv:${g}`)],
      prior: inputs.prior,
    };
  },
  compute: (api, request) => api.correctionCurves(request),
  model: (curves, request, { values, width }) =>
    correctionPlot({
      curves,
      itemCount: request.itemCount,
      sampleSize: request.sampleSize,
      priorLabel: priorText(request.prior),
      xScale: values.xScale,
      yScale: values.yScale,
      sampledRankScale: values.sampledRankScale,
      width,
    }),
  controls: ({ inputs, settings, request }) => {
    const followed = followedSampleSize(inputs);
    const set = settings.setter;
    return (
      <>
        <Choice
          label="Metric"
          value={plainMetricId(request?.metric ?? 'ap')}
          options={metricOptions(inputs.metrics)}
          onChange={set('metric')}
        />
        <IntegerInput
          label="m"
          value={settings.values.sampleSize ?? followed}
          min={1}
          max={Math.min(MAX_SAMPLE_SIZE, inputs.itemCount - 1)}
          onChange={(m) => set('sampleSize')(m === followed ? null : m)}
        />
        <ListInput
          label="BV γ"
          value={gammaText(settings.values.gammas)}
          validate={gammaProblem}
          onChange={set('gammas')}
          width="8rem"
        />
        <ScaleChoice
          label="r̃ axis (left)"
          value={settings.values.sampledRankScale}
          onChange={set('sampledRankScale')}
        />
        <ScaleChoice label="r axis (right)" value={settings.values.xScale} onChange={set('xScale')} />
        <ScaleChoice label="value axis (right)" value={settings.values.yScale} onChange={set('yScale')} />
      </>
    );
  },
});
