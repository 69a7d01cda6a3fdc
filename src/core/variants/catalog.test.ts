/**
 * The variants of Tamm et al. (RecSys 2021) against an independent oracle: each variant written again the way the
 * library computes it, as a loop over a user's ranked list of n items (relevant or not, with grades), and the tie
 * rules by enumerating every order of every tie group (random = the plain average over the orders; optimistic and
 * pessimistic = the one order with the relevant items first / last). The users are drawn from a seeded generator
 * with scores from a few values, so that ties occur, sometimes with several relevant items in one group.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { groupedRankData, type RankData } from '../rankData.ts';
import { createRandom } from '../random.ts';
import { TIE_RULES, type TieRule } from '../ties/tieRule.ts';
import { userRanksOf } from '../ties/userRanks.ts';
import { METRIC_VARIANTS, variantById, variantValues } from './catalog.ts';
import { expectedDcg } from './ndcg.ts';
import { TAMM_LIBRARIES } from './variant.ts';

/** One item of a user's ranked list. */
interface Slot {
  relevant: boolean;
  grade: number;
}
type List = Slot[];

// ——— The oracle: each variant as a loop over a best-first list, as the libraries write it. ———

const hitsIn = (list: List, k: number) => list.slice(0, k).filter((s) => s.relevant).length;
const relevantOf = (list: List) => list.filter((s) => s.relevant);

function dcgOf(list: List, k: number, gain: (g: number) => number, log: (x: number) => number): number {
  return list.slice(0, k).reduce((s, slot, i) => s + (slot.relevant ? gain(slot.grade) / log(i + 2) : 0), 0);
}
function idealOf(list: List, count: number, gain: (g: number) => number, log: (x: number) => number): number {
  const grades = relevantOf(list)
    .map((s) => gain(s.grade))
    .sort((a, b) => b - a)
    .slice(0, count);
  return grades.reduce((s, g, i) => s + g / log(i + 2), 0);
}
function precisionSum(list: List, k: number): number {
  let seen = 0;
  let s = 0;
  list.slice(0, k).forEach((slot, i) => {
    if (slot.relevant) s += ++seen / (i + 1);
  });
  return s;
}
function userAuc(list: List): number {
  const p = relevantOf(list).length;
  let pairs = 0;
  let negativesBelow = list.length - p;
  for (const slot of list) {
    if (slot.relevant) pairs += negativesBelow;
    else negativesBelow--;
  }
  return p === 0 || p === list.length ? 0 : pairs / (p * (list.length - p));
}
/** RePlay's RocAuc._get_metric_value_by_user. */
function replayAucAtK(list: List, k: number): number {
  const length = Math.min(k, list.length);
  let fpCur = 0;
  let fpCum = 0;
  for (const slot of list.slice(0, length)) {
    if (slot.relevant) fpCum += fpCur;
    else fpCur++;
  }
  if (fpCur === length) return 0;
  if (fpCum === 0) return 1;
  return 1 - fpCum / (fpCur * (length - fpCur));
}
/** Elliot's LAUC, with n − |R| irrelevant items. */
function elliotLauc(list: List, k: number): number {
  const r = relevantOf(list).length;
  const neg = list.length - r;
  let s = 0;
  let p = 0;
  list.slice(0, k).forEach((slot, rank0) => {
    if (slot.relevant) s += (neg - rank0 + p++) / neg;
  });
  return s / Math.min(k, r);
}

const exp2 = (g: number) => 2 ** g - 1;
/** A DCG over its ideal; 0 when the ideal is 0 (every grade 0), as DaisyRec and DL RS Evaluation return. */
const ratio = (dcg: number, ideal: number) => (ideal > 0 ? dcg / ideal : 0);
const one = () => 1;
const same = (g: number) => g;

