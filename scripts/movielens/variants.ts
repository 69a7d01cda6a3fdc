/**
 * Readings of the corrections that the paper leaves open, as analytic expectations E[M̂(r̃)] over the sampling of
 * m items without replacement from each user's own n − 1 irrelevant items (src/core/law/, the law's rows):
 * - rank estimate (eq 20) dividing by m as printed, and by m + 1 (the paper's numbers match the latter);
 * - CLS and BV computed for one n for every user (n = 3,706, and the mean n) instead of each user's own n.
 */
import type { Metric, RankData } from '../../src/core/index.ts';
import { BULK_CUTOFF, correctionVectors, metricAtRank, samplingLaw } from '../../src/core/index.ts';
import { markdownTable, pct, printSection } from './markdown.ts';

/** Average over users of E[v(r̃) | r_u, n_u] for each vector-valued estimator `vectorOf(n)`[metric][r̃ − 1]. */
function expectedEstimate(
  data: RankData,
  metrics: readonly Metric[],
  sampleSize: number,
  vectorOf: (n: number) => Float64Array[],
): number[] {
  const row = samplingLaw('without-replacement').row(sampleSize, BULK_CUTOFF);
  const sums = new Float64Array(metrics.length);
  for (let u = 0; u < data.ranks.length; u++) {
    const n = data.itemCounts ? data.itemCounts[u] : 0;
    row.fill(data.ranks[u] - 1, n - 1);
    const vectors = vectorOf(n);
    for (let x = row.lo; x <= row.hi; x++) {
      for (let j = 0; j < metrics.length; j++) sums[j] += row.values[x] * vectors[j][x];
    }
  }
  return Array.from(sums, (s) => s / data.ranks.length);
}

/** M(⌊1 + (n − 1)(r̃ − 1)/divisor⌋) for r̃ = 1..m+1. */
function rankEstimate(metrics: readonly Metric[], n: number, sampleSize: number, divisor: number): Float64Array[] {
  return metrics.map((metric) =>
    Float64Array.from({ length: sampleSize + 1 }, (_, x) =>
      metricAtRank(metric, Math.floor(1 + ((n - 1) * x) / divisor), n),
    ),
  );
}

export function rankEstimateSection(recommenders: readonly RankData[], metrics: readonly Metric[], m: number): void {
  const rows = recommenders.flatMap((data) =>
    [m, m + 1].map((divisor) => {
      const values = expectedEstimate(data, metrics, m, (n) => rankEstimate(metrics, n, m, divisor));
      return [data.name, divisor === m ? 'm (eq 20)' : 'm + 1', ...values.map(pct)];
    }),
  );
  const title = `Rank estimate ⌊1 + (n − 1)(r̃ − 1)/divisor⌋, m = ${m}: expected value (%), analytic`;
  printSection(title, markdownTable(['', 'divisor', ...metrics.map((x) => x.id)], rows));
}

export function singleItemCountSection(recommenders: readonly RankData[], metrics: readonly Metric[], m: number): void {
  const counts = recommenders[0].itemCounts ?? new Int32Array(0);
  const mean = Math.round(counts.reduce((a, b) => a + b, 0) / counts.length);
  const methods = [
    { id: 'cls', method: 'cls' },
    { id: 'bv:1', method: 'bv', gamma: 1 },
    { id: 'bv:0.1', method: 'bv', gamma: 0.1 },
    { id: 'bv:0.01', method: 'bv', gamma: 0.01 },
  ] as const;
  const rows: string[][] = [];
  for (const itemCount of [3706, mean]) {
    const vectors = methods.map((variant) =>
      correctionVectors(metrics, { itemCount, sampleSize: m, sampling: 'without-replacement', ...variant }),
    );
    for (const data of recommenders) {
      const cells = methods.map((_, k) =>
        expectedEstimate(data, metrics, m, () => vectors[k])
          .map(pct)
          .join(' / '),
      );
      rows.push([data.name, String(itemCount), ...cells]);
    }
  }
  const header = [
    '',
    'n of the correction',
    ...methods.map((x) => `${x.id} (${metrics.map((t) => t.id).join(' / ')})`),
  ];
  const title = `CLS and BV computed for one n for every user (sampling still uses each user's n), m = ${m}, %`;
  printSection(title, markdownTable(header, rows));
}
