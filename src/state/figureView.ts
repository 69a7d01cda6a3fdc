/**
 * The figure tabs' own settings, part of the document's view (document.ts): which tab is open, every control of
 * every figure (metrics, zoom, m, γ, axis scales, …) and the legend entries each figure hides. A link, the saved
 * work and the exported file carry them; only values that differ from a figure's defaults are written, so that a
 * link stays short. Restored field by field: an invalid value gets its default and a problem (restore.ts).
 */
import './zodConfig.ts';
import { z } from 'zod';
import { parseMetric, parseMetricList } from '../core/index.ts';

export type AxisScale = 'linear' | 'log';

export const FIGURE_TABS = ['fig1', 'fig2', 'fig3', 'fig4', 'fig5', 'fig6', 'fig7', 'tables'] as const;
export type FigureTab = (typeof FIGURE_TABS)[number];

/** Lists are kept as the user typed them ("10, 100, 1000"); each view parses them against the current n. */
export interface FigureSettingsMap {
  readonly fig1: { metrics: string; zoom: number; xScale: AxisScale; yScale: AxisScale };
  readonly fig2: { xScale: AxisScale; yScale: AxisScale };
  readonly fig3: { sampleSizes: string; zoom: number; xScale: AxisScale; yScale: AxisScale };
  readonly fig4: {
    metric: string;
    /** The figure's own m; null: the m of the settings (at most 3,000). */
    sampleSize: number | null;
    gammas: string;
    sampledRankScale: AxisScale;
    xScale: AxisScale;
    yScale: AxisScale;
  };
  readonly fig5: {
    /** Ranks per bucket; null: adapts to n (about 50–100 buckets, figures/rankHistogramPlot.ts autoBucketWidth). */
    bucketWidth: number | null;
    yScale: AxisScale;
  };
  readonly fig6: { metric: string; gamma: number; xScale: AxisScale; yScale: AxisScale };
  readonly fig7: {
    /** The figure's own m; null: the m of the settings. */
    sampleSize: number | null;
    repeats: number;
    maxRank: number;
    xScale: AxisScale;
    yScale: AxisScale;
  };
  /**
   * The rank distribution recovered from sampled ranks (Figure 7's tab when the data are sampled ranks): B resamples
   * of the users for its bands, their coverage, the ranks shown, and the cut-off K whose metrics are read off.
   */
  readonly recovered: {
    replicates: number;
    level: number;
    maxRank: number;
    cutoff: number;
    xScale: AxisScale;
    yScale: AxisScale;
  };
  /** Repetitions of the two studies of the Tables tab (Krichene & Rendle Tables 3–4; Jin et al. Tables 2 and 4). */
  readonly tables: { studyRepeats: number; jinRepeats: number };
}

export type FigureId = keyof FigureSettingsMap;
export type FigureSettingKey<F extends FigureId> = keyof FigureSettingsMap[F] & string;

/**
 * The paper's setting of each figure (Krichene & Rendle 2020 Figures 1–6, Jin et al. 2021 Figure 2), except m of
 * Figures 4 and 7 (the paper's 100 and 99): they follow the settings' m unless the figure has its own; and Figure 5's
 * bucket width, which adapts to n (the paper's 100 ranks at n = 10,000) unless the figure has its own.
 */
export const FIGURE_DEFAULTS: { readonly [F in FigureId]: Readonly<FigureSettingsMap[F]> } = {
  fig1: { metrics: 'auc, ap, ndcg, recall@10', zoom: 100, xScale: 'linear', yScale: 'linear' },
  fig2: { xScale: 'log', yScale: 'linear' },
  fig3: { sampleSizes: '10, 100, 1000', zoom: 1000, xScale: 'linear', yScale: 'linear' },
  fig4: {
    metric: 'ap',
    sampleSize: null,
    gammas: '1, 0.1, 0.01',
    sampledRankScale: 'log',
    xScale: 'log',
    yScale: 'linear',
  },
  fig5: { bucketWidth: null, yScale: 'linear' },
  fig6: { metric: 'recall@10', gamma: 0.1, xScale: 'log', yScale: 'linear' },
  fig7: { sampleSize: null, repeats: 10, maxRank: 200, xScale: 'linear', yScale: 'linear' },
  recovered: { replicates: 50, level: 0.9, maxRank: 200, cutoff: 10, xScale: 'linear', yScale: 'linear' },
  tables: { studyRepeats: 100, jinRepeats: 20 },
};

