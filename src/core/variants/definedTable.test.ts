/**
 * The results table under chosen definitions: without a choice the same numbers as expectedMetricsTable; a variant
 * that is Krichene & Rendle's function of the rank gives their numbers; AP@K / K is AP@K divided by K (exact,
 * sampled mean and spread, the sampled metric being linear in the vector over sampled ranks); several relevant items
 * have no sampled value under another variant; a tie rule gives exactMetricUnderTies and the sampled metric of the
 * ordered data.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { expectedMetricsTable } from '../expectedTable.ts';
import { parseMetric } from '../metrics.ts';
import { groupedRankData, singleRankData, type RankData } from '../rankData.ts';
import { exactMetricUnderTies } from '../ties/exactMetric.ts';
import { withTieRule } from '../ties/resolveTies.ts';
import { sameAsKricheneRendle, validateVariantChoice, variantsFor } from './choice.ts';
import { variantById } from './catalog.ts';
import { definedMetricsTable } from './definedTable.ts';

const SETUP = { itemCount: 1000, sampleSize: 20, sampling: 'with-replacement' as const };
const METRICS = ['recall@10', 'ap@10', 'ndcg@10', 'auc', 'ap'].map(parseMetric);
const toy = singleRankData('C', [212, 2, 743, 5, 48], null, [1000, 1000, 900, 1000, 800]);

function tied(): RankData {
  return {
    ...singleRankData('T', [3, 40, 7]),
    ties: { low: Float64Array.from([1, 30, 7]), high: Float64Array.from([12, 60, 7]) },
  };
}

describe('definedMetricsTable', () => {
  it('without definitions is expectedMetricsTable (the same numbers)', () => {
    expect(definedMetricsTable([toy], METRICS, SETUP)).toEqual(expectedMetricsTable([toy], METRICS, SETUP));
  });

  it('a variant that is Krichene & Rendle’s function of the rank gives their numbers (1e-12)', () => {
    const variants = { recall: 'hitrate', ap: 'mrr', ndcg: 'dcg', auc: 'gauc-recbole' };
    const own = definedMetricsTable([toy], METRICS, SETUP, { variants })[0];
    const base = expectedMetricsTable([toy], METRICS, SETUP)[0];
    METRICS.forEach((metric, j) => {
      expectClose(own[j].exact, base[j].exact, 1e-12, metric.id);
      expectClose(own[j].sampledMean!, base[j].sampledMean, 1e-12, metric.id);
      expectClose(own[j].sampledStd!, base[j].sampledStd, 1e-12, metric.id);
    });
  });

  it('AP@K / K is AP@K divided by K: exact, expected sampled value and its spread', () => {
    const ap10 = [parseMetric('ap@10')];
    const [own] = definedMetricsTable([toy], ap10, SETUP, { variants: { ap: 'ap-k' } })[0];
    const [base] = expectedMetricsTable([toy], ap10, SETUP)[0];
    expectClose(own.exact, base.exact / 10, 1e-14);
    expectClose(own.sampledMean!, base.sampledMean / 10, 1e-14);
    expectClose(own.sampledStd!, base.sampledStd / 10, 1e-14);
  });

  it('several relevant items: the variant’s exact value, no sampled value (not a function of one rank)', () => {
    const multi = groupedRankData('M', [[1, 3], [2], [1, 5, 20]], [100, 100, 100]);
    const [cell] = definedMetricsTable(
      [multi],
      [parseMetric('recall@4')],
      { ...SETUP, itemCount: 100 },
      {
        variants: { recall: 'hitrate-count' },
      },
    )[0];
    expect(cell.exact).toBeCloseTo((2 + 1 + 1) / 3, 14);
    expect(cell.sampledMean).toBeNull();
    expect(cell.sampledStd).toBeNull();
  });

  it('a tie rule: exactMetricUnderTies and the sampled metric of the ordered data', () => {
    const data = tied();
    for (const ties of ['optimistic', 'pessimistic', 'random'] as const) {
      const cells = definedMetricsTable([data], METRICS, { ...SETUP, itemCount: 100 }, { ties })[0];
      const sampled = expectedMetricsTable([withTieRule(data, ties)], METRICS, { ...SETUP, itemCount: 100 })[0];
      METRICS.forEach((metric, j) => {
        expectClose(cells[j].exact, exactMetricUnderTies(data, metric, 100, ties), 1e-15, `${ties} ${metric.id}`);
        expectClose(cells[j].sampledMean!, sampled[j].sampledMean, 1e-15, `${ties} ${metric.id}`);
      });
    }
  });
});

describe('variant choice', () => {
  it('offers Krichene & Rendle’s reading first, HitRate beside Recall and MRR beside AP, no AUC needing K', () => {
    expect(variantsFor('recall').map((v) => v.id)).toEqual([
      'recall',
      'hitrate',
      'hitrate-count',
      'hitrate-recall',
      'recall-min',
    ]);
    expect(variantsFor('ap').map((v) => v.id)).toEqual(['ap-min', 'ap-r', 'ap-k', 'ap-elliot', 'mrr', 'mrr-sum']);
    expect(variantsFor('auc').map((v) => v.id)).toEqual(['gauc', 'gauc-recbole', 'sauc']);
    expect(() => validateVariantChoice({ ndcg: 'ap-k' })).toThrow('"ap-k" is not a definition of ndcg');
  });

  it('knows which variants are Krichene & Rendle’s function of one relevant item’s rank', () => {
    const same = (id: string, metric: string) => sameAsKricheneRendle(variantById(id), parseMetric(metric), 200);
    expect(same('hitrate', 'recall@10')).toBe(true);
    expect(same('dcg', 'ndcg@10')).toBe(true);
    expect(same('ndcg-ln-all', 'ndcg')).toBe(true);
    expect(same('sauc', 'auc')).toBe(true);
    expect(same('ap-k', 'ap@10')).toBe(false);
    expect(same('ap-elliot', 'ap@10')).toBe(false);
  });
});

describe('definedMetricsTable: graded NDCG sampled under random ties', () => {
  // One relevant item per user with a grade; tied users spread over their range keep their grade: graded NDCG of
  // one item is 1/log₂(1 + r̃) for a grade > 0 and 0 for grade 0 (its ideal DCG is 0), whatever the gain.
  const ranks = [3, 40, 7, 12, 5, 9];
  const grades = [0, 2, 3, 0, 1, 0];
  const low = [1, 30, 5, 12, 1, 3];
  const high = [12, 60, 9, 12, 12, 9];
  const data: RankData = {
    ...singleRankData('G', ranks, [1, 1, 2, 1, 1, 3], [100, 80, 100, 100, 100, 90]),
    relevance: Float64Array.from(grades),
    ties: { low: Float64Array.from(low), high: Float64Array.from(high) },
  };
  const m = 20;
  /** E over r̃ − 1 ~ Binomial(m, (r − 1)/(n − 1)) of f(r̃) (sampling with replacement), by the pmf. */
  const sampledAt = (r: number, n: number, f: (sampled: number) => number) => {
    const p = (r - 1) / (n - 1);
    let choose = 1;
    let e = 0;
    for (let x = 0; x <= m; x++) {
      e += choose * p ** x * (1 - p) ** (m - x) * f(x + 1);
      choose = (choose * (m - x)) / (x + 1);
    }
    return e;
  };
  /** The weighted mean over users of the average over every position of the tie range. */
  const direct = (f: (sampled: number, grade: number) => number) => {
    let sum = 0;
    let users = 0;
    ranks.forEach((_, i) => {
      let s = 0;
      for (let r = low[i]; r <= high[i]; r++) s += sampledAt(r, data.itemCounts![i], (x) => f(x, grades[i]));
      sum += (data.weights[i] * s) / (high[i] - low[i] + 1);
      users += data.weights[i];
    });
    return sum / users;
  };

  it('reads each user’s grade, against the direct average over the positions of its tie range', () => {
    const setup = { itemCount: 100, sampleSize: m, sampling: 'with-replacement' as const };
    for (const id of ['ndcg-exp', 'ndcg-linear', 'ndcg-ln-all']) {
      for (const metric of [parseMetric('ndcg@10'), parseMetric('ndcg')]) {
        const cell = definedMetricsTable([data], [metric], setup, { ties: 'random', variants: { ndcg: id } })[0][0];
        const k = metric.cutoff ?? Infinity;
        const want = direct((x, grade) => (grade > 0 && x <= k ? 1 / Math.log2(1 + x) : 0));
        expectClose(cell.sampledMean!, want, 1e-12, `${id} ${metric.id}`);
      }
    }
    // Binary NDCG ignores the grades.
    const binary = definedMetricsTable([data], [parseMetric('ndcg@10')], setup, { ties: 'random' })[0][0];
    expectClose(
      binary.sampledMean!,
      direct((x) => (x <= 10 ? 1 / Math.log2(1 + x) : 0)),
      1e-12,
    );
  });
});
