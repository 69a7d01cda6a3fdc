/**
 * Figure 2's sweep over m with the sampled metric's short forms (core expectedAtRank.ts, the default) against the
 * sum over the whole law of r̃ (`exactSampled`): the same ordering changes at the same m, on Krichene & Rendle's
 * toy example (Table 1, n = 10⁴) and on three synthetic recommenders with 10⁴ distinct ranks each (n = 10⁵), and
 * values within 1e-12 relative. Ties ("A = B") are compared only with replacement: without replacement at m near n
 * both recommenders' values fall below 1e-16 and the reference, whose rows drop terms under 1e-16 of the mode,
 * declares them tied at 0 earlier than the short forms, which keep those terms.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import type { Sampling } from '../../src/core/index.ts';
import { createRandom, singleRankData } from '../../src/core/index.ts';
import { sweepSampleSizes } from './sweep.ts';

const TOY = [
  singleRankData('A', [100, 100, 100, 100, 100]),
  singleRankData('B', [40, 40, 8437, 9266, 4482]),
  singleRankData('C', [212, 2, 743, 5342, 1548]),
];

/** Three recommenders shaped like the paper's X, Y, Z (bench/figures.ts), `users` ranks each among n. */
function synthetic(n: number, users: number) {
  const random = createRandom(7);
  const draw = [
    (u: number) => Math.ceil(n * u ** 2.5),
    (u: number) => Math.ceil(n ** u),
    (u: number) => Math.ceil(n * u),
  ];
  return ['X', 'Y', 'Z'].map((name, k) =>
    singleRankData(
      name,
      Array.from({ length: users }, () => Math.max(1, draw[k](random.next()))),
    ),
  );
}

const METRICS = ['auc', 'ap', 'recall@10', 'ndcg@10', 'ap@5'];

describe.each<Sampling>(['with-replacement', 'without-replacement'])('sweep short forms, %s', (sampling) => {
  it.each([
    ['the toy example', TOY, 10_000],
    ['10⁴ distinct ranks per recommender', synthetic(100_000, 12_000), 100_000],
  ] as const)(
    '%s: same change points and values as the sum over the law',
    (_, recommenders, itemCount) => {
      const request = { recommenders, metrics: METRICS, methods: ['sampled'], itemCount, sampling, points: 24 };
      const fast = sweepSampleSizes(request);
      const exact = sweepSampleSizes({ ...request, exactSampled: true });
      expect(fast.changes.length).toBeGreaterThan(0);
      const kept = (c: { kind: string }) => sampling === 'with-replacement' || c.kind !== 'tie';
      expect(fast.changes.filter(kept)).toEqual(exact.changes.filter(kept));
      expect(fast.consistency).toEqual(exact.consistency);
      fast.series.forEach((series, s) =>
        series.values.forEach((row, r) =>
          row.forEach((v, i) => {
            const want = exact.series[s].values[r][i];
            const label = `${series.metric} m = ${series.sampleSizes[i]}`;
            expectClose(v, want, 1e-12 * Math.max(Math.abs(want), 1e-4), label);
          }),
        ),
      );
    },
    120_000,
  );
});
