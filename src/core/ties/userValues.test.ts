/**
 * The exact metrics on bootstrap resamples from per-user values computed once: the same replicates (to 1e-12) as
 * recomputing definedExactMetrics on every resample, the slow path, for every variant of every metric kind, under
 * every tie rule, on small data with tie groups of several relevant items, grades, per-user n and histogram counts.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { jointBootstrap } from '../compare.ts';
import type { MetricKind } from '../metrics.ts';
import { parseMetric } from '../metrics.ts';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { variantsFor } from '../variants/choice.ts';
import { definedExactMetrics, type Definitions } from '../variants/definedTable.ts';
import { parseDefinedMetric } from '../variants/definedMetric.ts';
import { TIE_RULES } from './tieRule.ts';
import { definedExactResampling, userPooling } from './userValues.ts';

/**
 * 40 rows: 1–3 tie groups each, 1–2 relevant items per group (one item per row if `single`), grades 0–3, counts
 * 1–2, n in 30..60 (or none).
 */
function tiedData(seed: number, perUserN: boolean, single = false): RankData {
  const random = createRandom(seed);
  const offsets = [0];
  const ranks: number[] = [];
  const relevance: number[] = [];
  const low: number[] = [];
  const high: number[] = [];
  const itemCounts: number[] = [];
  const weights: number[] = [];
  for (let u = 0; u < 40; u++) {
    const n = perUserN ? 30 + random.nextInt(31) : 60;
    let start = 1 + random.nextInt(12);
    const groups = single ? 1 : 1 + random.nextInt(3);
    for (let g = 0; g < groups && start + 6 <= n; g++) {
      const size = 1 + random.nextInt(6);
      const count = single ? 1 : Math.min(size, 1 + random.nextInt(2));
      for (let t = 0; t < count; t++) {
        ranks.push(start + t);
        relevance.push(random.nextInt(4));
        low.push(start);
        high.push(start + size - 1);
      }
      start += size + random.nextInt(10);
    }
    offsets.push(ranks.length);
    itemCounts.push(n);
    weights.push(1 + random.nextInt(2));
  }
  return {
    name: 'T',
    offsets: Int32Array.from(offsets),
    ranks: Float64Array.from(ranks),
    weights: Float64Array.from(weights),
    itemCounts: perUserN ? Int32Array.from(itemCounts) : null,
    relevance: Float64Array.from(relevance),
    ties: { low: Float64Array.from(low), high: Float64Array.from(high) },
  };
}

const IDS: Record<MetricKind, string[]> = {
  auc: ['auc'],
  precision: ['precision@5'],
  recall: ['recall@5'],
  ap: ['ap', 'ap@5'],
  ndcg: ['ndcg', 'ndcg@5'],
};

/** The replicates of both paths, B = 30, for one recommender. */
function bothPaths(data: RankData, ids: readonly string[], definitions: Definitions) {
  const metrics = ids.map((id) => (id.includes(':') ? parseDefinedMetric(id) : parseMetric(id)));
  const options = { replicates: 30, seed: 9 };
  const slow = jointBootstrap([data], (d) => definedExactMetrics(d, metrics, 60, definitions), options);
  const fast = jointBootstrap([data], definedExactResampling(metrics, 60, definitions), options);
  if (!slow.ok || !fast.ok) throw new Error('bootstrap failed');
  return { slow: slow.value, fast: fast.value };
}

describe('definedExactResampling', () => {
  for (const perUserN of [false, true]) {
    const data = tiedData(perUserN ? 2 : 1, perUserN);
    for (const ties of [undefined, ...TIE_RULES]) {
      it(`gives the slow path's replicates for every variant (ties ${ties ?? 'as in the file'}, per-user n: ${perUserN})`, () => {
        for (const kind of Object.keys(IDS) as MetricKind[]) {
          for (const variant of variantsFor(kind)) {
            const definitions: Definitions = { variants: { [kind]: variant.id }, ...(ties ? { ties } : {}) };
            const { slow, fast } = bothPaths(data, IDS[kind], definitions);
            expect(fast.point).toEqual(slow.point);
            IDS[kind].forEach((id, j) =>
              expectClose(fast.replicates[0][j], slow.replicates[0][j], 1e-12, `${id} as ${variant.id}`),
            );
          }
        }
      });
    }
  }

  it('follows metrics that carry their variant (ap@5:ap-k), and tells which metrics pool the users', () => {
    const data = tiedData(3, true, true);
    const { slow, fast } = bothPaths(data, ['ap@5:ap-k', 'ap:ap-elliot', 'recall@5'], { ties: 'random' });
    expect(fast.point).toEqual(slow.point);
    [0, 1, 2].forEach((j) => expectClose(fast.replicates[0][j], slow.replicates[0][j], 1e-12));
    const auc = parseMetric('auc');
    expect(userPooling(auc)).toBe('mean');
    expect(userPooling(auc, { variants: { auc: 'sauc' } })).toBe('pooled');
    expect(userPooling(auc, { variants: { auc: 'gauc-recbole' } })).toBe('relevant-weighted');
    // Untruncated AP / K reads K = the users' largest n, which a resample may change: recomputed on it.
    expect(userPooling(parseMetric('ap'), { variants: { ap: 'ap-k' } }, true)).toBe('pooled');
    expect(userPooling(parseMetric('ap'), { variants: { ap: 'ap-k' } }, false)).toBe('mean');
  });
});
