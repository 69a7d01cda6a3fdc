import { useMemo, useState } from 'react';
import { metricCurve, parseMetricList } from '../../core/index.ts';
import { metricLabel } from '../../figures/labels.ts';
import { metricVsRankPlot } from '../../figures/metricVsRankPlot.ts';
import type { ScaleKind } from '../../figures/scale.ts';
import { ListInput, ScaleChoice } from './Controls.tsx';
import { FigureView } from './FigureView.tsx';
import { PlotChart } from './PlotChart.tsx';
import type { FigureInputs } from './types.ts';

export const FIG1_METRICS = 'auc, ap, ndcg, recall@10';

function metricProblem(text: string): string | null {
  try {
    const list = parseMetricList(text);
    return list.length > 8 ? 'At most 8 metrics.' : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function zoomProblem(text: string, n: number): string | null {
  const v = Number(text);
  return Number.isInteger(v) && v >= 2 && v <= n ? null : `A whole number from 2 to ${n}.`;
}

/** Figure 1: M(r) over all ranks and the top ranks, for any metrics, linear or log axes. No worker needed. */
export function Fig1View({ itemCount, width }: Pick<FigureInputs, 'itemCount' | 'width'>) {
  const [metrics, setMetrics] = useState(FIG1_METRICS);
  const [zoom, setZoom] = useState(100);
  const [xScale, setXScale] = useState<ScaleKind>('linear');
  const [yScale, setYScale] = useState<ScaleKind>('linear');
  const curves = useMemo(
    () =>
      parseMetricList(metrics).map((m) => ({ id: m.id, label: metricLabel(m.id), values: metricCurve(m, itemCount) })),
    [metrics, itemCount],
  );
  const figure = useMemo(
    () => metricVsRankPlot({ itemCount, curves, zoom: Math.min(zoom, itemCount), xScale, yScale, width }),
    [itemCount, curves, zoom, xScale, yScale, width],
  );
  const controls = (
    <>
      <ListInput label="Metrics" value={metrics} validate={metricProblem} onChange={setMetrics} width="12rem" />
      <ListInput
        label="Zoom to top"
        value={String(zoom)}
        validate={(t) => zoomProblem(t, itemCount)}
        onChange={(t) => setZoom(Number(t))}
        width="4.5rem"
      />
      <ScaleChoice label="Rank axis" value={xScale} onChange={setXScale} />
      <ScaleChoice label="Value axis" value={yScale} onChange={setYScale} />
    </>
  );
  return (
    <FigureView
      id="fig1"
      number="Figure 1"
      title="Metric value vs. predicted rank"
      lede={
        <>
          The value <i>M</i>(<i>r</i>) a metric gives one relevant item ranked at <i>r</i> among <i>n</i> items. The
          paper shows AUC, AP, NDCG and Recall@10 for <i>n</i> = 10,000 with a zoom on the top 100; type any metric
          (e.g. <code>precision@5</code>, <code>ndcg@20</code>) to add it.
        </>
      }
    >
      <PlotChart figure={figure} controls={controls} />
    </FigureView>
  );
}
