/**
 * A protocol (protocol.ts) applied to a recommender's data: the instances it evaluates and, for each of their
 * relevant items, the law of X = the number of negatives ranked above it in its list, so that its sampled rank is
 * r̃_j = j + X_j (j = 1..k in the list of k positives; 1 + X per positive list). What each layout makes of a user with
 * k test positives at true ranks r_1 < … < r_k among its n candidates (pool P = n − k items that are no positive;
 * a_j = r_j − j of them above positive j):
 * - per user: one instance, X_j of m draws over the pool (../law/: Binomial or Hypergeometric with a_j of P above);
 * - per positive: k single-item instances, each with its own m draws over the same pool, i.e. the single-item law at
 *   n' = P + 1 and r' = a_j + 1 (n' = P + 2 when the positive is in the pool, NCF: it may be drawn and merges with
 *   itself); averaged over test rows (weight 1 each) or users (1/k each);
 * - fixed total C: per user with m_i = C − k_i;
 * - pooled (RecBole): D = k·m draws with replacement over the pool, a negative drawn twice counted once: X_j is the
 *   number of distinct pool items above positive j that are drawn (an occupancy count; Monte Carlo only, see
 *   expectedProtocol).
 * Popularity negatives (with replacement) replace a_j/P by q_j, the share of the pool's popularity^α mass held by
 * the items above positive j (the data's `massAbove@α` column): X_j ~ Binomial(m, q_j). Under the pooled layout
 * the D draws are then taken as kept, repeats counted (the distinct count needs every item's mass, which ranks do not
 * carry): an approximation stated wherever it is used.
 * Uniform layouts other than pooled reduce to the uniform laws on (possibly transformed) instances with their own m:
 * every estimator that holds under those laws holds under them (`uniformInstances`).
 */
import { InputError } from '../errors.ts';
import type { PmfRow, SampledRankLaw } from '../law/index.ts';
import { BinomialRow, binomialDraw, binomialPmfAtMode, BULK_CUTOFF, samplingLaw } from '../law/index.ts';
import type { RandomSource } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { itemCountOf } from '../rankData.ts';
import { drawAboveCountsByLaw } from '../rankDraw.ts';
import type { Protocol } from './protocol.ts';

/** Popularity draws are with replacement: Binomial(D, q). */
const WITH_REPLACEMENT_LAW = samplingLaw('with-replacement');

/** A relevant item's law as the expected metrics and the Monte Carlo draws ask for it. */
export interface ProtocolInstances {
  readonly protocol: Protocol;
  /** The instances as the protocol ranks them (the per-positive layout: one per positive, reweighted). */
  readonly data: RankData;
  /**
   * The same instances as the full ranking sees them, for the exact metric: `data` but for the positive counted in
   * its own pool (NCF), which the full ranking does not do.
   */
  readonly exactData: RankData;
  /** m of instance i (the negatives of its list, or drawn per positive under the pooled layout). */
  sampleSizeOf(instance: number): number;
  /** The negatives of instance i's list as its row counts them: m (the pooled popularity approximation: k·m). */
  drawsOf(instance: number): number;
  /** The largest m of any instance (rows are made that wide). */
  readonly largestSampleSize: number;
  /**
   * The uniform law the instances follow when the protocol is one (per user, per positive, fixed total, with uniform
   * negatives): the estimators run on `data` under it. Null otherwise (popularity negatives, the pooled layout).
   */
  readonly law: SampledRankLaw | null;
  /** Whether the law of each item is known in closed form (rows); false: Monte Carlo only (the pooled layout). */
  readonly exact: boolean;
  /** Fills `row` (made by rowOf for the instance's m) with the law of X for item j (0-based) of instance i. */
  fill(row: PmfRow, instance: number, item: number): PmfRow;
  /** A row wide enough for instance i's law (shared by instances of the same m). */
  rowOf(instance: number): PmfRow;
  /** Draws X_j of every item of instance i into out[0..k) (cumulative: r̃_j = j + 1 + out[j], 0-based j). */
  draw(random: RandomSource, instance: number, out: Int32Array): void;
  /**
   * The law of X for item j (0-based) of instance i as its law's arguments: P(X = x) = law.logPmf(x, above, pool,
   * draws) — what `fill` tabulates, for a caller that needs a few values. Null where there is no closed form (pooled).
   */
  itemLaw(instance: number, item: number): ItemLaw | null;
}

