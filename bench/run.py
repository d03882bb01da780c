#!/usr/bin/env python3
"""Benchmarks our compiled code against its peers, side by side in one run.

For each case (bench/cases/CASE.mlir) it measures, one thread each, pinned to
the same CPU:
  ours     hlo-runner with the default CPU pipeline (fusion on)
  unfused  the same with --pipeline-options=fusion=false
  C        a hand-written fused C loop (bench/c/kernels.c, -O3 -march=native)
  numpy    numpy eager (when numpy is installed)
  XLA      XLA:CPU through jax.jit (when JAX is installed)
  XLA-donated  the same with the first input's buffer donated to the result
           (no result allocation per call, like the runner's preallocated
           results; most of plain XLA's time on the memory-bound cases is
           allocating and first touching a fresh result)
in --rounds rounds (each peer once per round, the order rotated), and prints
the median times and the ratios of ours to each (below 1 means ours is faster), each the median of the rounds' ratios.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = ["relu", "softmax", "layernorm", "mlp"]


def pinned(cpu):
    return ["taskset", "-c", str(cpu)] if shutil.which("taskset") else []


def one_thread_env():
    env = dict(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        env[var] = "1"
    env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") +
                        " --xla_cpu_multi_thread_eigen=false"
                        " intra_op_parallelism_threads=1").strip()
    return env


def timed(cmd, env=None):
    """Runs cmd, returns its median seconds, or None when the peer is absent."""
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode == 3:
        return None
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
    for line in proc.stdout.splitlines():
        if line.startswith("run time: median "):  # hlo-runner --benchmark
            return float(line.split()[3])
    return float(proc.stdout.split()[0])  # "median min max"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="build directory holding bin/hlo-runner")
    parser.add_argument("--reps", type=int, default=10, help="timed runs per measurement")
    parser.add_argument("--cpu", type=int, default=1, help="CPU to pin every measurement to")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated cases")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds per case; each measures every peer once (in a rotated "
                             "order), and a ratio is the median of the rounds' ratios, so that "
                             "the machine's drift between measurements cancels")
    args = parser.parse_args()

    runner = os.path.join(args.build, "bin", "hlo-runner")
    if not os.path.exists(runner):
        sys.exit(f"{runner} not found: build first (bash scripts/build.sh)")
    cc = shutil.which("clang-22") or shutil.which("/usr/lib/llvm-22/bin/clang") or "cc"
    kernels = os.path.join(args.build, "bench", "kernels")
    os.makedirs(os.path.dirname(kernels), exist_ok=True)
    subprocess.run([cc, "-O3", "-march=native", os.path.join(ROOT, "bench", "c", "kernels.c"),
                    "-lm", "-o", kernels], check=True)

    pin = pinned(args.cpu)
    env = one_thread_env()
    peers = os.path.join(ROOT, "bench", "peers.py")
    columns = ["ours", "unfused", "C", "numpy", "XLA", "XLA-donated"]
    rows = []
    for case in args.cases.split(","):
        if case not in CASES:
            sys.exit(f"unknown case {case!r}; cases: {', '.join(CASES)}")
        source = os.path.join(ROOT, "bench", "cases", case + ".mlir")
        ours = [runner, source, "--generate-inputs", f"--benchmark={args.reps}"]
        commands = {
            "ours": pin + ours,
            "unfused": pin + ours + ["--pipeline-options=fusion=false"],
            "C": pin + [kernels, case, str(args.reps)],
            "numpy": pin + [sys.executable, peers, "numpy", case, str(args.reps)],
            "XLA": pin + [sys.executable, peers, "xla", case, str(args.reps)],
            "XLA-donated": pin + [sys.executable, peers, "xla-donated", case,
                                  str(args.reps)],
        }
        rounds = []
        for r in range(max(1, args.rounds)):
            order = columns[r % len(columns):] + columns[:r % len(columns)]
            rounds.append({c: timed(commands[c], env) for c in order})
        times = {c: (statistics.median(t[c] for t in rounds)
                     if rounds[0][c] is not None else None) for c in columns}
        ratios = {c: (statistics.median(t["ours"] / t[c] for t in rounds)
                      if rounds[0][c] is not None else None) for c in columns}
        rows.append((case, times, ratios))
        print(f"{case}: " + ", ".join(f"{k} {v * 1e3:.2f} ms" for k, v in times.items()
                                      if v is not None), file=sys.stderr)

    present = [c for c in columns if any(t[c] is not None for _, t, _ in rows)]
    others = [c for c in present if c != "ours"]
    header = ["case"] + [f"{c} ms" for c in present] + [f"ours/{c}" for c in others]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for case, t, ratio in rows:
        cells = [case] + [f"{t[c] * 1e3:.2f}" if t[c] is not None else "-" for c in present]
        cells += [f"{ratio[c]:.2f}" if ratio[c] else "-" for c in others]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
