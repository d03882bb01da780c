#!/usr/bin/env python3
"""Runs every dot_general form through hlo-runner and checks it against a
numpy float64 reference.

Each form (plain, transposed operands, batched q.k^T, several contracting
and batch dimensions, matrix-vector and vector-matrix products, small and
odd sizes with tails, bf16 and f16 inputs) is written as a one-function
module whose operands are run-time inputs (.npy), run with hlo-runner, and
compared with einsum in float64. f32 results must be within a few ulps of
the sum of |products| (rounding of a K-term dot product); bf16/f16 results,
accumulated in f32 and rounded once, within one rounding of the result
type (half an ulp, plus the f32 accumulation error). Integer forms (i8,
ui8 and i16 operands into i32, i32 and i64 with full-range values, whose
sums wrap) must be exact: the reference wraps in 64 bits and is truncated
to the result type, as two's complement arithmetic does. Prints one line
per form and a summary; exits non-zero on any failure.

  dot_forms.py --runner PATH/hlo-runner --tmp DIR [--only NAME]
               [--runner-arg ARG]...   (e.g. --threads=2)
"""

import argparse
import os
import subprocess
import sys
import zlib

import numpy as np

try:
    import ml_dtypes
    BF16 = ml_dtypes.bfloat16
except ImportError:  # bf16 forms are skipped without ml_dtypes
    BF16 = None

