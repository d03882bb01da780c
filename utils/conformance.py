#!/usr/bin/env python3
"""Conformance harness: runs hlo-runner over external corpora and reports.

The conformance corpora (see ../shared/conformance/README.md) are self-checking
programs written by others; a program passes when hlo-runner imports it,
compiles it, runs it and every check in it holds. This script runs a whole
corpus in parallel, classifies every program, and prints what developers need
to decide what to implement next: counts per class, pass rates and the most
common failure reasons. Standard library only.

Usage:
  python3 utils/conformance.py CORPUS_PATH [CORPUS_PATH...] [options]

  CORPUS_PATH         a directory (every *.mlir directly in it, not recursive)
                      or a single file. Each CORPUS_PATH is one corpus in the
                      pass-rate report.
  --runner CMD        the tool under test; default <repo>/build/bin/hlo-runner
                      (with --import-only: <repo>/build/bin/hlo-translate
                      --import-stablehlo -o /dev/null).
                      An existing file path is used as is (spaces allowed);
                      anything else is a command line split like a shell
                      would (shlex), e.g. --runner "python3 fake-runner.py".
  --device DEVICE     where the programs run (hlo-runner --device): cpu
                      (default), vulkan or cuda.
  --runner-arg ARG    extra argument passed before FILE; repeat for more. Use
                      the --runner-arg=--flag form for arguments starting
                      with '-'.
  --jobs N            parallel runs (default: os.cpu_count()).
  --timeout SECONDS   per-item limit (default 60); on expiry the runner's
                      whole process group is killed.
  --out TABLE.tsv     write one row per item: item, result, seconds, reason.
  --filter REGEX      keep only items whose name matches (re.search).
  --sample N          keep a random but deterministic sample of N items,
                      taken after --filter and after splitting cases.
  --seed S            seed of --sample (default 0).
  --min-pass-rate PCT exit 1 when the overall pass rate is below PCT (or when
                      nothing was run).
  --import-only       import and verify each item instead of running it
                      (see "Import only" below).
  --keep-cases DIR    write split cases to DIR and keep them (default: a
                      temporary directory removed at the end).
  -v, --verbose       print each result to stderr as it arrives.

Items. A file containing lines `// -----` (the interpreter-test style) is split
into cases, numbered from 1 by their position in the file; a case is named
`PATH#caseN`. Each case is written to its own file `NAME.caseN.mlir`, padded
with blank lines so its line numbers are those of the original file, and run
on its own, so one crashing case cannot hide the others. Diagnostics that name
the case file are rewritten to name the original file. Chunks holding nothing
but comments and blank lines are not cases. Other files are one item each.

Programs without checks. Some interpreter tests hold no check ops: upstream
runs them with `stablehlo-translate --interpret` and either only its exit
status counts (`after_all`, a `tuple` case) or its printed results are matched
by FileCheck against the file's CHECK lines (`printing`, `api_input_arguments`,
which also passes the entry's arguments with `--args`). For an item with no
`check.` op whose file's RUN lines all run the interpreter directly on the
file, the harness runs each RUN line with hlo-runner in the interpreter's
place (`--print-format=interpreter`, or `=dense` for
`--interpreter-print-dense`; `--args` as is) and pipes the output to
FileCheck (LLVM's, from PATH or /usr/lib/llvm-22/bin) with the item's file as
the check file, so each case is matched against its own CHECK lines. A RUN
line without FileCheck needs exit status 0; a `not` RUN line needs a located
error and a non-zero exit (the wording of stablehlo-translate's command-line
errors is not matched).

Reasons are one line; the TSV and the listings cut them to 200 characters, and
name the item's own file by its base name (the item column has the full path).

Classes:
  pass                exit 0, and the last `K passed, M failed` line has
                      K >= 1 and M == 0.
  no-checks           exit 0 but no check ran (`0 passed, 0 failed`, or no
                      such line at all). A failure: a program whose checks
                      are not executed proves nothing.
  wrong-result        a `check failed` line, or M > 0, and no error
                      diagnostic.
  compile-error       an `error:` diagnostic (import, verification,
                      lowering); the reason is the first one.
  crash               death by a signal, or an LLVM `Stack dump:` /
                      `PLEASE submit a bug report` in stderr; the reason is
                      the signal name plus the assertion/fatal-error message
                      or, failing that, the first stack frame outside the
                      crash-handling machinery.
  timeout             no result within --timeout seconds.
  runner-error        any other non-zero exit (no diagnostic, no failed
                      check, no crash): the runner broke its own contract;
                      or the runner could not be started at all.
  disabled            the file has a `RUN-DISABLED` line (upstream does not
                      run it either); not run.
  skipped-collective  the item uses `interpreter.run_parallel` (needs several
                      processes); not run.

Import only (--import-only): each item is imported and verified with
`hlo-translate --import-stablehlo` (the default runner then) instead of run:
  pass                exit 0 (the module imported and verified);
  compile-error       an `error:` diagnostic of the importer or verifier;
  crash, timeout, runner-error as above;
and RUN-DISABLED files are imported too (upstream only does not run them).
Items using `interpreter.run_parallel` are still skipped-collective: that op
is the reference interpreter's multi-process harness, not StableHLO.

Pass rate = pass / (total - disabled - skipped-collective), per corpus and
overall, as a percentage with one decimal. The summary also gives the total
wall time, the median time per item run, and the 15 most common failure
reasons, normalized (file paths with their line:col, addresses and tensor
dimensions stripped) so that, e.g., every `failed to legalize operation
'hlo.scatter'` counts together, with one example item each.

Exit status: 0 on success; 1 when --min-pass-rate is not met; 2 when the
harness itself cannot work (runner or corpus path missing, bad option, or the
runner could not be executed for some items, e.g. while it was relinked; those
items are reported as runner-error after three attempts).

JAX corpus directories (utils/jax_corpus.py; e.g. test/JaxCorpus): a
CORPUS_PATH whose subdirectories hold meta.json is a corpus of JAX programs.
Each program is run in each of its forms (program.mlir: the StableHLO JAX
prints; before_optimizations.hlo and after_optimizations.hlo: XLA's HLO text)
on its input<K>.npy, and its results are compared with XLA:CPU's
expected<K>.npy: |ours - xla| <= atol + rtol * |xla| per element with the
program's per-dtype tolerances (meta.json; NaN matches NaN), exact for
integers and booleans. Each form is reported as a corpus of its own
("PATH [stablehlo]", ...); a mismatch is a wrong-result naming the first
differing result and element. The comparison needs only the standard
library (utils/npy.py).

Examples:
  python3 utils/conformance.py ../shared/conformance/stablehlo-testdata \\
      ../shared/conformance/stablehlo-interpret --out /tmp/conformance.tsv
  python3 utils/conformance.py ../shared/conformance/stablehlo-interpret \\
      --filter 'add|sub' -v
  python3 utils/conformance.py ../shared/conformance/stablehlo-testdata \\
      --sample 200 --min-pass-rate 40        # the CI subset
"""

