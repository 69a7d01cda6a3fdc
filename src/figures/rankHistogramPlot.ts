/**
 * Figure 5 of Krichene & Rendle (2020): the distribution of the predicted ranks of each recommender, in
 * equal-width rank buckets, one panel per recommender on a shared count axis. The caption gives the counts the
 * paper's section 6.1 reads off it: top 10, top 100, bottom half and worst bucket.
 */
import type { RankData } from '../core/index.ts';
import { countBetween, countBottomHalf, rankBuckets, type RankBuckets } from './buckets.ts';
import { fmtInt } from './labels.ts';
import type { SeriesStyle } from './palette.ts';
import { columnsFor, emptyPanel, gridFrames, gridHeight, type PlotBar, type PlotFigure } from './plot.ts';
import { logDomain, paddedDomain, round2, scaleAxis, toPixel, type ScaleKind } from './scale.ts';

export interface HistogramRecommender {
  readonly name: string;
  readonly style: SeriesStyle;
  readonly data: RankData;
}

export interface RankHistogramOptions {
  readonly recommenders: readonly HistogramRecommender[];
  readonly itemCount: number;
  /** Ranks per bucket (the paper's reading suggests 100). */
  readonly bucketWidth: number;
  readonly yScale?: ScaleKind;
  readonly width?: number;
  /**
   * The data are expected counts under a rank distribution recovered from sampled ranks (ranks 1..N weighted by
   * users × P̂(R)), by this estimator ("MLE"): said in the title, axis and caption. Absent: the data's own ranks.
   */
  readonly recoveredBy?: string | null;
  /**
   * The random tie rule: each relevant item with a tie range counts as spread evenly over its range (the expected
   * counts; buckets.ts shareIn), instead of at its rank.
   */
  readonly randomTies?: boolean;
}

/** The most buckets an automatic bucket width gives. */
export const MAX_AUTO_BUCKETS = 100;

/**
 * Ranks per bucket for n items when the reader has not chosen: the smallest 1, 2 or 5 × 10^k for which at most 100
 * buckets cover 1..n, so that 41–100 bars show above n = 100 (and one bar per rank up to it). Examples: n = 100 → 1
 * (100 bars), 3,706 → 50 (74), 10,000 → 100 (the paper's), 10^6 → 10,000 (100).
 */
export function autoBucketWidth(itemCount: number): number {
  if (!Number.isFinite(itemCount) || itemCount <= MAX_AUTO_BUCKETS) return 1;
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) {
      if (Math.ceil(itemCount / (step * scale)) <= MAX_AUTO_BUCKETS) return step * scale;
    }
  }
}

