/**
 * The negatives-file audit on literal samplers: a correct one raises no flag; each planted defect raises its own —
 * repeats in a list, the user's test item among its negatives (NCF's ml-1m file), training items leaking in, WarpRec's
 * m smallest ids of 2m draws, popularity sampling where uniform was meant (recognised as popularity sampling).
 */
import { describe, expect, it } from 'vitest';
import type { RandomSource } from '../random.ts';
import { createRandom } from '../random.ts';
import { auditNegatives } from './negativesAudit.ts';

const ITEMS = 2000;
const USERS = 1500;
const M = 99;

/** A catalogue with Zipf popularity in a random order of ids, users with 20..60 training items and one test item. */
function world(seed: number) {
  const random = createRandom(seed);
  const popularity = Float64Array.from({ length: ITEMS }, (_, s) => Math.round(5000 / (1 + s)));
  for (let s = ITEMS - 1; s > 0; s--) {
    const t = random.nextInt(s + 1);
    [popularity[s], popularity[t]] = [popularity[t], popularity[s]];
  }
  const train = new Map<string, Set<number>>();
  const test = new Map<string, Set<number>>();
  for (let u = 0; u < USERS; u++) {
    const items = new Set<number>();
    while (items.size < 20 + random.nextInt(41)) items.add(random.nextInt(ITEMS));
    const [first, ...rest] = [...items];
    test.set(`u${u}`, new Set([first]));
    train.set(`u${u}`, new Set(rest));
  }
  return { random, popularity, train, test };
}

type Sampler = (random: RandomSource, pool: number[], user: string) => number[];

function lists(sampler: Sampler, seed: number) {
  const w = world(seed);
  const out = new Map<string, number[]>();
  for (const [user, trained] of w.train) {
    const own = w.test.get(user)!;
    const pool: number[] = [];
    for (let id = 0; id < ITEMS; id++) if (!trained.has(id) && !own.has(id)) pool.push(id);
    out.set(user, sampler(w.random, pool, user));
  }
  return { ...w, lists: out };
}

const withoutReplacement: Sampler = (random, pool) => {
  const items = [...pool];
  for (let t = 0; t < M; t++) {
    const s = t + random.nextInt(items.length - t);
    [items[t], items[s]] = [items[s], items[t]];
  }
  return items.slice(0, M);
};

describe('the negatives-file audit', () => {
  it('raises no flag for a correct sampler (uniform without replacement from each user’s pool)', () => {
    const w = lists(withoutReplacement, 1);
    const audit = auditNegatives({ ...w, itemCount: ITEMS });
    expect(audit.flags).toEqual([]);
    expect(audit.lists).toBe(USERS);
    expect(audit.negatives).toBe(USERS * M);
    expect(audit.uniformity.pValue).toBeGreaterThan(0.01);
    expect(audit.popularity!.uniform.pValue).toBeGreaterThan(0.01);
  });

  it('flags repeats and the user’s own test item among its negatives (NCF’s file)', () => {
    const w = lists(withoutReplacement, 2);
    for (const [user, list] of w.lists) {
      const u = Number(user.slice(1));
      if (u % 40 === 0) list[0] = [...w.test.get(user)!][0];
      if (u % 50 === 1) list[1] = list[2];
    }
    const audit = auditNegatives({ ...w, itemCount: ITEMS });
    expect(audit.positivesAmongNegatives!.lists).toBe(Math.ceil(USERS / 40));
    expect(audit.duplicates.lists).toBe(USERS / 50);
    expect(audit.flags.some((f) => f.includes('own test item'))).toBe(true);
    expect(audit.flags.some((f) => f.includes('repeat an item'))).toBe(true);
    expect(
      auditNegatives({ ...w, itemCount: ITEMS, withReplacement: true }).flags.some((f) => f.includes('repeat')),
    ).toBe(false);
  });

  it('flags training items leaking into the pool', () => {
    const trained = world(3).train;
    const w = lists((random, pool, user) => {
      const list = withoutReplacement(random, pool, user);
      list[0] = [...trained.get(user)!][0];
      return list;
    }, 3);
    expect(auditNegatives({ ...w, itemCount: ITEMS }).trainingAmongNegatives!.lists).toBe(USERS);
  });

  it('flags WarpRec’s m smallest ids of 2m draws as not uniform over the ids', () => {
    const warprec: Sampler = (random, pool) =>
      [...new Set(Array.from({ length: 2 * M }, () => pool[random.nextInt(pool.length)]))]
        .sort((a, b) => a - b)
        .slice(0, M);
    const audit = auditNegatives({ ...lists(warprec, 4), itemCount: ITEMS });
    expect(audit.uniformity.pValue).toBeLessThan(1e-12);
    expect(audit.flags.some((f) => f.includes('not uniform over the item ids'))).toBe(true);
    // The plot: the ids' upper half holds next to none of them.
    const { observed } = audit.uniformity.bins;
    const upper = observed.slice(observed.length / 2).reduce((s, c) => s + c, 0);
    expect(upper / audit.negatives).toBeLessThan(0.1);
  });

  it('recognises popularity sampling where uniform was meant', () => {
    const w0 = world(5);
    const popular: Sampler = (random, pool) => {
      const cumulative: number[] = [];
      let total = 0;
      for (const id of pool) cumulative.push((total += w0.popularity[id]));
      return Array.from({ length: M }, () => {
        const u = random.next() * total;
        let lo = 0;
        let hi = cumulative.length - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (cumulative[mid] > u) hi = mid;
          else lo = mid + 1;
        }
        return pool[lo];
      });
    };
    const audit = auditNegatives({ ...lists(popular, 5), itemCount: ITEMS, withReplacement: true });
    expect(audit.popularity!.uniform.pValue).toBeLessThan(1e-12);
    expect(audit.popularity!.popularity.pValue).toBeGreaterThan(0.01);
    expect(audit.flags.some((f) => f.endsWith('they follow popularity sampling'))).toBe(true);
  });
});
