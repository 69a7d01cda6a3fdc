/**
 * Does a sampler follow its protocol's law? (issue 31.) Given the true ranks and the sampled ranks of the same users,
 * each sampled rank is a draw of X_j (the negatives above positive j, protocol/instances.ts) from its law given the
 * true ranks. Its randomized probability integral transform
 *   U = P(X < x) + V · P(X = x),   x the observed X, V ~ Uniform(0, 1) (seeded),
 * is uniform on [0, 1] exactly when the sampler follows the law (Brockwell 2007's randomized PIT for discrete laws).
 * The audit tests the U of every positive against the uniform law (Kolmogorov–Smirnov, tests.ts), shows their
 * histogram, and names where they depart most: the true-rank ranges whose mean U is furthest from 1/2 (a z-score:
 * the mean of N uniforms has variance 1/(12 N)) and the instances whose U lies furthest in a tail. The several
 * positives of one per-user list are dependent (their X are cumulative), so the KS p-value treats them as
 * independent: exact for one positive per list.
 */
import { InputError } from '../errors.ts';
import type { ProtocolInstances } from '../protocol/instances.ts';
import type { RandomSource } from '../random.ts';
import type { RankData } from '../rankData.ts';
import type { TestResult } from './tests.ts';
import { ksUniform } from './tests.ts';

export interface RankAudit extends TestResult {
  readonly recommender: string;
  /** Positives tested. */
  readonly instances: number;
  /**
   * Sampled ranks the law cannot give (outside its support for the true rank: more negatives above than the pool
   * holds, or fewer than a draw without replacement must put there): the sampler certainly departs, p = 0.
   */
  readonly impossible: number;
  /** Counts of U in 20 equal bins of [0, 1]. */
  readonly histogram: Int32Array;
  /** The true-rank ranges whose U depart most from uniform, by |z| (at most 5). */
  readonly ranges: readonly RangeDeparture[];
  /** The positives whose U lie furthest in a tail (at most 10): two-sided tail probability 2 min(U, 1 − U). */
  readonly worst: readonly Departure[];
}

export interface RangeDeparture {
  readonly fromRank: number;
  readonly toRank: number;
  readonly instances: number;
  readonly meanU: number;
  readonly z: number;
}

export interface Departure {
  /** The user (the data's user index, or the instance's index when it names no users) and the positive's rank. */
  readonly user: number;
  readonly trueRank: number;
  readonly sampledRank: number;
  readonly u: number;
  readonly tail: number;
}

const BINS = 20;
/** True-rank ranges: deciles of the true ranks of the tested positives. */
const RANGES = 10;

/**
 * Audits the sampled ranks of one recommender (instances `sampled`, in the same instances and order as `instances`
 * under its protocol: one per user for per-user lists, one per positive for per-positive ones) against the law of
 * `instances` (made from the true ranks). A sampled rank outside the law's support counts as `impossible` (its U is
 * 0 or 1, as it lies below or above the support) and sets the p-value to 0.
 */
export function auditRanks(instances: ProtocolInstances, sampled: RankData, random: RandomSource): RankAudit {
  const data = instances.data;
  if (!instances.exact) throw new InputError('the pooled layout has no closed-form law to audit against');
  if (sampled.weights.length !== data.weights.length) {
    throw new InputError(
      `recommender "${data.name}": ${sampled.weights.length} sampled instances for ${data.weights.length} true ones: the files must hold the same users`,
    );
  }
  const us: number[] = [];
  const trueRanks: number[] = [];
  const where: { user: number; sampledRank: number }[] = [];
  let impossible = 0;
  for (let i = 0; i < data.weights.length; i++) {
    const lo = data.offsets[i];
    const k = data.offsets[i + 1] - lo;
    if (sampled.offsets[i + 1] - sampled.offsets[i] !== k) {
      throw new InputError(
        `recommender "${data.name}", instance ${i + 1}: ${k} true ranks but another number of sampled ones`,
      );
    }
    const row = instances.rowOf(i);
    for (let j = 0; j < k; j++) {
      const sampledRank = sampled.ranks[sampled.offsets[i] + j];
      const x = sampledRank - (j + 1);
      instances.fill(row, i, j);
      const total = row.total;
      let below = 0;
      for (let t = row.lo; t < Math.min(x, row.hi + 1); t++) below += row.values[t];
      const at = x >= row.lo && x <= row.hi ? row.values[x] : 0;
      const v = random.next();
      let u = (below + v * at) / total;
      if (!(at > 0)) {
        impossible++;
        u = x < row.lo ? 0 : 1;
      }
      us.push(u);
      trueRanks.push(data.ranks[lo + j]);
      where.push({ user: sampled.users ? sampled.users[i] : i, sampledRank });
    }
  }
  const tested = ksUniform(us);
  const test = impossible > 0 ? { ...tested, pValue: 0 } : tested;
  const histogram = new Int32Array(BINS);
  for (const u of us) histogram[Math.min(BINS - 1, Math.floor(u * BINS))]++;
  return {
    recommender: data.name,
    instances: us.length,
    impossible,
    ...test,
    histogram,
    ranges: rangeDepartures(us, trueRanks),
    worst: us
      .map((u, t) => ({ ...where[t], trueRank: trueRanks[t], u, tail: 2 * Math.min(u, 1 - u) }))
      .sort((a, b) => a.tail - b.tail)
      .slice(0, 10),
  };
}

/** Mean U per decile of the true ranks, as a z-score against 1/2 (variance 1/(12 N)); the five largest |z|. */
function rangeDepartures(us: readonly number[], trueRanks: readonly number[]): RangeDeparture[] {
  const order = us.map((_, t) => t).sort((a, b) => trueRanks[a] - trueRanks[b]);
  const out: RangeDeparture[] = [];
  for (let r = 0; r < RANGES; r++) {
    const part = order.slice(Math.floor((r * order.length) / RANGES), Math.floor(((r + 1) * order.length) / RANGES));
    if (part.length === 0) continue;
    const meanU = part.reduce((s, t) => s + us[t], 0) / part.length;
    out.push({
      fromRank: trueRanks[part[0]],
      toRank: trueRanks[part[part.length - 1]],
      instances: part.length,
      meanU,
      z: (meanU - 0.5) * Math.sqrt(12 * part.length),
    });
  }
  return out.sort((a, b) => Math.abs(b.z) - Math.abs(a.z)).slice(0, 5);
}