# name, lhs shape, rhs shape, lhs batch, rhs batch, lhs contract, rhs contract, type
FORMS = [
    ("matmul_odd", (97, 83), (83, 61), [], [], [1], [0], "f32"),
    ("matmul_64", (64, 256), (256, 256), [], [], [1], [0], "f32"),
    ("matmul_rhs_t", (97, 83), (61, 83), [], [], [1], [1], "f32"),
    ("matmul_lhs_t", (83, 97), (83, 61), [], [], [0], [0], "f32"),
    ("matmul_both_t", (83, 97), (61, 83), [], [], [0], [1], "f32"),
    # Cache tiles (64 x 256) that AVX2's 6-row register tile does not
    # divide: a 4-row tail in every cache tile.
    ("matmul_cache_tiles", (128, 64), (64, 512), [], [], [1], [0], "f32"),
    ("matmul_cache_tiles_t", (128, 64), (512, 64), [], [], [1], [1], "f32"),
    ("matmul_small", (3, 5), (5, 2), [], [], [1], [0], "f32"),
    # Row tails in the strips of packed panels (100 = 16 x 6 + 4 and
    # 12 x 8 + 4), contraction blocks when the L2 cache is small.
    ("matmul_k_blocks", (100, 512), (512, 96), [], [], [1], [0], "f32"),
    ("matmul_k_blocks_lhs_t", (512, 70), (512, 64), [], [], [0], [0], "f32"),
    ("matmul_k_blocks_rhs_t", (70, 256), (48, 256), [], [], [1], [1], "f32"),
    ("matmul_n1", (37, 19), (19, 1), [], [], [1], [0], "f32"),
    ("qk_t", (8, 64, 32), (8, 64, 32), [0], [0], [2], [2], "f32"),
    ("qk_t_odd", (3, 45, 29), (3, 37, 29), [0], [0], [2], [2], "f32"),
    ("batch_matmul", (5, 33, 17), (5, 17, 70), [0], [0], [2], [1], "f32"),
    ("batch_lhs_t", (5, 17, 33), (5, 17, 70), [0], [0], [1], [1], "f32"),
    ("batch_minor", (33, 4, 17), (17, 4, 70), [1], [1], [2], [0], "f32"),
    ("two_batch", (2, 3, 24, 16), (2, 3, 40, 16), [0, 1], [0, 1], [3], [3], "f32"),
    # Attention with the heads between the other dimensions (q.k^T and p.v
    # of a (batch, sequence, heads, depth) layout): copies that keep the
    # innermost dimension innermost, read transposed by the product.
    ("heads_qk_t", (2, 32, 3, 16), (2, 48, 3, 16), [0, 2], [0, 2], [3], [3], "f32"),
    ("heads_pv", (2, 48, 3, 16), (2, 3, 32, 48), [0, 2], [0, 1], [1], [3], "f32"),
    ("heads_pv_odd", (2, 37, 3, 21), (2, 3, 29, 37), [0, 2], [0, 1], [1], [3], "f32"),
    ("two_contract", (12, 5, 7), (5, 7, 9), [], [], [1, 2], [0, 1], "f32"),
    ("contract_swapped", (12, 5, 7), (7, 5, 9), [], [], [1, 2], [1, 0], "f32"),
    ("dx", (64, 96), (80, 96), [], [], [1], [1], "f32"),
    ("dw", (64, 80), (64, 96), [], [], [0], [0], "f32"),
    ("matvec", (97, 83), (83,), [], [], [1], [0], "f32"),
    ("matvec_t", (83, 97), (83,), [], [], [0], [0], "f32"),
    ("vecmat", (83,), (83, 61), [], [], [0], [0], "f32"),
    ("vecmat_t", (83,), (61, 83), [], [], [0], [1], "f32"),
    ("batch_matvec", (4, 33, 70), (4, 70), [0], [0], [2], [1], "f32"),
    ("dot_product", (83,), (83,), [], [], [0], [0], "f32"),
    # Batched dot products (a layer norm gradient's row-wise sum(a * b)).
    ("row_dots", (4, 8, 131), (4, 8, 131), [0, 1], [0, 1], [2], [2], "f32"),
    ("outer", (7,), (9,), [], [], [], [], "f32"),
    ("matmul_f64", (31, 29), (29, 23), [], [], [1], [0], "f64"),
    ("bf16_matmul", (64, 256), (256, 256), [], [], [1], [0], "bf16"),
    ("bf16_odd_t", (33, 47), (21, 47), [], [], [1], [1], "bf16"),
    ("bf16_qk_t", (4, 16, 32), (4, 24, 32), [0], [0], [2], [2], "bf16"),
    ("f16_matvec", (45, 67), (67,), [], [], [1], [0], "f16"),
    # Integer dots: operands extended to the result's type, the same
    # register tiles with integer multiplies and adds.
    ("i8_matmul_odd", (97, 83), (83, 61), [], [], [1], [0], "i8>i32"),
    ("ui8_matmul_rhs_t", (45, 67), (29, 67), [], [], [1], [1], "ui8>i32"),
    ("i16_qk_t_odd", (3, 45, 29), (3, 37, 29), [0], [0], [2], [2], "i16>i32"),
    ("i32_wrapping", (33, 70), (70, 19), [], [], [1], [0], "i32"),
    ("i32_lhs_t", (70, 33), (70, 19), [], [], [0], [0], "i32"),
    ("i8_matvec", (97, 83), (83,), [], [], [1], [0], "i8>i32"),
    ("i64_matmul", (31, 29), (29, 23), [], [], [1], [0], "i64"),
    ("i8_i64_batch", (5, 17, 33), (5, 33, 11), [0], [0], [2], [1], "i8>i64"),
]

MLIR_TYPES = {"f32": "f32", "f64": "f64", "bf16": "bf16", "f16": "f16"}

# Integer forms: name -> (operand dtype, result dtype, operand and result
# element types in the module).
INT_TYPES = {
    "i8>i32": (np.int8, np.int32, "i8", "i32"),
    "ui8>i32": (np.uint8, np.int32, "ui8", "i32"),
    "i16>i32": (np.int16, np.int32, "i16", "i32"),
    "i32": (np.int32, np.int32, "i32", "i32"),
    "i64": (np.int64, np.int64, "i64", "i64"),
    "i8>i64": (np.int8, np.int64, "i8", "i64"),
}


def integer_reference(a, b, lb, rb, lc, rc, result_dtype):
    """The exact integer dot: einsum in int64 (wrapping modulo 2^64, which
    2^32 divides) truncated to the result type."""
    want, _ = reference(a.astype(np.int64), b.astype(np.int64), lb, rb, lc, rc,
                        dtype=np.int64)
    return want.astype(result_dtype)


