/**
 * WCAG 2.2 contrast of the theme colours (app.css), light and dark: text at least 4.5:1 (SC 1.4.3), the borders
 * that show where a control is at least 3:1 (SC 1.4.11). Relative luminance and ratio as defined by WCAG.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');

function variables(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));
}

const light = variables(css.slice(0, css.indexOf('@media (prefers-color-scheme: dark)')));
const dark = { ...light, ...variables(css.slice(css.indexOf('@media (prefers-color-scheme: dark)'))) };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** [text colour, background] pairs the page uses. */
const TEXT: [string, string][] = [
  ...['bg', 'surface', 'warn-bg', 'error-bg', 'best-bg'].map((bg): [string, string] => ['fg', bg]),
  ...['bg', 'surface', 'warn-bg'].map((bg): [string, string] => ['muted', bg]),
  ['best-fg', 'best-bg'],
  ['on-accent', 'accent'],
  ['accent', 'bg'],
  ['error-border', 'bg'],
  ['error-border', 'surface'],
];

const CONTROLS: [string, string][] = [
  ['control-border', 'bg'],
  ['control-border', 'surface'],
  ['accent', 'bg'], // focus ring
];

describe.each([
  ['light', light],
  ['dark', dark],
])('%s theme', (_, theme) => {
  it.each(TEXT)('text %s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(theme[fg], theme[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(CONTROLS)('control outline %s on %s is at least 3:1', (fg, bg) => {
    expect(contrast(theme[fg], theme[bg])).toBeGreaterThanOrEqual(3);
  });
});

it('computes the WCAG ratio (black on white is 21:1)', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 10);
});
