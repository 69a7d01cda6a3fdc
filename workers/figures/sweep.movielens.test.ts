/**
 * Figure 6 (the corrected sweep, workers/figures/sweep.ts) without replacement on the shipped MovieLens-1M true ranks
 * draws only values within the metric's range (issue 35). BV γ = 0.1 is a weighted sum of the corrected vector's
 * entries; before the corrections checked their compressed system (core corrections/conditioning.ts), the sweep with
 * one n = 3,706 up to m = 1,000 drew −3.8e86 (the compressed right-hand side has no digit left beyond m ≈ 4.5√n = 274).
 */
import { describe, expect, it } from 'vitest';
import { movielensTrueRanks } from '../../test/movielens.ts';
import { sweepSampleSizes, type SweepRequest } from './sweep.ts';

const recommenders = movielensTrueRanks();
const base: SweepRequest = {
  recommenders,
  metrics: ['recall@10'],
  methods: ['sampled', 'bv:0.1'],
  itemCount: 3706,
  sampling: 'without-replacement',
};

/** Every value of every series, and the smallest m from which BV orders X, Y, Z correctly. */
function drawn(request: SweepRequest) {
  const result = sweepSampleSizes(request);
  const values = result.series.flatMap((s) => s.values.flat());
  const bv = result.consistency.find((c) => c.method === 'bv:0.1');
  return { result, values, bvFrom: bv?.sampleSize ?? null, largest: bv?.largest };
}

describe('Figure 6 without replacement on MovieLens-1M (recall@10, BV γ = 0.1)', () => {
  it("as the app asks for it (each user's n, corrections up to m = 139): every value within [0, 1]", () => {
    // correctedSweep.tsx's correctedLimit: a tenth of the smallest n (1,393) with 743 distinct n.
    const { values, bvFrom, largest } = drawn({ ...base, points: 40, correctedLimit: 139 });
    expect(largest).toBe(139);
    expect(values.filter((v) => !(v >= 0 && v <= 1))).toEqual([]);
    // The paper (section 6.3): BV with γ = 0.1 orders X, Y and Z correctly with fewer than 60 items.
    expect(bvFrom).not.toBeNull();
    expect(bvFrom!).toBeLessThan(60);
  });

  it('corrected for the global n = 3,706 up to m = 1,000 (beyond 4.5√n: the exact-row system): every value within [0, 1]', () => {
    const { values, bvFrom, largest } = drawn({ ...base, points: 24, correctedLimit: 1000, globalCorrection: true });
    expect(largest).toBe(1000);
    expect(values.filter((v) => !(v >= 0 && v <= 1))).toEqual([]);
    expect(bvFrom).not.toBeNull();
    expect(bvFrom!).toBeLessThan(60);
  });
});
