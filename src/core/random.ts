/**
 * A seeded pseudo-random source that gives the same stream on every machine: xoshiro128** (Blackman & Vigna 2018)
 * on 32-bit integer arithmetic, its 128-bit state filled from the seed by splitmix32. Doubles in [0, 1) take 53
 * random bits from two outputs; integers below N are ⌊u·N⌋, whose bias is below N/2^53 (< 1e-9 for N ≤ 10^7).
 */
export interface RandomSource {
  /** Uniform double in [0, 1). */
  next(): number;
  /** Uniform integer in 0..bound−1. */
  nextInt(bound: number): number;
  /**
   * How many of `draws` successive draws fall among the first `below` of `bound` items: with replacement, the
   * count of nextInt(bound) < below; without, of nextInt(bound − t) < below − (hits so far) at draw t. The same
   * stream and count as those calls, in a loop that keeps the generator's state in locals (optional: drawAboveCounts
   * makes the calls itself when a source lacks it).
   */
  countBelow?(bound: number, below: number, draws: number, withReplacement: boolean): number;
  /**
   * Fills `out` with successive next() values: the same stream, in a loop that keeps the state in locals (optional:
   * callers fall back to next() when a source lacks it).
   */
  uniforms?(out: Float64Array): void;
}

/** Fills `out` with uniforms from the source: its own loop when it has one, next() otherwise. */
export function fillUniforms(random: RandomSource, out: Float64Array): void {
  if (random.uniforms) random.uniforms(out);
  else for (let i = 0; i < out.length; i++) out[i] = random.next();
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** xoshiro128** seeded with any safe integer (its low and high 32 bits both enter the state). */
export function createRandom(seed: number): RandomSource {
  const high = Math.floor(seed / 2 ** 32) >>> 0;
  const init = splitmix32((seed >>> 0) ^ Math.imul(high, 0x27d4eb2f));
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  if ((a | b | c | d) === 0) a = 1;
  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  const next = (): number => ((nextUint32() >>> 5) * 67108864 + (nextUint32() >>> 6)) / 9007199254740992;
  const countBelow = (bound: number, below: number, draws: number, withReplacement: boolean): number => {
    // nextUint32 twice per draw, written out on local copies of the state (the study's hot loop: 10⁸ draws).
    let s0 = a;
    let s1 = b;
    let s2 = c;
    let s3 = d;
    let hits = 0;
    let remaining = below;
    for (let t = 0; t < draws; t++) {
      // The top 27 and 26 bits of the two outputs, as next() takes them (x >>> 0 >>> 5 = x >>> 5: small integers).
      const high = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 5;
      let u = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= u;
      s3 = rotl(s3, 11);
      const low = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 6;
      u = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= u;
      s3 = rotl(s3, 11);
      const x = (high * 67108864 + low) / 9007199254740992;
      // ⌊y⌋ < c ⇔ y < c for an integer c: nextInt's comparison without the floor.
      if (withReplacement) {
        if (x * bound < below) hits++;
      } else if (x * (bound - t) < remaining) {
        hits++;
        remaining--;
      }
    }
    a = s0;
    b = s1;
    c = s2;
    d = s3;
    return hits;
  };
  const uniforms = (out: Float64Array): void => {
    let s0 = a;
    let s1 = b;
    let s2 = c;
    let s3 = d;
    for (let i = 0; i < out.length; i++) {
      const high = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 5;
      let u = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= u;
      s3 = rotl(s3, 11);
      const low = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 6;
      u = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= u;
      s3 = rotl(s3, 11);
      out[i] = (high * 67108864 + low) / 9007199254740992;
    }
    a = s0;
    b = s1;
    c = s2;
    d = s3;
  };
  return { next, nextInt: (bound) => Math.floor(next() * bound), countBelow, uniforms };
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * Draws the m irrelevant items of one sampled evaluation and returns, for each of the k relevant items (ranks
 * sorted ascending), how many drawn items rank above it (so r̃_j = j + out[j]). The n − k irrelevant items are
 * numbered in rank order; the j-th relevant item has above[j] = r_j − j of them above it. With replacement every
 * draw is uniform over all n − k; without, uniform over the items not drawn yet.
 */
export function drawAboveCounts(
  random: RandomSource,
  above: ArrayLike<number>,
  pool: number,
  sampleSize: number,
  withReplacement: boolean,
  out: Int32Array,
): void {
  const k = above.length;
  out.fill(0, 0, k);
  if (k === 1 && random.countBelow) {
    out[0] = random.countBelow(pool, above[0], sampleSize, withReplacement);
    return;
  }
  if (k === 1) {
    const a = above[0];
    let x = 0;
    if (withReplacement) {
      for (let t = 0; t < sampleSize; t++) if (random.nextInt(pool) < a) x++;
    } else {
      let remainingAbove = a;
      for (let t = 0; t < sampleSize; t++) {
        if (random.nextInt(pool - t) < remainingAbove) {
          x++;
          remainingAbove--;
        }
      }
    }
    out[0] = x;
    return;
  }
  // Several relevant items: gaps[j] = irrelevant items between relevant j−1 and j (gaps[k] = below the last).
  const gaps = new Float64Array(k + 1);
  let previous = 0;
  for (let j = 0; j < k; j++) {
    gaps[j] = above[j] - previous;
    previous = above[j];
  }
  gaps[k] = pool - previous;
  let remaining = pool;
  const hits = new Int32Array(k + 1);
  for (let t = 0; t < sampleSize; t++) {
    let index = random.nextInt(withReplacement ? pool : remaining);
    let gap = 0;
    while (index >= gaps[gap]) index -= gaps[gap++];
    hits[gap]++;
    if (!withReplacement) {
      gaps[gap]--;
      remaining--;
    }
  }
  let cumulative = 0;
  for (let j = 0; j < k; j++) {
    cumulative += hits[j];
    out[j] = cumulative;
  }
}

/**
 * The first index whose cumulative weight exceeds `value`, by binary search (the last index when none does): for a
 * value uniform in [0, total), index i comes with probability weight_i / total. Example: firstAbove([1, 3, 6], 3) → 2.
 */
export function firstAbove(cumulative: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
