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
  // The kept points of the current column, as (index, px, py) at these slots: first, lowest (min py), highest
  // (max py), last. An index below 0 means the column holds no point yet.
  const FIRST = 0;
  const LOW = 3;
  const HIGH = 6;
  const LAST = 9;
  const kept = new Float64Array(12).fill(-1);
  const keep = (slot: number, i: number, px: number, py: number) => {
    kept[slot] = i;
    kept[slot + 1] = px;
    kept[slot + 2] = py;
  };
  const emit = (px: number, py: number) => {
    parts.push(`${penDown ? 'L' : 'M'}${r2(px)},${r2(py)}`);
    penDown = true;
  };
  const flush = () => {
    if (kept[FIRST] < 0) return;
    // Each kept point once, in the order of the data.
    const slots = [FIRST, LOW, HIGH, LAST].filter((slot, k, all) => all.findIndex((s) => kept[s] === kept[slot]) === k);
    slots.sort((a, b) => kept[a] - kept[b]);
    for (const slot of slots) emit(kept[slot + 1], kept[slot + 2]);
    kept[FIRST] = -1;
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
      keep(FIRST, i, px, py);
      keep(LOW, i, px, py);
      keep(HIGH, i, px, py);
    } else if (py < kept[LOW + 2]) keep(LOW, i, px, py);
    else if (py > kept[HIGH + 2]) keep(HIGH, i, px, py);
    keep(LAST, i, px, py);
  }
  flush();
  return parts.join('');
}
