/**
 * One user's relevant items as tie groups: the items whose scores tie occupy the positions low..high in some
 * order, `grades.length` of them relevant. Groups are disjoint and sorted by position; an item with a score of
 * its own is a group with low = high. Under a tie rule (tieRule.ts) the optimistic and pessimistic orders make
 * every group a single position; `random` keeps the groups, and the expectations of expectation.ts average over
 * a uniformly random order of each group, independently across groups.
 */
import { InputError } from '../errors.ts';
import type { RankData } from '../rankData.ts';
import { itemCountOf } from '../rankData.ts';
import type { TieRule } from './tieRule.ts';

export interface TieGroup {
  /** First and last position (1-based) of the tied items. */
  readonly low: number;
  readonly high: number;
  /** Grades of the group's relevant items (1 for binary data), at most high − low + 1 of them. */
  readonly grades: readonly number[];
}

export interface UserRanks {
  /** The catalogue size n of this user. */
  readonly itemCount: number;
  /** How many users this instance stands for (a histogram row's count). */
  readonly weight: number;
  /** |R|, the number of relevant items. */
  readonly relevantCount: number;
  /** Disjoint, sorted by position. */
  readonly groups: readonly TieGroup[];
}

interface Item {
  readonly rank: number;
  readonly low: number;
  readonly high: number;
  readonly grade: number;
}

/** Every instance of `data` as tie groups under `rule` (undefined: the rank column, every item on its own). */
export function userRanksOf(data: RankData, defaultItemCount: number, rule?: TieRule): UserRanks[] {
  const users: UserRanks[] = [];
  for (let i = 0; i < data.weights.length; i++) users.push(userRanks(data, i, defaultItemCount, rule));
  return users;
}

function userRanks(data: RankData, instance: number, defaultItemCount: number, rule?: TieRule): UserRanks {
  const items: Item[] = [];
  for (let j = data.offsets[instance]; j < data.offsets[instance + 1]; j++) {
    const rank = data.ranks[j];
    const ties = rule === undefined ? null : (data.ties ?? null);
    items.push({
      rank,
      low: ties ? ties.low[j] : rank,
      high: ties ? ties.high[j] : rank,
      grade: data.relevance ? data.relevance[j] : 1,
    });
  }
  const groups = groupItems(items, `recommender "${data.name}", instance ${instance + 1}`);
  return {
    itemCount: itemCountOf(data, instance, defaultItemCount),
    weight: data.weights[instance],
    relevantCount: items.length,
    groups: rule === 'optimistic' || rule === 'pessimistic' ? groups.flatMap((g) => resolve(g, rule)) : groups,
  };
}

/** Items sharing a range form a group; ranges must be identical or disjoint and hold their items. */
function groupItems(items: Item[], who: string): TieGroup[] {
  items.sort((a, b) => a.low - b.low || a.high - b.high);
  const groups: { low: number; high: number; grades: number[] }[] = [];
  for (const item of items) {
    if (!(item.low <= item.rank && item.rank <= item.high)) {
      throw new InputError(`${who}: rank ${item.rank} is outside its tie range ${item.low}..${item.high}`);
    }
    const last = groups[groups.length - 1];
    if (last && last.low === item.low && last.high === item.high) {
      last.grades.push(item.grade);
      if (last.grades.length > last.high - last.low + 1) {
        throw new InputError(
          `${who}: ${last.grades.length} relevant items share the tie range ${last.low}..${last.high}, which has only ${last.high - last.low + 1} positions`,
        );
      }
      continue;
    }
    if (last && item.low <= last.high) {
      throw new InputError(
        `${who}: the tie ranges ${last.low}..${last.high} and ${item.low}..${item.high} overlap (tied items share one range)`,
      );
    }
    groups.push({ low: item.low, high: item.high, grades: [item.grade] });
  }
  return groups;
}

/**
 * The group's relevant items at fixed positions: optimistic puts them first, the highest grade first; pessimistic
 * puts them last, the lowest grade first (the worst order for a graded metric).
 */
function resolve(group: TieGroup, rule: 'optimistic' | 'pessimistic'): TieGroup[] {
  const count = group.grades.length;
  const grades = [...group.grades].sort((a, b) => (rule === 'optimistic' ? b - a : a - b));
  const first = rule === 'optimistic' ? group.low : group.high - count + 1;
  return grades.map((grade, t) => ({ low: first + t, high: first + t, grades: [grade] }));
}
