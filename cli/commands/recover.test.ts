import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import {
  distributionMetrics,
  parseMethod,
  parseMetricList,
  recoverDistribution,
  singleRankData,
  unwrap,
  type DistributionMethod,
} from '../../src/core/index.ts';
import { cli, cliJson } from '../testing.ts';

interface RecoverDoc {
  n: number;
  m: number;
  method: string;
  distribution: number[];
  logLikelihood: number | null;
  objective: number | null;
  iterations: number;
  recommenders: { recommender: string; distribution: number[]; logLikelihood: number | null; gap: number | null }[];
}

// A synthetic sampled evaluation: 40 users, ranks among m + 1 = 21 candidates, n = 200.
const sampled =
  'recommender,rank,count\n' + [1, 2, 3, 5, 8, 13, 21].map((r, i) => `X,${r},${[9, 7, 6, 5, 5, 4, 4][i]}`).join('\n');
const base = ['recover', '--n', '200', '--m', '20', '--sampled-ranks', 's.csv'];

describe('sampled-metrics recover', () => {
  it('prints the contract fields: P̂ over 1..n summing to 1, log-likelihood, objective, iterations', async () => {
    const doc = await cliJson<RecoverDoc>(base.concat('--method', 'mle'), { 's.csv': sampled });
    expect([doc.n, doc.m, doc.method]).toEqual([200, 20, 'mle']);
    expect(doc.distribution).toHaveLength(200);
    expect(doc.distribution.every((p) => p >= 0)).toBe(true);
    expect(doc.distribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(doc.iterations).toBeGreaterThan(0);
    expect(doc.logLikelihood).toBeLessThan(0);
  });

  it('the maximum is checkable: a tight --tolerance reaches the certified maximum of the concave log-likelihood', async () => {
    const files = { 's.csv': sampled };
    const newton = await cliJson<RecoverDoc>(
      base.concat('--method', 'mle', '--algorithm', 'newton', '--tolerance', '1e-12'),
      files,
    );
    const em = await cliJson<RecoverDoc>(
      base.concat('--method', 'mle', '--algorithm', 'squarem', '--tolerance', '1e-13', '--max-iterations', '200000'),
      files,
    );
    const top = newton.recommenders[0];
    // Newton's certificate bounds the distance to the maximum; EM from another start must land within it too.
    expect(top.gap).not.toBeNull();
    expect(em.logLikelihood as number).toBeLessThanOrEqual(
      (newton.logLikelihood as number) + (top.gap as number) + 1e-9,
    );
    expectClose(em.logLikelihood as number, newton.logLikelihood as number, 1e-4, 'log-likelihood, EM vs Newton');
  });

  it('mes and bv-dist:G also recover a distribution; --method must be a rank-distribution method', async () => {
    for (const method of ['mes', 'wmle', 'bv-dist:0.1']) {
      const doc = await cliJson<RecoverDoc>(base.concat('--method', method), { 's.csv': sampled });
      expect(doc.distribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    }
    const bad = await cli(base.concat('--method', 'cls'), { 's.csv': sampled });
    expect([bad.code, bad.out]).toEqual([2, '']);
    expect(bad.err).toContain('--method must be mle, wmle, mes or bv-dist:G');
  });

  it('bad input exits 2 with a message naming the value and prints nothing on stdout', async () => {
    const cases: [string[], Record<string, string>, string][] = [
      [base.concat('--method', 'mle', '--tolerance', '0'), { 's.csv': sampled }, '--tolerance'],
      [base.concat('--method', 'mes:0'), { 's.csv': sampled }, 'η'],
      [base.concat('--method', 'mle'), { 's.csv': 'recommender,rank\nX,22\nX,3\n' }, '22'],
      [base.concat('--method', 'mle', '--algorithm', 'magic'), { 's.csv': sampled }, '--algorithm'],
    ];
    for (const [argv, files, needle] of cases) {
      const result = await cli(argv, files);
      expect(result.code, result.err).toBe(2);
      expect(result.out).toBe('');
      expect(result.err).toContain(needle);
    }
  });
});

describe('sampled-metrics estimate --bootstrap', () => {
  const est = ['estimate', '--n', '200', '--m', '20', '--sampled-ranks', 's.csv', '--metrics', 'recall@5,ndcg'];
  it('adds a percentile interval around every estimate; the same seed repeats it', async () => {
    type Doc = { results: { estimate: number; low: number; high: number; method: string }[] };
    const argv = est.concat('--methods', 'sampled,bv:0.1,mle', '--bootstrap', '40', '--seed', '5');
    const a = await cliJson<Doc>(argv, { 's.csv': sampled });
    const b = await cliJson<Doc>(argv, { 's.csv': sampled });
    expect(a).toEqual(b);
    for (const row of a.results) {
      expect(row.low).toBeLessThanOrEqual(row.high);
      expect(row.low).toBeLessThanOrEqual(row.estimate + 1e-9);
      expect(row.high).toBeGreaterThanOrEqual(row.estimate - 1e-9);
    }
  });

  it('B < 1 is refused', async () => {
    const result = await cli(est.concat('--methods', 'sampled', '--bootstrap', '0'), { 's.csv': sampled });
    expect([result.code, result.out]).toEqual([2, '']);
    expect(result.err).toContain('--bootstrap');
  });
});

describe('per-user n (the n column)', () => {
  // 30 users with three catalogue sizes, sampled ranks among m + 1 = 21.
  const ranks = [1, 1, 2, 3, 1, 5, 8, 2, 1, 13, 4, 1, 21, 2, 3, 1, 6, 1, 2, 9, 1, 3, 17, 1, 2, 4, 1, 1, 11, 2];
  const ns = ranks.map((_, u) => [150, 200, 260][u % 3]);
  const file = 'recommender,rank,n\n' + ranks.map((r, u) => `X,${r},${ns[u]}`).join('\n');
  const args = ['recover', '--n', '260', '--m', '20', '--sampled-ranks', 's.csv', '--method', 'mle'];
  type Doc = RecoverDoc & { perUserN: string; relative: number[] | null };

  it('recover fits one distribution of the relative position by default (pooled with replacement), as the core does', async () => {
    const doc = await cliJson<Doc>(args, { 's.csv': file });
    const core = unwrap(
      recoverDistribution(singleRankData('X', ranks, null, ns), parseMethod('mle') as DistributionMethod, {
        itemCount: 260,
        sampleSize: 20,
        sampling: 'with-replacement',
        fit: { perUserN: 'pooled' },
      }),
    );
    expect(doc.perUserN).toBe('pooled');
    expect(doc.relative).toEqual(Array.from(core.relative!));
    expect(doc.distribution).toEqual(Array.from(core.distribution));
    expect(doc.logLikelihood).toBe(core.logLikelihood);
    const separate = await cliJson<Doc>(args.concat('--per-user-n', 'separate'), { 's.csv': file });
    expect([separate.perUserN, separate.relative]).toEqual(['separate', null]);
    expect(separate.distribution).not.toEqual(doc.distribution);
    const shared = await cliJson<Doc>(args.concat('--per-user-n', 'shared'), { 's.csv': file });
    expect(shared.perUserN).toBe('shared');
    expect(shared.distribution).not.toEqual(doc.distribution);
  });

  it('estimate reads mle/mes off the pooled fit, each user with its own n; --per-user-n separate is the old fit', async () => {
    type Est = { results: { metric: string; method: string; estimate: number }[] };
    const est = ['estimate', '--n', '260', '--m', '20', '--sampled-ranks', 's.csv', '--metrics', 'recall@10,auc'];
    const doc = await cliJson<Est>(est.concat('--methods', 'mle,mes'), { 's.csv': file });
    const data = singleRankData('X', ranks, null, ns);
    const setup = { itemCount: 260, sampleSize: 20, sampling: 'with-replacement' as const };
    for (const id of ['mle', 'mes']) {
      const recovery = unwrap(
        recoverDistribution(data, parseMethod(id) as DistributionMethod, { ...setup, fit: { perUserN: 'pooled' } }),
      );
      const expected = distributionMetrics(recovery, parseMetricList('recall@10,auc'));
      const rows = doc.results.filter((r) => r.method === parseMethod(id).id);
      expect(rows.map((r) => r.estimate)).toEqual(expected);
    }
    const separate = await cliJson<Est>(est.concat('--methods', 'mle', '--per-user-n', 'separate'), { 's.csv': file });
    expect(separate.results[0].estimate).not.toBe(doc.results[0].estimate);
  });

  it('--per-user-n must be shared or separate', async () => {
    for (const argv of [args, ['estimate', ...args.slice(1, 7), '--metrics', 'ap', '--methods', 'mle']]) {
      const result = await cli(argv.concat('--per-user-n', 'bogus'), { 's.csv': file });
      expect([result.code, result.out]).toEqual([2, '']);
      expect(result.err).toContain('--per-user-n must be pooled, interpolated, shared or separate, got "bogus"');
    }
  });
});
