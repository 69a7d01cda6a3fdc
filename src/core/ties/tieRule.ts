/**
 * How items with equal scores are ordered. A rank file may give, beside the rank drawn for each relevant item, the
 * range of positions its tie group spans (`rankOptimistic` ≤ rank ≤ `rankPessimistic`):
 *   optimistic   every relevant item before the irrelevant items it is tied with (the best case);
 *   pessimistic  every relevant item after them (the worst case);
 *   random       the exact expectation over a uniformly random order of each tie group (not one draw).
 * Without a rule, the file's `rank` column is used as it is. Data without tie ranges give the same value under
 * every rule. Tamm et al. (RecSys 2021) show that libraries differ in what a metric's name means; how ties are
 * broken is one more such choice, and an evaluation should state it.
 */
import { InputError } from '../errors.ts';

export type TieRule = 'optimistic' | 'pessimistic' | 'random';

export const TIE_RULES: readonly TieRule[] = ['optimistic', 'pessimistic', 'random'];

/** Parses `optimistic`, `pessimistic` or `random`; throws an InputError naming the value and the choices. */
export function parseTieRule(text: string): TieRule {
  const value = text.trim().toLowerCase();
  if (!(TIE_RULES as readonly string[]).includes(value)) {
    throw new InputError(`unknown tie rule "${text}": expected one of ${TIE_RULES.join(', ')}`);
  }
  return value as TieRule;
}

/** One line for a caption or a methods paragraph. */
export function tieRuleText(rule: TieRule | undefined): string {
  switch (rule) {
    case undefined:
      return 'ties broken as in the rank column';
    case 'optimistic':
      return 'ties broken optimistically (each relevant item before the items tied with it)';
    case 'pessimistic':
      return 'ties broken pessimistically (each relevant item after the items tied with it)';
    case 'random':
      return 'ties broken at random (the exact expectation over a uniformly random order of each tie group)';
  }
}
