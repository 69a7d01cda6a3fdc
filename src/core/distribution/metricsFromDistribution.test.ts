import { afterEach, describe, expect, it } from 'vitest';
import { allowWasmWindows } from '../wasm/windows.ts';
import { parseMetricList } from '../metrics.ts';
import { pushForward } from './kernels/rankMap.ts';
import { rankBins } from './kernels/bins.ts';
import {
  binnedMetric,
  MetricTables,
  metricFromDistribution,
  sharedDistributionMetrics,
} from './metricsFromDistribution.ts';

const N = 300;
const metrics = parseMetricList('ap,ndcg,recall@10,auc');

/** eq 14 group by group: each group's P̂_g = A_g π̂ over its own ranks, its metric, mixed by weight. */
function direct(relative: Float64Array, groups: { itemCount: number; weight: number }[]): number[] {
  const total = groups.reduce((s, g) => s + g.weight, 0);
  return metrics.map((metric) =>
    groups.reduce((sum, g) => {
      const own = pushForward(relative, N, g.itemCount, new Float64Array(g.itemCount));
      return sum + (g.weight / total) * metricFromDistribution(metric, own, g.itemCount);
    }, 0),
  );
}

const distribution = (seed: number) => {
  const p = Float64Array.from({ length: N }, (_, r) => Math.exp(-r / (30 + seed)) * (1 + 0.5 * Math.sin(seed * r)));
  const s = p.reduce((a, b) => a + b, 0);
  return p.map((v) => v / s);
};

afterEach(() => {
  allowWasmWindows(true);
});

describe('sharedDistributionMetrics (eq 14 over shared π̂)', () => {
  it('is the group-by-group mixture, also when the next call has the same groups (their mixed table is reused)', () => {
    const groups = [
      { itemCount: 120, weight: 3 },
      { itemCount: 200, weight: 1 },
      { itemCount: 300, weight: 2 },
    ];
    const kept = new MetricTables();
    for (const [seed, gs] of [
      [1, groups],
      [2, groups], // same groups: the mixed tables of the previous call
      [3, groups.map((g, k) => ({ ...g, weight: g.weight + k }))], // other weights
      [4, [...groups, { itemCount: 150, weight: 5 }]], // another group
      [5, groups], // the first groups again: their mixture kept from three calls before
    ] as const) {
      const relative = distribution(seed);
      const got = sharedDistributionMetrics(relative, N, gs, metrics, kept);
      direct(relative, [...gs]).forEach((v, j) => expect(Math.abs(got[j] - v)).toBeLessThan(1e-14));
    }
  });

  it('stays right past the mixtures a metric keeps (the oldest dropped, made again when asked for)', () => {
    const relative = distribution(7);
    const groupsOf = (k: number) => [
      { itemCount: 100, weight: 1 + k },
      { itemCount: 250, weight: 2 },
    ];
    const kept = new MetricTables();
    const first = sharedDistributionMetrics(relative, N, groupsOf(0), metrics, kept);
    for (let k = 1; k <= 300; k++) sharedDistributionMetrics(relative, N, groupsOf(k), metrics, kept);
    expect(sharedDistributionMetrics(relative, N, groupsOf(0), metrics, kept)).toEqual(first);
    direct(relative, groupsOf(0)).forEach((v, j) => expect(Math.abs(first[j] - v)).toBeLessThan(1e-14));
    const last = sharedDistributionMetrics(relative, N, groupsOf(300), metrics, kept);
    direct(relative, groupsOf(300)).forEach((v, j) => expect(Math.abs(last[j] - v)).toBeLessThan(1e-14));
  });

  it('mixes the tables in WebAssembly and in JavaScript to the same numbers, bit for bit', () => {
    const groups = [
      { itemCount: 90, weight: 2 },
      { itemCount: 170, weight: 7 },
      { itemCount: 260, weight: 1 },
      { itemCount: 300, weight: 4 },
    ];
    const relative = distribution(6);
    allowWasmWindows(true);
    const wasm = sharedDistributionMetrics(relative, N, groups, metrics, new MetricTables());
    allowWasmWindows(false);
    const js = sharedDistributionMetrics(relative, N, groups, metrics, new MetricTables());
    expect(js).toEqual(wasm);
    direct(relative, groups).forEach((v, j) => expect(Math.abs(js[j] - v)).toBeLessThan(1e-14));
  });
});

describe('binnedMetric', () => {
  it('is eq 14 on the P̂ spread evenly within the bins, cut-offs inside a bin included', () => {
    const n = 5000;
    const starts = rankBins(n, 100, 0.05);
    // A cut-off that falls inside a bin of several ranks.
    const inside = starts.findIndex((s, b) => starts[b + 1] - s > 3);
    const cut = starts[inside] + 2;
    const mass = Float64Array.from({ length: starts.length - 1 }, (_, b) => 1 / (1 + b) ** 1.5);
    const total = mass.reduce((s, v) => s + v, 0);
    mass.forEach((v, b) => (mass[b] = v / total));
    const spread = new Float64Array(n);
    for (let b = 0; b < mass.length; b++) spread.fill(mass[b] / (starts[b + 1] - starts[b]), starts[b], starts[b + 1]);
    for (const metric of parseMetricList(`auc,ap,ndcg,recall@10,ndcg@${cut},precision@${cut},ap@${cut + 1}`)) {
      const want = metricFromDistribution(metric, spread, n);
      expect(Math.abs(binnedMetric(metric, starts, mass) - want)).toBeLessThanOrEqual(1e-15 * want);
    }
  });
});
