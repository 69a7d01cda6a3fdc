/**
 * Metrics of one relevant item and of a set of relevant items (Krichene & Rendle 2020, eqs 2–13) against
 * independent oracles:
 *  - test/fixtures/reference/metric_cases.json: a verbatim copy of /work/shared/reference/metric_cases.json, cases
 *    from the test suites of RecBole, ranx, pytrec_eval, ir_measures, scikit-learn, rs_metrics and trec_eval (each
 *    case names its repository, path and commit) plus sampled-rank probabilities computed with scipy;
 *  - test/fixtures/set-metrics.json: scikit-learn 1.2.1 (roc_auc_score, ndcg_score, average_precision_score) and a
 *    direct Python transcription of eqs 3–5 (scripts/fixtures/set_metrics.py);
 *  - test/fixtures/paper-tables.json: Table 1 of the paper as printed (3 decimals).
 *
 * The core computes metrics from the ranks of the relevant items; the adapters below turn each case's input
 * (relevance lists, scores, rankings, TREC files) into ranks. That conversion is the harness, not the oracle:
 * ties are broken as the source does (trec_eval: score descending, then docno descending) and relevant items that
 * the source never retrieved are placed after the retrieved list, with the cut-off K set to the list length, which
 * is how trec_eval and ir_measures score unretrieved relevant documents (they contribute 0, but count in |R|).
 *
 * SKIPPED metric_cases.json cases (variants the core does not implement), kept explicit for review:
 *   graded relevance (gain = relevance grade or 2^rel − 1, not binary):
 *     ranx_ndcg_jarvelin_pred1, ranx_ndcg_jarvelin_pred2, ranx_ndcg_burges_pred1,
 *     sk_ndcg_doc1, sk_ndcg_doc2, sk_ndcg_doc2_k4
 *   graded relevance and tied scores with averaged gains (sklearn ignore_ties=false):
 *     sk_ndcg_ties_k1, sk_dcg_all_tied
 *   unnormalised DCG with graded gains (not a metric of the paper): sk_dcg_doc1
 * No case needs the AP variant with denominator |R| under a cut-off K < |R| (eq 5 uses min(|R|, K)): in every AP
 * case here |R| ≤ K, so both conventions coincide; such a case would be skipped.
 * Every other case is checked (the test below fails if a case is neither checked nor listed as skipped).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import type { ReferenceCase } from '../../test/referenceCases.ts';
import { orderByScore, ranksWithSum, REFERENCE_CASES, referenceFile, sourceOf } from '../../test/referenceCases.ts';
import {
  exactMetric,
  groupedRankData,
  logSampledRankPmf,
  metricAtRank,
  metricCurve,
  metricOfRanks,
  parseMetric,
  sampledRankPmf,
  singleRankData,
  type Sampling,
} from './index.ts';

const fixture = (path: string): string => readFileSync(new URL(`../../test/fixtures/${path}`, import.meta.url), 'utf8');

const SKIPPED: Record<string, string> = {
  ranx_ndcg_jarvelin_pred1: 'graded relevance (gain = grade)',
  ranx_ndcg_jarvelin_pred2: 'graded relevance (gain = grade)',
  ranx_ndcg_burges_pred1: 'graded relevance (gain = 2^grade − 1)',
  sk_ndcg_doc1: 'graded relevance (gain = y_true)',
  sk_ndcg_doc2: 'graded relevance (gain = y_true)',
  sk_ndcg_doc2_k4: 'graded relevance (gain = y_true)',
  sk_ndcg_ties_k1: 'graded relevance and tied scores (averaged gain)',
  sk_dcg_all_tied: 'unnormalised DCG, graded, all scores tied',
  sk_dcg_doc1: 'unnormalised DCG with graded gains',
};

/** Default tolerance of metric_cases.json ("absolute tolerance if not ~1e-12"). */
const DEFAULT_TOLERANCE = 1e-12;

