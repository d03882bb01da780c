#!/usr/bin/env bash
# Builds the project with AddressSanitizer + UndefinedBehaviorSanitizer and
# the libFuzzer harnesses of fuzz/ into build-asan/ (-DHLO_SANITIZE=
# address,undefined -DHLO_FUZZ=ON, clang-22, -O1 with line tables). Extra
# arguments are Ninja targets (default: the tools the sanitized tests use and
# the fuzzers).
#
# Slow on a small machine (every file of the project again, instrumented):
# it runs at the lowest priority with HLO_JOBS jobs (default 1), so that
# other builds keep the cores; it does not take the shared build lock.
# scripts/test-sanitizers.sh and scripts/fuzz.sh run what it builds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${HLO_ASAN_BUILD_DIR:-$root/build-asan}"
llvm=/usr/lib/llvm-22

bash "$root/scripts/install-deps.sh" libclang-rt-22-dev

launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" "${launcher[@]}" \
    -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -gline-tables-only -DNDEBUG" \
    "-DCMAKE_C_FLAGS_RELEASE=-O1 -gline-tables-only -DNDEBUG" \
    -DCMAKE_C_COMPILER="$llvm/bin/clang" \
    -DCMAKE_CXX_COMPILER="$llvm/bin/clang++" \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" \
    -DHLO_SANITIZE=address,undefined -DHLO_FUZZ=ON
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  # The parsers' fuzzers first: they need the least.
  targets=(fuzz-stablehlo fuzz-hlo-text hlo-opt hlo-translate hlo-runner
           hlo-fuzzers)
fi
nice -n 19 ninja -C "$build" -j "${HLO_JOBS:-1}" "${targets[@]}"
