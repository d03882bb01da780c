#!/usr/bin/env python3
"""Narrow matmuls: ours (hlo-runner; bf16 and int8 on the AMX kernels where
the host has AMX) against oneDNN (bench/c/dnnl_matmul.cpp, built here with
the system C++ compiler and Debian's libdnnl-dev) and OpenBLAS (numpy's f32
sgemm), all on one thread, square n x n, median of --reps runs.

Cases: f32, bf16 x bf16 -> f32 and s8 x s8 -> s32 at 1024 and 2048. Ratios
are our time / peer time (< 1: we are faster); "ours f32" is our own f32
matmul, the yardstick of issue 17 (bf16 >= 1.8x, int8 >= 3x faster).

  python3 bench/narrow_matmul.py [--runner build/bin/hlo-runner] [--reps 10]
                                 [--sizes 1024,2048] [--json FILE]

--json writes one row per (case, peer): {"case", "threads", "peer", "ratio"}.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

os.environ["OMP_NUM_THREADS"] = "1"
os.environ["OPENBLAS_NUM_THREADS"] = "1"
try:
    os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
except (AttributeError, OSError):
    pass

import time  # noqa: E402

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = {"f32": ("f32", "f32", np.float32), "bf16": ("bf16", "f32", None),
         "s8": ("i8", "i32", np.int8)}


def ours(runner, tmp, ty, n, reps):
    el, out, dtype = TYPES[ty]
    d = os.path.join(tmp, f"{ty}_{n}")
    os.makedirs(d, exist_ok=True)
    rng = np.random.default_rng(0)
    if ty == "bf16":
        import ml_dtypes  # how numpy writes bf16 .npy files
        a = rng.uniform(-1, 1, (n, n)).astype(ml_dtypes.bfloat16)
    elif ty == "s8":
        a = rng.integers(-128, 128, (n, n)).astype(np.int8)
    else:
        a = rng.uniform(-1, 1, (n, n)).astype(np.float32)
    np.save(os.path.join(d, "a.npy"), a)
    t = f"tensor<{n}x{n}x{el}>"
    r = f"tensor<{n}x{n}x{out}>"
    with open(os.path.join(d, "m.mlir"), "w") as f:
        f.write(f"func.func @main(%a: {t}, %b: {t}) -> {r} {{\n"
                f"  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0]"
                f" : ({t}, {t}) -> {r}\n  return %0 : {r}\n}}\n")
    proc = subprocess.run(
        [runner, os.path.join(d, "m.mlir"), "--input",
         os.path.join(d, "a.npy"), "--input", os.path.join(d, "a.npy"),
         f"--benchmark={reps}"], capture_output=True, text=True, check=True)
    return float(re.search(r"median ([0-9.e+-]+) s", proc.stdout).group(1))


def openblas(n, reps):
    a = np.random.default_rng(0).uniform(-1, 1, (n, n)).astype(np.float32)
    a @ a
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        a @ a
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def build_dnnl(tmp):
    cxx = shutil.which("c++") or shutil.which("g++")
    if not cxx:
        return None
    exe = os.path.join(tmp, "dnnl_matmul")
    proc = subprocess.run([cxx, "-O2", os.path.join(HERE, "c", "dnnl_matmul.cpp"),
                           "-ldnnl", "-o", exe], capture_output=True)
    return exe if proc.returncode == 0 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runner", default=os.path.join(
        HERE, "..", "build", "bin", "hlo-runner"))
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--sizes", default="1024,2048")
    parser.add_argument("--json")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        dnnl = build_dnnl(tmp)
        if not dnnl:
            print("oneDNN peer not built (no C++ compiler or libdnnl-dev)")
        print(f"{'case':<12} {'ours ms':>8} {'GF/s':>6} {'oneDNN ms':>10} "
              f"{'ours/oneDNN':>12} {'ours/OpenBLAS':>14} {'ours/ours-f32':>14}")
        for n in [int(s) for s in args.sizes.split(",")]:
            f32 = None
            for ty in ("f32", "bf16", "s8"):
                t = ours(args.runner, tmp, ty, n, args.reps)
                f32 = f32 or t
                case = f"{ty} {n}"
                peers = {"ours-f32": f32}
                if ty == "f32":
                    peers["openblas"] = openblas(n, args.reps)
                if dnnl:
                    out = subprocess.run([dnnl, ty, str(n), str(args.reps)],
                                         capture_output=True, text=True)
                    if out.returncode == 0:
                        peers["onednn"] = float(out.stdout)
                if ty != "f32":
                    # OpenBLAS has no bf16/int8 sgemm: its f32 time.
                    peers["openblas-f32"] = openblas(n, args.reps) \
                        if n <= 4096 else None
                fmt = lambda p: (f"{t / peers[p]:.2f}"
                                 if peers.get(p) else "-")
                print(f"{case:<12} {t * 1e3:8.2f} {2 * n**3 / t / 1e9:6.0f} "
                      f"{(peers.get('onednn') or 0) * 1e3:10.2f} "
                      f"{fmt('onednn'):>12} "
                      f"{fmt('openblas') if ty == 'f32' else fmt('openblas-f32'):>14} "
                      f"{fmt('ours-f32'):>14}", flush=True)
                for peer, pt in peers.items():
                    if pt and not (ty == "f32" and peer == "ours-f32"):
                        rows.append({"case": case, "threads": 1,
                                     "peer": peer, "ratio": t / pt})
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
