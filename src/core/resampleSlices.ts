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

/** Group g's resamples in `slice` (null: all of them, in one call). */
export interface IntervalTask {
  readonly g: number;
  readonly slice: { from: number; to: number } | null;
  readonly index: number;
}

/**
 * The interval groups' work as tasks for `lanes` workers taking them in order (src/state/intervalActions.ts): the
 * first group (the vector methods, a fixed set-up the same in every slice) whole (`slice` null), each other group in
 * a slice of its resamples per lane (`index` its place among the group's slices); every group whole on one lane.
 */
export function intervalTasks(
  groupCount: number,
  replicates: number,
  lanes: number,
): { tasks: IntervalTask[]; slices: number[] } {
  const sliced = Array.from({ length: groupCount }, (_, g) =>
    g === 0 || lanes === 1 ? null : resampleSlices(replicates, lanes),
  );
  return {
    tasks: sliced.flatMap<IntervalTask>((slices, g) =>
      slices ? slices.map((slice, index) => ({ g, slice, index })) : [{ g, slice: null, index: 0 }],
    ),
    slices: sliced.map((slices) => slices?.length ?? 0),
  };
}