import argparse
import collections
import concurrent.futures
import contextlib
import dataclasses
import os
import random
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import npy  # noqa: E402  (utils/npy.py, standard library only)

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_RUNNER = os.path.join(REPO_ROOT, "build", "bin", "hlo-runner")
DEFAULT_IMPORTER = os.path.join(REPO_ROOT, "build", "bin", "hlo-translate")
IMPORTER_ARGS = ["--import-stablehlo", "-o", os.devnull]

PASS = "pass"
NO_CHECKS = "no-checks"
WRONG_RESULT = "wrong-result"
COMPILE_ERROR = "compile-error"
CRASH = "crash"
TIMEOUT = "timeout"
RUNNER_ERROR = "runner-error"
DISABLED = "disabled"
SKIPPED_COLLECTIVE = "skipped-collective"
# Report order.
CLASSES = (PASS, NO_CHECKS, WRONG_RESULT, COMPILE_ERROR, CRASH, TIMEOUT,
           RUNNER_ERROR, DISABLED, SKIPPED_COLLECTIVE)
# Classes that are not run and not counted in the pass rate.
NOT_RUN = (DISABLED, SKIPPED_COLLECTIVE)

SPLIT_MARKER = "// -----"
RUN_LINE_RE = re.compile(r"^\s*//\s*RUN:\s?(.*)$")
CHECK_OP_RE = re.compile(r"\bcheck\.")
FILECHECK_CANDIDATES = ("FileCheck", "/usr/lib/llvm-22/bin/FileCheck",
                        "FileCheck-22")
COLLECTIVE_OP = "interpreter.run_parallel"
CHECK_FAILED = "check failed"
MAX_REASON_CHARS = 200
START_ATTEMPTS = 3
TOP_REASONS = 15

DISABLED_RE = re.compile(r"RUN-DISABLED(?:\([^)]*\))?")
SUMMARY_RE = re.compile(r"^\s*(\d+) passed, (\d+) failed\s*$")
ERROR_RE = re.compile(r"(?:^|: )error: ")
CRASH_MARKERS = ("Stack dump:", "PLEASE submit a bug report")
CRASH_MESSAGE_RE = re.compile(
    r"Assertion .* failed|LLVM ERROR:|UNREACHABLE executed|terminate called")
STACK_FRAME_RE = re.compile(r"^\s*#\d+\s+0x[0-9a-fA-F]+\s+(.*)$")
# Frames of the signal handler, libc and abort(), above the faulting code.
CRASH_MACHINERY_RE = re.compile(
    r"llvm::sys::|SignalHandler|__restore_rt|__pthread_kill|\bg?raise\b|"
    r"\babort\b|__assert_fail|libc\.so")
# Where a frame's code lives: " (lib.so+0x12ab)" or " File.cpp:12:3".
FRAME_SUFFIX_RE = re.compile(
    r"\s*\([^()]*\+0x[0-9a-fA-F]+\)$|\s+\S+:\d+(?::\d+)?$")

# Reason normalization, applied in this order.
LOCATED_PATH_RE = re.compile(r"[^\s:'\"`()<>]+:\d+(?::\d+)?(?::\s*|\b)")
PATH_RE = re.compile(r"(?<![\w<>.])/[^\s'\"`():,]+")
MLIR_FILE_RE = re.compile(r"[\w.+-]+\.mlir\b")
HEX_RE = re.compile(r"\b0x[0-9a-fA-F]+")
SHAPE_DIM_RE = re.compile(r"(?<=[<x])\d+(?=x)")   # tensor<4x8xf32>


