/**
 * Figure 4 of Krichene & Rendle (2020): corrected metrics. Left, the correction vectors M̂(r̃) over the sampled
 * ranks r̃ = 1..m+1 of each method (rank estimate eq 20, LS eqs 21–23, CLS, BV eq 25 for several γ); right, the
 * expected corrected metric E[M̂(r̃) | r] over the true rank against the exact M(r) and the uncorrected sampled
 * metric. The paper: corrected AP, m = 100, n = 10,000, uniform prior.
 */
import type { CorrectionCurves } from '../../workers/figures/correctionVectors.ts';
import { metricIdLabel } from '../core/labels.ts';
import { expectedAtRank, fmt3, fmtInt, fmtValue } from './labels.ts';
import { methodLabel } from './methodTable.ts';
import { EXACT_STYLE, paletteStyle } from './palette.ts';
import { columnsFor, emptyPanel, gridFrames, gridHeight, lineLegend, seriesLine, type PlotFigure } from './plot.ts';
import { logDomain, paddedDomain, scaleAxis, type ScaleKind } from './scale.ts';

export interface CorrectionPlotOptions {
  readonly curves: CorrectionCurves;
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly priorLabel: string;
  /** Axes of the right panel (true rank, value). */
  readonly xScale?: ScaleKind;
  readonly yScale?: ScaleKind;
  /** Axis of the sampled rank r̃ in the left panel (log spreads the oscillations at the top ranks). */
  readonly sampledRankScale?: ScaleKind;
  readonly width?: number;
}

const maxAbs = (v: ArrayLike<number>) => Array.from(v).reduce((a, x) => Math.max(a, Math.abs(x)), 0);

/**
 * Methods whose vector is far larger than the others' (LS oscillates with amplitudes of 10⁹ at m = 100): the left
 * panel's range leaves them out, so that the other vectors stay readable; their lines leave the frame.
 */
export function outlierMethods(curves: CorrectionCurves): Set<string> {
  const sizes = curves.vectors.map(maxAbs);
  const sorted = [...sizes].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] || 1;
  return new Set(curves.methods.filter((_, i) => sizes[i] > 20 * Math.max(median, 0.05)));
}