/** One relevant item's law of X: `draws` negatives, `above` of a `pool` (popularity: the share q of a pool of 1). */
export interface ItemLaw {
  readonly law: SampledRankLaw;
  readonly above: number;
  readonly pool: number;
  readonly draws: number;
}

/**
 * The instances of `data` under `protocol`, m negatives a list (`sampleSize`; C − k under the fixed-total layout).
 * `massAbove`: the share q of the pool's popularity^α mass above each relevant item, aligned with data.ranks
 * (popularity negatives only). Throws an InputError naming what the protocol lacks in the data.
 */
export function protocolInstances(
  data: RankData,
  protocol: Protocol,
  itemCount: number,
  sampleSize: number,
  massAbove: Float64Array | null = null,
): ProtocolInstances {
  if (protocol.negatives === 'popularity') {
    if (!samplingLaw(protocol.sampling).drawsRepeat) {
      throw new InputError(
        'popularity negatives drawn without replacement have no closed-form law (each draw changes the mass left): draw them with replacement',
      );
    }
    if (!massAbove) {
      throw new InputError(
        `recommender "${data.name}": popularity negatives need each relevant item's share of the pool's popularity mass above it (a massAbove@${protocol.alpha} or massAbove column)`,
      );
    }
  }
  const split = protocol.layout === 'per-positive';
  const instances = split ? splitPositives(data, itemCount, protocol) : data;
  const exactData =
    split && protocol.positiveInPool
      ? splitPositives(data, itemCount, { ...protocol, positiveInPool: false })
      : instances;
  const sizes = protocol.layout === 'fixed-total' ? fixedTotalSizes(instances, protocol.candidates!) : null;
  const shape = { protocol, data: instances, exactData, itemCount, sizes, sampleSize };
  if (protocol.negatives === 'popularity') return new PopularityInstances(shape, massAbove!);
  if (protocol.layout === 'pooled') return new PooledInstances(shape);
  return new UniformInstances(shape);
}

/**
 * The per-positive layout: every relevant item j of a user (rank r_j among n, k positives) becomes an instance of
 * its own, at n' = n − k + 1 (its pool of n − k items, + 1 when the positive is in the pool) and rank r' = r_j − j + 1
 * (the a_j = r_j − j pool items above it, + 1); weighted as its user (rows) or by 1/k of it (users). Its exact
 * metric is then the full ranking's with the user's other test items left out, as ReChorus's `--test_all` ranks a
 * test row. The items' own columns (grades, massAbove: aligned with the ranks) carry over item by item.
 */
function splitPositives(data: RankData, defaultItemCount: number, protocol: Protocol): RankData {
  const total = data.ranks.length;
  const ranks = new Float64Array(total);
  const weights = new Float64Array(total);
  const itemCounts = new Int32Array(total);
  const users = data.users ? new Int32Array(total) : null;
  for (let i = 0; i < data.weights.length; i++) {
    const lo = data.offsets[i];
    const k = data.offsets[i + 1] - lo;
    const n = itemCountOf(data, i, defaultItemCount);
    for (let j = 0; j < k; j++) {
      ranks[lo + j] = data.ranks[lo + j] - j;
      itemCounts[lo + j] = n - k + 1 + (protocol.positiveInPool ? 1 : 0);
      weights[lo + j] = protocol.average === 'users' ? data.weights[i] / k : data.weights[i];
      if (users) users[lo + j] = data.users![i];
    }
  }
  const offsets = Int32Array.from({ length: total + 1 }, (_, t) => t);
  return { ...data, offsets, ranks, weights, itemCounts, users, ties: null };
}

