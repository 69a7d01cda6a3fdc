/**
 * The figures section's registry, the part without React that the state reads too: the tabs, in order, and each
 * figure's own settings — every control of a figure (metrics, zoom, m, γ, axis scales, …) with its default and the
 * schema a link's value must pass. A figure entry (src/components/figures/entries/) carries its declaration; the
 * figures' view in the document (src/state/figureView.ts) derives its defaults, its restore and the link's tab ids
 * from here, so a new figure's settings are declared once, here, with their figure.
 *
 * Defaults are the papers' settings (Krichene & Rendle 2020 Figures 1–6, Jin et al. 2021 Figure 2), except m of
 * Figures 4 and 7 (the paper's 100 and 99): they follow the settings' m unless the figure has its own; and Figure 5's
 * bucket width, which adapts to n (the paper's 100 ranks at n = 10,000) unless the figure has its own. A setting's
 * key and a figure's id are part of the link format: they never change. Schemas parse only where zod is configured
 * for the page's Content-Security-Policy (src/state/zodConfig.ts, imported by figureView.ts).
 */
import { z } from 'zod';
import { parseMetric, parseMetricList } from '../core/index.ts';

export type AxisScale = 'linear' | 'log';

/** One setting: its default and the schema of a stored value. */
export interface Setting<T> {
  readonly default: T;
  readonly schema: z.ZodType<T>;
}

export function setting<T>(defaultValue: T, schema: z.ZodType<T>): Setting<T> {
  return { default: defaultValue, schema };
}

/** A figure's settings: its id in links and in the figures' view, and each setting. */
export interface FigureSettingsDeclaration<Id extends string, S> {
  readonly id: Id;
  readonly settings: { readonly [K in keyof S]: Setting<S[K]> };
}

function declare<const Id extends string, S>(
  id: Id,
  settings: { readonly [K in keyof S]: Setting<S[K]> },
): FigureSettingsDeclaration<Id, S> {
  return { id, settings };
}

/** Bounds shared by the views and the restore. */
export const FIGURE_LIMITS = {
  maxMetrics: 8,
  maxListValues: 6,
  maxRepeats: 1000,
  maxItemCount: 2_000_000,
  /** Bootstrap resamples of a figure's bands. */
  maxReplicates: 1000,
} as const;

const scale = z.enum(['linear', 'log']);
const axis = (value: AxisScale) => setting<AxisScale>(value, scale);
const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);
const maxRank = FIGURE_LIMITS.maxItemCount;

/** "10, 100, 1000": whole numbers ≥ 1, at most six (their bounds depend on n and are checked by the view). */
const integerList = z
  .string()
  .max(120)
  .refine((text) => {
    const parts = text.split(/[,\s]+/).filter(Boolean);
    return parts.length >= 1 && parts.length <= FIGURE_LIMITS.maxListValues && parts.every((p) => /^\d+$/.test(p));
  });

/** "1, 0.1, 0.01": numbers in [0, 1], at most six. */
const gammaList = z
  .string()
  .max(120)
  .refine((text) => {
    const parts = text.split(/[,\s]+/).filter(Boolean);
    return parts.length <= FIGURE_LIMITS.maxListValues && parts.every((p) => Number(p) >= 0 && Number(p) <= 1);
  });

const metricId = z
  .string()
  .max(24)
  .refine((id) => {
    try {
      return parseMetric(id).id === id;
    } catch {
      return false;
    }
  });

/** Lists are kept as the user typed them ("auc, ap"); each view parses them against the current n. */
const metricList = z
  .string()
  .max(200)
  .refine((text) => {
    try {
      const list = parseMetricList(text);
      return list.length >= 1 && list.length <= FIGURE_LIMITS.maxMetrics;
    } catch {
      return false;
    }
  });

/** Figure 1: M(r) for any metrics, zoomed on the top ranks. */
export const metricVsRankSettings = declare('fig1', {
  metrics: setting('auc, ap, ndcg, recall@10', metricList),
  zoom: setting(100, wholeNumber(2, maxRank)),
  xScale: axis('linear'),
  yScale: axis('linear'),
});

/** Figure 2: the expected sampled metric vs. m. */
export const sampleSizeSweepSettings = declare('fig2', { xScale: axis('log'), yScale: axis('linear') });

