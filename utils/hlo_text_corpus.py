#!/usr/bin/env python3
"""HLO text corpus harness: import, reject, round-trip and run rates.

Measures the HLO text importer (hlo-translate --import-hlo-text) against the
xla-hlo corpus (../shared/conformance/xla-hlo, see its README): files from
XLA's repository and module strings XLA's own parser accepts or rejects.
Standard library only.

Usage:
  python3 utils/hlo_text_corpus.py CORPUS_DIR [options]

  CORPUS_DIR        the xla-hlo directory: its repo-tests/ and parser-valid/
                    files must import (and verify), its parser-invalid/ files
                    must be rejected with a located error (FILE:LINE:COL:
                    error:) and exit status 1, never a crash.
  --translate PATH  hlo-translate (default <repo>/build/bin/hlo-translate).
  --runner PATH     hlo-runner (default <repo>/build/bin/hlo-runner).
  --jobs N          parallel processes (default os.cpu_count()).
  --timeout S       per-process limit in seconds (default 60).
  --run-sample N    run at most N of the runnable modules (a deterministic
                    sample; default: all, 0: none).
  --out TABLE.tsv   one row per item: set, item, import, roundtrip, run,
                    reason.
  --min-import PCT  exit 1 if the import rate of repo-tests or parser-valid
                    is below PCT.
  --min-reject PCT  exit 1 if the rejection rate of parser-invalid is below
                    PCT.
  -v                print every item as it finishes.

Items. A file with lines `// -----` is split into chunks (padded with blank
lines so line numbers stay those of the file); chunks holding only comments
are dropped. A file imports when every chunk imports; the same holds for the
round trip and for runs.

Round trip: import with locations (--mlir-print-debuginfo), export with
--export-hlo-text, import the export; the item passes when this second import
prints exactly like a plain import of the original.

Runs: a module is runnable when it uses only single-device ops (no
hlo.custom_call: that covers XLA's collectives, send/recv, infeed, async
wrappers and real custom calls), has static shapes and no tokens; it is run
with hlo-runner --generate-inputs (compiled for the host CPU and executed);
it passes when hlo-runner exits 0.
"""

import argparse
import collections
import concurrent.futures
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCATED = re.compile(r":\d+:\d+: error: ")
CRASH = re.compile(r"Stack dump:|PLEASE submit a bug report|Assertion .* failed")


def split_chunks(text):
    """Chunks of `text` split at `// -----` lines, line numbers kept."""
    lines = text.split("\n")
    if not any(line.strip() == "// -----" for line in lines):
        return [text]
    chunks, current, start = [], [], 0
    for i, line in enumerate(lines):
        if line.strip() == "// -----":
            chunks.append((start, current))
            current, start = [], i + 1
            continue
        current.append(line)
    chunks.append((start, current))
    result = []
    for start, body in chunks:
        code = [l for l in body if l.strip() and not l.strip().startswith("//")]
        if code:
            result.append("\n" * start + "\n".join(body))
    return result


