/**
 * One EM step of the rank-distribution fits (Jin et al. 2021 eq 21: q = K π, π ← π ⊙ Kᵀ(P̃ / q)) at MovieLens-1M's
 * size, n = 3,706, m = 99, with replacement, timed for the core (its windowed kernel, src/core/distribution) and for
 * numpy's two dense mat-vecs on the same kernel and histogram in the same run (python3 with numpy and scipy on the
 * PATH; skipped with a note when there is none). numpy is timed with its BLAS on all cores and on one thread (the
 * core runs on one), and the step the app takes at this n, over the bins of the binned kernel (an approximation
 * within 5e-6 of the metrics, binnedKernel.ts). Issue 13's target: the core's step no slower than numpy's.
 */
import { spawnSync } from 'node:child_process';
import * as core from '../src/core/index.ts';
import { BinnedKernel } from '../src/core/distribution/kernels/binned.ts';
import { Likelihood } from '../src/core/distribution/fits/likelihood.ts';
import { bench } from './harness.ts';

const NUMPY_EM_STEP = `
import json, sys, time
import numpy as np
from scipy.stats import binom
spec = json.load(sys.stdin)
n, m, steps = spec['n'], spec['m'], spec['steps']
P = np.array(spec['counts'], dtype=float)
P /= P.sum()
obs = P > 0
R = np.arange(1, n + 1)
K = binom.pmf(np.arange(m + 1)[:, None], m, (R[None, :] - 1) / (n - 1))[obs]
Po = P[obs]
runs = []
for _ in range(spec['repeats']):
    pi = np.full(n, 1 / n)
    t = time.perf_counter()
    for _ in range(steps):
        q = K @ pi
        pi = pi * (K.T @ (Po / q))
    runs.append((time.perf_counter() - t) / steps * 1e3)
print(json.dumps(sorted(runs)[len(runs) // 2]))
`;

/** numpy's EM step in ms (median of `repeats` runs of `steps` steps), or null when python3/numpy is missing. */
function numpyEmStep(counts: Float64Array, n: number, m: number, threads: 'all' | 'one'): number | null {
  const env = threads === 'one' ? { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' } : process.env;
  const input = JSON.stringify({ n, m, counts: Array.from(counts), steps: 200, repeats: 5 });
  const run = spawnSync('python3', ['-c', NUMPY_EM_STEP], { input, env, encoding: 'utf8' });
  return run.status === 0 ? Number(run.stdout.trim()) : null;
}

/** The EM-step case: the core's step and numpy's, at n = 3,706, m = 99, on a synthetic 6,040-user histogram. */
export function runEmStepBench(counts: Float64Array, n = 3706, m = 99): void {
  const kernel = new core.SampledRankKernel(n, m, 'with-replacement');
  const lik = new Likelihood(kernel, counts);
  const steps = 200;
  let pi = new Float64Array(n);
  let next = new Float64Array(n);
  const result = bench(`EM step (eq 21), n = ${n}, m = ${m}, ${steps} steps from uniform`, 7, () => {
    pi.fill(1 / n);
    lik.evaluate(pi);
    for (let k = 0; k < steps; k++) {
      lik.emStep(pi, next);
      [pi, next] = [next, pi];
    }
  });
  const ours = result.medianMs / steps;
  // The step the app's fits take at this n (from BINNED_FROM items on): over the bins of the binned kernel
  // (src/core/distribution/binnedKernel.ts), an approximation within 5e-6 of the step over every rank.
  const binned = new BinnedKernel(kernel);
  const binLik = new Likelihood(binned.binKernel(), counts);
  const bins = binned.bins;
  let binPi = new Float64Array(bins);
  let binNext = new Float64Array(bins);
  const binResult = bench(`EM step over the bins (as the app fits, ${bins} rows), n = ${n}, m = ${m}`, 7, () => {
    binPi.set(binned.shares());
    binLik.evaluate(binPi);
    for (let k = 0; k < steps; k++) {
      binLik.emStep(binPi, binNext);
      [binPi, binNext] = [binNext, binPi];
    }
  });
  const all = numpyEmStep(counts, n, m, 'all');
  const one = numpyEmStep(counts, n, m, 'one');
  const fmt = (ms: number | null) => (ms === null ? 'n/a (no python3 with numpy)' : `${ms.toFixed(3)} ms`);
  console.log(
    `  one step: core ${fmt(ours)} over every rank, ${fmt(binResult.medianMs / steps)} over the bins; ` +
      `numpy dense (same run) ${fmt(all)} all threads, ${fmt(one)} one thread`,
  );
}
