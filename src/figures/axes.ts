/** Linear axes for figure models: ticks placed in SVG coordinates, labels already formatted. */
import { format, scaleLinear } from 'd3';

export interface TitlePart {
  readonly text: string;
  /** A symbol of the paper's notation (r, M, n), set in italics. */
  readonly italic?: boolean;
}

export interface Tick {
  readonly value: number;
  readonly label: string;
  /** Position along the axis in SVG user units. */
  readonly position: number;
}

export interface LinearAxis {
  readonly domain: readonly [number, number];
  /** SVG coordinates of domain[0] and domain[1] (y ranges run bottom to top). */
  readonly range: readonly [number, number];
  readonly ticks: readonly Tick[];
  readonly title: readonly TitlePart[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * A linear axis with about `count` round ticks. With `includeDomainStart` the first domain value gets a tick of
 * its own (rank 1 is where every ranking starts), unless a round tick is already close to it.
 */
export function linearAxis(
  domain: readonly [number, number],
  range: readonly [number, number],
  title: readonly TitlePart[],
  options: { count: number; format: string; includeDomainStart?: boolean },
): LinearAxis {
  const scale = scaleLinear().domain(domain).range(range);
  const fmt = format(options.format);
  let values = scale.ticks(options.count);
  if (options.includeDomainStart) {
    const step = values.length > 1 ? values[1] - values[0] : domain[1] - domain[0];
    values = values.filter((v) => v - domain[0] >= step / 2);
    values.unshift(domain[0]);
  }
  const ticks = values.map((value) => ({ value, label: fmt(value), position: round2(scale(value)) }));
  return { domain, range, ticks, title };
}

/** Maps a domain value to SVG coordinates on a linear axis. */
export function axisPosition(axis: LinearAxis, value: number): number {
  const [d0, d1] = axis.domain;
  const [r0, r1] = axis.range;
  if (d1 === d0) return r0;
  return r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
}

/** Inverse of axisPosition. */
export function axisValue(axis: LinearAxis, position: number): number {
  const [d0, d1] = axis.domain;
  const [r0, r1] = axis.range;
  if (r1 === r0) return d0;
  return d0 + ((position - r0) / (r1 - r0)) * (d1 - d0);
}
