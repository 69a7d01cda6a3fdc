/**
 * The shared vocabulary of the figure models (Observable Plot's idea: a figure is data → marks): panels with two
 * axes holding lines, bars, rules, points and text in SVG coordinates, a legend, a caption in words, and the raw
 * values behind every series so that the chart can read out exact values under a cursor. No DOM.
 */
import { linePath } from './linePath.ts';
import { round2, type Axis } from './scale.ts';

export { linePath };

export interface Frame {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface LegendItem {
  readonly id: string;
  readonly label: string;
  readonly stroke: string;
  readonly dash: string | null;
  /** How the swatch is drawn. */
  readonly mark: 'line' | 'bar';
}

/** Lines, bars and points carry the legend id of their series, so that hiding a series hides them. */
export interface PlotLine {
  readonly series: string;
  readonly stroke: string;
  readonly dash: string | null;
  readonly width: number;
  readonly d: string;
}

/** A filled region, e.g. a band between two curves (drawn under the lines, translucent). */
export interface PlotArea {
  readonly series: string;
  readonly fill: string;
  readonly d: string;
}

export interface PlotBar {
  readonly series: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly fill: string;
}

/** A straight reference line (an exact value, an ordering change), optionally labelled. */
export interface PlotRule {
  readonly series: string | null;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly stroke: string;
  readonly dash: string | null;
  readonly kind: 'reference' | 'event';
}

export interface PlotPoint {
  readonly series: string | null;
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
  readonly fill: string;
}

export interface PlotText {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly anchor: 'start' | 'middle' | 'end';
  readonly kind: 'event' | 'note';
  /** Turned 90° clockwise about (x, y), reading downwards along a vertical rule. */
  readonly vertical?: boolean;
}

/** Exact values behind one series: ys[i] at xs[i] (xs ascending; null means x = i + 1, e.g. ranks). */
export interface ReadoutSeries {
  readonly id: string;
  readonly label: string;
  readonly stroke: string;
  readonly xs: ArrayLike<number> | null;
  readonly ys: ArrayLike<number>;
}

export interface PanelReadout {
  /** The x quantity in the paper's notation, e.g. "r", "m", "r̃". */
  readonly xName: string;
  readonly series: readonly ReadoutSeries[];
  /** Values are counts (bars): shown as integers. */
  readonly counts?: boolean;
  /** A label per data point of the first series, replacing "x = …" (e.g. a bucket's rank range). */
  readonly pointLabels?: readonly string[];
}

export interface PlotPanel {
  readonly id: string;
  readonly title: string;
  readonly frame: Frame;
  readonly x: Axis;
  readonly y: Axis;
  readonly lines: readonly PlotLine[];
  /** Bands under the lines (optional: most figures have none). */
  readonly areas?: readonly PlotArea[];
  readonly bars: readonly PlotBar[];
  readonly rules: readonly PlotRule[];
  readonly points: readonly PlotPoint[];
  readonly texts: readonly PlotText[];
  readonly readout: PanelReadout | null;
}

export interface PlotFigure {
  /** A short stable id, used for file names of exports: "fig2". */
  readonly id: string;
  readonly title: string;
  readonly width: number;
  readonly height: number;
  readonly panels: readonly PlotPanel[];
  readonly legend: readonly LegendItem[];
  /** What the figure shows for the current data, in words: the caption and the text alternative. */
  readonly caption: string;
}

export const MARGIN = { top: 28, right: 24, bottom: 46, left: 58 };

/**
 * Frames of `count` panels in rows of `columns`, each `panelHeight` tall (plot area), filling `width`.
 * Example: gridFrames(800, 2, 2, 200) gives two frames side by side.
 */
export function gridFrames(width: number, count: number, columns: number, panelHeight: number): Frame[] {
  const cols = Math.max(1, Math.min(columns, count));
  const cellWidth = width / cols;
  const cellHeight = MARGIN.top + panelHeight + MARGIN.bottom;
  return Array.from({ length: count }, (_, i) => ({
    x: round2((i % cols) * cellWidth + MARGIN.left),
    y: Math.floor(i / cols) * cellHeight + MARGIN.top,
    width: round2(cellWidth - MARGIN.left - MARGIN.right),
    height: panelHeight,
  }));
}

/** Total height of a grid of `count` panels. */
export function gridHeight(count: number, columns: number, panelHeight: number): number {
  const rows = Math.ceil(count / Math.max(1, Math.min(columns, count)));
  return rows * (MARGIN.top + panelHeight + MARGIN.bottom);
}

/**
 * Columns for `count` panels: up to `wide`, each at least `minPanel` units wide, and when fewer fit, a number that
 * fills every row (4 panels: 4, else 2 × 2, never 3 + 1). Example: columnsFor(900, 4, 230, 4) → 2.
 */
export function columnsFor(width: number, wide: number, minPanel = 230, count = wide): number {
  let cols = Math.max(1, Math.min(wide, count));
  while (cols > 1 && width / cols < minPanel) cols -= 1;
  if (cols === Math.min(wide, count)) return cols;
  for (let c = cols; c > 1; c--) if (count % c === 0) return c;
  return cols;
}

/** A labelled series line from typed columns (xs null: x = i + 1). */
export function seriesLine(
  x: Axis,
  y: Axis,
  series: { id: string; stroke: string; dash: string | null; width?: number },
  xs: ArrayLike<number> | null,
  ys: ArrayLike<number>,
  count = ys.length,
): PlotLine {
  const d = linePath(x, y, xs, ys, count);
  return { series: series.id, stroke: series.stroke, dash: series.dash, width: series.width ?? 2, d };
}

/** One legend entry per series, each drawn as a line. */
export function lineLegend(
  series: readonly { id: string; label: string; stroke: string; dash: string | null }[],
): LegendItem[] {
  return series.map((s) => ({ id: s.id, label: s.label, stroke: s.stroke, dash: s.dash, mark: 'line' }));
}

/** An empty panel around two axes, to be filled by the figure. */
export function emptyPanel(id: string, title: string, frame: Frame, x: Axis, y: Axis): PlotPanel {
  return { id, title, frame, x, y, lines: [], bars: [], rules: [], points: [], texts: [], readout: null };
}
