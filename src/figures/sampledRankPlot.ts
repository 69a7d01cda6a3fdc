/**
 * Figure 3 of Krichene & Rendle (2020): the expected sampled metric E[M(r̃) | r] as a function of the true rank r
 * for several sample sizes m, against the exact metric M(r), one panel per metric, zoomed onto the top ranks
 * (the paper: top 1,000 of n = 10,000). Built from data/rankCurves.ts sampledCurves (worker).
 */
import type { SampledCurves } from '../../workers/figures/rankCurves.ts';
import { metricIdLabel } from '../core/labels.ts';
import { expectedAtRank, fmt3, fmtInt, TITLE } from './labels.ts';
import { EXACT_STYLE, paletteStyle } from './palette.ts';
import { columnsFor, emptyPanel, gridFrames, gridHeight, lineLegend, seriesLine, type PlotFigure } from './plot.ts';
import { logDomain, scaleAxis, type ScaleKind } from './scale.ts';

export interface SampledRankPlotOptions {
  readonly curves: SampledCurves;
  readonly itemCount: number;
  readonly samplingLabel: string;
  /** Largest true rank shown. */
  readonly zoom: number;
  readonly xScale?: ScaleKind;
  readonly yScale?: ScaleKind;
  readonly width?: number;
}

/** Number of grid ranks ≤ zoom (the grid is ascending). */
function shownCount(ranks: Float64Array, zoom: number): number {
  let k = 0;
  while (k < ranks.length && ranks[k] <= zoom) k++;
  return k;
}

export function sampledRankPlot(options: SampledRankPlotOptions): PlotFigure {
  const { curves, itemCount } = options;
  const width = options.width ?? 1000;
  const zoom = Math.min(options.zoom, curves.ranks[curves.ranks.length - 1]);
  const count = shownCount(curves.ranks, zoom);
  const xs = curves.ranks.subarray(0, count);
  const columns = columnsFor(width, 4, 235, curves.metrics.length);
  const panelHeight = columns >= 4 ? 230 : 210;
  const frames = gridFrames(width, curves.metrics.length, columns, panelHeight);
  const series = [
    { id: 'exact', label: 'exact M(r)', ...EXACT_STYLE, width: 2.5 },
    ...curves.sampleSizes.map((m, i) => ({ id: `m${m}`, label: `m = ${fmtInt(m)}`, ...paletteStyle(i), width: 2 })),
  ];
  const panels = curves.metrics.map((metric, t) => {
    const frame = frames[t];
    const columnsOf = [curves.exact[t], ...curves.sampled.map((s) => s[t])].map((c) => c.subarray(0, count));
    const y =
      options.yScale === 'log'
        ? scaleAxis(
            'log',
            logDomain(...positiveExtent(columnsOf)),
            [frame.y + frame.height, frame.y],
            expectedAtRank(metricIdLabel(metric)),
          )
        : scaleAxis('linear', [0, 1], [frame.y + frame.height, frame.y], expectedAtRank(metricIdLabel(metric)), {
            count: 5,
          });
    const x = scaleAxis(
      options.xScale ?? 'linear',
      [1, Math.max(2, zoom)],
      [frame.x, frame.x + frame.width],
      TITLE.trueRank,
      {
        count: 5,
        includeStart: true,
      },
    );
    return {
      ...emptyPanel(metric, metricIdLabel(metric), frame, x, y),
      lines: series.map((s, i) => seriesLine(x, y, s, xs, columnsOf[i])),
      readout: { xName: 'r', series: series.map((s, i) => ({ ...s, xs, ys: columnsOf[i] })) },
    };
  });
  return {
    id: 'fig3',
    title: `Expected sampled metric vs. true rank, n = ${fmtInt(itemCount)}`,
    width,
    height: gridHeight(curves.metrics.length, columns, panelHeight),
    panels,
    legend: lineLegend(series),
    caption: sampledRankCaption(options, zoom),
  };
}

function positiveExtent(columns: readonly Float64Array[]): [number, number] {
  let lo = Infinity;
  let hi = 0;
  for (const c of columns) for (const v of c) if (v > 0) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  return lo === Infinity ? [1e-3, 1] : [lo, hi];
}

/** The first grid rank where a curve falls below half of its value at rank 1 (null if it never does). */
export function halfRank(ranks: ArrayLike<number>, values: ArrayLike<number>): number | null {
  for (let i = 0; i < values.length; i++) if (values[i] < values[0] / 2) return ranks[i];
  return null;
}

function sampledRankCaption(options: SampledRankPlotOptions, zoom: number): string {
  const { curves, itemCount } = options;
  const at = zoom >= 100 ? 100 : Math.max(1, Math.floor(zoom / 2));
  const i = curves.ranks.indexOf(at);
  const per = curves.metrics.map((metric, t) => {
    const values = curves.sampleSizes.map((m, k) => `${fmt3(curves.sampled[k][t][i])} (m = ${fmtInt(m)})`).join(', ');
    const half = (v: ArrayLike<number>) => {
      const r = halfRank(curves.ranks.subarray(0, v.length), v);
      return r === null ? `beyond ${fmtInt(zoom)}` : fmtInt(r);
    };
    const halves = curves.sampleSizes.map((m, k) => `${half(curves.sampled[k][t])} (m = ${fmtInt(m)})`).join(', ');
    return (
      `${metricIdLabel(metric)}: exact ${fmt3(curves.exact[t][i])}, sampled ${values}; rank where it falls to half ` +
      `its value at r = 1: ${half(curves.exact[t])} exact, ${halves}.`
    );
  });
  const auc = curves.metrics.includes('auc') ? ' Only AUC is unchanged (eq 17);' : '';
  return (
    `Expected value of each sampled metric for one relevant item at true rank r, E[M(r̃) | r] (eq 16), for m = ` +
    `${curves.sampleSizes.map(fmtInt).join(', ')} sampled items ${options.samplingLabel.replace(/^sampled /, '')}, ` +
    `against the exact metric M(r); n = ${fmtInt(itemCount)}, ranks 1 to ${fmtInt(zoom)} (Krichene & Rendle 2020, ` +
    `Figure 3). Sampling flattens the top-heavy metrics: at r = ${fmtInt(at)}, ${per.join(' ')}${auc} as m ` +
    `shrinks every metric tends to a line in r (section 4.4.4).`
  );
}
