/**
 * Rank data as plain JSON for links and files: ranks delta-encoded (a sorted histogram becomes small numbers that
 * compress well), counts and per-instance sizes only when they are not all 1, per-instance n only when present,
 * relevance grades and tie ranges (offsets from the rank, mostly 0) only when the data carry them.
 * Decoding validates everything a hostile file could get wrong and throws a RangeError saying what.
 */
import { formatInteger, type RankData, type TieRanges } from '../core/index.ts';
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
  /** Relevance grade of each relevant item (storage order), when the data have grades. */
  readonly g?: Numbers;
  /** Tie ranges, when the data have them: rank − rankOptimistic and rankPessimistic − rank of each item (≥ 0). */
  readonly lo?: Numbers;
  readonly hi?: Numbers;
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
    ...(data.relevance ? { g: out(data.relevance) } : {}),
    ...(data.ties ? tieOffsets(data.ranks, data.ties, out) : {}),
  };
}

function tieOffsets(
  ranks: Float64Array,
  ties: TieRanges,
  out: (a: Float64Array) => Numbers,
): Pick<WireRanks, 'lo' | 'hi'> {
  const lo = new Float64Array(ranks.length);
  const hi = new Float64Array(ranks.length);
  for (let j = 0; j < ranks.length; j++) {
    lo[j] = ranks[j] - ties.low[j];
    hi[j] = ties.high[j] - ranks[j];
  }
  return { lo: out(lo), hi: out(hi) };
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
  const items = itemColumns(wire, ranks);
  sortInstances(offsets, ranks, items);
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
    ...(items.relevance ? { relevance: items.relevance } : {}),
    ...(items.ties ? { ties: items.ties } : {}),
  };
}

interface ItemColumns {
  relevance: Float64Array | null;
  ties: { low: Float64Array; high: Float64Array } | null;
}

/** The grades and tie ranges of the wire form, one per rank, validated (grades ≥ 0, 1 ≤ low ≤ rank ≤ high). */
function itemColumns(wire: Record<string, unknown>, ranks: Float64Array): ItemColumns {
  const perRank = (key: string, what: string, one: string) => {
    if (wire[key] === undefined) return null;
    const values = numberArray(wire[key], what, LIMITS.maxRanks);
    if (values.length !== ranks.length) throw new RangeError(`there is not one ${one} per rank`);
    return values;
  };
  const grades = perRank('g', 'the relevance grades', 'grade');
  const badGrade = grades?.find((g) => g < 0);
  if (badGrade !== undefined) {
    throw new RangeError(`a relevance grade is ${String(badGrade).slice(0, 20)}: grades are numbers ≥ 0`);
  }
  const below = perRank('lo', 'the tie range starts', 'tie range start');
  const above = perRank('hi', 'the tie range ends', 'tie range end');
  if ((below === null) !== (above === null))
    throw new RangeError('a tie range has a start but no end, or an end but no start');
  let ties: ItemColumns['ties'] = null;
  if (below && above) {
    integers(below, 'the tie range starts', 0, LIMITS.maxItemCount);
    integers(above, 'the tie range ends', 0, LIMITS.maxItemCount);
    const low = new Float64Array(ranks.length);
    const high = new Float64Array(ranks.length);
    for (let j = 0; j < ranks.length; j++) {
      low[j] = ranks[j] - below[j];
      high[j] = ranks[j] + above[j];
      if (low[j] < 1 || high[j] > LIMITS.maxItemCount) {
        throw new RangeError(
          `the tie range ${low[j]}..${high[j]} of rank ${ranks[j]} is outside 1..${LIMITS.maxItemCount}`,
        );
      }
    }
    ties = { low, high };
  }
  return { relevance: grades ? Float64Array.from(grades) : null, ties };
}

/** Sorts each instance's ranks ascending, moving its grades and tie ranges with them. */
function sortInstances(offsets: Int32Array, ranks: Float64Array, items: ItemColumns): void {
  const columns = [items.relevance, items.ties?.low ?? null, items.ties?.high ?? null].filter((c) => c !== null);
  for (let i = 0; i + 1 < offsets.length; i++) {
    const [start, end] = [offsets[i], offsets[i + 1]];
    if (end - start < 2) continue;
    if (columns.length === 0) {
      ranks.subarray(start, end).sort();
      continue;
    }
    const order = Array.from({ length: end - start }, (_, t) => start + t).sort((a, b) => ranks[a] - ranks[b]);
    for (const column of [ranks, ...columns]) {
      const sorted = order.map((j) => column[j]);
      column.set(sorted, start);
    }
  }
}
