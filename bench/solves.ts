/**
 * The core targets of the real-data issue for the corrections' solves, the studies and `expected` (issue 13, "Core
 * targets" and the MovieLens Figure 6 and Table 3–4 rows), each running the code the worker or the CLI runs:
 * - bv:0.1 (AP) at n = 10⁶, m = 100, with numpy's dense solve of the same system in the same run (≥ 50× faster);
 * - bv:0.1 at n = 10⁶, m = 3,000 (≤ 2 s);
 * - beyond m ≈ 4.5√n, on the exact-row system (issue 35): bv:0.1 without replacement at n = 10⁴, m = 1,000, and the
 *   exact-row system alone at n = 49,000, m = 1,000 (4.5√n: the most it costs at this m);
 * - CLI `expected` on a generated 10⁶-row file, 4 metrics, m = 100 (≤ 1.2 s; bench/cliExpected.ts);
 * - MovieLens Figure 6 (≤ 3 s) and the Table 3–4 study with 100 repetitions (≤ 2 s), as in bench/movielens.ts.
 * `npm run bench -- --solves` runs only these (add `--quick` for smaller sizes); the full run includes them.
 */
import * as core from '../src/core/index.ts';
import { runExpectedCliBench } from './cliExpected.ts';
import { numpyDenseBv } from './denseReference.ts';
import { bench } from './harness.ts';
import { movielensFigure6, movielensStudy, movielensTruth } from './movielens.ts';

/** `withMovielens` false leaves out the two MovieLens views (the full run times them in bench/movielens.ts). */
export function runSolveBenches(quick: boolean, withMovielens = true): void {
  const ap = core.parseMetric('ap');
  const n = quick ? 100_000 : 1_000_000;
  const bv = (m: number) => () =>
    core.correctionVector(ap, { itemCount: n, sampleSize: m, sampling: 'with-replacement', method: 'bv', gamma: 0.1 });
  const ours = bench(`bv:0.1 vector (AP), n = ${n}, m = 100`, 5, bv(100), 'target ≤ 0.2 s at n = 10⁶');
  const ourCpu = median(Array.from({ length: 5 }, () => cpuMs(bv(100))));
  const numpy = numpyDenseBv(n, 100, 0.1);
  if (numpy) {
    // numpy's BLAS runs on every core, ours on one: both ratios, wall and CPU time.
    const wall = (numpy.ms / ours.medianMs).toFixed(0);
    const cpu = (numpy.cpuMs / ourCpu).toFixed(0);
    console.log(
      `  numpy's dense bv:0.1 at the same n, m: ${(numpy.ms / 1000).toFixed(2)} s wall, ` +
        `${(numpy.cpuMs / 1000).toFixed(2)} s CPU; ours ${ourCpu.toFixed(0)} ms CPU: ` +
        `${wall}× faster in wall time, ${cpu}× in CPU time (target ≥ 50×)`,
    );
  } else console.log("  numpy's dense bv:0.1: python3 with numpy and scipy not found, no ratio");
  bench(`bv:0.1 vector (AP), n = ${n}, m = 3000`, quick ? 1 : 3, bv(3000), 'target ≤ 2 s at n = 10⁶');
  runRowSystemBenches(quick);
  runExpectedCliBench(quick);
  if (!withMovielens) return;
  const truth = movielensTruth();
  bench('MovieLens Figure 6 worker: sampled + BV 0.1 up to m = 1,000', quick ? 1 : 3, () => movielensFigure6(truth));
  const repeats = quick ? 10 : 100;
  bench(`MovieLens Table 3–4 study, ${repeats} repetitions, 7 methods`, quick ? 1 : 3, () =>
    movielensStudy(truth, repeats),
  );
}

/** CPU time of one call in ms (user + system). */
function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** The corrections beyond m ≈ 4.5√n, on the exact-row system (corrections/rowSystem.ts). */
function runRowSystemBenches(quick: boolean): void {
  const ap = core.parseMetric('ap');
  const setup = { itemCount: 10_000, sampleSize: 1000, sampling: 'without-replacement' as const };
  bench('bv:0.1 vector (AP) without replacement, n = 10⁴, m = 1,000 (exact-row system)', quick ? 1 : 3, () =>
    core.correctionVector(ap, { ...setup, method: 'bv', gamma: 0.1 }),
  );
  const n = quick ? 20_000 : 49_000;
  const targets = [core.metricCurve(ap, n)];
  bench(`exact-row system alone (AP), n = ${n}, m = 1,000`, 1, () =>
    core.rowSystem(targets, core.normalisedPrior(n), n, 1000, 'without-replacement'),
  );
}
