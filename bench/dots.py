#!/usr/bin/env python3
"""GFLOP/s of each dot_general form models use: ours (hlo-runner) vs numpy
(OpenBLAS) vs XLA:CPU (jax.jit), one thread each, side by side.

Forms: a plain 2-D matmul, attention's batched q.k^T (both operands
contracting their minor dimension), the two backprop products of a dense
layer (dx = dy W^T: transposed right-hand side; dW = x^T dy: transposed
left-hand side), matrix-vector and vector-matrix products, an odd-sized
matmul with tails, and bf16 matmuls (bf16 inputs, f32 accumulation, bf16
result). Each form is one dot_general module compiled by hlo-runner and run
with --benchmark (median); the peers run the same contraction (np.einsum /
jnp.einsum with XLA's dimension numbers) on the same inputs, median of the
same number of runs. numpy has no bf16 matmul: for bf16 forms its column is
the f32 product of the same values (what it would take to get the same
result), marked so. Ratios are our time / peer time (< 1: we are faster).

  python3 bench/dots.py [--runner build/bin/hlo-runner] [--reps 50]
                        [--only NAME] [--json FILE]

--json writes one row per (form, peer): {"case", "threads", "peer",
"ratio", "ours_gflops", "peer_gflops"}.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

# One thread everywhere; set before numpy/jax load their thread pools.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") +
                           " --xla_cpu_multi_thread_eigen=false"
                           " intra_op_parallelism_threads=1")
try:
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
except (AttributeError, OSError):
    pass

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "Integration", "Inputs"))
import dot_forms  # noqa: E402  (module writer and einsum reference)

# name, lhs, rhs, lhs batch, rhs batch, lhs contract, rhs contract, type
FORMS = [
    ("matmul 256", (256, 256), (256, 256), [], [], [1], [0], "f32"),
    ("q.k^T 8x64x32", (8, 64, 32), (8, 64, 32), [0], [0], [2], [2], "f32"),
    ("q.k^T 4x8x128x64", (4, 8, 128, 64), (4, 8, 128, 64), [0, 1], [0, 1],
     [3], [3], "f32"),
    ("attn.v 8x64x64", (8, 64, 64), (8, 64, 32), [0], [0], [2], [1], "f32"),
    ("dx 256x512x256", (256, 512), (256, 512), [], [], [1], [1], "f32"),
    ("dW 256x256x512", (256, 256), (256, 512), [], [], [0], [0], "f32"),
    ("matvec 512x512", (512, 512), (512,), [], [], [1], [0], "f32"),
    ("vecmat 512x512", (512,), (512, 512), [], [], [0], [0], "f32"),
    ("odd 97x83x61", (97, 83), (83, 61), [], [], [1], [0], "f32"),
    ("bf16 64x256x256", (64, 256), (256, 256), [], [], [1], [0], "bf16"),
    ("bf16 256^3", (256, 256), (256, 256), [], [], [1], [0], "bf16"),
]


def flops(form):
    _, ls, rs, lb, rb, lc, rc, _ = form
    out = dot_forms.result_shape(ls, rs, lb, rb, lc, rc)
    k = 1
    for d in lc:
        k *= ls[d]
    n = 1
    for d in out:
        n *= d
    return 2.0 * n * k


def einsum_spec(form):
    _, ls, rs, lb, rb, lc, rc, _ = form
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    lhs, rhs = [None] * len(ls), [None] * len(rs)
    for x, y in zip(lb, rb):
        lhs[x] = rhs[y] = next(letters)
    for x, y in zip(lc, rc):
        lhs[x] = rhs[y] = next(letters)
    for i in range(len(ls)):
        lhs[i] = lhs[i] or next(letters)
    for i in range(len(rs)):
        rhs[i] = rhs[i] or next(letters)
    out = ([lhs[d] for d in lb] +
           [lhs[d] for d in range(len(ls)) if d not in lb and d not in lc] +
           [rhs[d] for d in range(len(rs)) if d not in rb and d not in rc])
    return "".join(lhs) + "," + "".join(rhs) + "->" + "".join(out)


def median_time(call, reps):
    call()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


def ours(runner, tmp, form, reps):
    name = re.sub(r"[^A-Za-z0-9]+", "_", form[0])
    # dot_forms writes the module and inputs; --benchmark times the entry.
    status = dot_forms.run_form(runner, tmp, (name,) + tuple(form[1:]))
    if status != "ok":
        raise SystemExit(f"{form[0]}: {status}")
    d = os.path.join(tmp, name)
    proc = subprocess.run(
        [runner, os.path.join(d, "dot.mlir"), "--input",
         os.path.join(d, "a.npy"), "--input", os.path.join(d, "b.npy"),
         f"--benchmark={reps}"], capture_output=True, text=True, check=True)
    match = re.search(r"median ([0-9.e+-]+) s", proc.stdout)
    return float(match.group(1)), d


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runner", default=os.path.join(
        HERE, "..", "build", "bin", "hlo-runner"))
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--only")
    parser.add_argument("--json")
    args = parser.parse_args()
    try:
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_platforms", "cpu")
    except ImportError:
        jax = None
    rows = []
    print(f"{'form':<20} {'ours GF/s':>10} {'numpy':>8} {'XLA':>8} "
          f"{'ours/numpy':>11} {'ours/XLA':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        for form in FORMS:
            if args.only and args.only not in form[0]:
                continue
            gf = flops(form) / 1e9
            t_ours, d = ours(args.runner, tmp, form, args.reps)
            a = np.load(os.path.join(d, "a.npy"))
            b = np.load(os.path.join(d, "b.npy"))
            if a.dtype.kind == "V":
                a, b = a.view(dot_forms.BF16), b.view(dot_forms.BF16)
            spec = einsum_spec(form)
            narrow = form[7] in ("bf16", "f16")
            a32, b32 = (a.astype(np.float32), b.astype(np.float32)) \
                if narrow else (a, b)
            t_np = median_time(lambda: np.einsum(spec, a32, b32,
                                                 optimize=True), args.reps)
            t_xla = None
            if jax is not None:
                fn = jax.jit(lambda x, y: jnp.einsum(spec, x, y))
                ja, jb = jax.device_put(a), jax.device_put(b)
                t_xla = median_time(lambda: fn(ja, jb).block_until_ready(),
                                    args.reps)
            label = form[0] + (" *" if narrow else "")
            xla_text = f"{gf / t_xla:8.1f}" if t_xla else f"{'-':>8}"
            ratio_xla = f"{t_ours / t_xla:9.2f}" if t_xla else f"{'-':>9}"
            print(f"{label:<20} {gf / t_ours:10.1f} {gf / t_np:8.1f} "
                  f"{xla_text} {t_ours / t_np:11.2f} {ratio_xla}", flush=True)
            for peer, t in (("numpy", t_np), ("xla", t_xla)):
                if t:
                    rows.append({"case": form[0], "threads": 1, "peer": peer,
                                 "ratio": t_ours / t,
                                 "ours_gflops": gf / t_ours,
                                 "peer_gflops": gf / t})
    print("(* numpy column: f32 product of the same bf16 values)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
