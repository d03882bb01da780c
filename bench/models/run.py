#!/usr/bin/env python3
"""Whole JAX programs, ours against XLA:CPU side by side (issue 16).

For every program of the `models` set of utils/jax_corpus.py (a transformer
training step and forward block, a bf16 matmul chain, an FFT filter, embedding
+ segment_sum + top_k, a CNN and an MLP training step, cumsum + where, an LSTM
scan, threefry PRNG) this script:

  1. writes the program (StableHLO text, inputs, XLA:CPU's outputs) with
     utils/jax_corpus.py into --work (kept between runs; --regenerate rewrites);
  2. runs it once through hlo-runner and checks every output against XLA's
     with the corpus tolerances (a program whose outputs differ is reported
     as WRONG and its time is not counted);
  3. times ours (`hlo-runner --benchmark=N`, the median of N runs of the
     compiled entry, inputs already in memory) and XLA (jax.jit of the same
     function, block_until_ready, median of N calls after warm-up), in
     --rounds rounds, each pinned to the same CPU, alternating;
  4. prints per program the two medians and their ratio (ours / XLA; below 1
     means ours is faster) and the geometric mean of the ratios.

Modes:
  --threads=1    (default) one thread each: taskset to one CPU, XLA with
                 --xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1
  --threads=all  every core for both
  --profile      instead of timing against XLA, attribute our run time to the
                 program's kernels (hlo-runner --profile: each fusion and each
                 op that is a loop nest of its own, by its share of the time,
                 and whether its innermost loops run vector or scalar code)

Needs jax (pip install jax) and a build (build/bin/hlo-runner).
"""
import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "utils"))


def pinned(cpu, threads):
    if threads != "1" or not shutil.which("taskset"):
        return []
    return ["taskset", "-c", str(cpu)]


def thread_env(threads):
    env = dict(os.environ)
    if threads == "1":
        for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
            env[var] = "1"
        env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") +
                            " --xla_cpu_multi_thread_eigen=false"
                            " intra_op_parallelism_threads=1").strip()
        env["HLO_NUM_THREADS"] = "1"
    return env


def input_args(prog_dir, meta):
    return [f"--input={os.path.join(prog_dir, f'input{i}.npy')}"
            for i in range(len(meta["inputs"]))]


def check_outputs(runner, prog_dir, meta, env, pin):
    """Runs ours once; None when every output matches XLA's (the corpus
    tolerances, compared as utils/conformance.py does), else why not."""
    import conformance
    with tempfile.TemporaryDirectory() as out:
        cmd = pin + [runner, os.path.join(prog_dir, "program.mlir"), f"--output={out}"] + \
            input_args(prog_dir, meta)
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            return "hlo-runner failed: " + (proc.stderr.strip().splitlines() or ["?"])[-1]
        expected = [os.path.join(prog_dir, f"expected{i}.npy")
                    for i in range(len(meta["outputs"]))]
        return conformance.compare_results(out, expected, meta.get("tolerances", {}))


def time_ours(runner, prog_dir, meta, reps, env, pin):
    cmd = pin + [runner, os.path.join(prog_dir, "program.mlir"),
                 f"--benchmark={reps}"] + input_args(prog_dir, meta)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    for line in (proc.stdout + proc.stderr).splitlines():
        if line.startswith("run time: median "):
            value, unit = line.split()[3:5]
            return float(value) * {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}[unit.rstrip(",")]
    raise RuntimeError(f"no timing from {' '.join(cmd)}:\n{proc.stderr}")


XLA_TIMER = r"""
import json, statistics, sys, time
sys.path.insert(0, {utils!r})
import numpy as np, jax, jax_corpus
name, prog_dir, reps = {name!r}, {prog_dir!r}, {reps}
prog = [p for p in jax_corpus._registry() if p.name == name][0]
# The inputs of the corpus tool (the same seed): np.load cannot read bfloat16.
inputs = prog.make_inputs(np.random.default_rng(jax_corpus.seed_of(name)))
args = [jax.device_put(x) for x in inputs]
f = jax.jit(prog.fn, keep_unused=True)
jax.block_until_ready(f(*args))
jax.block_until_ready(f(*args))
times = []
for _ in range(reps):
    t = time.perf_counter(); jax.block_until_ready(f(*args)); times.append(time.perf_counter() - t)
print("xla", statistics.median(times))
"""