export function rankHistogramPlot(options: RankHistogramOptions): PlotFigure {
  const { recommenders, itemCount, bucketWidth } = options;
  const width = options.width ?? 1000;
  const spread = options.randomTies === true;
  const buckets = recommenders.map((r) => rankBuckets(r.data, itemCount, bucketWidth, spread));
  const columns = columnsFor(width, Math.min(3, recommenders.length), 280);
  const panelHeight = 210;
  const frames = gridFrames(width, recommenders.length, columns, panelHeight);
  const maxCount = Math.max(1, ...buckets.flatMap((b) => Array.from(b.counts)));
  const log = options.yScale === 'log';
  const minPositive = Math.min(...buckets.flatMap((b) => Array.from(b.counts).filter((c) => c > 0)), maxCount);
  const labels = Array.from(buckets[0]?.starts ?? [], (s, k) => `ranks ${fmtInt(s)}–${fmtInt(buckets[0].ends[k])}`);
  const panels = recommenders.map((rec, p) => {
    const frame = frames[p];
    const b = buckets[p];
    const x = scaleAxis(
      'linear',
      [1, itemCount + 1],
      [frame.x, frame.x + frame.width],
      [{ text: 'rank ' }, { text: 'r', italic: true }],
      {
        count: 5,
        includeStart: true,
      },
    );
    const yDomain = log ? logDomain(Math.min(1, minPositive), maxCount, 0.5) : paddedDomain(0, maxCount);
    const yTitle = [{ text: options.recoveredBy ? 'expected users' : 'instances' }];
    const y = scaleAxis(log ? 'log' : 'linear', yDomain, [frame.y + frame.height, frame.y], yTitle, { count: 5 });
    const base = frame.y + frame.height;
    const bars: PlotBar[] = [];
    b.counts.forEach((count, k) => {
      if (count <= 0) return;
      const x0 = toPixel(x, b.starts[k]);
      const x1 = toPixel(x, b.ends[k] + 1);
      const top = toPixel(y, count);
      const gap = x1 - x0 > 4 ? 0.5 : 0;
      bars.push({
        series: rec.name,
        x: round2(x0 + gap),
        y: round2(top),
        width: round2(Math.max(0.6, x1 - x0 - 2 * gap)),
        height: round2(base - top),
        fill: rec.style.stroke,
      });
    });
    const centres = Float64Array.from(b.starts, (s, k) => (s + b.ends[k]) / 2);
    return {
      ...emptyPanel(
        rec.name,
        `${rec.name} (${fmtInt(b.total)} ${options.recoveredBy ? 'users' : 'instances'})`,
        frame,
        x,
        y,
      ),
      bars,
      readout: {
        xName: 'r',
        counts: true,
        pointLabels: labels,
        series: [{ id: rec.name, label: rec.name, stroke: rec.style.stroke, xs: centres, ys: b.counts }],
      },
    };
  });
  return {
    id: 'fig5',
    title: options.recoveredBy
      ? `Distribution of true ranks recovered by ${options.recoveredBy}, buckets of ${fmtInt(bucketWidth)} ranks`
      : `Distribution of predicted ranks, buckets of ${fmtInt(bucketWidth)} ranks, n = ${fmtInt(itemCount)}`,
    width,
    height: gridHeight(recommenders.length, columns, panelHeight),
    panels,
    legend: recommenders.map((r) => ({ id: r.name, label: r.name, stroke: r.style.stroke, dash: null, mark: 'bar' })),
    caption: histogramCaption(options, buckets),
  };
}

function histogramCaption(options: RankHistogramOptions, buckets: readonly RankBuckets[]): string {
  const { recommenders, itemCount, bucketWidth } = options;
  const last = buckets[0] ? `${fmtInt(buckets[0].starts.at(-1) ?? 1)}–${fmtInt(itemCount)}` : '';
  if (options.recoveredBy) return recoveredCaption(options, buckets, last);
  const spread = options.randomTies === true;
  const parts = recommenders.map((r, p) => {
    const top10 = countBetween(r.data, 1, 10, spread);
    const top100 = countBetween(r.data, 1, 100, spread);
    const worst = buckets[p].counts.at(-1) ?? 0;
    return `${r.name}: ${fmtInt(top10)} in the top 10, ${fmtInt(top100)} in the top 100, ${fmtInt(countBottomHalf(r.data, itemCount, spread))} in the bottom half of their catalogue, ${fmtInt(worst)} in the worst bucket`;
  });
  return (
    `How many relevant items each recommender ranks in each bucket of ${fmtInt(bucketWidth)} ranks out of ` +
    `n = ${fmtInt(itemCount)} (Krichene & Rendle 2020, Figure 5; the paper uses MovieLens 1M). ${parts.join('; ')} ` +
    `(worst bucket: ranks ${last}).`
  );
}

/** The caption of expected counts under a recovered P̂: what the bars are, and the counts the paper reads off. */
function recoveredCaption(options: RankHistogramOptions, buckets: readonly RankBuckets[], last: string): string {
  const { recommenders, bucketWidth } = options;
  const round = (v: number) => fmtInt(Math.round(v));
  const parts = recommenders.map(
    (r, p) =>
      `${r.name}: ${round(countBetween(r.data, 1, 10))} in the top 10, ${round(countBetween(r.data, 1, 100))} in ` +
      `the top 100, ${round(buckets[p].counts.at(-1) ?? 0)} in the worst bucket`,
  );
  return (
    `How many users each recommender is expected to rank in each bucket of ${fmtInt(bucketWidth)} ranks ` +
    `(Krichene & Rendle 2020, Figure 5), from the rank distribution P̂ recovered by ${options.recoveredBy} from the ` +
    `sampled ranks, since the data hold no true ranks: each bar is the number of users times P̂'s mass in the ` +
    `bucket (expected counts, not a draw), P̂ being the distribution of a user's true rank in the user's own ` +
    `catalogue. ${parts.join('; ')} (worst bucket: ranks ${last}).`
  );
}
