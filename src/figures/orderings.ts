/**
 * Orderings of recommenders in words, for captions: "A > C > B", how the ordering evolves with m given the
 * change points of a sweep ("A > C > B for m < 73; A > B > C for 73 ≤ m < 281; …"), and the verdict on every pair
 * of recommenders with the user sample's uncertainty ("Y beats X on Recall@10 by 0.012 [0.004, 0.020] (MLE; …)").
 */
import { formatSigned, orderText } from '../core/index.ts';
import type { OrderingChange, SweepSeries } from '../../workers/figures/sweep.ts';
import type { PairDifference } from '../../workers/intervals.ts';
import { fmtInt } from './labels.ts';
import { methodColumn, type MethodColumn } from './methodTable.ts';
import { formatValue } from './resultsTable.ts';

export { orderText };

/** The orderings of one sweep series over its m range, split at its change points. */
export function orderingStory(
  series: SweepSeries,
  names: readonly string[],
  changes: readonly OrderingChange[],
): string {
  const own = changes.filter((c) => c.metric === series.metric && c.method === series.method);
  // Events at the same m (two pairs swapping at once) make one step of the story.
  const steps = own.filter((c, i) => i + 1 === own.length || own[i + 1].sampleSize !== c.sampleSize);
  const first = orderText(
    names,
    series.values.map((v) => v[0]),
  );
  const last = series.sampleSizes[series.sampleSizes.length - 1];
  if (steps.length === 0) return `${first} for every m from 1 to ${fmtInt(last)}`;
  const parts: string[] = [];
  let order = first;
  let from = series.sampleSizes[0];
  for (const change of steps) {
    if (change.orderAfter === order) continue;
    parts.push(
      from === series.sampleSizes[0]
        ? `${order} for m < ${fmtInt(change.sampleSize)}`
        : `${order} for ${fmtInt(from)} ≤ m < ${fmtInt(change.sampleSize)}`,
    );
    order = change.orderAfter;
    from = change.sampleSize;
  }
  parts.push(`${order} from m = ${fmtInt(from)}`);
  return parts.join('; ');
}

/** Short name of a change for its mark on the plot: "C > A". */
export function changeLabel(change: OrderingChange): string {
  return `${change.winner} > ${change.loser}`;
}

/** A difference and its interval, `a − b` (workers/intervals.ts PairDifference, for one metric). */
export type { PairDifference };

export interface VerdictInput {
  /** The metric's id and label: the differences are filtered by the id, the sentence names the label. */
  readonly metric: string;
  readonly metricLabel: string;
  readonly recommenders: readonly string[];
  /** The methods of the differences table, in order (`exact` for the exact metrics of true ranks). */
  readonly methods: readonly string[];
  /** Point values, value[recommender][method]. */
  readonly value: readonly (readonly number[])[];
  /** The bootstrap's differences (any metric; this one's are used), as far as computed. */
  readonly differences: readonly PairDifference[];
  /** Users of each recommender. */
  readonly users: readonly number[];
  /** The uncorrected values, whose order the sentence checks: the sampled metric's column, the expected sampled metric. */
  readonly sampled?: { readonly values: readonly number[]; readonly label: string } | null;
  /** Why a difference has no interval yet: "its 95% interval is being computed". */
  readonly missing: string;
  /** The metric's range: methods with values outside it are not chosen for the sentence. */
  readonly range?: readonly [number, number];
  /** Decimals of the values and differences (default 3; more for metrics whose values are tiny, valueDigits). */
  readonly digits?: number;
}

export interface DifferenceCell {
  /** ahead − behind as shown, "0.012" or "−0.003". */
  readonly text: string;
  readonly interval: string | null;
  /** The interval holds 0: the difference is within the noise of the user sample. */
  readonly noise: boolean;
  readonly outOfRange: boolean;
}

export interface PairVerdict {
  /** The recommender the sentence's method puts ahead (or first of a tie), and the other. */
  readonly ahead: string;
  readonly behind: string;
  readonly status: 'beats' | 'noise' | 'pending';
  readonly sentence: string;
  /** The uncorrected values put `behind` ahead while the method's interval excludes 0. */
  readonly reversed: boolean;
  /** ahead − behind by method, in the order of `columns`. */
  readonly cells: readonly DifferenceCell[];
}

export interface VerdictModel {
  /** The method the sentences are about. */
  readonly primary: string;
  readonly columns: readonly MethodColumn[];
  readonly pairs: readonly PairVerdict[];
}

/**
 * The method a verdict sentence is about: MLE (Jin et al.'s best all-round estimator) when present and in range,
 * else BV with γ = 0.1 (Krichene & Rendle's recommendation), another BV, any corrected estimate, and at last the
 * first method; `exact` for true ranks.
 */
export function primaryMethod(methods: readonly string[], usable: (id: string) => boolean = () => true): string {
  const ok = methods.filter(usable);
  const pick =
    ok.find((id) => id === 'exact') ??
    ok.find((id) => id === 'mle') ??
    ok.find((id) => id === 'bv:0.1') ??
    ok.find((id) => id.startsWith('bv:')) ??
    ok.find((id) => id !== 'sampled');
  return pick ?? methods[0];
}

