/**
 * The estimators' settings for sampled ranks, part of the document's settings (document.ts): the EM stopping rule
 * of MLE and WMLE, MES's η and scale, WMLE's weight and C (Jin et al. 2021, eqs 21–27), the bootstrap's B, and whether LS is
 * shown. A link, the saved work and the exported file carry only what differs from the defaults, so that a link of
 * the defaults stays as it was; restored field by field (an invalid value gets its default and a problem).
 * The methods' ids carry the parameters (`wmle:ap:5`, `mes:0.01`, `mes:0.01:code`), as the CLI's `--method` writes them.
 */
import './zodConfig.ts';
import { z } from 'zod';
import {
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MES_ETA,
  DEFAULT_WMLE_SCALE,
  distributionMethodIds,
  estimatorOf,
  formatInteger,
  mesMethod,
  methodIds,
  parseMethod,
  wmleMethod,
  type FitOptions,
  type MesScale,
} from '../core/index.ts';

/**
 * How EM stops (mle, wmle): `gain`, the explorer's default, when one step gains less than 1e-5 · max(1, |ℓ|) (at
 * most 10,000 steps, core mle.ts); `fixed`, as the papers' code does, after a fixed 100 EM steps from uniform.
 */
export type EmRule = 'gain' | 'fixed';

export interface EstimatorSettings {
  readonly emRule: EmRule;
  /** MES's entropy weight η (eq 26). */
  readonly mesEta: number;
  /** MES's objective: η H − E as eq 26 prints it, or η H − (m + 1) E as the papers' code scales it (core mes.ts). */
  readonly mesScale: MesScale;
  /** WMLE's weight w(r̃) = M(r̃/C) (eq 22): NDCG's or AP's, and its C. */
  readonly wmleWeight: 'ndcg' | 'ap';
  readonly wmleScale: number;
  /** B, resamples of the users for the 95% intervals; 0: no intervals. */
  readonly replicates: number;
  /** LS (eqs 21–23) is computed and shown: it minimises bias only, its values leave the metric's range. */
  readonly showLs: boolean;
}

export const ESTIMATOR_DEFAULTS: EstimatorSettings = {
  emRule: 'gain',
  mesEta: DEFAULT_MES_ETA,
  mesScale: 'paper',
  wmleWeight: 'ndcg',
  wmleScale: DEFAULT_WMLE_SCALE,
  replicates: 200,
  showLs: false,
};

export const ESTIMATOR_LIMITS = { maxReplicates: 2000, maxEta: 100, maxScale: 1e6 } as const;

/** The papers' EM: 100 steps whatever they gain (a tolerance no step can fall below but a zero gain). */
export const FIXED_EM: FitOptions = { tolerance: Number.MIN_VALUE, maxIterations: 100 };

export const ESTIMATOR_SCHEMAS: { readonly [K in keyof EstimatorSettings]: z.ZodType<EstimatorSettings[K]> } = {
  emRule: z.enum(['gain', 'fixed']),
  mesEta: z.number().gt(0).max(ESTIMATOR_LIMITS.maxEta),
  mesScale: z.enum(['paper', 'code']),
  wmleWeight: z.enum(['ndcg', 'ap']),
  wmleScale: z.number().gt(0).max(ESTIMATOR_LIMITS.maxScale),
  replicates: z.number().int().min(0).max(ESTIMATOR_LIMITS.maxReplicates),
  showLs: z.boolean(),
};

const LABELS: { readonly [K in keyof EstimatorSettings]: string } = {
  emRule: 'EM stopping rule',
  mesEta: 'MES η',
  mesScale: 'MES scale',
  wmleWeight: 'WMLE weight',
  wmleScale: 'WMLE C',
  replicates: 'bootstrap B',
  showLs: 'show LS',
};

/** What the document stores: only the settings that differ from the defaults. */
export type StoredEstimatorSettings = Partial<EstimatorSettings>;

/** Every setting: the stored value, else the default. */
export function estimatorSettingsOf(stored: StoredEstimatorSettings | undefined): EstimatorSettings {
  return { ...ESTIMATOR_DEFAULTS, ...stored };
}

