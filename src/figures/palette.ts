/**
 * Series styles of the figures: the eight Okabe–Ito colours (distinguishable with the common colour-vision
 * deficiencies), as CSS custom properties that switch with the light/dark theme, each with its own dash pattern so
 * that lines differ without colour too. Recommenders keep the colour the user gave them when there is one.
 */

export interface SeriesStyle {
  /** A CSS colour. */
  readonly stroke: string;
  /** stroke-dasharray, or null for a solid line. */
  readonly dash: string | null;
}

const DASHES: readonly (string | null)[] = [null, '7 3', '2 3', '10 3 2 3', '4 2', '12 4', '1 2', '6 2 2 2'];

/** Style number `index` (cycling): colour var(--series-k) and a dash pattern. */
export function paletteStyle(index: number): SeriesStyle {
  const k = index % 8;
  return { stroke: `var(--series-${k + 1})`, dash: DASHES[k] };
}

/** The exact metric is always drawn the same way: the foreground colour, solid, a little thicker. */
export const EXACT_STYLE: SeriesStyle = { stroke: 'var(--fg)', dash: null };

/** A recommender's style: its own colour when it has one (solid), else the palette colour with its dash. */
export function recommenderStyle(index: number, color?: string | null): SeriesStyle {
  return color ? { stroke: color, dash: null } : { stroke: paletteStyle(index).stroke, dash: null };
}
