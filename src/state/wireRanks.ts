/**
 * Rank data as plain JSON for links and files: ranks delta-encoded (a sorted histogram becomes small numbers that
 * compress well), counts and per-instance sizes only when they are not all 1, per-instance n only when present.
 * Decoding validates everything a hostile file could get wrong and throws a RangeError saying what.
 */
import { formatInteger, type RankData } from '../core/index.ts';
import { LIMITS } from './document.ts';

type Numbers = number[] | Float64Array | Int32Array;

export interface WireRanks {
  /** Ranks in storage order, delta-encoded: d[0] = r[0], d[j] = r[j] − r[j − 1]. */
  readonly d: Numbers;
  /** Count (weight) of each instance, when not all 1. */
  readonly w?: Numbers;
  /** Relevant items of each instance, when not all 1. */
  readonly k?: Numbers;
  /** Each instance's own n, when the data have one. */
  readonly n?: Numbers;
}

function allOnes(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] !== 1) return false;
  return true;
}

/** Plain arrays for JSON; typed arrays (`typed`) for IndexedDB, which stores them without conversion. */
export function toWire(data: RankData, typed = false): WireRanks {
  const d = new Float64Array(data.ranks.length);
  for (let j = 0; j < d.length; j++) d[j] = data.ranks[j] - (j > 0 ? data.ranks[j - 1] : 0);
  const sizes = new Int32Array(data.weights.length);
  for (let i = 0; i < sizes.length; i++) sizes[i] = data.offsets[i + 1] - data.offsets[i];
  const out = (a: Float64Array | Int32Array) => (typed ? a.slice() : Array.from(a));
  return {
    d: typed ? d : Array.from(d),
    ...(allOnes(data.weights) ? {} : { w: out(data.weights) }),
    ...(allOnes(sizes) ? {} : { k: out(sizes) }),
    ...(data.itemCounts ? { n: out(data.itemCounts) } : {}),
  };
}

function numberArray(value: unknown, what: string, max: number): number[] {
  if (value instanceof Float64Array || value instanceof Int32Array) value = Array.from(value);
  if (!Array.isArray(value)) throw new RangeError(`${what} is not a list of numbers`);
  if (value.length > max) throw new RangeError(`${what} has more than ${max} entries`);
  for (const v of value) {
    if (typeof v !== 'number' || !Number.isFinite(v))
      throw new RangeError(`${what} holds a value that is not a number`);
  }
  return value as number[];
}

function integers(values: number[], what: string, min: number, max: number): void {
  for (const v of values) {
    if (!Number.isInteger(v) || v < min || v > max) {
      throw new RangeError(`${what} holds ${String(v).slice(0, 20)}, outside ${min}..${max}`);
    }
  }
}

/** Rebuilds RankData from its wire form (`name` is the recommender's); throws a RangeError for invalid input. */
export function fromWire(raw: unknown, name: string): RankData {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RangeError('the data are not an object');
  const wire = raw as Record<string, unknown>;
  const deltas = numberArray(wire.d, 'the ranks', LIMITS.maxRanks);
  const ranks = new Float64Array(deltas.length);
  let previous = 0;
  for (let j = 0; j < deltas.length; j++) ranks[j] = previous = previous + deltas[j];
  integers(Array.from(ranks), 'the ranks', 1, LIMITS.maxItemCount);
  const sizes = wire.k === undefined ? null : numberArray(wire.k, 'the instance sizes', LIMITS.maxRanks);
  if (sizes) integers(sizes, 'the instance sizes', 1, LIMITS.maxItemCount);
  const instances = sizes ? sizes.length : ranks.length;
  if (instances === 0) throw new RangeError('the data have no instances');
  const offsets = new Int32Array(instances + 1);
  for (let i = 0; i < instances; i++) offsets[i + 1] = offsets[i] + (sizes ? sizes[i] : 1);
  if (offsets[instances] !== ranks.length) throw new RangeError('the instance sizes do not add up to the ranks');
  for (let i = 0; i < instances; i++) ranks.subarray(offsets[i], offsets[i + 1]).sort();
  const weights = wire.w === undefined ? null : numberArray(wire.w, 'the counts', LIMITS.maxRanks);
  if (weights && weights.length !== instances) throw new RangeError('there is not one count per instance');
  const badCount = weights?.find((w) => !Number.isInteger(w) || w < 1 || w > LIMITS.maxUsers);
  if (badCount !== undefined) {
    throw new RangeError(
      `a count is ${String(badCount).slice(0, 20)}: counts are whole numbers of users from 1 to ${formatInteger(LIMITS.maxUsers)}`,
    );
  }
  const itemCounts = wire.n === undefined ? null : numberArray(wire.n, 'the per-instance n', LIMITS.maxRanks);
  if (itemCounts && itemCounts.length !== instances) throw new RangeError('there is not one n per instance');
  if (itemCounts) integers(itemCounts, 'the per-instance n', 2, LIMITS.maxItemCount);
  return {
    name,
    offsets,
    ranks,
    weights: weights ? Float64Array.from(weights) : new Float64Array(instances).fill(1),
    itemCounts: itemCounts ? Int32Array.from(itemCounts) : null,
  };
}
