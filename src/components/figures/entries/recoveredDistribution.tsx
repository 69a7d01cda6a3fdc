import { proxy } from 'comlink';
import { distributionMethodIds, parseMethod } from '../../../core/index.ts';
import { BAND_LEVELS, recoveredDistributionSettings } from '../../../figures/figureRegistry.ts';
import { fmtInt } from '../../../figures/labels.ts';
import { recoveredDistributionPlot } from '../../../figures/recoveredDistributionPlot.ts';
import { recoveredMetricsTable } from '../../../figures/recoveredMetrics.ts';
import type { AsyncApi } from '../../../state/workerBridge.ts';
import type {
  RecoveredDistribution,
  RecoveredDistributionRequest,
  RecoveredEstimate,
} from '../../../../workers/figures/recoveredBands.ts';
import { Choice, IntegerInput, ScaleChoice } from '../Controls.tsx';
import { fanOut } from '../../../state/fanOut.ts';
import type { Progress } from '../../../state/jobRunner.ts';
import { figureEntry, type SecondChannel } from '../entry.ts';
import { SAMPLING_TEXT, type FigureInputs } from '../types.ts';
import { definedIds, needsRecommenders, priorPhrase, requestData, type PageRequest } from './common.ts';
import { withRankSources } from '../../../state/rankUpload.ts';

type RecoveredRequest = PageRequest<RecoveredDistributionRequest>;

/** Relative cost of one fit (MES's Newton steps cost about three EM fits on MovieLens). */
const cost = (method: string) => (parseMethod(method).kind === 'mes' ? 3 : 1);

/** The methods split in two halves of about equal cost (largest first, each to the lighter half). */
export function splitByCost(methods: readonly string[]): string[][] {
  const halves: string[][] = [[], []];
  const load = [0, 0];
  for (const m of [...methods].sort((a, b) => cost(b) - cost(a))) {
    const h = load[0] <= load[1] ? 0 : 1;
    halves[h].push(m);
    load[h] += cost(m);
  }
  return halves.filter((h) => h.length > 0);
}

/**
 * Fits the estimators in two workers (the figure's channel and its second; fanOut.ts), first on the users as they are
 * (shown at once through `onPartial`), then on B resamples of them for the bands: each worker bootstraps every
 * recommender with the same seed, so both see the same resamples of the users, and the halves merge in the request's
 * order.
 */
async function fitInTwoWorkers(
  api: AsyncApi,
  request: RecoveredRequest,
  signal: AbortSignal,
  onProgress: Progress,
  second: SecondChannel,
  onPartial: (result: RecoveredDistribution) => void,
): Promise<RecoveredDistribution> {
  const halves = splitByCost(request.methods);
  const weights = halves.map((h) => h.reduce((s, m) => s + cost(m), 0));
  const run = async (replicates: number) => {
    const done = halves.map(() => 0);
    const fit = async (worker: AsyncApi, methods: string[], h: number) =>
      worker.recoveredDistribution(
        await withRankSources(worker, { ...request, methods, replicates }),
        proxy((d: number, total: number) => {
          done[h] = total > 0 ? (weights[h] * d) / total : 0;
          onProgress(
            done.reduce((a, b) => a + b, 0),
            weights.reduce((a, b) => a + b, 0),
          );
        }),
      );
    const parts = await fanOut(
      [(task) => task(api), second],
      halves,
      (lane, methods, h) => lane((worker) => fit(worker, methods, h)),
      signal,
    );
    return merged(request.methods, halves, parts);
  };
  const point = await run(0);
  if (request.replicates === 0) return point;
  onPartial(point);
  return run(request.replicates);
}

/** AP@K under the reading chosen in Definitions (definedIds: `ap:ap-k`), for the metric@K read off P̂. */
function apReading(inputs: FigureInputs): { apVariant?: string } {
  const [ap] = definedIds(inputs, ['ap']);
  const colon = ap.indexOf(':');
  return colon < 0 ? {} : { apVariant: ap.slice(colon + 1) };
}