/** A set of relevant ranks, the catalogue size and the metric id (eqs 2–6) that reproduce a case. */
interface Converted {
  ranks: number[];
  itemCount: number;
  metric: string;
}

/** Ranks of the relevant items in a best-first list; relevant items not in the list go right after it. */
function ranksFromList(list: readonly unknown[], relevant: ReadonlySet<string>): { ranks: number[]; length: number } {
  const ranks: number[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const key = String(item);
    if (relevant.has(key) && !seen.has(key)) ranks.push(i + 1);
    seen.add(key);
  });
  let next = list.length + 1;
  for (const item of relevant) if (!seen.has(item)) ranks.push(next++);
  return { ranks: ranks.sort((a, b) => a - b), length: list.length };
}

/**
 * Maps the source's metric name to the core's: recall/hit/success@K of a set → `recall@K` (hit and success are
 * recall@K of the best relevant item alone, as are MRR/recip_rank with AP of the best relevant item), precision@K,
 * AP (eq 5; map@K uses min(|R|, K)), NDCG (eq 6, binary gains). Returns null for unknown names.
 */
function coreMetric(name: string, k: number | null, listLength: number, fullList: boolean): string {
  const cut = k ?? (fullList ? listLength : null);
  const at = (base: string) => (cut === null ? base : `${base}@${cut}`);
  const n = name.toLowerCase();
  if (n.startsWith('ndcg')) return at('ndcg');
  if (n === 'map' || n.startsWith('ap') || n === 'average_precision') return at('ap');
  if (n.startsWith('recall')) return at('recall');
  if (n.startsWith('precision') || n.startsWith('p_')) return at('precision');
  throw new Error(`no core metric for "${name}"`);
}

const FIRST_ONLY = (name: string) => /^(mrr|recip_rank|hit)/i.test(name);

function convertTopk(c: ReferenceCase): Converted {
  const rel = c.input.rel as number[];
  const nRelevant = c.input.n_relevant as number;
  const hits = rel.flatMap((x, i) => (x > 0 ? [i + 1] : []));
  const ranks = [...hits];
  for (let extra = rel.length + 1; ranks.length < nRelevant; extra++) ranks.push(extra);
  const itemCount = rel.length + nRelevant + 1;
  if (FIRST_ONLY(c.metric)) return { ranks: [Math.min(...ranks)], itemCount, metric: `ap@${c.k}` };
  return { ranks, itemCount, metric: coreMetric(c.metric, c.k, rel.length, false) };
}

function convertRankingQrels(c: ReferenceCase): Converted {
  const ranking = c.input.ranking as unknown[];
  const qrels = c.input.qrels as Record<string, number>;
  const relevant = new Set(Object.keys(qrels).filter((d) => qrels[d] > 0));
  const { ranks, length } = ranksFromList(ranking, relevant);
  const itemCount = length + relevant.size + 1;
  if (FIRST_ONLY(c.metric)) return { ranks: [ranks[0]], itemCount, metric: `ap@${c.k ?? length}` };
  return { ranks, itemCount, metric: coreMetric(c.metric, c.k, length, true) };
}

function convertScoresQrels(c: ReferenceCase): Converted {
  const scores = c.input.scores as Record<string, number>;
  const qrels = c.input.qrels as Record<string, number>;
  const relevant = new Set(Object.keys(qrels).filter((d) => qrels[d] > 0));
  const order = orderByScore(scores);
  const { ranks, length } = ranksFromList(order, relevant);
  const unretrieved = ranks.some((r) => r > length);
  const itemCount = length + (unretrieved ? relevant.size : 0);
  if (/^(hit|success)/i.test(c.metric)) return { ranks: [ranks[0]], itemCount, metric: `recall@${c.k}` };
  // Full-list metrics over a retrieved list are eq 5/6 with K = the list length (unretrieved relevant items count
  // in |R| but never score), which equals the untruncated metric when every relevant item was retrieved.
  return { ranks, itemCount, metric: coreMetric(c.metric, c.k, length, unretrieved) };
}

