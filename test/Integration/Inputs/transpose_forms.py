#!/usr/bin/env python3
"""Runs transposes through hlo-runner and checks them against numpy.

Two families, at odd sizes so that every tail runs:

  * dot: transpose(dot_general(a, b)) with permutations that the algebraic
    simplifier folds into the dot (the free groups swapped, batch dimensions
    permuted) and ones it leaves, alone and with the SGD update epilogue
    `w - 0.1 * transpose(dot)` (a weight gradient of a training step),
    against a float64 einsum;
  * loop: `x - c * transpose(y)` (a loop fusion reading one operand
    transposed) and a standalone transpose, for several ranks,
    permutations and element types (f32, f64, f16, i32, i8, i64), against
    numpy computing in the same type (floats within a few ulps, integers
    exactly).

Prints one line per form and a summary; exits non-zero on any failure.

  transpose_forms.py --runner PATH/hlo-runner --tmp DIR [--only NAME]
                     [--runner-arg ARG]...
"""

import argparse
import os
import subprocess
import sys
import zlib

import numpy as np

# name, lhs shape, rhs shape, lhs batch, rhs batch, lhs contract,
# rhs contract, permutation of the product (the identity: a plain dot),
# with the update epilogue
DOT_FORMS = [
    ("dw_t", (37, 45), (37, 29), [], [], [0], [0], [1, 0], False),
    ("dw_t_update", (37, 45), (37, 29), [], [], [0], [0], [1, 0], True),
    ("dx_t_update", (33, 21), (47, 21), [], [], [1], [1], [1, 0], True),
    ("plain_t_update", (19, 23), (23, 70), [], [], [1], [0], [1, 0], True),
    # The sizes of a training step's weight gradient (A^T B with cache
    # tiles and packed strips of A) and odd row counts.
    ("dw_mlp_t_update", (128, 256), (128, 512), [], [], [0], [0], [1, 0],
     True),
    ("dw_cache_update", (96, 320), (96, 512), [], [], [0], [0], [0, 1],
     True),
    ("dw_odd_t", (77, 200), (77, 72), [], [], [0], [0], [1, 0], False),
    ("batched_swap", (3, 13, 9), (3, 9, 11), [0], [0], [2], [1], [0, 2, 1],
     False),
    ("batch_permuted", (2, 3, 7, 5), (2, 3, 5, 6), [0, 1], [0, 1], [3], [2],
     [1, 0, 2, 3], False),
    ("batch_and_swap", (2, 5, 3, 7), (3, 2, 7, 4), [0, 2], [1, 0], [3], [2],
     [1, 0, 3, 2], True),
    ("two_free_swap", (6, 5, 9), (9, 7), [], [], [2], [0], [2, 0, 1], True),
    ("interleaved_stays", (6, 5, 9), (9, 7), [], [], [2], [0], [0, 2, 1],
     False),
]

# name, shape of y, permutation, element type
LOOP_FORMS = [
    ("t2_f32", (37, 45), [1, 0], "f32"),
    ("t2_f32_big", (133, 517), [1, 0], "f32"),
    ("t2_f64", (29, 67), [1, 0], "f64"),
    ("t2_f16", (41, 35), [1, 0], "f16"),
    ("t2_i32", (33, 19), [1, 0], "i32"),
    ("t2_i8", (71, 53), [1, 0], "i8"),
    ("t3_021_f32", (5, 37, 29), [0, 2, 1], "f32"),
    ("t3_102_f32", (17, 6, 33), [1, 0, 2], "f32"),
    ("t3_210_f32", (9, 11, 35), [2, 1, 0], "f32"),
    ("t3_120_i64", (7, 13, 19), [1, 2, 0], "i64"),
    ("t3_201_f16", (21, 5, 39), [2, 0, 1], "f16"),
    ("t4_0321_f32", (3, 5, 17, 23), [0, 3, 2, 1], "f32"),
    ("t4_1302_i32", (4, 9, 6, 35), [1, 3, 0, 2], "i32"),
]

NP_TYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16,
            "i32": np.int32, "i8": np.int8, "i64": np.int64}


