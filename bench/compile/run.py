#!/usr/bin/env python3
"""Compile-time benchmark: ours against XLA:CPU, side by side.

For each op mix and size N it generates a module (gen_module.py), compiles
it with `hlo-runner FILE --compile-only --print-timing --no-cache` (machine
code, nothing run) and prints the seconds of each stage; then the same
module again through a fresh compile cache (the cached rerun: the whole
process, start to the entry's address); and, when jax is installed, XLA:CPU's
compile time of the same StableHLO module (a separate process, timing
backend.compile_and_load) and the ratio ours / XLA (below 1: ours is
faster). --transformer adds a transformer training step exported from JAX
(transformer.py; needs jax); --models DIR adds every DIR/NAME/program.mlir
(the programs of bench/models, written by
`python3 utils/jax_corpus.py write DIR --set models`).

  run.py --sizes 1000,3000,10000 --transformer
  run.py --sizes= --models /tmp/models
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen_module  # noqa: E402

XLA_COMPILE = r"""
import sys, time
import jax
from jax.extend import backend as jb
from jax._src.lib import xla_client as xc
from jax._src.interpreters import mlir as jmlir
from jax._src.lib.mlir import ir
text = open(sys.argv[1]).read()
with jmlir.make_ir_context():
    bytecode = jmlir.module_to_bytecode(ir.Module.parse(text))
backend = jb.get_backend("cpu")
devices = xc.DeviceList(tuple(jax.devices("cpu")[:1]))
start = time.perf_counter()
backend.compile_and_load(bytecode, devices, xc.CompileOptions())
print(time.perf_counter() - start)
"""


def have_jax():
    return subprocess.run([sys.executable, "-c", "import jax"],
                          capture_output=True).returncode == 0


def ours(runner, path, cache_dir=None, timeout=900):
    cmd = [runner, path, "--compile-only", "--print-timing"]
    cmd += ["--cache-dir", cache_dir] if cache_dir else ["--no-cache"]
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
    stages = {"process": wall}
    for line in proc.stdout.splitlines():
        m = re.match(r"\s*([\w+ -]+): ([\d.]+) s", line)
        if m:
            stages[m.group(1).strip()] = float(m.group(2))
        if line.strip().startswith("cache:"):
            stages["cache"] = line.split()[1]
    return stages


def xla(path, timeout):
    try:
        proc = subprocess.run([sys.executable, "-c", XLA_COMPILE, path],
                              capture_output=True, text=True, timeout=timeout,
                              env=dict(os.environ, JAX_PLATFORMS="cpu"))
    except subprocess.TimeoutExpired:
        return None
    if proc.returncode != 0:
        print(f"  XLA failed on {path}: {proc.stderr.strip().splitlines()[-1:]}",
              file=sys.stderr)
        return None
    return float(proc.stdout.split()[-1])


def fmt(x):
    return "-" if x is None else f"{x:.2f}"


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--sizes", default="100,300,1000,3000,10000")
    p.add_argument("--mixes", default="default",
                   help="comma-separated gen_module.py mixes")
    p.add_argument("--transformer", action="store_true",
                   help="also a transformer training step (needs jax)")
    p.add_argument("--models", metavar="DIR",
                   help="also DIR/*/program.mlir (utils/jax_corpus.py --set models)")
    p.add_argument("--no-xla", action="store_true")
    p.add_argument("--timeout", type=float, default=900,
                   help="seconds one compile may take")
    a = p.parse_args()
    runner = os.path.join(a.build, "bin", "hlo-runner")
    with_xla = not a.no_xla and have_jax()
    if not with_xla and not a.no_xla:
        print("(jax is not installed: no XLA column)")

    tmp = tempfile.mkdtemp(prefix="hlo-compile-bench-")
    cases = []
    for mix in a.mixes.split(","):
        for n in (int(s) for s in a.sizes.split(",") if s):
            path = os.path.join(tmp, f"{mix}-{n}.mlir")
            with open(path, "w") as f:
                f.write(gen_module.generate(n, mix, seed=0))
            cases.append((f"{mix}", n, path))
    if a.transformer:
        path = os.path.join(tmp, "transformer.mlir")
        proc = subprocess.run([sys.executable, os.path.join(HERE, "transformer.py"),
                               "-o", path])
        if proc.returncode == 0:
            ops = sum(1 for line in open(path) if "stablehlo." in line)
            cases.append(("transformer-step", ops, path))
        else:
            print("(no transformer: jax is not installed)")

    if a.models:
        for name in sorted(os.listdir(a.models)):
            path = os.path.join(a.models, name, "program.mlir")
            if os.path.isfile(path):
                ops = sum(1 for line in open(path) if "stablehlo." in line)
                cases.append((name, ops, path))

    header = (f"{'module':22s} {'ops':>6s} {'ours s':>8s} {'pipeline':>8s} "
              f"{'llvm':>6s} {'cached':>7s} {'XLA s':>7s} {'ours/XLA':>8s}")
    print(header)
    print("-" * len(header))
    rows = []
    for name, n, path in cases:
        r = ours(runner, path, timeout=a.timeout)
        cache_dir = os.path.join(tmp, f"cache-{name}-{n}")
        cached = None
        if r:
            ours(runner, path, cache_dir, timeout=a.timeout)
            hit = ours(runner, path, cache_dir, timeout=a.timeout)
            cached = hit["process"] if hit and hit.get("cache") == "hit" else None
        x = xla(path, a.timeout) if with_xla else None
        total = r["compile time"] if r else None
        ratio = total / x if total is not None and x else None
        rows.append((name, n, total, x))
        print(f"{name[:22]:22s} {n:6d} {fmt(total):>8s} "
              f"{fmt(r and r.get('hlo-cpu-pipeline')):>8s} "
              f"{fmt(r and r.get('llvm optimize+codegen')):>6s} "
              f"{fmt(cached):>7s} {fmt(x):>7s} {fmt(ratio):>8s}", flush=True)
    # Growth between consecutive sizes of a mix (linear: the size ratio).
    print()
    for (n1, s1, t1, _), (n2, s2, t2, _) in zip(rows, rows[1:]):
        if n1 == n2 and t1 and t2 and n1 in a.mixes.split(","):
            print(f"{n1}: t({s2})/t({s1}) = {t2 / t1:.2f} "
                  f"(size ratio {s2 / s1:.2f})")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