class HarnessError(Exception):
    """A problem of the harness's own inputs; reported with exit status 2."""


@dataclasses.dataclass
class Item:
    """One program to run: a corpus file, or one case of a split file."""
    name: str                 # reported name: the path, plus #caseN for cases
    corpus: str               # the CORPUS_PATH argument it came from
    source: str               # the original file
    case: int | None = None   # 1-based case number of a split file
    text: str | None = None   # program text of a case, line-aligned to source
    skip: tuple[str, str] | None = None   # (class, reason) when not run
    run_path: str = ""        # the file handed to the runner
    args: list[str] = dataclasses.field(default_factory=list)  # after the file
    expected: list[str] = dataclasses.field(default_factory=list)  # .npy files
    tolerances: dict = dataclasses.field(default_factory=dict)  # dtype -> tols
    # For programs without checks: the file's interpreter RUN lines.
    interpret_runs: list | None = None


@dataclasses.dataclass
class InterpretRun:
    """One `stablehlo-translate --interpret` RUN line, for hlo-runner."""
    negated: bool             # `not ...`: the run must fail with an error
    runner_args: list[str]    # hlo-runner arguments after the file
    filecheck_args: list[str] | None  # None: the exit status only


@dataclasses.dataclass
class Result:
    """The outcome of one item."""
    item: Item
    result: str
    seconds: float
    reason: str                  # one line, full length (trimmed on output)
    harness_failed: bool = False  # the runner could not even be started
    stdout: str | None = None    # what the runner printed (interpret runs)


# --- Collecting items --------------------------------------------------------

def read_text(path):
    """Reads a corpus file, keeping undecodable bytes and line endings intact."""
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        return f.read()


def corpus_files(corpus):
    """Lists the .mlir files of a corpus path: the file itself, or the *.mlir
    files directly in the directory, sorted by name."""
    if os.path.isfile(corpus):
        return [corpus]
    if not os.path.isdir(corpus):
        raise HarnessError(f"corpus path not found: {corpus}")
    with os.scandir(corpus) as entries:
        names = sorted(e.name for e in entries
                       if e.name.endswith(".mlir") and e.is_file())
    return [os.path.join(corpus, name) for name in names]


def has_code(lines):
    """Whether a chunk holds anything besides blank lines and // comments."""
    return any(line.strip() and not line.strip().startswith("//")
               for line in lines)


def split_cases(text):
    """Splits interpreter-style text at `// -----` lines.

    Returns None when there is no marker, else a list of (case number, text)
    where each text is preceded by blank lines so that its line numbers are
    those of the whole file. Comment-only chunks are left out, but keep their
    number so that caseN is always the Nth chunk.
    """
    lines = text.splitlines(keepends=True)
    markers = [i for i, line in enumerate(lines) if line.strip() == SPLIT_MARKER]
    if not markers:
        return None
    bounds = [-1] + markers + [len(lines)]
    cases = []
    for number, (start, end) in enumerate(zip(bounds, bounds[1:]), 1):
        chunk = lines[start + 1:end]
        if has_code(chunk):
            cases.append((number, "\n" * (start + 1) + "".join(chunk)))
    return cases


def skip_status(file_text, item_text, import_only=False):
    """Returns (class, reason) for items that are not run, else None."""
    disabled = DISABLED_RE.search(file_text)
    if disabled and not import_only:
        return DISABLED, disabled.group(0)
    if COLLECTIVE_OP in item_text:
        return SKIPPED_COLLECTIVE, f"uses {COLLECTIVE_OP}"
    return None


def run_commands(text):
    """The file's RUN commands, with `\\`-continued lines joined."""
    commands, current = [], ""
    for line in text.splitlines():
        match = RUN_LINE_RE.match(line)
        if not match:
            continue
        part = match.group(1).rstrip()
        if part.endswith("\\"):
            current += part[:-1] + " "
            continue
        commands.append(current + part)
        current = ""
    return commands


def parse_interpret_run(command):
    """An InterpretRun for a RUN command that runs the interpreter directly on
    the file (optionally negated, optionally piped to FileCheck), else None."""
    try:
        stages = [shlex.split(stage) for stage in command.split("|")]
    except ValueError:
        return None
    if not stages or len(stages) > 2 or not stages[0]:
        return None
    words = stages[0]
    negated = words[0] == "not"
    if negated:
        words = words[1:]
    if not words or words[0] != "stablehlo-translate" or \
            "--interpret" not in words:
        return None
    runner_args, print_format = [], "interpreter"
    for word in words[1:]:
        if word in ("--interpret", "%s", "-split-input-file",
                    "--split-input-file", "2>&1"):
            continue
        if word == "--interpreter-print-dense":
            print_format = "dense"
        elif word.startswith("--args="):
            runner_args.append(word)
        else:
            return None
    filecheck_args = None
    if len(stages) == 2:
        check = stages[1]
        if not check or check[0] != "FileCheck" or "%s" not in check:
            return None
        filecheck_args = [w for w in check[1:] if w != "%s"]
        if any(not w.startswith("--check-prefix") for w in filecheck_args):
            return None
    runner_args.append(f"--print-format={print_format}")
    return InterpretRun(negated, runner_args, filecheck_args)