/** m_i = C − k_i of every instance under the fixed-total layout, refusing a user with C positives or more. */
function fixedTotalSizes(data: RankData, candidates: number): Int32Array {
  const sizes = new Int32Array(data.weights.length);
  for (let i = 0; i < sizes.length; i++) {
    const k = data.offsets[i + 1] - data.offsets[i];
    if (k >= candidates) {
      throw new InputError(
        `recommender "${data.name}", instance ${i + 1}: ${k} positives fill the C = ${candidates} candidates of the fixed-total layout and leave no negative (DaisyRec then draws the list from the positives)`,
      );
    }
    sizes[i] = candidates - k;
  }
  return sizes;
}

interface Shape {
  readonly protocol: Protocol;
  readonly data: RankData;
  readonly exactData: RankData;
  readonly itemCount: number;
  /** m per instance (fixed total), or null: every instance draws `sampleSize`. */
  readonly sizes: Int32Array | null;
  readonly sampleSize: number;
}

/** What every kind of instances shares: the instances, their m, rows by m, and one instance's shape. */
abstract class BaseInstances {
  readonly protocol: Protocol;
  readonly data: RankData;
  readonly exactData: RankData;
  readonly largestSampleSize: number;
  private readonly rows = new Map<number, PmfRow>();
  protected above = new Float64Array(64);

  constructor(protected readonly shape: Shape) {
    this.protocol = shape.protocol;
    this.data = shape.data;
    this.exactData = shape.exactData;
    this.largestSampleSize = shape.sizes ? Math.max(...shape.sizes) : shape.sampleSize;
  }

  sampleSizeOf(instance: number): number {
    return this.shape.sizes ? this.shape.sizes[instance] : this.shape.sampleSize;
  }

  protected abstract makeRow(m: number): PmfRow;

  /** The draws that instance i's row covers: m (the pooled popularity layout: k·m). */
  drawsOf(instance: number): number {
    return this.sampleSizeOf(instance);
  }

  rowOf(instance: number): PmfRow {
    const draws = this.drawsOf(instance);
    let row = this.rows.get(draws);
    if (!row) this.rows.set(draws, (row = this.makeRow(draws)));
    return row;
  }

  /** n of instance i, its k and the index of its first rank. */
  protected instance(i: number): { n: number; k: number; lo: number } {
    const lo = this.data.offsets[i];
    return { n: itemCountOf(this.data, i, this.shape.itemCount), k: this.data.offsets[i + 1] - lo, lo };
  }

  /** a_j = r_j − j of every item of instance i (0-based j: r_j − (j + 1)), in a reused array. */
  protected aboveCounts(lo: number, k: number): Float64Array {
    if (this.above.length < k) this.above = new Float64Array(k);
    const above = this.above.subarray(0, k);
    for (let j = 0; j < k; j++) above[j] = this.data.ranks[lo + j] - (j + 1);
    return above;
  }
}

/** Uniform negatives per user, per positive (split) or fixed total: the law of ../law/ on each instance. */
class UniformInstances extends BaseInstances implements ProtocolInstances {
  readonly law: SampledRankLaw;
  readonly exact = true;

  constructor(shape: Shape) {
    super(shape);
    this.law = samplingLaw(shape.protocol.sampling);
  }

  protected makeRow(m: number): PmfRow {
    return this.law.row(m, BULK_CUTOFF);
  }

  fill(row: PmfRow, instance: number, item: number): PmfRow {
    const { n, k, lo } = this.instance(instance);
    return row.fillRaw(this.data.ranks[lo + item] - (item + 1), n - k);
  }

  itemLaw(instance: number, item: number): ItemLaw {
    const { n, k, lo } = this.instance(instance);
    return {
      law: this.law,
      above: this.data.ranks[lo + item] - (item + 1),
      pool: n - k,
      draws: this.drawsOf(instance),
    };
  }

  draw(random: RandomSource, instance: number, out: Int32Array): void {
    const { n, k, lo } = this.instance(instance);
    drawAboveCountsByLaw(random, this.aboveCounts(lo, k), n - k, this.sampleSizeOf(instance), this.law, out);
  }
}

