#!/usr/bin/env bash
# Configures (once) and builds the project into build/ with Ninja against the
# shared libMLIR.so of LLVM 22. Extra arguments are Ninja targets.
#
# HLO_BUILD_DIR (default build/), HLO_CC and HLO_CXX (default clang and
# clang++ of LLVM 22) and HLO_CMAKE_ARGS (more cmake arguments, split on
# spaces) apply when the build directory is configured (scripts/test-gcc.sh
# builds with GCC in build-gcc/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${HLO_BUILD_DIR:-$root/build}"
llvm=/usr/lib/llvm-22

launcher=()
if command -v ccache >/dev/null; then
  # Paths relative to the parent directory make the cache shared between
  # checkouts (git worktrees) side by side.
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$root")}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" "${launcher[@]}" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="${HLO_CC:-$llvm/bin/clang}" \
    -DCMAKE_CXX_COMPILER="${HLO_CXX:-$llvm/bin/clang++}" \
    -DMLIR_DIR="$llvm/lib/cmake/mlir" \
    -DLLVM_EXTERNAL_LIT="$llvm/bin/lit" ${HLO_CMAKE_ARGS:-}
fi
ninja -C "$build" "$@"
