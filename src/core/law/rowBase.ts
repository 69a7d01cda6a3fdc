/**
 * What the rows of both families share (law.ts PmfRow): the window, the sum of the unnormalised row, a row that is
 * one point, and `fill` as `fillRaw` then one normalisation.
 */
import type { PmfRow } from './law.ts';

export abstract class RowBase implements PmfRow {
  readonly values: Float64Array;
  lo = 0;
  hi = 0;
  total = 1;
  constructor(
    readonly sampleSize: number,
    readonly relativeCutoff: number,
  ) {
    this.values = new Float64Array(sampleSize + 1);
  }

  abstract fillRaw(above: number, pool: number): this;

  fill(above: number, pool: number): this {
    this.fillRaw(above, pool);
    const v = this.values;
    const s = 1 / this.total;
    for (let k = this.lo; k <= this.hi; k++) v[k] *= s;
    this.total = 1;
    return this;
  }

  /** The row that puts all its mass on k. */
  protected point(k: number): this {
    this.values[k] = 1;
    this.lo = k;
    this.hi = k;
    this.total = 1;
    return this;
  }
}

/** Ratios of consecutive terms past this are rescaled (long cut-offs of prefix() would overflow). */
export const HUGE = 1e200;
const LOG_HUGE = Math.log(HUGE);

/**
 * Divides scaled[0..x) and `value` by HUGE and adds log HUGE to the shift: the running product of a law's ratios in
 * prefix() stays finite however long the prefix.
 */
export function rescale(scaled: Float64Array, x: number, value: number, shift: number): [number, number] {
  for (let y = 0; y < x; y++) scaled[y] /= HUGE;
  return [value / HUGE, shift + LOG_HUGE];
}
