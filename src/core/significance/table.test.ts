import { describe, expect, test } from 'vitest';
import { estimateMetrics, EstimatorVectors } from '../estimate.ts';
import { exactMetric } from '../expected.ts';
import { parseMethod } from '../estimators.ts';
import { parseMetricList } from '../metrics.ts';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { singleRankData } from '../rankData.ts';
import { adjustPValues } from './corrections.ts';
import { perUserCsv, recommenderLetter, reportCsv, reportLatex, reportText, significanceReport } from './report.ts';
import { significancePairs } from './table.ts';
import { pairedTTest } from './tests.ts';
import { alignedValues, alignUsers, exactUserValues, sampledUserValues } from './userValues.ts';

const N = 500;
const METRICS = parseMetricList('recall@10,ndcg@10,ap');

function ranks(seed: number, skill: number, users: number, max = N): number[] {
  const random = createRandom(seed);
  return Array.from({ length: users }, () => 1 + Math.floor(max * random.next() ** (1 + skill)));
}

function withUsers(data: RankData, users: number[]): RankData {
  return { ...data, users: Int32Array.from(users) };
}

describe('per-user values', () => {
  const data = singleRankData('A', ranks(1, 2, 300));
  test('their mean is the exact metric (eq 1)', () => {
    const values = exactUserValues(data, METRICS, N);
    METRICS.forEach((metric, t) => {
      const mean = values[t].reduce((s, v) => s + v, 0) / values[t].length;
      expect(mean).toBeCloseTo(exactMetric(data, metric, N), 14);
    });
  });
  test("from sampled ranks, their mean is the estimator's estimate (sampled, BV 0.1)", () => {
    const sampled = singleRankData('A', ranks(2, 2, 300, 100));
    const setup = { itemCount: N, sampleSize: 99, sampling: 'with-replacement' as const };
    for (const id of ['sampled', 'bv:0.1', 'cls']) {
      const method = parseMethod(id);
      const cache = new EstimatorVectors(METRICS, setup);
      const values = sampledUserValues(sampled, METRICS, method, setup, cache);
      const estimates = estimateMetrics(sampled, METRICS, [method], setup, cache);
      METRICS.forEach((_, t) => {
        const mean = values[t].reduce((s, v) => s + v, 0) / values[t].length;
        expect(mean).toBeCloseTo(estimates[t].estimate, 13);
      });
    }
  });
  test('the distribution estimators have none: the message sends to the paired bootstrap', () => {
    const setup = { itemCount: N, sampleSize: 99, sampling: 'with-replacement' as const };
    expect(() => sampledUserValues(data, METRICS, parseMethod('mle'), setup)).toThrow(/paired bootstrap/);
  });
});

describe('alignUsers', () => {
  test('by ids: the users every recommender has, in the first one’s order; the rest counted as dropped', () => {
    const a = withUsers(singleRankData('A', [1, 2, 3, 4]), [10, 11, 12, 13]);
    const b = withUsers(singleRankData('B', [5, 6, 7]), [13, 11, 99]);
    const aligned = alignUsers([a, b]);
    expect([...aligned.users!]).toEqual([11, 13]);
    expect([...aligned.rows[0]]).toEqual([1, 3]);
    expect([...aligned.rows[1]]).toEqual([1, 0]);
    expect(aligned.dropped).toEqual([2, 1]);
    expect([...alignedValues([Float64Array.of(5, 6, 7)], aligned.rows[1])[0]]).toEqual([6, 5]);
  });
  test('no shared user, rows of different counts, and histograms are refused by name', () => {
    const a = withUsers(singleRankData('A', [1, 2]), [1, 2]);
    const b = withUsers(singleRankData('B', [1, 2]), [3, 4]);
    expect(() => alignUsers([a, b])).toThrow(/share no users \("A", "B"\)/);
    expect(() => alignUsers([singleRankData('A', [1, 2]), singleRankData('B', [1])])).toThrow(
      /2 \("A"\), 1 \("B"\) rows/,
    );
    expect(() => alignUsers([singleRankData('H', [1, 2], [3, 1])])).toThrow(/row 1 counts 3 users/);
  });
});

