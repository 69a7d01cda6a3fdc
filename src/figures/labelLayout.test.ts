import { describe, expect, it } from 'vitest';
import { CHAR_WIDTH, horizontalBox, overlaps, placeVerticalLabels, verticalBox, type Box } from './labelLayout.ts';

/** A panel of Figure 2 at 1,366 px (four panels): frame as sampleSizePlot lays it out, m on a log axis to 3,705. */
const frame = { x: 58, y: 28, width: 230, height: 260 };
const px = (m: number) => frame.x + (frame.width * Math.log10(m)) / Math.log10(3_705);

function expectApart(boxes: readonly Box[]) {
  for (let a = 0; a < boxes.length; a++)
    for (let b = a + 1; b < boxes.length; b++) expect(overlaps(boxes[a], boxes[b]), `${a} and ${b}`).toBe(false);
}

describe('swap-point labels never overlap', () => {
  it('keeps NDCG’s swaps at m = 1,547, 1,808 and 2,262 on MovieLens (a few pixels apart) apart, all shown', () => {
    const labels = [
      { px: px(142), text: 'Z > Y (142)' },
      { px: px(1_547), text: 'Z > X (1,547)' },
      { px: px(1_808), text: 'Y > X (1,808)' },
      { px: px(2_262), text: 'Y > Z (2,262)' },
    ];
    expect(px(1_808) - px(1_547)).toBeLessThan(6); // closer than a line of text
    const note = horizontalBox({ x: px(100) - 3, y: frame.y + frame.height - 4, text: 'm = 100', anchor: 'end' });
    const placed = placeVerticalLabels(labels, frame, [note]);
    expect(placed.map((t) => t.text)).toEqual(labels.map((l) => l.text));
    const boxes = placed.map(verticalBox);
    expectApart([...boxes, note]);
    // Each label stays within the frame and near its rule (beside it, or a few lines off).
    placed.forEach((t, i) => {
      expect(boxes[i].y1).toBeLessThanOrEqual(frame.y + frame.height);
      expect(Math.abs(t.x - labels[i].px)).toBeLessThan(6 * 15 + 20);
    });
    // A free label sits right of its rule at the top, as before.
    expect(placed[0]).toMatchObject({ x: Math.round((px(142) + 3) * 100) / 100, y: frame.y + 3, vertical: true });
  });

  it('estimates a label’s length at 7 px a character (11 px bold)', () => {
    expect(CHAR_WIDTH).toBe(7);
    expect(verticalBox({ x: 100, y: 31, text: 'Z > X (1,547)' })).toEqual({ x0: 99, x1: 112, y0: 31, y1: 122 });
  });

  it('keeps clear of the horizontal notes ("correct order from m = …" low in the panel)', () => {
    const note = horizontalBox({
      x: px(400) + 4,
      y: frame.y + frame.height - 24,
      text: 'correct order from m = 400',
      anchor: 'start',
    });
    // Six swaps at one m fill the top rows beside the rule; those going lower must avoid the note.
    const labels = Array.from({ length: 6 }, (_, i) => ({ px: px(500), text: `A${i} > B${i} (500)` }));
    const placed = placeVerticalLabels(labels, frame, [note]);
    expect(placed.length).toBeGreaterThanOrEqual(4);
    expectApart([...placed.map(verticalBox), note]);
  });

  it('leaves a label out rather than drawing it over another when the panel is full', () => {
    const tiny = { x: 0, y: 0, width: 40, height: 60 };
    const labels = Array.from({ length: 12 }, (_, i) => ({ px: 20, text: `X > Y (${i})` }));
    const placed = placeVerticalLabels(labels, tiny);
    expect(placed.length).toBeLessThan(12);
    expectApart(placed.map(verticalBox));
  });
});
