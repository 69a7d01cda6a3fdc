import { describe, expect, it } from 'vitest';
import { argv, cli, cliJson } from '../testing.ts';

interface CorrectDoc {
  n: number;
  m: number;
  sampling: string;
  method: string;
  gamma: number | null;
  corrections: { metric: string; values: number[] }[];
}

const base = ['correct', '--n', '10000', '--m', '99', '--metrics', 'ap,recall@10'];

describe('sampled-metrics correct', () => {
  it('prints the JSON shape of the contract: one vector of m + 1 values per metric', async () => {
    const doc = await cliJson<CorrectDoc>(base.concat('--method', 'cls'));
    expect([doc.n, doc.m, doc.sampling, doc.method, doc.gamma]).toEqual([10000, 99, 'with-replacement', 'cls', null]);
    expect(doc.corrections.map((c) => c.metric)).toEqual(['ap', 'recall@10']);
    for (const c of doc.corrections) {
      expect(c.values).toHaveLength(100);
      // CLS is non-increasing in the sampled rank (section 5.2).
      for (let i = 1; i < c.values.length; i++) expect(c.values[i]).toBeLessThanOrEqual(c.values[i - 1] + 1e-12);
    }
  });

  it('rank-estimate is the metric at ⌊1 + (n − 1)(r̃ − 1)/m⌋ (eq 20, by hand)', async () => {
    const doc = await cliJson<CorrectDoc>(base.concat('--method', 'rank-estimate'));
    const ap = doc.corrections[0].values;
    expect(ap[0]).toBe(1); // r̃ = 1 → r = 1
    expect(ap[1]).toBeCloseTo(1 / 102, 15); // ⌊1 + 9999/99⌋ = 102
    expect(ap[99]).toBeCloseTo(1 / 10000, 15); // r̃ = m + 1 → r = n
    expect(doc.corrections[1].values.slice(0, 2)).toEqual([1, 0]); // recall@10: only r̃ = 1 maps into the top 10
  });

  it("--method bv without γ uses the paper's γ = 0.1 and says so", async () => {
    const doc = await cliJson<CorrectDoc>(base.concat('--method', 'bv'));
    const explicit = await cliJson<CorrectDoc>(base.concat('--method', 'bv', '--gamma', '0.1'));
    expect(doc.gamma).toBe(0.1);
    expect(doc.corrections).toEqual(explicit.corrections);
  });

  it('takes γ from --gamma or from bv:G, and reports it', async () => {
    const a = await cliJson<CorrectDoc>(base.concat('--method', 'bv', '--gamma', '0.1'));
    const b = await cliJson<CorrectDoc>(base.concat('--method', 'bv:0.1'));
    expect([a.method, a.gamma]).toEqual(['bv', 0.1]);
    expect(b).toEqual(a);
  });

  it('with a prior concentrated on rank 100, BV with γ = 1 is the posterior mean M(100) (eq 26)', async () => {
    const doc = await cliJson<CorrectDoc>(
      ['correct', '--n', '10000', '--m', '99', '--metrics', 'ap', '--method', 'bv', '--gamma', '1', '--prior', 'p.csv'],
      { 'p.csv': 'rank,weight\n100,1\n' },
    );
    for (const v of doc.corrections[0].values.slice(0, 5)) expect(v).toBeCloseTo(0.01, 12);
  });

  it('method sampled gives the uncorrected M(r̃) on m + 1 items', async () => {
    const doc = await cliJson<CorrectDoc>(argv('correct', { n: 50, m: 4, metrics: 'ap,auc', method: 'sampled' }));
    expect(doc.corrections[0].values).toEqual([1, 1 / 2, 1 / 3, 1 / 4, 1 / 5]);
    expect(doc.corrections[1].values).toEqual([1, 0.75, 0.5, 0.25, 0]); // (m + 1 − r̃)/m
  });

  it('prints a row per sampled rank and a column per metric', async () => {
    const result = await cli([
      'correct',
      '--n',
      '100',
      '--m',
      '3',
      '--metrics',
      'ap,ndcg',
      '--method',
      'ls',
      '--sampling',
      'without-replacement',
    ]);
    expect(result.code).toBe(0);
    const lines = result.out.trimEnd().split('\n');
    expect(lines[0]).toContain('method ls, n = 100, m = 3 sampled without-replacement, uniform prior');
    expect(lines[1]).toMatch(/^sampled rank +ap +ndcg$/);
    expect(lines.slice(3, 7).map((l) => l.split(/ +/)[0])).toEqual(['1', '2', '3', '4']);
    // LS's vectors leave the metric's range (issue 35): a note per metric under the table says so.
    expect(lines.slice(7).map((l) => l.split(':')[1])).toEqual([' ap', ' ndcg']);
  });

  it("marks values outside the metric's range: outsideRange in the JSON and a note, none for BV with γ = 1", async () => {
    const args = ['correct', '--n', '1000', '--m', '9', '--metrics', 'ap,recall@10', '--json', '--method'];
    const bv = JSON.parse((await cli([...args, 'bv', '--gamma', '0.1'])).out);
    // BV γ = 0.1 (docs/cli.md's example): AP 4 of 10 values below 1/n = 0.001, Recall@10 5 below 0.
    expect(bv.corrections.map((c: { outsideRange?: { count: number } }) => c.outsideRange?.count)).toEqual([4, 5]);
    expect(bv.corrections[0].outsideRange.range).toEqual([0.001, 1]);
    const posterior = JSON.parse((await cli([...args, 'bv', '--gamma', '1'])).out);
    expect(posterior.corrections.map((c: object) => 'outsideRange' in c)).toEqual([false, false]);
    // A range of one value (recall@10 at n = 2 is 1 at every rank): rounding of 1 is not flagged.
    const tiny = ['correct', '--n', '2', '--m', '50', '--metrics', 'recall@10', '--json', '--method', 'cls'];
    expect(JSON.parse((await cli(tiny)).out).corrections[0].outsideRange).toBeUndefined();
  });
});