/** The per-user value of each per-user variant, by id. */
const ORACLE: Record<string, (list: List, k: number) => number> = {
  hitrate: (l, k) => (hitsIn(l, k) > 0 ? 1 : 0),
  'hitrate-count': (l, k) => hitsIn(l, k),
  'hitrate-recall': (l, k) => hitsIn(l, k) / relevantOf(l).length,
  'ap-min': (l, k) => precisionSum(l, k) / Math.min(k, relevantOf(l).length),
  'ap-r': (l, k) => precisionSum(l, k) / relevantOf(l).length,
  'ap-k': (l, k) => precisionSum(l, k) / k,
  'ap-elliot': (l, k) => {
    let s = 0;
    for (let j = 1; j <= k; j++) s += hitsIn(l, j) / j;
    return s / k;
  },
  mrr: (l, k) => {
    const first = l.slice(0, k).findIndex((s) => s.relevant);
    return first < 0 ? 0 : 1 / (first + 1);
  },
  'mrr-sum': (l, k) => l.slice(0, k).reduce((s, slot, i) => s + (slot.relevant ? 1 / (i + 1) : 0), 0),
  ndcg: (l, k) => ratio(dcgOf(l, k, one, Math.log2), idealOf(l, Math.min(k, relevantOf(l).length), one, Math.log2)),
  'ndcg-exp': (l, k) =>
    ratio(dcgOf(l, k, exp2, Math.log2), idealOf(l, Math.min(k, relevantOf(l).length), exp2, Math.log2)),
  'ndcg-linear': (l, k) =>
    ratio(dcgOf(l, k, same, Math.log2), idealOf(l, Math.min(k, relevantOf(l).length), same, Math.log2)),
  'ndcg-ln-all': (l, k) => ratio(dcgOf(l, k, exp2, Math.log), idealOf(l, relevantOf(l).length, exp2, Math.log)),
  dcg: (l, k) => dcgOf(l, k, one, Math.log2),
  precision: (l, k) => hitsIn(l, k) / k,
  recall: (l, k) => hitsIn(l, k) / relevantOf(l).length,
  'recall-min': (l, k) => hitsIn(l, k) / Math.min(k, relevantOf(l).length),
  gauc: (l) => userAuc(l),
  'gauc@k': (l, k) => replayAucAtK(l, k),
  'lauc@k': (l, k) => elliotLauc(l, k),
};

/** Stacked AUC with score −position: every (relevant of u, irrelevant of v) pair, position ties ½. */
function stackedAuc(lists: List[]): number {
  let pairs = 0;
  let positives = 0;
  let negatives = 0;
  for (const a of lists) {
    positives += relevantOf(a).length;
    negatives += a.length - relevantOf(a).length;
    a.forEach((slot, i) => {
      if (!slot.relevant) return;
      for (const b of lists) {
        b.forEach((other, j) => {
          if (!other.relevant) pairs += i < j ? 1 : i === j ? 0.5 : 0;
        });
      }
    });
  }
  return pairs / (positives * negatives);
}

// ——— Users with tied scores, and every order of their tie groups. ———

interface TiedUser {
  /** Tie groups best first: the items sharing a score. */
  groups: Slot[][];
}

function randomUser(random: () => number): TiedUser {
  const n = 6 + Math.floor(random() * 5);
  const relevantCount = 1 + Math.floor(random() * Math.min(4, n - 2));
  const slots: Slot[] = Array.from({ length: n }, (_, i) => ({
    relevant: i < relevantCount,
    grade: i < relevantCount ? Math.floor(random() * 4) : 0,
  }));
  // Scores from four values: groups of tied items, cut at random.
  const order = slots.map((slot) => ({ slot, key: random() })).sort((a, b) => a.key - b.key);
  const groups: Slot[][] = [];
  for (const { slot } of order) {
    if (groups.length === 0 || random() < 0.45) groups.push([]);
    groups[groups.length - 1].push(slot);
  }
  return { groups };
}

function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const p of permutations(rest)) yield [items[i], ...p];
  }
}

/** Every order of the user's list (each group permuted, groups in place), each as likely. */
function allOrders(user: TiedUser): List[] {
  let lists: List[] = [[]];
  for (const group of user.groups) {
    const next: List[] = [];
    for (const prefix of lists) for (const p of permutations(group)) next.push([...prefix, ...p]);
    lists = next;
  }
  return lists;
}

/** The order of a deterministic tie rule: relevant first (best grade first) or last (lowest grade first). */
function ruleOrder(user: TiedUser, rule: 'optimistic' | 'pessimistic'): List {
  return user.groups.flatMap((group) => {
    const relevant = group
      .filter((s) => s.relevant)
      .sort((a, b) => (rule === 'optimistic' ? b.grade - a.grade : a.grade - b.grade));
    const irrelevant = group.filter((s) => !s.relevant);
    return rule === 'optimistic' ? [...relevant, ...irrelevant] : [...irrelevant, ...relevant];
  });
}

