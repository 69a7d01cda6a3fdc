/**
 * Estimators of an exact metric from sampled ranks (Krichene & Rendle 2020 section 5): `sampled` applies the metric
 * to r̃ unchanged; `rank-estimate` (eq 20), `ls` (eqs 21–23), `cls` (section 5.2) and `bv:γ` (eq 25) replace M(r̃)
 * by a corrected vector M̂(r̃).
 */
import { InputError } from '../errors.ts';

export type CorrectionKind = 'rank-estimate' | 'ls' | 'cls' | 'bv';

export type Method =
  | { readonly kind: 'sampled'; readonly id: string }
  | { readonly kind: 'rank-estimate' | 'ls' | 'cls'; readonly id: string }
  | { readonly kind: 'bv'; readonly id: string; readonly gamma: number };

export function parseGamma(text: string, where = 'γ'): number {
  const gamma = Number(text);
  if (text.trim() === '' || !Number.isFinite(gamma) || gamma < 0 || gamma > 1) {
    throw new InputError(`${where} must be a number in [0, 1], got "${text}"`);
  }
  return gamma;
}

/** Parses `sampled`, `rank-estimate`, `ls`, `cls` or `bv:G` (γ ∈ [0, 1] after the colon). */
export function parseMethod(text: string): Method {
  const t = text.trim().toLowerCase();
  if (t === 'sampled' || t === 'rank-estimate' || t === 'ls' || t === 'cls') return { kind: t, id: t } as Method;
  if (t.startsWith('bv:')) {
    const gamma = parseGamma(t.slice(3), `method "${text}": γ`);
    return { kind: 'bv', id: `bv:${gamma}`, gamma };
  }
  if (t === 'bv') throw new InputError(`method "bv" needs γ after a colon, e.g. bv:0.1`);
  throw new InputError(`unknown method "${text}": expected sampled, rank-estimate, ls, cls or bv:G with G in [0, 1]`);
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