function convertLabelsScores(c: ReferenceCase): Converted {
  const yTrue = c.input.y_true as number[];
  const yScore = c.input.y_score as number[];
  if (new Set(yScore).size !== yScore.length || yTrue.some((y) => y !== 0 && y !== 1)) {
    throw new Error(`${c.id}: ties or graded labels are not a binary set`);
  }
  const order = yScore.map((_, i) => i).sort((a, b) => yScore[b] - yScore[a]);
  const ranks = order.flatMap((item, p) => (yTrue[item] === 1 ? [p + 1] : [])).sort((a, b) => a - b);
  const metric = c.metric === 'roc_auc' ? 'auc' : c.metric === 'average_precision' ? 'ap' : c.metric;
  return { ranks, itemCount: yTrue.length, metric };
}

interface TrecRun {
  qrels: Map<string, Map<string, number>>;
  runs: Map<string, { docno: string; score: number }[]>;
}
let trec: TrecRun | null = null;
function trecFiles(qrelsPath: string, runPath: string): TrecRun {
  if (trec) return trec;
  const qrels = new Map<string, Map<string, number>>();
  for (const line of referenceFile(qrelsPath).split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 4) continue;
    if (!qrels.has(f[0])) qrels.set(f[0], new Map());
    qrels.get(f[0])!.set(f[2], Number(f[3]));
  }
  const runs = new Map<string, { docno: string; score: number }[]>();
  for (const line of referenceFile(runPath).split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6) continue;
    if (!runs.has(f[0])) runs.set(f[0], []);
    runs.get(f[0])!.push({ docno: f[2], score: Number(f[4]) });
  }
  trec = { qrels, runs };
  return trec;
}

function convertTrec(c: ReferenceCase): Converted {
  const { qrels, runs } = trecFiles(c.input.qrels as string, c.input.run as string);
  const q = c.input.query as string;
  const judged = qrels.get(q)!;
  const relevant = new Set([...judged.keys()].filter((d) => judged.get(d)! > 0));
  const scores: Record<string, number> = {};
  for (const { docno, score } of runs.get(q)!) scores[docno] = score;
  const order = orderByScore(scores);
  const { ranks, length } = ranksFromList(order, relevant);
  const itemCount = length + relevant.size;
  const name = c.metric.toLowerCase();
  if (name === 'recip_rank') return { ranks: [ranks[0]], itemCount, metric: `ap@${length}` };
  if (name === 'p_10') return { ranks, itemCount, metric: 'precision@10' };
  if (name === 'ndcg_cut_10') return { ranks, itemCount, metric: 'ndcg@10' };
  if (name === 'map') return { ranks, itemCount, metric: `ap@${length}` };
  if (name === 'ndcg') return { ranks, itemCount, metric: `ndcg@${length}` };
  throw new Error(`unknown trec measure ${c.metric}`);
}

function convert(c: ReferenceCase): Converted {
  switch (c.input.type) {
    case 'topk_relevance':
      return convertTopk(c);
    case 'ranking_qrels':
      return convertRankingQrels(c);
    case 'scores_qrels':
      return convertScoresQrels(c);
    case 'labels_scores':
      return convertLabelsScores(c);
    case 'trec_files':
      return convertTrec(c);
  }
  throw new Error(`${c.id}: no single-set conversion for input type ${c.input.type}`);
}

/** Users' metric averaged with equal weights (rs_metrics). */
function usersMean(c: ReferenceCase): number {
  const users = c.input.users as { ranking: unknown[]; relevant: unknown[] }[];
  const k = c.k as number;
  let sum = 0;
  for (const user of users) {
    const relevant = new Set(user.relevant.map(String));
    const { ranks } = ranksFromList(user.ranking, relevant);
    const itemCount = user.ranking.length + relevant.size + 1;
    if (FIRST_ONLY(c.metric)) sum += metricOfRanks(parseMetric(`ap@${k}`), [ranks[0]], itemCount);
    else sum += metricOfRanks(parseMetric(coreMetric(c.metric, k, user.ranking.length, false)), ranks, itemCount);
  }
  return sum / users.length;
}