def interpret_runs(file_text, item_text):
    """The InterpretRuns of an item without check ops whose file's RUN lines
    all run the interpreter directly; else None (see "Programs without
    checks" above)."""
    if CHECK_OP_RE.search(item_text):
        return None
    commands = run_commands(file_text)
    runs = [parse_interpret_run(command) for command in commands]
    if not runs or any(run is None for run in runs):
        return None
    return runs


def file_items(corpus, path, import_only=False):
    """Makes the items of one corpus file: one, or one per case."""
    text = read_text(path)
    cases = split_cases(text)
    runs = (lambda item_text: None) if import_only else \
        (lambda item_text: interpret_runs(text, item_text))
    if cases is None:
        return [Item(name=path, corpus=corpus, source=path,
                     skip=skip_status(text, text, import_only), run_path=path,
                     interpret_runs=runs(text))]
    return [Item(name=f"{path}#case{number}", corpus=corpus, source=path,
                 case=number, text=case_text,
                 skip=skip_status(text, case_text, import_only),
                 interpret_runs=runs(case_text))
            for number, case_text in cases]


# The forms of a JAX corpus program, with the names they are reported by.
JAX_FORMS = (("program.mlir", "stablehlo"),
             ("before_optimizations.hlo", "hlo-before"),
             ("after_optimizations.hlo", "hlo-after"))


def jax_programs(corpus):
    """The program directories of a JAX corpus (subdirectories with a
    meta.json), sorted by name; empty for any other corpus path."""
    if not os.path.isdir(corpus):
        return []
    with os.scandir(corpus) as entries:
        return sorted(e.path for e in entries if e.is_dir() and
                      os.path.isfile(os.path.join(e.path, "meta.json")))


def jax_program_items(corpus, directory):
    """One item per form of a JAX corpus program: run on its inputs, checked
    against XLA's outputs."""
    import json
    with open(os.path.join(directory, "meta.json"), encoding="utf-8") as f:
        meta = json.load(f)
    inputs = [os.path.join(directory, f"input{k}.npy")
              for k in range(len(meta["inputs"]))]
    expected = [os.path.join(directory, f"expected{k}.npy")
                for k in range(len(meta["outputs"]))]
    items = []
    for file_name, form in JAX_FORMS:
        path = os.path.join(directory, file_name)
        if not os.path.isfile(path):
            continue
        args = []
        for input_path in inputs:
            args += ["--input", input_path]
        items.append(Item(name=f"{directory}[{form}]",
                          corpus=f"{corpus} [{form}]", source=path,
                          run_path=path, args=args, expected=expected,
                          tolerances=meta.get("tolerances", {})))
    return items


def collect_items(corpora, import_only=False):
    """Makes the items of all corpus paths, in argument then name order."""
    items = []
    for corpus in corpora:
        programs = jax_programs(corpus)
        if programs and not import_only:
            for directory in programs:
                items.extend(jax_program_items(corpus, directory))
            continue
        for path in corpus_files(corpus):
            items.extend(file_items(corpus, path, import_only))
    return items


def corpus_labels(corpora, items):
    """The corpora to report, in order: each CORPUS_PATH, or for a JAX
    corpus each of its forms."""
    labels = []
    for corpus in corpora:
        forms = [f"{corpus} [{form}]" for _, form in JAX_FORMS]
        present = [label for label in forms
                   if any(item.corpus == label for item in items)]
        labels.extend(present or [corpus])
    return labels


# --- Comparing results with expected ones (JAX corpus) ----------------------

BF16_DESCRIPTORS = ("<V2", "|V2")


