/**
 * The leaderboard's recommenders against numpy on a small synthetic matrix (test/fixtures/movielens-models.json,
 * written by scripts/fixtures/movielens_models.py from each paper's formula, dense).
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/core/random.ts';
import { expectClose } from '../../test/expectClose.ts';
import { easeScores, trainEase } from './ease.ts';
import { spdInverse } from './inverse.ts';
import { cooccurrence, neighbourModel, neighbourScores, shrunkCosine } from './itemknn.ts';
import { pureSvdScores, symmetricEigen, trainPureSvd } from './puresvd.ts';
import { allScores, interactionsOf, modelFixture } from './testing.ts';
import { userKnnScores, userNeighbours } from './userknn.ts';

const fixture = modelFixture();
const { users: U, items: I } = fixture.meta;
const data = interactionsOf(fixture.userItems, I);

function expectRows(actual: number[][], expected: number[][], tolerance: number, what: string): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((row, u) => expectClose(row, expected[u], tolerance, `${what}, row ${u}`));
}

describe('leaderboard recommenders against numpy', () => {
  it('spdInverse inverts a 45 × 45 positive definite matrix (a full and a partial block) as numpy.linalg.inv', () => {
    const n = fixture.spdMatrix.length;
    const a = Float64Array.from(fixture.spdMatrix.flat());
    spdInverse(a, n);
    expectClose(a, fixture.spdInverse.flat(), 1e-13, 'inverse');
  });

  it('spdInverse refuses a matrix that is not positive definite', () => {
    expect(() => spdInverse(Float64Array.from([1, 2, 2, 1]), 2)).toThrow(/not positive definite/);
  });

  it('EASE (Steck eq 8) scores X·B, B = I − P·diag(1/diag P), P = (XᵀX + λI)⁻¹', () => {
    const model = trainEase(cooccurrence(data), I, fixture.meta.easeLambda);
    expectRows(
      allScores(U, I, (u, out) => easeScores(model, data, u, out)),
      fixture.ease,
      1e-12,
      'EASE',
    );
  });

  it('PureSVD scores r_u V_f V_fᵀ with V_f the top right singular vectors (numpy.linalg.svd)', () => {
    const f = fixture.meta.pureSvdFactors;
    const model = trainPureSvd(data, f, { oversampling: 10, iterations: 40, random: createRandom(3) });
    expect(model.ritzResidual).toBeLessThan(1e-8);
    expectRows(
      allScores(U, I, (u, out) => pureSvdScores(model, data, u, out)),
      fixture.puresvd,
      1e-9,
      'PureSVD',
    );
  });

  it('symmetricEigen: eigenpairs of a symmetric matrix satisfy A v = θ v, sorted descending', () => {
    const a = Float64Array.from([4, 1, 0.5, 1, 3, 0.2, 0.5, 0.2, 1]);
    const { values, vectors } = symmetricEigen(a, 3);
    expect(values[0]).toBeGreaterThan(values[1]);
    expect(values[1]).toBeGreaterThan(values[2]);
    for (let k = 0; k < 3; k++) {
      const v = [0, 1, 2].map((i) => vectors[i * 3 + k]);
      const av = [0, 1, 2].map((i) => a[i * 3] * v[0] + a[i * 3 + 1] * v[1] + a[i * 3 + 2] * v[2]);
      expectClose(
        av,
        v.map((x) => values[k] * x),
        1e-12,
        `eigenpair ${k}`,
      );
    }
  });

  it('user-KNN: cosine between users, k nearest (ties to the lower index), Σ s_uv over neighbours who have the item', () => {
    const model = userNeighbours(data, fixture.meta.userK);
    expectRows(
      allScores(U, I, (u, out) => userKnnScores(model, data, u, out)),
      fixture.userKnn,
      1e-12,
      'user-KNN',
    );
  });

  it('item-KNN with shrinkage: each history item votes for its k nearest items with weight c_ij / (√(c_i c_j) + h)', () => {
    const similarity = shrunkCosine(cooccurrence(data), I, fixture.meta.shrink);
    const model = neighbourModel(similarity, I, fixture.meta.itemK, false);
    const scores = allScores(U, I, (u, out) => neighbourScores(model, data, u, out));
    expectRows(scores, fixture.itemKnnShrink, 1e-12, 'item-KNN shrink');
  });
});
