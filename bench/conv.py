#!/usr/bin/env python3
"""Convolutions side by side: ours (hlo-runner), oneDNN and XLA:CPU, one
thread each, pinned to the same CPU.

Cases are f32 forward convolutions, NHWC input and output, HWIO kernel:
ResNet-50 layers (batch 1) and the two convolutions of bench/models'
cnn_train_step (batch 8). Peers:
  ours    hlo-runner --benchmark on a one-op StableHLO module
  oneDNN  bench/c/dnnl_conv.cpp (Debian's libdnnl-dev; NHWC src/dst, the
          weights pre-reordered to oneDNN's preferred layout)
  XLA     jax.lax.conv_general_dilated under jax.jit
Each is the median of --reps runs; --rounds rounds, each peer once per
round (order rotated), ratio = median over rounds of ours / peer (below 1:
ours is faster). `--pipeline-options=...` is passed to hlo-runner (e.g.
convolution-to-dot=false for the direct loop nest).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# name: N, H, W, C, O, KH, KW, stride, pad
CASES = {
    "resnet_conv1_7x7s2": (1, 224, 224, 3, 64, 7, 7, 2, 3),
    "resnet_2a_1x1": (1, 56, 56, 64, 64, 1, 1, 1, 0),
    "resnet_2a_3x3": (1, 56, 56, 64, 64, 3, 3, 1, 1),
    "resnet_2a_1x1_expand": (1, 56, 56, 64, 256, 1, 1, 1, 0),
    "resnet_3a_3x3s2": (1, 56, 56, 128, 128, 3, 3, 2, 1),
    "resnet_4_3x3": (1, 14, 14, 256, 256, 3, 3, 1, 1),
    "resnet_5_3x3": (1, 7, 7, 512, 512, 3, 3, 1, 1),
    "cnn_conv1_b8": (8, 32, 32, 3, 16, 3, 3, 1, 1),
    "cnn_conv2_b8": (8, 16, 16, 16, 32, 3, 3, 1, 1),
}

XLA_SCRIPT = r"""
import sys, time, statistics
import numpy as np
import jax, jax.numpy as jnp
n, h, w, c, o, kh, kw, s, p, reps = map(int, sys.argv[1:])
x = jnp.asarray(np.random.default_rng(0).uniform(-1, 1, (n, h, w, c)), jnp.float32)
k = jnp.asarray(np.random.default_rng(1).uniform(-1, 1, (kh, kw, c, o)), jnp.float32)
f = jax.jit(lambda x, k: jax.lax.conv_general_dilated(
    x, k, (s, s), [(p, p), (p, p)], dimension_numbers=("NHWC", "HWIO", "NHWC")))
f(x, k).block_until_ready()
times = []
for _ in range(reps):
    t = time.perf_counter(); f(x, k).block_until_ready()
    times.append(time.perf_counter() - t)
print(statistics.median(times))
"""


def module(n, h, w, c, o, kh, kw, s, p):
    oh, ow = (h + 2 * p - kh) // s + 1, (w + 2 * p - kw) // s + 1
    x, k, r = (f"tensor<{n}x{h}x{w}x{c}xf32>", f"tensor<{kh}x{kw}x{c}x{o}xf32>",
               f"tensor<{n}x{oh}x{ow}x{o}xf32>")
    return (f"func.func @main(%x: {x}, %k: {k}) -> {r} {{\n"
            f"  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x"
            f"[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [{s}, {s}], "
            f"pad = [[{p}, {p}], [{p}, {p}]]}} {{batch_group_count = 1 : i64, "
            f"feature_group_count = 1 : i64}} : ({x}, {k}) -> {r}\n"
            f"  return %0 : {r}\n}}\n")


def timed(cmd, env):
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
    for line in proc.stdout.splitlines():
        if line.startswith("run time: median "):
            return float(line.split()[3])
    return float(proc.stdout.split()[0])


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cpu", type=int, default=1)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--pipeline-options", default="")
    args = parser.parse_args()
    runner = os.path.join(args.build, "bin", "hlo-runner")
    if not os.path.exists(runner):
        sys.exit(f"{runner} not found: build first")
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") +
                        " --xla_cpu_multi_thread_eigen=false"
                        " intra_op_parallelism_threads=1").strip()
    pin = ["taskset", "-c", str(args.cpu)] if shutil.which("taskset") else []
    tmp = tempfile.mkdtemp(prefix="conv-bench-")
    dnnl = os.path.join(tmp, "dnnl_conv")
    cxx = shutil.which("g++") or shutil.which("clang++")
    if not cxx or subprocess.run(
            [cxx, "-O2", os.path.join(ROOT, "bench", "c", "dnnl_conv.cpp"),
             "-ldnnl", "-o", dnnl], capture_output=True).returncode != 0:
        print("oneDNN peer not built (no C++ compiler or libdnnl-dev)",
              file=sys.stderr)
        dnnl = None
    try:
        import jax  # noqa: F401
        have_jax = True
    except ImportError:
        have_jax = False
    xla = os.path.join(tmp, "xla_conv.py")
    with open(xla, "w") as f:
        f.write(XLA_SCRIPT)
    columns = ["ours"] + (["oneDNN"] if dnnl else []) + (["XLA"] if have_jax else [])
    rows = []
    for name in args.cases.split(","):
        shape = CASES[name]
        path = os.path.join(tmp, name + ".mlir")
        with open(path, "w") as f:
            f.write(module(*shape))
        ours = [runner, path, "--generate-inputs", f"--benchmark={args.reps}"]
        if args.pipeline_options:
            ours.append(f"--pipeline-options={args.pipeline_options}")
        extra = [str(v) for v in shape] + [str(args.reps)]
        commands = {"ours": pin + ours,
                    "oneDNN": pin + [dnnl or ""] + extra,
                    "XLA": pin + [sys.executable, xla] + extra}
        rounds = []
        for r in range(max(1, args.rounds)):
            order = columns[r % len(columns):] + columns[:r % len(columns)]
            rounds.append({c: timed(commands[c], env) for c in order})
        times = {c: statistics.median(t[c] for t in rounds) for c in columns}
        ratios = {c: statistics.median(t["ours"] / t[c] for t in rounds)
                  for c in columns[1:]}
        n, h, w, c, o, kh, kw, s, p = shape
        oh, ow = (h + 2 * p - kh) // s + 1, (w + 2 * p - kw) // s + 1
        gflops = 2 * n * oh * ow * o * kh * kw * c / times["ours"] / 1e9
        rows.append((name, times, ratios, gflops))
        print(f"{name}: " + ", ".join(f"{k} {v * 1e3:.3f} ms"
                                      for k, v in times.items()), file=sys.stderr)
    header = (["case"] + [f"{c} ms" for c in columns] + ["ours GFLOP/s"] +
              [f"ours/{c}" for c in columns[1:]])
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name, t, ratio, gflops in rows:
        print("| " + " | ".join([name] + [f"{t[c] * 1e3:.3f}" for c in columns] +
                                [f"{gflops:.1f}"] +
                                [f"{ratio[c]:.2f}" for c in columns[1:]]) + " |")


if __name__ == "__main__":
    main()
