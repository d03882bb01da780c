#!/usr/bin/env python3
"""The bench/models programs through the TPU simulator (issue 23).

For every program of the `models` set of utils/jax_corpus.py, in each of its
forms (program.mlir: the StableHLO JAX prints; before_optimizations.hlo and
after_optimizations.hlo: XLA's HLO text), this script:

  1. writes the programs with utils/jax_corpus.py into --work when they are
     not there yet (the directory bench/models/run.py uses; --regenerate
     rewrites them);
  2. runs the form with `hlo-runner --device=tpu-sim --hlo-tpu-cost-report`
     on the program's inputs and compares every output with XLA:CPU's
     (the corpus tolerances, as utils/conformance.py and run.py compare);
  3. prints per program and form the result, the cost report's total line
     (estimated time, DMA bytes, MXU pushes, MXU utilization) and whether
     the report's DMA bytes and MXU pushes equal what the simulator counted
     while it ran.

Without JAX the programs cannot be written: the script says so and exits 0
(programs already in --work still run; they need only the standard library).
Exit status 1 when a form fails, 2 when the build is missing.

Usage:
  python3 bench/models/tpu_sim.py [--work DIR] [--only REGEX]
                                  [--forms stablehlo,hlo-before,hlo-after]
                                  [--chip v5e|v6e] [--timeout S]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "utils"))
import conformance  # noqa: E402  (utils/conformance.py, standard library only)

TOTAL_RE = re.compile(
    r"^tpu-cost total: kernels=(\d+) dma_bytes=(\d+) mxu_pushes=(\d+) "
    r"vpu_ops=(\d+) estimated_us=([\d.]+) mxu_utilization=([\d.]+)")
COUNTED_RE = re.compile(r"^tpu-sim counted: dma_bytes=(\d+) mxu_pushes=(\d+)")


def have_jax():
    try:
        import jax  # noqa: F401
        return True
    except ImportError:
        return False


def programs_in(work, only):
    if not os.path.isdir(work):
        return []
    return sorted(n for n in os.listdir(work)
                  if os.path.exists(os.path.join(work, n, "meta.json"))
                  and re.search(only, n))


def run_form(runner, prog_dir, meta, path, chip, timeout):
    """(ok, reason, total, counted): total is the cost report's total line
    as a dict, counted the simulator's (dma_bytes, mxu_pushes)."""
    with tempfile.TemporaryDirectory() as out:
        cmd = [runner, path, "--device=tpu-sim", "--hlo-tpu-cost-report",
               f"--pipeline-options=chip={chip}", f"--output={out}"]
        cmd += [f"--input={os.path.join(prog_dir, f'input{k}.npy')}"
                for k in range(len(meta["inputs"]))]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return False, f"timeout after {timeout:g} s", None, None
        total = counted = None
        for line in (proc.stdout + proc.stderr).splitlines():
            if m := TOTAL_RE.match(line):
                total = dict(kernels=int(m[1]), dma_bytes=int(m[2]),
                             mxu_pushes=int(m[3]), vpu_ops=int(m[4]),
                             estimated_us=float(m[5]),
                             mxu_utilization=float(m[6]))
            elif m := COUNTED_RE.match(line):
                counted = (int(m[1]), int(m[2]))
        if proc.returncode != 0:
            lines = [l for l in proc.stderr.splitlines() if "error" in l]
            lines = lines or proc.stderr.strip().splitlines() or ["?"]
            return False, lines[0].strip()[:200], total, counted
        expected = [os.path.join(prog_dir, f"expected{k}.npy")
                    for k in range(len(meta["outputs"]))]
        why = conformance.compare_results(out, expected,
                                          meta.get("tolerances", {}))
        if why:
            return False, why[:200], total, counted
        if total is None:
            return False, "no 'tpu-cost total' line", total, counted
        return True, "", total, counted


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--work", default=os.path.join(
        tempfile.gettempdir(), "hlo-bench-models"),
        help="where the programs are written (kept between runs)")
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--only", default="", help="regex of program names")
    parser.add_argument("--forms", default="stablehlo,hlo-before,hlo-after",
                        help="comma-separated forms to run")
    parser.add_argument("--chip", default="v5e", choices=["v5e", "v6e"])
    parser.add_argument("--timeout", type=float, default=600,
                        help="seconds per form (compile and run)")
    args = parser.parse_args()

    runner = os.path.join(args.build, "bin", "hlo-runner")
    if not os.path.exists(runner):
        print(f"no {runner}: build first", file=sys.stderr)
        return 2
    forms = [f for f in args.forms.split(",") if f]
    known = {form: name for name, form in conformance.JAX_FORMS}
    for form in forms:
        if form not in known:
            parser.error(f"unknown form {form!r} (known: {', '.join(known)})")

    names = programs_in(args.work, args.only)
    if args.regenerate or not names:
        if not have_jax():
            print("bench/models/tpu_sim.py: skipped: writing the programs "
                  "needs jax (pip install jax)")
            return 0
        cmd = [sys.executable, os.path.join(ROOT, "utils", "jax_corpus.py"),
               "write", args.work, "--set", "models"]
        if args.only:
            cmd += ["--only", args.only]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        names = programs_in(args.work, args.only)

    print(f"tpu-sim ({args.chip}): bench/models programs in {args.work}", flush=True)
    print("| program | form | result | estimated_us | dma_bytes | mxu_pushes "
          "| mxu_utilization | counts = simulator's |")
    print("|---|---|---|---|---|---|---|---|")
    passed = run = 0
    for name in names:
        prog_dir = os.path.join(args.work, name)
        with open(os.path.join(prog_dir, "meta.json"), encoding="utf-8") as f:
            meta = json.load(f)
        for form in forms:
            path = os.path.join(prog_dir, known[form])
            if not os.path.isfile(path):
                continue
            run += 1
            ok, why, total, counted = run_form(runner, prog_dir, meta, path,
                                               args.chip, args.timeout)
            calibrated = ""
            if total and counted:
                calibrated = "yes" if counted == (
                    total["dma_bytes"], total["mxu_pushes"]) else (
                    f"NO: simulator counted dma_bytes={counted[0]} "
                    f"mxu_pushes={counted[1]}")
            if ok and calibrated.startswith("NO"):
                ok, why = False, "the cost report's counts are not the simulator's"
            passed += ok
            cells = ["", "", "", ""]
            if total:
                cells = [f"{total['estimated_us']:.3f}", str(total["dma_bytes"]),
                         str(total["mxu_pushes"]),
                         f"{total['mxu_utilization']:.3f}"]
            result = "pass" if ok else f"FAIL: {why}"
            print(f"| {name} | {form} | {result} | " + " | ".join(cells) +
                  f" | {calibrated} |", flush=True)
    print(f"tpu-sim: {passed} of {run} program forms pass")
    return 0 if passed == run else 1


if __name__ == "__main__":
    sys.exit(main())