export function correctionPlot(options: CorrectionPlotOptions): PlotFigure {
  const { curves, itemCount, sampleSize: m } = options;
  const width = options.width ?? 1000;
  const columns = columnsFor(width, 2, 300);
  const panelHeight = 270;
  const [left, right] = gridFrames(width, 2, columns, panelHeight);
  const label = metricIdLabel(curves.metric);
  const styles = curves.methods.map((id, i) => ({ id, label: methodLabel(id), ...paletteStyle(i) }));
  const outliers = outlierMethods(curves);
  // The range follows the fitted corrections (LS, CLS, BV), the subject of the left panel; the sampled metric and
  // the rank estimate (1 at r̃ = 1) and oscillating outliers may leave it.
  const fitted = curves.methods.filter((id) => !outliers.has(id) && id !== 'sampled' && id !== 'rank-estimate');
  let lo = 0;
  let hi = 0;
  curves.vectors.forEach((v, i) => {
    if (fitted.length > 0 ? !fitted.includes(curves.methods[i]) : outliers.has(curves.methods[i])) return;
    for (const x of v) [lo, hi] = [Math.min(lo, x), Math.max(hi, x)];
  });
  const sampledRank = Float64Array.from({ length: m + 1 }, (_, i) => i + 1);
  const lx = scaleAxis(
    options.sampledRankScale ?? 'log',
    [1, m + 1],
    [left.x, left.x + left.width],
    [{ text: 'sampled rank ' }, { text: 'r̃', italic: true }],
    { count: 6, includeStart: true },
  );
  const ly = scaleAxis(
    'linear',
    paddedDomain(lo, hi, true),
    [left.y + left.height, left.y],
    [{ text: `${label}̂`, italic: false }, { text: '(' }, { text: 'r̃', italic: true }, { text: ')' }],
    { count: 6 },
  );
  const leftPanel = {
    ...emptyPanel('vectors', `Corrected ${label} on the sample, M̂(r̃), m = ${fmtInt(m)}`, left, lx, ly),
    // Off-scale oscillations (LS) would hide everything else: named in a note, read out by the cursor.
    lines: styles.flatMap((s, i) =>
      outliers.has(s.id) ? [] : [seriesLine(lx, ly, s, sampledRank, curves.vectors[i])],
    ),
    texts: [...outliers].map((id, k) => ({
      x: left.x + left.width - 4,
      y: left.y + 14 + 13 * k,
      text: `${methodLabel(id)}: ${fmtValue(Math.min(...curves.vectors[curves.methods.indexOf(id)]))} to ${fmtValue(Math.max(...curves.vectors[curves.methods.indexOf(id)]))}, off scale`,
      anchor: 'end' as const,
      kind: 'note' as const,
    })),
    readout: { xName: 'r̃', series: styles.map((s, i) => ({ ...s, xs: sampledRank, ys: curves.vectors[i] })) },
  };
  const exact = { id: 'exact', label: `exact ${label}(r)`, ...EXACT_STYLE, width: 2.5 };
  const all = [exact, ...styles];
  const columnsOf = [curves.exact, ...curves.expected];
  const log = options.yScale === 'log';
  const positive = columnsOf.flatMap((c) => Array.from(c).filter((v) => v > 0));
  const ry = log
    ? scaleAxis(
        'log',
        logDomain(Math.min(...positive), Math.max(...positive)),
        [right.y + right.height, right.y],
        expectedAtRank(`${label}̂`),
      )
    : scaleAxis('linear', [0, 1], [right.y + right.height, right.y], expectedAtRank(`${label}̂`), { count: 5 });
  const rx = scaleAxis(
    options.xScale ?? 'log',
    [1, itemCount],
    [right.x, right.x + right.width],
    [{ text: 'true rank ' }, { text: 'r', italic: true }],
    { count: 5, includeStart: true },
  );
  const rightPanel = {
    ...emptyPanel('expected', `Expected corrected ${label} vs. true rank, n = ${fmtInt(itemCount)}`, right, rx, ry),
    lines: all.map((s, i) => seriesLine(rx, ry, s, curves.ranks, columnsOf[i])),
    readout: { xName: 'r', series: all.map((s, i) => ({ ...s, xs: curves.ranks, ys: columnsOf[i] })) },
  };
  return {
    id: 'fig4',
    title: `Corrected ${label}: m = ${fmtInt(m)} sampled of n = ${fmtInt(itemCount)} items`,
    width,
    height: gridHeight(2, columns, panelHeight),
    panels: [leftPanel, rightPanel],
    legend: lineLegend(all),
    caption: correctionCaption(options, outliers),
  };
}

function correctionCaption(options: CorrectionPlotOptions, outliers: ReadonlySet<string>): string {
  const { curves, itemCount, sampleSize: m } = options;
  const label = metricIdLabel(curves.metric);
  const ranges = curves.methods.map((id, i) => {
    const v = curves.vectors[i];
    const signChanges = Array.from(v).filter((x, k) => k > 0 && Math.sign(x) * Math.sign(v[k - 1]) < 0).length;
    const range = `${fmtValue(Math.min(...v))} to ${fmtValue(Math.max(...v))}`;
    return `${methodLabel(id)} ${range}${signChanges > 0 ? ` (${signChanges} sign changes)` : ''}`;
  });
  const bias = curves.methods.map((id, i) => `${methodLabel(id)} ${fmt3(curves.rmsBias[i])}`);
  const best = curves.methods[curves.rmsBias.indexOf(Math.min(...curves.rmsBias))];
  return (
    `Corrected ${label} for m = ${fmtInt(m)} sampled items out of n = ${fmtInt(itemCount)} (a ` +
    `${((100 * m) / itemCount).toPrecision(2)}% sample), ${options.priorLabel} (Krichene & Rendle 2020, Figure 4, ` +
    `section 5). Left: the value M̂(r̃) each method gives an item at sampled rank r̃; ranges: ${ranges.join('; ')}.` +
    ` The plotted range follows the fitted corrections${outliers.size > 0 ? ` except ${[...outliers].map(methodLabel).join(', ')} (off scale, not drawn on the left)` : ''}.` +
    ` Lower γ oscillates more on the sample; averaged over the sampling (right), every correction is much closer ` +
    `to the exact ${label}(r) than the uncorrected sampled metric. Root mean squared bias over the true ranks ` +
    `(eq 21): ${bias.join(', ')}; smallest: ${methodLabel(best)}.`
  );
}
