import { singleRankData, type TieRule } from '../../../core/index.ts';
import { rankHistogramSettings } from '../../../figures/figureRegistry.ts';
import { recommenderStyle } from '../../../figures/palette.ts';
import { autoBucketWidth, rankHistogramPlot } from '../../../figures/rankHistogramPlot.ts';
import { tieResolvedData } from '../../../state/definitions.ts';
import type { FigureSettingsHandle } from '../figureSettings.ts';
import type {
  RecoveredPopulation,
  RecoveredPopulationRequest,
} from '../../../../workers/figures/recoveredPopulation.ts';
import { IntegerInput, ScaleChoice } from '../Controls.tsx';
import { figureEntry } from '../entry.ts';
import { needsRecommenders, needsTrueRanks, requestData, type PageRequest, type RequestRecommender } from './common.ts';
import { withRankSources } from '../../../state/rankUpload.ts';

interface RankHistogramRequest {
  readonly recommenders: readonly RequestRecommender[];
  readonly itemCount: number;
  readonly bucketWidth: number;
  readonly ties?: TieRule;
}

/** Figure 5: each recommender's predicted ranks in equal-width buckets (counted on the page: O(users)). */
export const rankHistogram = figureEntry<'fig5', RankHistogramRequest, RankHistogramRequest>({
  id: 'fig5',
  settings: rankHistogramSettings,
  kind: 'figure',
  number: 'Figure 5',
  title: 'Distribution of predicted ranks',
  lede: () => (
    <>
      Where each recommender puts the relevant items: counts per bucket of ranks. The paper’s recommenders differ in
      shape — Z best in the top 10 but with many items in the worst bucket, X more balanced — which is what makes their
      sampled metrics disagree with the exact ones.
    </>
  ),
  shown: (inputs) => inputs.rankKind === 'true', // sampled ranks: recoveredHistogram below
  problem: (inputs) => needsTrueRanks(inputs),
  request: (inputs, values) => ({
    ...requestData(inputs, inputs.recommenders),
    itemCount: inputs.itemCount,
    bucketWidth: bucketWidthOf(values.bucketWidth, inputs.itemCount),
  }),
  compute: null,
  model: (request, _request, { values, width, recommenders }) =>
    rankHistogramPlot({
      recommenders: request.recommenders.map((r, i) => ({
        name: r.name,
        // Random ties stay as ranges: the histogram spreads each over its buckets (randomTies), not per position.
        data: tieResolvedData(r.data, request.ties),
        style: recommenderStyle(i, recommenders[i]?.color ?? null),
      })),
      itemCount: request.itemCount,
      bucketWidth: request.bucketWidth,
      randomTies: request.ties === 'random',
      yScale: values.yScale,
      width,
    }),
  controls: ({ inputs: { itemCount }, settings }) => <HistogramControls itemCount={itemCount} settings={settings} />,
  paperData: true,
});

/** The ranks per bucket: the reader's choice (at most n), or one that adapts to n (about 50–100 bars). */
function bucketWidthOf(chosen: number | null, itemCount: number): number {
  return Math.min(chosen ?? autoBucketWidth(itemCount), itemCount);
}

function HistogramControls({ itemCount, settings }: { itemCount: number; settings: FigureSettingsHandle<'fig5'> }) {
  const auto = autoBucketWidth(itemCount);
  return (
    <>
      <IntegerInput
        label="Ranks per bucket"
        value={bucketWidthOf(settings.values.bucketWidth, itemCount)}
        min={Math.max(1, Math.ceil(itemCount / 400))}
        max={itemCount}
        onChange={(width) => settings.setter('bucketWidth')(width === auto ? null : width)}
        width="5rem"
      />
      <ScaleChoice label="Count axis" value={settings.values.yScale} onChange={settings.setter('yScale')} />
    </>
  );
}

/**
 * Figure 5 for sampled ranks: the same buckets over the rank distribution P̂ recovered by MLE from the sampled
 * ranks (expected counts: users × P̂'s mass in each bucket), fitted in the worker.
 */
export const recoveredHistogram = figureEntry<'fig5', PageRequest<RecoveredPopulationRequest>, RecoveredPopulation>({
  id: 'fig5-recovered',
  settings: rankHistogramSettings,
  kind: 'figure',
  number: 'Figure 5',
  title: 'Distribution of true ranks, recovered from the sampled ranks',
  shown: (inputs) => inputs.rankKind === 'sampled',
  lede: () => (
    <>
      Where each recommender puts the relevant items among all items. The data hold sampled ranks only, so the bars are
      the rank distribution <i>P̂</i>(<i>R</i>) recovered by maximum likelihood (Jin et al. 2021) from them, as expected
      numbers of users per bucket. The paper’s recommenders differ in shape — Z best in the top 10 but with many items
      in the worst bucket, X more balanced — which is what makes their sampled metrics disagree with the exact ones.
    </>
  ),
  problem: (inputs) => needsRecommenders(inputs),
  request: (inputs) => ({
    ...requestData(inputs, inputs.recommenders),
    method: 'mle',
    seed: 1,
    itemCount: inputs.itemCount,
    sampleSize: inputs.sampleSize,
    sampling: inputs.sampling, // MLE: no prior
  }),
  compute: async (api, request) => api.recoveredPopulation(await withRankSources(api, request)),
  model: (result, request, { values, width, recommenders }) =>
    rankHistogramPlot({
      recommenders: request.recommenders.map((r, i) => {
        const p = result.distributions[i];
        const ranks = Float64Array.from(p, (_, R0) => R0 + 1);
        return {
          name: r.name,
          data: singleRankData(
            r.name,
            ranks,
            Float64Array.from(p, (q) => q * result.users[i]),
          ),
          style: recommenderStyle(i, recommenders[i]?.color ?? null),
        };
      }),
      itemCount: request.itemCount,
      bucketWidth: bucketWidthOf(values.bucketWidth, request.itemCount),
      yScale: values.yScale,
      width,
      recoveredBy: 'MLE',
    }),
  controls: ({ inputs: { itemCount }, settings }) => <HistogramControls itemCount={itemCount} settings={settings} />,
  paperData: true,
});
