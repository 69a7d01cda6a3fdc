/**
 * Restoring a document from untrusted JSON (a link, a file, saved work), after excalidraw's data/restore.ts: each
 * field is validated on its own; a missing field (an older format) silently gets its default, an invalid one gets
 * its default and a problem that says which. Nothing in the input is ever executed or merged into live objects:
 * the result is built field by field from validated values.
 */
import './zodConfig.ts';
import { z } from 'zod';
import { parseMetric, TIE_RULES, validateVariantChoice, type VariantChoice } from '../core/index.ts';
import {
  DEFAULT_SETTINGS,
  DOCUMENT_VERSION,
  LIMITS,
  PALETTE,
  defaultDocument,
  DEFAULT_VIEW,
  type View,
  type ExplorerDocument,
  type RecommenderDoc,
  type Settings,
} from './document.ts';
import { DATASETS } from './datasets/registry.ts';
import { restoreEstimatorSettings } from './estimatorSettings.ts';
import { restoreFiguresView } from './figureView.ts';
import { SHAPES } from '../io/syntheticParams.ts';
import { fromWire, toWire, type WireRanks } from './wireRanks.ts';

/** Written into every exported file, so that a configuration can be told from a rank file. */
export const FORMAT_NAME = 'sampled-metrics-explorer';

export interface Restored {
  readonly document: ExplorerDocument;
  /** What was replaced by defaults, in words; empty when everything was read. */
  readonly problems: readonly string[];
}

const metricIds = z
  .array(z.string().max(24))
  .min(1)
  .max(LIMITS.maxMetrics)
  .transform((ids, ctx) => {
    try {
      return [...new Set(ids.map((id) => parseMetric(id).id))];
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** The definitions a reader chose (absent when they are the defaults), restored on their own. */
const tiesSchema = z.enum(TIE_RULES as readonly ['optimistic', 'pessimistic', 'random']);
const variantsSchema = z
  .record(z.string().max(24), z.string().max(24))
  .refine((choice) => Object.keys(choice).length <= 8)
  .transform((choice, ctx) => {
    try {
      validateVariantChoice(choice as VariantChoice);
      return choice as VariantChoice;
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** Optional settings: absent means the default, and they are only written when set. */
type OptionalSetting = 'estimators' | 'ties' | 'variants';

/** Every setting but the optional ones (restored on their own: estimatorSettings.ts, restoreDefinitions). */
const SETTINGS: { [K in Exclude<keyof Settings, OptionalSetting>]: { schema: z.ZodType<Settings[K]>; label: string } } =
  {
    rankKind: { schema: z.enum(['true', 'sampled']), label: 'kind of ranks' },
    itemCount: { schema: z.number().int().min(2).max(LIMITS.maxItemCount), label: 'n' },
    sampleSize: { schema: z.number().int().min(1).max(LIMITS.maxSampleSize), label: 'm' },
    sampling: { schema: z.enum(['with-replacement', 'without-replacement']), label: 'sampling' },
    metrics: { schema: metricIds, label: 'metrics' },
    gammas: { schema: z.array(z.number().min(0).max(1)).max(LIMITS.maxGammas), label: 'γ values' },
    prior: {
      schema: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('uniform') }),
        z.object({ kind: z.literal('power'), exponent: z.number().min(0).max(5) }),
      ]),
      label: 'prior',
    },
    seed: { schema: z.number().int().min(0).max(LIMITS.maxSeed), label: 'seed' },
    repetitions: { schema: z.number().int().min(1).max(LIMITS.maxRepetitions), label: 'repetitions' },
  };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of `key` if it is valid; the fallback otherwise (noting a problem unless the key is simply absent). */
function field<T>(
  raw: Record<string, unknown>,
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
  label: string,
  problems: string[],
): T {
  if (!Object.hasOwn(raw, key) || raw[key] === undefined) return fallback;
  const parsed = schema.safeParse(raw[key]);
  if (parsed.success) return parsed.data;
  problems.push(`${label}: not valid, the default is used`);
  return fallback;
}

function restoreSettings(raw: unknown, problems: string[]): Settings {
  if (raw === undefined) return DEFAULT_SETTINGS;
  if (!isRecord(raw)) {
    problems.push('settings: not readable, the defaults are used');
    return DEFAULT_SETTINGS;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]) {
    const { schema, label } = SETTINGS[key];
    out[key] = field(raw, key, schema as z.ZodType<unknown>, DEFAULT_SETTINGS[key], label, problems);
  }
  const estimators = restoreEstimatorSettings(raw.estimators, problems);
  if (estimators) out.estimators = estimators;
  const ties = field(raw, 'ties', tiesSchema.optional(), undefined, 'tie rule', problems);
  if (ties) out.ties = ties;
  const variants = field(raw, 'variants', variantsSchema.optional(), undefined, 'metric definitions', problems);
  if (variants && Object.keys(variants).length > 0) out.variants = variants;
  return out as unknown as Settings;
}

const datasetSchema = z
  .object({
    id: z.string().refine((id) => DATASETS.some((d) => d.id === id)),
    params: z
      .object({
        shapes: z.array(z.enum(SHAPES)).min(1).max(SHAPES.length),
        users: z.number().int().min(1).max(1_000_000),
        itemCount: z.number().int().min(2).max(LIMITS.maxItemCount),
        seed: z.number().int().min(0).max(LIMITS.maxSeed),
      })
      .nullable(),
    index: z.number().int().min(0).max(LIMITS.maxRecommenders),
  })
  .nullable();

const nameSchema = z.string().trim().min(1).max(LIMITS.maxNameLength);
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const textSchema = z.string().max(20_000_000).nullable();
const sourceSchema = z.string().max(200).nullable();

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) candidate = `${name} (${i})`;
  taken.add(candidate);
  return candidate;
}

