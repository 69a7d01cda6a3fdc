/**
 * The estimator registry: one entry per estimator of an exact metric from sampled ranks, read by the parser of
 * method ids (parseMethod, for the CLI, the worker and the links), the labels of the page's tables and figures, the
 * CLI's help, and the estimates' dispatch (estimate.ts). Adding an estimator is one entry here, its variant of
 * `Method` (corrections/methods.ts) and its algorithm.
 *
 * Krichene & Rendle 2020 section 5: `sampled` (M(r̃) unchanged), `rank-estimate` (eq 20), `ls` (eqs 21–23), `cls`
 * (section 5.2), `bv:γ` (eq 25). Jin et al. 2021, which learn the rank distribution P̂(R) and apply eq 14: `mle`
 * (eq 19), `wmle[:ndcg|ap[:C]]` (eq 22), `mes[:η[:code]]` (eqs 24–27; `code`: E weighted by m + 1 as in Jin et al.'s
 * code, distribution/mes.ts), `bv-dist:γ` (eq 15).
 * Every entry declares what it assumes of the law of the sampled rank (`requires`, law/law.ts LawProperty): under
 * a law without it the estimator is refused with the reason (lawRefusal), never run.
 * Example: parseMethod('BV:0.10') → { kind: 'bv', id: 'bv:0.1', gamma: 0.1 }; methodLabel('bv:0.1') → 'BV γ = 0.1'.
 */
import type { DistributionMethod, Method } from './corrections/methods.ts';
import {
  bvDistMethod,
  DEFAULT_MES_ETA,
  DEFAULT_WMLE_SCALE,
  mesMethod,
  parseGamma,
  wmleMethod,
} from './corrections/methods.ts';
import { decimalNumber } from './decimal.ts';
import { InputError } from './errors.ts';
import { orList, parseIdList } from './idList.ts';
import type { LawLike, LawProperty } from './law/index.ts';
import { samplingLaw } from './law/index.ts';

export interface Estimator {
  /** The head of its ids (`bv` in `bv:0.1`), which is also its Method.kind. */
  readonly kind: Method['kind'];
  /** How an id is written, for messages and help: `bv:G`, `wmle[:ndcg|ap[:C]]` (brackets: optional parts). */
  readonly syntax: string;
  /** The parameter's symbol and range where messages state them: γ, `G in [0, 1]`. */
  readonly parameter?: { readonly symbol: string; readonly range: string };
  /** Jin et al.'s estimators: they learn the rank distribution P̂(R) and apply eq 14. */
  readonly learnsDistribution: boolean;
  /** It fits P̂ on the whole sample (estimate.ts `fitted`) instead of averaging a vector M̂(r̃) over the instances. */
  readonly fits: boolean;
  /** What it assumes of the law of the sampled rank: it is offered only under laws where all of these hold. */
  readonly requires: readonly LawProperty[];
  /** Its id with the paper's parameters (Jin et al. Figure 2: `bv-dist:0.1`, `mle`, `wmle`, `mes`). */
  readonly defaultId: string;
  /** The method of an id with this head; `param` follows the first colon (undefined: none), `text` is the id as given. */
  parse(param: string | undefined, text: string): Method;
  /** Its name in the page's tables, legends and captions: "BV γ = 0.1", "Sampled (uncorrected)". */
  label(param: string | undefined): string;
  /** Its name in the narrow columns of the papers' tables ("BV 0.1", "Sampled"); the label when absent. */
  shortLabel?(param: string | undefined): string;
}

const number = decimalNumber;

/** An estimator without parameters (`sampled`, `ls`, `mle`, …): `kind:x` is unknown, or the message of `withParam`. */
function plain(
  kind: 'sampled' | 'rank-estimate' | 'ls' | 'cls' | 'mle',
  label: string,
  requires: readonly LawProperty[],
  options: Partial<Pick<Estimator, 'learnsDistribution' | 'fits' | 'shortLabel'>> & { withParam?: string } = {},
): Estimator {
  return {
    kind,
    syntax: kind,
    learnsDistribution: options.learnsDistribution ?? false,
    fits: options.fits ?? false,
    requires,
    defaultId: kind,
    parse(param, text) {
      if (param === undefined) return { kind, id: kind } as Method;
      throw new InputError(options.withParam ? `method "${text}": ${options.withParam}` : unknownMethod(text));
    },
    label: () => label,
    shortLabel: options.shortLabel,
  };
}

