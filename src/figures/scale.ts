/**
 * Linear and logarithmic axes for figure models: a domain, its SVG range, ticks with formatted labels, and the
 * title in the paper's notation. Pure data; `toPixel` / `fromPixel` map between the two.
 * Example: toPixel(scaleAxis('log', [1, 100], [0, 200], []), 10) === 100.
 */
import { format, scaleLinear } from 'd3';
import { formatInteger } from '../core/labels.ts';
import type { TitlePart } from './labels.ts';

export type ScaleKind = 'linear' | 'log';

export interface AxisTick {
  readonly value: number;
  readonly label: string;
  /** Position along the axis in SVG user units. */
  readonly position: number;
}

export interface Axis {
  readonly kind: ScaleKind;
  readonly domain: readonly [number, number];
  /** SVG coordinates of domain[0] and domain[1] (y ranges run bottom to top). */
  readonly range: readonly [number, number];
  readonly ticks: readonly AxisTick[];
  readonly title: readonly TitlePart[];
}

export interface AxisOptions {
  /** About how many ticks (linear axes). */
  readonly count?: number;
  /** A d3-format specifier for linear tick labels; chosen from the tick step when absent. */
  readonly format?: string;
  /** Give the domain start a tick of its own (rank 1, m = 1), unless a round tick is close to it. */
  readonly includeStart?: boolean;
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A power of ten or a 2×/5× multiple: "1", "0.01", "10,000", "10⁶", "10⁻⁵". */
export function logLabel(value: number): string {
  const exponent = Math.round(Math.log10(value));
  const isPower = Math.abs(value / 10 ** exponent - 1) < 1e-9;
  if (isPower && (exponent >= 6 || exponent <= -5)) {
    const digits = [...String(Math.abs(exponent))].map((d) => SUPERSCRIPT[Number(d)]).join('');
    return `10${exponent < 0 ? '⁻' : ''}${digits}`;
  }
  return value >= 1 ? formatInteger(Math.round(value)) : String(Number(value.toPrecision(6)));
}

function linearTicks(domain: readonly [number, number], options: AxisOptions): { value: number; label: string }[] {
  const scale = scaleLinear().domain(domain);
  const count = options.count ?? 5;
  let values = scale.ticks(count);
  const fmt = options.format ? format(options.format) : scale.tickFormat(count, ',f');
  if (options.includeStart) {
    const step = values.length > 1 ? values[1] - values[0] : domain[1] - domain[0];
    values = values.filter((v) => v - domain[0] >= step / 2);
    values.unshift(domain[0]);
  }
  return values.map((value) => ({ value, label: fmt(value) }));
}

/** Powers of ten inside the domain; 2× and 5× multiples too when the domain spans less than three decades. */
function logTicks(domain: readonly [number, number]): { value: number; label: string }[] {
  const [lo, hi] = domain[0] < domain[1] ? domain : [domain[1], domain[0]];
  const decades = Math.log10(hi / lo);
  const multiples = decades < 1.2 ? [1, 2, 3, 5, 7] : decades < 3 ? [1, 2, 5] : [1];
  const step = decades > 8 ? 2 : 1;
  const values: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e += 1) {
    if (multiples.length === 1 && e % step !== 0) continue;
    for (const k of multiples) {
      const v = Number((k * 10 ** e).toPrecision(12));
      if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) values.push(v);
    }
  }
  return values.map((value) => ({ value, label: logLabel(value) }));
}

/** An axis of the given kind; a log domain must be positive (callers clamp it). */
export function scaleAxis(
  kind: ScaleKind,
  domain: readonly [number, number],
  range: readonly [number, number],
  title: readonly TitlePart[],
  options: AxisOptions = {},
): Axis {
  if (kind === 'log' && !(domain[0] > 0 && domain[1] > 0)) {
    throw new RangeError(`a log axis needs a positive domain, got [${domain[0]}, ${domain[1]}]`);
  }
  const base = { kind, domain, range, title, ticks: [] as AxisTick[] };
  const raw = kind === 'log' ? logTicks(domain) : linearTicks(domain, options);
  const ticks = raw.map((t) => ({ ...t, position: round2(toPixel(base, t.value)) }));
  return { ...base, ticks };
}

/** Maps a domain value to SVG coordinates (log axes: −∞ or NaN for values ≤ 0). */
export function toPixel(axis: Pick<Axis, 'kind' | 'domain' | 'range'>, value: number): number {
  const [d0, d1] = axis.domain;
  const [r0, r1] = axis.range;
  if (d1 === d0) return r0;
  const t = axis.kind === 'log' ? Math.log(value / d0) / Math.log(d1 / d0) : (value - d0) / (d1 - d0);
  return r0 + t * (r1 - r0);
}

/** Inverse of toPixel. */
export function fromPixel(axis: Pick<Axis, 'kind' | 'domain' | 'range'>, position: number): number {
  const [d0, d1] = axis.domain;
  const [r0, r1] = axis.range;
  if (r1 === r0) return d0;
  const t = (position - r0) / (r1 - r0);
  return axis.kind === 'log' ? d0 * (d1 / d0) ** t : d0 + t * (d1 - d0);
}

/** A y domain that covers [lo, hi] with a little room, for a linear axis ([0, 1] style metrics keep 0). */
export function paddedDomain(lo: number, hi: number, keepZero = true): [number, number] {
  const low = keepZero ? Math.min(0, lo) : lo;
  const span = hi - low || Math.abs(hi) || 1;
  const scale = scaleLinear()
    .domain([low, hi + 0.04 * span])
    .nice(5);
  const [a, b] = scale.domain();
  // Metrics live in [0, 1]: do not pad past 1 when the values stay below it.
  return [a, b > 1 && hi <= 1 + 1e-9 && low >= 0 ? 1 : b];
}

/**
 * A positive log domain covering the positive values [lo, hi], extended to whole powers of ten and spanning at least
 * one decade: values within one decade get the decade that holds them ([0.98, 0.995] → [0.1, 1], not [0.1, 10]).
 */
export function logDomain(lo: number, hi: number, floor = 1e-6): [number, number] {
  const a = Math.max(lo, floor);
  const b = Math.max(hi, a);
  const power = (e: number) => Number((10 ** e).toPrecision(12));
  const high = Math.ceil(Math.log10(b) - 1e-9);
  const low = Math.min(Math.floor(Math.log10(a) + 1e-9), high - 1);
  return [power(low), power(high)];
}
