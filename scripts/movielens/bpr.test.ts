/**
 * BPR-MF (bpr.ts): LearnBPR maximises Σ ln σ(ŷ_ui − ŷ_uj), so training raises the mean log-likelihood of the
 * triples and orders a user's training items above the others (the training AUC it optimises, Rendle et al. eq 5).
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/core/random.ts';
import { bprScores, trainBpr } from './bpr.ts';
import { allScores, interactionsOf, modelFixture } from './testing.ts';

const fixture = modelFixture();
const { users: U, items: I } = fixture.meta;
const data = interactionsOf(fixture.userItems, I);

/** Mean over users of the share of (training item, other item) pairs in the right order. */
function trainingAuc(scores: number[][]): number {
  let total = 0;
  scores.forEach((row, u) => {
    const mine = new Set(fixture.userItems[u]);
    let right = 0;
    let pairs = 0;
    for (const i of mine) {
      for (let j = 0; j < I; j++) {
        if (mine.has(j)) continue;
        pairs++;
        if (row[i] > row[j]) right++;
      }
    }
    total += right / pairs;
  });
  return total / U;
}

describe('BPR-MF', () => {
  it('raises the mean ln σ of its triples epoch by epoch and orders training items first (training AUC > 0.95)', () => {
    const likelihoods: number[] = [];
    const model = trainBpr(data, {
      dims: 8,
      learningRate: 0.05,
      regularization: 0.0025,
      epochs: 200,
      random: createRandom(9),
      onEpoch: (_, ll) => likelihoods.push(ll),
    });
    expect(likelihoods[199]).toBeGreaterThan(likelihoods[0] + 0.3);
    const untrained = trainBpr(data, {
      dims: 8,
      learningRate: 0,
      regularization: 0,
      epochs: 1,
      random: createRandom(9),
    });
    expect(trainingAuc(allScores(U, I, (u, out) => bprScores(untrained, u, out)))).toBeLessThan(0.6);
    expect(trainingAuc(allScores(U, I, (u, out) => bprScores(model, u, out)))).toBeGreaterThan(0.95);
  });
});