def tensor_type(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def run(runner, path, inputs, runner_args, d):
    proc = subprocess.run(
        [runner, path, *runner_args] +
        [arg for x in inputs for arg in ("--input", x)] +
        ["--output", os.path.join(d, "out")],
        capture_output=True, text=True)
    if proc.returncode != 0:
        return None, "FAILED: hlo-runner exited %d: %s" % (
            proc.returncode, proc.stderr.strip()[-400:])
    return np.load(os.path.join(d, "out", "result0.npy")), None


def save(d, name, value):
    path = os.path.join(d, name + ".npy")
    np.save(path, value)
    return path


def einsum(a, b, lb, rb, lc, rc):
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
    return np.einsum(spec, a, b)


def run_dot(runner, tmp, form, runner_args):
    name, ls, rs, lb, rb, lc, rc, perm, update = form
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    a = rng.uniform(-1, 1, ls).astype(np.float32)
    b = rng.uniform(-1, 1, rs).astype(np.float32)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    product = einsum(a64, b64, lb, rb, lc, rc)
    magnitude = einsum(np.abs(a64), np.abs(b64), lb, rb, lc, rc)
    pshape = list(product.shape)
    tshape = [pshape[p] for p in perm]
    want = np.transpose(product, perm)
    magnitude = np.transpose(magnitude, perm)
    dims = []
    if lb:
        dims.append(f"batching_dims = {lb} x {rb}")
    dims.append(f"contracting_dims = {lc} x {rc}")
    pt, tt = tensor_type(pshape, "f32"), tensor_type(tshape, "f32")
    args = f"%a: {tensor_type(ls, 'f32')}, %b: {tensor_type(rs, 'f32')}"
    body = (f"  %p = hlo.dot_general %a, %b, {', '.join(dims)} : "
            f"({tensor_type(ls, 'f32')}, {tensor_type(rs, 'f32')}) -> {pt}\n"
            f"  %t = hlo.transpose %p, dims = {perm} : ({pt}) -> {tt}\n")
    d = os.path.join(tmp, "dot_" + name)
    os.makedirs(d, exist_ok=True)
    inputs = [save(d, "a", a), save(d, "b", b)]
    if update:
        w = rng.uniform(-1, 1, tshape).astype(np.float32)
        inputs.append(save(d, "w", w))
        args += f", %w: {tt}"
        body += (f"  %c = hlo.constant dense<0.1> : {tt}\n"
                 f"  %s = hlo.multiply %c, %t : {tt}\n"
                 f"  %r = hlo.subtract %w, %s : {tt}\n"
                 f"  return %r : {tt}\n")
        want = w.astype(np.float64) - np.float64(np.float32(0.1)) * want
        magnitude = np.abs(w.astype(np.float64)) + 0.1 * magnitude
    else:
        body += f"  return %t : {tt}\n"
    path = os.path.join(d, "f.mlir")
    with open(path, "w") as f:
        f.write(f"func.func @main({args}) -> {tt} {{\n{body}}}\n")
    got, error = run(runner, path, inputs, runner_args, d)
    if error:
        return error
    if got.shape != tuple(tshape):
        return f"FAILED: shape {got.shape}, expected {tuple(tshape)}"
    k = 1
    for x in lc:
        k *= ls[x]
    bound = (k + 3) * np.finfo(np.float32).eps * magnitude + 1e-30
    bad = np.abs(got.astype(np.float64) - want) > bound
    if bad.any():
        i = np.unravel_index(np.argmax(bad), bad.shape)
        return (f"FAILED: {bad.sum()} of {bad.size} elements off, first at "
                f"{list(i)}: got {got[i]!r}, want {want[i]!r}")
    return "ok"


def run_loop(runner, tmp, form, runner_args, standalone):
    name, shape, perm, elem = form
    dtype = NP_TYPES[elem]
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    if elem.startswith("i"):
        info = np.iinfo(dtype)
        y = rng.integers(max(info.min, -1000), min(info.max, 1000),
                         shape).astype(dtype)
    else:
        y = rng.uniform(-4, 4, shape).astype(dtype)
    tshape = [shape[p] for p in perm]
    yt, tt = tensor_type(shape, elem), tensor_type(tshape, elem)
    d = os.path.join(tmp, ("standalone_" if standalone else "loop_") + name)
    os.makedirs(d, exist_ok=True)
    inputs = [save(d, "y", y)]
    body = f"  %t = hlo.transpose %y, dims = {perm} : ({yt}) -> {tt}\n"
    if standalone:
        args = f"%y: {yt}"
        body += f"  return %t : {tt}\n"
        want = np.transpose(y, perm)
    else:
        if elem.startswith("i"):
            x = rng.integers(-100, 100, tshape).astype(dtype)
            c, cattr = dtype(3), "3"
        else:
            x = rng.uniform(-4, 4, tshape).astype(dtype)
            c, cattr = dtype(0.1), "0.1"
        inputs.insert(0, save(d, "x", x))
        args = f"%x: {tt}, %y: {yt}"
        body += (f"  %c = hlo.constant dense<{cattr}> : {tt}\n"
                 f"  %s = hlo.multiply %c, %t : {tt}\n"
                 f"  %r = hlo.subtract %x, %s : {tt}\n"
                 f"  return %r : {tt}\n")
        with np.errstate(over="ignore"):
            want = x - c * np.transpose(y, perm)
    path = os.path.join(d, "f.mlir")
    with open(path, "w") as f:
        f.write(f"func.func @main({args}) -> {tt} {{\n{body}}}\n")
    got, error = run(runner, path, inputs, runner_args, d)
    if error:
        return error
    if got.shape != tuple(tshape) or got.dtype != want.dtype:
        return (f"FAILED: {got.dtype} {got.shape}, expected {want.dtype} "
                f"{tuple(tshape)}")
    if elem.startswith("i") or standalone:
        bad = got != want
    else:
        # Two roundings (or one fused multiply-add) in the element type.
        eps = np.finfo(dtype).eps
        bad = np.abs(got.astype(np.float64) - want.astype(np.float64)) > (
            2 * eps * (np.abs(x.astype(np.float64)) +
                       np.abs(np.transpose(y, perm).astype(np.float64))))
    if bad.any():
        i = np.unravel_index(np.argmax(bad), bad.shape)
        return (f"FAILED: {bad.sum()} of {bad.size} elements off, first at "
                f"{list(i)}: got {got[i]!r}, want {want[i]!r}")
    return "ok"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--tmp", required=True)
    parser.add_argument("--only")
    parser.add_argument("--runner-arg", action="append", default=[])
    args = parser.parse_args()
    cases = ([("dot_" + f[0], lambda f=f: run_dot(
        args.runner, args.tmp, f, args.runner_arg)) for f in DOT_FORMS] +
             [("loop_" + f[0], lambda f=f: run_loop(
                 args.runner, args.tmp, f, args.runner_arg, False))
              for f in LOOP_FORMS] +
             [("standalone_" + f[0], lambda f=f: run_loop(
                 args.runner, args.tmp, f, args.runner_arg, True))
              for f in LOOP_FORMS])
    passed = failed = 0
    for name, case in cases:
        if args.only and name != args.only:
            continue
        status = case()
        print(f"{name}: {status}", flush=True)
        if status == "ok":
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
