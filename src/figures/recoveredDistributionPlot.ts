/**
 * The rank distribution recovered from the user's own sampled ranks (the model of Jin et al. 2021, Figure 2, on data
 * without true ranks): for each recommender the pmf P̂(R) each estimator learns (top row) and its CDF, the estimate
 * of Recall@K (bottom row), each with a shaded pointwise bootstrap band over the users, and the cut-off K at which
 * the metrics are read off (eq 14) marked on the CDF. There is no empirical P(R) to compare with: only the estimates
 * and their bands.
 */
import type { BandCurve, RecoveredDistribution } from '../../workers/figures/recoveredBands.ts';
import { methodLabel } from '../core/labels.ts';
import { catalogueText, fmt3, fmtInt } from './labels.ts';
import { linePath } from './linePath.ts';
import { paletteStyle } from './palette.ts';
import {
  emptyPanel,
  gridFrames,
  gridHeight,
  lineLegend,
  seriesLine,
  type PlotArea,
  type PlotFigure,
  type PlotPanel,
  type PlotRule,
} from './plot.ts';
import { logDomain, paddedDomain, round2, scaleAxis, toPixel, type Axis, type ScaleKind } from './scale.ts';

export interface RecoveredDistributionOptions {
  readonly result: RecoveredDistribution;
  readonly itemCount: number;
  readonly sampleSize: number;
  /** "sampled without replacement". */
  readonly samplingLabel: string;
  /** The cut-off K whose metrics the caption and the marker give (at most the result's maxRank). */
  readonly cutoff: number;
  /** B of the bands still being computed (the result holds the point estimates only), or 0. */
  readonly pendingReplicates?: number;
  readonly xScale?: ScaleKind;
  readonly yScale?: ScaleKind;
  readonly width?: number;
}

const R = (text: string) => [{ text, italic: true }];

/** The closed path of the region between `low` and `high` over x = 1..count (upper edge out, lower edge back). */
export function bandPath(x: Axis, y: Axis, low: ArrayLike<number>, high: ArrayLike<number>): string {
  const count = Math.min(low.length, high.length);
  const xs = Float64Array.from({ length: count }, (_, i) => count - i);
  const back = Float64Array.from({ length: count }, (_, i) => low[count - 1 - i]);
  const upper = linePath(x, y, null, high, count);
  const lower = linePath(x, y, xs, back, count);
  return upper && lower ? `${upper}L${lower.slice(1)}Z` : '';
}

/** The level as a percentage: 0.9 → "90%". */
export const levelText = (level: number) => `${round2(100 * level)}%`;

export function recoveredDistributionPlot(options: RecoveredDistributionOptions): PlotFigure {
  const { result } = options;
  const width = options.width ?? 1000;
  const recs = result.recommenders;
  const columns = Math.max(1, recs.length);
  const panelHeight = 200;
  const frames = gridFrames(width, 2 * columns, columns, panelHeight);
  const series = result.methods.map((id, i) => ({ id, label: methodLabel(id), ...paletteStyle(i), width: 2 }));
  const cutoff = Math.min(options.cutoff, result.maxRank);
  const panels: PlotPanel[] = [];
  for (const [row, kind] of (['pmf', 'cdf'] as const).entries()) {
    recs.forEach((rec, c) => {
      const frame = frames[row * columns + c];
      const curves: BandCurve[] = rec.estimates.map((e) => e[kind]);
      const count = curves[0]?.estimate.length ?? 0;
      const xs = Float64Array.from({ length: count }, (_, i) => i + 1);
      const values = curves.flatMap((curve) => [...curve.estimate, ...(curve.high ?? []), ...(curve.low ?? [])]);
      const finite = values.filter((v) => Number.isFinite(v));
      const log = options.yScale === 'log';
      const positive = finite.filter((v) => v > 0);
      const domain = log
        ? logDomain(Math.min(...positive, 1), Math.max(...positive, 1e-6))
        : paddedDomain(0, Math.max(0, ...finite));
      const title =
        kind === 'pmf' ? [...R('P̂'), { text: '(' }, ...R('R'), { text: ')' }] : [{ text: 'CDF = Recall@' }, ...R('K')];
      const y = scaleAxis(log ? 'log' : 'linear', domain, [frame.y + frame.height, frame.y], title, { count: 5 });
      const x = scaleAxis(
        options.xScale ?? 'linear',
        [1, Math.max(2, count)],
        [frame.x, frame.x + frame.width],
        kind === 'pmf' ? [{ text: 'rank ' }, ...R('R')] : [{ text: 'cut-off ' }, ...R('K')],
        { count: 5, includeStart: true },
      );
      const areas: PlotArea[] = [];
      curves.forEach((curve, i) => {
        if (!curve.low || !curve.high) return;
        const d = bandPath(x, y, curve.low, curve.high);
        if (d) areas.push({ series: series[i].id, fill: series[i].stroke, d });
      });
      const rules: PlotRule[] = [];
      if (kind === 'cdf' && cutoff >= 1) {
        const px = round2(toPixel(x, cutoff));
        rules.push({
          series: null,
          x1: px,
          x2: px,
          y1: frame.y,
          y2: frame.y + frame.height,
          stroke: 'var(--muted)',
          dash: '3 3',
          kind: 'reference',
        });
      }
      const name = kind === 'pmf' ? 'recovered rank distribution P̂(R)' : 'CDF, i.e. Recall@K';
      panels.push({
        ...emptyPanel(`${kind}-${rec.recommender}`, `${rec.recommender}: ${name}`, frame, x, y),
        areas,
        rules,
        lines: series.map((s, i) => seriesLine(x, y, s, xs, curves[i].estimate)),
        readout: {
          xName: kind === 'pmf' ? 'R' : 'K',
          series: series.map((s, i) => ({ ...s, xs, ys: curves[i].estimate })),
        },
      });
    });
  }
  return {
    id: 'recovered',
    title: `Rank distributions recovered from sampled ranks, m = ${fmtInt(options.sampleSize)} (the model of Jin et al. 2021, Figure 2)`,
    width,
    height: gridHeight(2 * columns, columns, panelHeight),
    panels,
    legend: lineLegend(series),
    caption: recoveredCaption(options, cutoff),
  };
}

