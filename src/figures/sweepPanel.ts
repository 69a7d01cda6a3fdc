/**
 * One panel of "expected estimate vs. sample size m" (Figures 2 and 6): a line per recommender over m, dotted
 * horizontal rules at each recommender's exact value, the sample sizes where two recommenders swap places marked
 * and named, and optionally the m of the settings and the m from which the ordering is correct.
 */
import type { Consistency, OrderingChange, SweepSeries } from '../../workers/figures/sweep.ts';
import { fmtInt, type TitlePart } from './labels.ts';
import { horizontalBox, placeVerticalLabels } from './labelLayout.ts';
import { changeLabel } from './orderings.ts';
import type { SeriesStyle } from './palette.ts';
import { emptyPanel, seriesLine, type Frame, type PlotPanel, type PlotRule, type PlotText } from './plot.ts';
import { logDomain, paddedDomain, round2, scaleAxis, toPixel, type ScaleKind } from './scale.ts';

export interface SweepPanelSpec {
  readonly id: string;
  readonly title: string;
  readonly frame: Frame;
  readonly series: SweepSeries;
  readonly recommenders: readonly { readonly name: string; readonly style: SeriesStyle }[];
  readonly exact: readonly number[];
  readonly changes: readonly OrderingChange[];
  readonly xScale: ScaleKind;
  readonly yScale: ScaleKind;
  readonly yTitle: readonly TitlePart[];
  readonly xTitle: readonly TitlePart[];
  /** Shared y domain (Figure 6 compares panels); computed from the data when absent. */
  readonly yDomain?: readonly [number, number];
  /** The m of the settings, marked with a thin rule. */
  readonly markSampleSize?: number | null;
  /** Marks the smallest m with the correct ordering. */
  readonly consistency?: Consistency | null;
}

/** The [min, max] of the series values and the exact values (positive values only for a log axis). */
export function sweepExtent(series: SweepSeries, exact: readonly number[], positive: boolean): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of [...series.values.flat(), ...exact]) {
    if (!Number.isFinite(v) || (positive && v <= 0)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return lo === Infinity ? [positive ? 1e-3 : 0, 1] : [lo, hi];
}

/** A rule from the top to the bottom of the frame at x = px, of no series. */
function verticalRule(frame: Frame, px: number, style: Pick<PlotRule, 'stroke' | 'dash' | 'kind'>): PlotRule {
  return { series: null, x1: px, x2: px, y1: frame.y, y2: frame.y + frame.height, ...style };
}

export function sweepPanel(spec: SweepPanelSpec): PlotPanel {
  const { frame, series, recommenders } = spec;
  const xs = series.sampleSizes;
  const last = xs[xs.length - 1];
  const xDomain: [number, number] = [1, Math.max(2, last)];
  const x = scaleAxis(spec.xScale, xDomain, [frame.x, frame.x + frame.width], spec.xTitle, {
    count: 5,
    includeStart: true,
  });
  const log = spec.yScale === 'log';
  const yDomain =
    spec.yDomain ??
    (log
      ? logDomain(...sweepExtent(series, spec.exact, true))
      : paddedDomain(...sweepExtent(series, spec.exact, false)));
  const y = scaleAxis(spec.yScale, yDomain, [frame.y + frame.height, frame.y], spec.yTitle, { count: 5 });
  const bottom = frame.y + frame.height;
  const styled = recommenders.map((r, i) => ({ id: r.name, label: r.name, ...r.style, ys: series.values[i] }));
  const rules: PlotRule[] = [];
  const texts: PlotText[] = [];
  spec.exact.forEach((value, i) => {
    const py = round2(toPixel(y, value));
    if (!Number.isFinite(py)) return;
    const stroke = recommenders[i].style.stroke;
    rules.push({
      series: 'exact',
      x1: frame.x,
      x2: frame.x + frame.width,
      y1: py,
      y2: py,
      stroke,
      dash: '1 3',
      kind: 'reference',
    });
  });
  if (spec.markSampleSize && spec.markSampleSize <= last) {
    const px = round2(toPixel(x, spec.markSampleSize));
    rules.push(verticalRule(frame, px, { stroke: 'var(--muted)', dash: '5 3', kind: 'reference' }));
    texts.push({ x: px - 3, y: bottom - 4, text: `m = ${fmtInt(spec.markSampleSize)}`, anchor: 'end', kind: 'note' });
  }
  const labels = spec.changes
    .filter((c) => c.kind === 'swap')
    .map((change) => ({
      px: round2(toPixel(x, change.sampleSize)),
      text: `${changeLabel(change)} (${fmtInt(change.sampleSize)})`,
    }));
  for (const { px } of labels)
    rules.push(verticalRule(frame, px, { stroke: 'var(--event)', dash: '2 2', kind: 'event' }));
  const consistent = spec.consistency?.sampleSize;
  let consistentText: PlotText | null = null;
  if (consistent && consistent > 1) {
    const px = round2(toPixel(x, consistent));
    rules.push(verticalRule(frame, px, { stroke: 'var(--event)', dash: null, kind: 'event' }));
    // Low in the panel, clear of the vertical labels at the top; on the side of the rule with more room.
    const right = px < frame.x + frame.width * 0.6;
    consistentText = {
      x: right ? px + 4 : px - 4,
      y: bottom - 24,
      text: `correct order from m = ${fmtInt(consistent)}`,
      anchor: right ? 'start' : 'end',
      kind: 'event',
    };
  }
  // The swap labels keep clear of each other and of the horizontal notes.
  const notes = consistentText ? [...texts, consistentText] : texts;
  texts.push(...placeVerticalLabels(labels, frame, notes.map(horizontalBox)));
  if (consistentText) texts.push(consistentText);
  return {
    ...emptyPanel(spec.id, spec.title, frame, x, y),
    lines: styled.map((s) => seriesLine(x, y, s, xs, s.ys)),
    rules,
    texts,
    readout: { xName: 'm', series: styled.map((s) => ({ id: s.id, label: s.label, stroke: s.stroke, xs, ys: s.ys })) },
  };
}