/** RecBole GAUC: eq 2 per user (it depends on the ranks only through their sum), weighted by |R|, users with
 * 0 < |R| < n; evaluated with the core's exactMetric on grouped rank data (weights = |R|, per-user n). */
function gauc(c: ReferenceCase): number {
  const n = c.input.n_candidates as number[];
  const p = c.input.n_positive as number[];
  const sums = c.input.positive_rank_sum as number[];
  const groups: number[][] = [];
  const counts: number[] = [];
  const itemCounts: number[] = [];
  for (let u = 0; u < n.length; u++) {
    if (p[u] === 0 || p[u] === n[u]) continue;
    groups.push(ranksWithSum(n[u], p[u], sums[u]));
    counts.push(p[u]);
    itemCounts.push(n[u]);
  }
  if (groups.length === 0) return 0; // RecBole's value when no user qualifies
  const data = groupedRankData('gauc', groups, itemCounts, counts);
  return exactMetric(data, parseMetric('auc'), 0);
}

describe('metric_cases.json (reference values from other projects, copied verbatim)', () => {
  const checked = new Set<string>();
  for (const c of REFERENCE_CASES) {
    if (c.id in SKIPPED) continue;
    const tolerance = c.tolerance ?? DEFAULT_TOLERANCE;
    if (c.input.type === 'sampled_rank') {
      checked.add(c.id);
      const { n_items: n, m, true_rank: r, sampled_rank: s } = c.input as unknown as Record<string, number>;
      const sampling: Sampling = c.metric.includes('without') ? 'without-replacement' : 'with-replacement';
      it(`${c.id}: P(r̃ = ${s} | r = ${r}) for n = ${n}, m = ${m}, ${sampling} equals scipy's value (${c.definition})`, () => {
        expectClose(sampledRankPmf(r, n, m, sampling)[s - 1], c.expected, tolerance, 'sampledRankPmf');
        expectClose(Math.exp(logSampledRankPmf(s, r, n, m, sampling)), c.expected, tolerance, 'logSampledRankPmf');
      });
      continue;
    }
    if (c.input.type === 'rank_sums') {
      checked.add(c.id);
      it(`${c.id}: GAUC as the |R|-weighted mean of eq 2 over users equals ${c.expected} (${sourceOf(c)})`, () => {
        expectClose(gauc(c), c.expected, tolerance);
      });
      continue;
    }
    if (c.input.type === 'users_ranking_relevant') {
      checked.add(c.id);
      it(`${c.id}: ${c.metric}@${c.k} averaged over users equals ${c.expected} (${sourceOf(c)})`, () => {
        expectClose(usersMean(c), c.expected, tolerance);
      });
      continue;
    }
    checked.add(c.id);
    it(`${c.id}: ${c.metric}${c.k ? `@${c.k}` : ''} of a binary relevant set equals ${c.expected} (${sourceOf(c)})`, () => {
      const { ranks, itemCount, metric } = convert(c);
      const value = metricOfRanks(parseMetric(metric), ranks, itemCount);
      expectClose(value, c.expected, tolerance, `${metric} of ranks [${ranks.slice(0, 12).join(',')}…] n=${itemCount}`);
    });
  }

  it('every reference case is either checked or listed in the explicit skip list', () => {
    const unaccounted = REFERENCE_CASES.filter((c) => !checked.has(c.id) && !(c.id in SKIPPED)).map((c) => c.id);
    expect(unaccounted).toEqual([]);
    expect(Object.keys(SKIPPED).filter((id) => !REFERENCE_CASES.some((c) => c.id === id))).toEqual([]);
    expect(checked.size + Object.keys(SKIPPED).length).toBe(REFERENCE_CASES.length);
  });
});

interface SetCase {
  n: number;
  ranks: number[];
  metric: string;
  expected: number;
  oracle: 'sklearn' | 'python-eq3-5';
}
const setMetrics = JSON.parse(fixture('set-metrics.json')) as { cases: SetCase[] };

