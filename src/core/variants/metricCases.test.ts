/**
 * The variants (catalog.ts) against test/fixtures/reference/metric_cases.json, a verbatim copy of
 * /work/shared/reference/metric_cases.json: cases from the test suites of RecBole, ranx, pytrec_eval, ir_measures,
 * scikit-learn, rs_metrics and trec_eval, each naming its repository, path and commit and a `definition`. Each case
 * is reproduced under the variant its source computes (VARIANT_OF below, read off the definition), graded cases and
 * tied scores included: src/core/metrics.test.ts, under Krichene & Rendle's definitions alone, has to skip nine.
 *
 * Harness (not the oracle): each input becomes ranks of the relevant items. Lists are best first; scores are sorted
 * descending with trec_eval's tie rule (docno descending) where the source breaks ties, while scikit-learn's
 * `ignore_ties=False` averages the gains of tied items, which is the expectation over a random order of each tie
 * group, so those cases use the tie rule `random` with the tied scores as tie ranges. Relevant items that a list
 * leaves out are placed below max(list length, K), where they count in |R| and never score; a full-list metric
 * uses K = the list length (trec_eval, ir_measures). scikit-learn's dcg_score (unnormalised, gain = grade) is not a
 * variant of Tamm et al.; it is checked with the building block the NDCG variants share (expectedDcg).
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import type { ReferenceCase } from '../../../test/referenceCases.ts';
import { orderByScore, ranksWithSum, REFERENCE_CASES, referenceFile, sourceOf } from '../../../test/referenceCases.ts';
import { groupedRankData, type RankData } from '../rankData.ts';
import type { TieRule } from '../ties/tieRule.ts';
import type { UserRanks } from '../ties/userRanks.ts';
import { userRanksOf } from '../ties/userRanks.ts';
import { variantById, variantValues } from './catalog.ts';
import { expectedDcg } from './ndcg.ts';

/** Not a metric definition: the law of the sampled rank, checked in src/core/metrics.test.ts. */
const NOT_A_METRIC = (c: ReferenceCase) => c.input.type === 'sampled_rank';

/** One user: relevant items by rank, with grade and (for tied scores) the tie range. */
interface Item {
  rank: number;
  grade: number;
  low?: number;
  high?: number;
}
interface User {
  items: Item[];
  n: number;
}
/** A case as users, the variant its source computes, K, and the tie rule. */
interface Converted {
  users: User[];
  variant: string;
  k: number;
  ties?: TieRule;
}

/** The variant each source's metric name means, read off the case's `definition`. */
function variantOf(c: ReferenceCase): string {
  const name = c.metric.toLowerCase();
  const repo = sourceOf(c);
  if (name.startsWith('ndcg(linear')) return 'ndcg-linear'; // ranx Järvelin: gain = rel
  if (name.startsWith('ndcg(exp')) return 'ndcg-exp'; // ranx Burges: gain = 2^rel − 1
  if (name.startsWith('ndcg')) {
    // RecBole and rs_metrics: binary; trec_eval, pytrec_eval and scikit-learn: gain = rel.
    return /RecBole|rs_metrics/.test(repo) ? 'ndcg' : 'ndcg-linear';
  }
  if (name === 'gauc') return 'gauc-recbole';
  if (name === 'roc_auc') return 'sauc';
  if (name === 'mrr' || name === 'recip_rank') return 'mrr';
  if (name.startsWith('hit')) return 'hitrate';
  if (name === 'recall') return 'recall';
  if (name === 'precision' || name === 'p_10') return 'precision';
  // RecBole and rs_metrics: "/ min(n_relevant, k)"; trec_eval, ir_measures and scikit-learn: / |R| over the list.
  if (name === 'map' && /RecBole|rs_metrics/.test(repo)) return 'ap-min';
  if (name === 'map' || name.startsWith('ap') || name === 'average_precision') return 'ap-r';
  if (name === 'dcg') return 'dcg-linear';
  throw new Error(`${c.id}: no variant for "${c.metric}"`);
}

/** Ranks of the relevant items of a best-first list (first occurrence); the others go below max(length, K). */
function fromList(list: readonly unknown[], grades: ReadonlyMap<string, number>, k: number): User {
  const items: Item[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const key = String(item);
    if (grades.has(key) && !seen.has(key)) items.push({ rank: i + 1, grade: grades.get(key)! });
    seen.add(key);
  });
  let next = Math.max(list.length, k) + 1;
  for (const [key, grade] of grades) if (!seen.has(key)) items.push({ rank: next++, grade });
  return { items, n: next };
}

const relevantGrades = (qrels: Record<string, number>) =>
  new Map(Object.entries(qrels).filter(([, grade]) => grade > 0));

function convert(c: ReferenceCase): Converted {
  const variant = variantOf(c);
  const input = c.input;
  switch (input.type) {
    case 'topk_relevance': {
      const rel = input.rel as number[];
      const k = c.k as number;
      const items = rel.flatMap((x, i) => (x > 0 ? [{ rank: i + 1, grade: 1 }] : []));
      let next = Math.max(rel.length, k) + 1;
      while (items.length < (input.n_relevant as number)) items.push({ rank: next++, grade: 1 });
      return { users: [{ items, n: next }], variant, k };
    }
    case 'ranking_qrels': {
      const k = c.k as number;
      return { users: [fromList(input.ranking as unknown[], relevantGrades(input.qrels as never), k)], variant, k };
    }
    case 'scores_qrels':
    case 'trec_files': {
      const { scores, qrels } = input.type === 'trec_files' ? trecQuery(input) : (input as never as TrecQuery);
      const order = orderByScore(scores);
      const k = c.k ?? order.length;
      return { users: [fromList(order, relevantGrades(qrels), k)], variant, k };
    }
    case 'labels_scores':
      return fromLabels(c, variant);
    case 'users_ranking_relevant': {
      const k = c.k as number;
      const users = (input.users as { ranking: unknown[]; relevant: unknown[] }[]).map((u) =>
        fromList(u.ranking, new Map(u.relevant.map((id) => [String(id), 1])), k),
      );
      return { users, variant, k };
    }
  }
  throw new Error(`${c.id}: no conversion for input type ${input.type}`);
}