/** Krichene & Rendle's corrections solve over the true ranks, through the polynomial of eqs 21–25. */
const CORRECTION: readonly LawProperty[] = ['rankDetermined', 'polynomialInRank'];
/** Jin et al.'s estimators fit P̂(R) through the law's columns over the true ranks (eqs 16–19). */
const DISTRIBUTION: readonly LawProperty[] = ['rankDetermined'];

/** Every estimator, in the order messages and help list them. */
export const ESTIMATORS: readonly Estimator[] = [
  plain('sampled', 'Sampled (uncorrected)', [], { shortLabel: () => 'Sampled' }),
  plain('rank-estimate', 'Rank estimate', ['linearMeanInRank']),
  plain('ls', 'LS', CORRECTION),
  plain('cls', 'CLS', CORRECTION),
  {
    kind: 'bv',
    syntax: 'bv:G',
    parameter: { symbol: 'γ', range: 'G in [0, 1]' },
    learnsDistribution: false,
    fits: false,
    requires: CORRECTION,
    defaultId: 'bv:0.1',
    parse(param, text) {
      if (param === undefined) throw new InputError(`method "bv" needs γ after a colon, e.g. bv:0.1`);
      const gamma = parseGamma(param, `method "${text}": γ`);
      return { kind: 'bv', id: `bv:${gamma}`, gamma };
    },
    label: (gamma) => `BV γ = ${gamma}`,
    shortLabel: (gamma) => `BV ${gamma}`,
  },
  plain('mle', 'MLE', DISTRIBUTION, { learnsDistribution: true, fits: true, withParam: 'mle takes no parameter' }),
  {
    kind: 'wmle',
    syntax: 'wmle[:ndcg|ap[:C]]',
    learnsDistribution: true,
    fits: true,
    requires: DISTRIBUTION,
    defaultId: 'wmle',
    parse(param, text) {
      let weight: 'ndcg' | 'ap' = 'ndcg';
      let parts = param === undefined ? [] : param.split(':');
      if (parts[0] === 'ndcg' || parts[0] === 'ap') [weight, ...parts] = parts as ['ndcg' | 'ap', ...string[]];
      if (parts.length > 1) throw new InputError(`method "${text}": expected wmle, wmle:ndcg|ap or wmle:ndcg|ap:C`);
      const scale = parts.length === 1 ? number(parts[0]) : DEFAULT_WMLE_SCALE;
      if (!(scale > 0) || !Number.isFinite(scale)) {
        throw new InputError(`method "${text}": C must be a number > 0 (w(r̃) = M(r̃/C)), got "${parts[0]}"`);
      }
      return wmleMethod(weight, scale);
    },
    label: () => 'WMLE',
  },
  {
    kind: 'mes',
    syntax: 'mes[:η[:code]]',
    learnsDistribution: true,
    fits: true,
    requires: DISTRIBUTION,
    defaultId: 'mes',
    parse(param, text) {
      const parts = param === undefined ? [] : param.split(':');
      const scale = parts.length === 2 && parts[1] === 'code' ? 'code' : 'paper';
      if (parts.length > 2 || (parts.length === 2 && scale !== 'code')) {
        throw new InputError(`method "${text}": expected mes, mes:η or mes:η:code`);
      }
      const eta = parts.length >= 1 ? number(parts[0]) : DEFAULT_MES_ETA;
      if (!(eta > 0) || !Number.isFinite(eta)) {
        throw new InputError(`method "${text}": η must be a number > 0, got "${parts[0]}"`);
      }
      return mesMethod(eta, scale);
    },
    label: () => 'MES',
  },
  {
    kind: 'bv-dist',
    syntax: 'bv-dist:G',
    learnsDistribution: true,
    fits: false,
    requires: [...DISTRIBUTION, ...CORRECTION.filter((p) => !DISTRIBUTION.includes(p))],
    defaultId: 'bv-dist:0.1',
    parse(param, text) {
      const parts = param === undefined ? [] : param.split(':');
      if (parts.length !== 1) throw new InputError(`method "${text}" needs γ after a colon, e.g. bv-dist:0.1`);
      const gamma = number(parts[0]);
      if (!(gamma > 0 && gamma <= 1)) {
        throw new InputError(`method "${text}": γ must be a number in (0, 1], got "${parts[0]}"`);
      }
      return bvDistMethod(gamma);
    },
    label: (gamma) => `BV γ = ${gamma}`,
  },
];

const BY_KIND = new Map(ESTIMATORS.map((e) => [e.kind, e]));

/** `bv:0.1` → ['bv', '0.1']; `mle` → ['mle', undefined]. */
function split(id: string): [string, string | undefined] {
  const colon = id.indexOf(':');
  return colon < 0 ? [id, undefined] : [id.slice(0, colon), id.slice(colon + 1)];
}

