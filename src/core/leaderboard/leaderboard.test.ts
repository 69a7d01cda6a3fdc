import { describe, expect, test } from 'vitest';
import occupancy from '../../../test/fixtures/pooled-occupancy.json' with { type: 'json' };
import { expectedMetricsTable } from '../expectedTable.ts';
import { parseMetricList } from '../metrics.ts';
import { protocolInstances } from '../protocol/instances.ts';
import { monteCarloValues } from '../protocol/monteCarlo.ts';
import { protocolOf } from '../protocol/protocol.ts';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { massAboveOf, singleRankData } from '../rankData.ts';
import { parseMethod } from '../estimators.ts';
import { leaderboardProtocolOf, leaderboards } from './leaderboard.ts';
import { sampledValues } from './sampledValues.ts';
import { distinctHitsLaw, truncatedLaws } from './truncatedLaws.ts';

const N = 400;

/** Users' ranks from a seeded law that puts recommender q's relevant item higher the larger its skill. */
function recommender(name: string, skill: number, users: number, seed: number): RankData {
  const random = createRandom(seed);
  const ranks = Array.from({ length: users }, () => 1 + Math.floor(N * random.next() ** (1 + skill)));
  const data = singleRankData(name, ranks);
  // Popularity shares above each item: the share of ranks above, bent (a popular top).
  const share = Float64Array.from(ranks, (r) => ((r - 1) / (N - 1)) ** 0.6);
  return { ...data, massAbove: { byAlpha: new Map([[1, share]]), any: null } };
}

const RECS = [
  recommender('A', 3, 300, 1),
  recommender('B', 2.4, 300, 2),
  recommender('C', 2.2, 300, 3),
  recommender('D', 1.5, 300, 4),
  recommender('E', 0.5, 300, 5),
];
const METRICS = parseMetricList('recall@10,ndcg@10');

describe('the pooled layout: distinct items hit', () => {
  test('the law equals inclusion–exclusion in exact rational arithmetic', () => {
    for (const c of occupancy.cases) {
      const out = new Float64Array(c.limit);
      distinctHitsLaw(c.above, c.pool, c.draws, out);
      c.law.forEach((p, x) => expect(Math.abs(out[x] - p)).toBeLessThan(1e-14));
    }
  });
});

describe('sampledValues', () => {
  for (const id of ['krichene-rendle', 'ncf', 'elliot', 'rechorus', 'daisyrec', 'recbole-pop']) {
    test(`${id}: the truncated law's expectation equals expectedMetricsTable's`, () => {
      const p = leaderboardProtocolOf(id);
      const m = 50;
      const shape = p.shape.layout === 'fixed-total' ? { ...p.shape, candidates: m + 1 } : p.shape;
      const table = expectedMetricsTable(RECS, METRICS, {
        itemCount: N,
        sampleSize: m,
        sampling: p.sampling,
        protocol: shape,
      });
      RECS.forEach((data, ri) => {
        const protocol = protocolOf(p.sampling, shape);
        const instances = protocolInstances(data, protocol, N, m, massAboveOf(data, protocol.alpha));
        expect(truncatedLaws(instances, N, 10)).not.toBeNull();
        const v = sampledValues({
          data,
          instances,
          itemCount: N,
          sampleSize: m,
          sampling: p.sampling,
          shape,
          metrics: METRICS,
          repetitions: 0,
          random: createRandom(1),
        });
        v.expected.forEach((e, t) => {
          if (table[ri][t].sampledSe !== undefined) {
            // recbole-pop is the pooled layout: its table is a Monte Carlo mean; ours is exact (Binomial(k·m, q)).
            expect(Math.abs(e - table[ri][t].sampledMean)).toBeLessThan(4 * table[ri][t].sampledSe! + 1e-12);
          } else expect(e).toBeCloseTo(table[ri][t].sampledMean, 12);
        });
      });
    });
  }
  test('recbole-uni (pooled, uniform): the chain expectation lies within 4 standard errors of the literal draws', () => {
    const p = leaderboardProtocolOf('recbole-uni');
    const m = 100;
    const protocol = protocolOf(p.sampling, p.shape);
    for (const data of RECS.slice(0, 3)) {
      const instances = protocolInstances(data, protocol, N, m);
      const v = sampledValues({
        data,
        instances,
        itemCount: N,
        sampleSize: m,
        sampling: p.sampling,
        shape: p.shape,
        metrics: METRICS,
        repetitions: 0,
        random: createRandom(1),
      });
      const literal = monteCarloValues(instances, METRICS, 200, createRandom(9));
      literal.forEach((values, t) => {
        const mean = values.reduce((s, x) => s + x, 0) / values.length;
        const sd = Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / (values.length - 1));
        expect(Math.abs(v.expected[t] - mean)).toBeLessThan((4 * sd) / Math.sqrt(values.length));
      });
    }
  });
  test('the drawn evaluations have the expectation and the spread of the protocol’s own draws', () => {
    const p = leaderboardProtocolOf('ncf');
    const protocol = protocolOf(p.sampling, p.shape);
    const data = RECS[1];
    const instances = protocolInstances(data, protocol, N, 30);
    const T = 600;
    const fast = sampledValues({
      data,
      instances,
      itemCount: N,
      sampleSize: 30,
      sampling: p.sampling,
      shape: p.shape,
      metrics: METRICS,
      repetitions: T,
      random: createRandom(4),
    });
    const slow = monteCarloValues(instances, METRICS, T, createRandom(5));
    const stats = (v: Float64Array) => {
      const mean = v.reduce((s, x) => s + x, 0) / v.length;
      return { mean, sd: Math.sqrt(v.reduce((s, x) => s + (x - mean) ** 2, 0) / (v.length - 1)) };
    };
    METRICS.forEach((_, t) => {
      const a = stats(fast.evaluations[t]);
      const b = stats(slow[t]);
      expect(Math.abs(a.mean - fast.expected[t])).toBeLessThan((4 * a.sd) / Math.sqrt(T));
      expect(Math.abs(a.mean - b.mean)).toBeLessThan((5 * Math.hypot(a.sd, b.sd)) / Math.sqrt(T));
      expect(a.sd / b.sd).toBeGreaterThan(0.85);
      expect(a.sd / b.sd).toBeLessThan(1.15);
    });
  });
});