describe('significancePairs', () => {
  const names = ['A', 'B', 'C'];
  const data = [
    singleRankData('A', ranks(3, 3, 400)),
    singleRankData('B', ranks(4, 2.9, 400)),
    singleRankData('C', ranks(5, 1, 400)),
  ];
  const values = data.map((d) => exactUserValues(d, METRICS, N));
  const ids = METRICS.map((m) => m.id);

  test('every pair per metric, the test as alone, Holm over the metric’s three pairs', () => {
    const pairs = significancePairs(names, ids, values, { test: 't', correction: 'holm', alpha: 0.05 });
    expect(pairs.map((p) => `${p.metric} ${p.a}-${p.b}`).slice(0, 3)).toEqual([
      'recall@10 A-B',
      'recall@10 A-C',
      'recall@10 B-C',
    ]);
    ids.forEach((metric, t) => {
      const family = pairs.filter((p) => p.metric === metric);
      expect(family.map((p) => p.pAdjusted)).toEqual(
        adjustPValues(
          family.map((p) => p.pValue),
          'holm',
        ),
      );
      family.forEach((p) => {
        const a = names.indexOf(p.a);
        const b = names.indexOf(p.b);
        expect(p.pValue).toBe(pairedTTest(values[a][t], values[b][t]).pValue);
        expect(p.significant).toBe(p.pAdjusted <= 0.05);
        expect(p.users).toBe(400);
      });
    });
    // C is far weaker than A and B on every metric.
    expect(pairs.filter((p) => p.b === 'C').every((p) => p.significant)).toBe(true);
  });
  test('bad α, too few users and unknown tests are refused', () => {
    expect(() => significancePairs(names, ids, values, { test: 't', correction: 'bh', alpha: 1 })).toThrow(
      'the level α must lie strictly between 0 and 1, got 1',
    );
    expect(() =>
      significancePairs(names, ids, values, { test: 'sign' as never, correction: 'bh', alpha: 0.05 }),
    ).toThrow(/unknown test "sign"/);
    const one = values.map((v) => v.map((c) => c.subarray(0, 1)));
    expect(() => significancePairs(names, ids, one, { test: 't', correction: 'none', alpha: 0.05 })).toThrow(
      /at least 2 shared users/,
    );
  });
});

describe('the report (ranx layout)', () => {
  const names = ['model_1', 'model_2', 'model_3'];
  const metrics = ['ndcg@10'];
  const means = [[0.3684], [0.239], [0.3295]];
  const pairs = [
    { a: 'model_1', b: 'model_2', significant: true },
    { a: 'model_1', b: 'model_3', significant: true },
    { a: 'model_2', b: 'model_3', significant: true },
  ].map((p) => ({
    ...p,
    metric: 'ndcg@10',
    test: 't' as const,
    statistic: 0,
    pValue: 0,
    pAdjusted: 0,
    difference: 0,
    users: 9,
    method: '',
  }));
  const report = significanceReport(names, metrics, means, pairs, { test: 't', correction: 'none', alpha: 0.01 });

  test('superscripts name the models each beats significantly (ranx README: 0.3684ᵇᶜ, 0.239, 0.3295ᵇ)', () => {
    expect(report.cells.map((r) => r[0].beats.join(''))).toEqual(['bc', '', 'b']);
    const text = reportText(report, 4);
    expect(text).toContain('a  model_1  0.3684ᵇᶜ');
    expect(text).toContain('c  model_3  0.3295ᵇ');
    expect(text).toContain("paired Student's t-test with p ≤ 0.01");
  });
  test('LaTeX: the best in bold, superscripts and phantoms as ranx writes them, names escaped', () => {
    const latex = reportLatex(report, 4);
    expect(latex).toContain('a & model\\_1 & \\textbf{0.3684}$^{bc}$ \\\\');
    expect(latex).toContain('b & model\\_2 & 0.2390\\hphantom{$^{ac}$} \\\\');
    expect(latex).toContain('c & model\\_3 & 0.3295$^{b}$\\hphantom{$^{a}$} \\\\');
    expect(latex).toContain('\\begin{tabular}{c|l|c}');
  });
  test('CSV and the per-user long form', () => {
    expect(reportCsv(report).split('\n')[1]).toBe('a,model_1,0.3684,b c');
    const long = perUserCsv(['x,y'], ['ap'], ['u1', 'u2'], [[Float64Array.of(0.5, 0.25)]]);
    expect(long).toBe('model,user,metric,value\n"x,y",u1,ap,0.5\n"x,y",u2,ap,0.25\n');
  });
  test('letters go on past z', () => {
    expect([0, 25, 26, 27, 701, 702].map(recommenderLetter)).toEqual(['a', 'z', 'aa', 'ab', 'zz', 'aaa']);
  });
});
