/**
 * A sampling protocol: how an evaluation framework draws the negatives a relevant item is ranked among (issue 27;
 * docs/protocols.md reads each framework's code). A protocol is
 * - a **layout**: `per-user` (one list per user: all its k test positives and m negatives, Krichene & Rendle's
 *   setting, Elliot, WarpRec), `per-positive` (one list per test positive with its own m negatives: NCF, MS
 *   Recommenders, ReChorus), `pooled` (m negatives drawn for each positive, all of a user's positives and
 *   negatives ranked in one list, a negative drawn twice counted once: RecBole) or `fixed-total` (C candidates in
 *   all, the positives included, so m = C − k varies by user: DaisyRec);
 * - the **draws**, with or without replacement (the law of ../law/);
 * - the **negatives**, `uniform` over the pool or ∝ popularity^α (RecBole's `popN`, Zhao et al.'s frequency-based
 *   sampling), the pool being the items of the user's candidates that are not its positives (the data's per-user
 *   n: items in neither the user's training nor, for the other positives, its test set);
 * - whether the positive itself is in the pool (`positiveInPool`: NCF's lists may hold the user's own test item,
 *   which then merges with it);
 * - and how the sampled metric is averaged: over test rows (`instances`) or over users.
 * The presets (presets.ts) are protocols named after the frameworks; every field may be changed by the user.
 */
import { InputError } from '../errors.ts';
import type { Sampling } from '../law/index.ts';
import { SAMPLING_LABELS, SAMPLINGS, samplingLaw } from '../law/index.ts';
import { orList } from '../idList.ts';

export type Layout = 'per-user' | 'per-positive' | 'pooled' | 'fixed-total';
export const LAYOUTS: readonly Layout[] = ['per-user', 'per-positive', 'pooled', 'fixed-total'];

export type Negatives = 'uniform' | 'popularity';
export const NEGATIVES: readonly Negatives[] = ['uniform', 'popularity'];

export type Average = 'instances' | 'users';

export interface Protocol {
  /** The preset it came from (presets.ts), null when the user built it or changed a preset's fields. */
  readonly preset?: string | null;
  readonly layout: Layout;
  readonly sampling: Sampling;
  readonly negatives: Negatives;
  /** The popularity exponent: negatives drawn ∝ popularity^α (popularity negatives only; default 1). */
  readonly alpha: number;
  /** C, the candidates of a list, positives included (`fixed-total` only). */
  readonly candidates: number | null;
  /** The positive may be drawn as one of its own negatives and merges with it (NCF's lists). */
  readonly positiveInPool: boolean;
  /** The sampled metric's average: over the test rows (instances of the per-positive layout) or over users. */
  readonly average: Average;
}

/**
 * A protocol without its draws, as a setup carries it beside its `sampling` (setup.ts: the one law field of every
 * setup, which the protocol's draws are).
 */
export type ProtocolShape = Omit<Protocol, 'sampling'>;

/** The protocol of a setup: its shape (Krichene & Rendle's when absent) with the setup's draws. */
export function protocolOf(sampling: Sampling, shape?: ProtocolShape | null): Protocol {
  return { ...(shape ?? UNIFORM_PROTOCOL), sampling };
}

/** Krichene & Rendle's per-user layout with uniform negatives averaged over instances: what every setup assumed. */
export function isUniformPerUser(protocol: Protocol): boolean {
  return protocol.layout === 'per-user' && protocol.negatives === 'uniform' && !protocol.positiveInPool;
}

/** Krichene & Rendle's setting: per user, uniform negatives with replacement, averaged over instances. */
export const UNIFORM_PROTOCOL: Protocol = {
  layout: 'per-user',
  sampling: 'with-replacement',
  negatives: 'uniform',
  alpha: 1,
  candidates: null,
  positiveInPool: false,
  average: 'instances',
};

/** Largest popularity exponent accepted (count^α with counts up to 10^9 stays finite far beyond). */
export const MAX_ALPHA = 10;
/** Largest C of the fixed-total layout (as the largest m). */
export const MAX_CANDIDATES = 10_000_000;

/** Checks a protocol's fields together; throws an InputError naming the field and the value. */
export function validateProtocol(protocol: Protocol): void {
  const { layout, sampling, negatives, alpha, candidates } = protocol;
  if (!LAYOUTS.includes(layout)) throw new InputError(`unknown layout "${layout}": expected ${orList(LAYOUTS)}`);
  if (!SAMPLINGS.includes(sampling))
    throw new InputError(`unknown sampling "${sampling}": expected ${orList(SAMPLINGS)}`);
  if (!NEGATIVES.includes(negatives)) {
    throw new InputError(`unknown negatives "${negatives}": expected ${orList(NEGATIVES)}`);
  }
  if (!(alpha >= 0 && alpha <= MAX_ALPHA))
    throw new InputError(`α must be a number in [0, ${MAX_ALPHA}], got ${alpha}`);
  if (layout === 'fixed-total') {
    if (candidates === null || !Number.isSafeInteger(candidates) || candidates < 2 || candidates > MAX_CANDIDATES) {
      throw new InputError(
        `the fixed-total layout needs C, the candidates of a list, an integer in 2..${MAX_CANDIDATES}, got ${candidates}`,
      );
    }
  } else if (candidates !== null) {
    throw new InputError(`C (--candidates) is the fixed-total layout's; the ${layout} layout draws m negatives`);
  }
  if (layout === 'pooled' && !samplingLaw(sampling).drawsRepeat) {
    throw new InputError(
      'the pooled layout (RecBole) draws with replacement and counts a repeated negative once; without replacement it is the per-user layout',
    );
  }
  if (protocol.positiveInPool && layout !== 'per-positive') {
    throw new InputError('a positive drawn among its own negatives (NCF) is a per-positive layout');
  }
}

/** "per positive, uniform negatives without replacement": the protocol in words, for captions and tables. */
export function protocolText(protocol: Protocol): string {
  const layout = {
    'per-user': 'per user',
    'per-positive': 'per positive',
    pooled: 'per positive, pooled per user',
    'fixed-total': `C = ${protocol.candidates} candidates per user`,
  }[protocol.layout];
  const negatives = protocol.negatives === 'uniform' ? 'uniform negatives' : `negatives ∝ popularity^${protocol.alpha}`;
  const draws = SAMPLING_LABELS[protocol.sampling];
  const pool = protocol.positiveInPool ? ', the positive in the pool' : '';
  return `${layout}, ${negatives} ${draws}${pool}`;
}
