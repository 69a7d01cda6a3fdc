/**
 * How the app shares one bootstrap's resamples between workers (compare.ts jointBootstrap's from..to). A file of its
 * own: the page imports it, and must not pull the bootstrap's code into the main bundle.
 */

/**
 * B resamples in `lanes` contiguous slices (jointBootstrap's from..to) as even as can be; fewer when B is smaller.
 * Example: resampleSlices(200, 3) → [0..67), [67..133), [133..200).
 */
export function resampleSlices(replicates: number, lanes: number): { from: number; to: number }[] {
  const count = Math.max(1, Math.min(lanes, replicates));
  return Array.from({ length: count }, (_, i) => ({
    from: Math.round((i * replicates) / count),
    to: Math.round(((i + 1) * replicates) / count),
  }));
}
