/**
 * Figure 2 of Krichene & Rendle (2020): the expected sampled metric E[M(r̃)] of each recommender as the number m
 * of sampled items grows from 1 to n − 1 (log axis), one panel per metric, with the sample sizes where the order
 * of two recommenders changes marked and named. Built from a sweep (data/sweep.ts) computed in the worker.
 */
import type { SweepResult } from '../../workers/figures/sweep.ts';
import { metricIdLabel } from '../core/labels.ts';
import { catalogueText, expectedOf, fmtInt, TITLE } from './labels.ts';
import { orderingStory, orderText } from './orderings.ts';
import { recommenderStyle, type SeriesStyle } from './palette.ts';
import { columnsFor, gridFrames, gridHeight, type LegendItem, type PlotFigure } from './plot.ts';
import type { ScaleKind } from './scale.ts';
import { sweepPanel } from './sweepPanel.ts';

export interface RecommenderStyleInput {
  readonly name: string;
  readonly color?: string | null;
}

export interface SampleSizePlotOptions {
  readonly sweep: SweepResult;
  readonly recommenders: readonly RecommenderStyleInput[];
  readonly itemCount: number;
  readonly samplingLabel: string;
  readonly xScale?: ScaleKind;
  readonly yScale?: ScaleKind;
  readonly markSampleSize?: number | null;
  readonly width?: number;
}

export function styledRecommenders(
  names: readonly string[],
  inputs: readonly RecommenderStyleInput[],
): { name: string; style: SeriesStyle }[] {
  return names.map((name, i) => ({ name, style: recommenderStyle(i, inputs.find((r) => r.name === name)?.color) }));
}

export function recommenderLegend(
  recs: readonly { name: string; style: SeriesStyle }[],
  withExact = true,
): LegendItem[] {
  const items: LegendItem[] = recs.map((r) => ({ id: r.name, label: r.name, ...r.style, mark: 'line' }));
  if (withExact)
    items.push({ id: 'exact', label: 'exact value (dotted)', stroke: 'var(--muted)', dash: '1 3', mark: 'line' });
  return items;
}

export function sampleSizePlot(options: SampleSizePlotOptions): PlotFigure {
  const { sweep, itemCount } = options;
  const width = options.width ?? 1000;
  const sampled = sweep.series.filter((s) => s.method === 'sampled');
  const columns = columnsFor(width, 4, 235, sampled.length);
  const panelHeight = columns >= 4 ? 230 : 210;
  const frames = gridFrames(width, sampled.length, columns, panelHeight);
  const recs = styledRecommenders(sweep.recommenders, options.recommenders);
  const panels = sampled.map((series, p) => {
    const label = metricIdLabel(series.metric);
    return sweepPanel({
      id: series.metric,
      title: label,
      frame: frames[p],
      series,
      recommenders: recs,
      exact: sweep.exact[sweep.metrics.indexOf(series.metric)],
      changes: sweep.changes.filter((c) => c.metric === series.metric && c.method === series.method),
      xScale: options.xScale ?? 'log',
      yScale: options.yScale ?? 'linear',
      xTitle: TITLE.sampleSize,
      yTitle: expectedOf(label),
      markSampleSize: options.markSampleSize,
    });
  });
  return {
    id: 'fig2',
    title: `Expected sampled metric vs. number of sampled items m, n = ${fmtInt(itemCount)}`,
    width,
    height: gridHeight(sampled.length, columns, panelHeight),
    panels,
    legend: recommenderLegend(recs),
    caption: sampleSizeCaption(
      options,
      sampled.map((s) => s.metric),
    ),
  };
}

function sampleSizeCaption(options: SampleSizePlotOptions, metrics: readonly string[]): string {
  const { sweep, itemCount } = options;
  if (sweep.partial) {
    return (
      `Expected sampled metric of each recommender as the number m of sampled irrelevant items grows, ` +
      `${catalogueText(itemCount, sweep.itemCounts)}, ${options.samplingLabel} (Krichene & Rendle 2020, Figure 2, eq 16). ` +
      'Dotted lines: exact values. Locating the m at which the order of two recommenders changes…'
    );
  }
  const names = sweep.recommenders;
  const stories = metrics.map((metric) => {
    const t = sweep.metrics.indexOf(metric);
    const series = sweep.series.find((s) => s.method === 'sampled' && s.metric === metric);
    if (!series) return '';
    const exact = orderText(names, sweep.exact[t]);
    const consistent = sweep.consistency.find((c) => c.method === 'sampled' && c.metric === metric);
    const from =
      consistent?.sampleSize == null
        ? 'never agrees with the exact order up to the largest m'
        : consistent.sampleSize === 1
          ? 'agrees with the exact order for every m'
          : `agrees with the exact order (eq 14) from m = ${fmtInt(consistent.sampleSize)}`;
    return `${metricIdLabel(metric)} (exact ${exact}): ${orderingStory(series, names, sweep.changes)}; the expected order ${from}.`;
  });
  const last = sweep.series[0]?.sampleSizes.at(-1) ?? itemCount - 1;
  const count = sweep.changes.filter((c) => c.method === 'sampled' && c.kind === 'swap').length;
  return (
    `Expected sampled metric of each recommender as the number m of sampled irrelevant items grows from 1 to ` +
    `${fmtInt(last)} (${options.xScale === 'linear' ? 'linear' : 'log'} axis), ${catalogueText(itemCount, sweep.itemCounts)}, ` +
    `${options.samplingLabel} (Krichene & Rendle 2020, Figure 2, eq 16). Dotted lines: exact values. ` +
    `${count === 0 ? 'The order of the recommenders never changes with m.' : `The order of two recommenders changes ${count} times (marked and named: winner > loser (m)).`} ` +
    stories.join(' ')
  );
}
