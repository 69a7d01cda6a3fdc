/**
 * Figure 2 of Jin et al. (2021), "Accuracy of learned empirical rank distribution": for each recommender, the
 * probability mass function P̂(R) each estimator learns from sampled ranks (top row) and its CDF, the estimate of
 * Recall@K (bottom row), averaged over repeated sampled evaluations, against the empirical P(R) of the true ranks.
 */
import type { DistributionCurves } from '../../workers/figures/distributionCurves.ts';
import { methodLabel } from '../core/labels.ts';
import { catalogueText, fmt3, fmtInt } from './labels.ts';
import { EXACT_STYLE, paletteStyle } from './palette.ts';
import { emptyPanel, gridFrames, gridHeight, lineLegend, seriesLine, type PlotFigure, type PlotPanel } from './plot.ts';
import { logDomain, paddedDomain, scaleAxis, type ScaleKind } from './scale.ts';

export interface LearnedDistributionOptions {
  readonly curves: DistributionCurves;
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly samplingLabel: string;
  readonly xScale?: ScaleKind;
  readonly yScale?: ScaleKind;
  readonly width?: number;
}

/** "bv-dist:0.1" → "BV γ = 0.1", "wmle:ndcg:10" → "WMLE", "mes:0.001" → "MES" (core estimator registry). */
export const distributionMethodLabel = methodLabel;

const R = (text: string) => [{ text, italic: true }];

export function learnedDistributionPlot(options: LearnedDistributionOptions): PlotFigure {
  const { curves, sampleSize } = options;
  const width = options.width ?? 1000;
  const studies = curves.studies;
  const columns = Math.max(1, studies.length);
  const panelHeight = 200;
  const frames = gridFrames(width, 2 * columns, columns, panelHeight);
  const series = [
    { id: 'empirical', label: 'empirical P(R)', ...EXACT_STYLE, width: 2.5 },
    ...curves.methods.map((id, i) => ({ id, label: distributionMethodLabel(id), ...paletteStyle(i), width: 2 })),
  ];
  const panels: PlotPanel[] = [];
  for (const [row, kind] of (['pmf', 'cdf'] as const).entries()) {
    studies.forEach((study, c) => {
      const frame = frames[row * columns + c];
      const xs = Float64Array.from({ length: study.maxRank }, (_, i) => i + 1);
      const ys = [study.empirical[kind], ...study.estimates.map((e) => e[kind])];
      const all = ys.flatMap((y) => Array.from(y));
      const log = options.yScale === 'log';
      const positive = all.filter((v) => v > 0);
      const domain = log ? logDomain(Math.min(...positive), Math.max(...positive)) : paddedDomain(0, Math.max(...all));
      const title =
        kind === 'pmf' ? [...R('P'), { text: '(' }, ...R('R'), { text: ')' }] : [{ text: 'CDF = Recall@' }, ...R('K')];
      const y = scaleAxis(log ? 'log' : 'linear', domain, [frame.y + frame.height, frame.y], title, { count: 5 });
      const x = scaleAxis(
        options.xScale ?? 'linear',
        [1, study.maxRank],
        [frame.x, frame.x + frame.width],
        kind === 'pmf' ? [{ text: 'rank ' }, ...R('R')] : [{ text: 'cut-off ' }, ...R('K')],
        {
          count: 5,
          includeStart: true,
        },
      );
      const name = kind === 'pmf' ? 'rank distribution P̂(R)' : 'CDF, i.e. Recall@K';
      panels.push({
        ...emptyPanel(`${kind}-${study.recommender}`, `${study.recommender}: ${name}`, frame, x, y),
        lines: series.map((s, i) => seriesLine(x, y, s, xs, ys[i])),
        readout: { xName: kind === 'pmf' ? 'R' : 'K', series: series.map((s, i) => ({ ...s, xs, ys: ys[i] })) },
      });
    });
  }
  return {
    id: 'fig7',
    title: `Learned rank distributions, m = ${fmtInt(sampleSize)} (Jin et al. 2021, Figure 2)`,
    width,
    height: gridHeight(2 * columns, columns, panelHeight),
    panels,
    legend: lineLegend(series),
    caption: learnedCaption(options),
  };
}

/** The users' own n over all recommenders (the fits used them), or null when every user has the global n. */
function ownItemCounts(curves: DistributionCurves) {
  const ranges = (curves.userItemCounts ?? []).filter((r) => r !== null);
  if (ranges.length === 0) return null;
  return {
    smallest: Math.min(...ranges.map((r) => r.smallest)),
    largest: Math.max(...ranges.map((r) => r.largest)),
  };
}

function learnedCaption(options: LearnedDistributionOptions): string {
  const { curves, itemCount, sampleSize } = options;
  const study = curves.studies[0];
  const k = Math.min(10, study?.maxRank ?? 10);
  const per = curves.studies.map((s) => {
    const values = s.estimates.map((e) => `${distributionMethodLabel(e.method)} ${fmt3(e.cdf[k - 1])}`).join(', ');
    const errors = s.estimates.map((e) => {
      let worst = 0;
      for (let r = 0; r < s.maxRank; r++) worst = Math.max(worst, Math.abs(e.cdf[r] - s.empirical.cdf[r]));
      return { label: distributionMethodLabel(e.method), worst };
    });
    const best = errors.reduce((a, b) => (b.worst < a.worst ? b : a));
    return (
      `${s.recommender}: Recall@${k} empirical ${fmt3(s.empirical.cdf[k - 1])}, estimated ${values}; closest CDF ` +
      `over R ≤ ${fmtInt(s.maxRank)}: ${best.label} (largest gap ${fmt3(best.worst)})`
    );
  });
  return (
    `Rank distribution P(R) of each recommender learned from sampled ranks (m = ${fmtInt(sampleSize)} sampled items ` +
    `${options.samplingLabel.replace(/^sampled /, '')}, ${catalogueText(itemCount, ownItemCounts(curves))}), ` +
    `averaged over ${fmtInt(study?.repeats ?? 0)} seeded sampled evaluation${study?.repeats === 1 ? '' : 's'}, ` +
    `against the empirical P(R) of the true ranks (Jin et al. 2021, Figure 2): pmf on top, CDF (the estimate of Recall@K) below. ${per.join('. ')}. As Jin et ` +
    `al. note, the single probabilities are rough but their sums, the CDF, are what the metrics need.`
  );
}
