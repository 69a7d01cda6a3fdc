/**
 * Actions on the settings. n, m and the kind of ranks bound what a rank may be, so changing them re-reads every
 * paste box; every change recomputes the results after typing pauses.
 */
import type { MetricKind, Sampling, TieRule } from '../core/index.ts';
import { withVariant } from './definitions.ts';
import { cancelTask, refreshIntervals, refreshSoon } from './actions.ts';
import type { Prior, RankKind, Settings } from './document.ts';
import { withEstimatorSetting, type EstimatorSettings } from './estimatorSettings.ts';
import { figuresViewOf, withFiguresView, type FiguresView } from './figureView.ts';
import { parseTexts } from './recommenderActions.ts';
import { explorerStore as store } from './store.ts';

function change(next: Partial<Settings>, delayMs = 150): void {
  store.setState((s) => ({ settings: { ...s.settings, ...next } }));
  refreshSoon(delayMs);
}

function changeBounds(next: Partial<Settings>, delayMs = 150): void {
  change(next, delayMs);
  void parseTexts();
}

export const setItemCount = (itemCount: number) => changeBounds({ itemCount });
export const setSampleSize = (sampleSize: number) => changeBounds({ sampleSize });
export const setSampling = (sampling: Sampling) => change({ sampling }, 0);
export const setMetrics = (metrics: readonly string[]) => change({ metrics });
export const setGammas = (gammas: readonly number[]) => change({ gammas });
export const setPrior = (prior: Prior) => change({ prior });

/** How tied items are ordered; undefined: the rank column as it is (the setting is then left out of links). */
export function setTies(ties: TieRule | undefined): void {
  store.setState((s) => {
    const { ties: _old, ...rest } = s.settings;
    return { settings: ties ? { ...rest, ties } : rest };
  });
  refreshSoon(0);
}

/** Reads metric `kind` as variant `id` (Krichene & Rendle's: the kind is left out of the choice). */
export function setVariant(kind: MetricKind, id: string): void {
  store.setState((s) => {
    const variants = withVariant(s.settings.variants, kind, id);
    const { variants: _old, ...rest } = s.settings;
    return { settings: variants ? { ...rest, variants } : rest };
  });
  refreshSoon(0);
}

/**
 * The study's seed and repetitions only matter when it is run; the seed is also the intervals' (bootstrap), which
 * are computed again with a new one.
 */
export function setStudyOptions(next: Partial<Pick<Settings, 'seed' | 'repetitions'>>): void {
  const seed = store.getState().settings.seed;
  store.setState((s) => ({ settings: { ...s.settings, ...next } }));
  if (next.seed !== undefined && next.seed !== seed) refreshIntervals();
}

/**
 * Changes one of the estimators' settings (only values other than the defaults are kept). B recomputes only the
 * intervals; every other setting changes the estimates themselves (or, for LS, which are shown).
 */
export function setEstimatorSetting<K extends keyof EstimatorSettings>(key: K, value: EstimatorSettings[K]): void {
  store.setState((s) => {
    const estimators = withEstimatorSetting(s.settings.estimators, key, value);
    const { estimators: _old, ...rest } = s.settings;
    return { settings: estimators ? { ...rest, estimators } : rest };
  });
  if (key === 'replicates') refreshIntervals();
  else refreshSoon(0);
}

/** True and sampled ranks show different results: the study only exists for true ranks. */
export function setRankKind(rankKind: RankKind): void {
  if (rankKind === 'sampled') {
    cancelTask('study');
    store.setState({ study: { status: 'idle', value: null } });
  }
  changeBounds({ rankKind }, 0);
}

/** The metric the estimates and study tables show. */
export function setViewMetric(metric: string): void {
  store.setState((s) => ({ view: { ...s.view, metric } }));
}

/**
 * Changes the figures' view (open tab, a figure's setting, a legend entry): `update` gets the current one. Only the
 * view changes, so nothing but the figure concerned recomputes.
 */
export function updateFiguresView(update: (view: FiguresView) => FiguresView): void {
  store.setState((s) => ({ view: withFiguresView(s.view, update(figuresViewOf(s.view))) }));
}
