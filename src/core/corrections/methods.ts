/**
 * Estimators of an exact metric from sampled ranks (Krichene & Rendle 2020 section 5): `sampled` applies the metric
 * to r̃ unchanged; `rank-estimate` (eq 20), `ls` (eqs 21–23), `cls` (section 5.2) and `bv:γ` (eq 25) replace M(r̃)
 * by a corrected vector M̂(r̃). The rank-distribution estimators of Jin et al. 2021 (src/core/distribution) learn
 * P̂(R) first and apply eq 14: `mle` (eq 19), `wmle[:ndcg|ap[:C]]` (eq 22, w(r̃) = M(r̃/C), NDCG and C = 10 by
 * default), `mes[:η[:code]]` (eqs 24–27, η = 0.001 by default; `code`: E scaled as Jin et al.'s published code scales
 * it, distribution/mes.ts) and `bv-dist:γ` (eq 15, γ ∈ (0, 1]).
 * Identifiers are canonical: `wmle` is `wmle:ndcg:10`, `mes` is `mes:0.001`. Their syntax, labels and parsing are
 * the estimator registry's (../estimators.ts).
 */
import { InputError } from '../errors.ts';
import { decimalNumber } from '../decimal.ts';

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
  | { readonly kind: 'mes'; readonly id: string; readonly eta: number; readonly scale?: MesScale }
  | { readonly kind: 'bv-dist'; readonly id: string; readonly gamma: number };

export const DEFAULT_WMLE_SCALE = 10;
export const DEFAULT_MES_ETA = 0.001;

/** Builders with validation, for callers that hold numbers rather than text (UI, worker). */
export function wmleMethod(weight: 'ndcg' | 'ap' = 'ndcg', scale = DEFAULT_WMLE_SCALE): DistributionMethod {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new InputError(`wmle: C must be a number > 0, got ${scale}`);
  return { kind: 'wmle', id: `wmle:${weight}:${scale}`, weight, scale };
}

/**
 * How MES weighs its two terms: `paper`, η H − E as eq 26 prints it; `code`, η H − (m + 1) E as Jin et al.'s published
 * code writes the objective (distribution/mes.ts, mesEntropyWeight).
 */
export type MesScale = 'paper' | 'code';

export function mesMethod(eta = DEFAULT_MES_ETA, scale: MesScale = 'paper'): DistributionMethod {
  if (!(eta > 0) || !Number.isFinite(eta)) throw new InputError(`mes: η must be a number > 0, got ${eta}`);
  return scale === 'code' ? { kind: 'mes', id: `mes:${eta}:code`, eta, scale } : { kind: 'mes', id: `mes:${eta}`, eta };
}

export function bvDistMethod(gamma: number): DistributionMethod {
  if (!(gamma > 0 && gamma <= 1)) throw new InputError(`bv-dist: γ must be a number in (0, 1], got ${gamma}`);
  return { kind: 'bv-dist', id: `bv-dist:${gamma}`, gamma };
}

export function parseGamma(text: string, where = 'γ'): number {
  const gamma = decimalNumber(text);
  if (!Number.isFinite(gamma) || gamma < 0 || gamma > 1) {
    throw new InputError(`${where} must be a number in [0, 1], got "${text}"`);
  }
  return gamma;
}
