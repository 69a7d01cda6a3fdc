import type { Sampling } from '../core/index.ts';

const integer = new Intl.NumberFormat('en-US');

/** 10000 → "10,000". */
export function formatInteger(value: number): string {
  return integer.format(value);
}

export const SAMPLING_LABELS: Readonly<Record<Sampling, string>> = {
  'with-replacement': 'with replacement',
  'without-replacement': 'without replacement',
};
