import type { Sampling } from '../core/index.ts';

export { formatInteger } from '../state/format.ts';

export const SAMPLING_LABELS: Readonly<Record<Sampling, string>> = {
  'with-replacement': 'with replacement',
  'without-replacement': 'without replacement',
};