/** Figure 3: E[M(r̃) | r] for several m ("10, 100, 1000", kept as typed), zoomed on the top ranks. */
export const sampledRankCurvesSettings = declare('fig3', {
  sampleSizes: setting('10, 100, 1000', integerList),
  zoom: setting(1000, wholeNumber(2, maxRank)),
  xScale: axis('linear'),
  yScale: axis('linear'),
});

/** Figure 4: the corrections of one metric for the γ listed. */
export const correctionCurvesSettings = declare('fig4', {
  metric: setting('ap', metricId),
  /** The figure's own m; null: the m of the settings (at most 3,000). */
  sampleSize: setting<number | null>(null, wholeNumber(1, 1_000_000).nullable()),
  gammas: setting('1, 0.1, 0.01', gammaList),
  sampledRankScale: axis('log'),
  xScale: axis('log'),
  yScale: axis('linear'),
});

/** Figure 5: the predicted ranks in buckets. */
export const rankHistogramSettings = declare('fig5', {
  /** Ranks per bucket; null: adapts to n (about 50–100 buckets, figures/rankHistogramPlot.ts autoBucketWidth). */
  bucketWidth: setting<number | null>(null, wholeNumber(1, maxRank).nullable()),
  yScale: axis('linear'),
});

/** Figure 6: the uncorrected and BV-corrected metric vs. m. */
export const correctedSweepSettings = declare('fig6', {
  metric: setting('recall@10', metricId),
  gamma: setting(0.1, z.number().min(0).max(1)),
  xScale: axis('log'),
  yScale: axis('linear'),
});

/** Figure 7 (Jin et al. Figure 2) on true ranks: the learned rank distributions. */
export const learnedDistributionSettings = declare('fig7', {
  /** The figure's own m; null: the m of the settings. */
  sampleSize: setting<number | null>(null, wholeNumber(1, 1_000_000).nullable()),
  repeats: setting(10, wholeNumber(1, FIGURE_LIMITS.maxRepeats)),
  maxRank: setting(200, wholeNumber(2, maxRank)),
  xScale: axis('linear'),
  yScale: axis('linear'),
});

/** The coverages a figure's bootstrap band offers. */
export const BAND_LEVELS: readonly number[] = [0.8, 0.9, 0.95];

/**
 * Figure 7's tab when the data are sampled ranks: B resamples of the users for the bands, their coverage, the ranks
 * shown, and the cut-off K whose metrics are read off.
 */
export const recoveredDistributionSettings = declare('recovered', {
  replicates: setting(50, wholeNumber(0, FIGURE_LIMITS.maxReplicates)),
  level: setting(
    0.9,
    z.number().refine((level) => BAND_LEVELS.includes(level)),
  ),
  maxRank: setting(200, wholeNumber(2, maxRank)),
  cutoff: setting(10, wholeNumber(1, maxRank)),
  xScale: axis('linear'),
  yScale: axis('linear'),
});

/** Repetitions of the two studies of the Tables tab (Krichene & Rendle Tables 3–4; Jin et al. Tables 2 and 4). */
export const tablesSettings = declare('tables', {
  studyRepeats: setting(100, wholeNumber(2, FIGURE_LIMITS.maxRepeats)),
  jinRepeats: setting(20, wholeNumber(2, FIGURE_LIMITS.maxRepeats)),
});

/** Every figure's settings. */
export const FIGURE_SETTINGS = [
  metricVsRankSettings,
  sampleSizeSweepSettings,
  sampledRankCurvesSettings,
  correctionCurvesSettings,
  rankHistogramSettings,
  correctedSweepSettings,
  learnedDistributionSettings,
  recoveredDistributionSettings,
  tablesSettings,
] as const;

/** The tabs of the figures section, in order: their ids (the link's `tab`) and labels. */
export const FIGURE_TAB_LIST = [
  { id: 'fig1', label: 'Figure 1' },
  { id: 'fig2', label: 'Figure 2' },
  { id: 'fig3', label: 'Figure 3' },
  { id: 'fig4', label: 'Figure 4' },
  { id: 'fig5', label: 'Figure 5' },
  { id: 'fig6', label: 'Figure 6' },
  { id: 'fig7', label: 'Figure 7 (Jin)' },
  { id: 'tables', label: 'Tables' },
] as const;
