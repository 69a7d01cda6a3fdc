/**
 * Labels of vertical rules (the swap points of Figures 2 and 6) laid out so that no two text boxes overlap, nor a
 * label and the panel's horizontal notes. Text boxes are estimated from the character count at the figures' 11 px
 * bold font (about 7 px a character, 13 px a line); the layout is greedy in order of x: each label goes right of its
 * rule at the top if free, else left of it, else lower down beside the rule, else offset sideways by whole lines
 * (its text names its m, so it stays readable away from its rule). Example: swap points at m = 1,547, 1,808 and
 * 2,262 a few pixels apart on a log axis (NDCG on MovieLens) get three distinct columns or rows.
 */
import type { Frame, PlotText } from './plot.ts';
import { round2 } from './scale.ts';

/** Width of a character and height of a line of the figures' text (11 px, bold: `.plot-text.text-event`). */
export const CHAR_WIDTH = 7;
export const LINE_HEIGHT = 13;

/** Space kept between two labels side by side, and between two labels stacked in a column. */
const GAP = 2;
const ROW_GAP = 6;
/** How many lines a label may be offset sideways when its rule's neighbourhood is full. */
const MAX_OFFSET = 6;

export interface Box {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

export const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The box of a horizontal text at baseline (x, y), estimated from its length. */
export function horizontalBox(text: Pick<PlotText, 'x' | 'y' | 'text' | 'anchor'>): Box {
  const width = text.text.length * CHAR_WIDTH;
  const x0 = text.anchor === 'end' ? text.x - width : text.anchor === 'middle' ? text.x - width / 2 : text.x;
  return { x0, x1: x0 + width, y0: text.y - LINE_HEIGHT + 3, y1: text.y + 3 };
}

/**
 * The box of a vertical label placed by placeVerticalLabels: text turned 90° clockwise about (x, y), glyph tops to
 * the right, so it spans about x − 1 to x − 1 + LINE_HEIGHT, and y to y + its length.
 */
export function verticalBox(text: Pick<PlotText, 'x' | 'y' | 'text'>): Box {
  return { x0: text.x - 1, x1: text.x - 1 + LINE_HEIGHT, y0: text.y, y1: text.y + text.text.length * CHAR_WIDTH };
}

/** Where a label may go, best first: beside its rule (right, left) row by row, then offset sideways line by line. */
function* candidates(px: number, frame: Frame, length: number): Generator<{ x0: number; y0: number }> {
  const rows = Math.max(1, Math.floor((frame.height - 3) / (length + ROW_GAP)));
  const top = (row: number) => frame.y + 3 + row * (length + ROW_GAP);
  for (let row = 0; row < rows; row++) {
    yield { x0: px + 2, y0: top(row) };
    yield { x0: px - 1 - LINE_HEIGHT, y0: top(row) };
  }
  for (let k = 1; k <= MAX_OFFSET; k++) {
    for (let row = 0; row < rows; row++) {
      yield { x0: px + 2 + k * (LINE_HEIGHT + GAP), y0: top(row) };
      yield { x0: px - 1 - LINE_HEIGHT - k * (LINE_HEIGHT + GAP), y0: top(row) };
    }
  }
}

/**
 * Vertical labels beside vertical rules at x = px, none overlapping another or any of `obstacles` (the boxes of the
 * panel's other texts); a label with no free place within the frame is left out rather than drawn over another.
 */
export function placeVerticalLabels(
  labels: readonly { px: number; text: string }[],
  frame: Frame,
  obstacles: readonly Box[] = [],
): PlotText[] {
  const taken: Box[] = [...obstacles];
  const out: PlotText[] = [];
  const inOrder = labels.map((label, i) => ({ ...label, i })).sort((a, b) => a.px - b.px || a.i - b.i);
  for (const { px, text } of inOrder) {
    const length = text.length * CHAR_WIDTH;
    for (const { x0, y0 } of candidates(px, frame, length)) {
      const box = { x0, x1: x0 + LINE_HEIGHT, y0, y1: y0 + length };
      if (box.x1 > frame.x + frame.width + 8 || box.x0 < frame.x - 4 || box.y1 > frame.y + frame.height) continue;
      const padded = { x0: box.x0 - GAP / 2, x1: box.x1 + GAP / 2, y0: box.y0, y1: box.y1 };
      if (taken.some((b) => overlaps(b, padded))) continue;
      taken.push(box);
      // A text turned 90° clockwise about (x, y) has its glyph tops to the right: x is near its left edge.
      out.push({ x: round2(x0 + 1), y: round2(y0), text, anchor: 'start', kind: 'event', vertical: true });
      break;
    }
  }
  return out;
}
