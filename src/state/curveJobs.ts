/**
 * Figure 1 (metric value vs. rank) computed in the worker: the curves M(r) for r = 1..n and the figure model laid
 * out at the width it is shown. At n = 10^6 drawing means reducing 4·10^6 points to a few thousand, which would
 * block the page for tens of milliseconds; here it costs the page nothing. Only the model comes back: the page
 * reads M(r) at a cursor from the formula (metricAtRank), so tens of megabytes of curves never reach it.
 */
import { metricCurve, parseMetric } from '../core/index.ts';
import { metricVsRank, type MetricVsRankFigure } from '../figures/metricVsRank.ts';
import { metricLabel } from './document.ts';

export interface CurveRequest {
  readonly metrics: readonly string[];
  readonly itemCount: number;
  /** Width of the figure in CSS pixels. */
  readonly width: number;
}

export interface CurveFigure {
  readonly figure: MetricVsRankFigure;
}

export function metricFigure(request: CurveRequest): CurveFigure {
  const { metrics, itemCount, width } = request;
  const curves = metrics.map((id) => metricCurve(parseMetric(id), itemCount));
  const figure = metricVsRank({
    itemCount,
    width,
    curves: metrics.map((id, i) => ({ id, label: metricLabel(id), values: curves[i] })),
  });
  return { figure };
}
