/** iALS (ials.ts): the conjugate-gradient half-sweep reaches the exact (Cholesky) one when given d steps. */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/core/random.ts';
import { expectClose } from '../../test/expectClose.ts';
import { ialsLoss, trainIals } from './ials.ts';
import { interactionsOf, modelFixture } from './testing.ts';

const fixture = modelFixture();
const data = interactionsOf(fixture.userItems, fixture.meta.items);
const options = { dims: 6, lambda: 2, alpha: 0.3, initScale: 0.1 };

describe('iALS solvers', () => {
  it('d conjugate-gradient steps per row solve each row exactly: the same factors as Cholesky after 3 sweeps', () => {
    const exact = trainIals(data, { ...options, sweeps: 3, random: createRandom(4) });
    const cg = trainIals(data, { ...options, sweeps: 3, random: createRandom(4), solver: 'cg', cgSteps: 6 });
    expectClose(cg.userFactors, exact.userFactors, 1e-9, 'user factors');
    expectClose(cg.itemFactors, exact.itemFactors, 1e-9, 'item factors');
  });

  it('3 steps per row: the loss still decreases sweep by sweep, towards the exact solver’s', () => {
    const losses: number[] = [];
    trainIals(data, {
      ...options,
      sweeps: 30,
      random: createRandom(4),
      solver: 'cg',
      cgSteps: 3,
      onSweep: (_, model) => losses.push(ialsLoss(data, model, options.alpha, options.lambda)),
    });
    for (let s = 1; s < losses.length; s++) expect(losses[s]).toBeLessThanOrEqual(losses[s - 1] + 1e-9);
    const exact = trainIals(data, { ...options, sweeps: 30, random: createRandom(4) });
    expectClose(losses[29], ialsLoss(data, exact, options.alpha, options.lambda), { relative: 1e-3 });
  });
});
