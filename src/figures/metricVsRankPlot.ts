/**
 * Figure 1 of Krichene & Rendle (2020) as a plot model: the value M(r) each metric gives one relevant item at rank
 * r (eqs 7–13), over all ranks 1..n (left) and zoomed onto the top ranks (right), for any list of metrics, on linear
 * or logarithmic axes. The curves come in as typed columns (core metricCurve); metricVsRankFigure computes them
 * from metric ids (the figures' worker runs it, so that n = 10⁶ costs the page nothing).
 */
import { metricCurve, parseMetric } from '../core/index.ts';
import type { TitlePart } from './axes.ts';
import { fmt3, fmtInt, metricLabel, TITLE } from './labels.ts';
import { paletteStyle } from './palette.ts';
import { columnsFor, emptyPanel, gridFrames, gridHeight, seriesLine, type PlotFigure, type PlotPanel } from './plot.ts';
import { logDomain, scaleAxis, type ScaleKind } from './scale.ts';

export interface MetricCurve {
  readonly id: string;
  readonly label: string;
  /** values[r − 1] = M(r), r = 1..n. */
  readonly values: ArrayLike<number>;
}

export interface MetricVsRankOptions {
  readonly itemCount: number;
  readonly curves: readonly MetricCurve[];
  /** Ranks of the zoomed panel, 1..zoom (default 100). */
  readonly zoom?: number;
  readonly xScale?: ScaleKind;
  readonly yScale?: ScaleKind;
  readonly width?: number;
}

