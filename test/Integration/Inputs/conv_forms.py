"""Convolutions of every form a CNN and its gradients use, compiled by
hlo-runner and checked against a numpy float64 reference: NHWC and NCHW,
1-d and 3-d, odd sizes, strides, padding, lhs dilation (transposed
convolutions, input gradients), rhs dilation, window reversal, feature
groups (depthwise), batch groups and the weight gradient's swapped
dimension numbers, in f32, f64 and bf16.

Error bound per element: K * eps * sum |x||w| (K the number of products
summed, eps that of the accumulation type, f32 for bf16), plus one rounding
of the result type.
"""

import argparse
import itertools
import os
import subprocess
import sys

import numpy as np

try:
    import ml_dtypes
    BF16 = ml_dtypes.bfloat16
except ImportError:
    BF16 = None

# name, lhs spec, rhs spec, out spec, lhs shape (in the canonical
# [N, C, spatial...] order), kernel [O, I, spatial...], strides, padding,
# lhs_dilation, rhs_dilation, reversal, feature groups, batch groups.
CASES = [
    ("nhwc_3x3", "b01f", "01io", "b01f", (3, 5, 9, 11), (7, 5, 3, 3),
     (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 1),
    ("nchw_3x3_stride2", "bf01", "oi01", "bf01", (2, 6, 13, 10), (5, 6, 3, 3),
     (2, 2), ((1, 1), (1, 0)), (1, 1), (1, 1), (0, 0), 1, 1),
    ("nhwc_1x1", "b01f", "01io", "b01f", (2, 17, 5, 7), (9, 17, 1, 1),
     (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1), (0, 0), 1, 1),
    ("nhwc_1x1_stride2", "b01f", "01io", "b01f", (2, 8, 9, 7), (5, 8, 1, 1),
     (2, 2), ((0, 0), (0, 0)), (1, 1), (1, 1), (0, 0), 1, 1),
    ("dilated_rhs", "b01f", "01io", "b01f", (2, 3, 15, 12), (4, 3, 3, 2),
     (1, 2), ((2, 2), (0, 1)), (1, 1), (2, 3), (0, 0), 1, 1),
    ("transposed_lhs_dilation", "b01f", "01io", "b01f", (2, 4, 5, 6),
     (3, 4, 3, 3), (1, 1), ((2, 2), (2, 1)), (2, 2), (1, 1), (1, 1), 1, 1),
    ("reversed", "b01f", "01io", "b01f", (1, 3, 7, 8), (2, 3, 3, 2),
     (1, 1), ((1, 1), (0, 0)), (1, 1), (1, 1), (1, 0), 1, 1),
    ("depthwise", "b01f", "01io", "b01f", (2, 6, 9, 7), (6, 1, 3, 3),
     (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 6, 1),
    ("feature_groups", "bf01", "oi01", "bf01", (2, 6, 7, 5), (9, 2, 3, 2),
     (2, 1), ((1, 1), (0, 1)), (1, 1), (1, 1), (0, 0), 3, 1),
    ("batch_groups", "b01f", "01io", "b01f", (6, 3, 7, 5), (6, 3, 3, 3),
     (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 3),
    # The weight gradient of a 3x3 NHWC convolution, as jax emits it: the
    # activations with batch and feature swapped, the output gradient as
    # the kernel, 3x3 outputs (per output position).
    ("weight_grad", "f01b", "i01o", "01bf", (5, 4, 11, 9), (6, 4, 11, 9),
     (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (0, 0), 1, 1),
    # The weight gradient of a strided convolution: rhs dilation 2.
    ("weight_grad_strided", "f01b", "i01o", "01bf", (3, 4, 9, 9),
     (5, 4, 4, 4), (1, 1), ((1, 0), (1, 0)), (1, 1), (2, 2), (0, 0), 1, 1),
    ("conv1d", "b0f", "0io", "b0f", (3, 5, 31), (4, 5, 5), (3,), ((2, 1),),
     (1,), (1,), (0,), 1, 1),
    ("conv3d", "b012f", "012io", "b012f", (2, 3, 5, 6, 4), (4, 3, 3, 2, 2),
     (1, 2, 1), ((1, 1), (0, 1), (1, 0)), (1, 1, 1), (1, 1, 1), (0, 0, 0),
     1, 1),
    ("no_spatial", "bf", "io", "bf", (7, 13), (5, 13), (), (), (), (), (),
     1, 1),
]


def canonical_to_spec(shape_nc, spec, first, second):
    """Shape in the order of `spec` from one in [first, second, spatial...]."""
    out = []
    for ch in spec:
        if ch == first:
            out.append(shape_nc[0])
        elif ch == second:
            out.append(shape_nc[1])
        else:
            out.append(shape_nc[2 + int(ch)])
    return tuple(out)


def perm_to_canonical(spec, first, second):
    """Permutation taking a tensor in `spec` order to [first, second, 0..]."""
    return [spec.index(first), spec.index(second)] + [
        spec.index(str(s)) for s in range(len(spec) - 2)]


def reference(x, w, strides, padding, lhs_dil, rhs_dil, rev, fgc, bgc):
    """x: [N, C, spatial...], w: [O, I, spatial...], float64."""
    spatial = x.ndim - 2
    n, c = x.shape[:2]
    o = w.shape[0]
    for s in range(spatial):
        if rev[s]:
            w = np.flip(w, axis=2 + s)
    # lhs dilation, then padding.
    shape = [n, c] + [(x.shape[2 + s] - 1) * lhs_dil[s] + 1
                      for s in range(spatial)]
    dil = np.zeros(shape)
    dil[(slice(None), slice(None)) + tuple(
        slice(None, None, lhs_dil[s]) for s in range(spatial))] = x
    xp = np.pad(dil, [(0, 0), (0, 0)] + [tuple(p) for p in padding])
    ks = w.shape[2:]
    outs = [(xp.shape[2 + s] - (ks[s] - 1) * rhs_dil[s] - 1) // strides[s] + 1
            for s in range(spatial)]
    nb = n // bgc
    out = np.zeros([nb, o] + outs)
    og = o // max(fgc, bgc)
    cg = c // fgc
    for tap in itertools.product(*[range(k) for k in ks]):
        win = xp[(slice(None), slice(None)) + tuple(
            slice(tap[s] * rhs_dil[s],
                  tap[s] * rhs_dil[s] + (outs[s] - 1) * strides[s] + 1,
                  strides[s]) for s in range(spatial))]
        wt = w[(slice(None), slice(None)) + tap]  # [O, I]
        for g in range(max(fgc, bgc)):
            osl = slice(g * og, (g + 1) * og)
            if fgc > 1:
                xs = win[:, g * cg:(g + 1) * cg]
            elif bgc > 1:
                xs = win[g * nb:(g + 1) * nb]
            else:
                xs = win
            out[:, osl] += np.einsum("nc...,oc->no...", xs, wt[osl])
    return out


def run(runner, tmp, name, case, dtype, el, extra):
    (_, lspec, kspec, ospec, lshape, kshape, strides, padding, lhs_dil,
     rhs_dil, rev, fgc, bgc) = case
    rng = np.random.default_rng(sum(name.encode()))
    x = rng.uniform(-1, 1, lshape)
    w = rng.uniform(-1, 1, kshape)
    if dtype is not None:
        x = x.astype(dtype).astype(np.float64)
        w = w.astype(dtype).astype(np.float64)
    want = reference(x, w, strides, padding, lhs_dil, rhs_dil, rev, fgc, bgc)
    bound = reference(np.abs(x), np.abs(w), strides, padding, lhs_dil,
                      rhs_dil, rev, fgc, bgc)
    # Products summed per output element.
    k = int(np.prod(kshape[1:]))
    acc_eps = np.finfo(np.float64 if el == "f64" else np.float32).eps
    res_eps = {"f32": np.finfo(np.float32).eps, "f64": acc_eps,
               "bf16": 2.0**-8}[el]
    bound = k * acc_eps * bound + res_eps * np.abs(want) + 1e-300
    # The operands in their own layouts.
    xl = np.transpose(x, np.argsort(perm_to_canonical(lspec, "b", "f")))
    wl = np.transpose(w, np.argsort(perm_to_canonical(kspec, "o", "i")))
    want_l = np.transpose(want, np.argsort(perm_to_canonical(ospec, "b", "f")))
    bound_l = np.transpose(bound,
                           np.argsort(perm_to_canonical(ospec, "b", "f")))
    t = lambda s: "tensor<" + "x".join(map(str, s)) + f"x{el}>"
    spatial = len(lspec) - 2
    window = []
    if spatial:
        window.append("stride = [" + ", ".join(map(str, strides)) + "]")
        window.append("pad = [" + ", ".join(
            f"[{lo}, {hi}]" for lo, hi in padding) + "]")
        window.append("lhs_dilate = [" + ", ".join(map(str, lhs_dil)) + "]")
        window.append("rhs_dilate = [" + ", ".join(map(str, rhs_dil)) + "]")
        window.append("reverse = [" + ", ".join(
            "true" if r else "false" for r in rev) + "]")
    fmt = lambda spec: "[" + ", ".join(spec) + "]"
    module = (
        f"func.func @main(%a: {t(xl.shape)}, %b: {t(wl.shape)}) -> "
        f"{t(want_l.shape)} {{\n"
        f"  %0 = stablehlo.convolution(%a, %b) dim_numbers = {fmt(lspec)}x"
        f"{fmt(kspec)}->{fmt(ospec)}, window = {{{', '.join(window)}}} "
        f"{{batch_group_count = {bgc} : i64, feature_group_count = {fgc} : "
        f"i64}} : ({t(xl.shape)}, {t(wl.shape)}) -> {t(want_l.shape)}\n"
        f"  return %0 : {t(want_l.shape)}\n}}\n")
    d = os.path.join(tmp, f"{name}_{el}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "conv.mlir"), "w") as f:
        f.write(module)
    np_type = {"f32": np.float32, "f64": np.float64, "bf16": dtype}[el]
    np.save(os.path.join(d, "a.npy"), np.ascontiguousarray(xl.astype(np_type)))
    np.save(os.path.join(d, "b.npy"), np.ascontiguousarray(wl.astype(np_type)))
    proc = subprocess.run(
        [runner, os.path.join(d, "conv.mlir"), *extra, "--input",
         os.path.join(d, "a.npy"), "--input", os.path.join(d, "b.npy"),
         "--output", os.path.join(d, "out")], capture_output=True, text=True)
    if proc.returncode != 0:
        return "FAILED: " + proc.stderr.strip()[-400:]
    got = np.load(os.path.join(d, "out", "result0.npy"))
    if got.dtype.kind == "V":  # bf16 comes back as 2-byte records
        got = got.view(dtype)
    got = got.astype(np.float64)
    if got.shape != want_l.shape:
        return f"FAILED: shape {got.shape}, want {want_l.shape}"
    bad = int((np.abs(got - want_l) > bound_l).sum())
    return f"FAILED: {bad} of {got.size} elements off" if bad else "ok"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--tmp", required=True)
    parser.add_argument("--runner-arg", action="append", default=[])
    args = parser.parse_args()
    passed = failed = 0
    for case in CASES:
        types = [("f32", None)]
        if case[0] in ("nhwc_3x3", "weight_grad", "feature_groups"):
            types.append(("f64", None))
            if BF16 is not None:
                types.append(("bf16", BF16))
        for el, dtype in types:
            name = f"{case[0]} {el}"
            status = run(args.runner, args.tmp, case[0], case, dtype, el,
                         args.runner_arg)
            print(f"{name}: {status}", flush=True)
            if status.startswith("FAILED"):
                failed += 1
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
