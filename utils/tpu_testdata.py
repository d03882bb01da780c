#!/usr/bin/env python3
"""The TPU-typed stablehlo-testdata subset on tpu-sim (issue 23), one command.

Issue 23 asks that >= 95% of the runnable files of
../shared/conformance/stablehlo-testdata whose element types a TPU supports
(f32, bf16, f16, i8..i32, i1) pass through `hlo-runner --device=tpu-sim`.
The subset is selected by the compiler itself, not by scanning the files:
every file is run through `utils/conformance.py --device tpu-sim`, and the
subset is every file except

  - RUN-DISABLED files (class `disabled`: upstream does not run them), and
  - files whose first error is `unsupported on TPU: <type>`
    (hlo-tpu-form-kernels' located error for an element type a TPU lacks,
    such as f64, i64, complex or the 8-bit floats; a type folded away
    before that pass, e.g. an i64 constant only used as a shape, does not
    exclude a file).

It prints the subset's pass count and rate, the files left out per type,
and the failures of the subset by reason (every one, with its file).

Usage:
  python3 utils/tpu_testdata.py                  # run the corpus, then count
  python3 utils/tpu_testdata.py --out run.tsv    # and keep conformance's table
  python3 utils/tpu_testdata.py --from-tsv run.tsv   # count an earlier run
  python3 utils/tpu_testdata.py --min-pass-rate 95   # exit 1 below 95%

Options --jobs, --timeout and --runner are passed to utils/conformance.py.
Exit status: 0, 1 when --min-pass-rate is not met, 2 when the run failed.
"""
import argparse
import collections
import csv
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = os.path.normpath(
    os.path.join(ROOT, "..", "shared", "conformance", "stablehlo-testdata"))
UNSUPPORTED_RE = re.compile(r"unsupported on TPU: (\S+)")


def read_table(path):
    """The rows of conformance.py's --out table: (item, result, reason)."""
    rows = []
    with open(path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            rows.append((row["item"], row["result"], row.get("reason") or ""))
    return rows


def normalize(reason):
    """A reason without its file:line:col prefix, for grouping."""
    reason = re.sub(r"^\S+?:\d+:\d+: ", "", reason)
    return re.sub(r"tensor<[^>]*>", "tensor<...>", reason)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=DEFAULT_CORPUS)
    parser.add_argument("--from-tsv", metavar="TABLE.tsv",
                        help="count the table of an earlier run instead of running")
    parser.add_argument("--out", metavar="TABLE.tsv",
                        help="keep conformance.py's per-file table here")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--runner", help="hlo-runner to use (conformance.py --runner)")
    parser.add_argument("--chip", default="v5e", choices=["v5e", "v6e"])
    parser.add_argument("--min-pass-rate", type=float, metavar="PCT")
    args = parser.parse_args()

    table = args.from_tsv
    scratch = None
    if not table:
        if not os.path.isdir(args.corpus):
            print(f"tpu_testdata: no corpus at {args.corpus}", file=sys.stderr)
            return 2
        if args.out:
            table = args.out
        else:
            scratch = tempfile.NamedTemporaryFile(suffix=".tsv", delete=False)
            scratch.close()
            table = scratch.name
        cmd = [sys.executable, os.path.join(ROOT, "utils", "conformance.py"),
               args.corpus, "--device", "tpu-sim", "--out", table,
               "--jobs", str(args.jobs), "--timeout", str(args.timeout),
               f"--runner-arg=--pipeline-options=chip={args.chip}"]
        if args.runner:
            cmd += ["--runner", args.runner]
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL)
        if proc.returncode == 2 or not os.path.exists(table):
            print("tpu_testdata: utils/conformance.py failed", file=sys.stderr)
            return 2
    rows = read_table(table)
    if scratch:
        os.unlink(scratch.name)

    excluded = collections.Counter()
    disabled = 0
    subset = []
    for item, result, reason in rows:
        if result == "disabled":
            disabled += 1
            continue
        match = UNSUPPORTED_RE.search(reason)
        if result != "pass" and match:
            excluded[match.group(1).rstrip(",.;)")] += 1
            continue
        subset.append((item, result, reason))
    passed = sum(result == "pass" for _, result, _ in subset)
    total = len(subset)
    rate = 100.0 * passed / total if total else 0.0
    print(f"stablehlo-testdata: {len(rows)} files; {disabled} RUN-DISABLED; "
          f"{sum(excluded.values())} unsupported on TPU ("
          + ", ".join(f"{t}: {n}" for t, n in sorted(excluded.items())) + ")")
    print(f"TPU-typed subset on tpu-sim ({args.chip}): {passed}/{total} pass "
          f"({rate:.1f}%)")
    failures = collections.defaultdict(list)
    for item, result, reason in subset:
        if result != "pass":
            failures[(result, normalize(reason))].append(os.path.basename(item))
    for (result, reason), items in sorted(failures.items(),
                                          key=lambda kv: -len(kv[1])):
        print(f"  {len(items):4d}  {result}  {reason[:160]}")
        for name in sorted(items):
            print(f"          {name}")
    if args.min_pass_rate is not None and rate < args.min_pass_rate:
        print(f"tpu_testdata: FAIL: {rate:.1f}% is below {args.min_pass_rate:g}%",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
