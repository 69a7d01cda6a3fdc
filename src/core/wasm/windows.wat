;; The hot loops of the rank-distribution fits (src/core/distribution/kernelProducts.ts) in WebAssembly with 128-bit
;; SIMD: a kernel stored as windows (window j starts at index lo[j] of its row or column and holds
;; values[starts[j] .. ends[j]); windows stored back to back pass their offsets as starts and the same array one
;; entry on as ends), and the three products every estimator calls.
;; The sums are taken in exactly the order of kernelProducts.ts's `dot` (four partial sums s0..s3 over k mod 4 from
;; the window's start as two f64x2 accumulators (s0, s1) and (s2, s3), the tail into s0, then s0 + s1 + (s2 + s3)),
;; and `axpy` is elementwise (both written out in each export's loop over windows), so every product is bit for bit the JavaScript one (windows.test.ts checks it).
;; There is no fused multiply-add in WebAssembly's SIMD: each product is rounded before it is added, as in JavaScript.
;; Addresses are byte offsets into the instance's memory; the caller (windows.ts) lays the arrays out.
;; Built into windowsModule.ts by scripts/build-wasm.mjs.
(module
  (import "env" "memory" (memory 1))

  ;; Byte address of window j's first value (the window's start index, times 8, past `values`).
  (func $start (param $values i32) (param $starts i32) (param $j i32) (result i32)
    (i32.add (local.get $values) (i32.shl (call $int (local.get $starts) (local.get $j)) (i32.const 3))))

  ;; out[j] = Σ_k x[lo[j] + k] · window_j[k] for j < count (rows: Kᵀc; columns: Kπ). $dot's loops written out here
  ;; (and in axpys and rowEmStep): V8 does not inline WebAssembly calls, and a call per window with its address
  ;; helpers cost as much as a short window's arithmetic. Windows two at a time, their sums interleaved (each its own
  ;; accumulators, as in rowEmStep: the same sums in the same order, two chains of additions overlapping).
  (func (export "dots") (param $count i32) (param $values i32) (param $lo i32) (param $starts i32) (param $ends i32)
        (param $x i32) (param $out i32)
    (local $j i32) (local $at i32)
    (local $vp0 i32) (local $end0 i32) (local $xp0 i32) (local $s0 f64) (local $a0 v128) (local $b0 v128)
    (local $vp1 i32) (local $end1 i32) (local $xp1 i32) (local $s1 f64) (local $a1 v128) (local $b1 v128)
    (block $done
      (loop $windows
        (br_if $done (i32.ge_u (local.get $j) (local.get $count)))
        (local.set $at (i32.shl (local.get $j) (i32.const 2)))
        (local.set $vp0 (i32.add (local.get $values)
          (i32.shl (i32.load (i32.add (local.get $starts) (local.get $at))) (i32.const 3))))
        (local.set $end0 (i32.add (local.get $values)
          (i32.shl (i32.load (i32.add (local.get $ends) (local.get $at))) (i32.const 3))))
        (local.set $xp0 (i32.add (local.get $x)
          (i32.shl (i32.load (i32.add (local.get $lo) (local.get $at))) (i32.const 3))))
        (if (i32.lt_u (i32.add (local.get $j) (i32.const 1)) (local.get $count))
          (then
        (local.set $at (i32.shl (i32.add (local.get $j) (i32.const 1)) (i32.const 2)))
        (local.set $vp1 (i32.add (local.get $values)
          (i32.shl (i32.load (i32.add (local.get $starts) (local.get $at))) (i32.const 3))))
        (local.set $end1 (i32.add (local.get $values)
          (i32.shl (i32.load (i32.add (local.get $ends) (local.get $at))) (i32.const 3))))
        (local.set $xp1 (i32.add (local.get $x)
          (i32.shl (i32.load (i32.add (local.get $lo) (local.get $at))) (i32.const 3))))
          )
          (else
            (local.set $vp1 (i32.const 0))
            (local.set $end1 (i32.const 0))
            (local.set $xp1 (i32.const 0))))
        (local.set $a0 (f64x2.splat (f64.const 0)))
        (local.set $b0 (f64x2.splat (f64.const 0)))
        (local.set $a1 (f64x2.splat (f64.const 0)))
        (local.set $b1 (f64x2.splat (f64.const 0)))
        (block $paired
          (loop $both
            (br_if $paired (i32.gt_u (i32.add (local.get $vp0) (i32.const 32)) (local.get $end0)))
            (br_if $paired (i32.gt_u (i32.add (local.get $vp1) (i32.const 32)) (local.get $end1)))
            (local.set $a0 (f64x2.add (local.get $a0) (f64x2.mul (v128.load (local.get $xp0)) (v128.load (local.get $vp0)))))
            (local.set $a1 (f64x2.add (local.get $a1) (f64x2.mul (v128.load (local.get $xp1)) (v128.load (local.get $vp1)))))
            (local.set $b0 (f64x2.add (local.get $b0)
              (f64x2.mul (v128.load offset=16 (local.get $xp0)) (v128.load offset=16 (local.get $vp0)))))
            (local.set $b1 (f64x2.add (local.get $b1)
              (f64x2.mul (v128.load offset=16 (local.get $xp1)) (v128.load offset=16 (local.get $vp1)))))
            (local.set $xp0 (i32.add (local.get $xp0) (i32.const 32)))
            (local.set $vp0 (i32.add (local.get $vp0) (i32.const 32)))
            (local.set $xp1 (i32.add (local.get $xp1) (i32.const 32)))
            (local.set $vp1 (i32.add (local.get $vp1) (i32.const 32)))
            (br $both)))
        (block $dotted0
          (loop $four0
            (br_if $dotted0 (i32.gt_u (i32.add (local.get $vp0) (i32.const 32)) (local.get $end0)))
            (local.set $a0 (f64x2.add (local.get $a0) (f64x2.mul (v128.load (local.get $xp0)) (v128.load (local.get $vp0)))))
            (local.set $b0 (f64x2.add (local.get $b0)
              (f64x2.mul (v128.load offset=16 (local.get $xp0)) (v128.load offset=16 (local.get $vp0)))))
            (local.set $xp0 (i32.add (local.get $xp0) (i32.const 32)))
            (local.set $vp0 (i32.add (local.get $vp0) (i32.const 32)))
            (br $four0)))
        (local.set $s0 (f64x2.extract_lane 0 (local.get $a0)))
        (block $tailed0
          (loop $one0
            (br_if $tailed0 (i32.ge_u (local.get $vp0) (local.get $end0)))
            (local.set $s0 (f64.add (local.get $s0) (f64.mul (f64.load (local.get $xp0)) (f64.load (local.get $vp0)))))
            (local.set $xp0 (i32.add (local.get $xp0) (i32.const 8)))
            (local.set $vp0 (i32.add (local.get $vp0) (i32.const 8)))
            (br $one0)))
        (local.set $s0 (f64.add
          (f64.add (local.get $s0) (f64x2.extract_lane 1 (local.get $a0)))
          (f64.add (f64x2.extract_lane 0 (local.get $b0)) (f64x2.extract_lane 1 (local.get $b0)))))
        (block $dotted1
          (loop $four1
            (br_if $dotted1 (i32.gt_u (i32.add (local.get $vp1) (i32.const 32)) (local.get $end1)))
            (local.set $a1 (f64x2.add (local.get $a1) (f64x2.mul (v128.load (local.get $xp1)) (v128.load (local.get $vp1)))))
            (local.set $b1 (f64x2.add (local.get $b1)
              (f64x2.mul (v128.load offset=16 (local.get $xp1)) (v128.load offset=16 (local.get $vp1)))))
            (local.set $xp1 (i32.add (local.get $xp1) (i32.const 32)))
            (local.set $vp1 (i32.add (local.get $vp1) (i32.const 32)))
            (br $four1)))
        (local.set $s1 (f64x2.extract_lane 0 (local.get $a1)))
        (block $tailed1
          (loop $one1
            (br_if $tailed1 (i32.ge_u (local.get $vp1) (local.get $end1)))
            (local.set $s1 (f64.add (local.get $s1) (f64.mul (f64.load (local.get $xp1)) (f64.load (local.get $vp1)))))
            (local.set $xp1 (i32.add (local.get $xp1) (i32.const 8)))
            (local.set $vp1 (i32.add (local.get $vp1) (i32.const 8)))
            (br $one1)))
        (local.set $s1 (f64.add
          (f64.add (local.get $s1) (f64x2.extract_lane 1 (local.get $a1)))
          (f64.add (f64x2.extract_lane 0 (local.get $b1)) (f64x2.extract_lane 1 (local.get $b1)))))
        (f64.store (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 3))) (local.get $s0))
        (if (i32.lt_u (i32.add (local.get $j) (i32.const 1)) (local.get $count))
          (then (f64.store (i32.add (local.get $out) (i32.shl (i32.add (local.get $j) (i32.const 1)) (i32.const 3)))
            (local.get $s1))))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $windows))))

  ;; out[k] += a · v[k] for k < n, v and out at byte addresses vp and op ($axpy over a range).
  (func $axpyRange (param $a f64) (param $vp i32) (param $op i32) (param $n i32)
    (local $av v128) (local $end i32)
    (local.set $end (i32.add (local.get $vp) (i32.shl (local.get $n) (i32.const 3))))
    (local.set $av (f64x2.splat (local.get $a)))
    (block $added
      (loop $two
        (br_if $added (i32.gt_u (i32.add (local.get $vp) (i32.const 16)) (local.get $end)))
        (v128.store (local.get $op)
          (f64x2.add (v128.load (local.get $op)) (f64x2.mul (local.get $av) (v128.load (local.get $vp)))))
        (local.set $op (i32.add (local.get $op) (i32.const 16)))
        (local.set $vp (i32.add (local.get $vp) (i32.const 16)))
        (br $two)))
    (if (i32.lt_u (local.get $vp) (local.get $end))
      (then (f64.store (local.get $op)
        (f64.add (f64.load (local.get $op)) (f64.mul (local.get $a) (f64.load (local.get $vp))))))))

  ;; out = 0 over outLength, then out[lo[j] + k] += a[j] · window_j[k] for every j < count with a[j] ≠ 0
  ;; (rows: Kπ; columns: Kᵀc). Each entry of out gets its windows' terms one after the other in the order of j, as
  ;; $axpy window after window would add them; windows are taken two at a time, and where both cover an entry it is
  ;; loaded and stored once for the two terms (out[k] + a_j v_j + a_j+1 v_j+1, left to right).
  (func (export "axpys") (param $count i32) (param $values i32) (param $lo i32) (param $starts i32) (param $ends i32)
        (param $a i32) (param $out i32) (param $outLength i32)
    (local $j i32) (local $at i32)
    (local $a0 f64) (local $v0 i32) (local $l0 i32) (local $e0 i32)
    (local $a1 f64) (local $v1 i32) (local $l1 i32) (local $e1 i32)
    (local $from i32) (local $to i32) (local $op i32) (local $p0 i32) (local $p1 i32) (local $end i32)
    (local $av0 v128) (local $av1 v128)
    (memory.fill (local.get $out) (i32.const 0) (i32.shl (local.get $outLength) (i32.const 3)))
    (block $done
      (loop $windows
        (br_if $done (i32.ge_u (local.get $j) (local.get $count)))
        ;; Window j: coefficient, values' byte address, and its span [l0, e0) of out's indices.
        (local.set $at (i32.shl (local.get $j) (i32.const 2)))
        (local.set $a0 (f64.load (i32.add (local.get $a) (i32.shl (local.get $j) (i32.const 3)))))
        (local.set $v0 (call $start (local.get $values) (local.get $starts) (local.get $j)))
        (local.set $l0 (i32.load (i32.add (local.get $lo) (local.get $at))))
        (local.set $e0 (i32.add (local.get $l0) (i32.sub
          (i32.load (i32.add (local.get $ends) (local.get $at))) (i32.load (i32.add (local.get $starts) (local.get $at))))))
        ;; Window j + 1 (none past the last, or when its coefficient is 0: an empty span).
        (local.set $a1 (f64.const 0))
        (local.set $l1 (i32.const 0))
        (local.set $e1 (i32.const 0))
        (local.set $v1 (i32.const 0))
        (if (i32.lt_u (i32.add (local.get $j) (i32.const 1)) (local.get $count))
          (then
            (local.set $at (i32.add (local.get $at) (i32.const 4)))
            (local.set $a1 (f64.load (i32.add (local.get $a) (i32.shl (i32.add (local.get $j) (i32.const 1)) (i32.const 3)))))
            (local.set $v1 (call $start (local.get $values) (local.get $starts) (i32.add (local.get $j) (i32.const 1))))
            (local.set $l1 (i32.load (i32.add (local.get $lo) (local.get $at))))
            (local.set $e1 (i32.add (local.get $l1) (i32.sub
              (i32.load (i32.add (local.get $ends) (local.get $at))) (i32.load (i32.add (local.get $starts) (local.get $at))))))))
        (if (f64.eq (local.get $a0) (f64.const 0)) (then (local.set $e0 (local.get $l0))))
        (if (f64.eq (local.get $a1) (f64.const 0)) (then (local.set $e1 (local.get $l1))))
        ;; The span both cover, [from, to).
        (local.set $from (select (local.get $l0) (local.get $l1) (i32.gt_s (local.get $l0) (local.get $l1))))
        (local.set $to (select (local.get $e0) (local.get $e1) (i32.lt_s (local.get $e0) (local.get $e1))))
        (if (i32.ge_s (local.get $from) (local.get $to))
          (then
            ;; Apart (or one empty): each window alone.
            (if (i32.lt_s (local.get $l0) (local.get $e0))
              (then (call $axpyRange (local.get $a0) (local.get $v0)
                (i32.add (local.get $out) (i32.shl (local.get $l0) (i32.const 3))) (i32.sub (local.get $e0) (local.get $l0)))))
            (if (i32.lt_s (local.get $l1) (local.get $e1))
              (then (call $axpyRange (local.get $a1) (local.get $v1)
                (i32.add (local.get $out) (i32.shl (local.get $l1) (i32.const 3))) (i32.sub (local.get $e1) (local.get $l1))))))
          (else
            ;; Before the shared span: the window that starts first, alone.
            (if (i32.lt_s (local.get $l0) (local.get $from))
              (then (call $axpyRange (local.get $a0) (local.get $v0)
                (i32.add (local.get $out) (i32.shl (local.get $l0) (i32.const 3))) (i32.sub (local.get $from) (local.get $l0)))))
            (if (i32.lt_s (local.get $l1) (local.get $from))
              (then (call $axpyRange (local.get $a1) (local.get $v1)
                (i32.add (local.get $out) (i32.shl (local.get $l1) (i32.const 3))) (i32.sub (local.get $from) (local.get $l1)))))
            ;; The shared span: out[k] + a0 v0 + a1 v1.
            (local.set $op (i32.add (local.get $out) (i32.shl (local.get $from) (i32.const 3))))
            (local.set $end (i32.add (local.get $out) (i32.shl (local.get $to) (i32.const 3))))
            (local.set $p0 (i32.add (local.get $v0) (i32.shl (i32.sub (local.get $from) (local.get $l0)) (i32.const 3))))
            (local.set $p1 (i32.add (local.get $v1) (i32.shl (i32.sub (local.get $from) (local.get $l1)) (i32.const 3))))
            (local.set $av0 (f64x2.splat (local.get $a0)))
            (local.set $av1 (f64x2.splat (local.get $a1)))
            (block $added
              (loop $two
                (br_if $added (i32.gt_u (i32.add (local.get $op) (i32.const 16)) (local.get $end)))
                (v128.store (local.get $op)
                  (f64x2.add
                    (f64x2.add (v128.load (local.get $op)) (f64x2.mul (local.get $av0) (v128.load (local.get $p0))))
                    (f64x2.mul (local.get $av1) (v128.load (local.get $p1)))))
                (local.set $op (i32.add (local.get $op) (i32.const 16)))
                (local.set $p0 (i32.add (local.get $p0) (i32.const 16)))
                (local.set $p1 (i32.add (local.get $p1) (i32.const 16)))
                (br $two)))
            (if (i32.lt_u (local.get $op) (local.get $end))
              (then (f64.store (local.get $op)
                (f64.add
                  (f64.add (f64.load (local.get $op)) (f64.mul (local.get $a0) (f64.load (local.get $p0))))
                  (f64.mul (local.get $a1) (f64.load (local.get $p1)))))))
            ;; After it: the window that ends last, alone.
            (if (i32.lt_s (local.get $to) (local.get $e0))
              (then (call $axpyRange (local.get $a0)
                (i32.add (local.get $v0) (i32.shl (i32.sub (local.get $to) (local.get $l0)) (i32.const 3)))
                (i32.add (local.get $out) (i32.shl (local.get $to) (i32.const 3))) (i32.sub (local.get $e0) (local.get $to)))))
            (if (i32.lt_s (local.get $to) (local.get $e1))
              (then (call $axpyRange (local.get $a1)
                (i32.add (local.get $v1) (i32.shl (i32.sub (local.get $to) (local.get $l1)) (i32.const 3)))
                (i32.add (local.get $out) (i32.shl (local.get $to) (i32.const 3))) (i32.sub (local.get $e1) (local.get $to)))))))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $windows))))

  ;; The fused EM step over row windows (kernelProducts.ts StoredProducts.emStep): d = row · c, next[r] = π[r] d,
  ;; q += next[r] · row (q zeroed first over `size`). Returns max d and Σ next. Rows are taken two at a time: their
  ;; dot products run interleaved (each row's own two accumulators, so the same sums in the same order as $dot: two
  ;; chains of additions overlap), and where the two rows start at the same column (most neighbouring rows of a
  ;; sampling kernel) each c is loaded once for both, and each q entry both rows reach is loaded and stored once for
  ;; their two terms, added in row order (q + next_r v_r + next_r+1 v_r+1) as two axpys one after the other would.
  ;; Everything written out in the loop (V8 does not inline WebAssembly calls).
  (func (export "rowEmStep") (param $count i32) (param $values i32) (param $lo i32) (param $starts i32) (param $ends i32)
        (param $pi i32) (param $c i32) (param $next i32) (param $q i32) (param $size i32) (result f64 f64)
    (local $r i32) (local $at i32) (local $has1 i32)
    (local $start0 i32) (local $end0 i32) (local $lo0 i32) (local $vp0 i32) (local $xp0 i32) (local $op0 i32)
    (local $start1 i32) (local $end1 i32) (local $lo1 i32) (local $vp1 i32) (local $xp1 i32) (local $op1 i32)
    (local $a0 v128) (local $b0 v128) (local $a1 v128) (local $b1 v128) (local $pv v128) (local $pv1 v128)
    (local $cv v128) (local $cw v128) (local $qv v128)
    (local $d0 f64) (local $d1 f64) (local $p0 f64) (local $p1 f64) (local $maxD f64) (local $sum f64)
    (memory.fill (local.get $q) (i32.const 0) (i32.shl (local.get $size) (i32.const 3)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $r) (local.get $count)))
        (local.set $at (i32.shl (local.get $r) (i32.const 2)))
        (local.set $start0 (i32.add (local.get $values)
          (i32.shl (i32.load (i32.add (local.get $starts) (local.get $at))) (i32.const 3))))
        (local.set $end0 (i32.add (local.get $values)
          (i32.shl (i32.load (i32.add (local.get $ends) (local.get $at))) (i32.const 3))))
        (local.set $lo0 (i32.shl (i32.load (i32.add (local.get $lo) (local.get $at))) (i32.const 3)))
        ;; The next row, or an empty one after the last.
        (local.set $has1 (i32.lt_u (i32.add (local.get $r) (i32.const 1)) (local.get $count)))
        (if (local.get $has1)
          (then
            (local.set $at (i32.shl (i32.add (local.get $r) (i32.const 1)) (i32.const 2)))
            (local.set $start1 (i32.add (local.get $values)
              (i32.shl (i32.load (i32.add (local.get $starts) (local.get $at))) (i32.const 3))))
            (local.set $end1 (i32.add (local.get $values)
              (i32.shl (i32.load (i32.add (local.get $ends) (local.get $at))) (i32.const 3))))
            (local.set $lo1 (i32.shl (i32.load (i32.add (local.get $lo) (local.get $at))) (i32.const 3)))
          )
          (else
            (local.set $start1 (i32.const 0))
            (local.set $end1 (i32.const 0))
            (local.set $lo1 (i32.const -8))))
        (local.set $vp0 (local.get $start0))
        (local.set $xp0 (i32.add (local.get $c) (local.get $lo0)))
        (local.set $vp1 (local.get $start1))
        (local.set $xp1 (i32.add (local.get $c) (local.get $lo1)))
        (local.set $a0 (f64x2.splat (f64.const 0)))
        (local.set $b0 (f64x2.splat (f64.const 0)))
        (local.set $a1 (f64x2.splat (f64.const 0)))
        (local.set $b1 (f64x2.splat (f64.const 0)))
        ;; Both rows' blocks of four while both have one: c loaded once when they start at the same column.
        (if (i32.eq (local.get $lo0) (local.get $lo1))
          (then
            (block $pairedShared
              (loop $bothShared
                (br_if $pairedShared (i32.gt_u (i32.add (local.get $vp0) (i32.const 32)) (local.get $end0)))
                (br_if $pairedShared (i32.gt_u (i32.add (local.get $vp1) (i32.const 32)) (local.get $end1)))
                (local.set $cv (v128.load (local.get $xp0)))
                (local.set $cw (v128.load offset=16 (local.get $xp0)))
                (local.set $a0 (f64x2.add (local.get $a0) (f64x2.mul (local.get $cv) (v128.load (local.get $vp0)))))
                (local.set $a1 (f64x2.add (local.get $a1) (f64x2.mul (local.get $cv) (v128.load (local.get $vp1)))))
                (local.set $b0 (f64x2.add (local.get $b0) (f64x2.mul (local.get $cw) (v128.load offset=16 (local.get $vp0)))))
                (local.set $b1 (f64x2.add (local.get $b1) (f64x2.mul (local.get $cw) (v128.load offset=16 (local.get $vp1)))))
                (local.set $xp0 (i32.add (local.get $xp0) (i32.const 32)))
                (local.set $vp0 (i32.add (local.get $vp0) (i32.const 32)))
                (local.set $vp1 (i32.add (local.get $vp1) (i32.const 32)))
                (br $bothShared)))
            (local.set $xp1 (local.get $xp0)))
          (else
            (block $paired
              (loop $both
                (br_if $paired (i32.gt_u (i32.add (local.get $vp0) (i32.const 32)) (local.get $end0)))
                (br_if $paired (i32.gt_u (i32.add (local.get $vp1) (i32.const 32)) (local.get $end1)))
                (local.set $a0 (f64x2.add (local.get $a0) (f64x2.mul (v128.load (local.get $xp0)) (v128.load (local.get $vp0)))))
                (local.set $a1 (f64x2.add (local.get $a1) (f64x2.mul (v128.load (local.get $xp1)) (v128.load (local.get $vp1)))))
                (local.set $b0 (f64x2.add (local.get $b0)
                  (f64x2.mul (v128.load offset=16 (local.get $xp0)) (v128.load offset=16 (local.get $vp0)))))
                (local.set $b1 (f64x2.add (local.get $b1)
                  (f64x2.mul (v128.load offset=16 (local.get $xp1)) (v128.load offset=16 (local.get $vp1)))))
                (local.set $xp0 (i32.add (local.get $xp0) (i32.const 32)))
                (local.set $vp0 (i32.add (local.get $vp0) (i32.const 32)))
                (local.set $xp1 (i32.add (local.get $xp1) (i32.const 32)))
                (local.set $vp1 (i32.add (local.get $vp1) (i32.const 32)))
                (br $both)))))
        ;; Row 0's remaining blocks of four, its tail into s0, then s0 + s1 + (s2 + s3): its d.
        (block $dotted0
          (loop $four0
            (br_if $dotted0 (i32.gt_u (i32.add (local.get $vp0) (i32.const 32)) (local.get $end0)))
            (local.set $a0 (f64x2.add (local.get $a0) (f64x2.mul (v128.load (local.get $xp0)) (v128.load (local.get $vp0)))))
            (local.set $b0 (f64x2.add (local.get $b0)
              (f64x2.mul (v128.load offset=16 (local.get $xp0)) (v128.load offset=16 (local.get $vp0)))))
            (local.set $xp0 (i32.add (local.get $xp0) (i32.const 32)))
            (local.set $vp0 (i32.add (local.get $vp0) (i32.const 32)))
            (br $four0)))
        (local.set $d0 (f64x2.extract_lane 0 (local.get $a0)))
        (block $tailed0
          (loop $one0
            (br_if $tailed0 (i32.ge_u (local.get $vp0) (local.get $end0)))
            (local.set $d0 (f64.add (local.get $d0) (f64.mul (f64.load (local.get $xp0)) (f64.load (local.get $vp0)))))
            (local.set $xp0 (i32.add (local.get $xp0) (i32.const 8)))
            (local.set $vp0 (i32.add (local.get $vp0) (i32.const 8)))
            (br $one0)))
        (local.set $d0 (f64.add
          (f64.add (local.get $d0) (f64x2.extract_lane 1 (local.get $a0)))
          (f64.add (f64x2.extract_lane 0 (local.get $b0)) (f64x2.extract_lane 1 (local.get $b0)))))
        ;; Row 1's remaining blocks of four, its tail into s0, then s0 + s1 + (s2 + s3): its d.
        (block $dotted1
          (loop $four1
            (br_if $dotted1 (i32.gt_u (i32.add (local.get $vp1) (i32.const 32)) (local.get $end1)))
            (local.set $a1 (f64x2.add (local.get $a1) (f64x2.mul (v128.load (local.get $xp1)) (v128.load (local.get $vp1)))))
            (local.set $b1 (f64x2.add (local.get $b1)
              (f64x2.mul (v128.load offset=16 (local.get $xp1)) (v128.load offset=16 (local.get $vp1)))))
            (local.set $xp1 (i32.add (local.get $xp1) (i32.const 32)))
            (local.set $vp1 (i32.add (local.get $vp1) (i32.const 32)))
            (br $four1)))
        (local.set $d1 (f64x2.extract_lane 0 (local.get $a1)))
        (block $tailed1
          (loop $one1
            (br_if $tailed1 (i32.ge_u (local.get $vp1) (local.get $end1)))
            (local.set $d1 (f64.add (local.get $d1) (f64.mul (f64.load (local.get $xp1)) (f64.load (local.get $vp1)))))
            (local.set $xp1 (i32.add (local.get $xp1) (i32.const 8)))
            (local.set $vp1 (i32.add (local.get $vp1) (i32.const 8)))
            (br $one1)))
        (local.set $d1 (f64.add
          (f64.add (local.get $d1) (f64x2.extract_lane 1 (local.get $a1)))
          (f64.add (f64x2.extract_lane 0 (local.get $b1)) (f64x2.extract_lane 1 (local.get $b1)))))
        ;; Each row in turn: max d, next = π d, Σ next.
        (if (f64.gt (local.get $d0) (local.get $maxD)) (then (local.set $maxD (local.get $d0))))
        (local.set $p0 (f64.mul (f64.load (i32.add (local.get $pi) (i32.shl (local.get $r) (i32.const 3)))) (local.get $d0)))
        (f64.store (i32.add (local.get $next) (i32.shl (local.get $r) (i32.const 3))) (local.get $p0))
        (local.set $sum (f64.add (local.get $sum) (local.get $p0)))
        (local.set $p1 (f64.const 0))
        (if (local.get $has1)
          (then
            (if (f64.gt (local.get $d1) (local.get $maxD)) (then (local.set $maxD (local.get $d1))))
            (local.set $p1 (f64.mul (f64.load (i32.add (local.get $pi) (i32.shl (i32.add (local.get $r) (i32.const 1)) (i32.const 3)))) (local.get $d1)))
            (f64.store (i32.add (local.get $next) (i32.shl (i32.add (local.get $r) (i32.const 1)) (i32.const 3))) (local.get $p1))
            (local.set $sum (f64.add (local.get $sum) (local.get $p1)))
          ))
        (local.set $vp0 (local.get $start0))
        (local.set $op0 (i32.add (local.get $q) (local.get $lo0)))
        (local.set $vp1 (local.get $start1))
        (local.set $op1 (i32.add (local.get $q) (local.get $lo1)))
        ;; q += next · row: where both rows start at the same column and add terms, the entries both reach take
        ;; both terms with one load and one store; the rest of the longer row, alone. Otherwise row r, then row r + 1.
        (if (i32.and (i32.eq (local.get $lo0) (local.get $lo1))
              (i32.and (f64.ne (local.get $p0) (f64.const 0)) (f64.ne (local.get $p1) (f64.const 0))))
          (then
            (local.set $pv (f64x2.splat (local.get $p0)))
            (local.set $pv1 (f64x2.splat (local.get $p1)))
            (block $joint
              (loop $twoJoint
                (br_if $joint (i32.gt_u (i32.add (local.get $vp0) (i32.const 16)) (local.get $end0)))
                (br_if $joint (i32.gt_u (i32.add (local.get $vp1) (i32.const 16)) (local.get $end1)))
                (v128.store (local.get $op0)
                  (f64x2.add
                    (f64x2.add (v128.load (local.get $op0)) (f64x2.mul (local.get $pv) (v128.load (local.get $vp0))))
                    (f64x2.mul (local.get $pv1) (v128.load (local.get $vp1)))))
                (local.set $op0 (i32.add (local.get $op0) (i32.const 16)))
                (local.set $vp0 (i32.add (local.get $vp0) (i32.const 16)))
                (local.set $vp1 (i32.add (local.get $vp1) (i32.const 16)))
                (br $twoJoint)))
            (if (i32.and (i32.lt_u (local.get $vp0) (local.get $end0)) (i32.lt_u (local.get $vp1) (local.get $end1)))
              (then
                (f64.store (local.get $op0)
                  (f64.add
                    (f64.add (f64.load (local.get $op0)) (f64.mul (local.get $p0) (f64.load (local.get $vp0))))
                    (f64.mul (local.get $p1) (f64.load (local.get $vp1)))))
                (local.set $op0 (i32.add (local.get $op0) (i32.const 8)))
                (local.set $vp0 (i32.add (local.get $vp0) (i32.const 8)))
                (local.set $vp1 (i32.add (local.get $vp1) (i32.const 8)))))
            (local.set $op1 (local.get $op0))
            (local.set $pv (f64x2.splat (local.get $p0)))
            (block $addedRest0
              (loop $twoRest0
                (br_if $addedRest0 (i32.gt_u (i32.add (local.get $vp0) (i32.const 16)) (local.get $end0)))
                (v128.store (local.get $op0)
                  (f64x2.add (v128.load (local.get $op0)) (f64x2.mul (local.get $pv) (v128.load (local.get $vp0)))))
                (local.set $op0 (i32.add (local.get $op0) (i32.const 16)))
                (local.set $vp0 (i32.add (local.get $vp0) (i32.const 16)))
                (br $twoRest0)))
            (if (i32.lt_u (local.get $vp0) (local.get $end0))
              (then (f64.store (local.get $op0)
                (f64.add (f64.load (local.get $op0)) (f64.mul (local.get $p0) (f64.load (local.get $vp0)))))))
            (local.set $pv (f64x2.splat (local.get $p1)))
            (block $addedRest1
              (loop $twoRest1
                (br_if $addedRest1 (i32.gt_u (i32.add (local.get $vp1) (i32.const 16)) (local.get $end1)))
                (v128.store (local.get $op1)
                  (f64x2.add (v128.load (local.get $op1)) (f64x2.mul (local.get $pv) (v128.load (local.get $vp1)))))
                (local.set $op1 (i32.add (local.get $op1) (i32.const 16)))
                (local.set $vp1 (i32.add (local.get $vp1) (i32.const 16)))
                (br $twoRest1)))
            (if (i32.lt_u (local.get $vp1) (local.get $end1))
              (then (f64.store (local.get $op1)
                (f64.add (f64.load (local.get $op1)) (f64.mul (local.get $p1) (f64.load (local.get $vp1)))))))
          )
          (else
            (if (f64.ne (local.get $p0) (f64.const 0))
              (then
                (local.set $pv (f64x2.splat (local.get $p0)))
                (block $addedAlone0
                  (loop $twoAlone0
                    (br_if $addedAlone0 (i32.gt_u (i32.add (local.get $vp0) (i32.const 16)) (local.get $end0)))
                    (v128.store (local.get $op0)
                      (f64x2.add (v128.load (local.get $op0)) (f64x2.mul (local.get $pv) (v128.load (local.get $vp0)))))
                    (local.set $op0 (i32.add (local.get $op0) (i32.const 16)))
                    (local.set $vp0 (i32.add (local.get $vp0) (i32.const 16)))
                    (br $twoAlone0)))
                (if (i32.lt_u (local.get $vp0) (local.get $end0))
                  (then (f64.store (local.get $op0)
                    (f64.add (f64.load (local.get $op0)) (f64.mul (local.get $p0) (f64.load (local.get $vp0)))))))
              ))
            (if (f64.ne (local.get $p1) (f64.const 0))
              (then
                (local.set $pv (f64x2.splat (local.get $p1)))
                (block $addedAlone1
                  (loop $twoAlone1
                    (br_if $addedAlone1 (i32.gt_u (i32.add (local.get $vp1) (i32.const 16)) (local.get $end1)))
                    (v128.store (local.get $op1)
                      (f64x2.add (v128.load (local.get $op1)) (f64x2.mul (local.get $pv) (v128.load (local.get $vp1)))))
                    (local.set $op1 (i32.add (local.get $op1) (i32.const 16)))
                    (local.set $vp1 (i32.add (local.get $vp1) (i32.const 16)))
                    (br $twoAlone1)))
                (if (i32.lt_u (local.get $vp1) (local.get $end1))
                  (then (f64.store (local.get $op1)
                    (f64.add (f64.load (local.get $op1)) (f64.mul (local.get $p1) (f64.load (local.get $vp1)))))))
              ))))
        (local.set $r (i32.add (local.get $r) (i32.const 2)))
        (br $rows)))
    (local.get $maxD) (local.get $sum))
  ;; The second moments C_ab = Σ_R w_a[R] k_b[R] of pooledKernel.ts (w = π ⊙ k), d columns of N values each, column-major,
  ;; column a nonzero over rows first[a]..last[a]; computed two columns by two columns over the union of their windows
  ;; (pooledKernel.ts blockMoments: the same sums in the same order: even and odd R apart, the last odd R into the even
  ;; sum, then even + odd) and written to both triangles of the row-major d × d out.
  (func (export "moments") (param $d i32) (param $n i32) (param $weighted i32) (param $columns i32)
        (param $first i32) (param $last i32) (param $out i32)
    (local $a i32) (local $a1 i32) (local $b i32) (local $b1 i32)
    (local $lo i32) (local $hi i32) (local $r i32)
    (local $wa i32) (local $wa1 i32) (local $cb i32) (local $cb1 i32)
    (local $x0 v128) (local $x1 v128) (local $y0 v128) (local $y1 v128)
    (local $s00 v128) (local $s01 v128) (local $s10 v128) (local $s11 v128)
    (local $t00 f64) (local $t01 f64) (local $t10 f64) (local $t11 f64)
    (local $row i32)
    (block $aDone
      (loop $aLoop
        (br_if $aDone (i32.ge_s (local.get $a) (local.get $d)))
        (local.set $a1 (select (i32.add (local.get $a) (i32.const 1)) (i32.sub (local.get $d) (i32.const 1))
          (i32.lt_s (i32.add (local.get $a) (i32.const 1)) (local.get $d))))
        (local.set $b (local.get $a))
        (block $bDone
          (loop $bLoop
            (br_if $bDone (i32.ge_s (local.get $b) (local.get $d)))
            (local.set $b1 (select (i32.add (local.get $b) (i32.const 1)) (i32.sub (local.get $d) (i32.const 1))
              (i32.lt_s (i32.add (local.get $b) (i32.const 1)) (local.get $d))))
            ;; lo = max(min(first a, first a1), min(first b, first b1)); hi = min(max(last a, last a1), max(last b, last b1))
            (local.set $lo (call $max (call $min (call $int (local.get $first) (local.get $a)) (call $int (local.get $first) (local.get $a1)))
                                      (call $min (call $int (local.get $first) (local.get $b)) (call $int (local.get $first) (local.get $b1)))))
            (local.set $hi (call $min (call $max (call $int (local.get $last) (local.get $a)) (call $int (local.get $last) (local.get $a1)))
                                      (call $max (call $int (local.get $last) (local.get $b)) (call $int (local.get $last) (local.get $b1)))))
            (local.set $wa (i32.add (local.get $weighted) (i32.shl (i32.mul (local.get $a) (local.get $n)) (i32.const 3))))
            (local.set $wa1 (i32.add (local.get $weighted) (i32.shl (i32.mul (local.get $a1) (local.get $n)) (i32.const 3))))
            (local.set $cb (i32.add (local.get $columns) (i32.shl (i32.mul (local.get $b) (local.get $n)) (i32.const 3))))
            (local.set $cb1 (i32.add (local.get $columns) (i32.shl (i32.mul (local.get $b1) (local.get $n)) (i32.const 3))))
            (local.set $s00 (f64x2.splat (f64.const 0)))
            (local.set $s01 (f64x2.splat (f64.const 0)))
            (local.set $s10 (f64x2.splat (f64.const 0)))
            (local.set $s11 (f64x2.splat (f64.const 0)))
            (local.set $r (local.get $lo))
            (block $rDone
              (loop $rLoop
                (br_if $rDone (i32.ge_s (local.get $r) (local.get $hi)))
                (local.set $row (i32.shl (local.get $r) (i32.const 3)))
                (local.set $x0 (v128.load (i32.add (local.get $wa) (local.get $row))))
                (local.set $x1 (v128.load (i32.add (local.get $wa1) (local.get $row))))
                (local.set $y0 (v128.load (i32.add (local.get $cb) (local.get $row))))
                (local.set $y1 (v128.load (i32.add (local.get $cb1) (local.get $row))))
                (local.set $s00 (f64x2.add (local.get $s00) (f64x2.mul (local.get $x0) (local.get $y0))))
                (local.set $s01 (f64x2.add (local.get $s01) (f64x2.mul (local.get $x0) (local.get $y1))))
                (local.set $s10 (f64x2.add (local.get $s10) (f64x2.mul (local.get $x1) (local.get $y0))))
                (local.set $s11 (f64x2.add (local.get $s11) (f64x2.mul (local.get $x1) (local.get $y1))))
                (local.set $r (i32.add (local.get $r) (i32.const 2)))
                (br $rLoop)))
            (local.set $t00 (f64x2.extract_lane 0 (local.get $s00)))
            (local.set $t01 (f64x2.extract_lane 0 (local.get $s01)))
            (local.set $t10 (f64x2.extract_lane 0 (local.get $s10)))
            (local.set $t11 (f64x2.extract_lane 0 (local.get $s11)))
            (if (i32.eq (local.get $r) (local.get $hi))
              (then
                (local.set $row (i32.shl (local.get $r) (i32.const 3)))
                (local.set $t00 (f64.add (local.get $t00) (f64.mul (f64.load (i32.add (local.get $wa) (local.get $row))) (f64.load (i32.add (local.get $cb) (local.get $row))))))
                (local.set $t01 (f64.add (local.get $t01) (f64.mul (f64.load (i32.add (local.get $wa) (local.get $row))) (f64.load (i32.add (local.get $cb1) (local.get $row))))))
                (local.set $t10 (f64.add (local.get $t10) (f64.mul (f64.load (i32.add (local.get $wa1) (local.get $row))) (f64.load (i32.add (local.get $cb) (local.get $row))))))
                (local.set $t11 (f64.add (local.get $t11) (f64.mul (f64.load (i32.add (local.get $wa1) (local.get $row))) (f64.load (i32.add (local.get $cb1) (local.get $row))))))))
            (call $symmetric (local.get $out) (local.get $d) (local.get $a) (local.get $b)
              (f64.add (local.get $t00) (f64x2.extract_lane 1 (local.get $s00))))
            (call $symmetric (local.get $out) (local.get $d) (local.get $a) (local.get $b1)
              (f64.add (local.get $t01) (f64x2.extract_lane 1 (local.get $s01))))
            (call $symmetric (local.get $out) (local.get $d) (local.get $a1) (local.get $b)
              (f64.add (local.get $t10) (f64x2.extract_lane 1 (local.get $s10))))
            (call $symmetric (local.get $out) (local.get $d) (local.get $a1) (local.get $b1)
              (f64.add (local.get $t11) (f64x2.extract_lane 1 (local.get $s11))))
            (local.set $b (i32.add (local.get $b) (i32.const 2)))
            (br $bLoop)))
        (local.set $a (i32.add (local.get $a) (i32.const 2)))
        (br $aLoop))))
  ;; weighted[a · n + R] = π[R] · columns[a · n + R] over R in first[a]..last[a], for a < d (pooledKernel.ts moments).
  (func (export "weigh") (param $d i32) (param $n i32) (param $pi i32) (param $columns i32) (param $first i32)
        (param $last i32) (param $weighted i32)
    (local $a i32) (local $r i32) (local $hi i32) (local $base i32) (local $at i32)
    (block $aDone
      (loop $aLoop
        (br_if $aDone (i32.ge_s (local.get $a) (local.get $d)))
        (local.set $base (i32.shl (i32.mul (local.get $a) (local.get $n)) (i32.const 3)))
        (local.set $r (call $int (local.get $first) (local.get $a)))
        (local.set $hi (call $int (local.get $last) (local.get $a)))
        (block $rDone
          (loop $rLoop
            (br_if $rDone (i32.ge_s (local.get $r) (local.get $hi)))
            (local.set $at (i32.add (local.get $base) (i32.shl (local.get $r) (i32.const 3))))
            (v128.store (i32.add (local.get $weighted) (local.get $at))
              (f64x2.mul (v128.load (i32.add (local.get $pi) (i32.shl (local.get $r) (i32.const 3))))
                         (v128.load (i32.add (local.get $columns) (local.get $at)))))
            (local.set $r (i32.add (local.get $r) (i32.const 2)))
            (br $rLoop)))
        (if (i32.eq (local.get $r) (local.get $hi))
          (then
            (local.set $at (i32.add (local.get $base) (i32.shl (local.get $r) (i32.const 3))))
            (f64.store (i32.add (local.get $weighted) (local.get $at))
              (f64.mul (f64.load (i32.add (local.get $pi) (i32.shl (local.get $r) (i32.const 3))))
                       (f64.load (i32.add (local.get $columns) (local.get $at)))))))
        (local.set $a (i32.add (local.get $a) (i32.const 1)))
        (br $aLoop))))
  (func $int (param $base i32) (param $k i32) (result i32)
    (i32.load (i32.add (local.get $base) (i32.shl (local.get $k) (i32.const 2)))))
  (func $min (param $x i32) (param $y i32) (result i32)
    (select (local.get $x) (local.get $y) (i32.lt_s (local.get $x) (local.get $y))))
  (func $max (param $x i32) (param $y i32) (result i32)
    (select (local.get $x) (local.get $y) (i32.gt_s (local.get $x) (local.get $y))))
  ;; out[i · d + j] = out[j · d + i] = v
  (func $symmetric (param $out i32) (param $d i32) (param $i i32) (param $j i32) (param $v f64)
    (f64.store (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (local.get $i) (local.get $d)) (local.get $j)) (i32.const 3))) (local.get $v))
    (f64.store (i32.add (local.get $out) (i32.shl (i32.add (i32.mul (local.get $j) (local.get $d)) (local.get $i)) (i32.const 3))) (local.get $v)))
)