def decode(data, cmd):
    """Text of a tool's output; bytes that are not UTF-8 (which a tool should
    never print) are replaced and reported, rather than stopping the run."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        print("hlo_text_corpus: warning: non-UTF-8 output from %s near %r"
              % (" ".join(cmd), data[max(0, e.start - 120):e.start + 20]),
              file=sys.stderr)
        return data.decode("utf-8", errors="replace")


def run(cmd, timeout, stdin=None):
    try:
        p = subprocess.run(cmd, input=None if stdin is None else
                           stdin.encode("utf-8"), capture_output=True,
                           timeout=timeout)
        return p.returncode, decode(p.stdout, cmd), decode(p.stderr, cmd)
    except subprocess.TimeoutExpired:
        return -1, "", "timeout after %ss" % timeout


def first_error(stderr):
    for line in stderr.splitlines():
        if "error" in line or "Assertion" in line:
            return line.strip()[:200]
    return stderr.strip().splitlines()[0][:200] if stderr.strip() else ""


def runnable(mlir):
    if "hlo.custom_call" in mlir or "!hlo.token" in mlir:
        return False
    if re.search(r"tensor<[^>]*\?", mlir):
        return False
    return "func.func @main" in mlir


class Harness:
    def __init__(self, args, tmp):
        self.args = args
        self.tmp = tmp

    def chunk_file(self, item, index, text):
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(item))
        path = os.path.join(self.tmp, "%s.%d.hlo" % (name, index))
        with open(path, "w") as f:
            f.write(text)
        return path

    def valid(self, item):
        """import, roundtrip, runnable modules, reason"""
        with open(item, errors="replace") as f:
            text = f.read()
        t, timeout = self.args.translate, self.args.timeout
        imported, rt_ok, modules, reason = True, True, [], ""
        for i, chunk in enumerate(split_chunks(text)):
            path = self.chunk_file(item, i, chunk)
            rc, out, err = run([t, "--import-hlo-text", path], timeout)
            if rc != 0:
                imported = False
                reason = ("crash: " if rc < 0 or CRASH.search(err) else "") + \
                    first_error(err).replace(path, os.path.basename(item))
                break
            modules.append(out)
            rc, dbg, err = run([t, "--import-hlo-text", "--mlir-print-debuginfo",
                                path], timeout)
            rc2, hlo, err2 = run([t, "--export-hlo-text"], timeout, stdin=dbg)
            again = path + ".rt.hlo"
            with open(again, "w") as f:
                f.write(hlo)
            rc3, out2, err3 = run([t, "--import-hlo-text", again], timeout)
            if rc or rc2 or rc3 or out2 != out:
                rt_ok = False
                reason = reason or "round trip: " + (
                    first_error(err2 + err3) or "the second import differs")
        return imported, imported and rt_ok, modules, reason

    def invalid(self, item):
        """rejected with a located error, reason"""
        with open(item, errors="replace") as f:
            text = f.read()
        rejected_all, reason = True, ""
        for i, chunk in enumerate(split_chunks(text)):
            path = self.chunk_file(item, i, chunk)
            rc, out, err = run([self.args.translate, "--import-hlo-text", path],
                               self.args.timeout)
            if rc == 0:
                rejected_all, reason = False, "accepted"
            elif rc != 1 or CRASH.search(err):
                rejected_all, reason = False, "crash (exit %d): %s" % (
                    rc, first_error(err))
            elif not LOCATED.search(err):
                rejected_all, reason = False, "error without a location: " + \
                    first_error(err)
            else:
                reason = first_error(err).replace(path, os.path.basename(item))
        return rejected_all, reason

    def execute(self, item, modules):
        for i, module in enumerate(modules):
            path = os.path.join(self.tmp, "%s.%d.mlir" % (
                re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(item)), i))
            with open(path, "w") as f:
                f.write(module)
            rc, out, err = run([self.args.runner, path, "--generate-inputs"],
                               self.args.timeout)
            if rc != 0:
                return False, first_error(err) or "exit %d" % rc
        return True, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus")
    parser.add_argument("--translate",
                        default=os.path.join(ROOT, "build/bin/hlo-translate"))
    parser.add_argument("--runner",
                        default=os.path.join(ROOT, "build/bin/hlo-runner"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--timeout", type=int, default=60)
    parser.add_argument("--run-sample", type=int, default=-1)
    parser.add_argument("--out")
    parser.add_argument("--min-import", type=float)
    parser.add_argument("--min-reject", type=float)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    sets = collections.OrderedDict()
    for name in ("repo-tests", "parser-valid", "parser-invalid"):
        d = os.path.join(args.corpus, name)
        if not os.path.isdir(d):
            sys.exit("hlo_text_corpus: %s is not a directory" % d)
        sets[name] = sorted(os.path.join(d, f) for f in os.listdir(d)
                            if f.endswith(".hlo"))

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(args, tmp)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            valid = {}
            for name in ("repo-tests", "parser-valid"):
                for item in sets[name]:
                    valid[pool.submit(h.valid, item)] = (name, item)
            invalid = {pool.submit(h.invalid, item): item
                       for item in sets["parser-invalid"]}
            results = {}
            for fut in concurrent.futures.as_completed(valid):
                name, item = valid[fut]
                results[item] = (name,) + fut.result()
                if args.verbose:
                    print(name, os.path.basename(item), results[item][1:3],
                          results[item][4], file=sys.stderr)
            rejected = {}
            for fut in concurrent.futures.as_completed(invalid):
                rejected[invalid[fut]] = fut.result()

            # Runs: the runnable imported modules, optionally sampled.
            candidates = sorted(item for item, r in results.items()
                                if r[1] and all(runnable(m) for m in r[3]))
            if args.run_sample >= 0 and args.run_sample < len(candidates):
                candidates = sorted(random.Random(0).sample(candidates,
                                                            args.run_sample))
            runs = {pool.submit(h.execute, item, results[item][3]): item
                    for item in candidates}
            ran = {}
            for fut in concurrent.futures.as_completed(runs):
                ran[runs[fut]] = fut.result()

    failures = collections.defaultdict(list)
    for name in ("repo-tests", "parser-valid"):
        total = len(sets[name])
        imported = sum(1 for i in sets[name] if results[i][1])
        roundtrip = sum(1 for i in sets[name] if results[i][2])
        run_items = [i for i in sets[name] if i in ran]
        run_ok = sum(1 for i in run_items if ran[i][0])
        print("%-15s import %3d/%3d (%5.1f%%)  round trip %3d/%3d (%5.1f%%)  "
              "run %3d/%3d" % (name, imported, total, 100.0 * imported / total,
                               roundtrip, imported,
                               100.0 * roundtrip / max(imported, 1),
                               run_ok, len(run_items)))
        for i in sets[name]:
            r = results[i]
            status_run = ""
            if i in ran:
                status_run = "pass" if ran[i][0] else "fail"
                if not ran[i][0]:
                    failures["run"].append((name, i, ran[i][1]))
            if not r[1]:
                failures["import"].append((name, i, r[4]))
            elif not r[2]:
                failures["round trip"].append((name, i, r[4]))
            rows.append((name, i, "pass" if r[1] else "fail",
                         "pass" if r[2] else ("fail" if r[1] else ""),
                         status_run, r[4] if not r[1] or not r[2] else
                         (ran[i][1] if i in ran else "")))
    total = len(sets["parser-invalid"])
    ok = sum(1 for i in sets["parser-invalid"] if rejected[i][0])
    print("%-15s rejected with a located error %3d/%3d (%5.1f%%)" % (
        "parser-invalid", ok, total, 100.0 * ok / total))
    for i in sets["parser-invalid"]:
        if not rejected[i][0]:
            failures["not rejected"].append(("parser-invalid", i,
                                             rejected[i][1]))
        rows.append(("parser-invalid", i, "rejected" if rejected[i][0] else
                     "fail", "", "", rejected[i][1]))

    for kind in ("import", "round trip", "not rejected", "run"):
        if failures[kind]:
            print("\n%s failures:" % kind)
            for name, item, reason in failures[kind]:
                print("  %s/%s: %s" % (name, os.path.basename(item), reason))

    if args.out:
        with open(args.out, "w") as f:
            f.write("set\titem\timport\troundtrip\trun\treason\n")
            for row in rows:
                f.write("\t".join(str(c).replace("\t", " ").replace("\n", " ")
                                  for c in row) + "\n")

    status = 0
    if args.min_import is not None:
        for name in ("repo-tests", "parser-valid"):
            rate = 100.0 * sum(1 for i in sets[name] if results[i][1]) / \
                max(len(sets[name]), 1)
            if rate < args.min_import:
                print("import rate of %s is %.1f%%, below %.1f%%" % (
                    name, rate, args.min_import))
                status = 1
    if args.min_reject is not None and 100.0 * ok / max(total, 1) < \
            args.min_reject:
        print("rejection rate %.1f%% is below %.1f%%" % (
            100.0 * ok / total, args.min_reject))
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
