import { proxy } from 'comlink';
import { distributionMethodIds, priorText } from '../../../core/index.ts';
import { learnedDistributionSettings } from '../../../figures/figureRegistry.ts';
import { fmtInt } from '../../../figures/labels.ts';
import { learnedDistributionPlot } from '../../../figures/learnedDistributionPlot.ts';
import { fanOut } from '../../../state/fanOut.ts';
import type { Progress } from '../../../state/jobRunner.ts';
import type { AsyncApi } from '../../../state/workerBridge.ts';
import type { DistributionCurves, DistributionCurvesRequest } from '../../../../workers/figures/distributionCurves.ts';
import { IntegerInput, ScaleChoice } from '../Controls.tsx';
import { figureEntry, type SecondChannel } from '../entry.ts';
import { SAMPLING_TEXT } from '../types.ts';
import { needsTrueRanks, requestData, type PageRequest, type RequestRecommender } from './common.ts';
import { withRankSources } from '../../../state/rankUpload.ts';

type LearnedDistributionRequest = PageRequest<DistributionCurvesRequest>;

/**
 * Fits the recommenders in two workers (the fits are independent; two cores; fanOut.ts): the first two on the
 * figure's channel, the third on its second, then merges. Each worker advances its recommenders one repetition at
 * a time; once both have reported a round, every new round is shown (`onPartial`) with what the other has so far.
 */
async function fitInTwoWorkers(
  api: AsyncApi,
  request: LearnedDistributionRequest,
  signal: AbortSignal,
  onProgress: Progress,
  second: SecondChannel,
  onPartial: (curves: DistributionCurves) => void,
): Promise<DistributionCurves> {
  const halves = [request.recommenders.slice(0, 2), request.recommenders.slice(2)].filter((h) => h.length > 0);
  const done = halves.map(() => 0);
  const latest: (DistributionCurves | null)[] = halves.map(() => null);
  const total = request.recommenders.length * request.repeats;
  // A half's latest round, then its result: the other half's rounds are shown with it.
  const fit = async (worker: AsyncApi, half: readonly RequestRecommender[], h: number) =>
    (latest[h] = await worker.distributionCurves(
      await withRankSources(worker, { ...request, recommenders: half }),
      proxy((d: number) => {
        done[h] = d;
        onProgress(
          done.reduce((a, b) => a + b, 0),
          total,
        );
      }),
      proxy((part: DistributionCurves) => {
        latest[h] = part;
        const parts = latest.filter((p) => p !== null);
        if (parts.length === halves.length) onPartial({ ...merge(parts), partial: true });
      }),
    ));
  const parts = await fanOut(
    [(task) => task(api), second],
    halves,
    (lane, half, h) => lane((worker) => fit(worker, half, h)),
    signal,
  );
  return merge(parts);
}

/** The halves' curves as one result, in the recommenders' order. */
function merge(parts: readonly DistributionCurves[]): DistributionCurves {
  return {
    methods: parts[0].methods,
    studies: parts.flatMap((p) => p.studies),
    userItemCounts: parts.flatMap((p) => p.userItemCounts),
  };
}

/** Figure 7 (Jin et al. 2021 Figure 2): learned P̂(R) and its CDF vs. the empirical P(R), per recommender. */
export const learnedDistribution = figureEntry<'fig7', LearnedDistributionRequest, DistributionCurves>({
  id: 'fig7',
  settings: learnedDistributionSettings,
  kind: 'figure',
  number: 'Figure 7',
  title: 'Learned rank distribution (Jin et al. 2021, Figure 2)',
  lede: ({ inputs, request }, curves) => {
    const ranges = (curves?.userItemCounts ?? []).filter((r) => r !== null);
    const taken = curves?.partial ? Math.min(...curves.studies.map((s) => s.repeats)) : null;
    const smallest = Math.min(...ranges.map((r) => r.smallest));
    const largest = Math.max(...ranges.map((r) => r.largest));
    return (
      <>
        Jin et al. estimate the whole rank distribution <i>P</i>(<i>R</i>) from sampled ranks (BV, MLE, weighted MLE,
        maximal entropy) and read any metric@K off it. Their figure averages 100 sampled evaluations with <i>m</i> = 99
        for <i>R</i> ≤ 200; here the first three recommenders, <i>m</i> of the settings unless set here, BV with the{' '}
        {priorText(inputs.prior)}, 10 repetitions by default (on MovieLens about a sixth of a second per recommender and
        repetition, five seconds for the defaults, computed in two workers and drawn from the first repetition on),{' '}
        {ranges.length > 0 ? (
          <>
            each user sampled and fitted with its own <i>n</i> ({fmtInt(smallest)}–{fmtInt(largest)}; one fit of the
            relative position shared by all users).
          </>
        ) : (
          <>
            every user fitted with <i>n</i> = {fmtInt(inputs.itemCount)}.
          </>
        )}
        {taken !== null && request ? (
          <>
            {' '}
            <strong>
              Drawn while the repetitions compute: {fmtInt(taken)} of {fmtInt(request.repeats)} done for every
              recommender so far.
            </strong>
          </>
        ) : null}
      </>
    );
  },
  shown: (inputs) => inputs.rankKind === 'true', // sampled ranks: recoveredDistribution.tsx
  problem: (inputs) => needsTrueRanks(inputs),
  request: (inputs, values) => {
    const { itemCount, sampling } = inputs;
    const m = values.sampleSize ?? inputs.sampleSize;
    return {
      ...requestData(inputs, inputs.recommenders.slice(0, 3)),
      methods: distributionMethodIds(), // Jin et al.'s estimators, as in their Figure 2: MLE, WMLE, MES, BV 0.1
      itemCount,
      sampleSize: sampling === 'without-replacement' ? Math.min(m, itemCount - 2) : m,
      sampling,
      repeats: values.repeats,
      seed: 1,
      maxRank: Math.min(values.maxRank, itemCount),
      prior: inputs.prior,
    };
  },
  compute: (api, request, signal, onProgress, second, onPartial) =>
    fitInTwoWorkers(api, request, signal, onProgress, second, onPartial),
  model: (curves, request, { values, width }) =>
    curves.studies.length > 0
      ? learnedDistributionPlot({
          curves,
          itemCount: request.itemCount,
          sampleSize: request.sampleSize,
          samplingLabel: SAMPLING_TEXT[request.sampling],
          xScale: values.xScale,
          yScale: values.yScale,
          width,
        })
      : null,
  controls: ({ inputs: { itemCount, sampleSize }, settings }) => {
    const set = settings.setter;
    return (
      <>
        <IntegerInput
          label="m"
          value={settings.values.sampleSize ?? sampleSize}
          min={1}
          max={Math.max(1, itemCount - 2)}
          onChange={(m) => set('sampleSize')(m === sampleSize ? null : m)}
        />
        <IntegerInput
          label="Repetitions"
          value={settings.values.repeats}
          min={1}
          max={1000}
          onChange={set('repeats')}
        />
        <IntegerInput
          label="R up to"
          value={settings.values.maxRank}
          min={10}
          max={itemCount}
          onChange={set('maxRank')}
        />
        <ScaleChoice label="R axis" value={settings.values.xScale} onChange={set('xScale')} />
        <ScaleChoice label="Value axis" value={settings.values.yScale} onChange={set('yScale')} />
      </>
    );
  },
});
