/**
 * Figure 1's data (Krichene & Rendle 2020, eqs 7–13): the value M(r) each metric gives one relevant item at rank r
 * among n, read out at the ranks the page draws (every rank up to 10⁴, a grid beyond: core readoutRanks) over all
 * ranks and over the zoomed top ranks, with what the caption says: M at the last zoomed rank and the share of the
 * total weight Σ M(r) that falls on the top ranks. Compact whatever n: a few thousand numbers per metric.
 */
import { metricCurve, parseDefinedMetric } from '../../src/core/index.ts';
import { readoutRanks } from '../../src/core/grid.ts';

export interface MetricCurvesRequest {
  /** Metric ids as the CLI writes them (`auc`, `recall@10`). */
  readonly metrics: readonly string[];
  readonly itemCount: number;
  /** Ranks of the zoomed panel, 1..zoom (at most n). */
  readonly zoom: number;
}

/** Values of each metric at the ranks of a panel: values[metric][i] = M(ranks[i]), or M(i + 1) when ranks is null. */
export interface RankReadout {
  readonly ranks: Float64Array | null;
  readonly values: readonly Float64Array[];
}

export interface MetricCurves {
  readonly itemCount: number;
  readonly zoom: number;
  /** Canonical metric ids, in the order asked. */
  readonly metrics: readonly string[];
  /** Ranks 1..n. */
  readonly all: RankReadout;
  /** Ranks 1..zoom. */
  readonly top: RankReadout;
  /** M(zoom) per metric. */
  readonly atZoom: readonly number[];
  /** Σ_{r ≤ zoom} M(r) / Σ_r M(r) per metric; null for a metric that gives rank 1 nothing (M(1) ≤ 0). */
  readonly topShare: readonly (number | null)[];
}

function readout(curves: readonly Float64Array[], count: number): RankReadout {
  const ranks = readoutRanks(count);
  return {
    ranks,
    values: curves.map((c) => (ranks === null ? c.slice(0, count) : ranks.map((r) => c[r - 1]))),
  };
}

export function metricCurves(request: MetricCurvesRequest): MetricCurves {
  const { itemCount } = request;
  const zoom = Math.min(request.zoom, itemCount);
  const metrics = request.metrics.map(parseDefinedMetric);
  const curves = metrics.map((metric) => metricCurve(metric, itemCount));
  const topShare = curves.map((c) => {
    if (!(c[0] > 0)) return null;
    let top = 0;
    let all = 0;
    for (let i = 0; i < itemCount; i++) {
      all += c[i];
      if (i < zoom) top += c[i];
    }
    return top / all;
  });
  return {
    itemCount,
    zoom,
    metrics: metrics.map((m) => m.id),
    all: readout(curves, itemCount),
    top: readout(curves, zoom),
    atZoom: curves.map((c) => c[zoom - 1]),
    topShare,
  };
}
