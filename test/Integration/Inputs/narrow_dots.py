"""bf16 x bf16 -> f32 and s8 x s8 -> i32 matmuls (the AMX kernels of
hlo-lower-vectors on hosts that have AMX, its AVX-512 kernels (vdpbf16ps,
vpdpbusd) on hosts that have AVX512_BF16 / AVX512_VNNI, the portable code
elsewhere or with target-features=) against a numpy float64 / int64 reference, at odd
sizes and tails of every tile dimension (m, n not multiples of 32, k not a
multiple of 32 (bf16) or 64 (i8), nor of the 2 / 4 rows a packed panel
interleaves).

Tolerances: i8 is exact. bf16 products are exact in f32 and accumulate in
f32: |got - want| <= k * eps(f32) * sum|a||b|. Denormals: AMX and
vdpbf16ps treat bf16 denormal inputs as zero and flushes denormal f32
results to zero; the portable code keeps them. The denormal cases accept
exactly those two answers and print which one they got.
"""

import argparse
import os
import subprocess
import sys

import numpy as np

try:
    import ml_dtypes
    BF16 = ml_dtypes.bfloat16
except ImportError:
    BF16 = None

SIZES = [(1, 1, 1), (17, 33, 19), (97, 83, 61), (64, 256, 48), (33, 100, 130),
         (32, 64, 32), (5, 131, 7), (40, 1030, 70), (9, 2, 33)]


def run(runner, tmp, name, a, b, el, out, extra):
    m, k = a.shape
    n = b.shape[1]
    module = (
        f"func.func @main(%a: tensor<{m}x{k}x{el}>, %b: tensor<{k}x{n}x{el}>)"
        f" -> tensor<{m}x{n}x{out}> {{\n  %0 = hlo.dot_general %a, %b, "
        f"contracting_dims = [1] x [0] : (tensor<{m}x{k}x{el}>, "
        f"tensor<{k}x{n}x{el}>) -> tensor<{m}x{n}x{out}>\n"
        f"  return %0 : tensor<{m}x{n}x{out}>\n}}\n")
    d = os.path.join(tmp, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "dot.mlir"), "w") as f:
        f.write(module)
    np.save(os.path.join(d, "a.npy"), a)
    np.save(os.path.join(d, "b.npy"), b)
    proc = subprocess.run(
        [runner, os.path.join(d, "dot.mlir"), *extra, "--input",
         os.path.join(d, "a.npy"), "--input", os.path.join(d, "b.npy"),
         "--output", os.path.join(d, "out")], capture_output=True, text=True)
    if proc.returncode != 0:
        return None, proc.stderr.strip()[-400:]
    return np.load(os.path.join(d, "out", "result0.npy")), None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--tmp", required=True)
    parser.add_argument("--runner-arg", action="append", default=[])
    args = parser.parse_args()
    passed = failed = 0

    def report(name, status):
        nonlocal passed, failed
        print(f"{name}: {status}", flush=True)
        if status.startswith("FAILED"):
            failed += 1
        else:
            passed += 1

    for m, k, n in SIZES:
        rng = np.random.default_rng(m * 10007 + k * 101 + n)
        # int8: exact.
        a = rng.integers(-128, 128, (m, k)).astype(np.int8)
        b = rng.integers(-128, 128, (k, n)).astype(np.int8)
        got, err = run(args.runner, args.tmp, f"i8_{m}x{k}x{n}", a, b, "i8",
                       "i32", args.runner_arg)
        want = a.astype(np.int64) @ b.astype(np.int64)
        if err:
            report(f"i8 {m}x{k}x{n}", "FAILED: " + err)
        else:
            bad = int((got.astype(np.int64) != want).sum())
            report(f"i8 {m}x{k}x{n}",
                   f"FAILED: {bad} elements off" if bad else "ok")
        if BF16 is None:
            continue
        a = rng.uniform(-1, 1, (m, k)).astype(BF16)
        b = rng.uniform(-1, 1, (k, n)).astype(BF16)
        got, err = run(args.runner, args.tmp, f"bf16_{m}x{k}x{n}", a, b,
                       "bf16", "f32", args.runner_arg)
        a64, b64 = a.astype(np.float64), b.astype(np.float64)
        want = a64 @ b64
        bound = k * np.finfo(np.float32).eps * (np.abs(a64) @ np.abs(b64))
        if err:
            report(f"bf16 {m}x{k}x{n}", "FAILED: " + err)
        else:
            bad = int((np.abs(got.astype(np.float64) - want) > bound).sum())
            report(f"bf16 {m}x{k}x{n}",
                   f"FAILED: {bad} elements off" if bad else "ok")

    if BF16 is not None:
        # A bf16 denormal input (2^-130) times 1, and normal inputs whose
        # product is an f32 denormal (2^-70 * 2^-70 = 2^-140).
        a = np.array([[2.0**-130, 0.0], [2.0**-70, 0.0]]).astype(BF16)
        b = np.array([[1.0, 2.0**-70], [0.0, 0.0]]).astype(BF16)
        got, err = run(args.runner, args.tmp, "bf16_denormal", a, b, "bf16",
                       "f32", args.runner_arg)
        # Exact in float64, then rounded to f32 (2^-200 is 0 in f32).
        want = (a.astype(np.float64) @ b.astype(np.float64)).astype(
            np.float32).astype(np.float64)
        if err:
            report("bf16 denormals", "FAILED: " + err)
        else:
            kept = np.array_equal(got.astype(np.float64), want)
            flushed = np.array_equal(got, np.where(
                np.abs(want) < np.finfo(np.float32).tiny, 0.0, want))
            report("bf16 denormals", "ok (kept)" if kept else
                   "ok (flushed to zero)" if flushed else
                   f"FAILED: got {got.tolist()}, want {want.tolist()}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