/** The rank file of the users: each relevant item's rank in one drawn order, its group's range, its grade. */
function rankDataOf(users: TiedUser[], random: () => number): RankData {
  const groups: number[][] = [];
  const low: number[] = [];
  const high: number[] = [];
  const grades: number[] = [];
  const itemCounts: number[] = [];
  for (const user of users) {
    const ranks: number[] = [];
    let position = 1;
    for (const group of user.groups) {
      const drawn = [...group].sort(() => random() - 0.5);
      drawn.forEach((slot, i) => {
        if (!slot.relevant) return;
        ranks.push(position + i);
        low.push(position);
        high.push(position + group.length - 1);
        grades.push(slot.grade);
      });
      position += group.length;
    }
    groups.push(ranks);
    itemCounts.push(position - 1);
  }
  // Ranks within a user are in increasing order already (groups best first, drawn order within a group sorted below).
  const data = groupedRankData('T', groups, itemCounts);
  return sortedWithColumns(data, groups, low, high, grades);
}

/** groupedRankData sorts each user's ranks; carry the aligned columns along. */
function sortedWithColumns(
  data: RankData,
  groups: number[][],
  low: number[],
  high: number[],
  grades: number[],
): RankData {
  const out = {
    low: new Float64Array(low.length),
    high: new Float64Array(low.length),
    grade: new Float64Array(low.length),
  };
  let j = 0;
  groups.forEach((ranks, u) => {
    const order = ranks.map((r, i) => [r, i] as const).sort((a, b) => a[0] - b[0]);
    order.forEach(([, i], t) => {
      out.low[data.offsets[u] + t] = low[j + i];
      out.high[data.offsets[u] + t] = high[j + i];
      out.grade[data.offsets[u] + t] = grades[j + i];
    });
    j += ranks.length;
  });
  return { ...data, relevance: out.grade, ties: { low: out.low, high: out.high } };
}

function seeded(seed: number): () => number {
  const source = createRandom(seed);
  return () => source.next();
}

function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

describe('every variant under every tie rule equals the library-style loop averaged over the tie orders', () => {
  const random = seeded(20210927);
  const users = Array.from({ length: 14 }, () => randomUser(random));
  const data = rankDataOf(users, random);
  const orders = users.map(allOrders);

  it('the constructed users have ties, and some tie groups hold several relevant items', () => {
    const groups = users.flatMap((u) => u.groups);
    expect(groups.some((g) => g.length > 1)).toBe(true);
    expect(groups.some((g) => g.filter((s) => s.relevant).length > 1)).toBe(true);
    expect(Math.max(...orders.map((o) => o.length))).toBeLessThan(20000);
  });

  for (const k of [1, 3, 5]) {
    for (const rule of [undefined, ...TIE_RULES] as (TieRule | undefined)[]) {
      it(`K = ${k}, ties ${rule ?? 'as drawn'}: all ${METRIC_VARIANTS.length} variants within 1e-12`, () => {
        const got = new Map(
          variantValues(data, { cutoff: k, itemCount: 100, ties: rule }).map((v) => [v.variant.id, v.value]),
        );
        const listsOf = (u: number): List[] => {
          if (rule === 'random') return orders[u];
          if (rule === 'optimistic' || rule === 'pessimistic') return [ruleOrder(users[u], rule)];
          return [drawnList(data, u)];
        };
        for (const [id, perUser] of Object.entries(ORACLE)) {
          const expected = mean(users.map((_, u) => mean(listsOf(u).map((l) => perUser(l, k)))));
          expectClose(got.get(id)!, expected, 1e-12, `${id}`);
        }
        // RecBole's weights |R_u| do not depend on the order: the mean of the weighted mean is the weighted mean
        // of each user's mean over its orders.
        const weights = users.map((_, u) => relevantOf(listsOf(u)[0]).length);
        const weighted = users.reduce((s, _, u) => s + weights[u] * mean(listsOf(u).map(userAuc)), 0);
        expectClose(got.get('gauc-recbole')!, weighted / weights.reduce((a, b) => a + b), 1e-12, 'gauc-recbole');
      });
    }
  }

  it('the stacked AUC (score = −rank) equals the pair count over all users, for every tie rule', () => {
    // Three users keep the joint enumeration of their orders small.
    const few = users.filter((_, u) => orders[u].length <= 48).slice(0, 3);
    const fewData = rankDataOf(few, seeded(7));
    const fewOrders = few.map(allOrders);
    for (const rule of TIE_RULES) {
      const got = variantValues(fewData, { cutoff: 3, itemCount: 100, ties: rule }, [variantById('sauc')])[0].value;
      const expected =
        rule === 'random' ? randomAverage(fewOrders, stackedAuc) : stackedAuc(few.map((user) => ruleOrder(user, rule)));
      expectClose(got, expected, 1e-12, `sauc ${rule}`);
    }
  });
});

