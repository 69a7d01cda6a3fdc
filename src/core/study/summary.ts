/**
 * Summaries of a Monte Carlo study over T repetitions (Krichene & Rendle Tables 2–4, Jin et al. Tables 2–4):
 * mean ± standard deviation of each estimate (T − 1 denominator), and how often each method ordered each pair of
 * recommenders, and picked the winner, as the exact metric does.
 */

/** Mean and sample standard deviation (T − 1; 0 for a single value). */
export function meanStd(values: Float64Array): { mean: number; std: number } {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  if (values.length < 2) return { mean, std: 0 };
  let ss = 0;
  for (const v of values) ss += (v - mean) * (v - mean);
  return { mean, std: Math.sqrt(ss / (values.length - 1)) };
}

/**
 * Repetitions in which the estimates order a and b as the exact values do (sign of the difference; when the exact
 * values tie, a repetition counts only if the estimates tie too).
 */
export function correctOrderings(exactA: number, exactB: number, a: Float64Array, b: Float64Array): number {
  const truth = Math.sign(exactA - exactB);
  let correct = 0;
  for (let rep = 0; rep < a.length; rep++) if (Math.sign(a[rep] - b[rep]) === truth) correct++;
  return correct;
}

/**
 * Repetitions in which the recommender with the highest estimate is a recommender with the highest exact value
 * (Jin et al. Table 4, "successes at predicting a winner"). A repetition whose highest estimate is shared by
 * several recommenders counts only if they are exactly the exact winners.
 */
export function correctWinners(exact: readonly number[], estimates: readonly Float64Array[]): number {
  const best = Math.max(...exact);
  const winners = exact.map((v) => v === best);
  const repeats = estimates[0]?.length ?? 0;
  let correct = 0;
  for (let rep = 0; rep < repeats; rep++) {
    let top = -Infinity;
    for (const e of estimates) top = Math.max(top, e[rep]);
    const picked = estimates.map((e) => e[rep] === top);
    const count = picked.filter(Boolean).length;
    const exactCount = winners.filter(Boolean).length;
    const ok =
      count === 1 ? winners[picked.indexOf(true)] : count === exactCount && picked.every((p, i) => p === winners[i]);
    if (ok) correct++;
  }
  return correct;
}

/** The sign of a − b, 0 when a and b agree to 12 significant digits (rounding cannot reorder a tie). */
export function compareTo12Digits(a: number, b: number): number {
  const d = a - b;
  return Math.abs(d) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b), 1e-300) ? 0 : Math.sign(d);
}

/** Names best first, "=" between values equal to 12 digits. Example: orderText(['A', 'B'], [1, 2]) → "B > A". */
export function orderText(names: readonly string[], values: readonly number[]): string {
  // Values equal to 12 digits keep the names' order (a stable sort), so rounding cannot reorder a tie.
  const sorted = names.map((name, i) => ({ name, v: values[i] })).sort((p, q) => compareTo12Digits(q.v, p.v));
  return sorted
    .map((p, i) => (i === 0 ? p.name : `${compareTo12Digits(sorted[i - 1].v, p.v) === 0 ? ' = ' : ' > '}${p.name}`))
    .join('');
}