/** The method's name in a sentence: "MLE", "MES, η = 0.001", "exact metric". */
function methodName(id: string): string {
  if (id === 'exact') return 'exact metric';
  const column = methodColumn(id);
  return column.detail ? `${column.label}, ${column.detail}` : column.label;
}

function pairing(paired: boolean, usersA: number, usersB: number): string {
  if (!paired) return 'unpaired: the two share no users’ ids';
  return usersA === usersB ? `paired over ${fmtInt(usersA)} users` : 'paired over the users they share';
}

/** The difference of `method` between recommenders i and j, oriented i − j, when the bootstrap has it. */
function differenceOf(input: VerdictInput, method: string, i: number, j: number) {
  const names = input.recommenders;
  for (const d of input.differences) {
    if (d.metric !== input.metric || d.method !== method) continue;
    if (d.a === names[i] && d.b === names[j]) return d;
    if (d.a === names[j] && d.b === names[i]) {
      return { ...d, a: d.b, b: d.a, difference: -d.difference, low: -d.high, high: -d.low };
    }
  }
  return null;
}

/**
 * One verdict per pair of recommenders on one metric: a sentence about the primary method's difference and its
 * 95% interval over users ("Y beats X on Recall@10 by 0.012 [0.004, 0.020] (MLE; paired over 6,040 users)";
 * "… within the noise …" when the interval holds 0; whether the uncorrected metric reverses the order), and the
 * difference by every method. Values outside the metric's range are flagged, never chosen for the sentence.
 */
export function pairVerdicts(input: VerdictInput): VerdictModel {
  const { recommenders, methods, value, range } = input;
  const inside = (v: number) => !range || (v >= range[0] - 1e-9 && v <= range[1] + 1e-9);
  const usable = (id: string) => value.every((row) => inside(row[methods.indexOf(id)]));
  const primary = primaryMethod(methods, usable);
  const p = methods.indexOf(primary);
  const pairs: PairVerdict[] = [];
  for (let a = 0; a < recommenders.length; a++) {
    for (let b = a + 1; b < recommenders.length; b++) {
      const [i, j] = value[b][p] > value[a][p] ? [b, a] : [a, b];
      pairs.push(verdict(input, primary, i, j, inside));
    }
  }
  return { primary, columns: methods.map((id) => (id === 'exact' ? exactColumn : methodColumn(id))), pairs };
}

const exactColumn: MethodColumn = { id: 'exact', label: 'Exact', detail: null };

function verdict(
  input: VerdictInput,
  primary: string,
  i: number,
  j: number,
  inside: (v: number) => boolean,
): PairVerdict {
  const { recommenders, methods, value, metricLabel, users, sampled } = input;
  const digits = input.digits ?? 3;
  const signed = (v: number) => formatSigned(v, digits);
  const signedInterval = (low: number, high: number) => `[${signed(low)}, ${signed(high)}]`;
  const [ahead, behind] = [recommenders[i], recommenders[j]];
  const cells = methods.map((method, k) => {
    const d = differenceOf(input, method, i, j);
    const difference = d?.difference ?? value[i][k] - value[j][k];
    return {
      text: signed(difference),
      interval: d ? signedInterval(d.low, d.high) : null,
      noise: d !== null && d.low <= 0 && d.high >= 0,
      outOfRange: !inside(value[i][k]) || !inside(value[j][k]),
    };
  });
  const p = methods.indexOf(primary);
  const d = differenceOf(input, primary, i, j);
  const name = methodName(primary);
  const sampledDifference = sampled ? Number(formatValue(sampled.values[i] - sampled.values[j], digits)) : 0;
  if (d === null) {
    const gap = signed(value[i][p] - value[j][p]);
    return {
      ahead,
      behind,
      status: 'pending',
      sentence: `${ahead} leads ${behind} on ${metricLabel} by ${gap} (${name}); ${input.missing}.`,
      reversed: false,
      cells,
    };
  }
  const how = `${name}; ${pairing(d.paired, users[i], users[j])}`;
  const interval = signedInterval(d.low, d.high);
  if (d.low <= 0 && d.high >= 0) {
    return {
      ahead,
      behind,
      status: 'noise',
      sentence: `${ahead} and ${behind} are within the noise on ${metricLabel}: ${ahead} − ${behind} = ${signed(d.difference)} ${interval} (${how}).`,
      reversed: false,
      cells,
    };
  }
  const reversed = sampled !== null && sampled !== undefined && sampledDifference < 0;
  const tail = reversed ? `; ${sampled!.label} reverses the order` : '';
  return {
    ahead,
    behind,
    status: 'beats',
    sentence: `${ahead} beats ${behind} on ${metricLabel} by ${signed(d.difference)} ${interval} (${how})${tail}.`,
    reversed,
    cells,
  };
}