describe('leaderboards', () => {
  const protocols = ['krichene-rendle', 'elliot', 'recbole-uni'].map(leaderboardProtocolOf);

  test('fewer than 3 recommenders are refused by name', () => {
    expect(() =>
      leaderboards({ recommenders: RECS.slice(0, 2), itemCount: N, metrics: METRICS, protocols, sampleSizes: [10] }),
    ).toThrow('a leaderboard needs at least 3 recommenders; the data have 2 (A, B)');
  });

  test('without replacement at m = n − 1 every evaluation is the full ranking: every leaderboard is the exact one', () => {
    const result = leaderboards({
      recommenders: RECS,
      itemCount: N,
      metrics: METRICS,
      protocols: [leaderboardProtocolOf('elliot')],
      sampleSizes: [N - 1],
      repetitions: 50,
    });
    for (const row of result.rows) {
      expect(row.inversions).toBe(0);
      expect(row.kendall).toBe(1);
      expect(row.pExact).toBe(1);
      expect(row.meanAgreement!.inversions).toBe(0);
      expect(row.flips!.flat().every((f) => f === 0)).toBe(true);
    }
    expect(result.exact[0].order).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  test('agreement grows with m (the expected leaderboard; one evaluation reproduces it more often)', () => {
    const result = leaderboards({
      recommenders: RECS,
      itemCount: N,
      metrics: METRICS,
      protocols: [leaderboardProtocolOf('krichene-rendle')],
      sampleSizes: [5, 20, 300],
      repetitions: 300,
    });
    const rows = result.rows.filter((r) => r.metric === 'recall@10');
    expect(rows.map((r) => r.m)).toEqual([5, 20, 300]);
    expect(rows[2].pExact!).toBeGreaterThan(rows[1].pExact!);
    expect(rows[2].meanAgreement!.kendall).toBeGreaterThan(rows[1].meanAgreement!.kendall);
    // At m = 5 every list is shorter than 10: Recall@10 is 1 for everyone, a leaderboard of ties that reproduces
    // nothing and correlates with nothing (NaN in the expectation, 0 in the means).
    expect(rows[0].values).toEqual([1, 1, 1, 1, 1]);
    expect(rows[0].kendall).toBeNaN();
    expect(rows[0].pExact).toBe(0);
    expect(rows[0].meanAgreement!.kendall).toBe(0);
  });

  test('pExact equals the share found from the protocol’s own literal draws (within 4 standard errors)', () => {
    const T = 400;
    const p = leaderboardProtocolOf('recbole-uni');
    const result = leaderboards({
      recommenders: RECS,
      itemCount: N,
      metrics: METRICS,
      protocols: [p],
      sampleSizes: [20],
      repetitions: T,
      seed: 3,
    });
    const row = result.rows.find((r) => r.metric === 'recall@10')!;
    const protocol = protocolOf(p.sampling, p.shape);
    const draws = RECS.map(
      (data, ri) =>
        monteCarloValues(protocolInstances(data, protocol, N, 20), METRICS.slice(0, 1), T, createRandom(100 + ri))[0],
    );
    const exact = result.exact.find((e) => e.metric === 'recall@10')!.values;
    let same = 0;
    for (let t = 0; t < T; t++) {
      const values = draws.map((d) => d[t]);
      const order = values.map((_, i) => i).sort((i, j) => values[j] - values[i]);
      const exactOrder = exact.map((_, i) => i).sort((i, j) => exact[j] - exact[i]);
      if (order.every((v, i) => v === exactOrder[i])) same++;
    }
    const q = (same / T + row.pExact!) / 2;
    expect(Math.abs(same / T - row.pExact!)).toBeLessThan(4 * Math.sqrt((2 * q * (1 - q)) / T) + 1e-9);
  });

  test('a split of the protocols between workers gives the same rows', () => {
    const options = {
      recommenders: RECS,
      itemCount: N,
      metrics: METRICS,
      sampleSizes: [10, 40],
      repetitions: 30,
      seed: 7,
    };
    const whole = leaderboards({ ...options, protocols });
    const first = leaderboards({ ...options, protocols: protocols.slice(0, 1) });
    const rest = leaderboards({ ...options, protocols: protocols.slice(1) });
    expect(first.rows).toEqual(whole.rows.filter((r) => r.protocol === protocols[0].id));
    expect(rest.rows).toEqual(whole.rows.filter((r) => r.protocol !== protocols[0].id));
  });

  test('the estimators under uniform protocols: rows by the mean of the evaluations, a note elsewhere', () => {
    const result = leaderboards({
      recommenders: RECS.slice(0, 3),
      itemCount: N,
      metrics: METRICS.slice(0, 1),
      protocols: [leaderboardProtocolOf('krichene-rendle'), leaderboardProtocolOf('recbole-pop')],
      sampleSizes: [50],
      methods: [parseMethod('bv:0.1')],
      repetitions: 20,
    });
    const bv = result.rows.filter((r) => r.estimator === 'bv:0.1');
    expect(bv.map((r) => r.protocol)).toEqual(['krichene-rendle']);
    expect(bv[0].basis).toBe('mean of evaluations');
    expect(result.notes.join(' ')).toMatch(/RecBole, pop100: the estimators assume uniform negatives/);
  });
});