/** scikit-learn's y_true (grades) and y_score: tied scores are a tie group, broken by expectation (`random`). */
function fromLabels(c: ReferenceCase, variant: string): Converted {
  const yTrue = c.input.y_true as number[];
  const yScore = c.input.y_score as number[];
  const order = yScore.map((_, i) => i).sort((a, b) => yScore[b] - yScore[a]);
  const items: Item[] = [];
  order.forEach((item, p) => {
    if (yTrue[item] <= 0) return;
    const tied = order.flatMap((other, q) => (yScore[other] === yScore[item] ? [q + 1] : []));
    items.push({ rank: p + 1, grade: yTrue[item], low: Math.min(...tied), high: Math.max(...tied) });
  });
  return { users: [{ items, n: yTrue.length }], variant, k: c.k ?? yTrue.length, ties: 'random' };
}

interface TrecQuery {
  scores: Record<string, number>;
  qrels: Record<string, number>;
}
function trecQuery(input: Record<string, unknown>): TrecQuery {
  const query = input.query as string;
  const qrels: Record<string, number> = {};
  for (const line of referenceFile(input.qrels as string).split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length >= 4 && f[0] === query) qrels[f[2]] = Number(f[3]);
  }
  const scores: Record<string, number> = {};
  for (const line of referenceFile(input.run as string).split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length >= 6 && f[0] === query) scores[f[2]] = Number(f[4]);
  }
  return { scores, qrels };
}

/** The users as RankData: each user's items sorted by rank, grades and tie ranges aligned. */
function rankData(users: User[]): RankData {
  const sorted = users.map((u) => [...u.items].sort((a, b) => a.rank - b.rank));
  const data = groupedRankData(
    'case',
    sorted.map((items) => items.map((i) => i.rank)),
    users.map((u) => u.n),
  );
  const flat = sorted.flat();
  return {
    ...data,
    relevance: Float64Array.from(flat, (i) => i.grade),
    ties: {
      low: Float64Array.from(flat, (i) => i.low ?? i.rank),
      high: Float64Array.from(flat, (i) => i.high ?? i.rank),
    },
  };
}

function valueOf({ users, variant, k, ties }: Converted): number {
  const data = rankData(users);
  if (variant === 'dcg-linear') {
    const [user] = userRanksOf(data, 0, ties);
    return expectedDcg(user, k, 'linear');
  }
  return variantValues(data, { cutoff: k, itemCount: 0, ties }, [variantById(variant)])[0].value;
}

/** RecBole's GAUC cases: per user n candidates, p positives with a given rank sum (GAUC reads only the sum). */
function recboleGauc(c: ReferenceCase): number {
  const n = c.input.n_candidates as number[];
  const p = c.input.n_positive as number[];
  const sums = c.input.positive_rank_sum as number[];
  const users: UserRanks[] = n.map((count, u) => {
    // p = n: the only ranks are 1..n (the case's sum is not reachable; RecBole skips such a user anyway).
    const ranks = p[u] === count ? Array.from({ length: count }, (_, i) => i + 1) : ranksWithSum(count, p[u], sums[u]);
    return {
      itemCount: count,
      weight: 1,
      relevantCount: ranks.length,
      groups: ranks.map((r) => ({ low: r, high: r, grades: [1] })),
    };
  });
  return variantById('gauc-recbole').value(users, { cutoff: 1 });
}

describe('metric_cases.json under the variant each source computes', () => {
  const checked = new Set<string>();
  for (const c of REFERENCE_CASES) {
    if (NOT_A_METRIC(c)) continue;
    checked.add(c.id);
    const repo = sourceOf(c);
    it(`${c.id} (${repo}, ${c.metric}${c.k ? `@${c.k}` : ''}): ${variantOf(c)} gives ${c.expected} — "${c.definition}"`, () => {
      const value = c.input.type === 'rank_sums' ? recboleGauc(c) : valueOf(convert(c));
      expectClose(value, c.expected, c.tolerance ?? 1e-12);
    });
  }

  it('every case is checked here, except the sampled-rank probabilities (not a metric definition)', () => {
    const left = REFERENCE_CASES.filter((c) => !checked.has(c.id) && !NOT_A_METRIC(c));
    expect(left.map((c) => c.id)).toEqual([]);
    expect(REFERENCE_CASES.filter(NOT_A_METRIC).every((c) => c.id.startsWith('sampled_rank_'))).toBe(true);
  });

  it('the graded and tied cases that metrics.test.ts skips under K&R’s binary definitions are among them', () => {
    for (const id of ['ranx_ndcg_jarvelin_pred1', 'ranx_ndcg_burges_pred1', 'sk_ndcg_ties_k1', 'sk_dcg_all_tied']) {
      expect(checked.has(id)).toBe(true);
    }
  });

  it('rs_metrics’ MAP: Tamm et al. say / |R|, the case’s definition says / min(|R|, K); with |R| = K = 2 both give 0.375', () => {
    const c = REFERENCE_CASES.find((x) => x.id === 'rsm_map_2users')!;
    const converted = convert(c);
    expectClose(valueOf({ ...converted, variant: 'ap-r' }), 0.375, 1e-15);
    expectClose(valueOf({ ...converted, variant: 'ap-min' }), 0.375, 1e-15);
  });
});
