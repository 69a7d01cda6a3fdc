/**
 * The SVG path of a curve, decimated per pixel column (M4: the first, lowest, highest and last point of each
 * column), so that 10⁶ points draw as a few thousand without a visible difference. One pass, no allocation per
 * point: a curve of 10⁶ points takes a few milliseconds.
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
  const fx = affine(x);
  const fy = affine(y);
  const below = Math.max(y.range[0], y.range[1]) + 12;
  const parts: string[] = [];
  let penDown = false;
  let column = NaN;
  // The kept points of the current column: index, x and y of first, lowest (min py), highest (max py), last.
  let i0 = -1;
  let x0 = 0;
  let y0 = 0;
  let iLo = -1;
  let xLo = 0;
  let yLo = 0;
  let iHi = -1;
  let xHi = 0;
  let yHi = 0;
  let i1 = -1;
  let x1 = 0;
  let y1 = 0;
  const emit = (px: number, py: number) => {
    parts.push(`${penDown ? 'L' : 'M'}${r2(px)},${r2(py)}`);
    penDown = true;
  };
  const flush = () => {
    if (i0 < 0) return;
    const points: [number, number, number][] = [[i0, x0, y0]];
    if (iLo !== i0) points.push([iLo, xLo, yLo]);
    if (iHi !== i0 && iHi !== iLo) points.push([iHi, xHi, yHi]);
    if (i1 !== i0 && i1 !== iLo && i1 !== iHi) points.push([i1, x1, y1]);
    points.sort((p, q) => p[0] - q[0]);
    for (const [, px, py] of points) emit(px, py);
    i0 = -1;
  };
  for (let i = 0; i < count; i++) {
    const xv = xs ? xs[i] : i + 1;
    const v = ys[i];
    const px = fx.a + fx.b * (fx.log ? Math.log(xv) : xv);
    const py = fy.log && v <= 0 ? below : fy.a + fy.b * (fy.log ? Math.log(v) : v);
    if (!Number.isFinite(px) || !Number.isFinite(py)) {
      flush();
      penDown = false;
      column = NaN;
      continue;
    }
    const c = Math.floor(px);
    if (c !== column) {
      flush();
      column = c;
      i0 = iLo = iHi = i;
      x0 = xLo = xHi = px;
      y0 = yLo = yHi = py;
    } else if (py < yLo) {
      iLo = i;
      xLo = px;
      yLo = py;
    } else if (py > yHi) {
      iHi = i;
      xHi = px;
      yHi = py;
    }
    i1 = i;
    x1 = px;
    y1 = py;
  }
  flush();
  return parts.join('');
}
