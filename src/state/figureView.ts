/**
 * The figure tabs' own settings, part of the document's view (document.ts): which tab is open, every control of
 * every figure (metrics, zoom, m, γ, axis scales, …) and the legend entries each figure hides. A link, the saved
 * work and the exported file carry them; only values that differ from a figure's defaults are written, so that a
 * link stays short. Restored field by field: an invalid value gets its default and a problem (restore.ts). The
 * tabs, the settings, their defaults and schemas are the figures' registry's (figures/figureRegistry.ts), derived
 * here, never listed.
 */
import './zodConfig.ts';
import { z } from 'zod';
import {
  FIGURE_SETTINGS,
  FIGURE_TAB_LIST,
  type FigureSettingsDeclaration,
  type Setting,
} from '../figures/figureRegistry.ts';

/** The tabs' ids, in order (the figures' registry, figures/figureRegistry.ts): the link's `tab`. */
export const FIGURE_TABS = FIGURE_TAB_LIST.map((tab) => tab.id);
export type FigureTab = (typeof FIGURE_TAB_LIST)[number]['id'];

type Declaration = (typeof FIGURE_SETTINGS)[number];
/** A figure's settings id (its key in links): `fig1`, …, `recovered`, `tables`. */
export type FigureId = Declaration['id'];
type ValuesOf<D> =
  D extends FigureSettingsDeclaration<string, unknown>
    ? { -readonly [K in keyof D['settings']]: D['settings'][K] extends Setting<infer T> ? T : never }
    : never;

/** A figure's declaration of its settings in the registry (what its entry carries). */
export type FigureSettingsOf<F extends FigureId> = Extract<Declaration, { readonly id: F }>;

/** Every figure's settings, by figure, as the registry declares them. */
export type FigureSettingsMap = { readonly [F in FigureId]: ValuesOf<FigureSettingsOf<F>> };
export type FigureSettingKey<F extends FigureId> = keyof FigureSettingsMap[F] & string;

/** Each figure's settings' values or schemas, from the registry's declarations. */
function byFigure<T>(pick: (setting: Setting<unknown>) => T): Record<string, Record<string, T>> {
  return Object.fromEntries(
    FIGURE_SETTINGS.map(({ id, settings }) => [
      id,
      Object.fromEntries(Object.entries(settings as Record<string, Setting<unknown>>).map(([k, v]) => [k, pick(v)])),
    ]),
  );
}

/** Every figure's defaults (figures/figureRegistry.ts: the papers' settings). */
export const FIGURE_DEFAULTS = byFigure((setting) => setting.default) as unknown as {
  readonly [F in FigureId]: Readonly<FigureSettingsMap[F]>;
};

/** The figures part of the view. `settings` and `hidden` hold only what differs from the defaults. */
export interface FiguresView {
  readonly tab: FigureTab;
  readonly settings: { readonly [F in FigureId]?: Partial<FigureSettingsMap[F]> };
  /** Legend entries hidden per figure (Figure 1's are the view's `hiddenSeries`, see figuresViewOf). */
  readonly hidden: { readonly [F in FigureId]?: readonly string[] };
}

export const DEFAULT_FIGURES_VIEW: FiguresView = { tab: 'fig1', settings: {}, hidden: {} };

/** Every figure's schemas of its settings: what a link's value must pass (figures/figureRegistry.ts). */
export const FIGURE_SCHEMAS = byFigure((setting) => setting.schema) as unknown as {
  readonly [F in FigureId]: { readonly [K in keyof FigureSettingsMap[F]]: z.ZodType<FigureSettingsMap[F][K]> };
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