def read_npy_values(path):
    """(descriptor, shape, values) of a .npy file; bfloat16 (saved by
    ml_dtypes as raw 2-byte records) is decoded to floats."""
    import struct
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file")
    if data[6] == 1:
        (length,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (length,) = struct.unpack("<I", data[8:12])
        start = 12
    import ast
    header = ast.literal_eval(data[start:start + length].decode("latin-1"))
    descr, shape = header["descr"], list(header["shape"])
    body = data[start + length:]
    if descr in BF16_DESCRIPTORS:
        count = len(body) // 2
        halves = struct.unpack(f"<{count}H", body[:2 * count])
        values = list(struct.unpack(f"<{count}f", struct.pack(
            f"<{count}I", *(h << 16 for h in halves))))
        return "bfloat16", shape, values
    if descr not in npy.FORMATS:
        raise ValueError(f"{path}: unsupported dtype {descr}")
    _, _, values = npy.read(path)
    return descr, shape, values


DTYPE_NAMES = {"<f2": "float16", "<f4": "float32", "<f8": "float64",
               "<c8": "complex64", "<c16": "complex128",
               "bfloat16": "bfloat16"}


def close(ours, theirs, rtol, atol):
    """Whether two numbers agree: NaN matches NaN, infinities must be
    equal, else |ours - theirs| <= atol + rtol * |theirs|."""
    if isinstance(theirs, complex) or isinstance(ours, complex):
        return (close(complex(ours).real, complex(theirs).real, rtol, atol) and
                close(complex(ours).imag, complex(theirs).imag, rtol, atol))
    if theirs != theirs:
        return ours != ours
    if abs(theirs) == float("inf") or abs(ours) == float("inf"):
        return ours == theirs
    return abs(ours - theirs) <= atol + rtol * abs(theirs)


def compare_results(output_dir, expected, tolerances):
    """None when every result matches, else a one-line reason naming the
    first mismatch."""
    for k, expected_path in enumerate(expected):
        path = os.path.join(output_dir, f"result{k}.npy")
        if not os.path.isfile(path):
            return f"result #{k} was not written"
        try:
            descr, shape, values = read_npy_values(path)
            want_descr, want_shape, want = read_npy_values(expected_path)
        except (ValueError, KeyError, SyntaxError) as e:
            return f"result #{k}: {e}"
        if (descr, shape) != (want_descr, want_shape):
            return (f"result #{k} is {descr}{shape}, XLA's is "
                    f"{want_descr}{want_shape}")
        name = DTYPE_NAMES.get(descr)
        tolerance = tolerances.get(name) if name else None
        bad = []
        for i, (ours, theirs) in enumerate(zip(values, want)):
            ok = (close(ours, theirs, tolerance["rtol"], tolerance["atol"])
                  if tolerance else ours == theirs)
            if not ok:
                bad.append(i)
        if bad:
            i = bad[0]
            return (f"check failed: result #{k}: {len(bad)} of {len(values)} "
                    f"elements differ from XLA's; first at flat index {i}: "
                    f"{values[i]!r} vs {want[i]!r}"
                    + (f" (rtol {tolerance['rtol']:g}, atol "
                       f"{tolerance['atol']:g})" if tolerance else ""))
    return None


def select_items(items, pattern, sample, seed):
    """Applies --filter, then --sample (deterministic for a given seed);
    keeps the original order."""
    if pattern is not None:
        try:
            regex = re.compile(pattern)
        except re.error as e:
            raise HarnessError(f"bad --filter regex {pattern!r}: {e}") from e
        items = [item for item in items if regex.search(item.name)]
    if sample is not None and sample < len(items):
        chosen = random.Random(seed).sample(range(len(items)), sample)
        items = [items[i] for i in sorted(chosen)]
    return items


@contextlib.contextmanager
def case_directory(keep_dir):
    """Yields the directory for split cases: keep_dir, or a temporary one."""
    if keep_dir is not None:
        os.makedirs(keep_dir, exist_ok=True)
        yield keep_dir
    else:
        with tempfile.TemporaryDirectory(prefix="conformance-") as tmp:
            yield tmp


def write_case_files(items, case_dir):
    """Writes each runnable case to case_dir/<source index>/NAME.caseN.mlir
    (one subdirectory per source file, so equal names cannot collide) and
    sets its run_path."""
    source_dirs = {}
    for item in items:
        if item.case is None or item.skip is not None:
            continue
        if item.source not in source_dirs:
            source_dirs[item.source] = os.path.join(case_dir,
                                                    str(len(source_dirs)))
            os.makedirs(source_dirs[item.source], exist_ok=True)
        base = os.path.basename(item.source)
        item.run_path = os.path.join(source_dirs[item.source],
                                     f"{base}.case{item.case}.mlir")
        with open(item.run_path, "w", encoding="utf-8",
                  errors="surrogateescape", newline="") as f:
            f.write(item.text)


# --- Running and classifying -------------------------------------------------

def resolve_runner(spec):
    """Turns --runner into an argument list, checking that the program exists.

    An existing file is taken as a single path (it may contain spaces);
    anything else is split like a shell command line.
    """
    if os.path.isfile(spec):
        words = [os.path.abspath(spec)]
    else:
        try:
            words = shlex.split(spec)
        except ValueError as e:
            raise HarnessError(f"cannot parse --runner {spec!r}: {e}") from e
    if not words:
        raise HarnessError("--runner is empty")
    program = words[0]
    found = program if os.sep in program else shutil.which(program)
    if found is None or not os.path.isfile(found):
        hint = (" (build it first, or pass --runner)"
                if spec == DEFAULT_RUNNER else "")
        raise HarnessError(f"runner not found: {program}{hint}")
    if not os.access(found, os.X_OK):
        raise HarnessError(f"runner is not executable: {found}")
    return [found] + words[1:]


def signal_name(number):
    """SIGSEGV for 11, and so on."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def first_own_frame(lines):
    """The first symbolized stack-dump frame outside the crash-handling
    machinery, without its binary+offset or file:line suffix; None if there
    is none."""
    for line in lines:
        frame = STACK_FRAME_RE.match(line)
        if not frame or CRASH_MACHINERY_RE.search(frame.group(1)):
            continue
        symbol = FRAME_SUFFIX_RE.sub("", frame.group(1)).strip()
        if symbol:
            return symbol
    return None


def crash_reason(returncode, stderr):
    """Signal name (or exit status) plus the best one-line cause we can find:
    an assertion or fatal-error message, else the first own stack frame."""
    lines = stderr.splitlines()
    head = signal_name(-returncode) if returncode < 0 else f"exit status {returncode}"
    cause = next((line.strip() for line in lines
                  if CRASH_MESSAGE_RE.search(line)), None)
    if cause is None:
        cause = first_own_frame(lines)
    return f"{head}: {cause}" if cause else head


def parse_summary(stdout, stderr):
    """(passed, failed) from the last `K passed, M failed` line of stdout
    (stderr as a fallback), or None."""
    for stream in (stdout, stderr):
        for line in reversed(stream.splitlines()):
            match = SUMMARY_RE.match(line)
            if match:
                return int(match.group(1)), int(match.group(2))
    return None


def classify(returncode, stdout, stderr, import_only=False):
    """Classifies one finished run; returns (class, reason)."""
    if returncode < 0 or any(marker in stderr for marker in CRASH_MARKERS):
        return CRASH, crash_reason(returncode, stderr)
    lines = stderr.splitlines() + stdout.splitlines()
    if import_only:
        errors = [line.strip() for line in lines if ERROR_RE.search(line)]
        if returncode == 0:
            return PASS, ""
        if errors:
            return COMPILE_ERROR, errors[0]
        return RUNNER_ERROR, f"exit status {returncode} without a diagnostic"
    failed_checks = [line.strip() for line in lines if CHECK_FAILED in line]
    errors = [line.strip() for line in lines
              if ERROR_RE.search(line) and CHECK_FAILED not in line]
    summary = parse_summary(stdout, stderr)
    passed, failed = summary if summary else (0, 0)
    failure = None
    if failed_checks:
        failure = failed_checks[0]
    elif failed:
        failure = f"{failed} of {passed + failed} checks failed"
    if returncode != 0:
        if errors:
            return COMPILE_ERROR, errors[0]
        if failure:
            return WRONG_RESULT, failure
        last = next((line.strip() for line in reversed(stderr.splitlines())
                     if line.strip()), "")
        reason = f"exit status {returncode} without a diagnostic"
        return RUNNER_ERROR, f"{reason}: {last}" if last else reason
    if failure:
        return WRONG_RESULT, failure
    if summary is None:
        return NO_CHECKS, "no 'K passed, M failed' line in the output"
    if passed == 0:
        return NO_CHECKS, "0 checks ran"
    return PASS, ""


def one_line(text):
    """text on one line (TSV-safe), runs of whitespace collapsed."""
    return " ".join(text.split())


def trim(text):
    """text cut to at most MAX_REASON_CHARS characters."""
    if len(text) > MAX_REASON_CHARS:
        text = text[:MAX_REASON_CHARS - 3] + "..."
    return text


def kill_group(proc):
    """Kills the process group that proc leads (it runs in its own session)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class Runner:
    """Runs the tool under test on one item at a time, from many threads,
    and can kill everything still running when the harness is interrupted."""

    def __init__(self, command, timeout, import_only=False):
        """command: the runner's argument list without the file."""
        self.command = command
        self.timeout = timeout
        self.import_only = import_only
        self._lock = threading.Lock()
        self._live = set()
        self._stopping = False

    def _start(self, item):
        """Starts the runner on item; returns the process, or None when the
        harness is stopping. Retries a few times, since a runner being
        relinked cannot be executed for a moment; raises OSError after."""
        for attempt in range(START_ATTEMPTS):
            with self._lock:
                if self._stopping:
                    return None
                try:
                    proc = subprocess.Popen(
                        self.command + [item.run_path] + item.args,
                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, start_new_session=True)
                    self._live.add(proc)
                    return proc
                except OSError:
                    if attempt + 1 == START_ATTEMPTS:
                        raise
            time.sleep(1.0)

    def _wait(self, proc):
        """Waits for proc within the timeout; returns (stdout bytes, stderr
        bytes, whether it timed out). On timeout kills its process group."""
        try:
            out, err = proc.communicate(timeout=self.timeout)
            return out, err, False
        except subprocess.TimeoutExpired:
            kill_group(proc)
            try:
                out, err = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                # Something outside the group holds the pipes open.
                proc.kill()
                out, err = b"", b""
            return out, err, True
        finally:
            with self._lock:
                self._live.discard(proc)

    def run(self, item):
        """Runs one item and returns its Result."""
        if item.interpret_runs and not self.import_only:
            return self._run_interpret(item)
        if not item.expected or self.import_only:
            return self._run(item)
        with tempfile.TemporaryDirectory(prefix="conformance-out-") as out:
            item = dataclasses.replace(item, args=item.args + ["--output", out])
            result = self._run(item)
            if result.result == NO_CHECKS:
                # Ran and exited 0: its results are the checks.
                reason = compare_results(out, item.expected, item.tolerances)
                result.result = WRONG_RESULT if reason else PASS
                result.reason = reason or ""
            return result

    def _run_interpret(self, item):
        """Runs an item without checks as its file's interpreter RUN lines
        say (see "Programs without checks" above)."""
        start = time.monotonic()
        for run in item.interpret_runs:
            step = dataclasses.replace(item, args=item.args + run.runner_args)
            result = self._run(step)
            stdout = result.stdout
            result.stdout = None
            if result.result in (CRASH, TIMEOUT) or result.harness_failed:
                return result
            if run.negated:
                if result.result != COMPILE_ERROR:
                    result.result = RUNNER_ERROR
                    result.reason = ("expected a located error (RUN: not "
                                     "...), got: " + (result.reason or
                                                      "exit status 0"))
                    return result
                continue
            if result.result not in (PASS, NO_CHECKS):
                return result
            if run.filecheck_args is not None:
                failure = self._filecheck(item, run.filecheck_args, stdout)
                if failure:
                    return Result(item, WRONG_RESULT,
                                  time.monotonic() - start, failure)
        return Result(item, PASS, time.monotonic() - start, "")

    def _filecheck(self, item, filecheck_args, stdout):
        """Matches stdout against the item's CHECK lines; returns the first
        FileCheck error, or None when they match."""
        filecheck = next((shutil.which(c) for c in FILECHECK_CANDIDATES
                          if shutil.which(c)), None)
        if filecheck is None:
            return "FileCheck not found (LLVM's; on PATH or /usr/lib/llvm-22/bin)"
        done = subprocess.run([filecheck, item.run_path] + filecheck_args,
                              input=stdout, capture_output=True, text=True)
        if done.returncode == 0:
            return None
        errors = [line for line in done.stderr.splitlines()
                  if "error:" in line]
        message = errors[0] if errors else done.stderr.strip()
        return "FileCheck: " + message.replace(item.run_path, item.source)

    def _run(self, item):
        """Runs one item and classifies what the runner printed."""
        start = time.monotonic()
        try:
            proc = self._start(item)
        except OSError as e:
            return Result(item, RUNNER_ERROR, 0.0,
                          f"cannot start the runner: {e}", harness_failed=True)
        if proc is None:
            return Result(item, RUNNER_ERROR, 0.0, "interrupted",
                          harness_failed=True)
        out, err, timed_out = self._wait(proc)
        seconds = time.monotonic() - start
        if timed_out:
            return Result(item, TIMEOUT, seconds,
                          f"no result within {self.timeout:g} s")
        stdout = out.decode("utf-8", errors="replace")
        stderr = err.decode("utf-8", errors="replace")
        if item.run_path != item.source:
            # Name the original file; the case file keeps its line numbers.
            stdout = stdout.replace(item.run_path, item.source)
            stderr = stderr.replace(item.run_path, item.source)
        result, reason = classify(proc.returncode, stdout, stderr,
                                  self.import_only)
        # The item column names the file in full; keep the reason short.
        reason = reason.replace(item.source, os.path.basename(item.source))
        return Result(item, result, seconds, one_line(reason),
                      stdout=stdout if item.interpret_runs else None)

    def stop(self):
        """Starts nothing more and kills every run in progress."""
        with self._lock:
            self._stopping = True
            for proc in self._live:
                kill_group(proc)


def format_result(result):
    """One human-readable line for a result."""
    line = f"{result.result:<18} {result.item.name}"
    return f"{line}  {trim(result.reason)}" if result.reason else line


def run_items(items, runner, jobs, verbose):
    """Runs every runnable item on a thread pool; returns the results in item
    order."""
    results = [None] * len(items)
    for i, item in enumerate(items):
        if item.skip is not None:
            results[i] = Result(item, item.skip[0], 0.0, item.skip[1])
    todo = [i for i, result in enumerate(results) if result is None]
    show_progress = not verbose and sys.stderr.isatty()
    executor = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    try:
        futures = {executor.submit(runner.run, items[i]): i for i in todo}
        for done, future in enumerate(
                concurrent.futures.as_completed(futures), 1):
            result = future.result()
            results[futures[future]] = result
            if verbose:
                print(f"[{done}/{len(todo)}] {format_result(result)}",
                      file=sys.stderr, flush=True)
            elif show_progress:
                print(f"\r[{done}/{len(todo)}]", end="", file=sys.stderr,
                      flush=True)
    except KeyboardInterrupt:
        runner.stop()
        executor.shutdown(wait=True, cancel_futures=True)
        raise
    executor.shutdown()
    if show_progress and todo:
        print(file=sys.stderr)
    return results


# --- Reporting ---------------------------------------------------------------

def normalize_reason(reason):
    """Strips what differs between items with the same cause: file paths
    with their line:col, other paths, .mlir file names, addresses and
    tensor dimensions."""
    text = LOCATED_PATH_RE.sub("", reason)
    text = PATH_RE.sub("<path>", text)
    text = MLIR_FILE_RE.sub("<file>", text)
    text = HEX_RE.sub("0x*", text)
    text = SHAPE_DIM_RE.sub("?", text)
    return " ".join(text.split())


def pass_rate(results):
    """(passed, denominator) of a list of results."""
    counted = [r for r in results if r.result not in NOT_RUN]
    return sum(r.result == PASS for r in counted), len(counted)


def format_rate(passed, denominator):
    """'25.0%' or 'n/a' when nothing was run."""
    return f"{100.0 * passed / denominator:.1f}%" if denominator else "n/a"


def write_table(path, results):
    """Writes the TSV table: item, result, seconds, reason."""
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("item\tresult\tseconds\treason\n")
        for r in results:
            f.write(f"{r.item.name}\t{r.result}\t{r.seconds:.3f}\t"
                    f"{trim(r.reason)}\n")


def top_reasons(results, limit=TOP_REASONS):
    """The most common (class, normalized reason) pairs among failures, with
    their count and one example item, most common first."""
    counts = collections.Counter()
    examples = {}
    for r in results:
        if r.result in NOT_RUN or r.result == PASS:
            continue
        key = (r.result, normalize_reason(r.reason))
        counts[key] += 1
        examples.setdefault(key, r.item.name)
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    return [(count, key[0], key[1], examples[key]) for key, count in ranked]


def print_summary(results, corpora, wall):
    """Prints counts per class, pass rates, times and top failure reasons."""
    counts = collections.Counter(r.result for r in results)
    ran = [r for r in results if r.result not in NOT_RUN]
    print(f"conformance: {len(results)} items, {len(ran)} run")
    print("results:")
    for name in CLASSES:
        print(f"  {name:<20} {counts[name]:>6}")
    print("pass rate (pass / (total - disabled - skipped-collective)):")
    for corpus in corpora:
        passed, denominator = pass_rate(
            [r for r in results if r.item.corpus == corpus])
        print(f"  {format_rate(passed, denominator):>6}  "
              f"{passed}/{denominator}  {corpus}")
    passed, denominator = pass_rate(results)
    print(f"  {format_rate(passed, denominator):>6}  "
          f"{passed}/{denominator}  overall")
    median = statistics.median(r.seconds for r in ran) if ran else 0.0
    print(f"time: {wall:.1f} s wall, median {median:.3f} s per item run")
    reasons = top_reasons(results)
    if reasons:
        print(f"most common failure reasons (top {TOP_REASONS}):")
        for count, result, reason, example in reasons:
            print(f"  {count:>5}  {result:<14} {trim(reason) or '-'}  "
                  f"(e.g. {example})")


def check_gate(results, min_pass_rate):
    """Exit status for --min-pass-rate: 1 when unmet, else 0."""
    if min_pass_rate is None:
        return 0
    passed, denominator = pass_rate(results)
    if denominator == 0:
        print("conformance: FAIL: nothing was run, so the pass rate is "
              f"undefined (--min-pass-rate {min_pass_rate:g})", file=sys.stderr)
        return 1
    rate = 100.0 * passed / denominator
    if rate < min_pass_rate:
        print(f"conformance: FAIL: pass rate {rate:.1f}% is below "
              f"--min-pass-rate {min_pass_rate:g}%", file=sys.stderr)
        return 1
    return 0


# --- Command line ------------------------------------------------------------

def parse_args(argv):
    """Parses the command line (argparse exits with status 2 on errors)."""
    parser = argparse.ArgumentParser(
        description="Run hlo-runner over conformance corpora and report.",
        epilog="See the module docstring for the classes and exit status.")
    parser.add_argument("corpora", nargs="+", metavar="CORPUS_PATH",
                        help="directory (its *.mlir, non-recursive) or file")
    parser.add_argument("--runner",
                        help="runner path or command line (default: "
                        f"{DEFAULT_RUNNER}, or with --import-only "
                        f"{DEFAULT_IMPORTER} {' '.join(IMPORTER_ARGS)})")
    parser.add_argument("--import-only", action="store_true",
                        help="import and verify each item instead of running it")
    parser.add_argument("--runner-arg", action="append", default=[],
                        metavar="ARG", help="extra runner argument (repeatable)")
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1,
                        help="parallel runs (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds per item (default: %(default)s)")
    parser.add_argument("--out", metavar="TABLE.tsv",
                        help="write the per-item table here")
    parser.add_argument("--filter", metavar="REGEX",
                        help="keep only items whose name matches")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="run a deterministic random sample of N items")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of --sample (default: %(default)s)")
    parser.add_argument("--min-pass-rate", type=float, metavar="PCT",
                        help="exit 1 when the overall pass rate is below PCT")
    parser.add_argument("--keep-cases", metavar="DIR",
                        help="write split cases to DIR and keep them")
    parser.add_argument("--device", default="cpu",
                        help="where hlo-runner runs the programs: cpu, "
                        "vulkan (a Vulkan device, e.g. Mesa's lavapipe; "
                        "--runner-arg=--vulkan-device=N picks one), or "
                        "cuda (program objects under hlo-aot-run; a GPU "
                        "machine without MLIR uses "
                        "scripts/gpu-device-check.sh instead)")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="print each result as it arrives")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.timeout <= 0:
        parser.error("--timeout must be positive")
    if args.sample is not None and args.sample < 0:
        parser.error("--sample must not be negative")
    return args