/** The user's list in the order the rank column gives (ties as drawn). */
function drawnList(data: RankData, u: number): List {
  const n = data.itemCounts![u];
  const list: List = Array.from({ length: n }, () => ({ relevant: false, grade: 0 }));
  for (let j = data.offsets[u]; j < data.offsets[u + 1]; j++)
    list[data.ranks[j] - 1] = { relevant: true, grade: data.relevance![j] };
  return list;
}

/** The mean of f over every combination of the users' orders (the users are independent). */
function randomAverage(orders: List[][], f: (lists: List[]) => number): number {
  let sum = 0;
  let count = 0;
  const pick: List[] = [];
  const visit = (u: number) => {
    if (u === orders.length) {
      sum += f(pick);
      count++;
      return;
    }
    for (const list of orders[u]) {
      pick[u] = list;
      visit(u + 1);
    }
  };
  if (orders.reduce((p, o) => p * o.length, 1) > 2e6) throw new Error('too many combinations');
  visit(0);
  return sum / count;
}

describe('the libraries of Tamm et al.’s Table 1', () => {
  it('Precision and Recall have one definition, shared by all ten libraries (0.058 and 0.096 in every row)', () => {
    for (const id of ['precision', 'recall']) expect(variantById(id).libraries).toEqual(TAMM_LIBRARIES);
    const byMetric = (metric: string) => METRIC_VARIANTS.filter((v) => v.metric === metric && v.libraries.length > 0);
    expect(byMetric('precision').map((v) => v.id)).toEqual(['precision']);
    expect(byMetric('recall').map((v) => v.id)).toEqual(['recall']);
  });

  it('every library named is one of the ten, and ids are unique', () => {
    for (const variant of METRIC_VARIANTS) {
      for (const name of variant.libraries) expect(TAMM_LIBRARIES.some((lib) => name.startsWith(lib))).toBe(true);
    }
    expect(new Set(METRIC_VARIANTS.map((v) => v.id)).size).toBe(METRIC_VARIANTS.length);
  });

  it('each library computes at most one reading of HitRate, MAP, MRR and NDCG (Table 1 has one value per cell)', () => {
    for (const metric of ['hitrate', 'ap', 'mrr', 'ndcg'] as const) {
      const names = METRIC_VARIANTS.filter((v) => v.metric === metric).flatMap((v) => v.libraries);
      expect(new Set(names).size, metric).toBe(names.length);
    }
  });

  it('every variant has a label, a LaTeX formula and a finite value', () => {
    const data = groupedRankData('A', [[1, 3], [2], [5, 6, 9]], null);
    for (const { variant, value } of variantValues(data, { cutoff: 4, itemCount: 10 })) {
      expect(variant.label.length).toBeGreaterThan(3);
      expect(variant.formula).toMatch(/\\/);
      expect(Number.isFinite(value)).toBe(true);
    }
  });
});

