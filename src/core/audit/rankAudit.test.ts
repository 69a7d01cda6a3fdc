/**
 * The rank audit: NCF's own shipped negatives pass under NCF's protocol; a correct sampler passes at the stated
 * false-alarm rate over repeated seeds; samplers with a planted defect — WarpRec's smallest-ids rule, training items
 * leaking into the pool, popularity instead of uniform — are flagged.
 */
import { describe, expect, it } from 'vitest';
import { movielensTrueRanks, ncfSampledRanks, NCF_SAMPLED_SETUP } from '../../../test/movielens.ts';
import { protocolInstances } from '../protocol/instances.ts';
import { presetOf } from '../protocol/presets.ts';
import type { Protocol } from '../protocol/protocol.ts';
import { UNIFORM_PROTOCOL } from '../protocol/protocol.ts';
import type { RandomSource } from '../random.ts';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { singleRankData } from '../rankData.ts';
import { auditRanks } from './rankAudit.ts';

describe('the audit of sampled ranks against their protocol', () => {
  it('passes NCF’s own negatives under NCF’s protocol, and flags them under another', () => {
    const truth = movielensTrueRanks();
    const sampled = ncfSampledRanks('without-replacement');
    const ncf = presetOf('ncf');
    for (let r = 0; r < 3; r++) {
      const instances = protocolInstances(truth[r], ncf.protocol, NCF_SAMPLED_SETUP.itemCount, ncf.sampleSize);
      const audit = auditRanks(instances, sampled[r], createRandom(r + 1));
      expect(audit.instances).toBe(6040);
      expect(audit.pValue, `${truth[r].name}: p = ${audit.pValue}`).toBeGreaterThan(0.01);
    }
    // Under m = 50 some of the same ranks cannot happen at all (more negatives above than were drawn).
    const half = protocolInstances(truth[0], ncf.protocol, NCF_SAMPLED_SETUP.itemCount, 50);
    const wrong = auditRanks(half, sampled[0], createRandom(9));
    expect(wrong.impossible).toBeGreaterThan(0);
    expect(wrong.pValue).toBe(0);
  });

  /** Users with one positive each at top-heavy true ranks among their own n, and the sampler's sampled ranks. */
  function study(sampler: (random: RandomSource, rank: number, n: number) => number, seed: number, users = 2000) {
    const random = createRandom(seed);
    const ranks: number[] = [];
    const itemCounts: number[] = [];
    const sampledRanks: number[] = [];
    for (let u = 0; u < users; u++) {
      const n = 500 + random.nextInt(1000);
      const rank = 1 + Math.floor(n * random.next() ** 3);
      ranks.push(rank);
      itemCounts.push(n);
      sampledRanks.push(sampler(random, rank, n));
    }
    return { truth: singleRankData('S', ranks, null, itemCounts), sampled: singleRankData('S', sampledRanks) };
  }

  const M = 50;
  const protocol: Protocol = { ...UNIFORM_PROTOCOL, sampling: 'without-replacement' };
  const audit = (truth: RankData, sampled: RankData, seed: number) =>
    auditRanks(protocolInstances(truth, protocol, 0, M), sampled, createRandom(seed)).pValue;

  /** Draws M distinct items of `pool` (positions 1..n but the positive), by `pick`, and counts those above it. */
  function distinctAbove(random: RandomSource, rank: number, pick: () => number): number {
    const drawn = new Set<number>();
    while (drawn.size < M) {
      const item = pick();
      if (item !== rank) drawn.add(item);
    }
    let above = 0;
    for (const item of drawn) if (item < rank) above++;
    return 1 + above;
  }

  const correct = (random: RandomSource, rank: number, n: number) =>
    distinctAbove(random, rank, () => 1 + random.nextInt(n));

  it('passes a correct sampler at its false-alarm rate (200 seeds: at most 20 of them below 0.05)', () => {
    let alarms = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { truth, sampled } = study(correct, seed, 300);
      if (audit(truth, sampled, seed) < 0.05) alarms++;
    }
    // 5% of 200 is 10; 20 or more has probability below 0.2% under a correct audit.
    expect(alarms).toBeLessThan(20);
  });

  it('flags WarpRec’s rule (the m smallest distinct ids of 2m draws), ids following the ranking', () => {
    // Item ids ordered as the model scores them (popular items get small ids and high scores: a common case).
    const warprec = (random: RandomSource, rank: number, n: number) => {
      const ids = new Set<number>();
      for (let t = 0; t < 2 * M; t++) {
        const id = 1 + random.nextInt(n);
        if (id !== rank) ids.add(id);
      }
      const kept = [...ids].sort((a, b) => a - b).slice(0, M);
      while (kept.length < M) {
        const id = 1 + random.nextInt(n);
        if (id !== rank && !kept.includes(id)) kept.push(id);
      }
      return 1 + kept.filter((id) => id < rank).length;
    };
    const { truth, sampled } = study(warprec, 3);
    expect(audit(truth, sampled, 3)).toBeLessThan(1e-6);
  });

  it('flags training items leaking into the pool (scored above the positive)', () => {
    // The user's 100 training items, which the model scores highest, drawn as negatives too.
    const leaky = (random: RandomSource, rank: number, n: number) => {
      const drawn = new Set<number>();
      while (drawn.size < M) {
        const item = random.nextInt(n + 100) - 100;
        if (item !== rank) drawn.add(item);
      }
      return 1 + [...drawn].filter((item) => item < rank).length;
    };
    const { truth, sampled } = study(leaky, 4);
    expect(audit(truth, sampled, 4)).toBeLessThan(1e-6);
    const result = auditRanks(protocolInstances(truth, protocol, 0, M), sampled, createRandom(4));
    // A positive at rank 1 with leaked items above it: a rank the law cannot give.
    expect(result.impossible).toBeGreaterThan(0);
  });

  it('flags popularity sampling where uniform was meant (popularity falling with the rank)', () => {
    const popular = (random: RandomSource, rank: number, n: number) =>
      distinctAbove(random, rank, () => 1 + Math.floor(n * random.next() ** 1.5));
    const { truth, sampled } = study(popular, 5);
    expect(audit(truth, sampled, 5)).toBeLessThan(1e-6);
  });

  it('names the true-rank ranges and users that depart most', () => {
    const { truth, sampled } = study(correct, 6);
    const result = auditRanks(protocolInstances(truth, protocol, 0, M), sampled, createRandom(6));
    expect(result.ranges.length).toBe(5);
    expect(result.worst.length).toBe(10);
    expect(result.histogram.reduce((s, c) => s + c, 0)).toBe(2000);
    expect(result.worst[0].tail).toBeLessThanOrEqual(result.worst[9].tail);
  });
});