def layout_forms():
    """Every placement of the dimension groups in rank-3 operands, at small
    odd sizes: one batch, one free and one contracting dimension on each side
    in each of the 3! orders (36 forms), and a lhs with two free dimensions
    (a result the product sees collapsed) in each order against a rhs
    contracting either of its dimensions (12 forms)."""
    import itertools
    forms = []
    sizes = {"b": 3, "m": 13, "k": 9, "n": 11}
    for lo in itertools.permutations("bmk"):
        for ro in itertools.permutations("bkn"):
            forms.append((
                "layout_" + "".join(lo) + "_" + "".join(ro),
                tuple(sizes[c] for c in lo), tuple(sizes[c] for c in ro),
                [lo.index("b")], [ro.index("b")],
                [lo.index("k")], [ro.index("k")], "f32"))
    sizes2 = {"p": 5, "m": 7, "k": 9, "n": 11}
    for lo in itertools.permutations("pmk"):
        for ro in itertools.permutations("kn"):
            forms.append((
                "layout_" + "".join(lo) + "_" + "".join(ro),
                tuple(sizes2[c] for c in lo), tuple(sizes2[c] for c in ro),
                [], [], [lo.index("k")], [ro.index("k")], "f32"))
    return forms


def tensor_type(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def result_shape(lhs, rhs, lb, rb, lc, rc):
    lfree = [d for d in range(len(lhs)) if d not in lb and d not in lc]
    rfree = [d for d in range(len(rhs)) if d not in rb and d not in rc]
    return ([lhs[d] for d in lb] + [lhs[d] for d in lfree] +
            [rhs[d] for d in rfree])


def reference(a, b, lb, rb, lc, rc, dtype=np.float64):
    """einsum in float64 (or `dtype`) with the dot_general's dimension
    numbers, and the einsum of the magnitudes."""
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    lhs = [None] * a.ndim
    rhs = [None] * b.ndim
    for x, y in zip(lb, rb):
        lhs[x] = rhs[y] = next(letters)
    for x, y in zip(lc, rc):
        lhs[x] = rhs[y] = next(letters)
    for i in range(a.ndim):
        lhs[i] = lhs[i] or next(letters)
    for i in range(b.ndim):
        rhs[i] = rhs[i] or next(letters)
    out = ([lhs[d] for d in lb] +
           [lhs[d] for d in range(a.ndim) if d not in lb and d not in lc] +
           [rhs[d] for d in range(b.ndim) if d not in rb and d not in rc])
    spec = "".join(lhs) + "," + "".join(rhs) + "->" + "".join(out)
    if dtype != np.float64:
        return np.einsum(spec, a.astype(dtype), b.astype(dtype)), None
    return (np.einsum(spec, a.astype(np.float64), b.astype(np.float64)),
            np.einsum(spec, np.abs(a.astype(np.float64)),
                      np.abs(b.astype(np.float64))))


def run_form(runner, tmp, form, runner_args=(), epilogue=False):
    name, ls, rs, lb, rb, lc, rc, ty = form
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    out = result_shape(ls, rs, lb, rb, lc, rc)
    if ty in INT_TYPES:
        dtype, result_dtype, elem, result_elem = INT_TYPES[ty]
        info = np.iinfo(dtype)
        a = rng.integers(info.min, info.max, ls, dtype=dtype, endpoint=True)
        b = rng.integers(info.min, info.max, rs, dtype=dtype, endpoint=True)
    else:
        dtype = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
                 "bf16": BF16}[ty]
        if dtype is None:
            return "skipped (no ml_dtypes)"
        a = rng.uniform(-1, 1, ls).astype(dtype)
        b = rng.uniform(-1, 1, rs).astype(dtype)
        elem = result_elem = MLIR_TYPES[ty]
    dims = []
    if lb:
        dims.append(f"batching_dims = {lb} x {rb}")
    dims.append(f"contracting_dims = {lc} x {rc}")
    rt = tensor_type(out, result_elem)
    # With an epilogue, the product plus a third input (an output fusion:
    # the dot computed tile by tile with the add fused in).
    c = rng.uniform(-1, 1, out).astype(dtype) if epilogue else None
    module = (
        f"func.func @main(%a: {tensor_type(ls, elem)}, %b: {tensor_type(rs, elem)}"
        + (f", %c: {rt}" if epilogue else "") + f") -> {rt} {{\n"
        f"  %0 = hlo.dot_general %a, %b, {', '.join(dims)} : "
        f"({tensor_type(ls, elem)}, {tensor_type(rs, elem)}) -> {rt}\n"
        + (f"  %1 = hlo.add %0, %c : {rt}\n  return %1 : {rt}\n}}\n"
           if epilogue else f"  return %0 : {rt}\n}}\n"))
    if epilogue:
        name += "_epilogue"
    d = os.path.join(tmp, name)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "dot.mlir")
    with open(path, "w") as f:
        f.write(module)
    inputs = ["a", "b"] + (["c"] if epilogue else [])
    np.save(os.path.join(d, "a.npy"), a)
    np.save(os.path.join(d, "b.npy"), b)
    if epilogue:
        np.save(os.path.join(d, "c.npy"), c)
    proc = subprocess.run(
        [runner, path, *runner_args] +
        [arg for x in inputs for arg in ("--input", os.path.join(d, x + ".npy"))] +
        ["--output", os.path.join(d, "out")],
        capture_output=True, text=True)
    if proc.returncode != 0:
        return "FAILED: hlo-runner exited %d: %s" % (
            proc.returncode, proc.stderr.strip()[-400:])
    got = np.load(os.path.join(d, "out", "result0.npy"))
    if got.dtype.kind == "V" and got.dtype.itemsize == 2:
        got = got.view(BF16)  # how ml_dtypes' bfloat16 is stored
    if got.shape != tuple(out):
        return f"FAILED: shape {got.shape}, expected {tuple(out)}"
    if ty in INT_TYPES:
        want = integer_reference(a, b, lb, rb, lc, rc, result_dtype)
        if got.dtype != want.dtype:
            return f"FAILED: dtype {got.dtype}, expected {want.dtype}"
        bad = got != want
        if bad.any():
            i = np.unravel_index(np.argmax(bad), bad.shape)
            return (f"FAILED: {bad.sum()} of {bad.size} elements off, first at "
                    f"{list(i)}: got {got[i]!r}, want {want[i]!r}")
        return "ok"
    got = got.astype(np.float64)
    want, magnitude = reference(a, b, lb, rb, lc, rc)
    if epilogue:
        want = want + c.astype(np.float64)
        magnitude = magnitude + np.abs(c.astype(np.float64))
    k = 1
    for x in lc:
        k *= ls[x]
    # f32 (or f64) accumulation error bound, plus one rounding of the result
    # type for narrow results.
    acc_eps = np.finfo(np.float64 if ty == "f64" else np.float32).eps
    result_eps = {"bf16": 2.0**-8, "f16": 2.0**-11}.get(ty, 0.0)
    bound = (k * acc_eps * magnitude + result_eps * np.abs(want) +
             np.finfo(np.float64).tiny)
    bad = np.abs(got - want) > bound
    if bad.any():
        i = np.unravel_index(np.argmax(np.abs(got - want) - bound), bad.shape)
        return (f"FAILED: {bad.sum()} of {bad.size} elements off, first at "
                f"{list(i)}: got {got[i]!r}, want {want[i]!r}")
    return "ok"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--tmp", required=True)
    parser.add_argument("--only")
    parser.add_argument("--runner-arg", action="append", default=[])
    parser.add_argument("--layouts", action="store_true",
                        help="every placement of batch, free and contracting "
                        "dimensions in rank-3 operands (layout_forms), some "
                        "also with an elementwise epilogue, instead of FORMS")
    args = parser.parse_args()
    failed = 0
    passed = 0
    # The epilogue for the collapsed-result forms and for every lhs order
    # against one rhs order (66 cases in all).
    cases = ([(form, False) for form in layout_forms()] +
             [(form, True) for form in layout_forms()
              if len(form[3]) == 0 or form[0].endswith("_bkn")]
             if args.layouts else [(form, False) for form in FORMS])
    for form, epilogue in cases:
        if args.only and form[0] != args.only:
            continue
        status = run_form(args.runner, args.tmp, form, args.runner_arg,
                          epilogue)
        print(f"{form[0]}{'_epilogue' if epilogue else ''}: {status}",
              flush=True)
        if status.startswith("FAILED"):
            failed += 1
        elif status == "ok":
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
