/** What several entries share: the recommenders a request carries, the true-ranks check, the prior in words. */
import { definedMetricIds, priorText, type PriorSpec, type RankData, type TieRule } from '../../../core/index.ts';
import { fmtInt } from '../../../figures/labels.ts';
import type { NamedRanks, NamedRequest } from '../../../state/rankUpload.ts';
import type { FigureInputs } from '../types.ts';

/** A recommender as a request carries it: its name and ranks (its colour belongs to the model). */
export type RequestRecommender = NamedRanks;

/**
 * A worker request as the page holds it: its recommenders by name and ranks (sent when the request runs, src/state
 * rankUpload.ts withRankSources) and the tie rule the worker orders their tied items by (workers/api.ts tieOrdered).
 */
export type PageRequest<T extends { readonly recommenders: readonly RankData[] }> = NamedRequest<T> & {
  readonly ties?: TieRule;
};

/** The recommenders as a request carries them: names and ranks (their colours belong to the model). */
export function requestRecommenders(recommenders: FigureInputs['recommenders']): RequestRecommender[] {
  return recommenders.map((r) => ({ name: r.name, data: r.data }));
}

/**
 * A request's data: the recommenders' names and ranks, and the tie rule of Definitions where some recommender's data
 * carry tie ranges for it to act on (so that other data keep their requests and cached results).
 */
export function requestData(
  inputs: Pick<FigureInputs, 'ties'>,
  recommenders: FigureInputs['recommenders'],
): { readonly recommenders: RequestRecommender[]; readonly ties?: TieRule } {
  const tied = inputs.ties !== undefined && recommenders.some((r) => r.data.ties);
  return { recommenders: requestRecommenders(recommenders), ...(tied ? { ties: inputs.ties } : {}) };
}

/** Why a figure (or table) of true ranks cannot be drawn, or null. */
export function needsTrueRanks(
  inputs: Pick<FigureInputs, 'rankKind' | 'recommenders' | 'sampleSize'>,
  atLeast = 1,
  needs = 'This figure needs',
): string | null {
  if (inputs.rankKind !== 'true')
    return (
      `${needs} true ranks — these are sampled ranks (each the held-out item’s rank among the ` +
      `m + 1 = ${fmtInt(inputs.sampleSize + 1)} items of a sampled evaluation, not among all n items). If they are ` +
      `true ranks, choose “True ranks” under “The ranks are” above.`
    );
  return needsRecommenders(inputs, atLeast);
}

/** Why a figure that runs on true or sampled ranks (through P̂) cannot be drawn for lack of data, or null. */
export function needsRecommenders(inputs: Pick<FigureInputs, 'rankKind' | 'recommenders'>, atLeast = 1): string | null {
  if (inputs.recommenders.length >= atLeast) return null;
  const kind = inputs.rankKind === 'true' ? 'true' : 'sampled';
  return atLeast === 1
    ? 'Add a recommender’s ranks to draw this figure.'
    : `Needs the ${kind} ranks of at least two recommenders.`;
}

/** The prior for a sentence: "a uniform prior p(r) = 1/n", "a prior p(r) ∝ r^−2", "the prior p(r) of the prior file". */
export function priorPhrase(prior: PriorSpec | undefined): string {
  const text = priorText(prior);
  return text.startsWith('the ') ? text : `a ${text}`;
}

/**
 * The metric ids a request carries, each read under the definition chosen in Definitions (core definedMetricId:
 * `ap@10` becomes `ap@10:ap-k` for DaisyRec's AP@K / K), since every figure computes on one relevant item's rank;
 * Krichene & Rendle's when the data have several relevant items for some instance (the note above the figures says
 * so). Ids of Krichene & Rendle's definitions stay as they are, and so do the requests and their cached results.
 */
export function definedIds(inputs: Pick<FigureInputs, 'variants' | 'recommenders'>, ids: readonly string[]): string[] {
  return definedMetricIds(
    ids,
    inputs.variants,
    inputs.recommenders.map((r) => r.data),
  );
}

/** `ap@10:ap-k` → `ap@10`: the metric a figure's own choice names, without the definition it is read under. */
export function plainMetricId(id: string): string {
  return id.split(':')[0];
}
