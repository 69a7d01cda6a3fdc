import { useEffect, useMemo, useRef } from 'react';
import { metricAtRank, parseMetric } from '../core/index.ts';
import { MetricVsRankChart } from '../components/MetricVsRankChart.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { useElementWidth } from '../components/useElementWidth.ts';
import { refreshCurves, setFigureWidth } from '../state/actions.ts';
import { toggleSeries } from '../state/settingsActions.ts';
import { useExplorer } from './useExplorer.ts';

/** Figure 1 of the paper: the value each metric gives one relevant item at rank r (laid out in the worker). */
export function FigureSection() {
  const job = useExplorer((s) => s.curves);
  const value = job.value;
  const sectionRef = useRef<HTMLElement>(null);
  // Lay the figure out at the width it is shown, so that its text keeps its size (narrow screens scale it down).
  const width = Math.min(1040, Math.max(600, useElementWidth(sectionRef, 880)));
  useEffect(() => setFigureWidth(width), [width]);
  const hiddenSeries = useExplorer((s) => s.view.hiddenSeries);
  const hidden = useMemo(() => new Set(hiddenSeries), [hiddenSeries]);
  const valueAt = useMemo(() => {
    const metrics = value?.metrics.map((id) => parseMetric(id)) ?? [];
    return (index: number, rank: number) => metricAtRank(metrics[index], rank, value?.itemCount ?? 2);
  }, [value]);
  return (
    <section ref={sectionRef} className="figure-section" aria-labelledby="figure-title">
      <h2 id="figure-title">Metric value vs. rank</h2>
      {job.status === 'error' ? (
        <StatusMessage message={job.message} onRetry={job.retryable ? () => void refreshCurves() : undefined} />
      ) : null}
      {value ? (
        <MetricVsRankChart figure={value.figure} valueAt={valueAt} hidden={hidden} onToggle={toggleSeries} />
      ) : job.status === 'loading' ? (
        <p className="muted" role="status">
          Computing…
        </p>
      ) : null}
    </section>
  );
}
