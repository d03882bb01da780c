#!/usr/bin/env python3
"""Which numbered constraints of the StableHLO spec have a negative test.

The spec (../shared/background/stablehlo-spec.md) numbers each op's
constraints (C1)..(Cn). Our convention ties a negative test to a constraint
by the tag `<op>_c<N>`: in the verifier's message (`... (gather_c5)`), in the
test function's name (`@gather_c5_index_vector_dim_out_of_range`) or in a
comment of the test. This script reads the spec, scans the tests for tags and
reports, per op, the constraints without a tagged test. Standard library only.

Usage:
  python3 utils/spec_coverage.py SPEC.md [--tests DIR ...] [--op NAME ...]
                                 [--untested-only] [--min-coverage PCT]

  --tests DIR       directories scanned recursively for *.mlir tests
                    (default: <repo>/test/Dialect).
  --op NAME         report only these ops (repeatable).
  --untested-only   list only ops with an untested constraint.
  --min-coverage P  exit 1 when fewer than P percent of the constraints of
                    the reported ops are tested.
"""

import argparse
import collections
import os
import re
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OP_HEADING = re.compile(r"^### ([a-z_]+)\s*$", re.M)
CONSTRAINT = re.compile(r"^\s*\* \(C(\d+)\)", re.M)
TAG = re.compile(r"(?<![a-z0-9_])([a-z][a-z0-9_]*?)_c(\d+)(?![0-9])")


def spec_constraints(text):
    """{op: sorted constraint numbers} from the spec's op sections."""
    headings = list(OP_HEADING.finditer(text))
    result = {}
    for i, heading in enumerate(headings):
        end = headings[i + 1].start() if i + 1 < len(headings) else len(text)
        section = text[heading.end():end]
        # An op section ends at the next heading of any level above ####.
        stop = re.search(r"^#{1,3} ", section, re.M)
        if stop:
            section = section[:stop.start()]
        numbers = sorted({int(n) for n in CONSTRAINT.findall(section)})
        if numbers:
            result[heading.group(1)] = numbers
    return result


def test_tags(directories):
    """{(op, n): [files]} of the tags found in the tests."""
    tags = collections.defaultdict(set)
    for directory in directories:
        for root, _, files in os.walk(directory):
            for name in files:
                if not name.endswith(".mlir"):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for op, n in TAG.findall(f.read()):
                        tags[(op, int(n))].add(os.path.relpath(path, REPO_ROOT))
    return tags


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("spec")
    parser.add_argument("--tests", action="append")
    parser.add_argument("--op", action="append")
    parser.add_argument("--untested-only", action="store_true")
    parser.add_argument("--min-coverage", type=float)
    args = parser.parse_args(argv)
    with open(args.spec, encoding="utf-8") as f:
        constraints = spec_constraints(f.read())
    tags = test_tags(args.tests or [os.path.join(REPO_ROOT, "test", "Dialect")])
    ops = args.op or sorted(constraints)
    total = tested = 0
    for op in ops:
        if op not in constraints:
            print(f"spec_coverage: error: no constraints for '{op}' in the spec",
                  file=sys.stderr)
            return 2
        numbers = constraints[op]
        untested = [n for n in numbers if (op, n) not in tags]
        total += len(numbers)
        tested += len(numbers) - len(untested)
        if args.untested_only and not untested:
            continue
        missing = ", ".join(f"C{n}" for n in untested) or "-"
        print(f"{op:<26} {len(numbers) - len(untested):>2}/{len(numbers):<2} "
              f"untested: {missing}")
    rate = 100.0 * tested / total if total else 100.0
    print(f"tested {tested}/{total} constraints ({rate:.1f}%) of {len(ops)} ops")
    if args.min_coverage is not None and rate < args.min_coverage:
        print(f"spec_coverage: FAIL: {rate:.1f}% is below {args.min_coverage}%")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
