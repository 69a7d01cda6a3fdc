/**
 * BPR-MF (Rendle, Freudenthaler, Gantner & Schmidt-Thieme, UAI 2009): ŷ(u, i) = ⟨w_u, h_i⟩ + b_i, trained by
 * stochastic gradient ascent on Σ ln σ(ŷ_ui − ŷ_uj) − λ(‖w_u‖² + ‖h_i‖² + ‖h_j‖² + b_i² + b_j²) over triples drawn
 * as LearnBPR does (the paper's Figure 4): a training pair (u, i) uniformly among all pairs, an item j uniformly
 * among those u has not interacted with (rejection), one step of size η on the triple. An epoch is as many steps
 * as there are training pairs. Factors start N(0, 0.1²), biases 0; all draws from the seeded source.
 */
import type { RandomSource } from '../../src/core/random.ts';
import type { Interactions } from './data.ts';
import { gaussian } from './ials.ts';

export interface BprOptions {
  readonly dims: number;
  readonly learningRate: number;
  readonly regularization: number;
  readonly epochs: number;
  readonly random: RandomSource;
  /** Called after each epoch with the mean ln σ(ŷ_ui − ŷ_uj) of its steps. */
  readonly onEpoch?: (epoch: number, meanLogLikelihood: number) => void;
}

export interface BprModel {
  readonly dims: number;
  readonly userFactors: Float64Array;
  readonly itemFactors: Float64Array;
  readonly itemBias: Float64Array;
}

export function trainBpr(data: Interactions, options: BprOptions): BprModel {
  const { dims: d, learningRate: eta, regularization: lambda, random } = options;
  const U = data.userIds.length;
  const I = data.itemIds.length;
  const pairs = data.userItems.length;
  const pairUser = new Int32Array(pairs);
  for (let u = 0; u < U; u++) pairUser.fill(u, data.userOffsets[u], data.userOffsets[u + 1]);
  const userFactors = new Float64Array(U * d);
  const itemFactors = new Float64Array(I * d);
  const itemBias = new Float64Array(I);
  for (let p = 0; p < userFactors.length; p++) userFactors[p] = 0.1 * gaussian(random);
  for (let p = 0; p < itemFactors.length; p++) itemFactors[p] = 0.1 * gaussian(random);
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    let logLikelihood = 0;
    for (let step = 0; step < pairs; step++) {
      const pair = random.nextInt(pairs);
      const u = pairUser[pair];
      const i = data.userItems[pair];
      const lo = data.userOffsets[u];
      const hi = data.userOffsets[u + 1];
      let j = random.nextInt(I);
      while (contains(data.userItems, lo, hi, j)) j = random.nextInt(I);
      const wu = u * d;
      const hi_ = i * d;
      const hj = j * d;
      let x = itemBias[i] - itemBias[j];
      for (let f = 0; f < d; f++) x += userFactors[wu + f] * (itemFactors[hi_ + f] - itemFactors[hj + f]);
      // d/dx ln σ(x) = σ(−x).
      const g = 1 / (1 + Math.exp(x));
      logLikelihood -= Math.log1p(Math.exp(-x));
      itemBias[i] += eta * (g - lambda * itemBias[i]);
      itemBias[j] += eta * (-g - lambda * itemBias[j]);
      for (let f = 0; f < d; f++) {
        const w = userFactors[wu + f];
        const a = itemFactors[hi_ + f];
        const b = itemFactors[hj + f];
        userFactors[wu + f] += eta * (g * (a - b) - lambda * w);
        itemFactors[hi_ + f] += eta * (g * w - lambda * a);
        itemFactors[hj + f] += eta * (-g * w - lambda * b);
      }
    }
    options.onEpoch?.(epoch, logLikelihood / pairs);
  }
  return { dims: d, userFactors, itemFactors, itemBias };
}

export function bprScores(model: BprModel, user: number, out: Float64Array): void {
  const { dims: d, userFactors, itemFactors, itemBias } = model;
  const base = user * d;
  for (let i = 0, off = 0; i < out.length; i++, off += d) {
    let s = itemBias[i];
    for (let f = 0; f < d; f++) s += userFactors[base + f] * itemFactors[off + f];
    out[i] = s;
  }
}

/** Whether the ascending list[lo..hi) holds `value` (binary search). */
function contains(list: Int32Array, from: number, to: number, value: number): boolean {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && list[lo] === value;
}
