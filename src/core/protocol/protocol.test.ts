/**
 * Every protocol's law (instances.ts) against the literal simulator (literal.ts), which draws the candidate lists
 * item by item as the frameworks' code does: the expected sampled metric of the law (closed form, or the instances'
 * own Monte Carlo for the pooled layout) lies within 3 standard errors of the simulator's mean over T evaluations,
 * for every layout, both draws, uniform and popularity negatives and every preset, on users with one to four test
 * positives among their own n candidates.
 */
import { describe, expect, it } from 'vitest';
import { expectedOfInstances } from '../expected.ts';
import { parseMethod } from '../estimators.ts';
import { simulate } from '../simulate.ts';
import { parseMetricList } from '../metrics.ts';
import type { Metric } from '../metrics.ts';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { protocolInstances } from './instances.ts';
import type { LiteralUser } from './literal.ts';
import { literalEvaluation } from './literal.ts';
import { monteCarloExpectation } from './monteCarlo.ts';
import { PRESETS } from './presets.ts';
import type { Protocol } from './protocol.ts';
import { UNIFORM_PROTOCOL } from './protocol.ts';

/** Users with 1..4 positives among 60..260 candidates, top-heavy positives, Zipf-like popularity by item. */
function syntheticUsers(count: number, seed: number): LiteralUser[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => {
    const itemCount = 60 + random.nextInt(200);
    const k = 1 + random.nextInt(4);
    const positives = new Set<number>();
    while (positives.size < k) positives.add(1 + Math.floor(itemCount * random.next() ** 2));
    // Popularity of the item at each position: a random permutation of a Zipf profile (not aligned with the ranks).
    const popularity = Float64Array.from({ length: itemCount }, (_, s) => 1000 / (1 + s));
    for (let s = itemCount - 1; s > 0; s--) {
      const t = random.nextInt(s + 1);
      [popularity[s], popularity[t]] = [popularity[t], popularity[s]];
    }
    return { itemCount, positives: [...positives].sort((a, b) => a - b), popularity };
  });
}

/** The users as rank data (a user per instance, its own n) and each positive's share of the pool's mass^α above it. */
function asRankData(users: readonly LiteralUser[], alpha: number): { data: RankData; massAbove: Float64Array } {
  const offsets = new Int32Array(users.length + 1);
  users.forEach((u, i) => (offsets[i + 1] = offsets[i] + u.positives.length));
  const ranks = new Float64Array(offsets[users.length]);
  const massAbove = new Float64Array(ranks.length);
  users.forEach((u, i) => {
    const positive = new Set(u.positives);
    let total = 0;
    for (let s = 1; s <= u.itemCount; s++) if (!positive.has(s)) total += u.popularity![s - 1] ** alpha;
    u.positives.forEach((p, j) => {
      ranks[offsets[i] + j] = p;
      let above = 0;
      for (let s = 1; s < p; s++) if (!positive.has(s)) above += u.popularity![s - 1] ** alpha;
      massAbove[offsets[i] + j] = above / total;
    });
  });
  const data: RankData = {
    name: 'U',
    offsets,
    ranks,
    weights: new Float64Array(users.length).fill(1),
    itemCounts: Int32Array.from(users, (u) => u.itemCount),
  };
  return { data, massAbove };
}

const USERS = syntheticUsers(40, 11);
const REPEATS = 400;

/** The simulator's mean and standard error of each metric over REPEATS evaluations. */
function literal(protocol: Protocol, m: number, metrics: readonly Metric[], seed: number) {
  const random = createRandom(seed);
  const runs = Array.from({ length: REPEATS }, () => literalEvaluation(USERS, protocol, m, metrics, random));
  return metrics.map((_, t) => {
    const values = runs.map((r) => r[t]);
    const mean = values.reduce((s, v) => s + v, 0) / REPEATS;
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (REPEATS - 1));
    return { mean, se: sd / Math.sqrt(REPEATS) };
  });
}

function check(protocol: Protocol, m: number, metrics: readonly Metric[], seed: number): void {
  const { data, massAbove } = asRankData(USERS, protocol.alpha);
  const instances = protocolInstances(data, protocol, 0, m, protocol.negatives === 'popularity' ? massAbove : null);
  const law = instances.exact
    ? expectedOfInstances(instances, metrics, 0).map((s) => ({ mean: s.sampledMean, se: 0 }))
    : monteCarloExpectation(instances, metrics, REPEATS, seed + 1).map((s) => ({
        mean: s.sampledMean,
        se: s.sampledSe,
      }));
  const oracle = literal(protocol, m, metrics, seed);
  metrics.forEach((metric, t) => {
    const se = Math.hypot(law[t].se, oracle[t].se);
    const off = Math.abs(law[t].mean - oracle[t].mean);
    expect(off, `${metric.id}: law ${law[t].mean} against the simulator ${oracle[t].mean} ± ${se}`).toBeLessThan(
      3 * se + 1e-12,
    );
  });
}

