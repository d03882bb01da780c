#!/usr/bin/env bash
# The sanitized check (ASan + UBSan, build-asan/ from
# scripts/build-sanitizers.sh): a fixed part of the lit suite (the dialects,
# passes, importers and exporters, pipelines, the hlo-opt and diagnostics
# tool tests and the integration tests that run programs) and a fixed
# sample of the conformance corpora, all run with the sanitized tools. Every
# sanitizer report is written to a log (ASAN_OPTIONS/UBSAN_OPTIONS log_path)
# and fails the run, as does a failing lit test or a conformance pass rate
# below 80%. HLO_SANITIZE_SAMPLE sets the sample's size (default 60).
#
# The whole lit suite runs sanitized with HLO_SANITIZE_ALL=1 (by hand: it
# needs every tool built in build-asan/: scripts/build-sanitizers.sh all).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${HLO_ASAN_BUILD_DIR:-$root/build-asan}"
conformance="${HLO_CONFORMANCE:-$root/../shared/conformance}"
[ -d "$conformance" ] || conformance=/work/shared/conformance
logs="$build/sanitizer-logs"
rm -rf "$logs" && mkdir -p "$logs"

# The JIT and MLIR's allocators poison memory of their own: user poisoning
# is off, or ASan reports their reuse of it as ours.
export ASAN_OPTIONS="allow_user_poisoning=0:detect_leaks=1:log_path=$logs/asan"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan"

# ASan's stack frames are several times larger: the importers' and the
# parser's recursion up to the input limits (1000 levels; see
# test/tools/hlo-opt/hostile-sizes.test) needs more than 8 MiB then.
ulimit -s 65536 2>/dev/null || true

status=0
if [ "${HLO_SANITIZE_ALL:-0}" = 1 ]; then
  suites=("$build/test")
else
  suites=()
  for d in Dialect Transforms Conversion Import Export Pipelines Integration \
           tools/hlo-opt tools/diagnostics; do
    suites+=("$build/test/$d")
  done
fi
echo "== lit (sanitized): ${suites[*]#$build/test/}"
# Tests of tools that are not built sanitized (hlo-aot-run, hlo-compile)
# are left out.
/usr/lib/llvm-22/bin/lit -s -j "$(nproc)" \
  --filter-out 'hlo-gpu-pipeline-invalid' "${suites[@]}" || status=1

echo "== conformance sample (sanitized)"
python3 "$root/utils/conformance.py" \
  "$conformance/stablehlo-testdata" "$conformance/stablehlo-interpret" \
  --runner "$build/bin/hlo-runner" --runner-arg=--no-cache \
  --sample "${HLO_SANITIZE_SAMPLE:-60}" --seed 7 --timeout 300 \
  --min-pass-rate 80 --out "$logs/conformance.tsv" | tail -8 || status=1

reports=$(ls "$logs" | grep -E '^(asan|ubsan)\.' || true)
if [ -n "$reports" ]; then
  status=1
  for r in $reports; do
    echo "== sanitizer report $logs/$r"
    head -30 "$logs/$r"
  done
fi
[ $status -eq 0 ] && echo "sanitized: clean" || echo "sanitized: FAILED"
exit $status