function positiveRange(curves: readonly MetricCurve[], count: number): [number, number] {
  let lo = Infinity;
  let hi = 0;
  for (const c of curves) {
    for (let i = 0; i < count; i++) {
      const v = c.values[i];
      if (v > 0 && v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return [lo === Infinity ? 1e-4 : lo, hi || 1];
}

/** Up to this many ranks a panel reads out every rank; beyond, a grid of ranks (readoutRanks). */
export const READOUT_ALL_RANKS = 10_000;

/**
 * The ranks a panel over 1..count reads out: every rank up to READOUT_ALL_RANKS, else every rank of the top 1,000,
 * about 4,000 evenly spaced ranks (a few per pixel on a linear axis) and 1,000 log-spaced ones (on a log axis), and
 * the last. Values at these ranks are exact; the model stays small (a few thousand numbers per series, not n), so
 * that it crosses from the worker to the page in no time. Example: readoutRanks(100) → null (every rank).
 */
export function readoutRanks(count: number): Float64Array | null {
  if (count <= READOUT_ALL_RANKS) return null;
  const ranks = new Set<number>();
  for (let r = 1; r <= 1000; r++) ranks.add(r);
  const step = count / 4000;
  for (let i = 0; i <= 4000; i++) ranks.add(Math.min(count, Math.max(1, Math.round(1 + i * step))));
  for (let i = 0; i <= 1000; i++) ranks.add(Math.min(count, Math.round(count ** (i / 1000))));
  ranks.add(count);
  return Float64Array.from([...ranks].sort((a, b) => a - b));
}

function readoutSeries(curve: MetricCurve & { stroke: string }, xs: Float64Array | null, count: number) {
  const { id, label, stroke } = curve;
  if (xs === null)
    return { id, label, stroke, xs: null, ys: Float64Array.from({ length: count }, (_, i) => curve.values[i]) };
  return { id, label, stroke, xs, ys: xs.map((r) => curve.values[r - 1]) };
}

function panel(
  id: string,
  title: string,
  frame: PlotPanel['frame'],
  ranks: number,
  options: Required<Pick<MetricVsRankOptions, 'xScale' | 'yScale'>>,
  curves: readonly MetricCurve[],
): PlotPanel {
  const xr: [number, number] = [frame.x, frame.x + frame.width];
  const yr: [number, number] = [frame.y + frame.height, frame.y];
  const x = scaleAxis(options.xScale, [1, Math.max(2, ranks)], xr, TITLE.rank, { count: 5, includeStart: true });
  const yDomain = options.yScale === 'log' ? logDomain(...positiveRange(curves, ranks)) : ([0, 1] as [number, number]);
  const y = scaleAxis(options.yScale, yDomain, yr, TITLE.metric as readonly TitlePart[], { count: 5, format: '.1f' });
  const styled = curves.map((c, i) => ({ ...c, ...paletteStyle(i) }));
  return {
    ...emptyPanel(id, title, frame, x, y),
    lines: styled.map((c) => seriesLine(x, y, c, null, c.values, ranks)),
    readout: { xName: 'r', series: styled.map((c) => readoutSeries(c, readoutRanks(ranks), ranks)) },
  };
}

export function metricVsRankPlot(options: MetricVsRankOptions): PlotFigure {
  const { itemCount: n, curves } = options;
  const width = options.width ?? 900;
  const zoom = Math.min(options.zoom ?? 100, n);
  const scales = { xScale: options.xScale ?? 'linear', yScale: options.yScale ?? 'linear' } as const;
  const columns = columnsFor(width, 2, 300);
  const panelHeight = 240;
  const [left, right] = gridFrames(width, 2, columns, panelHeight);
  for (const c of curves) {
    if (c.values.length < n) throw new RangeError(`curve ${c.id} has ${c.values.length} values, needs ${n}`);
  }
  const panels = [
    panel('all', `All ranks, 1 to ${fmtInt(n)}`, left, n, scales, curves),
    panel('top', `Zoom: ranks 1 to ${fmtInt(zoom)}`, right, zoom, scales, curves),
  ];
  return {
    id: 'fig1',
    title: `Metric value vs. rank, n = ${fmtInt(n)}`,
    width,
    height: gridHeight(2, columns, panelHeight),
    panels,
    legend: curves.map((c, i) => ({ id: c.id, label: c.label, ...paletteStyle(i), mark: 'line' as const })),
    caption: metricVsRankText(n, zoom, curves, scales),
  };
}

/** The caption: what the metrics give at the last zoomed rank, and how top-heavy they are. */
export function metricVsRankText(
  n: number,
  zoom: number,
  curves: readonly MetricCurve[],
  scales: { xScale: ScaleKind; yScale: ScaleKind },
): string {
  const at = curves.map((c) => `${c.label} ${fmt3(c.values[zoom - 1])}`).join(', ');
  const share = curves
    .filter((c) => c.values[0] > 0)
    .map((c) => {
      let top = 0;
      let all = 0;
      for (let i = 0; i < n; i++) {
        all += c.values[i];
        if (i < zoom) top += c.values[i];
      }
      return `${c.label} ${Math.round((100 * top) / all)}%`;
    })
    .join(', ');
  const axes =
    scales.xScale === 'log' || scales.yScale === 'log' ? ` Axes: rank ${scales.xScale}, value ${scales.yScale}.` : '';
  return (
    `Value M(r) that each metric gives one relevant item ranked at position r among n = ${fmtInt(n)} items ` +
    `(Krichene & Rendle 2020, Figure 1, eqs 7–13); left all ranks, right the top ${fmtInt(zoom)}. ` +
    `At rank ${fmtInt(zoom)}: ${at}. Share of the total weight Σ M(r) that falls on the top ${fmtInt(zoom)} ranks: ` +
    `${share}. ` +
    (curves.some((c) => c.id === 'auc')
      ? 'AUC falls linearly over the whole list; the other metrics are top heavy and almost ignore the tail.'
      : 'Top-heavy metrics almost ignore the tail.') +
    axes
  );
}

export interface MetricVsRankRequest extends Omit<MetricVsRankOptions, 'curves'> {
  /** Metric ids as the CLI writes them (`auc`, `recall@10`). */
  readonly metrics: readonly string[];
}

/** Figure 1 for metric ids: computes each M(r), r = 1..n (core metricCurve, eqs 7–13), then lays the figure out. */
export function metricVsRankFigure(request: MetricVsRankRequest): PlotFigure {
  const { metrics, ...options } = request;
  const curves = metrics.map((id) => {
    const metric = parseMetric(id);
    return { id: metric.id, label: metricLabel(metric.id), values: metricCurve(metric, options.itemCount) };
  });
  return metricVsRankPlot({ ...options, curves });
}