/** The results of the halves as one, the estimators in the request's order. */
function merged(
  methods: readonly string[],
  halves: readonly string[][],
  parts: readonly RecoveredDistribution[],
): RecoveredDistribution {
  const byMethod = (r: number) => {
    const found = new Map<string, RecoveredEstimate>();
    halves.forEach((half, h) => half.forEach((m, j) => found.set(m, parts[h].recommenders[r].estimates[j])));
    return methods.map((m) => found.get(m)!);
  };
  return {
    ...parts[0],
    methods: methods.map((m) => parseMethod(m).id),
    recommenders: parts[0].recommenders.map((rec, r) => ({ ...rec, estimates: byMethod(r) })),
  };
}

const LEVELS = BAND_LEVELS.map((level) => ({ value: String(level), label: `${100 * level}%` }));

/**
 * Jin et al.'s Figure 2 on the user's own sampled ranks (Figure 7's tab when the data are sampled ranks): P̂(R) and
 * its CDF per recommender and estimator with bootstrap bands over the users, and metric@K read off for any K.
 */
export const recoveredDistribution = figureEntry<'recovered', RecoveredRequest, RecoveredDistribution>({
  id: 'recovered',
  settings: recoveredDistributionSettings,
  kind: 'figure',
  number: 'Figure 7',
  title: 'Rank distribution recovered from these sampled ranks (Jin et al. 2021, Figure 2)',
  shown: (inputs) => inputs.rankKind === 'sampled',
  lede: ({ inputs, request }) => (
    <>
      Without true ranks there is no empirical <i>P</i>(<i>R</i>) to draw, but Jin et al.’s estimators recover it from
      the sampled ranks, and any metric@<i>K</i> is then read off it (eq 14). Here for the first three recommenders,
      with <i>m</i> = {fmtInt(inputs.sampleSize)} {SAMPLING_TEXT[inputs.sampling].replace(/^sampled /, '')}, BV with{' '}
      {priorPhrase(inputs.prior)}; each fit is repeated on {fmtInt(request?.replicates ?? 0)} resamples of the users for
      the bands (on MovieLens about a quarter of a second per resample, in two workers: fewer resamples give rougher
      bands sooner).
    </>
  ),
  problem: (inputs) => needsRecommenders(inputs),
  request: (inputs, values) => ({
    ...requestData(inputs, inputs.recommenders.slice(0, 3)),
    methods: distributionMethodIds(), // MLE, WMLE, MES, BV-dist: the estimators of Jin et al.'s Figure 2
    itemCount: inputs.itemCount,
    sampleSize: inputs.sampleSize,
    sampling: inputs.sampling,
    prior: inputs.prior,
    replicates: values.replicates,
    seed: 1,
    level: values.level,
    maxRank: Math.min(values.maxRank, inputs.itemCount),
    ...apReading(inputs),
  }),
  compute: (api, request, signal, onProgress, second, onPartial) =>
    fitInTwoWorkers(api, request, signal, onProgress, second, onPartial),
  model: (result, request, { values, width }) =>
    result.recommenders.length > 0
      ? recoveredDistributionPlot({
          result,
          itemCount: request.itemCount,
          sampleSize: request.sampleSize,
          samplingLabel: SAMPLING_TEXT[request.sampling],
          cutoff: values.cutoff,
          pendingReplicates: result.replicates < request.replicates ? request.replicates : 0,
          xScale: values.xScale,
          yScale: values.yScale,
          width,
        })
      : null,
  tables: (result, _request, { values }) =>
    result.recommenders.length > 0 ? [recoveredMetricsTable(result, values.cutoff)] : [],
  controls: ({ inputs: { itemCount }, settings }) => {
    const set = settings.setter;
    const { values } = settings;
    return (
      <>
        <IntegerInput
          label="K"
          value={Math.min(values.cutoff, values.maxRank)}
          min={1}
          max={values.maxRank}
          onChange={set('cutoff')}
        />
        <IntegerInput label="Resamples B" value={values.replicates} min={0} max={1000} onChange={set('replicates')} />
        <Choice
          label="Band"
          value={String(values.level)}
          options={LEVELS}
          onChange={(level) => set('level')(Number(level))}
        />
        <IntegerInput label="R up to" value={values.maxRank} min={10} max={itemCount} onChange={set('maxRank')} />
        <ScaleChoice label="R axis" value={values.xScale} onChange={set('xScale')} />
        <ScaleChoice label="Value axis" value={values.yScale} onChange={set('yScale')} />
      </>
    );
  },
});
