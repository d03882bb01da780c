#!/usr/bin/env bash
# Runs every libFuzzer harness of fuzz/ (built by scripts/build-sanitizers.sh
# into build-asan/, ASan + UBSan) for SECONDS in total, split evenly, one
# after the other. Seeds are read where they are (the conformance corpus, the
# JAX corpus's .npy files; never copied); what the fuzzer adds goes to
# build-asan/fuzz/corpus/NAME, crashes to build-asan/fuzz/artifacts/.
# Dictionaries are made by utils/make_fuzz_dicts.py. Per input: 10 s, 4 GB.
# Ends with a table: executions, coverage, crashes per harness; exits 1 if
# any harness found a crash, a leak or a timeout.
#
#   scripts/fuzz.sh 3600          # an hour over all harnesses
#   HLO_FUZZERS="fuzz-npy" scripts/fuzz.sh 60
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${HLO_ASAN_BUILD_DIR:-$root/build-asan}"
seconds="${1:?usage: scripts/fuzz.sh SECONDS}"
conformance="${HLO_CONFORMANCE:-$root/../shared/conformance}"
[ -d "$conformance" ] || conformance=/work/shared/conformance
fuzzers=(${HLO_FUZZERS:-fuzz-stablehlo fuzz-hlo-text fuzz-npy fuzz-pipeline fuzz-mutate-ir})

# The JIT and MLIR's allocators poison memory of their own (ASan reports a
# use of it as a bug of ours otherwise); leaks are checked at exit.
export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

# ASan's larger stack frames: the importers' recursion up to the input
# limits (1000 levels) needs more than 8 MiB (scripts/test-sanitizers.sh).
ulimit -s 65536 2>/dev/null || true

work="$build/fuzz"
mkdir -p "$work/artifacts" "$work/logs"
python3 "$root/utils/make_fuzz_dicts.py" "$work/dicts" >/dev/null

seeds() { # seed directories of one harness
  case "$1" in
    fuzz-stablehlo) echo "$conformance/stablehlo-interpret $conformance/stablehlo-testdata" ;;
    fuzz-hlo-text) echo "$conformance/xla-hlo" ;;
    fuzz-npy) echo "$root/test/JaxCorpus" ;;
    fuzz-pipeline) echo "$conformance/stablehlo-interpret $root/test/Integration" ;;
    fuzz-mutate-ir) echo "$conformance/stablehlo-interpret $root/test/Integration" ;;
  esac
}
dict() {
  case "$1" in
    fuzz-hlo-text) echo "$work/dicts/hlo-text.dict" ;;
    fuzz-npy) echo "$work/dicts/npy.dict" ;;
    *) echo "$work/dicts/mlir.dict" ;;
  esac
}

each=$(( seconds / ${#fuzzers[@]} ))
[ "$each" -ge 1 ] || each=1
status=0
summary=()
for f in "${fuzzers[@]}"; do
  bin="$build/bin/$f"
  if [ ! -x "$bin" ]; then
    echo "fuzz.sh: $bin not built (scripts/build-sanitizers.sh)" >&2
    exit 2
  fi
  mkdir -p "$work/corpus/$f"
  dirs=()
  for d in $(seeds "$f"); do [ -d "$d" ] && dirs+=("$d"); done
  log="$work/logs/$f.log"
  before=$(ls "$work/artifacts" | grep -c "^$f-" || true)
  echo "== $f: ${each}s (log: $log)"
  "$bin" -max_total_time="$each" -timeout=10 -rss_limit_mb=4096 \
    -max_len=65536 -print_final_stats=1 -dict="$(dict "$f")" \
    -artifact_prefix="$work/artifacts/$f-" \
    "$work/corpus/$f" "${dirs[@]}" >"$log" 2>&1
  rc=$?
  after=$(ls "$work/artifacts" | grep -c "^$f-" || true)
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  found=$(( after - before ))
  if [ "$rc" -ne 0 ] || [ "$found" -ne 0 ]; then
    status=1
    grep -m3 -E 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error|Test unit written' "$log"
  fi
  summary+=("$(printf '%-16s %10s execs %8s cov %3s new artifacts (exit %s)' \
    "$f" "${execs:-?}" "${cov:-?}" "$found" "$rc")")
done
printf '%s\n' "${summary[@]}"
exit $status