const RANK_METRICS = parseMetricList('recall@5,ndcg@10,ap');
const WITH_AUC = parseMetricList('recall@5,ndcg@10,ap,auc');

describe('every protocol’s law agrees with the literal simulator (3 standard errors)', () => {
  const layouts: Protocol[] = [
    { ...UNIFORM_PROTOCOL },
    { ...UNIFORM_PROTOCOL, sampling: 'without-replacement' },
    { ...UNIFORM_PROTOCOL, layout: 'per-positive' },
    { ...UNIFORM_PROTOCOL, layout: 'per-positive', sampling: 'without-replacement', average: 'users' },
    { ...UNIFORM_PROTOCOL, layout: 'per-positive', sampling: 'without-replacement', positiveInPool: true },
    { ...UNIFORM_PROTOCOL, layout: 'fixed-total', candidates: 40 },
    { ...UNIFORM_PROTOCOL, layout: 'pooled' },
    { ...UNIFORM_PROTOCOL, negatives: 'popularity', alpha: 1 },
    { ...UNIFORM_PROTOCOL, negatives: 'popularity', alpha: 0.5, layout: 'per-positive' },
  ];
  layouts.forEach((protocol, c) => {
    const fixedLength = protocol.layout !== 'pooled' && !protocol.positiveInPool;
    it(`${JSON.stringify(protocol)}`, () => check(protocol, 20, fixedLength ? WITH_AUC : RANK_METRICS, 100 + c));
  });

  it('every preset but the pooled popularity one (whose collapse of repeats needs every item’s mass)', () => {
    for (const [p, preset] of PRESETS.entries()) {
      if (preset.protocol.layout === 'pooled' && preset.protocol.negatives === 'popularity') continue;
      // The presets' own m (DaisyRec's C of 1,000 exceeds these users' candidates: C = 40 instead).
      const protocol =
        preset.protocol.layout === 'fixed-total' ? { ...preset.protocol, candidates: 40 } : preset.protocol;
      check(protocol, Math.min(preset.sampleSize, 50), RANK_METRICS, 200 + p);
    }
  });
});

describe('the Monte Carlo study under a protocol', () => {
  const { data, massAbove } = asRankData(USERS, 1);
  const base = {
    recommenders: [{ ...data, massAbove: { byAlpha: new Map([[1, massAbove]]), any: null } }],
    itemCount: 300,
    sampleSize: 20,
    repetitions: 300,
    seed: 5,
  };
  const metrics = parseMetricList('recall@5,ndcg@10');

  it('draws each protocol’s lists: its mean is the expected sampled metric within 3 standard errors', () => {
    for (const protocol of [
      { ...UNIFORM_PROTOCOL, layout: 'per-positive' as const },
      { ...UNIFORM_PROTOCOL, negatives: 'popularity' as const },
      { ...UNIFORM_PROTOCOL, layout: 'fixed-total' as const, candidates: 40 },
    ]) {
      const { sampling, ...shape } = protocol;
      const study = simulate({ ...base, metrics, methods: [parseMethod('sampled')], sampling, protocol: shape });
      const instances = protocolInstances(base.recommenders[0], protocol, 0, 20, massAbove);
      const expected = expectedOfInstances(instances, metrics, 0);
      study.results.forEach((row, t) => {
        expect(Math.abs(row.mean - expected[t].sampledMean)).toBeLessThan(3 * (row.std / Math.sqrt(300)) + 1e-12);
        expect(row.exact).toBeCloseTo(expected[t].exact, 14);
      });
    }
  });

  it('offers the corrections and fits under the uniform per-positive layout only, and says why elsewhere', () => {
    const { sampling, ...pooled } = { ...UNIFORM_PROTOCOL, layout: 'pooled' as const };
    expect(() => simulate({ ...base, metrics, methods: [parseMethod('bv:0.1')], sampling, protocol: pooled })).toThrow(
      /bv:0\.1 is not offered under per positive, pooled per user/,
    );
    const perPositive = { ...pooled, layout: 'per-positive' as const };
    const study = simulate({
      ...base,
      repetitions: 20,
      metrics,
      methods: [parseMethod('bv:0.1')],
      sampling,
      protocol: perPositive,
    });
    expect(study.results).toHaveLength(metrics.length);
  });
});
