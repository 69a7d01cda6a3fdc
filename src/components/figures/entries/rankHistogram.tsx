import { recommenderStyle } from '../../../figures/palette.ts';
import { rankHistogramPlot } from '../../../figures/rankHistogramPlot.ts';
import { IntegerInput, ScaleChoice } from '../Controls.tsx';
import { figureEntry } from '../entry.ts';
import { needsTrueRanks, requestRecommenders, type RequestRecommender } from './common.ts';

interface RankHistogramRequest {
  readonly recommenders: readonly RequestRecommender[];
  readonly itemCount: number;
  readonly bucketWidth: number;
}

/** Figure 5: each recommender's predicted ranks in equal-width buckets (counted on the page: O(users)). */
export const rankHistogram = figureEntry<'fig5', RankHistogramRequest, RankHistogramRequest>({
  id: 'fig5',
  settings: 'fig5',
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
  problem: (inputs) => needsTrueRanks(inputs),
  request: (inputs, values) => ({
    recommenders: requestRecommenders(inputs.recommenders),
    itemCount: inputs.itemCount,
    bucketWidth: Math.min(values.bucketWidth, inputs.itemCount),
  }),
  compute: null,
  model: (request, _request, { values, width, recommenders }) =>
    rankHistogramPlot({
      recommenders: request.recommenders.map((r, i) => ({
        name: r.name,
        data: r.data,
        style: recommenderStyle(i, recommenders[i]?.color ?? null),
      })),
      itemCount: request.itemCount,
      bucketWidth: request.bucketWidth,
      yScale: values.yScale,
      width,
    }),
  controls: ({ inputs: { itemCount }, settings }) => (
    <>
      <IntegerInput
        label="Ranks per bucket"
        value={settings.values.bucketWidth}
        min={Math.max(1, Math.ceil(itemCount / 400))}
        max={itemCount}
        onChange={settings.setter('bucketWidth')}
        width="5rem"
      />
      <ScaleChoice label="Count axis" value={settings.values.yScale} onChange={settings.setter('yScale')} />
    </>
  ),
  paperData: true,
});
