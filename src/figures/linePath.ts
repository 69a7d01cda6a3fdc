/**
 * The SVG path of a curve, decimated per pixel column (M4: the first, lowest, highest and last point of each
 * column), so that 10⁶ points draw as a few thousand without a visible difference. One pass, no allocation per
 * point, and no call per point either: the page often runs this cold (the interpreter, before the JIT), where a call
 * or a property read per point is what costs; a curve of 10⁶ points takes a few milliseconds.
 */
import type { Axis } from './scale.ts';

const r2 = (v: number) => Math.round(v * 100) / 100;

/** px = a + b·v on a linear axis, a + b·ln v on a log axis. */
function affine(axis: Axis): { a: number; b: number; log: boolean } {
  const [d0, d1] = axis.domain;
  const [r0, r1] = axis.range;
  const log = axis.kind === 'log';
  const span = log ? Math.log(d1 / d0) : d1 - d0;
  const b = span === 0 ? 0 : (r1 - r0) / span;
  return { a: r0 - b * (log ? Math.log(d0) : d0), b, log };
}

/**
 * The path through (xs[i], ys[i]), i = 0..count−1 (xs ascending; null means x = i + 1). Points with no finite
 * position (log of 0, NaN) break the line; on a log y axis values ≤ 0 are drawn just below the frame so that the
 * line visibly drops out of it (as Recall@K does past K).
 */
export function linePath(
  x: Axis,
  y: Axis,
  xs: ArrayLike<number> | null,
  ys: ArrayLike<number>,
  count = ys.length,
): string {
  const { a: xa, b: xb, log: xLog } = affine(x);
  const { a: ya, b: yb, log: yLog } = affine(y);
  const below = Math.max(y.range[0], y.range[1]) + 12;
  const parts: string[] = [];
  let penDown = false;
  let column = NaN;
  // The kept points of the current column (first, lowest = min py, highest = max py, last): their indices (−1: the
  // column holds no point yet) and positions.
  let first = -1;
  let firstX = 0;
  let firstY = 0;
  let low = -1;
  let lowX = 0;
  let lowY = 0;
  let high = -1;
  let highX = 0;
  let highY = 0;
  let last = -1;
  let lastX = 0;
  let lastY = 0;
  const emit = (px: number, py: number) => {
    parts.push(`${penDown ? 'L' : 'M'}${r2(px)},${r2(py)}`);
    penDown = true;
  };
  // Each kept point once, in the order of the data.
  const flush = () => {
    if (first < 0) return;
    emit(firstX, firstY);
    const lowFirst = low <= high;
    const i1 = lowFirst ? low : high;
    const i2 = lowFirst ? high : low;
    if (i1 !== first) emit(lowFirst ? lowX : highX, lowFirst ? lowY : highY);
    if (i2 !== first && i2 !== i1) emit(lowFirst ? highX : lowX, lowFirst ? highY : lowY);
    if (last !== first && last !== i1 && last !== i2) emit(lastX, lastY);
    first = -1;
  };
  for (let i = 0; i < count; i++) {
    const xv = xs === null ? i + 1 : xs[i];
    const v = ys[i];
    const px = xa + xb * (xLog ? Math.log(xv) : xv);
    const py = yLog && v <= 0 ? below : ya + yb * (yLog ? Math.log(v) : v);
    if (!(px - px === 0) || !(py - py === 0)) {
      // Not finite (NaN or ±∞): the line breaks here.
      flush();
      penDown = false;
      column = NaN;
      continue;
    }
    const c = Math.floor(px);
    if (c !== column) {
      flush();
      column = c;
      first = low = high = i;
      firstX = lowX = highX = px;
      firstY = lowY = highY = py;
    } else if (py < lowY) {
      low = i;
      lowX = px;
      lowY = py;
    } else if (py > highY) {
      high = i;
      highX = px;
      highY = py;
    }
    last = i;
    lastX = px;
    lastY = py;
  }
  flush();
  return parts.join('');
}
