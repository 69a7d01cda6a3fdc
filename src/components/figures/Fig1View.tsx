import { parseMetricList } from '../../core/index.ts';
import type { PlotFigure } from '../../figures/plot.ts';
import { FIGURE_DEFAULTS, FIGURE_LIMITS } from '../../state/figureView.ts';
import { ListInput, ScaleChoice } from './Controls.tsx';
import { figureSettings } from './figureSettings.ts';
import { FigureView } from './FigureView.tsx';
import { PlotChart } from './PlotChart.tsx';
import type { FigureInputs } from './types.ts';
import { useFigureJob } from './useFigureJob.ts';

const FIG1_METRICS = FIGURE_DEFAULTS.fig1.metrics;

function metricProblem(text: string): string | null {
  try {
    const list = parseMetricList(text);
    if (list.length === 0) return 'Enter at least one metric.';
    return list.length > FIGURE_LIMITS.maxMetrics ? `At most ${FIGURE_LIMITS.maxMetrics} metrics.` : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function zoomProblem(text: string, n: number): string | null {
  const v = Number(text);
  return Number.isInteger(v) && v >= 2 && v <= n ? null : `A whole number from 2 to ${n}.`;
}

/**
 * Figure 1: M(r) over all ranks and the top ranks, for any metrics, linear or log axes. The curves (n values per
 * metric) are computed and laid out in the figures' worker, so that n = 10⁶ never blocks the page.
 */
export function Fig1View(props: FigureInputs) {
  const { itemCount, width, compute } = props;
  const settings = figureSettings(props, 'fig1');
  const { zoom, xScale, yScale } = settings.values;
  // A stored list that no longer parses (it cannot, after restore) falls back to the paper's metrics.
  const metricsText = metricProblem(settings.values.metrics) === null ? settings.values.metrics : FIG1_METRICS;
  const metrics = parseMetricList(metricsText).map((m) => m.id);
  const shownZoom = Math.min(zoom, itemCount);
  const request = { metrics, itemCount, zoom: shownZoom, xScale, yScale, width };
  const key = JSON.stringify(request);
  const job = useFigureJob<PlotFigure>(
    compute,
    'fig1',
    key,
    props.active ? (api) => api.metricVsRankFigure(request) : null,
  );
  const controls = (
    <>
      <ListInput
        label="Metrics"
        value={metricsText}
        validate={metricProblem}
        onChange={settings.setter('metrics')}
        width="12rem"
      />
      <ListInput
        label="Zoom to top"
        value={String(zoom)}
        validate={(t) => zoomProblem(t, itemCount)}
        onChange={(t) => settings.setter('zoom')(Number(t))}
        width="4.5rem"
      />
      <ScaleChoice label="Rank axis" value={xScale} onChange={settings.setter('xScale')} />
      <ScaleChoice label="Value axis" value={yScale} onChange={settings.setter('yScale')} />
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
      status={{ loading: job.status === 'loading', progress: null, message: job.message }}
      onRetry={job.retry}
    >
      {job.value ? (
        <PlotChart figure={job.value} busy={job.status === 'loading'} controls={controls} legend={settings.legend} />
      ) : null}
    </FigureView>
  );
}