/**
 * Popularity negatives with replacement: X_j ~ Binomial(D, q_j) with q_j the share of the pool's popularity mass above
 * positive j (the rows of the binomial law at θ = q_j, filled as `above` = q_j of a `pool` of 1), D = m draws a list,
 * or k·m under the pooled layout (repeats counted there: an approximation). Several positives in one list share its
 * draws: the gaps between them take multinomial counts, drawn gap by gap.
 */
class PopularityInstances extends BaseInstances implements ProtocolInstances {
  readonly law = null;
  readonly exact = true;

  constructor(
    shape: Shape,
    private readonly massAbove: Float64Array,
  ) {
    super(shape);
  }

  /** D of instance i: m, or k·m draws of the pooled layout. */
  override drawsOf(instance: number): number {
    const m = this.sampleSizeOf(instance);
    return this.protocol.layout === 'pooled' ? m * (this.data.offsets[instance + 1] - this.data.offsets[instance]) : m;
  }

  protected makeRow(m: number): PmfRow {
    return new BinomialRow(m, BULK_CUTOFF);
  }

  fill(row: PmfRow, instance: number, item: number): PmfRow {
    return row.fillRaw(this.massAbove[this.data.offsets[instance] + item], 1);
  }

  itemLaw(instance: number, item: number): ItemLaw {
    const above = this.massAbove[this.data.offsets[instance] + item];
    return { law: WITH_REPLACEMENT_LAW, above, pool: 1, draws: this.drawsOf(instance) };
  }

  draw(random: RandomSource, instance: number, out: Int32Array): void {
    const lo = this.data.offsets[instance];
    const k = this.data.offsets[instance + 1] - lo;
    let previous = 0;
    let drawn = 0;
    const draws = this.drawsOf(instance);
    for (let j = 0; j < k; j++) {
      // The draws left fall in the gap above item j with probability (q_j − q_{j−1})/(1 − q_{j−1}).
      const q = this.massAbove[lo + j];
      const left = draws - drawn;
      if (left > 0 && q > previous) {
        const [gap, rest] = [q - previous, 1 - previous];
        drawn += binomialDraw(random, left, gap, rest, binomialPmfAtMode(left, gap, rest));
      }
      previous = q;
      out[j] = drawn;
    }
  }
}

/**
 * The pooled layout with uniform negatives (RecBole's uniN): D = k·m draws with replacement over the pool of P
 * items, a negative drawn twice counted once, so X_j = the number of distinct drawn items among the a_j above
 * positive j: an occupancy count. Its law has no form cheap enough for every user (an alternating sum of D-th powers,
 * unstable past a few terms), so its expectation is taken by Monte Carlo (expectedProtocol), the draws literal.
 */
class PooledInstances extends BaseInstances implements ProtocolInstances {
  readonly law = null;
  readonly exact = false;
  private drawnItems = new Int32Array(0);

  /** k·m draws: the most negatives a user's list can hold. */
  override drawsOf(instance: number): number {
    return this.sampleSizeOf(instance) * (this.data.offsets[instance + 1] - this.data.offsets[instance]);
  }

  protected makeRow(): PmfRow {
    throw new Error('the pooled layout has no rows: its expectation is a Monte Carlo one');
  }

  fill(): PmfRow {
    throw new Error('the pooled layout has no rows: its expectation is a Monte Carlo one');
  }

  itemLaw(): null {
    return null;
  }

  draw(random: RandomSource, instance: number, out: Int32Array): void {
    const { n, k, lo } = this.instance(instance);
    const pool = n - k;
    const draws = this.drawsOf(instance);
    if (this.drawnItems.length < draws) this.drawnItems = new Int32Array(draws);
    const drawn = this.drawnItems.subarray(0, draws);
    for (let t = 0; t < draws; t++) drawn[t] = random.nextInt(pool);
    drawn.sort();
    const above = this.aboveCounts(lo, k);
    // Walk the sorted draws once: count the distinct pool positions below each a_j.
    let distinct = 0;
    let t = 0;
    for (let j = 0; j < k; j++) {
      while (t < draws && drawn[t] < above[j]) {
        if (t === 0 || drawn[t] !== drawn[t - 1]) distinct++;
        t++;
      }
      out[j] = distinct;
    }
  }
}
