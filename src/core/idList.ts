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
