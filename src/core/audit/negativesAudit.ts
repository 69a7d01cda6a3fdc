/**
 * Does a negatives file hold what its protocol says? (issue 31; docs/samplers.md lists the defects found in the
 * frameworks' code.) Given each user's list of sampled negative item ids, the catalogue's item count, and optionally
 * the users' training and test items and the items' popularity, the audit counts
 * - repeated items within a list (NCF-style duplicates; legitimate only with replacement),
 * - the user's own test positives among its negatives (NCF's ml-1m file: 156 of 6,040 lists),
 * - the user's training items among its negatives (a leaking pool),
 * - ids outside the catalogue,
 * and tests where the negatives fall in the id range against uniform draws from each user's pool (the catalogue less
 * the user's training and test items where they are given): Pearson's χ² over equal bins of ids, with the observed and
 * expected counts per bin (the plot). With popularity it also tests the negatives' popularity against uniform and
 * against popularity sampling (∝ count^α): counts per popularity decile of the catalogue, observed and expected under
 * each. `flags` say in words what failed at the 1% level.
 */
import { InputError } from '../errors.ts';
import type { TestResult } from './tests.ts';
import { chiSquareTest } from './tests.ts';

export interface NegativesInput {
  /** Each user's negative item ids (0-based ids of a catalogue of `itemCount`), by user key. */
  readonly lists: ReadonlyMap<string, readonly number[]>;
  readonly itemCount: number;
  readonly train?: ReadonlyMap<string, ReadonlySet<number>> | null;
  readonly test?: ReadonlyMap<string, ReadonlySet<number>> | null;
  /** Each item's interaction count (index = id). */
  readonly popularity?: ArrayLike<number> | null;
  /** The popularity exponent sampling ∝ count^α is tested against (default 1). */
  readonly alpha?: number;
  /** Sampling with replacement was meant: repeats are then expected, not flagged. */
  readonly withReplacement?: boolean;
}

export interface Histogram {
  readonly observed: Float64Array;
  readonly expected: Float64Array;
}

export interface NegativesAudit {
  readonly lists: number;
  readonly negatives: number;
  /** Lists holding an item twice or more, and the repeated draws in all. */
  readonly duplicates: { readonly lists: number; readonly items: number };
  readonly positivesAmongNegatives: { readonly lists: number; readonly items: number } | null;
  readonly trainingAmongNegatives: { readonly lists: number; readonly items: number } | null;
  readonly outsideCatalogue: number;
  readonly uniformity: TestResult & { readonly bins: Histogram; readonly binWidth: number };
  readonly popularity: {
    readonly uniform: TestResult;
    readonly popularity: TestResult;
    readonly bins: {
      readonly observed: Float64Array;
      readonly uniform: Float64Array;
      readonly popularity: Float64Array;
    };
  } | null;
  readonly flags: readonly string[];
}

/** The level at which a test raises a flag. */
export const FLAG_LEVEL = 0.01;

