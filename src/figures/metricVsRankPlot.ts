/**
 * Figure 1 of Krichene & Rendle (2020) as a plot model: the value M(r) each metric gives one relevant item at rank
 * r (eqs 7–13), over all ranks 1..n (left) and zoomed onto the top ranks (right), for any list of metrics, on linear
 * or logarithmic axes. The curves come compact from the worker (workers/figures/metricCurves.ts: every rank up to
 * 10⁴, a grid of ranks beyond, and the caption's numbers), so that n = 10⁶ costs the page nothing.
 */
import type { MetricCurves, RankReadout } from '../../workers/figures/metricCurves.ts';
import { metricIdLabel } from '../core/labels.ts';
import { fmt3, fmtInt, TITLE, type TitlePart } from './labels.ts';
import { paletteStyle } from './palette.ts';
import {
  columnsFor,
  emptyPanel,
  gridFrames,
  gridHeight,
  lineLegend,
  seriesLine,
  type PlotFigure,
  type PlotPanel,
} from './plot.ts';
import { logDomain, scaleAxis, type ScaleKind } from './scale.ts';

export interface MetricVsRankOptions {
  readonly curves: MetricCurves;
  readonly xScale?: ScaleKind;
  readonly yScale?: ScaleKind;
  readonly width?: number;
}

type Scales = { readonly xScale: ScaleKind; readonly yScale: ScaleKind };

function positiveRange(values: readonly Float64Array[]): [number, number] {
  let lo = Infinity;
  let hi = 0;
  for (const column of values) {
    for (const v of column) {
      if (v > 0 && v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return [lo === Infinity ? 1e-4 : lo, hi || 1];
}

function panel(
  id: string,
  title: string,
  frame: PlotPanel['frame'],
  count: number,
  scales: Scales,
  readout: RankReadout,
  series: readonly { id: string; label: string; stroke: string; dash: string | null }[],
): PlotPanel {
  const xr: [number, number] = [frame.x, frame.x + frame.width];
  const yr: [number, number] = [frame.y + frame.height, frame.y];
  const x = scaleAxis(scales.xScale, [1, Math.max(2, count)], xr, TITLE.rank, { count: 5, includeStart: true });
  const yDomain = scales.yScale === 'log' ? logDomain(...positiveRange(readout.values)) : ([0, 1] as [number, number]);
  const y = scaleAxis(scales.yScale, yDomain, yr, TITLE.metric as readonly TitlePart[], { count: 5, format: '.1f' });
  const { ranks: xs, values } = readout;
  return {
    ...emptyPanel(id, title, frame, x, y),
    lines: series.map((s, i) => seriesLine(x, y, s, xs, values[i])),
    readout: { xName: 'r', series: series.map((s, i) => ({ ...s, xs, ys: values[i] })) },
  };
}

export function metricVsRankPlot(options: MetricVsRankOptions): PlotFigure {
  const { curves } = options;
  const { itemCount: n, zoom } = curves;
  const width = options.width ?? 900;
  const scales = { xScale: options.xScale ?? 'linear', yScale: options.yScale ?? 'linear' } as const;
  const columns = columnsFor(width, 2, 300);
  const panelHeight = 240;
  const [left, right] = gridFrames(width, 2, columns, panelHeight);
  const series = curves.metrics.map((id, i) => ({ id, label: metricIdLabel(id), ...paletteStyle(i) }));
  const panels = [
    panel('all', `All ranks, 1 to ${fmtInt(n)}`, left, n, scales, curves.all, series),
    panel('top', `Zoom: ranks 1 to ${fmtInt(zoom)}`, right, zoom, scales, curves.top, series),
  ];
  return {
    id: 'fig1',
    title: `Metric value vs. rank, n = ${fmtInt(n)}`,
    width,
    height: gridHeight(2, columns, panelHeight),
    panels,
    legend: lineLegend(series),
    caption: metricVsRankText(curves, scales),
  };
}

/** The caption: what the metrics give at the last zoomed rank, and how top-heavy they are. */
export function metricVsRankText(curves: MetricCurves, scales: Scales): string {
  const { itemCount: n, zoom } = curves;
  const labels = curves.metrics.map(metricIdLabel);
  const at = labels.map((label, i) => `${label} ${fmt3(curves.atZoom[i])}`).join(', ');
  const share = labels
    .flatMap((label, i) => {
      const s = curves.topShare[i];
      return s === null ? [] : [`${label} ${Math.round(100 * s)}%`];
    })
    .join(', ');
  const axes =
    scales.xScale === 'log' || scales.yScale === 'log' ? ` Axes: rank ${scales.xScale}, value ${scales.yScale}.` : '';
  return (
    `Value M(r) that each metric gives one relevant item ranked at position r among n = ${fmtInt(n)} items ` +
    `(Krichene & Rendle 2020, Figure 1, eqs 7–13); left all ranks, right the top ${fmtInt(zoom)}. ` +
    `At rank ${fmtInt(zoom)}: ${at}. Share of the total weight Σ M(r) that falls on the top ${fmtInt(zoom)} ranks: ` +
    `${share}. ` +
    (curves.metrics.includes('auc')
      ? 'AUC falls linearly over the whole list; the other metrics are top heavy and almost ignore the tail.'
      : 'Top-heavy metrics almost ignore the tail.') +
    axes
  );
}
