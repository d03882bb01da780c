#!/usr/bin/env bash
# The prepared check for a machine with an NVIDIA GPU that has the CUDA
# driver (and JAX with XLA:GPU) but no LLVM/MLIR: everything is compiled
# here, ahead of time, into a bundle of at most a few tens of MiB.
#
#   scripts/gpu-device-check.sh prepare [BUNDLE]   (here; default .gpu-bundle)
#       builds hlo-aot-run and gpu-peers, compiles the conformance corpus
#       (utils/gpu_aot_corpus.py) and the benchmark programs
#       (bench/gpu/*.mlir, and bench/gpu/jax_programs.py's programs when jax
#       is installed here) into program objects, and writes BUNDLE/run.sh.
#   bash BUNDLE/run.sh                              (on the GPU machine)
#       runs the corpus (results packed into $OUT/results.tgz, or
#       BUNDLE/results.tgz without $OUT) and the benchmarks, each side by
#       side with its peer (hand-written kernels, cuBLAS, XLA:GPU), and
#       prints the numbers. Takes well under 5 minutes.
#   scripts/gpu-device-check.sh check [BUNDLE] RESULTS.tgz   (here)
#       evaluates every program's checks on the results it computed there.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command=${1:-}
bundle=${2:-$root/.gpu-bundle}

case "$command" in
prepare)
  bash "$root/scripts/build.sh" hlo-runner hlo-aot-run
  rm -rf "$bundle"
  mkdir -p "$bundle/bin" "$bundle/bench"
  cp "$root/build/bin/hlo-aot-run" "$bundle/bin/"
  bash "$root/bench/gpu/build.sh" "$bundle/bin/gpu-peers"
  cp "$root/bench/gpu/run.sh" "$bundle/bin/peers.sh"
  python3 "$root/utils/gpu_aot_corpus.py" prepare "$bundle" \
    "${HLO_CONFORMANCE:-$root/../shared/conformance/stablehlo-testdata}"
  for program in "$root"/bench/gpu/*.mlir; do
    name=$(basename "$program" .mlir)
    "$root/build/bin/hlo-runner" "$program" --device=cuda \
      --aot-output="$bundle/bench/$name.o"
    /usr/lib/llvm-22/bin/clang -shared "$bundle/bench/$name.o" \
      -o "$bundle/bench/$name.so"
    rm "$bundle/bench/$name.o"
  done
  if python3 -c 'import jax' 2>/dev/null; then
    python3 "$root/bench/gpu/jax_programs.py" export "$bundle/jax"
    for program in "$bundle"/jax/*.mlir; do
      name=$(basename "$program" .mlir)
      if "$root/build/bin/hlo-runner" "$program" --device=cuda \
          --aot-output="$bundle/jax/$name.o" 2>"$bundle/jax/$name.err"; then
        /usr/lib/llvm-22/bin/clang -shared "$bundle/jax/$name.o" \
          -o "$bundle/jax/$name.so"
        rm "$bundle/jax/$name.o"
      fi
    done
    cp "$root/bench/gpu/jax_programs.py" "$bundle/"
  fi
  # Program objects are mostly ELF padding: packed, the bundle travels in
  # a fraction of the 64 MiB a device call carries.
  tar -czf "$bundle/programs.tgz" -C "$bundle" programs
  find "$bundle/programs" -mindepth 1 ! -name index.tsv -exec rm -rf {} +
  cp "$root/bench/gpu/device-run.sh" "$bundle/run.sh"
  du -sh "$bundle"
  ;;
check)
  results=${3:?usage: gpu-device-check.sh check BUNDLE RESULTS.tgz}
  dir=$(mktemp -d)
  tar -xzf "$results" -C "$dir"
  python3 "$root/utils/gpu_aot_corpus.py" check "$bundle" "$dir/results" \
    --out "$bundle/check.tsv"
  ;;
*)
  sed -n '2,20p' "$0"
  exit 2
  ;;
esac