describe('the relations behind Tamm et al.’s Table 1, on a constructed example', () => {
  // Six users among n = 50 items, K = 5: |R| below, at and above K; grades 4.5 and 5 (the paper's ratings ≥ 4.5).
  const ranks = [[3], [1, 4], [2, 6, 9], [1, 2, 3, 8, 20, 31, 44], [5, 7, 11, 12, 13, 14, 15, 16], [9, 10, 30, 49]];
  const grades = ranks.map((r, u) => r.map((_, j) => ((u + j) % 2 === 0 ? 5 : 4.5)));
  const K = 5;
  const data = { ...groupedRankData('E', ranks, null), relevance: Float64Array.from(grades.flat()) };
  const v = Object.fromEntries(variantValues(data, { cutoff: K, itemCount: 50 }).map((x) => [x.variant.id, x.value]));
  const binary = Object.fromEntries(
    variantValues(groupedRankData('B', ranks, null), { cutoff: K, itemCount: 50 }).map((x) => [x.variant.id, x.value]),
  );

  it('MAP: denominator K ≤ |R| ≤ min(K, |R|) here (0.023, 0.032 ≤ 0.039 in Table 1); Elliot’s ≥ the K one (0.073)', () => {
    expect(v['ap-k']).toBeLessThan(v['ap-min']);
    expect(v['ap-r']).toBeLessThan(v['ap-min']);
    expect(v['ap-elliot']).toBeGreaterThan(v['ap-k']);
  });

  it('HitRate: counting hits ≥ any hit (1.15 vs 0.475), and is exactly K × Precision@K (1.15 ≈ 20 × 0.058)', () => {
    expect(v['hitrate-count']).toBeGreaterThan(v.hitrate);
    expectClose(v['hitrate-count'], K * v.precision, 1e-15);
    expectClose(v['hitrate-recall'], v.recall, 0);
    expect(v.hitrate).toBeGreaterThan(v.recall);
  });

  it('MRR: DaisyRec’s sum over hits ≥ the first hit (0.275 vs 0.186), equal with one relevant item per user', () => {
    expect(v['mrr-sum']).toBeGreaterThan(v.mrr);
    const single = groupedRankData('S', [[3], [1], [7], [2]], null);
    const s = Object.fromEntries(
      variantValues(single, { cutoff: K, itemCount: 50 }).map((x) => [x.variant.id, x.value]),
    );
    expectClose(s['mrr-sum'], s.mrr, 0);
  });

  it('NDCG: OpenRec’s unnormalised DCG ≥ NDCG (0.463 vs 0.093); grades change NDCG (Elliot 0.09 vs 0.093)', () => {
    expect(v.dcg).toBeGreaterThan(v.ndcg);
    expect(Math.abs(v['ndcg-exp'] - v.ndcg)).toBeGreaterThan(1e-3);
    expect(Math.abs(v['ndcg-linear'] - v.ndcg)).toBeGreaterThan(1e-4);
    // Without grades every relevant item has grade 1: the graded readings are the binary one.
    expectClose(binary['ndcg-exp'], binary.ndcg, 1e-15);
    expectClose(binary['ndcg-linear'], binary.ndcg, 1e-15);
  });

  it('log₂ vs ln: DCG in ln is DCG in log₂ / ln 2, so the base cancels in NDCG; DL RS Evaluation’s lower value (0.08) comes from its ideal DCG over all |R| items', () => {
    const users = userRanksOf(data, 50);
    for (const user of users) {
      expectClose(expectedDcg(user, K, 'exponential', 'ln'), expectedDcg(user, K, 'exponential') / Math.LN2, 1e-13);
    }
    expect(v['ndcg-ln-all']).toBeLessThan(v['ndcg-exp']);
    // With |R| ≤ K for every user the two readings coincide.
    const small = {
      ...groupedRankData('S', ranks.slice(0, 3), null),
      relevance: Float64Array.from(grades.slice(0, 3).flat()),
    };
    const s = Object.fromEntries(
      variantValues(small, { cutoff: K, itemCount: 50 }).map((x) => [x.variant.id, x.value]),
    );
    expectClose(s['ndcg-ln-all'], s['ndcg-exp'], 1e-15);
  });

  it('Recall: Mult-VAE’s min(K, |R|) denominator ≥ |R|, equal when |R| ≤ K', () => {
    expect(v['recall-min']).toBeGreaterThan(v.recall);
    const small = groupedRankData('S', ranks.slice(0, 3), null);
    const s = Object.fromEntries(
      variantValues(small, { cutoff: K, itemCount: 50 }).map((x) => [x.variant.id, x.value]),
    );
    expectClose(s['recall-min'], s.recall, 0);
  });

  it('AUC: RecBole’s |R|-weighted GAUC differs from the mean over users unless every |R| is the same; LAUC@K ≤ GAUC when |R| ≤ K', () => {
    expect(Math.abs(v['gauc-recbole'] - v.gauc)).toBeGreaterThan(1e-3);
    const same = groupedRankData(
      'S',
      [
        [1, 9],
        [4, 30],
        [2, 3],
      ],
      null,
    );
    const s = Object.fromEntries(variantValues(same, { cutoff: K, itemCount: 50 }).map((x) => [x.variant.id, x.value]));
    expectClose(s['gauc-recbole'], s.gauc, 1e-15);
    expect(s['lauc@k']).toBeLessThanOrEqual(s.gauc);
    // GAUC is Krichene & Rendle's AUC (eq 2); GAUC@K looks at the top K only.
    expect(v['gauc@k']).not.toBeCloseTo(v.gauc, 2);
  });
});