function unknownMethod(text: string): string {
  const syntaxes = ESTIMATORS.map((e) => (e.parameter ? `${e.syntax} with ${e.parameter.range}` : e.syntax));
  return `unknown method "${text}": expected ${orList(syntaxes)}`;
}

/** The registry entry of a method. */
export function estimatorOf(method: Method): Estimator {
  return BY_KIND.get(method.kind) as Estimator;
}

/**
 * Parses `sampled`, `rank-estimate`, `ls`, `cls`, `bv:G` (γ ∈ [0, 1] after the colon), `mle`,
 * `wmle[:ndcg|ap[:C]]`, `mes[:η[:code]]` or `bv-dist:G` (case and surrounding spaces ignored) into its canonical method.
 */
export function parseMethod(text: string): Method {
  const [head, param] = split(text.trim().toLowerCase());
  const estimator = BY_KIND.get(head as Method['kind']);
  if (!estimator) throw new InputError(unknownMethod(text));
  return estimator.parse(param, text);
}

/** Parses a comma-separated list of method ids (duplicates removed, order kept). */
export function parseMethodList(text: string): Method[] {
  return parseIdList(text, 'method', parseMethod);
}

export function isDistributionMethod(method: Method): method is DistributionMethod {
  return estimatorOf(method).learnsDistribution;
}

/** "bv:0.1" → "BV γ = 0.1", "sampled" → "Sampled (uncorrected)", "wmle:ndcg:10" → "WMLE"; an unknown id as it is. */
export function methodLabel(id: string): string {
  const [head, param] = split(id);
  return BY_KIND.get(head as Method['kind'])?.label(param) ?? id;
}

/** "sampled" → "Sampled", "bv:0.1" → "BV 0.1", "mle" → "MLE" (the papers' table columns); unknown: the head in capitals. */
export function shortMethodLabel(id: string): string {
  const [head, param] = split(id);
  const estimator = BY_KIND.get(head as Method['kind']);
  if (!estimator) return head.toUpperCase();
  return (estimator.shortLabel ?? estimator.label)(param);
}

/** The methods the explorer compares by default: the sampled metric, the corrections of section 5, BV for each γ. */
export function methodIds(gammas: readonly number[]): string[] {
  return ESTIMATORS.filter((e) => !e.learnsDistribution).flatMap((e) =>
    e.parameter ? gammas.map((g) => `${e.kind}:${g}`) : [e.defaultId],
  );
}

/** Jin et al.'s estimators at their paper's settings, in the registry's order: `mle`, `wmle`, `mes`, `bv-dist:0.1`. */
export function distributionMethodIds(): string[] {
  return ESTIMATORS.filter((e) => e.learnsDistribution).map((e) => e.defaultId);
}

/**
 * The method syntaxes for help texts: `sampled, rank-estimate, ls, cls, bv:G (γ = G in [0, 1])` for the
 * corrections (`learnsDistribution: false`), `mle, wmle[:ndcg|ap[:C]], mes[:η[:code]], bv-dist:G` for Jin et al.'s; with
 * `short`, optional parts left out (`wmle`).
 */
export function methodSyntaxes(learnsDistribution: boolean, short = false): string[] {
  return ESTIMATORS.filter((e) => e.learnsDistribution === learnsDistribution).map((e) => {
    const syntax = short ? e.syntax.replace(/\[.*\]$/, '') : e.syntax;
    return e.parameter && !short ? `${syntax} (${e.parameter.symbol} = ${e.parameter.range})` : syntax;
  });
}

/** What each law property means, for refusals: "the law of r̃ is a function of the true rank, n and m alone". */
const PROPERTY_TEXT: Readonly<Record<LawProperty, string>> = {
  rankDetermined: 'the law of r̃ is a function of the true rank, n and m alone',
  polynomialInRank: 'p(r̃ | r) is a polynomial of degree m in the true rank r',
  linearMeanInRank: 'E[r̃ − 1 | r] = m (r − 1)/(n − 1)',
};

/**
 * Null when `method` holds under the law, else why it is refused: 'CLS is not offered under sampling X: it needs a
 * law where p(r̃ | r) is a polynomial of degree m in the true rank r'.
 */
export function lawRefusal(method: Method, sampling: LawLike): string | null {
  const law = samplingLaw(sampling);
  const missing = estimatorOf(method).requires.filter((property) => !law.holds[property]);
  if (missing.length === 0) return null;
  const label = methodLabel(method.id);
  return `${label} is not offered under sampling ${law.label}: it needs a law where ${missing.map((p) => PROPERTY_TEXT[p]).join(', and ')}`;
}
