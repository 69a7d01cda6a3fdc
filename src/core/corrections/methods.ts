/**
 * Estimators of an exact metric from sampled ranks (Krichene & Rendle 2020 section 5): `sampled` applies the metric
 * to r̃ unchanged; `rank-estimate` (eq 20), `ls` (eqs 21–23), `cls` (section 5.2) and `bv:γ` (eq 25) replace M(r̃)
 * by a corrected vector M̂(r̃). The rank-distribution estimators of Jin et al. 2021 (src/core/distribution) learn
 * P̂(R) first and apply eq 14: `mle` (eq 19), `wmle[:ndcg|ap[:C]]` (eq 22, w(r̃) = M(r̃/C), NDCG and C = 10 by
 * default), `mes[:η]` (eqs 24–27, η = 0.001 by default) and `bv-dist:γ` (eq 15, γ ∈ (0, 1]).
 * Identifiers are canonical: `wmle` is `wmle:ndcg:10`, `mes` is `mes:0.001`.
 */
import { InputError } from '../errors.ts';

export type CorrectionKind = 'rank-estimate' | 'ls' | 'cls' | 'bv';

export type Method =
  | { readonly kind: 'sampled'; readonly id: string }
  | { readonly kind: 'rank-estimate' | 'ls' | 'cls'; readonly id: string }
  | { readonly kind: 'bv'; readonly id: string; readonly gamma: number }
  | DistributionMethod;

/** The estimators that learn the rank distribution P̂(R) first (Jin et al. 2021). */
export type DistributionMethod =
  | { readonly kind: 'mle'; readonly id: string }
  | { readonly kind: 'wmle'; readonly id: string; readonly weight: 'ndcg' | 'ap'; readonly scale: number }
  | { readonly kind: 'mes'; readonly id: string; readonly eta: number }
  | { readonly kind: 'bv-dist'; readonly id: string; readonly gamma: number };

export const DEFAULT_WMLE_SCALE = 10;
export const DEFAULT_MES_ETA = 0.001;

export function isDistributionMethod(method: Method): method is DistributionMethod {
  return method.kind === 'mle' || method.kind === 'wmle' || method.kind === 'mes' || method.kind === 'bv-dist';
}

/** Builders with validation, for callers that hold numbers rather than text (UI, worker). */
export function wmleMethod(weight: 'ndcg' | 'ap' = 'ndcg', scale = DEFAULT_WMLE_SCALE): DistributionMethod {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new InputError(`wmle: C must be a number > 0, got ${scale}`);
  return { kind: 'wmle', id: `wmle:${weight}:${scale}`, weight, scale };
}

export function mesMethod(eta = DEFAULT_MES_ETA): DistributionMethod {
  if (!(eta > 0) || !Number.isFinite(eta)) throw new InputError(`mes: η must be a number > 0, got ${eta}`);
  return { kind: 'mes', id: `mes:${eta}`, eta };
}

export function bvDistMethod(gamma: number): DistributionMethod {
  if (!(gamma > 0 && gamma <= 1)) throw new InputError(`bv-dist: γ must be a number in (0, 1], got ${gamma}`);
  return { kind: 'bv-dist', id: `bv-dist:${gamma}`, gamma };
}

function parseNumber(text: string): number {
  return text.trim() === '' ? NaN : Number(text);
}

function parseDistributionMethod(t: string, text: string): DistributionMethod | null {
  const [head, ...rest] = t.split(':');
  if (head === 'mle') {
    if (rest.length > 0) throw new InputError(`method "${text}": mle takes no parameter`);
    return { kind: 'mle', id: 'mle' };
  }
  if (head === 'wmle') {
    let weight: 'ndcg' | 'ap' = 'ndcg';
    let parts = rest;
    if (parts[0] === 'ndcg' || parts[0] === 'ap') [weight, ...parts] = parts as ['ndcg' | 'ap', ...string[]];
    if (parts.length > 1) throw new InputError(`method "${text}": expected wmle, wmle:ndcg|ap or wmle:ndcg|ap:C`);
    const scale = parts.length === 1 ? parseNumber(parts[0]) : DEFAULT_WMLE_SCALE;
    if (!(scale > 0) || !Number.isFinite(scale)) {
      throw new InputError(`method "${text}": C must be a number > 0 (w(r̃) = M(r̃/C)), got "${parts[0]}"`);
    }
    return wmleMethod(weight, scale);
  }
  if (head === 'mes') {
    if (rest.length > 1) throw new InputError(`method "${text}": expected mes or mes:η`);
    const eta = rest.length === 1 ? parseNumber(rest[0]) : DEFAULT_MES_ETA;
    if (!(eta > 0) || !Number.isFinite(eta)) {
      throw new InputError(`method "${text}": η must be a number > 0, got "${rest[0]}"`);
    }
    return mesMethod(eta);
  }
  if (head === 'bv-dist') {
    if (rest.length !== 1) throw new InputError(`method "${text}" needs γ after a colon, e.g. bv-dist:0.1`);
    const gamma = parseNumber(rest[0]);
    if (!(gamma > 0 && gamma <= 1)) {
      throw new InputError(`method "${text}": γ must be a number in (0, 1], got "${rest[0]}"`);
    }
    return bvDistMethod(gamma);
  }
  return null;
}

export function parseGamma(text: string, where = 'γ'): number {
  const gamma = Number(text);
  if (text.trim() === '' || !Number.isFinite(gamma) || gamma < 0 || gamma > 1) {
    throw new InputError(`${where} must be a number in [0, 1], got "${text}"`);
  }
  return gamma;
}

/**
 * Parses `sampled`, `rank-estimate`, `ls`, `cls`, `bv:G` (γ ∈ [0, 1] after the colon), `mle`,
 * `wmle[:ndcg|ap[:C]]`, `mes[:η]` or `bv-dist:G`.
 */
export function parseMethod(text: string): Method {
  const t = text.trim().toLowerCase();
  if (t === 'sampled' || t === 'rank-estimate' || t === 'ls' || t === 'cls') return { kind: t, id: t } as Method;
  const distribution = parseDistributionMethod(t, text);
  if (distribution) return distribution;
  if (t.startsWith('bv:')) {
    const gamma = parseGamma(t.slice(3), `method "${text}": γ`);
    return { kind: 'bv', id: `bv:${gamma}`, gamma };
  }
  if (t === 'bv') throw new InputError(`method "bv" needs γ after a colon, e.g. bv:0.1`);
  throw new InputError(
    `unknown method "${text}": expected sampled, rank-estimate, ls, cls, bv:G with G in [0, 1], mle, wmle[:ndcg|ap[:C]], mes[:η] or bv-dist:G`,
  );
}

export function parseMethodList(text: string): Method[] {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (parts.length === 0) throw new InputError('the method list is empty');
  const seen = new Map<string, Method>();
  for (const part of parts) {
    const method = parseMethod(part);
    if (!seen.has(method.id)) seen.set(method.id, method);
  }
  return [...seen.values()];
}

/** The methods the explorer compares by default: the sampled metric, the corrections of section 5, BV for each γ. */
export function methodIds(gammas: readonly number[]): string[] {
  return ['sampled', 'rank-estimate', 'ls', 'cls', ...gammas.map((g) => `bv:${g}`)];
}