/** The stored settings with one changed; a value equal to the default is dropped; undefined when nothing is left. */
export function withEstimatorSetting<K extends keyof EstimatorSettings>(
  stored: StoredEstimatorSettings | undefined,
  key: K,
  value: EstimatorSettings[K],
): StoredEstimatorSettings | undefined {
  const next: Record<string, unknown> = { ...stored };
  if (value === ESTIMATOR_DEFAULTS[key]) delete next[key];
  else next[key] = value;
  return Object.keys(next).length > 0 ? (next as StoredEstimatorSettings) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Restores the stored settings from untrusted JSON, field by field: a missing field is the default (silently),
 * an invalid or unknown one is left out with a problem naming it; undefined when every setting is the default.
 */
export function restoreEstimatorSettings(raw: unknown, problems: string[]): StoredEstimatorSettings | undefined {
  if (raw === undefined) return undefined;
  if (!isRecord(raw)) {
    problems.push('estimator settings: not readable, the defaults are used');
    return undefined;
  }
  let kept: StoredEstimatorSettings | undefined;
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(ESTIMATOR_SCHEMAS, key)) {
      problems.push(`estimator setting "${key.slice(0, 24)}": unknown, left out`);
      continue;
    }
    const name = key as keyof EstimatorSettings;
    const parsed = (ESTIMATOR_SCHEMAS[name] as z.ZodType<unknown>).safeParse(value);
    if (!parsed.success) problems.push(`${LABELS[name]}: not valid, the default is used`);
    else kept = withEstimatorSetting(kept, name, parsed.data as never);
  }
  return kept;
}

/**
 * The estimates table's methods, by id with their parameters: the sampled metric and Krichene & Rendle's
 * corrections (LS only when shown, BV for each γ), then Jin et al.'s MLE, WMLE, MES and BV-dist.
 */
export function estimateMethodIds(gammas: readonly number[], settings: EstimatorSettings): string[] {
  const corrections = methodIds(gammas).filter((id) => settings.showLs || id !== 'ls');
  const learned = distributionMethodIds().map((id) => {
    const kind = parseMethod(id).kind;
    if (kind === 'wmle') return wmleMethod(settings.wmleWeight, settings.wmleScale).id;
    if (kind === 'mes') return mesMethod(settings.mesEta, settings.mesScale).id;
    return parseMethod(id).id;
  });
  return [...corrections, ...learned];
}

/** The fit options of a method: the papers' fixed 100 EM steps for MLE and WMLE when chosen, else the core's. */
export function fitOptionsOf(methodId: string, settings: EstimatorSettings): FitOptions | undefined {
  const kind = parseMethod(methodId).kind;
  return settings.emRule === 'fixed' && (kind === 'mle' || kind === 'wmle') ? FIXED_EM : undefined;
}

export interface MethodGroup {
  readonly methods: readonly string[];
  readonly fit?: FitOptions;
}

/**
 * The methods in the order their intervals are computed: every method without a fit first, in one group (fast:
 * one vector per n, re-averaged on each resample), then each rank-distribution fit on its own.
 */
export function intervalGroups(methods: readonly string[], settings: EstimatorSettings): MethodGroup[] {
  // The registry's `fits` flag: the methods that fit P̂ on the whole sample (core estimators.ts).
  const fits = methods.filter((id) => estimatorOf(parseMethod(id)).fits);
  const vectors = methods.filter((id) => !fits.includes(id));
  return [
    ...(vectors.length > 0 ? [{ methods: vectors }] : []),
    ...fits.map((id) => ({ methods: [id], fit: fitOptionsOf(id, settings) })),
  ];
}

/** The point estimates in as few calls as their fit options allow (one unless EM's rule differs from MES's). */
export function pointGroups(methods: readonly string[], settings: EstimatorSettings): MethodGroup[] {
  const em = methods.filter((id) => fitOptionsOf(id, settings) !== undefined);
  const rest = methods.filter((id) => !em.includes(id));
  return em.length === 0 ? [{ methods }] : [{ methods: rest }, { methods: em, fit: FIXED_EM }];
}

/** "MES η = 0.001" or "MES η = 0.01, E × (m + 1) (the papers’ code)". */
export function mesSettingText(settings: Pick<EstimatorSettings, 'mesEta' | 'mesScale'>): string {
  return `MES η = ${settings.mesEta}${settings.mesScale === 'code' ? ', E × (m + 1) (the papers’ code)' : ''}`;
}

/** "EM: until a step gains < 1e-5·max(1, |ℓ|), ≤ 10,000 steps" or "EM: 100 steps from uniform (the papers' code)". */
export function emRuleText(rule: EmRule): string {
  return rule === 'fixed'
    ? 'EM: a fixed 100 steps from uniform (the papers’ code)'
    : `EM: until a step gains < 1e-5 · max(1, |ℓ|), at most ${formatInteger(DEFAULT_MAX_ITERATIONS)} steps`;
}