describe('metricOfRanks on sets of relevant ranks (eqs 2–6) vs scikit-learn and a direct Python eq 3–5', () => {
  const groups = new Map<string, SetCase[]>();
  for (const c of setMetrics.cases) {
    const key = `${c.metric} (${c.oracle === 'sklearn' ? 'scikit-learn 1.2.1' : 'Python transcription of eqs 3–5'})`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(c);
  }
  for (const [key, cases] of groups) {
    it(`${key} agrees within 1e-12 absolute on ${cases.length} random and extreme sets (n ∈ {20, 100, 1000}, |R| ∈ {1, 2, 3, 7})`, () => {
      for (const c of cases) {
        const value = metricOfRanks(parseMetric(c.metric), c.ranks, c.n);
        expectClose(value, c.expected, 1e-12, `${c.metric} n=${c.n} R=[${c.ranks}]`);
      }
    });
  }

  it('with |R| = 1 the set metrics reduce to the single-item metrics of eqs 7–13', () => {
    for (const c of setMetrics.cases.filter((x) => x.ranks.length === 1)) {
      const metric = parseMetric(c.metric);
      expectClose(metricAtRank(metric, c.ranks[0], c.n), c.expected, 1e-12, `${c.metric} n=${c.n} r=${c.ranks[0]}`);
    }
  });
});

interface PaperTables {
  setting: { itemCount: number };
  columns: string[];
  table1: { rows: { recommender: string; ranks: number[]; values: Record<string, number> }[] };
}
const tables = JSON.parse(fixture('paper-tables.json')) as PaperTables;

describe('Table 1 of the paper (exact metrics of the toy example, n = 10000; values as printed, 3 decimals)', () => {
  for (const row of tables.table1.rows) {
    for (const column of tables.columns) {
      it(`recommender ${row.recommender}: exact ${column} (AP and NDCG untruncated, eqs 12–13) rounds to the printed ${row.values[column].toFixed(3)}`, () => {
        const data = singleRankData(row.recommender, row.ranks);
        const value = exactMetric(data, parseMetric(column), tables.setting.itemCount);
        // Half a unit in the third decimal, plus rounding slack for values printed from a ...5 boundary.
        expectClose(value, row.values[column], 0.0005 + 1e-12);
      });
    }
  }
});

describe('metric names researchers type (aliases, any case)', () => {
  it.each([
    ['hr@10', 'recall@10'],
    ['HR@10', 'recall@10'],
    ['hitrate@10', 'recall@10'],
    ['HitRate@5', 'recall@5'],
    ['mrr', 'ap'],
    ['MRR@10', 'ap@10'],
    ['map', 'ap'],
    ['map@10', 'ap@10'],
    ['NDCG@10', 'ndcg@10'],
  ])('%s is %s (one relevant item per user)', (alias, id) => {
    expect(parseMetric(alias).id).toBe(id);
  });

  it('an alias keeps its own name in messages, and unknown names list the aliases', () => {
    expect(() => parseMetric('hr')).toThrow('metric "hr" needs a cut-off, e.g. hr@10');
    expect(() => parseMetric('mrt')).toThrow(/recall@K \(= hr@K, hitrate@K\), ap \(= mrr, map\)/);
  });
});

describe('metricCurve (one loop per metric kind)', () => {
  it('is metricAtRank at every rank, cut-offs and a maxRank short of n included, bit for bit', () => {
    const n = 5000;
    for (const id of ['auc', 'precision@7', 'recall@7', 'ap', 'ap@7', 'ndcg', 'ndcg@7', 'ndcg@6000']) {
      const metric = parseMetric(id);
      for (const maxRank of [n, 3]) {
        const curve = metricCurve(metric, n, maxRank);
        expect(curve.length).toBe(maxRank);
        curve.forEach((value, r) => expect(value, `${id} at rank ${r + 1}`).toBe(metricAtRank(metric, r + 1, n)));
      }
    }
  });
});
