import { parseMetricList } from '../../../core/index.ts';
import { FIGURE_LIMITS, metricVsRankSettings } from '../../../figures/figureRegistry.ts';
import { metricVsRankPlot } from '../../../figures/metricVsRankPlot.ts';
import { FIGURE_DEFAULTS } from '../../../state/figureView.ts';
import type { MetricCurves, MetricCurvesRequest } from '../../../../workers/figures/metricCurves.ts';
import { IntegerInput, ListInput, ScaleChoice } from '../Controls.tsx';
import { figureEntry } from '../entry.ts';
import { definedIds } from './common.ts';

function metricProblem(text: string): string | null {
  try {
    const list = parseMetricList(text);
    if (list.length === 0) return 'Enter at least one metric.';
    return list.length > FIGURE_LIMITS.maxMetrics ? `At most ${FIGURE_LIMITS.maxMetrics} metrics.` : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The metrics typed, or the paper's when a stored list no longer parses (it cannot, after restore). */
const metricsText = (text: string) => (metricProblem(text) === null ? text : FIGURE_DEFAULTS.fig1.metrics);

/**
 * Figure 1: M(r) over all ranks and the top ranks, for any metrics, linear or log axes. The worker computes the
 * curves compactly (every rank up to 10⁴, a grid beyond), so that n = 10⁶ never blocks the page.
 */
export const metricVsRank = figureEntry<'fig1', MetricCurvesRequest, MetricCurves>({
  id: 'fig1',
  settings: metricVsRankSettings,
  kind: 'figure',
  number: 'Figure 1',
  title: 'Metric value vs. predicted rank',
  lede: () => (
    <>
      The value <i>M</i>(<i>r</i>) a metric gives one relevant item ranked at <i>r</i> among <i>n</i> items. The paper
      shows AUC, AP, NDCG and Recall@10 for <i>n</i> = 10,000 with a zoom on the top 100; type any metric (e.g.{' '}
      <code>precision@5</code>, <code>ndcg@20</code>) to add it.
    </>
  ),
  request: (inputs, values) => ({
    metrics: definedIds(
      inputs,
      parseMetricList(metricsText(values.metrics)).map((m) => m.id),
    ),
    itemCount: inputs.itemCount,
    zoom: Math.min(values.zoom, inputs.itemCount),
  }),
  compute: (api, request) => api.metricCurves(request),
  model: (curves, _request, { values, width }) =>
    metricVsRankPlot({ curves, xScale: values.xScale, yScale: values.yScale, width }),
  controls: ({ inputs, settings }) => (
    <>
      <ListInput
        label="Metrics"
        value={metricsText(settings.values.metrics)}
        validate={metricProblem}
        onChange={settings.setter('metrics')}
        width="12rem"
      />
      <IntegerInput
        label="Zoom to top"
        value={settings.values.zoom}
        min={2}
        max={inputs.itemCount}
        onChange={settings.setter('zoom')}
      />
      <ScaleChoice label="Rank axis" value={settings.values.xScale} onChange={settings.setter('xScale')} />
      <ScaleChoice label="Value axis" value={settings.values.yScale} onChange={settings.setter('yScale')} />
    </>
  ),
});
