#!/usr/bin/env python3
"""Checks that compile time grows linearly with the module size.

Compiles generated modules (gen_module.py) of N and FACTOR*N ops with
`hlo-runner --compile-only` and compares the CPU time the compiler took
(user + system, the minimum of --repeat runs: less sensitive to a loaded
machine than wall time). Linear compile time gives a ratio near FACTOR, a
quadratic stage FACTOR**2; the check fails when the ratio exceeds --bound
(default: twice FACTOR).

  linearity.py --runner build/bin/hlo-runner --ops 200 --factor 4
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_module  # noqa: E402


def cpu_seconds(cmd, timeout):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        sys.exit(f"compile time grows faster than linearly: "
                 f"{' '.join(cmd)} took more than {timeout} s")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runner", required=True)
    p.add_argument("--ops", type=int, default=200)
    p.add_argument("--factor", type=int, default=4)
    p.add_argument("--bound", type=float)
    p.add_argument("--mix", default="default")
    p.add_argument("--repeat", type=int, default=2)
    p.add_argument("--timeout", type=float, default=300,
                   help="seconds one compile may take")
    p.add_argument("--extra", action="append", default=[],
                   help="more hlo-runner arguments")
    a = p.parse_args()
    bound = a.bound or 2.0 * a.factor
    times = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in (a.ops, a.ops * a.factor):
            path = os.path.join(tmp, f"m{n}.mlir")
            with open(path, "w") as f:
                f.write(gen_module.generate(n, a.mix, seed=0))
            cmd = [a.runner, path, "--compile-only"] + a.extra
            times[n] = min(cpu_seconds(cmd, a.timeout) for _ in range(a.repeat))
    small, large = times[a.ops], times[a.ops * a.factor]
    ratio = large / small
    print(f"{a.ops} ops: {small:.2f} s, {a.ops * a.factor} ops: {large:.2f} s, "
          f"ratio {ratio:.2f} (linear: {a.factor}, bound {bound:g})")
    if ratio > bound:
        print(f"compile time grows faster than linearly: ratio {ratio:.2f} > "
              f"{bound:g}")
        return 1
    print("compile time is linear")
    return 0


if __name__ == "__main__":
    sys.exit(main())
