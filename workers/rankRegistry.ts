/**
 * Rank data kept inside a worker, so that large data cross the worker boundary once per worker, in chunks small
 * enough never to block the page (rankUpload.ts sends them), instead of with every request. Jobs take a RankSource:
 * the data themselves (small data) or a reference to data put here.
 */
import { withTieRule, type RankData, type TieRule } from '../src/core/index.ts';

export type RankRef = { readonly ref: string; readonly name: string };
export type RankSource = RankData | RankRef;

export interface RankShape {
  readonly offsets: number;
  readonly ranks: number;
  readonly weights: number;
  /** Length of itemCounts, or null when the data have none. */
  readonly itemCounts: number | null;
  /** Length of users, or null (absent) when the data name no users. */
  readonly users?: number | null;
  /** Length of relevance (the grades), or null (absent) when the data have none. */
  readonly relevance?: number | null;
  /** Length of the tie ranges (ties.low and ties.high), or null (absent) when the data have none. */
  readonly ties?: number | null;
}

export type RankField = 'offsets' | 'ranks' | 'weights' | 'itemCounts' | 'users' | 'relevance' | 'tiesLow' | 'tiesHigh';

const registry = new Map<string, RankData>();

export function hasRankData(key: string): boolean {
  return registry.has(key);
}

/** Allocates the arrays of `key`; its chunks follow. */
export function beginRankData(key: string, shape: RankShape): void {
  registry.set(key, {
    name: key,
    offsets: new Int32Array(shape.offsets),
    ranks: new Float64Array(shape.ranks),
    weights: new Float64Array(shape.weights),
    itemCounts: shape.itemCounts === null ? null : new Int32Array(shape.itemCounts),
    ...(shape.users == null ? {} : { users: new Int32Array(shape.users) }),
    ...(shape.relevance == null ? {} : { relevance: new Float64Array(shape.relevance) }),
    ...(shape.ties == null ? {} : { ties: { low: new Float64Array(shape.ties), high: new Float64Array(shape.ties) } }),
  });
}

/** The array of `data` a chunk of `field` goes into. */
export function rankField(data: RankData, field: RankField): Float64Array | Int32Array | null {
  if (field === 'tiesLow') return data.ties?.low ?? null;
  if (field === 'tiesHigh') return data.ties?.high ?? null;
  return data[field] ?? null;
}

export function putRankChunk(key: string, field: RankField, offset: number, values: Float64Array | Int32Array): void {
  const data = registry.get(key);
  const target = data && rankField(data, field);
  if (!target) throw new Error(`no rank data "${key}" with ${field}`);
  target.set(values, offset);
}

/** Forgets every key but these (the data of the latest request). */
export function retainRankData(keys: readonly string[]): void {
  for (const key of registry.keys()) if (!keys.includes(key)) registry.delete(key);
}

export function resolveRank(input: RankSource): RankData {
  if (!('ref' in input)) return input;
  const data = registry.get(input.ref);
  if (!data) throw new Error(`rank data "${input.ref}" were not sent to this worker`);
  return { ...data, name: input.name };
}

/** Data under each tie rule, kept per data put here (a rule's data are derived once, however many views ask). */
const underRule = new WeakMap<RankData, Map<TieRule, RankData>>();

/**
 * The data with their tied items ordered by `rule` (core withTieRule: optimistic or pessimistic positions, or the
 * random rule's exact mixture of positions), as every figure's computation should see them; without a rule, the
 * data as they are.
 */
export function resolveRankUnder(input: RankSource, rule: TieRule | undefined): RankData {
  if (rule === undefined) return resolveRank(input);
  if (!('ref' in input)) return withTieRule(input, rule);
  const data = registry.get(input.ref);
  if (!data) return resolveRank(input); // throws the missing-data error
  let rules = underRule.get(data);
  if (!rules) underRule.set(data, (rules = new Map()));
  let tied = rules.get(rule);
  if (!tied) rules.set(rule, (tied = withTieRule(data, rule)));
  return { ...tied, name: input.name };
}
