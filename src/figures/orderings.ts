/**
 * Orderings of recommenders in words, for captions: "A > C > B", and how the ordering evolves with m given the
 * change points of a sweep ("A > C > B for m < 73; A > B > C for 73 ≤ m < 281; …").
 */
import { orderText } from '../core/index.ts';
import type { OrderingChange, SweepSeries } from '../../workers/figures/sweep.ts';

export { orderText };
import { fmtInt } from './labels.ts';

/** The orderings of one sweep series over its m range, split at its change points. */
export function orderingStory(
  series: SweepSeries,
  names: readonly string[],
  changes: readonly OrderingChange[],
): string {
  const own = changes.filter((c) => c.metric === series.metric && c.method === series.method);
  // Events at the same m (two pairs swapping at once) make one step of the story.
  const steps = own.filter((c, i) => i + 1 === own.length || own[i + 1].sampleSize !== c.sampleSize);
  const first = orderText(
    names,
    series.values.map((v) => v[0]),
  );
  const last = series.sampleSizes[series.sampleSizes.length - 1];
  if (steps.length === 0) return `${first} for every m from 1 to ${fmtInt(last)}`;
  const parts: string[] = [];
  let order = first;
  let from = series.sampleSizes[0];
  for (const change of steps) {
    if (change.orderAfter === order) continue;
    parts.push(
      from === series.sampleSizes[0]
        ? `${order} for m < ${fmtInt(change.sampleSize)}`
        : `${order} for ${fmtInt(from)} ≤ m < ${fmtInt(change.sampleSize)}`,
    );
    order = change.orderAfter;
    from = change.sampleSize;
  }
  parts.push(`${order} from m = ${fmtInt(from)}`);
  return parts.join('; ');
}

/** Short name of a change for its mark on the plot: "C > A". */
export function changeLabel(change: OrderingChange): string {
  return `${change.winner} > ${change.loser}`;
}
