import { proxy } from 'comlink';
import { itemCountRange } from '../../../core/index.ts';
import { correctedSweepSettings } from '../../../figures/figureRegistry.ts';
import { correctedSweepPlot } from '../../../figures/correctedSweepPlot.ts';
import { metricIdLabel } from '../../../core/labels.ts';
import { fmtInt } from '../../../figures/labels.ts';
import type { SweepRequest, SweepResult } from '../../../../workers/figures/sweep.ts';
import { Choice, ListInput, ScaleChoice } from '../Controls.tsx';
import { figureEntry } from '../entry.ts';
import { parseGammaList } from '../parse.ts';
import { SAMPLING_TEXT, type FigureInputs } from '../types.ts';
import { definedIds, needsRecommenders, plainMetricId, priorPhrase, requestData, type PageRequest } from './common.ts';
import { populationOf, POPULATION_TEXT, withPopulation, withPopulationCaption, type Populated } from './population.ts';
import { withRankSources } from '../../../state/rankUpload.ts';

const METRICS = ['recall@10', 'ndcg@10', 'ap', 'auc'];

/** Distinct per-user n up to which every n may be solved exactly at any m. */
const EXACT_ITEM_COUNTS = 20;

/**
 * The largest m of the corrections: 1,000, except without replacement for data with many distinct per-user n, where
 * BV's vectors are interpolated in n only while n ≥ 10·m (core corrections/itemCountGrid.ts): beyond a tenth of the
 * smallest n every distinct n would be solved exactly at each m (on MovieLens' 743 n, minutes instead of seconds).
 */
export function correctedLimit(inputs: Pick<FigureInputs, 'recommenders' | 'sampling'>): number {
  const own = itemCountRange(inputs.recommenders.map((r) => r.data));
  if (inputs.sampling !== 'without-replacement' || !own || own.distinct <= EXACT_ITEM_COUNTS) return 1000;
  return Math.max(10, Math.min(1000, Math.floor(own.smallest / 10)));
}

const gammaProblem = (text: string) => {
  const parsed = parseGammaList(text, 1);
  return typeof parsed === 'string' ? parsed : parsed.length === 1 ? null : 'One γ.';
};

type CorrectedSweepRequest = Populated<PageRequest<SweepRequest>>;

/** Figure 6: expected metric vs. m, uncorrected and BV-corrected, with the smallest m that orders correctly. */
export const correctedSweep = figureEntry<'fig6', CorrectedSweepRequest, SweepResult>({
  id: 'fig6',
  settings: correctedSweepSettings,
  kind: 'figure',
  number: 'Figure 6',
  title: 'Expected Recall@10 vs. m: uncorrected and corrected',
  lede: ({ inputs }) => (
    <>
      How large a sample each estimator needs to order the recommenders as the exact metric does. In the paper
      (MovieLens 1M) the uncorrected Recall@10 needs <i>m</i> ≈ 1,000 to order X and Y correctly, BV with γ = 0.1 fewer
      than 60. The corrections are solved for each <i>m</i> up to {fmtInt(correctedLimit(inputs))} (their cost grows as{' '}
      <i>m</i>³
      {correctedLimit(inputs) < 1000
        ? '; without replacement and with many per-user n, beyond a tenth of the smallest n each n would need its own solve'
        : ''}
      ), with {priorPhrase(inputs.prior)} (the settings’ prior).
      {inputs.rankKind === 'sampled' ? ` ${POPULATION_TEXT}` : null}
    </>
  ),
  problem: (inputs) => needsRecommenders(inputs),
  request: (inputs, values) => ({
    ...requestData(inputs, inputs.recommenders),
    metrics: definedIds(inputs, [METRICS.includes(values.metric) ? values.metric : METRICS[0]]),
    methods: ['sampled', `bv:${values.gamma}`],
    itemCount: inputs.itemCount,
    sampling: inputs.sampling,
    prior: inputs.prior,
    points: 40,
    correctedLimit: correctedLimit(inputs),
    population: populationOf(inputs),
  }),
  compute: async (api, request, _signal, onProgress) =>
    api.sweepSampleSizes(await withRankSources(api, await withPopulation(api, request)), proxy(onProgress)),
  model: (sweep, request, { values, width, recommenders }) => {
    const figure = correctedSweepPlot({
      sweep,
      metric: request.metrics[0],
      recommenders,
      itemCount: request.itemCount,
      samplingLabel: SAMPLING_TEXT[request.sampling],
      priorLabel: priorPhrase(request.prior),
      xScale: values.xScale,
      yScale: values.yScale,
      width,
    });
    return withPopulationCaption(figure, request.population);
  },
  controls: ({ settings, request }) => (
    <>
      <Choice
        label="Metric"
        value={plainMetricId(request?.metrics[0] ?? METRICS[0])}
        options={METRICS.map((id) => ({ value: id, label: metricIdLabel(id) }))}
        onChange={settings.setter('metric')}
      />
      <ListInput
        label="BV γ"
        value={String(settings.values.gamma)}
        validate={gammaProblem}
        onChange={(t) => settings.setter('gamma')(Number(t))}
        width="4rem"
      />
      <ScaleChoice label="m axis" value={settings.values.xScale} onChange={settings.setter('xScale')} />
      <ScaleChoice label="Value axis" value={settings.values.yScale} onChange={settings.setter('yScale')} />
    </>
  ),
  paperData: true,
});
