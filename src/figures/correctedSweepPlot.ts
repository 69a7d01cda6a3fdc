/**
 * Figure 6 of Krichene & Rendle (2020): the expected Recall@10 of each recommender vs. the sample size m, for the
 * uncorrected sampled metric (left) and the metric corrected by BV with γ = 0.1 (right), each marking the smallest m
 * from which it orders the recommenders as the exact metric does. Each panel has its own value axis (the corrected
 * values are near the exact ones, the sampled ones far above). Built from a sweep with two methods.
 */
import type { SweepResult } from '../../workers/figures/sweep.ts';
import { metricIdLabel } from '../core/labels.ts';
import { catalogueText, expectedOf, fmtInt, TITLE } from './labels.ts';
import { methodLabel } from './methodTable.ts';
import { orderingStory, orderText } from './orderings.ts';
import { columnsFor, gridFrames, gridHeight, type PlotFigure } from './plot.ts';
import { recommenderLegend, styledRecommenders, type RecommenderStyleInput } from './sampleSizePlot.ts';
import type { ScaleKind } from './scale.ts';
import { sweepPanel } from './sweepPanel.ts';

export interface CorrectedSweepOptions {
  readonly sweep: SweepResult;
  readonly metric: string;
  readonly recommenders: readonly RecommenderStyleInput[];
  readonly itemCount: number;
  readonly samplingLabel: string;
  /** The prior of the corrections, for the caption: "a uniform prior p(r) = 1/n" (the default), "a prior p(r) ∝ r^−1". */
  readonly priorLabel?: string;
  readonly xScale?: ScaleKind;
  readonly yScale?: ScaleKind;
  readonly width?: number;
}

export function correctedSweepPlot(options: CorrectedSweepOptions): PlotFigure {
  const { sweep, metric, itemCount } = options;
  const width = options.width ?? 1000;
  const series = sweep.series.filter((s) => s.metric === metric);
  const t = sweep.metrics.indexOf(metric);
  const exact = sweep.exact[t];
  const columns = columnsFor(width, 2, 300);
  const panelHeight = 260;
  const frames = gridFrames(width, series.length, columns, panelHeight);
  const recs = styledRecommenders(sweep.recommenders, options.recommenders);
  const label = metricIdLabel(metric);
  const panels = series.map((s, p) =>
    sweepPanel({
      id: s.method,
      title: `${methodLabel(s.method)}${s.method === 'sampled' ? '' : ' (corrected)'}`,
      frame: frames[p],
      series: s,
      recommenders: recs,
      exact,
      changes: sweep.changes.filter((c) => c.metric === metric && c.method === s.method),
      consistency: sweep.consistency.find((c) => c.metric === metric && c.method === s.method) ?? null,
      xScale: options.xScale ?? 'log',
      yScale: options.yScale ?? 'linear',
      xTitle: TITLE.sampleSize,
      yTitle: expectedOf(label, s.method !== 'sampled'),
    }),
  );
  return {
    id: 'fig6',
    title: `Expected ${label} vs. m, uncorrected and corrected, n = ${fmtInt(itemCount)}`,
    width,
    height: gridHeight(series.length, columns, panelHeight),
    panels,
    legend: recommenderLegend(recs),
    caption: correctedSweepCaption(options, label),
  };
}

function correctedSweepCaption(options: CorrectedSweepOptions, label: string): string {
  const { sweep, metric, itemCount } = options;
  const own = sweep.itemCounts;
  const correctedFor = own?.corrected && own.distinct > 1 ? "each user's n" : `n = ${fmtInt(itemCount)}`;
  const t = sweep.metrics.indexOf(metric);
  const parts = sweep.series
    .filter((s) => s.metric === metric)
    .map((s) => {
      const c = sweep.consistency.find((x) => x.metric === metric && x.method === s.method);
      const last = s.sampleSizes[s.sampleSizes.length - 1];
      const from =
        c?.sampleSize == null
          ? `never orders them correctly up to m = ${fmtInt(last)}`
          : `orders them correctly from m = ${fmtInt(c.sampleSize)} on (computed up to m = ${fmtInt(last)})`;
      return `${methodLabel(s.method)} ${from}: ${orderingStory(s, sweep.recommenders, sweep.changes)}.`;
    });
  return (
    `Expected ${label} of each recommender as the number m of sampled items grows, ` +
    `${catalogueText(itemCount, sweep.itemCounts)}, ${options.samplingLabel}: uncorrected, and corrected by the ` +
    `bias–variance trade-off (eq 25) with ${options.priorLabel ?? 'a uniform prior p(r) = 1/n'}, computed for ${correctedFor} (Krichene & Rendle 2020, Figure 6; the paper: MovieLens 1M, the ` +
    `uncorrected metric needs m ≈ 1,000, BV 0.1 less than 60). Exact order ${orderText(sweep.recommenders, sweep.exact[t])}` +
    ` (dotted lines). ${parts.join(' ')}`
  );
}