function restoreRecommender(
  raw: unknown,
  index: number,
  taken: Set<string>,
  problems: string[],
): RecommenderDoc | null {
  const which = `recommender ${index + 1}`;
  if (!isRecord(raw)) {
    problems.push(`${which}: not readable, left out`);
    return null;
  }
  const name = uniqueName(field(raw, 'name', nameSchema, `R${index + 1}`, `name of ${which}`, problems), taken);
  let data = null;
  if (raw.data !== undefined && raw.data !== null) {
    try {
      data = fromWire(raw.data, name);
    } catch (error) {
      problems.push(`data of "${name}": not valid (${(error as Error).message}), left out`);
    }
  }
  return {
    name,
    color: field(raw, 'color', colorSchema, PALETTE[index % PALETTE.length], `colour of "${name}"`, problems),
    hidden: field(raw, 'hidden', z.boolean(), false, `visibility of "${name}"`, problems),
    text: field(raw, 'text', textSchema, null, `text of "${name}"`, problems),
    data,
    source: field(raw, 'source', sourceSchema, null, `source of "${name}"`, problems),
    dataset: field(raw, 'dataset', datasetSchema, null, `data set of "${name}"`, problems),
  };
}

/** Restores any JSON value as a valid document; never throws. */
export function restoreDocument(raw: unknown): Restored {
  const problems: string[] = [];
  if (!isRecord(raw)) return { document: defaultDocument(), problems: ['it does not hold a configuration'] };
  const version = raw.version;
  if (typeof version === 'number' && version > DOCUMENT_VERSION) {
    problems.push(`it was made by a newer version of the explorer (format ${version}); what could be read is shown`);
  }
  const settings = restoreSettings(raw.settings, problems);
  let recommenders = defaultDocument().recommenders;
  if (raw.recommenders !== undefined) {
    if (Array.isArray(raw.recommenders) && raw.recommenders.length <= LIMITS.maxRecommenders) {
      const taken = new Set<string>();
      recommenders = raw.recommenders
        .map((r, i) => restoreRecommender(r, i, taken, problems))
        .filter((r): r is RecommenderDoc => r !== null);
    } else problems.push('recommenders: not readable, the toy example is shown');
  }
  return { document: { settings, recommenders, view: restoreView(raw.view, problems) }, problems };
}

const viewSchema = z.object({
  metric: z.string().max(24).nullable().catch(null),
  hiddenSeries: z.array(z.string().max(24)).max(LIMITS.maxMetrics).catch([]),
});

function restoreView(raw: unknown, problems: string[]): View {
  if (raw === undefined) return DEFAULT_VIEW;
  const parsed = viewSchema.safeParse(raw);
  if (!parsed.success) {
    problems.push('view: not valid, the default is used');
    return DEFAULT_VIEW;
  }
  // Figure 1's hidden series live in `hiddenSeries` (figureView.ts: figuresViewOf), never in `figures.hidden`.
  const figures = restoreFiguresView((raw as Record<string, unknown>).figures, problems);
  const { fig1: _ignored, ...hidden } = figures.hidden;
  return { ...parsed.data, figures: { ...figures, hidden } };
}

export interface WireDocument {
  readonly format: typeof FORMAT_NAME;
  readonly version: number;
  readonly settings: Settings;
  readonly view: View;
  readonly recommenders: readonly (Omit<RecommenderDoc, 'data'> & { readonly data: WireRanks | null })[];
}

/**
 * The document as plain JSON (links, files), or with typed arrays for IndexedDB (`typed`).
 * `restoreDocument(toWireDocument(d))` gives back d.
 */
export function toWireDocument(document: ExplorerDocument, typed = false): WireDocument {
  return {
    format: FORMAT_NAME,
    version: DOCUMENT_VERSION,
    settings: document.settings,
    view: document.view,
    recommenders: document.recommenders.map((r) => ({ ...r, data: r.data ? toWire(r.data, typed) : null })),
  };
}

/** What a link holds: the data of built-in data sets are named (`dataset`), not carried. */
export function linkDocument(document: ExplorerDocument): ExplorerDocument {
  return {
    ...document,
    recommenders: document.recommenders.map((r) => (r.dataset && r.data ? { ...r, data: null } : r)),
  };
}
