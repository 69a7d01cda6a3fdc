/**
 * The metric definitions a reader chose (Settings.variants, Settings.ties) as the core's Definitions, and what the
 * page needs to know about them: whether any differs from Krichene & Rendle's and the rank column, and whether the
 * data carry tie ranges for a rule to act on.
 */
import {
  chosenVariant,
  DEFAULT_VARIANTS,
  isDefaultVariant,
  metricLabel,
  parseMetric,
  resolveTies,
  sameAsKricheneRendle,
  tieRuleText,
  variantMetricLabel,
  type Definitions,
  type MetricKind,
  type RankData,
  type TieRule,
  type VariantChoice,
} from '../core/index.ts';
import type { Settings } from './document.ts';

/** The chosen definitions, or undefined when every metric is Krichene & Rendle's and ties are as in the file. */
export function definitionsOf(settings: Pick<Settings, 'ties' | 'variants'>): Definitions | undefined {
  const variants = chosenVariants(settings.variants);
  if (!settings.ties && !variants) return undefined;
  return { ...(variants ? { variants } : {}), ...(settings.ties ? { ties: settings.ties } : {}) };
}

/** The choice without the kinds read as Krichene & Rendle's; undefined when none is left. */
export function chosenVariants(choice: VariantChoice | undefined): VariantChoice | undefined {
  if (!choice) return undefined;
  const kept = Object.entries(choice).filter(([kind, id]) => id !== DEFAULT_VARIANTS[kind as MetricKind]);
  return kept.length > 0 ? (Object.fromEntries(kept) as VariantChoice) : undefined;
}

/** The choice with `kind` read as `id` (Krichene & Rendle's default: the kind is dropped from the choice). */
export function withVariant(
  choice: VariantChoice | undefined,
  kind: MetricKind,
  id: string,
): VariantChoice | undefined {
  return chosenVariants({ ...choice, [kind]: id });
}

/** True when some recommender's data give a tie range wider than one position (a tie rule then changes numbers). */
export function hasTieRanges(data: readonly RankData[]): boolean {
  return data.some((d) => d.ties?.low.some((low, j) => low < d.ties!.high[j]) ?? false);
}

/**
 * The data on the page under a tie rule: with ties resolved (optimistic, pessimistic), once per data and rule; the
 * data as they are without a rule, without tie ranges, and under random ties, which the computations spread
 * themselves (the intervals job over each user's positions on every resample, workers/intervals.ts; Figure 5 over
 * its buckets). The intervals of the estimates and Figure 5 read it.
 */
export function tieResolvedData(data: RankData, rule: TieRule | undefined): RankData {
  if (!rule || rule === 'random' || !data.ties) return data;
  // One object per data and rule, so that large data are uploaded to the workers once (rankUpload.ts).
  const own = resolved.get(data) ?? {};
  resolved.set(data, own);
  return (own[rule] ??= resolveTies(data, rule));
}

const resolved = new WeakMap<RankData, Partial<Record<'optimistic' | 'pessimistic', RankData>>>();

/** The catalogue size on which a variant is compared with Krichene & Rendle's metric (they differ at small ranks). */
const CHECK_ITEMS = 500;

/**
 * What the estimates of `id` from sampled ranks are under the chosen definitions (the corrections and estimators
 * are built for Krichene & Rendle's metrics): null for their own definition; otherwise whether the chosen variant is
 * the same function of one relevant item's rank (then the estimates are of it) or not (no sampled correction).
 */
export function estimatesDefinitionNote(
  id: string,
  definitions: Definitions | undefined,
  itemCount: number,
  computedId = id,
): { readonly text: string; readonly caveat: boolean } | null {
  const metric = parseMetric(id);
  if (isDefaultVariant(metric.kind, definitions?.variants)) return null;
  const variant = chosenVariant(metric.kind, definitions?.variants);
  const label = variantMetricLabel(id, definitions?.variants);
  if (sameAsKricheneRendle(variant, metric, Math.min(itemCount, CHECK_ITEMS))) {
    return {
      text: `${label}: for one relevant item per user this definition is Krichene & Rendle’s function of the rank, so the estimates are of it.`,
      caveat: false,
    };
  }
  return computedId.includes(':')
    ? {
        text: `${label}: for one relevant item per user this definition is another function of the rank; the expected sampled value, the corrections and the fits are computed for it.`,
        caveat: false,
      }
    : {
        text: `${label}: no sampled correction for this definition when users have several relevant items; the estimates are of Krichene & Rendle’s ${metricLabel(id)}.`,
        caveat: true,
      };
}

/**
 * What the figures and the Tables tab compute under the reader's definitions, said above them. They follow the
 * chosen readings where the data have one relevant item per instance (every figure computes on that item's rank:
 * `ap@10` is read as `ap@10:ap-k`, core definedMetric.ts; the recovered distribution's AP@K too) and order tied
 * items by the chosen rule. With several relevant items somewhere, the figures keep Krichene &
 * Rendle's definitions (only the results table computes the variants on sets of items). Null when the choices are
 * theirs.
 */
export function figuresDefinitionNote(
  settings: Pick<Settings, 'ties' | 'variants' | 'metrics'>,
  singleRelevant = true,
  tieRanges = false,
): string | null {
  const definitions = definitionsOf(settings);
  if (!definitions) return null;
  const named = settings.metrics
    .filter((id) => !isDefaultVariant(parseMetric(id).kind, definitions.variants))
    .map((id) => variantMetricLabel(id, definitions?.variants));
  const rule = definitions.ties ? [tieRuleText(definitions.ties)] : [];
  if (named.length > 0 && !singleRelevant) {
    return (
      `The figures and tables below use Krichene & Rendle’s definitions of the metrics (eqs 2–13), since some users ` +
      `have several relevant items${rule.length ? `, with ${rule[0]}` : ''}; the results table above uses the ` +
      `definitions chosen in Definitions: ${named.join('; ')}.`
    );
  }
  const chosen = [...named, ...rule];
  if (chosen.length === 0) return null;
  const slow =
    definitions.ties === 'random' && tieRanges
      ? ' Under random ties every position of a tie range counts in Figures 2, 6 and 7 and the summary, so long ' +
        'ranges make them far slower (MovieLens Z: minutes; the optimistic and pessimistic rules take seconds); the ' +
        'studies of the Tables tab draw an order of the tied items in each repetition.'
      : '';
  return `The figures and tables below use the definitions chosen in Definitions: ${chosen.join('; ')}.` + slow;
}
