#!/usr/bin/env python3
"""Benchmarks our compiled code against its peers, side by side in one run.

Groups of cases (--groups, default all):
  fused   bench/cases/{relu,softmax,layernorm,mlp}.mlir; peers: `unfused` (ours
          with fusion=false), `C` (bench/c/kernels.c, a hand-written fused loop,
          -O3 -march=native; one thread only), numpy, XLA, `XLA-donated` (the
          first input's buffer donated to the result: no result allocation per
          call, like the runner's preallocated results); `ours-donated` is ours
          with the first input donated too (hlo-runner --donate=0: the result
          computed in that input's buffer), compared with XLA-donated in the
          column `donated/XLA-donated`
  matmul  N x N by N x N products at 1024 and 2048 in f32, bf16 (f32 result)
          and s8 (s32 result); peers: OpenBLAS (numpy's sgemm, f32 only),
          oneDNN (bench/c/dnnl_matmul.cpp; Debian's libdnnl-dev), XLA
  conv    the ResNet-50 layers of bench/conv.py (NHWC, f32); peers: oneDNN
          (bench/c/dnnl_conv.cpp), XLA
at each thread count of --threads (default `1,all`): `1` pins every
measurement to one CPU (--cpu) with the peers told to use one thread; `all`
runs unpinned with every peer on all the cores the process may use (our
code's default, hlo-cpu-pipeline threads=0).

Each case is measured in --rounds rounds (each peer once per round, the order
rotated); a time is the median over rounds of each run's median of --reps
calls, a ratio the median over rounds of ours / peer (below 1: ours is
faster), so that drift of the machine between measurements cancels.

With more than one thread count it also measures a STREAM triad
(bench/c/triad.c, a[i] = b[i] + s c[i] on arrays of relu's size, threads
created once) and prints how well our fused elementwise code scales from
one thread to all against how well the triad does (the memory bandwidth's
limit), and the bandwidth each reaches on all cores (its parameters' and
results' bytes over its time) against the triad's.

--json FILE writes one row per (case, threads, peer): {"case", "threads",
"peer", "ratio", "ours_s", "peer_s"}, ratio = our time / the peer's (for
`donated/XLA-donated`, ours-donated's time / XLA-donated's).
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import conv  # noqa: E402  (the convolution cases)

FUSED = ["relu", "softmax", "layernorm", "mlp"]
MATMUL = [f"matmul-{t}-{n}" for n in (1024, 2048) for t in ("f32", "bf16", "s8")]
CONV = ["conv-" + name for name in conv.CASES if name.startswith("resnet")]
GROUPS = {"fused": FUSED, "matmul": MATMUL, "conv": CONV}
DONATED = "donated/XLA-donated"
ELEMENT = {"f32": ("f32", "f32"), "bf16": ("bf16", "f32"), "s8": ("i8", "i32")}


def cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def thread_env(threads):
    """The environment that tells every peer to use `threads` threads."""
    env = dict(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        env[var] = str(threads)
    if threads == 1:
        env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") +
                            " --xla_cpu_multi_thread_eigen=false"
                            " intra_op_parallelism_threads=1").strip()
    return env


def timed(cmd, env):
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


def matmul_module(ty, n):
    element, result = ELEMENT[ty]
    t, r = f"tensor<{n}x{n}x{element}>", f"tensor<{n}x{n}x{result}>"
    return (f"func.func @main(%a: {t}, %b: {t}) -> {r} {{\n"
            f"  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0]"
            f" : ({t}, {t}) -> {r}\n  return %0 : {r}\n}}\n")


def build(tmp):
    """Builds the C peers; returns {name: executable or None}."""
    cc = shutil.which("clang-22") or shutil.which("cc")
    cxx = shutil.which("g++") or shutil.which("c++")
    built = {}
    for name, compiler, flags in (
            ("kernels", cc, ["-O3", "-march=native", "-lm"]),
            ("triad", cc, ["-O3", "-march=native", "-lpthread"]),
            ("dnnl_matmul", cxx, ["-O2", "-ldnnl"]),
            ("dnnl_conv", cxx, ["-O2", "-ldnnl"])):
        exe = os.path.join(tmp, name)
        source = os.path.join(ROOT, "bench", "c",
                              name + (".cpp" if name.startswith("dnnl") else ".c"))
        ok = compiler and subprocess.run([compiler, source, "-o", exe] + flags,
                                         capture_output=True).returncode == 0
        built[name] = exe if ok else None
        if not ok:
            print(f"peer {name} not built (no compiler or library)", file=sys.stderr)
    return built


def commands(case, threads, args, runner, tmp, built):
    """{peer: command} for one case at one thread count ("ours" first)."""
    peers = os.path.join(ROOT, "bench", "peers.py")
    python = [sys.executable, peers]
    reps = str(args.reps)
    bench = [f"--benchmark={args.reps}"]
    if case in FUSED:
        source = os.path.join(ROOT, "bench", "cases", case + ".mlir")
        ours = [runner, source, "--generate-inputs"] + bench
        result = {"ours": ours, "ours-donated": ours + ["--donate=0"],
                  "unfused": ours + ["--pipeline-options=fusion=false"]}
        if threads == 1 and built["kernels"]:
            result["C"] = [built["kernels"], case, reps]
        result.update({"numpy": python + ["numpy", case, reps],
                       "XLA": python + ["xla", case, reps],
                       "XLA-donated": python + ["xla-donated", case, reps]})
        return result
    path = os.path.join(tmp, case + ".mlir")
    if case in MATMUL:
        _, ty, n = case.split("-")
        text = matmul_module(ty, int(n))
    else:
        shape = conv.CASES[case[len("conv-"):]]
        text = conv.module(*shape)
    with open(path, "w") as f:
        f.write(text)
    result = {"ours": [runner, path, "--generate-inputs"] + bench}
    if case in MATMUL:
        _, ty, n = case.split("-")
        if ty == "f32":
            result["OpenBLAS"] = python + ["numpy", case, reps]
        if built["dnnl_matmul"]:
            result["oneDNN"] = [built["dnnl_matmul"], ty, n, reps]
    elif built["dnnl_conv"]:
        shape = conv.CASES[case[len("conv-"):]]
        result["oneDNN"] = [built["dnnl_conv"]] + [str(v) for v in shape] + [reps]
    result["XLA"] = python + ["xla", case, reps]
    return result


def measure(cmds, rounds, pin, env):
    """Times every peer in rotated order per round: ({peer: s}, {peer: ratio})."""
    peers = list(cmds)
    runs = []
    for r in range(max(1, rounds)):
        order = peers[r % len(peers):] + peers[:r % len(peers)]
        runs.append({p: timed(pin + cmds[p], env) for p in order})
    present = [p for p in peers if runs[0][p] is not None]
    times = {p: statistics.median(run[p] for run in runs) for p in present}
    ratios = {p: statistics.median(run["ours"] / run[p] for run in runs)
              for p in present if p != "ours"}
    # Donated against donated: both compute the result in the first input.
    if "ours-donated" in present and "XLA-donated" in present:
        ratios[DONATED] = statistics.median(
            run["ours-donated"] / run["XLA-donated"] for run in runs)
    return times, ratios


def print_table(title, rows):
    peers = []
    for _, times, ratios in rows:
        peers += [p for p in times if p not in peers]
    others = [p for p in peers if p != "ours"]
    if any(DONATED in ratios for _, _, ratios in rows):
        others.append(DONATED)
    print(f"\n{title}")
    header = (["case"] + [f"{p} ms" for p in peers] +
              [p if p == DONATED else f"ours/{p}" for p in others])
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for case, times, ratios in rows:
        cells = [case] + [f"{times[p] * 1e3:.2f}" if p in times else "-" for p in peers]
        cells += [f"{ratios[p]:.2f}" if p in ratios else "-" for p in others]
        print("| " + " | ".join(cells) + " |")


def case_bytes(path):
    """The bytes of a case's parameters and results (what a fused kernel
    must at least read and write), from @main's signature."""
    with open(path) as f:
        text = f.read()
    signature = re.search(r"func\.func @main\((.*?)\)\s*->\s*(.*?)\{", text, re.S)
    total = 0
    for dims, elem in re.findall(r"tensor<((?:\d+x)*)(f32|f16|bf16|i32|i8)>",
                                 signature.group(1) + signature.group(2)):
        n = 1
        for d in dims.split("x")[:-1]:
            n *= int(d)
        total += n * {"f32": 4, "i32": 4, "f16": 2, "bf16": 2, "i8": 1}[elem]
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="build directory holding bin/hlo-runner")
    parser.add_argument("--reps", type=int, default=10, help="timed runs per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per case")
    parser.add_argument("--cpu", type=int, default=1,
                        help="the CPU one-thread measurements are pinned to")
    parser.add_argument("--threads", default="1,all",
                        help="comma-separated thread counts: numbers or `all`")
    parser.add_argument("--groups", default=",".join(GROUPS),
                        help="comma-separated groups: " + ", ".join(GROUPS))
    parser.add_argument("--cases", help="comma-separated cases (overrides --groups)")
    parser.add_argument("--json", help="write the ratios as JSON rows to this file")
    args = parser.parse_args()

    runner = os.path.join(args.build, "bin", "hlo-runner")
    if not os.path.exists(runner):
        sys.exit(f"{runner} not found: build first (bash scripts/build.sh)")
    if args.cases:
        cases = args.cases.split(",")
        for case in cases:
            if not any(case in group for group in GROUPS.values()):
                sys.exit(f"unknown case {case!r}; cases: " +
                         ", ".join(c for g in GROUPS.values() for c in g))
    else:
        cases = []
        for group in args.groups.split(","):
            if group not in GROUPS:
                sys.exit(f"unknown group {group!r}; groups: {', '.join(GROUPS)}")
            cases += GROUPS[group]
    counts = []
    for t in args.threads.split(","):
        n = cores() if t == "all" else int(t)
        if n < 1:
            sys.exit(f"--threads: {t!r} is not a thread count")
        if n not in counts:
            counts.append(n)

    json_rows = []
    ours_times = {}  # (case, threads) -> seconds
    with tempfile.TemporaryDirectory(prefix="hlo-bench-") as tmp:
        built = build(tmp)
        for threads in counts:
            pin = []
            if threads == 1 and shutil.which("taskset"):
                pin = ["taskset", "-c", str(args.cpu)]
            elif threads < cores() and shutil.which("taskset"):
                cpus = sorted(os.sched_getaffinity(0))[:threads]
                pin = ["taskset", "-c", ",".join(map(str, cpus))]
            env = thread_env(threads)
            rows = []
            for case in cases:
                cmds = commands(case, threads, args, runner, tmp, built)
                times, ratios = measure(cmds, args.rounds, pin, env)
                rows.append((case, times, ratios))
                ours_times[(case, threads)] = times["ours"]
                print(f"{case}, {threads} thread(s): " +
                      ", ".join(f"{p} {s * 1e3:.2f} ms" for p, s in times.items()),
                      file=sys.stderr, flush=True)
                for peer, ratio in ratios.items():
                    ours_s, peer_s = times["ours"], times.get(peer)
                    if peer == DONATED:
                        ours_s, peer_s = times["ours-donated"], times["XLA-donated"]
                    json_rows.append({"case": case, "threads": threads, "peer": peer,
                                      "ratio": round(ratio, 4),
                                      "ours_s": ours_s, "peer_s": peer_s})
            print_table(f"{threads} thread(s)" + (" (pinned)" if pin else ""), rows)

        if len(counts) > 1 and built["triad"]:
            low, high = min(counts), max(counts)
            triad = {}
            for t in (low, high):
                pin = ["taskset", "-c", str(args.cpu)] if t == 1 and shutil.which(
                    "taskset") else []
                triad[t] = statistics.median(
                    timed(pin + [built["triad"], str(t), str(args.reps)], None)
                    for _ in range(max(1, args.rounds)))
            triad_scaling = triad[low] / triad[high]
            gbs = {t: 3 * 4 * 16777216 / s / 1e9 for t, s in triad.items()}
            print(f"\nSTREAM triad: {low} thread(s) {triad[low] * 1e3:.2f} ms "
                  f"({gbs[low]:.1f} GB/s), {high} threads {triad[high] * 1e3:.2f} ms "
                  f"({gbs[high]:.1f} GB/s): scales {triad_scaling:.2f}x")
            # Scaling compares each with itself; a kernel that already
            # streams at the memory's limit on one thread (non-temporal
            # stores: no read-for-ownership) has little left to gain, so the
            # bandwidth it reaches on all cores (its operands' and result's
            # bytes over its time) is printed against the triad's as well.
            print(f"| case | ours scaling | triad scaling | ours / triad | "
                  f"ours GB/s at {high} | ours GB/s / triad GB/s at {high} |")
            print("|---|---|---|---|---|---|")
            for case in cases:
                if case in FUSED and (case, low) in ours_times and (case, high) in ours_times:
                    scaling = ours_times[(case, low)] / ours_times[(case, high)]
                    moved = case_bytes(os.path.join(ROOT, "bench", "cases", case + ".mlir"))
                    ours_gbs = moved / ours_times[(case, high)] / 1e9
                    print(f"| {case} | {scaling:.2f}x | {triad_scaling:.2f}x | "
                          f"{scaling / triad_scaling:.2f} | {ours_gbs:.1f} | "
                          f"{ours_gbs / gbs[high]:.2f} |")

    if args.json:
        with open(args.json, "w") as f:
            json.dump(json_rows, f, indent=1)


if __name__ == "__main__":
    main()
