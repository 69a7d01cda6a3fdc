/** Lists of identifiers in options and messages: `ap, recall@10` read, "a, b or c" written. */
import { InputError } from './errors.ts';

/**
 * Parses a comma-separated list of identifiers (`ap, recall@10` or `sampled,bv:0.1`) with `parse`; blanks are
 * skipped, duplicates (by canonical id) removed, the order kept. Example: parseIdList('ls, LS', 'method', parseMethod)
 * → [ls]; an empty list is an InputError "the method list is empty".
 */
export function parseIdList<T extends { readonly id: string }>(
  text: string,
  noun: string,
  parse: (id: string) => T,
): T[] {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (parts.length === 0) throw new InputError(`the ${noun} list is empty`);
  const seen = new Map<string, T>();
  for (const part of parts) {
    const item = parse(part);
    if (!seen.has(item.id)) seen.set(item.id, item);
  }
  return [...seen.values()];
}

/** How a message lists alternatives: ['a', 'b', 'c'] → "a, b or c". */
export function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
