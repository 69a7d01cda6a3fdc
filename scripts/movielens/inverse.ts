/**
 * In-place inverse of a symmetric positive definite matrix (row-major n × n) by block Gauss–Jordan elimination
 * without pivoting (positive definiteness keeps every pivot block invertible). For a pivot block K of b rows:
 *   A_KK ← A_KK⁻¹,  A_Kj ← A_KK⁻¹ A_Kj,  A_iK ← −A_iK A_KK⁻¹,  A_ij ← A_ij − A_iK A_KK⁻¹ A_Kj   (i, j ∉ K),
 * which after every block leaves A⁻¹. Each row outside K is read and written once per block (b rows of the
 * updated block in cache), not once per pivot: the n³ multiply-adds of EASE's 3,706 × 3,706 inverse run at the
 * speed of arithmetic rather than of memory.
 */

const BLOCK = 32;

/** Gauss–Jordan on a small dense b × b block, in place. */
function smallInverse(a: Float64Array, b: number): void {
  for (let k = 0; k < b; k++) {
    const ko = k * b;
    const pivot = a[ko + k];
    if (!(pivot > 0)) throw new Error('spdInverse: the matrix is not positive definite');
    a[ko + k] = 1;
    for (let j = 0; j < b; j++) a[ko + j] /= pivot;
    for (let i = 0; i < b; i++) {
      if (i === k) continue;
      const io = i * b;
      const f = a[io + k];
      a[io + k] = 0;
      for (let j = 0; j < b; j++) a[io + j] -= f * a[ko + j];
    }
  }
}

export function spdInverse(a: Float64Array, n: number): void {
  if (a.length !== n * n) throw new Error(`spdInverse: ${a.length} entries for n = ${n}`);
  const panel = new Float64Array(BLOCK * n);
  const block = new Float64Array(BLOCK * BLOCK);
  const f = new Float64Array(BLOCK);
  for (let k0 = 0; k0 < n; k0 += BLOCK) {
    const b = Math.min(BLOCK, n - k0);
    for (let r = 0; r < b; r++) for (let c = 0; c < b; c++) block[r * b + c] = a[(k0 + r) * n + k0 + c];
    smallInverse(block, b);
    // The block's new rows: A_KK⁻¹ A_K· with A_KK⁻¹ in the block's own columns.
    panel.fill(0, 0, b * n);
    for (let r = 0; r < b; r++) {
      const ro = r * n;
      for (let s = 0; s < b; s++) {
        const w = block[r * b + s];
        const so = (k0 + s) * n;
        for (let j = 0; j < n; j++) panel[ro + j] += w * a[so + j];
      }
      for (let c = 0; c < b; c++) panel[ro + k0 + c] = block[r * b + c];
    }
    // Every other row i: A_i· −= A_iK (new rows), after zeroing A_iK (so that its columns K become −A_iK A_KK⁻¹).
    for (let i = 0; i < n; i++) {
      if (i >= k0 && i < k0 + b) continue;
      const io = i * n;
      let nonzero = false;
      for (let s = 0; s < b; s++) {
        f[s] = a[io + k0 + s];
        a[io + k0 + s] = 0;
        if (f[s] !== 0) nonzero = true;
      }
      if (!nonzero) continue;
      let s = 0;
      for (; s + 4 <= b; s += 4) {
        const f0 = f[s];
        const f1 = f[s + 1];
        const f2 = f[s + 2];
        const f3 = f[s + 3];
        const o0 = s * n;
        const o1 = o0 + n;
        const o2 = o1 + n;
        const o3 = o2 + n;
        for (let j = 0; j < n; j++) {
          a[io + j] -= f0 * panel[o0 + j] + f1 * panel[o1 + j] + f2 * panel[o2 + j] + f3 * panel[o3 + j];
        }
      }
      for (; s < b; s++) {
        const f0 = f[s];
        const o0 = s * n;
        for (let j = 0; j < n; j++) a[io + j] -= f0 * panel[o0 + j];
      }
    }
    a.set(panel.subarray(0, b * n), k0 * n);
  }
}
