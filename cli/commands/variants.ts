/**
 * `sampled-metrics variants`: every definition that recommender-system libraries compute under the names HitRate,
 * MAP, MRR, NDCG, Precision, Recall and AUC (Tamm et al., "Quality Metrics in Recommender Systems: Do We Calculate
 * Metrics Consistently?", RecSys 2021), side by side, for each recommender of a rank file (src/core/variants).
 */
import type { VariantValue } from '../../src/core/index.ts';
import { tieRuleText, variantValues } from '../../src/core/index.ts';
import type { Command } from '../command.ts';
import { formatNumber, renderTable } from '../format.ts';
import { COMMON_OPTIONS, N_OPTION, RANKS_OPTION, readDigits, readItemCount, readRankFile } from '../inputs.ts';
import { readTieRule, TIES_OPTION } from '../ties.ts';

export interface VariantRow {
  recommender: string;
  metric: string;
  variant: string;
  label: string;
  libraries: string[];
  formula: string;
  /** Where a reading comes from when no library is named, or a caveat; null otherwise. */
  note: string | null;
  value: number;
}

export const variantsCommand: Command = {
  name: 'variants',
  description:
    'For each recommender: the value (mean over its users) of every variant of a metric that Tamm et al.\n' +
    '(RecSys 2021, Table 1) found in recommender-system libraries, with the libraries that compute it and its\n' +
    'formula (LaTeX, in the JSON): HitRate@K as any hit, hits counted or recall; MRR@K of the first hit or summed;\n' +
    'AP@K over K, |R|, min(K, |R|) or Elliot’s all positions; NDCG@K binary, graded (2^rel − 1 or rel, from a\n' +
    '`relevance` column), DL RS Evaluation’s and unnormalised; Precision@K and Recall@K; and AUC per user, weighted\n' +
    'by |R|, stacked, on the top K, limited. With --ties, tied items (rankOptimistic, rankPessimistic columns) are\n' +
    'ordered by the rule; `random` is the exact expectation over a random order.',
  options: [
    N_OPTION,
    RANKS_OPTION,
    { name: 'k', value: 'K', required: true, help: 'the cut-off K of the @K variants' },
    TIES_OPTION,
    ...COMMON_OPTIONS,
  ],
  example: 'sampled-metrics variants --n 3706 --ranks movielens-1m-true-ranks.csv --k 10 --ties random',
  run(args, io) {
    const itemCount = readItemCount(args);
    const cutoff = args.requiredInteger('k', 1);
    const ties = readTieRule(args);
    const digits = readDigits(args);
    const recommenders = readRankFile(args, io, 'ranks', { itemCount });
    const values = recommenders.map((data) => variantValues(data, { cutoff, itemCount, ties }));
    const rows: VariantRow[] = recommenders.flatMap((data, i) =>
      values[i].map(({ variant, value }) => ({
        recommender: data.name,
        metric: variant.metric,
        variant: variant.id,
        label: variant.label,
        libraries: [...variant.libraries],
        formula: variant.formula,
        note: variant.note ?? null,
        value,
      })),
    );
    const header =
      `Metric variants (Tamm et al. 2021), K = ${cutoff}, n = ${itemCount}` +
      (ties ? `, ${tieRuleText(ties)}` : '') +
      '\n';
    return {
      json: { k: cutoff, n: itemCount, ties: ties ?? null, variants: rows },
      text:
        header +
        renderVariantTable(
          recommenders.map((r) => r.name),
          values,
          digits,
        ),
    };
  },
};

/** A row per variant (grouped by metric), a column per recommender, then the libraries. */
function renderVariantTable(names: readonly string[], values: readonly VariantValue[][], digits: number): string {
  const rows = values[0].map(({ variant }, j) => [
    j === 0 || values[0][j - 1].variant.metric !== variant.metric ? variant.metric : '',
    variant.id,
    ...values.map((own) => formatNumber(own[j].value, digits)),
    variant.libraries.length > 0
      ? variant.libraries.join(', ')
      : '– (none in Tamm et al.’s Table 1; see the note in --json)',
  ]);
  return renderTable(['metric', 'variant', ...names, 'libraries'], rows, [
    'left',
    'left',
    ...names.map(() => 'right' as const),
    'left',
  ]);
}
