/**
 * Figure model of "metric value vs. rank" (Krichene & Rendle 2020, Figure 1): the value M(r) that AUC, AP, NDCG
 * and Recall@K give one relevant item at rank r (eqs 7–13), over all ranks 1..n (left panel) and zoomed onto the
 * top ranks (right panel). A pure function from curves to scales, path strings, ticks and labels; no DOM.
 */
import { format, line } from 'd3';
import { axisPosition, linearAxis, type LinearAxis, type TitlePart } from './axes.ts';
import { decimateIndices } from './decimate.ts';

export interface MetricCurveInput {
  readonly id: string;
  readonly label: string;
  /** values[r − 1] = M(r) for r = 1..n (at least the zoomed ranks for the right panel, all n for the left). */
  readonly values: ArrayLike<number>;
}

export interface MetricVsRankInput {
  readonly itemCount: number;
  readonly curves: readonly MetricCurveInput[];
  /** Ranks shown in the zoomed panel: 1..zoomRanks (default 100, at most n). */
  readonly zoomRanks?: number;
  readonly width?: number;
  readonly height?: number;
}

export interface SeriesStyle {
  /** A CSS colour; the custom properties switch with prefers-color-scheme. */
  readonly stroke: string;
  /** stroke-dasharray, so that the lines differ without colour too. */
  readonly dash: string | null;
}

export interface LegendEntry extends SeriesStyle {
  readonly id: string;
  readonly label: string;
}

export interface Series extends LegendEntry {
  readonly d: string;
}

export interface Panel {
  readonly id: 'all' | 'top';
  readonly title: string;
  readonly frame: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly x: LinearAxis;
  readonly y: LinearAxis;
  readonly series: readonly Series[];
}

export interface MetricVsRankFigure {
  readonly width: number;
  readonly height: number;
  readonly title: string;
  readonly panels: readonly Panel[];
  readonly legend: readonly LegendEntry[];
  readonly caption: string;
}

/** Okabe–Ito colours (safe for the common colour-vision deficiencies) with distinct dash patterns. */
export const SERIES_STYLES: readonly SeriesStyle[] = [
  { stroke: 'var(--series-1)', dash: null },
  { stroke: 'var(--series-2)', dash: '7 3' },
  { stroke: 'var(--series-3)', dash: '2 3' },
  { stroke: 'var(--series-4)', dash: '10 3 2 3' },
];

const MARGIN = { top: 30, right: 20, bottom: 46, left: 54 };
const PANEL_GAP = 36;
const X_TITLE: readonly TitlePart[] = [{ text: 'rank ' }, { text: 'r', italic: true }];
const Y_TITLE: readonly TitlePart[] = [
  { text: 'M', italic: true },
  { text: '(' },
  { text: 'r', italic: true },
  { text: ')' },
];
const fmtInt = format(',');
const fmt3 = format('.3f');

export function seriesStyle(index: number): SeriesStyle {
  return SERIES_STYLES[index % SERIES_STYLES.length];
}

function panel(
  id: Panel['id'],
  title: string,
  left: number,
  panelWidth: number,
  height: number,
  maxRank: number,
  curves: readonly MetricCurveInput[],
): Panel {
  const frame = { x: left, y: MARGIN.top, width: panelWidth, height: height - MARGIN.top - MARGIN.bottom };
  const x = linearAxis([1, maxRank], [frame.x, frame.x + frame.width], X_TITLE, {
    count: 5,
    format: ',',
    includeDomainStart: true,
  });
  const y = linearAxis([0, 1], [frame.y + frame.height, frame.y], Y_TITLE, { count: 5, format: '.1f' });
  const series = curves.map((curve, index) => {
    const values = curve.values;
    if (values.length < maxRank)
      throw new RangeError(`curve ${curve.id} has ${values.length} values, needs ${maxRank}`);
    const kept = decimateIndices(values, frame.width, maxRank);
    // kept holds 0-based indices: index i is rank i + 1.
    const path = line<number>()
      .x((i) => axisPosition(x, i + 1))
      .y((i) => axisPosition(y, values[i]))
      .digits(2);
    const d = path(kept) ?? '';
    return { id: curve.id, label: curve.label, ...seriesStyle(index), d };
  });
  return { id, title, frame, x, y, series };
}

/** Builds the two-panel figure. Curves must hold at least n values for the left panel. */
export function metricVsRank(input: MetricVsRankInput): MetricVsRankFigure {
  const { itemCount, curves } = input;
  const width = input.width ?? 880;
  const height = input.height ?? 320;
  const zoom = Math.min(input.zoomRanks ?? 100, itemCount);
  const panelWidth = (width - 2 * MARGIN.left - 2 * MARGIN.right - PANEL_GAP) / 2;
  const secondLeft = MARGIN.left + panelWidth + MARGIN.right + PANEL_GAP + MARGIN.left;
  const panels = [
    panel('all', `All ranks, 1 to ${fmtInt(itemCount)}`, MARGIN.left, panelWidth, height, itemCount, curves),
    panel('top', `Top ranks, 1 to ${fmtInt(zoom)} (zoom)`, secondLeft, panelWidth, height, zoom, curves),
  ];
  const legend = curves.map((curve, index) => ({ id: curve.id, label: curve.label, ...seriesStyle(index) }));
  return {
    width,
    height,
    title: `Metric value vs. rank, n = ${fmtInt(itemCount)}`,
    panels,
    legend,
    caption: metricVsRankCaption(itemCount, zoom, curves),
  };
}

/** The caption in words, with the values at the last zoomed rank so that the reader sees the top-heaviness. */
export function metricVsRankCaption(itemCount: number, zoom: number, curves: readonly MetricCurveInput[]): string {
  const at = curves.map((c) => `${c.label} ${fmt3(c.values[zoom - 1])}`).join(', ');
  const hasAuc = curves.some((c) => c.id === 'auc');
  return (
    `Value M(r) that each metric gives one relevant item ranked at position r among n = ${fmtInt(itemCount)} ` +
    `items (Krichene & Rendle 2020, Figure 1, eqs 7–13). Left: all ${fmtInt(itemCount)} ranks; right: the top ` +
    `${fmtInt(zoom)}. At rank ${fmtInt(zoom)}: ${at}. ` +
    (hasAuc
      ? 'AUC falls linearly over the whole list, while the other metrics are top heavy and almost ignore the tail.'
      : 'Top-heavy metrics almost ignore the tail.')
  );
}

/** Metric values at one rank, for the keyboard and pointer read-out. */
export function readoutAt(
  curves: readonly MetricCurveInput[],
  rank: number,
): { id: string; label: string; value: number }[] {
  return curves.map((c) => ({ id: c.id, label: c.label, value: c.values[rank - 1] }));
}
