/**
 * A figure view's own settings, read from and written to the figures' view that the section gets as a controlled
 * value (FigureInputs.figureView / onFigureView): the page keeps them in its document, so that a link, the saved
 * work and the exported file open the figure as it was.
 */
import {
  FIGURE_DEFAULTS,
  figureSetting,
  withFigureSetting,
  withSeriesToggled,
  type FigureId,
  type FigureSettingKey,
  type FigureSettingsMap,
} from '../../state/figureView.ts';
import type { FigureInputs } from './types.ts';

export interface FigureSettingsHandle<F extends FigureId> {
  /** Every setting of the figure: the stored value or the default. */
  readonly values: FigureSettingsMap[F];
  /** A setter for one setting (for a control's onChange). */
  readonly setter: <K extends FigureSettingKey<F>>(key: K) => (value: FigureSettingsMap[F][K]) => void;
  /** The legend: hidden series and the toggle. */
  readonly legend: { readonly hidden: ReadonlySet<string>; readonly onToggle: (id: string) => void };
}

export function figureSettings<F extends FigureId>(
  props: Pick<FigureInputs, 'figureView' | 'onFigureView'>,
  figure: F,
): FigureSettingsHandle<F> {
  const { figureView, onFigureView } = props;
  const keys = Object.keys(FIGURE_DEFAULTS[figure]) as FigureSettingKey<F>[];
  const values = Object.fromEntries(
    keys.map((key) => [key, figureSetting(figureView, figure, key)]),
  ) as unknown as FigureSettingsMap[F];
  return {
    values,
    setter: (key) => (value) => onFigureView((view) => withFigureSetting(view, figure, key, value)),
    legend: {
      hidden: new Set(figureView.hidden[figure] ?? []),
      onToggle: (id) => onFigureView((view) => withSeriesToggled(view, figure, id)),
    },
  };
}
