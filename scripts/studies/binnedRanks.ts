/**
 * A study for the pasted-ranks target of issue 12 (not used by the app): how far EM on the kernel's rows averaged over
 * bins of neighbouring ranks R lands from EM on every R. The pasted case, n = 50,000 and m = 100 with replacement,
 * 1,000 users (bench/pasted.ts), spends 93% of its bootstrap in EM steps over all n rows; bins make a step about
 * n / bins times cheaper.
 *
 * Both fits are EM from the same start (uniform over R; over bins, each bin's share of R) with the paper's stopping
 * rule (a step gains less than 1e-5 · max(1, |ℓ|)). A bin model puts π uniform within each bin: ranks R ≤ R0 alone,
 * then bins of ⌊δ R⌋ ranks; its kernel row is the mean of its ranks' rows, and its EM is the exact EM of that model.
 * Printed: the bins, the steps, and the relative differences of Recall@10, NDCG@10, AP and AUC read off π̂ (eq 14).
 * Used: ⌊0.003 R⌋ from R = 300 (2,197 bins; 1e-7 to 3.5e-7 on seeds/powers 1/3, 2/2.5, 3/1.5, 4/4, 5/2). Bins of a
 * share of the rows' own spread σ(R) are coarser near the top, where these metrics sit, and do worse for as many
 * bins (1e-5 at 3,287 bins).
 *
 *   node bin/tsx-run.mjs scripts/studies/binnedRanks.ts [seed] [power]
 */
import { sampledRanks } from '../../bench/pasted.ts';

const n = 50_000;
const m = 100;
const TOLERANCE = 1e-5;
const seed = Number(process.argv[2] ?? 1);
const power = Number(process.argv[3] ?? 3);

const data = sampledRanks('A', seed, power);
const histogram = new Float64Array(m + 1);
for (let u = 0; u < data.ranks.length; u++) histogram[data.ranks[u] - 1] += data.weights[u];
const total = histogram.reduce((s, v) => s + v, 0);
for (let i = 0; i <= m; i++) histogram[i] /= total;
const observed = [...histogram.keys()].filter((i) => histogram[i] > 0);

/** log C(m, i). */
const logChoose = new Float64Array(m + 1);
for (let i = 1; i <= m; i++) logChoose[i] = logChoose[i - 1] + Math.log((m - i + 1) / i);

/** Bin(i; m, θ) at the observed i. */
function kernelRow(theta: number): Float64Array {
  const row = new Float64Array(m + 1);
  for (const i of observed) {
    if (theta <= 0) row[i] = i === 0 ? 1 : 0;
    else if (theta >= 1) row[i] = i === m ? 1 : 0;
    else row[i] = Math.exp(logChoose[i] + i * Math.log(theta) + (m - i) * Math.log1p(-theta));
  }
  return row;
}

/** EM over the rows (π_b ← π_b Σ_i P̃_i K(i | b) / q_i) from π_b = size_b / n, with the paper's stopping rule. */
function em(rows: readonly Float64Array[], sizes: Float64Array): { pi: Float64Array; steps: number } {
  let pi = Float64Array.from(sizes, (s) => s / n);
  const q = new Float64Array(m + 1);
  const logLikelihood = () => {
    q.fill(0);
    rows.forEach((row, b) => observed.forEach((i) => (q[i] += pi[b] * row[i])));
    return observed.reduce((s, i) => s + histogram[i] * Math.log(q[i]), 0);
  };
  let value = logLikelihood();
  let steps = 0;
  while (steps < 10_000) {
    steps++;
    const next = rows.map((row, b) => pi[b] * observed.reduce((d, i) => d + (histogram[i] / q[i]) * row[i], 0));
    const sum = next.reduce((s, v) => s + v, 0);
    pi = Float64Array.from(next, (v) => v / sum);
    const previous = value;
    value = logLikelihood();
    if (value - previous < TOLERANCE * Math.max(1, Math.abs(value))) break;
  }
  return { pi, steps };
}

/** Recall@10, NDCG@10, AP, AUC of π (eq 14). */
function metrics(piAt: (R: number) => number): number[] {
  const out = [0, 0, 0, 0];
  for (let R = 1; R <= n; R++) {
    const p = piAt(R);
    if (R <= 10) {
      out[0] += p;
      out[1] += p / Math.log2(R + 1);
    }
    out[2] += p / R;
    out[3] += (p * (n - R)) / (n - 1);
  }
  return out;
}

const rows = Array.from({ length: n }, (_, r) => kernelRow(r / (n - 1)));
const start = performance.now();
const exact = em(rows, new Float64Array(n).fill(1));
const reference = metrics((R) => exact.pi[R - 1]);
console.log(
  `every R: ${n} rows, ${exact.steps} steps, ${((performance.now() - start) / 1000).toFixed(2)} s; ` +
    `Recall@10, NDCG@10, AP, AUC = ${reference.map((v) => v.toPrecision(8)).join(', ')}`,
);
/**
 * Bin models by the width of bin starting at R: R ≤ R0 alone then ⌊δ R⌋ ranks (the first bins used), or a share c of
 * the kernel's own scale in R, σ(R) = (n − 1) √(θ(1 − θ) / m) at θ = (R − 1)/(n − 1) (the rows' spread; at least
 * one rank).
 */
const models: [string, (R: number) => number][] = [
  ...(
    [
      [100, 0.01],
      [300, 0.003],
      [0, 0.004],
      [0, 0.003],
      [1000, 0.002],
      [1000, 0.001],
      [3000, 0.0005],
    ] as const
  ).map(([alone, delta]): [string, (R: number) => number] => [
    `R ≤ ${alone} alone, then bins of ${delta} R`,
    (R: number) => (R <= alone ? 1 : Math.floor(R * delta)),
  ]),
  ...[0.02, 0.005].map((c): [string, (R: number) => number] => [
    `bins of ${c} σ(R)`,
    (R) => {
      const theta = (R - 1) / (n - 1);
      return Math.floor(c * (n - 1) * Math.sqrt((theta * (1 - theta)) / m));
    },
  ]),
];
for (const [name, width] of models) {
  const bins: [number, number][] = [];
  for (let R = 1; R <= n;) {
    const w = Math.max(1, width(R));
    bins.push([R, Math.min(n, R + w - 1)]);
    R += w;
  }
  const sizes = Float64Array.from(bins, ([a, b]) => b - a + 1);
  const binRows = bins.map(([a, b]) => {
    const row = new Float64Array(m + 1);
    for (let R = a; R <= b; R++) for (const i of observed) row[i] += rows[R - 1][i];
    for (const i of observed) row[i] /= b - a + 1;
    return row;
  });
  const t0 = performance.now();
  const fit = em(binRows, sizes);
  const binOf = new Int32Array(n + 1);
  bins.forEach(([a, b], k) => binOf.fill(k, a, b + 1));
  const binned = metrics((R) => fit.pi[binOf[R]] / sizes[binOf[R]]);
  const relative = binned.map((v, k) => ((v - reference[k]) / reference[k]).toExponential(1));
  console.log(
    `${name}: ${bins.length} bins, ${fit.steps} steps, ` +
      `${((performance.now() - t0) / 1000).toFixed(2)} s; relative differences ${relative.join(', ')}`,
  );
}
