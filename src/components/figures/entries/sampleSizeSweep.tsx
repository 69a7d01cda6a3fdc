import { proxy } from 'comlink';
import { sampleSizeSweepSettings } from '../../../figures/figureRegistry.ts';
import { sampleSizePlot } from '../../../figures/sampleSizePlot.ts';
import type { SweepRequest, SweepResult } from '../../../../workers/figures/sweep.ts';
import { ScaleChoice } from '../Controls.tsx';
import { figureEntry } from '../entry.ts';
import { SAMPLING_TEXT } from '../types.ts';
import { definedIds, needsRecommenders, requestData, type PageRequest } from './common.ts';
import { populationOf, POPULATION_TEXT, withPopulation, withPopulationCaption, type Populated } from './population.ts';
import { withRankSources } from '../../../state/rankUpload.ts';

type SampleSizeSweepRequest = Populated<PageRequest<SweepRequest>>;

/** Figure 2: expected sampled metric vs. m for each recommender, ordering changes marked. */
export const sampleSizeSweep = figureEntry<'fig2', SampleSizeSweepRequest, SweepResult>({
  id: 'fig2',
  settings: sampleSizeSweepSettings,
  kind: 'figure',
  marksSampleSize: true,
  number: 'Figure 2',
  title: 'Expected sampled metric vs. number of sampled items',
  lede: ({ inputs }) => (
    <>
      How each recommender’s expected sampled metric moves as <i>m</i> grows from 1 to <i>n</i> − 1: the points where
      two recommenders swap places are marked and named. The paper uses the toy example (A, B, C, <i>n</i> = 10,000);
      the thin dashed line is the <i>m</i> of the settings.
      {inputs.rankKind === 'sampled' ? ` ${POPULATION_TEXT}` : null}
    </>
  ),
  problem: (inputs) => needsRecommenders(inputs),
  request: (inputs) => ({
    ...requestData(inputs, inputs.recommenders),
    metrics: definedIds(inputs, inputs.metrics),
    methods: ['sampled'],
    itemCount: inputs.itemCount,
    sampling: inputs.sampling,
    // The settings' m is only marked (a line on the figure, from the model's view): moving it redraws the figure
    // without a new sweep (issue 13: ≤ 100 ms for one step of m).
    population: populationOf(inputs),
  }),
  // The curves are drawn as soon as they are on their grid; the swaps between grid points are located after.
  compute: async (api, request, _signal, onProgress, _second, onPartial) =>
    api.sweepSampleSizes(
      await withRankSources(api, await withPopulation(api, request)),
      proxy(onProgress),
      proxy(onPartial),
    ),
  model: (sweep, request, { values, width, recommenders, sampleSize }) => {
    const figure = sampleSizePlot({
      sweep,
      recommenders,
      itemCount: request.itemCount,
      samplingLabel: SAMPLING_TEXT[request.sampling],
      xScale: values.xScale,
      yScale: values.yScale,
      markSampleSize: sampleSize,
      width,
    });
    return withPopulationCaption(figure, request.population);
  },
  controls: ({ settings }) => (
    <>
      <ScaleChoice label="m axis" value={settings.values.xScale} onChange={settings.setter('xScale')} />
      <ScaleChoice label="Value axis" value={settings.values.yScale} onChange={settings.setter('yScale')} />
    </>
  ),
});
