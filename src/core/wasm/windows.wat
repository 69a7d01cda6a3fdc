;; The hot loops of the rank-distribution fits (src/core/distribution/kernelProducts.ts) in WebAssembly with 128-bit
;; SIMD: a kernel stored as windows (window j starts at index lo[j] of its row or column and holds
;; values[offsets[j] .. offsets[j + 1])), and the three products every estimator calls.
;; The sums are taken in exactly the order of kernelProducts.ts's `dot` (four partial sums s0..s3 over k mod 4 from
;; the window's start as two f64x2 accumulators (s0, s1) and (s2, s3), the tail into s0, then s0 + s1 + (s2 + s3)),
;; and `axpy` is elementwise, so every product is bit for bit the JavaScript one (windows.test.ts checks it).
;; There is no fused multiply-add in WebAssembly's SIMD: each product is rounded before it is added, as in JavaScript.
;; Addresses are byte offsets into the instance's memory; the caller (windows.ts) lays the arrays out.
;; Built into windowsModule.ts by scripts/build-wasm.mjs.
(module
  (import "env" "memory" (memory 1))

  ;; Σ_k x[k] · v[k] over k in [0, len), x at byte address xp, v at vp (kernelProducts.ts `dot`).
  (func $dot (param $xp i32) (param $vp i32) (param $len i32) (result f64)
    (local $a v128) (local $b v128) (local $end i32) (local $s0 f64)
    (local.set $end (i32.add (local.get $vp) (i32.shl (local.get $len) (i32.const 3))))
    (local.set $a (f64x2.splat (f64.const 0)))
    (local.set $b (f64x2.splat (f64.const 0)))
    (block $done
      (loop $four
        (br_if $done (i32.gt_u (i32.add (local.get $vp) (i32.const 32)) (local.get $end)))
        (local.set $a (f64x2.add (local.get $a) (f64x2.mul (v128.load (local.get $xp)) (v128.load (local.get $vp)))))
        (local.set $b (f64x2.add (local.get $b)
          (f64x2.mul (v128.load offset=16 (local.get $xp)) (v128.load offset=16 (local.get $vp)))))
        (local.set $xp (i32.add (local.get $xp) (i32.const 32)))
        (local.set $vp (i32.add (local.get $vp) (i32.const 32)))
        (br $four)))
    (local.set $s0 (f64x2.extract_lane 0 (local.get $a)))
    (block $done
      (loop $one
        (br_if $done (i32.ge_u (local.get $vp) (local.get $end)))
        (local.set $s0 (f64.add (local.get $s0) (f64.mul (f64.load (local.get $xp)) (f64.load (local.get $vp)))))
        (local.set $xp (i32.add (local.get $xp) (i32.const 8)))
        (local.set $vp (i32.add (local.get $vp) (i32.const 8)))
        (br $one)))
    (f64.add
      (f64.add (local.get $s0) (f64x2.extract_lane 1 (local.get $a)))
      (f64.add (f64x2.extract_lane 0 (local.get $b)) (f64x2.extract_lane 1 (local.get $b)))))

  ;; out[k] += a · v[k] over k in [0, len), v at vp, out at op (kernelProducts.ts `axpy`).
  (func $axpy (param $a f64) (param $vp i32) (param $len i32) (param $op i32)
    (local $av v128) (local $end i32)
    (local.set $end (i32.add (local.get $vp) (i32.shl (local.get $len) (i32.const 3))))
    (local.set $av (f64x2.splat (local.get $a)))
    (block $done
      (loop $four
        (br_if $done (i32.gt_u (i32.add (local.get $vp) (i32.const 32)) (local.get $end)))
        (v128.store (local.get $op)
          (f64x2.add (v128.load (local.get $op)) (f64x2.mul (local.get $av) (v128.load (local.get $vp)))))
        (v128.store offset=16 (local.get $op)
          (f64x2.add (v128.load offset=16 (local.get $op)) (f64x2.mul (local.get $av) (v128.load offset=16 (local.get $vp)))))
        (local.set $op (i32.add (local.get $op) (i32.const 32)))
        (local.set $vp (i32.add (local.get $vp) (i32.const 32)))
        (br $four)))
    (block $done
      (loop $one
        (br_if $done (i32.ge_u (local.get $vp) (local.get $end)))
        (f64.store (local.get $op) (f64.add (f64.load (local.get $op)) (f64.mul (local.get $a) (f64.load (local.get $vp)))))
        (local.set $op (i32.add (local.get $op) (i32.const 8)))
        (local.set $vp (i32.add (local.get $vp) (i32.const 8)))
        (br $one))))

  ;; Byte address of window j's first value, and its length.
  (func $start (param $values i32) (param $offsets i32) (param $j i32) (result i32)
    (i32.add (local.get $values) (i32.shl (i32.load (i32.add (local.get $offsets) (i32.shl (local.get $j) (i32.const 2))))
      (i32.const 3))))
  (func $length (param $offsets i32) (param $j i32) (result i32)
    (local $at i32)
    (local.set $at (i32.add (local.get $offsets) (i32.shl (local.get $j) (i32.const 2))))
    (i32.sub (i32.load offset=4 (local.get $at)) (i32.load (local.get $at))))
  ;; Byte address of element lo[j] of the vector at base.
  (func $at (param $base i32) (param $lo i32) (param $j i32) (result i32)
    (i32.add (local.get $base) (i32.shl (i32.load (i32.add (local.get $lo) (i32.shl (local.get $j) (i32.const 2))))
      (i32.const 3))))

  ;; out[j] = Σ_k x[lo[j] + k] · window_j[k] for j < count (rows: Kᵀc; columns: Kπ), for every j when mask is −1,
  ;; else only where the byte mask[j] is not 0 (out[j] is left as it was elsewhere).
  (func (export "dots") (param $count i32) (param $values i32) (param $lo i32) (param $offsets i32)
        (param $x i32) (param $out i32) (param $mask i32)
    (local $j i32)
    (block $done
      (loop $windows
        (br_if $done (i32.ge_u (local.get $j) (local.get $count)))
        (block $skip
          (if (i32.ne (local.get $mask) (i32.const -1))
            (then (br_if $skip (i32.eqz (i32.load8_u (i32.add (local.get $mask) (local.get $j)))))))
          (f64.store (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 3)))
            (call $dot (call $at (local.get $x) (local.get $lo) (local.get $j))
              (call $start (local.get $values) (local.get $offsets) (local.get $j))
              (call $length (local.get $offsets) (local.get $j)))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $windows))))

  ;; out = 0 over outLength, then out[lo[j] + k] += a[j] · window_j[k] for every j < count with a[j] ≠ 0
  ;; (rows: Kπ; columns: Kᵀc).
  (func (export "axpys") (param $count i32) (param $values i32) (param $lo i32) (param $offsets i32)
        (param $a i32) (param $out i32) (param $outLength i32)
    (local $j i32) (local $aj f64)
    (memory.fill (local.get $out) (i32.const 0) (i32.shl (local.get $outLength) (i32.const 3)))
    (block $done
      (loop $windows
        (br_if $done (i32.ge_u (local.get $j) (local.get $count)))
        (local.set $aj (f64.load (i32.add (local.get $a) (i32.shl (local.get $j) (i32.const 3)))))
        (if (f64.ne (local.get $aj) (f64.const 0))
          (then (call $axpy (local.get $aj)
            (call $start (local.get $values) (local.get $offsets) (local.get $j))
            (call $length (local.get $offsets) (local.get $j))
            (call $at (local.get $out) (local.get $lo) (local.get $j)))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $windows))))

  ;; The fused EM step over row windows (kernelProducts.ts StoredProducts.emStep): d = row · c, next[r] = π[r] d,
  ;; q += next[r] · row (q zeroed first over `size`). Returns max d and Σ next.
  (func (export "rowEmStep") (param $count i32) (param $values i32) (param $lo i32) (param $offsets i32)
        (param $pi i32) (param $c i32) (param $next i32) (param $q i32) (param $size i32) (result f64 f64)
    (local $r i32) (local $vp i32) (local $len i32) (local $d f64) (local $p f64) (local $maxD f64) (local $sum f64)
    (memory.fill (local.get $q) (i32.const 0) (i32.shl (local.get $size) (i32.const 3)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $count)))
        (local.set $vp (call $start (local.get $values) (local.get $offsets) (local.get $r)))
        (local.set $len (call $length (local.get $offsets) (local.get $r)))
        (local.set $d (call $dot (call $at (local.get $c) (local.get $lo) (local.get $r)) (local.get $vp) (local.get $len)))
        (if (f64.gt (local.get $d) (local.get $maxD)) (then (local.set $maxD (local.get $d))))
        (local.set $p (f64.mul (f64.load (i32.add (local.get $pi) (i32.shl (local.get $r) (i32.const 3)))) (local.get $d)))
        (f64.store (i32.add (local.get $next) (i32.shl (local.get $r) (i32.const 3))) (local.get $p))
        (local.set $sum (f64.add (local.get $sum) (local.get $p)))
        (if (f64.ne (local.get $p) (f64.const 0))
          (then (call $axpy (local.get $p) (local.get $vp) (local.get $len) (call $at (local.get $q) (local.get $lo) (local.get $r)))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rows)))
    (local.get $maxD) (local.get $sum))
)