/** The figures part of the view. `settings` and `hidden` hold only what differs from the defaults. */
export interface FiguresView {
  readonly tab: FigureTab;
  readonly settings: { readonly [F in FigureId]?: Partial<FigureSettingsMap[F]> };
  /** Legend entries hidden per figure (Figure 1's are the view's `hiddenSeries`, see figuresViewOf). */
  readonly hidden: { readonly [F in FigureId]?: readonly string[] };
}

export const DEFAULT_FIGURES_VIEW: FiguresView = { tab: 'fig1', settings: {}, hidden: {} };

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
const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

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

const maxRank = FIGURE_LIMITS.maxItemCount;

/** The coverages a figure's bootstrap band offers. */
export const BAND_LEVELS: readonly number[] = [0.8, 0.9, 0.95];

export const FIGURE_SCHEMAS: {
  readonly [F in FigureId]: { readonly [K in keyof FigureSettingsMap[F]]: z.ZodType<FigureSettingsMap[F][K]> };
} = {
  fig1: { metrics: metricList, zoom: wholeNumber(2, maxRank), xScale: scale, yScale: scale },
  fig2: { xScale: scale, yScale: scale },
  fig3: { sampleSizes: integerList, zoom: wholeNumber(2, maxRank), xScale: scale, yScale: scale },
  fig4: {
    metric: metricId,
    sampleSize: wholeNumber(1, 1_000_000).nullable(),
    gammas: gammaList,
    sampledRankScale: scale,
    xScale: scale,
    yScale: scale,
  },
  fig5: { bucketWidth: wholeNumber(1, maxRank).nullable(), yScale: scale },
  fig6: { metric: metricId, gamma: z.number().min(0).max(1), xScale: scale, yScale: scale },
  fig7: {
    sampleSize: wholeNumber(1, 1_000_000).nullable(),
    repeats: wholeNumber(1, FIGURE_LIMITS.maxRepeats),
    maxRank: wholeNumber(2, maxRank),
    xScale: scale,
    yScale: scale,
  },
  recovered: {
    replicates: wholeNumber(0, FIGURE_LIMITS.maxReplicates),
    level: z.number().refine((level) => BAND_LEVELS.includes(level)),
    maxRank: wholeNumber(2, maxRank),
    cutoff: wholeNumber(1, maxRank),
    xScale: scale,
    yScale: scale,
  },
  tables: {
    studyRepeats: wholeNumber(2, FIGURE_LIMITS.maxRepeats),
    jinRepeats: wholeNumber(2, FIGURE_LIMITS.maxRepeats),
  },
};

/** The value of one setting: the stored one, else the figure's default. */
export function figureSetting<F extends FigureId, K extends FigureSettingKey<F>>(
  view: FiguresView,
  figure: F,
  key: K,
): FigureSettingsMap[F][K] {
  const stored = view.settings[figure] as Partial<FigureSettingsMap[F]> | undefined;
  return stored?.[key] ?? FIGURE_DEFAULTS[figure][key];
}

/** The view with one setting changed; a value equal to the default is dropped rather than stored. */
export function withFigureSetting<F extends FigureId, K extends FigureSettingKey<F>>(
  view: FiguresView,
  figure: F,
  key: K,
  value: FigureSettingsMap[F][K],
): FiguresView {
  const current: Record<string, unknown> = { ...view.settings[figure] };
  if (value === FIGURE_DEFAULTS[figure][key]) delete current[key];
  else current[key] = value;
  const settings: Record<string, unknown> = { ...view.settings };
  if (Object.keys(current).length === 0) delete settings[figure];
  else settings[figure] = current;
  return { ...view, settings: settings as FiguresView['settings'] };
}