def main(argv=None):
    """Runs the harness; returns the exit status."""
    args = parse_args(argv)
    start = time.monotonic()
    try:
        if args.runner is not None:
            command = resolve_runner(args.runner)
        elif args.import_only:
            command = resolve_runner(DEFAULT_IMPORTER) + IMPORTER_ARGS
        else:
            command = resolve_runner(DEFAULT_RUNNER)
        if args.device != "cpu" and not args.import_only:
            command.append("--device=" + args.device)
        command += args.runner_arg
        items = collect_items(args.corpora, args.import_only)
        items = select_items(items, args.filter, args.sample, args.seed)
        with case_directory(args.keep_cases) as case_dir:
            write_case_files(items, case_dir)
            results = run_items(items, Runner(command, args.timeout,
                                              args.import_only),
                                args.jobs, args.verbose)
        if args.out:
            write_table(args.out, results)
        wall = time.monotonic() - start
    except (HarnessError, OSError) as e:
        print(f"conformance: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("conformance: interrupted", file=sys.stderr)
        return 130
    print_summary(results, corpus_labels(args.corpora, items), wall)
    unstarted = sum(r.harness_failed for r in results)
    if unstarted:
        print(f"conformance: error: the runner could not be started for "
              f"{unstarted} items; the results are incomplete", file=sys.stderr)
        return 2
    return check_gate(results, args.min_pass_rate)


if __name__ == "__main__":
    sys.exit(main())
