#!/usr/bin/env python3
"""Conformance programs on a GPU machine that has no MLIR: compile here, run
there, check here.

A GPU machine lent for a few minutes has the CUDA driver but no LLVM/MLIR,
so the self-checking conformance programs are compiled ahead of time on the
build machine into program objects (hlo-runner --device=cuda --aot-output,
linked into shared objects) with the values of their parameters as .npy
files; hlo-aot-run executes them there and writes their results as .npy;
back here, hlo-runner --check-results evaluates each program's checks on
those results with the same semantics as on the CPU.

Usage:
  gpu_aot_corpus.py prepare BUNDLE CORPUS_PATH... [--sample N] [--jobs N]
      compile every *.mlir of each corpus directory (or a sample) into
      BUNDLE/programs/NAME.so and BUNDLE/programs/NAME.in/input<K>.npy, and
      write BUNDLE/programs/index.tsv (name, source path, number of inputs).
      Programs that do not compile are listed in BUNDLE/compile-failures.tsv.
  gpu_aot_corpus.py check BUNDLE RESULTS [--out TABLE.tsv]
      RESULTS/NAME/result<K>.npy (and RESULTS/NAME/status, the exit code of
      hlo-aot-run, with its output in RESULTS/NAME/log) as written by
      scripts/gpu-device-check.sh on the GPU machine: evaluates the checks
      and prints a pass-rate summary ending in 'N passed, N failed'.

Standard library only.
"""

import argparse
import concurrent.futures
import os
import random
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNNER = os.path.join(ROOT, "build", "bin", "hlo-runner")
LINKER = os.environ.get("HLO_LINKER", "/usr/lib/llvm-22/bin/clang")


def corpus_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, f) for f in os.listdir(path)
                            if f.endswith(".mlir"))
        else:
            files.append(path)
    return files


def one_line(text):
    for line in text.splitlines():
        if "error" in line:
            return line.strip()[:200]
    return text.strip().splitlines()[-1][:200] if text.strip() else ""


def compile_one(source, programs, extra):
    name = os.path.splitext(os.path.basename(source))[0]
    obj = os.path.join(programs, name + ".o")
    lib = os.path.join(programs, name + ".so")
    inputs = os.path.join(programs, name + ".in")
    cmd = [RUNNER, source, "--device=cuda", "--aot-output=" + obj,
           "--aot-inputs-dir=" + inputs,
           "--mlir-print-op-on-diagnostic=false"] + extra
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              errors="replace", timeout=120)
    except subprocess.TimeoutExpired:
        return name, source, None, "timeout"
    if proc.returncode != 0:
        return name, source, None, one_line(proc.stderr + proc.stdout)
    link = subprocess.run([LINKER, "-shared", obj, "-o", lib],
                          capture_output=True, text=True, errors="replace")
    os.remove(obj)
    if link.returncode != 0:
        return name, source, None, "link: " + one_line(link.stderr)
    count = len(os.listdir(inputs)) if os.path.isdir(inputs) else 0
    return name, source, count, ""


def prepare(args):
    programs = os.path.join(args.bundle, "programs")
    os.makedirs(programs, exist_ok=True)
    files = corpus_files(args.corpus)
    if args.sample and args.sample < len(files):
        files = sorted(random.Random(args.seed).sample(files, args.sample))
    extra = [a for a in args.runner_arg]
    rows, failures = [], []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, source, count, reason in pool.map(
                lambda f: compile_one(f, programs, extra), files):
            if count is None:
                failures.append((name, source, reason))
            else:
                rows.append((name, source, count))
    with open(os.path.join(programs, "index.tsv"), "w") as f:
        for name, source, count in rows:
            f.write(f"{name}\t{source}\t{count}\n")
    with open(os.path.join(args.bundle, "compile-failures.tsv"), "w") as f:
        for name, source, reason in failures:
            f.write(f"{name}\t{source}\t{reason}\n")
    print(f"compiled {len(rows)} of {len(files)} programs into {programs}; "
          f"{len(failures)} failed to compile")
    for name, _, reason in failures[:20]:
        print(f"  {name}: {reason}")
    return 0


def check_one(row, results):
    name, source, _ = row
    result_dir = os.path.join(results, name)
    status_file = os.path.join(result_dir, "status")
    if not os.path.exists(status_file):
        return name, "not-run", "no results"
    status = open(status_file).read().strip()
    if status != "0":
        log = os.path.join(result_dir, "log")
        text = open(log, errors="replace").read() if os.path.exists(log) else ""
        return name, "run-error", f"exit {status}: {one_line(text)}"
    cmd = [RUNNER, source, "--device=cuda", "--check-results=" + result_dir,
           "--mlir-print-op-on-diagnostic=false"]
    proc = subprocess.run(cmd, capture_output=True, text=True,
                          errors="replace", timeout=120)
    out = proc.stdout + proc.stderr
    if proc.returncode == 0 and " passed, 0 failed" in out and \
            not out.strip().endswith("0 passed, 0 failed"):
        return name, "pass", ""
    if "check failed" in out:
        return name, "wrong-result", one_line(
            "\n".join(l for l in out.splitlines() if "check failed" in l))
    return name, "check-error", one_line(out)


def check(args):
    index = os.path.join(args.bundle, "programs", "index.tsv")
    rows = [line.rstrip("\n").split("\t") for line in open(index)]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda r: check_one(r, args.results), rows))
    failures_file = os.path.join(args.bundle, "compile-failures.tsv")
    compile_failures = [l.rstrip("\n").split("\t") for l in
                        open(failures_file)] if os.path.exists(
                            failures_file) else []
    counts = {}
    for _, cls, _ in results:
        counts[cls] = counts.get(cls, 0) + 1
    if compile_failures:
        counts["compile-error"] = len(compile_failures)
    if args.out:
        with open(args.out, "w") as f:
            for name, cls, reason in results:
                f.write(f"{name}\t{cls}\t{reason}\n")
            for name, _, reason in compile_failures:
                f.write(f"{name}\tcompile-error\t{reason}\n")
    total = len(results) + len(compile_failures)
    passed = counts.get("pass", 0)
    for cls in sorted(counts):
        print(f"{cls:14s} {counts[cls]}")
    for name, cls, reason in results:
        if cls != "pass":
            print(f"  {cls}: {name}: {reason}")
    rate = 100.0 * passed / total if total else 0.0
    print(f"pass rate: {passed}/{total} = {rate:.1f}%")
    print(f"{passed} passed, {total - passed} failed")
    return 0 if passed == total else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("bundle")
    p.add_argument("corpus", nargs="+")
    p.add_argument("--sample", type=int, default=0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=os.cpu_count())
    p.add_argument("--runner-arg", action="append", default=[])
    c = sub.add_parser("check")
    c.add_argument("bundle")
    c.add_argument("results")
    c.add_argument("--out")
    c.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()
    if not os.path.exists(RUNNER):
        print(f"{RUNNER} not found: build first", file=sys.stderr)
        return 2
    return prepare(args) if args.command == "prepare" else check(args)


if __name__ == "__main__":
    sys.exit(main())
