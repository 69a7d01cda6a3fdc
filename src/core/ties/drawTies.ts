/**
 * The random tie rule in a Monte Carlo study (core simulate): each repetition puts the items of every tie group in
 * a uniformly random order, so the relevant items of a group take a uniformly random subset of its positions —
 * a draw, whose mean over repetitions is the exact expectation that the rest of the project computes for `random`
 * (tieRule.ts). The order is drawn once per instance and repetition (a histogram row with count c shares it among
 * its c users; files with tie ranges name their users, one row each).
 */
import type { RandomSource } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { userRanksOf, type UserRanks } from './userRanks.ts';

export class TieOrderDraw {
  private readonly users: UserRanks[];
  private readonly ranks: Float64Array;
  private readonly relevance: Float64Array | null;
  /** Whether any group spans more than one position (else every draw is the data themselves). */
  readonly tied: boolean;

  constructor(private readonly data: RankData) {
    this.users = userRanksOf(data, 2, 'random');
    this.ranks = new Float64Array(data.ranks.length);
    this.relevance = data.relevance ? new Float64Array(data.ranks.length) : null;
    this.tied = this.users.some((u) => u.groups.some((g) => g.high > g.low));
  }

  /** The data with one uniformly random order of each tie group (ranks ascending per instance, grades along). */
  draw(random: RandomSource): RankData {
    if (!this.tied) return { ...this.data, ties: null };
    const { ranks, relevance } = this;
    let j = 0;
    for (const user of this.users) {
      for (const group of user.groups) {
        const size = group.high - group.low + 1;
        const g = group.grades.length;
        if (size === 1 || g === 0) {
          for (let q = 0; q < g; q++, j++) {
            ranks[j] = group.low;
            if (relevance) relevance[j] = group.grades[q];
          }
          continue;
        }
        const picked = g === 1 ? [random.nextInt(size)] : subset(random, size, g);
        const grades = relevance ? shuffled(random, group.grades) : null;
        for (let q = 0; q < g; q++, j++) {
          ranks[j] = group.low + picked[q];
          if (relevance && grades) relevance[j] = grades[q];
        }
      }
    }
    return { ...this.data, ranks: ranks.slice(), relevance: relevance ? relevance.slice() : null, ties: null };
  }
}

/** A uniformly random g-subset of 0..size−1, ascending (Floyd's algorithm: g draws). */
function subset(random: RandomSource, size: number, g: number): number[] {
  const chosen = new Set<number>();
  for (let t = size - g; t < size; t++) {
    const x = random.nextInt(t + 1);
    chosen.add(chosen.has(x) ? t : x);
  }
  return [...chosen].sort((a, b) => a - b);
}

function shuffled(random: RandomSource, values: readonly number[]): number[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const k = random.nextInt(i + 1);
    [out[i], out[k]] = [out[k], out[i]];
  }
  return out;
}
