/**
 * The BV-based rank distribution, `bv-dist:γ` (Jin et al. 2021 eq 15): P̂(R) = Recall_BV@R − Recall_BV@(R − 1),
 * i.e. the bias–variance estimator (Krichene & Rendle eq 25) of the metric M(r) = δ(r = R):
 *   P̂(R) = P̃ᵀ ((1 − γ) AᵀA + γ diag(c))⁻¹ Aᵀ b_R,   (Aᵀ b_R)_i = p(R) p(i | R)
 * with the prior p(R) of the corrections (uniform by default). All n of them come from one solve:
 *   z = S⁻¹ P̃ (S is symmetric),  P̂(R) = p(R) Σ_i z_i p(i | R).
 * P̂ sums to 1 exactly (S 1 = c since Σ_j p(j|r) = 1, so P̃ᵀS⁻¹c = 1) but may be negative, and by linearity
 * Σ_R P̂(R) M(R) is exactly the `bv:γ` estimate of M (eq 14 ∘ eq 15 = eq 25). γ must be in (0, 1]: at γ = 0 the
 * system is the nearly singular minimal-bias one.
 */
import { kernelMoments, normalisedPrior } from '../../corrections/moments.ts';
import { solveSymmetric } from '../../corrections/solve.ts';
import type { KernelProducts, LawKernel, MomentKernel } from '../contracts.ts';

/** S = (1 − γ)AᵀA + γ diag(c) for a kernel and prior, cached by the caller per (n, γ). */
export function bvSystem(kernel: LawKernel, gamma: number, prior?: ArrayLike<number> | null): Float64Array {
  const { itemCount: n, sampleSize: m, law } = kernel;
  const { gram, mass, size } = kernelMoments([], prior ? normalisedPrior(n, prior) : null, n, m, law);
  return blend(gram, mass, size, gamma);
}

/** P̂ of eq 15 from the counts of the sampled ranks (counts[i] for r̃ = i + 1). */
export function bvDistribution(
  kernel: KernelProducts,
  system: Float64Array,
  counts: Float64Array,
  prior?: ArrayLike<number> | null,
): Float64Array {
  return distributionFromSystem(kernel, system, counts, normalisedPrior(kernel.itemCount, prior));
}

/**
 * Eq 15 on the pooled kernel K̄ of users with their own n (pooledKernel.ts, shared.ts): the same estimator with
 * K̄ in place of K, S = (1 − γ) K̄ diag(p) K̄ᵀ + γ diag(K̄ p), P̂(R) = p(R) Σ_i z_i K̄(i | R), z = S⁻¹ P̃ (P̃ the
 * pooled empirical law), over the reference ranks R = 1..N; p is the prior over them (uniform when absent).
 */
export function bvDistributionPooled(
  kernel: MomentKernel,
  counts: Float64Array,
  gamma: number,
  prior?: ArrayLike<number> | null,
): Float64Array {
  const size = kernel.size;
  const all = Int32Array.from({ length: size }, (_, i) => i);
  const p = normalisedPrior(kernel.itemCount, prior);
  const products = kernel.restrict(all);
  const mass = products.multiply(p, new Float64Array(size));
  const system = blend(kernel.moments(all).compute(p), mass, size, gamma);
  return distributionFromSystem(products, system, counts, p);
}

/** S = (1 − γ) G + γ diag(mass), G the Gram matrix K diag(p) Kᵀ (row-major size × size) and mass = K p. */
function blend(gram: Float64Array, mass: Float64Array, size: number, gamma: number): Float64Array {
  const system = new Float64Array(size * size);
  for (let k = 0; k < system.length; k++) system[k] = (1 - gamma) * gram[k];
  for (let i = 0; i < size; i++) system[i * size + i] += gamma * mass[i];
  return system;
}

/** P̂(R) = p(R) Σ_i z_i K(i | R) with z = S⁻¹ P̃, P̃ the counts as a law. */
function distributionFromSystem(
  kernel: KernelProducts,
  system: Float64Array,
  counts: Float64Array,
  p: ArrayLike<number>,
): Float64Array {
  let total = 0;
  for (const c of counts) total += c;
  const z = solveSymmetric(
    system,
    counts.map((c) => c / total),
  );
  const out = kernel.multiplyTranspose(z, new Float64Array(kernel.itemCount));
  for (let R = 0; R < out.length; R++) out[R] *= p[R];
  return out;
}