def time_xla(name, prog_dir, reps, env, pin):
    code = XLA_TIMER.format(utils=os.path.join(ROOT, "utils"), name=name,
                            prog_dir=prog_dir, reps=reps)
    proc = subprocess.run(pin + [sys.executable, "-c", code], capture_output=True,
                          text=True, env=env)
    for line in proc.stdout.splitlines():
        if line.startswith("xla "):
            return float(line.split()[1])
    raise RuntimeError(f"XLA timing of {name} failed:\n{proc.stderr[-2000:]}")


def fmt(seconds):
    if seconds >= 1e-1:
        return f"{seconds:.3f} s"
    if seconds >= 1e-4:
        return f"{seconds * 1e3:.3f} ms"
    return f"{seconds * 1e6:.1f} us"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "hlo-bench-models"),
                        help="where the programs are written (kept between runs)")
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--only", default="", help="regex of program names")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cpu", type=int, default=1)
    parser.add_argument("--threads", choices=["1", "all"], default="1")
    parser.add_argument("--profile", action="store_true",
                        help="attribute our run time to kernels instead of timing XLA")
    parser.add_argument("--top", type=int, default=15, help="--profile: kernels listed")
    args = parser.parse_args()

    try:
        import jax  # noqa: F401
    except ImportError:
        print("bench/models needs jax (pip install jax)", file=sys.stderr)
        return 2
    runner = os.path.join(args.build, "bin", "hlo-runner")
    if not os.path.exists(runner):
        print(f"no {runner}: build first", file=sys.stderr)
        return 2

    if args.regenerate or not os.path.isdir(args.work):
        cmd = [sys.executable, os.path.join(ROOT, "utils", "jax_corpus.py"), "write",
               args.work, "--set", "models"]
        if args.only:
            cmd += ["--only", args.only]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)

    names = sorted(n for n in os.listdir(args.work)
                   if os.path.exists(os.path.join(args.work, n, "meta.json"))
                   and re.search(args.only, n))
    env = thread_env(args.threads)
    pin = pinned(args.cpu, args.threads)

    if args.profile:
        status = 0
        for name in names:
            prog_dir = os.path.join(args.work, name)
            meta = json.load(open(os.path.join(prog_dir, "meta.json")))
            cmd = pin + [runner, os.path.join(prog_dir, "program.mlir"),
                         f"--profile={args.reps}", f"--profile-top={args.top}"] + \
                input_args(prog_dir, meta)
            print(f"== {name}", flush=True)
            status |= subprocess.run(cmd, env=env).returncode
        return 1 if status else 0

    print(f"threads: {args.threads}; median of {args.reps} calls, median ratio of "
          f"{args.rounds} rounds", flush=True)
    print("| program | ours | XLA:CPU | ours / XLA |")
    print("|---|---|---|---|")
    ratios = []
    failures = 0
    for name in names:
        prog_dir = os.path.join(args.work, name)
        meta = json.load(open(os.path.join(prog_dir, "meta.json")))
        why = check_outputs(runner, prog_dir, meta, env, pin)
        if why:
            print(f"| {name} | WRONG: {why} | | |", flush=True)
            failures += 1
            continue
        ours, xla, round_ratios = [], [], []
        for _ in range(args.rounds):
            o = time_ours(runner, prog_dir, meta, args.reps, env, pin)
            x = time_xla(name, prog_dir, args.reps, env, pin)
            ours.append(o)
            xla.append(x)
            round_ratios.append(o / x)
        ratio = statistics.median(round_ratios)
        ratios.append(ratio)
        print(f"| {name} | {fmt(statistics.median(ours))} | {fmt(statistics.median(xla))} "
              f"| {ratio:.2f} |", flush=True)
    if ratios:
        geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"| geometric mean ({len(ratios)} programs) | | | {geo:.2f} |")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
