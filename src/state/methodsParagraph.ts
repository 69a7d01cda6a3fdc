/**
 * A methods paragraph, ready to paste into a paper, generated from the same settings and data that produced the
 * numbers on the page: the users and n (or each user's own n), m and the sampling law, every metric with its
 * definition in words and in LaTeX (Krichene & Rendle's eqs 7–13, or the variant of Tamm et al. chosen), the tie
 * rule, the corrections and their γ and prior, the estimators and EM's stopping rule, and the bootstrap (B, seed).
 * Formulas are written `$…$`, as LaTeX sources take them.
 */
import {
  chosenVariant,
  formatInteger,
  isDefaultVariant,
  isSingleRelevant,
  itemCountRange,
  methodLabel,
  metricFormula,
  parseMetric,
  priorText,
  SAMPLING_LABELS,
  tieRuleText,
  totalWeight,
  variantMetricLabel,
  type RankData,
} from '../core/index.ts';
import { definitionsOf } from './definitions.ts';
import type { Settings } from './document.ts';
import { estimateMethodIds, estimatorSettingsOf } from './estimatorSettings.ts';

export interface MethodsInput {
  readonly settings: Settings;
  /** The recommenders the numbers are about (shown, with valid data). */
  readonly recommenders: readonly { readonly name: string; readonly data: RankData }[];
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "AUC, $\mathrm{AUC}(r) = …$ (Krichene & Rendle, eq 7)" or the chosen variant with its libraries. */
function metricSentence(id: string, settings: Settings): string {
  const metric = parseMetric(id);
  const definitions = definitionsOf(settings);
  const label = variantMetricLabel(id, definitions?.variants);
  if (isDefaultVariant(metric.kind, settings.variants)) {
    const { tex, equation } = metricFormula(metric);
    return `${label}, $${tex}$ (Krichene & Rendle 2020, ${equation})`;
  }
  const variant = chosenVariant(metric.kind, settings.variants);
  const libraries = variant.libraries.length > 0 ? `, as in ${list([...variant.libraries])}` : '';
  return `${label}, $${variant.formula}$ (Tamm et al. 2021${libraries})`;
}

function usersSentence({ settings, recommenders }: MethodsInput): string {
  const names = recommenders.map((r) => r.name);
  const users = recommenders.length > 0 ? Math.max(...recommenders.map((r) => totalWeight(r.data))) : 0;
  const single = recommenders.every((r) => isSingleRelevant(r.data));
  const own = itemCountRange(recommenders.map((r) => r.data));
  const catalogue = own
    ? `each user’s own catalogue of n = ${formatInteger(own.smallest)}–${formatInteger(own.largest)} items`
    : `all n = ${formatInteger(settings.itemCount)} items`;
  const what = settings.rankKind === 'true' ? 'the rank of' : 'the sampled rank of';
  return (
    `We evaluate ${recommenders.length === 1 ? 'one recommender' : `${recommenders.length} recommenders`} ` +
    `(${list(names)}) on ${formatInteger(users)} users, ${single ? 'each with one held-out relevant item' : 'each with one or more held-out relevant items'}, ` +
    `from ${what} ${single ? 'that item' : 'those items'} among ${catalogue}.`
  );
}

function samplingSentence(settings: Settings): string {
  const sampling = `m = ${formatInteger(settings.sampleSize)} irrelevant items sampled uniformly ${SAMPLING_LABELS[settings.sampling]}`;
  return settings.rankKind === 'true'
    ? `Sampled metrics rank the held-out item among ${sampling}; their expected value and standard deviation over the sampling are computed exactly from the law of the sampled rank (Krichene & Rendle 2020, eq 16).`
    : `The ranks were measured among ${sampling} (sampled ranks), and the exact metrics are estimated from them.`;
}

function estimatorSentence(settings: Settings): string {
  const gammas = settings.gammas.map((g) => `γ = ${g}`);
  const corrections =
    `Corrections: the bias–variance correction (BV, Krichene & Rendle 2020, eq 25)` +
    (gammas.length > 0 ? ` with ${list(gammas)}` : ' (no γ chosen)') +
    `, under a ${priorText(settings.prior)}.`;
  if (settings.rankKind === 'true') return corrections;
  const estimators = estimatorSettingsOf(settings.estimators);
  // Each with the id the CLI's --method takes (its parameters included), so the run can be repeated.
  const methods = estimateMethodIds(settings.gammas, estimators).map((id) => `${methodLabel(id)} [${id}]`);
  const em =
    estimators.emRule === 'fixed'
      ? 'EM runs a fixed 100 steps from the uniform distribution, as the papers’ code does'
      : 'EM stops when a step gains less than 10^−5 · max(1, |ℓ|) (at most 10,000 steps)';
  return `${corrections} Estimators: ${list(methods)}; for MLE and WMLE (Jin et al. 2021), ${em}.`;
}

function bootstrapSentence(settings: Settings): string {
  const { replicates } = estimatorSettingsOf(settings.estimators);
  if (replicates < 1) return 'No intervals over users were computed (bootstrap B = 0).';
  return `95% intervals over users are percentile intervals of a bootstrap of the users with B = ${formatInteger(replicates)} resamples (seed ${settings.seed}).`;
}

/** The paragraph, as plain text with LaTeX formulas between `$` signs. */
export function methodsParagraph(input: MethodsInput): string {
  const { settings } = input;
  const metrics = settings.metrics.map((id) => metricSentence(id, settings));
  return [
    usersSentence(input),
    samplingSentence(settings),
    `Metrics (each averaged over users, Krichene & Rendle 2020, eq 1; r is the rank, δ the indicator): ${list(metrics)}.`,
    `With tied scores, ${tieRuleText(settings.ties)}.`,
    estimatorSentence(settings),
    bootstrapSentence(settings),
  ].join(' ');
}
