"""Quantized dot_general on the integers (hlo-legalize-quantized's
QuantizedDotOnIntegers) against numpy's exact integer arithmetic: per-tensor
i8 operands with a nonzero lhs zero point (the rhs one is 0 by the spec), batch dimensions and contracting
dimensions out of order, results (a) in i32 storage with the product of the
scales and zero point 0 (exact: compared bit for bit) and (b) requantized to
i8 with another scale and zero point (within one step of round-to-nearest of
the exact real value, since the scale product is rounded to the expressed
f32)."""

import os
import subprocess
import sys

import numpy as np

runner, tmp = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(11)
failed = 0


def qtype(scale, zp, storage="i8"):
    return f"!quant.uniform<{storage}:f32, {scale!r}:{zp}>" if zp else \
        f"!quant.uniform<{storage}:f32, {scale!r}>"


def shape_str(shape, el):
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{el}>"


CASES = [
    # name, lhs shape, rhs shape, lhs batch, rhs batch, lhs contract, rhs contract
    ("matmul", (37, 70), (70, 21), [], [], [1], [0]),
    ("transposed", (9, 33), (17, 33), [], [], [1], [1]),
    ("batched_out_of_order", (3, 4, 5, 6, 7), (4, 6, 5, 3, 2), [0, 1],
     [3, 0], [3, 2], [1, 2]),
]
for name, ls, rs, lb, rb, lc, rc in CASES:
    a = rng.integers(-128, 128, ls).astype(np.int8)
    b = rng.integers(-128, 128, rs).astype(np.int8)
    # The spec (dot_general_c15) wants the rhs zero point 0.
    za, zb = int(rng.integers(-20, 20)), 0
    sa, sb = 0.015625, 0.0078125  # powers of two: sa * sb is exact
    # Exact reference in int64: move batch, free, contracting dims.
    lfree = [d for d in range(len(ls)) if d not in lb and d not in lc]
    rfree = [d for d in range(len(rs)) if d not in rb and d not in rc]
    A = np.transpose(a.astype(np.int64) - za, lb + lfree + lc)
    B = np.transpose(b.astype(np.int64) - zb, rb + rfree + rc)
    nb, k = len(lb), int(np.prod([ls[d] for d in lc]))
    A = A.reshape([ls[d] for d in lb] + [int(np.prod([ls[d] for d in lfree]))] + [k])
    B = B.reshape([rs[d] for d in rb] + [int(np.prod([rs[d] for d in rfree]))] + [k])
    exact = np.einsum("...ik,...jk->...ij", A, B)
    out_shape = [ls[d] for d in lb] + [ls[d] for d in lfree] + [rs[d] for d in rfree]
    exact = exact.reshape(out_shape)
    dims = (f"batching_dims = {lb} x {rb}, " if lb else "") + \
        f"contracting_dims = {lc} x {rc}"
    lq, rq = qtype(sa, za), qtype(sb, zb)
    acc = qtype(sa * sb, 0, "i32")
    sr, zr = 0.25, 3
    rqt = qtype(sr, zr)
    module = f"""func.func @main(%a: {shape_str(ls, 'i8')}, %b: {shape_str(rs, 'i8')}) -> ({shape_str(out_shape, 'i32')}, {shape_str(out_shape, 'i8')}) {{
  %qa = hlo.bitcast_convert %a : ({shape_str(ls, 'i8')}) -> {shape_str(ls, lq)}
  %qb = hlo.bitcast_convert %b : ({shape_str(rs, 'i8')}) -> {shape_str(rs, rq)}
  %d = hlo.dot_general %qa, %qb, {dims} : ({shape_str(ls, lq)}, {shape_str(rs, rq)}) -> {shape_str(out_shape, acc)}
  %s = hlo.bitcast_convert %d : ({shape_str(out_shape, acc)}) -> {shape_str(out_shape, 'i32')}
  %r = hlo.dot_general %qa, %qb, {dims} : ({shape_str(ls, lq)}, {shape_str(rs, rq)}) -> {shape_str(out_shape, rqt)}
  %t = hlo.bitcast_convert %r : ({shape_str(out_shape, rqt)}) -> {shape_str(out_shape, 'i8')}
  return %s, %t : {shape_str(out_shape, 'i32')}, {shape_str(out_shape, 'i8')}
}}
"""
    d = os.path.join(tmp, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "dot.mlir"), "w") as f:
        f.write(module)
    np.save(os.path.join(d, "a.npy"), a)
    np.save(os.path.join(d, "b.npy"), b)
    proc = subprocess.run([runner, os.path.join(d, "dot.mlir"), "--input",
                           os.path.join(d, "a.npy"), "--input",
                           os.path.join(d, "b.npy"), "--output",
                           os.path.join(d, "out")], capture_output=True,
                          text=True)
    if proc.returncode != 0:
        print(f"{name}: FAILED: {proc.stderr.strip()[-300:]}")
        failed += 1
        continue
    got_sum = np.load(os.path.join(d, "out", "result0.npy"))
    got_q = np.load(os.path.join(d, "out", "result1.npy")).astype(np.int64)
    want_q = np.clip(np.round(exact * sa * sb / sr + zr), -128, 127)
    sum_bad = int((got_sum.astype(np.int64) != exact).sum())
    q_bad = int((np.abs(got_q - want_q) > 1).sum())
    status = "ok" if not sum_bad and not q_bad else \
        f"FAILED: {sum_bad} sums and {q_bad} requantized values off"
    failed += status != "ok"
    print(f"{name}: {status}")
print(f"{len(CASES) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
