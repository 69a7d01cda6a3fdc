/** The `--ties` option shared by the commands that read true ranks (src/core/ties/tieRule.ts). */
import type { TieRule } from '../src/core/index.ts';
import { parseTieRule, TIE_RULES } from '../src/core/index.ts';
import type { Args, OptionSpec } from './args.ts';
import { withOption } from './inputs.ts';

export const TIES_OPTION: OptionSpec = {
  name: 'ties',
  value: TIE_RULES.join('|'),
  help:
    'how items with tied scores are ordered, from the rank file’s rankOptimistic and rankPessimistic columns: ' +
    'relevant items first (optimistic), last (pessimistic), or the exact expectation over a random order (random); ' +
    'default: the rank column as it is',
};

/** The tie rule of `--ties`, or undefined without the option. */
export function readTieRule(args: Args): TieRule | undefined {
  const text = args.string('ties');
  return text === undefined ? undefined : withOption(args, 'ties', () => parseTieRule(text));
}
