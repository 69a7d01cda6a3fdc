import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import { argv, cli, cliJson, TOY } from '../testing.ts';

interface SimulateDoc {
  n: number;
  m: number;
  repeats: number;
  seed: number;
  results: { recommender: string; metric: string; method: string; mean: number; std: number }[];
  orderings: {
    metric: string;
    method: string;
    a: string;
    b: string;
    correct: number;
    repeats: number;
    exactTie: boolean;
  }[];
}
interface ExpectedDoc {
  results: { recommender: string; metric: string; sampledMean: number; sampledStd: number }[];
}

const study = (repeats: number, seed: number, methods = 'sampled,cls,bv:0.1') =>
  argv('simulate', { ...TOY, metrics: 'auc,ap,recall@10', methods, repeats, seed });

describe('sampled-metrics simulate', () => {
  it('prints the JSON shape of the contract', async () => {
    const doc = await cliJson<SimulateDoc>(study(20, 7));
    expect([doc.n, doc.m, doc.repeats, doc.seed]).toEqual([10000, 99, 20, 7]);
    expect(doc.results).toHaveLength(3 * 3 * 3);
    for (const row of doc.results) {
      expect(row).toEqual(
        expect.objectContaining({
          recommender: expect.any(String),
          metric: expect.any(String),
          method: expect.any(String),
        }),
      );
      expect(Number.isFinite(row.mean) && Number.isFinite(row.std)).toBe(true);
    }
    expect(doc.orderings).toHaveLength(3 * 3 * 3); // 3 pairs × 3 metrics × 3 methods
    for (const o of doc.orderings) {
      expect(Object.keys(o).sort()).toEqual(['a', 'b', 'correct', 'exactTie', 'method', 'metric', 'repeats']);
      expect(o.repeats).toBe(20);
      expect(o.correct).toBeGreaterThanOrEqual(0);
      expect(o.correct).toBeLessThanOrEqual(20);
    }
  });

  it("marks a mean estimate outside the metric's range: outsideRange and * (issue 35)", async () => {
    const doc = await cliJson<{ results: { method: string; mean: number; outsideRange?: { range: number[] } }[] }>(
      'simulate --n 10000 --m 99 --ranks fixtures/toy.csv --metrics ap --methods sampled,ls --repeats 3 --seed 1'.split(
        ' ',
      ),
    );
    for (const row of doc.results) expect('outsideRange' in row).toBe(row.mean < 1e-4 || row.mean > 1);
    expect(doc.results.filter((r) => r.outsideRange).map((r) => r.method)).toEqual(['ls', 'ls', 'ls']);
  });

  it('is reproducible from the seed', async () => {
    const a = await cli(study(30, 42));
    const b = await cli(study(30, 42));
    const c = await cli(study(30, 43));
    expect(a.code).toBe(0);
    expect(b.out).toBe(a.out);
    expect(c.out).not.toBe(a.out);
  });

  it('the uncorrected sampled metric matches the analytic mean and spread of `expected` (eq 16)', async () => {
    const repeats = 2000;
    const sim = await cliJson<SimulateDoc>(study(repeats, 1, 'sampled'));
    const exp = await cliJson<ExpectedDoc>(argv('expected', { ...TOY, metrics: 'auc,ap,recall@10' }));
    for (const row of exp.results) {
      const s = sim.results.find((r) => r.recommender === row.recommender && r.metric === row.metric);
      if (!s) throw new Error('missing row');
      // Monte Carlo: the mean is off by about std/√T; allow 4 standard errors (and 1e-9 for zero spreads). The
      // spread within 10%, or 0.001 where it comes from events too rare to show in 2000 draws (A's recall@10).
      const label = `${row.recommender} ${row.metric}`;
      expectClose(s.mean, row.sampledMean, (4 * row.sampledStd) / Math.sqrt(repeats) + 1e-9, `mean of ${label}`);
      expectClose(s.std, row.sampledStd, { relative: 0.1, absolute: 0.001 }, `std of ${label}`);
    }
  });

  it('sampled AUC keeps the exact order of the toy recommenders in every repetition (Table 2)', async () => {
    const doc = await cliJson<SimulateDoc>(study(100, 5, 'sampled'));
    for (const o of doc.orderings.filter((x) => x.metric === 'auc')) expect(o.correct).toBe(100);
    // …while sampled recall@10 puts A (exact 0) above C (exact 0.2) every time.
    const recall = doc.orderings.find((x) => x.metric === 'recall@10' && x.a === 'A' && x.b === 'C');
    expect(recall?.correct).toBe(0);
  });

  it('prints the estimates and the orderings tables', async () => {
    const result = await cli(study(10, 1).concat('--digits', '3'));
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(result.out).toContain(
      'Monte Carlo study: 10 repetitions (seed 1), n = 10000, m = 99 sampled with-replacement',
    );
    expect(result.out).toMatch(/metric +recommender +exact +sampled +cls +bv:0\.1/);
    expect(result.out).toMatch(/A vs B +auc +100\.0 +100\.0 +100\.0/);
  });

  it.each([
    ['repeats < 1', ['--repeats', '0', '--seed', '1'], '--repeats must be at least 1, got 0'],
    ['a non-integer seed', ['--repeats', '5', '--seed', '1.5'], '--seed must be an integer, got "1.5"'],
    ['a missing seed', ['--repeats', '5'], 'missing required option --seed S'],
  ])('rejects %s', async (_title, extra, message) => {
    const argv = [
      'simulate',
      '--n',
      '100',
      '--m',
      '9',
      '--ranks',
      'r.csv',
      '--metrics',
      'ap',
      '--methods',
      'sampled',
      ...extra,
    ];
    const result = await cli(argv, { 'r.csv': 'recommender,rank\nA,4\n' });
    expect(result.err).toContain(message);
    expect([result.code, result.out]).toEqual([2, '']);
  });
});