export function auditNegatives(input: NegativesInput): NegativesAudit {
  const { lists, itemCount, train, test, popularity } = input;
  if (!Number.isSafeInteger(itemCount) || itemCount < 2)
    throw new InputError(`the catalogue must hold ≥ 2 items, got ${itemCount}`);
  if (lists.size === 0) throw new InputError('the negatives file holds no list');
  const bins = Math.max(2, Math.min(50, Math.floor(itemCount / 20)));
  const binWidth = itemCount / bins;
  const binOf = (id: number) => Math.min(bins - 1, Math.floor(id / binWidth));
  const observed = new Float64Array(bins);
  const expected = new Float64Array(bins);
  const excludedByBin = new Float64Array(bins);
  const duplicates = { lists: 0, items: 0 };
  const positives = { lists: 0, items: 0 };
  const training = { lists: 0, items: 0 };
  let outsideCatalogue = 0;
  let negatives = 0;
  const binSize = (b: number) => Math.floor((b + 1) * binWidth) - Math.floor(b * binWidth);
  for (const [user, list] of lists) {
    const seen = new Set<number>();
    let repeated = 0;
    let own = 0;
    let trained = 0;
    const positivesOf = test?.get(user);
    const trainedOf = train?.get(user);
    for (const id of list) {
      if (!Number.isInteger(id) || id < 0 || id >= itemCount) {
        outsideCatalogue++;
        continue;
      }
      negatives++;
      if (seen.has(id)) repeated++;
      seen.add(id);
      if (positivesOf?.has(id)) own++;
      if (trainedOf?.has(id)) trained++;
      observed[binOf(id)]++;
    }
    if (repeated > 0) [duplicates.lists, duplicates.items] = [duplicates.lists + 1, duplicates.items + repeated];
    if (own > 0) [positives.lists, positives.items] = [positives.lists + 1, positives.items + own];
    if (trained > 0) [training.lists, training.items] = [training.lists + 1, training.items + trained];
    // Uniform over the user's pool: the catalogue less its training and test items (those given).
    excludedByBin.fill(0);
    let excluded = 0;
    for (const id of new Set([...(trainedOf ?? []), ...(positivesOf ?? [])])) {
      if (id >= 0 && id < itemCount) {
        excludedByBin[binOf(id)]++;
        excluded++;
      }
    }
    const drawn = list.filter((id) => Number.isInteger(id) && id >= 0 && id < itemCount).length;
    const pool = itemCount - excluded;
    if (pool <= 0) throw new InputError(`user "${user}": its training and test items fill the catalogue`);
    for (let b = 0; b < bins; b++) expected[b] += (drawn * (binSize(b) - excludedByBin[b])) / pool;
  }
  const uniformity = { ...chiSquareTest(observed, expected), bins: { observed, expected }, binWidth };
  const popularityTests = popularity ? popularityAudit(input, train, test) : null;
  const flags: string[] = [];
  if (duplicates.lists > 0 && !input.withReplacement) {
    flags.push(
      `${duplicates.lists} lists repeat an item (${duplicates.items} repeated draws): not a draw without replacement`,
    );
  }
  if (positives.lists > 0) {
    flags.push(`${positives.lists} lists hold the user's own test item among the negatives (${positives.items} items)`);
  }
  if (training.lists > 0) {
    flags.push(`${training.lists} lists hold the user's training items among the negatives (${training.items} items)`);
  }
  if (outsideCatalogue > 0) flags.push(`${outsideCatalogue} negatives are outside the catalogue's ${itemCount} ids`);
  if (uniformity.pValue < FLAG_LEVEL) {
    flags.push(
      `the negatives are not uniform over the item ids (χ² = ${uniformity.statistic.toFixed(1)}, p = ${uniformity.pValue.toExponential(2)})`,
    );
  }
  if (popularityTests && popularityTests.uniform.pValue < FLAG_LEVEL) {
    const like = popularityTests.popularity.pValue >= FLAG_LEVEL ? ': they follow popularity sampling' : '';
    flags.push(
      `the negatives' popularity is not that of uniform draws (p = ${popularityTests.uniform.pValue.toExponential(2)})${like}`,
    );
  }
  return {
    lists: lists.size,
    negatives,
    duplicates,
    positivesAmongNegatives: test ? positives : null,
    trainingAmongNegatives: train ? training : null,
    outsideCatalogue,
    uniformity,
    popularity: popularityTests,
    flags,
  };
}

/**
 * The negatives' popularity against uniform draws and against draws ∝ count^α, both from each user's pool: counts per
 * decile of the items' popularity (ties kept in one decile), observed and expected under each, and a χ² for each.
 */
function popularityAudit(
  input: NegativesInput,
  train: NegativesInput['train'],
  test: NegativesInput['test'],
): NonNullable<NegativesAudit['popularity']> {
  const { lists, itemCount } = input;
  const popularity = input.popularity!;
  const alpha = input.alpha ?? 1;
  if (popularity.length < itemCount)
    throw new InputError(`the popularity gives ${popularity.length} items of ${itemCount}`);
  // Deciles by popularity rank (the same count of items in each, popular ones last).
  const order = Array.from({ length: itemCount }, (_, id) => id).sort((a, b) => popularity[a] - popularity[b]);
  const deciles = 10;
  const decileOf = new Int32Array(itemCount);
  order.forEach((id, rank) => (decileOf[id] = Math.min(deciles - 1, Math.floor((rank * deciles) / itemCount))));
  const weight = Float64Array.from({ length: itemCount }, (_, id) => Math.max(0, popularity[id]) ** alpha);
  const totalByDecile = new Float64Array(deciles);
  const countByDecile = new Float64Array(deciles);
  let totalWeight = 0;
  for (let id = 0; id < itemCount; id++) {
    totalByDecile[decileOf[id]] += weight[id];
    countByDecile[decileOf[id]]++;
    totalWeight += weight[id];
  }
  const observed = new Float64Array(deciles);
  const uniform = new Float64Array(deciles);
  const byPopularity = new Float64Array(deciles);
  const lessCount = new Float64Array(deciles);
  const lessWeight = new Float64Array(deciles);
  for (const [user, list] of lists) {
    lessCount.fill(0);
    lessWeight.fill(0);
    let excludedCount = 0;
    let excludedWeight = 0;
    for (const id of new Set([...(train?.get(user) ?? []), ...(test?.get(user) ?? [])])) {
      if (id < 0 || id >= itemCount) continue;
      lessCount[decileOf[id]]++;
      lessWeight[decileOf[id]] += weight[id];
      excludedCount++;
      excludedWeight += weight[id];
    }
    let drawn = 0;
    for (const id of list) {
      if (!Number.isInteger(id) || id < 0 || id >= itemCount) continue;
      observed[decileOf[id]]++;
      drawn++;
    }
    for (let d = 0; d < deciles; d++) {
      uniform[d] += (drawn * (countByDecile[d] - lessCount[d])) / (itemCount - excludedCount);
      byPopularity[d] += (drawn * (totalByDecile[d] - lessWeight[d])) / (totalWeight - excludedWeight);
    }
  }
  return {
    uniform: chiSquareTest(observed, uniform),
    popularity: chiSquareTest(observed, byPopularity),
    bins: { observed, uniform, popularity: byPopularity },
  };
}