/** The users' own n over all recommenders, or null when every user has the global n. */
function ownItemCounts(result: RecoveredDistribution) {
  const ranges = result.recommenders.map((r) => r.itemCounts).filter((r) => r !== null);
  if (ranges.length === 0) return null;
  return {
    smallest: Math.min(...ranges.map((r) => r.smallest)),
    largest: Math.max(...ranges.map((r) => r.largest)),
    distinct: Math.max(...ranges.map((r) => r.distinct)),
  };
}

/** "0.412 [0.398, 0.427]" (or the value alone without a band). */
export function withBand(curve: BandCurve, at: number): string {
  const value = fmt3(curve.estimate[at]);
  return curve.low && curve.high ? `${value} [${fmt3(curve.low[at])}, ${fmt3(curve.high[at])}]` : value;
}

function recoveredCaption(options: RecoveredDistributionOptions, cutoff: number): string {
  const { result, itemCount, sampleSize } = options;
  const own = ownItemCounts(result);
  const methods = result.methods.map(methodLabel).join(', ');
  const band =
    result.replicates > 0
      ? `Shaded: the pointwise ${levelText(result.level)} percentile band of each curve over B = ${fmtInt(result.replicates)} ` +
        `resamples of the users (seed 1): at each R, ${levelText(result.level)} of the fits to resampled users fall inside ` +
        `it. It shows how much the estimate would move with another sample of users, R by R; it is not a band for ` +
        `the whole curve at once, and it does not include the estimator's own bias.`
      : options.pendingReplicates
        ? `The bands (B = ${fmtInt(options.pendingReplicates)} resamples of the users) are being computed.`
        : 'No bands: B = 0 resamples.';
  const per = result.recommenders.map(
    (rec) =>
      `${rec.recommender} (${fmtInt(rec.users)} users): Recall@${cutoff} ` +
      rec.estimates.map((e) => `${methodLabel(e.method)} ${withBand(e.cdf, cutoff - 1)}`).join(', '),
  );
  const whose = own
    ? `P̂(R) is the distribution of a random user's true rank in the user's own catalogue: ${catalogueText(itemCount, own)}.`
    : `P̂(R) is the distribution of the true rank among n = ${fmtInt(itemCount)} items.`;
  return (
    `The rank distribution P(R) of each recommender, recovered from its sampled ranks (m = ${fmtInt(sampleSize)} ` +
    `sampled items ${options.samplingLabel.replace(/^sampled /, '')}) by ${methods}: pmf on top, CDF (the estimate ` +
    `of Recall@K, eq 14) below, for R ≤ ${fmtInt(result.maxRank)}. ${whose} ${band} The dotted line marks ` +
    `K = ${fmtInt(cutoff)}. ${per.join('. ')}.`
  );
}