/** The view with one legend entry of a figure shown again, or hidden. */
export function withSeriesToggled(view: FiguresView, figure: FigureId, series: string): FiguresView {
  const list = view.hidden[figure] ?? [];
  const next = list.includes(series) ? list.filter((s) => s !== series) : [...list, series];
  const hidden: Record<string, readonly string[]> = { ...view.hidden };
  if (next.length === 0) delete hidden[figure];
  else hidden[figure] = next;
  return { ...view, hidden };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const seriesIds = z.array(z.string().max(60)).max(64);

/**
 * Restores the figures part of a view from untrusted JSON, field by field: what is missing gets its default
 * silently, what is invalid gets its default and a problem naming it. Never throws.
 */
export function restoreFiguresView(raw: unknown, problems: string[]): FiguresView {
  if (raw === undefined) return DEFAULT_FIGURES_VIEW;
  if (!isRecord(raw)) {
    problems.push('figure settings: not readable, the defaults are used');
    return DEFAULT_FIGURES_VIEW;
  }
  let tab = DEFAULT_FIGURES_VIEW.tab;
  if (raw.tab !== undefined) {
    const parsed = z.enum(FIGURE_TABS).safeParse(raw.tab);
    if (parsed.success) tab = parsed.data;
    else problems.push('figure tab: not valid, Figure 1 is shown');
  }
  const settings: Record<string, Record<string, unknown>> = {};
  const rawSettings = raw.settings === undefined ? {} : raw.settings;
  if (!isRecord(rawSettings)) problems.push('figure settings: not readable, the defaults are used');
  else {
    for (const [figure, values] of Object.entries(rawSettings)) {
      if (!Object.hasOwn(FIGURE_SCHEMAS, figure)) {
        problems.push(`settings of an unknown figure "${figure.slice(0, 24)}": left out`);
        continue;
      }
      const schemas = FIGURE_SCHEMAS[figure as FigureId] as Record<string, z.ZodType<unknown>>;
      if (!isRecord(values)) {
        problems.push(`settings of ${figure}: not readable, the defaults are used`);
        continue;
      }
      const kept: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(values)) {
        if (!Object.hasOwn(schemas, key)) {
          problems.push(`${figure} setting "${key.slice(0, 24)}": unknown, left out`);
          continue;
        }
        const parsed = schemas[key].safeParse(value);
        if (!parsed.success) problems.push(`${figure} ${key}: not valid, the default is used`);
        else if (parsed.data !== (FIGURE_DEFAULTS[figure as FigureId] as Record<string, unknown>)[key]) {
          kept[key] = parsed.data;
        }
      }
      if (Object.keys(kept).length > 0) settings[figure] = kept;
    }
  }
  const hidden: Record<string, readonly string[]> = {};
  const rawHidden = raw.hidden === undefined ? {} : raw.hidden;
  if (!isRecord(rawHidden)) problems.push('hidden legend entries: not readable, every series is shown');
  else {
    for (const [figure, ids] of Object.entries(rawHidden)) {
      if (!Object.hasOwn(FIGURE_SCHEMAS, figure)) {
        problems.push(`hidden series of an unknown figure "${figure.slice(0, 24)}": left out`);
        continue;
      }
      const parsed = seriesIds.safeParse(ids);
      if (!parsed.success) problems.push(`hidden series of ${figure}: not valid, every series is shown`);
      else if (parsed.data.length > 0) hidden[figure] = [...new Set(parsed.data)];
    }
  }
  return { tab, settings: settings as FiguresView['settings'], hidden };
}

/** The parts of the document's view that hold the figures' view. */
interface ViewParts {
  /** Figure 1's hidden legend entries (the field links have carried since before the figure tabs). */
  readonly hiddenSeries: readonly string[];
  readonly figures: FiguresView;
}

/** The figures' view as the figures section sees it: Figure 1's hidden series included. */
export function figuresViewOf(view: ViewParts): FiguresView {
  const hidden = { ...view.figures.hidden };
  if (view.hiddenSeries.length > 0) hidden.fig1 = view.hiddenSeries;
  else delete hidden.fig1;
  return { ...view.figures, hidden };
}

/** The document's view holding `next` (Figure 1's hidden series go to `hiddenSeries`). */
export function withFiguresView<V extends ViewParts>(view: V, next: FiguresView): V {
  const { fig1 = [], ...others } = next.hidden;
  return { ...view, hiddenSeries: fig1, figures: { ...next, hidden: others } };
}
