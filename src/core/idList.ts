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

/**
 * Refuses a list with an empty item, which parseIdList would skip: `auc,,ap` (a doubled comma), `auc,` (a comma at
 * the end), `,auc`. Throws an InputError naming the item by position, e.g. 'item 2 of "auc,,ap" is empty (a doubled
 * comma)'; a list of blanks only is left to parseIdList ("the metric list is empty"). The command line calls it
 * before parsing, so that a typo is not read as a shorter list.
 */
export function refuseEmptyItems(text: string, noun: string): void {
  const parts = text.split(',');
  if (parts.every((part) => part.trim() === '')) return;
  const empty = parts.findIndex((part) => part.trim() === '');
  if (empty < 0) return;
  const where =
    empty === parts.length - 1 ? 'a comma at the end' : empty === 0 ? 'a comma at the start' : 'a doubled comma';
  throw new InputError(`item ${empty + 1} of the ${noun} list "${text}" is empty (${where})`);
}

/** How a message lists alternatives: ['a', 'b', 'c'] → "a, b or c". */
export function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
