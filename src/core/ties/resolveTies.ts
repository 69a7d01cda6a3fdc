/**
 * Tie rules applied to rank data, for the computations that take plain ranks (the expected sampled metric, the
 * simulation, the estimators): `optimistic` and `pessimistic` give every relevant item one position (userRanks.ts),
 * so the data become plain ranks again.
 */
import { InputError } from '../errors.ts';
import type { RankData } from '../rankData.ts';
import { spreadRandomTies } from './randomMixture.ts';
import type { TieRule } from './tieRule.ts';
import { userRanksOf } from './userRanks.ts';

/**
 * The data with each relevant item moved to its position under an optimistic or pessimistic tie rule (the ranks of
 * each instance sorted again, grades moved along); the data as they are without a rule or without tie ranges.
 */
export function resolveTies(data: RankData, rule: Exclude<TieRule, 'random'> | undefined): RankData {
  if (rule === undefined || !data.ties) return data;
  if (data.offsets.length === data.ranks.length + 1) return resolveSingle(data, data.ties, rule);
  const ranks = new Float64Array(data.ranks.length);
  const relevance = data.relevance ? new Float64Array(data.ranks.length) : null;
  // The item count does not matter here: only the positions are read.
  userRanksOf(data, 2, rule).forEach((user, i) => {
    let j = data.offsets[i];
    for (const group of user.groups) {
      ranks[j] = group.low;
      if (relevance) relevance[j] = group.grades[0];
      j++;
    }
  });
  return { ...data, ranks, relevance, ties: null };
}

/**
 * resolveTies for one relevant item per instance: its position is the first (optimistic) or last (pessimistic) of its
 * range; one pass over typed arrays (the page resolves MovieLens's 18,000 users on a change of rule: 50 ms through
 * the general tie groups, under 1 ms here). The same checks and messages as userRanks.ts.
 */
function resolveSingle(
  data: RankData,
  ties: NonNullable<RankData['ties']>,
  rule: Exclude<TieRule, 'random'>,
): RankData {
  const ranks = new Float64Array(data.ranks.length);
  for (let i = 0; i < ranks.length; i++) {
    const low = ties.low[i];
    const high = ties.high[i];
    const rank = data.ranks[i];
    if (!(low <= rank && rank <= high)) {
      throw new InputError(
        `recommender "${data.name}", instance ${i + 1}: rank ${rank} is outside its tie range ${low}..${high}`,
      );
    }
    ranks[i] = rule === 'optimistic' ? low : high;
  }
  return { ...data, ranks, relevance: data.relevance ? Float64Array.from(data.relevance) : null, ties: null };
}

/**
 * The data that computations linear in the instances' weights (the exact metric, the expected sampled metric)
 * should see under a tie rule: optimistic and pessimistic positions (resolveTies), or the random rule's mixture of
 * positions (randomMixture.ts: spreadRandomTies; one relevant item per user).
 */
export function withTieRule(data: RankData, rule: TieRule | undefined): RankData {
  return rule === 'random' ? spreadRandomTies(data) : resolveTies(data, rule);
}
