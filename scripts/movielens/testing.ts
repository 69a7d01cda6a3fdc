/** Test helpers: small synthetic interaction data in the shape the recommenders read (no MovieLens data). */
import { readFileSync } from 'node:fs';
import { csr } from './data.ts';
import type { Interactions } from './data.ts';

/** Interactions from each user's item list (dense indices; ids are the indices + 1). */
export function interactionsOf(userItems: readonly (readonly number[])[], itemCount: number): Interactions {
  const users = Int32Array.from(userItems.flatMap((items, u) => items.map(() => u)));
  const items = Int32Array.from(userItems.flat());
  const byUser = csr(users, items, userItems.length);
  const byItem = csr(items, users, itemCount);
  return {
    userIds: Int32Array.from(userItems, (_, u) => u + 1),
    itemIds: Int32Array.from({ length: itemCount }, (_, i) => i + 1),
    userOffsets: byUser.offsets,
    userItems: byUser.values,
    itemOffsets: byItem.offsets,
    itemUsers: byItem.values,
  };
}

/** test/fixtures/movielens-models.json (scripts/fixtures/movielens_models.py). */
export interface ModelFixture {
  readonly meta: {
    readonly users: number;
    readonly items: number;
    readonly easeLambda: number;
    readonly pureSvdFactors: number;
    readonly userK: number;
    readonly itemK: number;
    readonly shrink: number;
  };
  readonly userItems: number[][];
  readonly spdMatrix: number[][];
  readonly spdInverse: number[][];
  readonly ease: number[][];
  readonly puresvd: number[][];
  readonly userKnn: number[][];
  readonly itemKnnShrink: number[][];
}

export function modelFixture(): ModelFixture {
  return JSON.parse(readFileSync('test/fixtures/movielens-models.json', 'utf8')) as ModelFixture;
}

/** Every user's score vector, row by row. */
export function allScores(users: number, items: number, score: (user: number, out: Float64Array) => void): number[][] {
  return Array.from({ length: users }, (_, u) => {
    const out = new Float64Array(items);
    score(u, out);
    return Array.from(out);
  });
}
