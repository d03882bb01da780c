#!/usr/bin/env bash
# Runs on the GPU machine, from a bundle made by
# `scripts/gpu-device-check.sh prepare` (copied there as BUNDLE/run.sh):
# the conformance corpus through hlo-aot-run, then the benchmarks side by
# side with their peers. Results go to $OUT (the device tool's folder) or
# to the bundle.
set -uo pipefail
bundle=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$bundle}
bin=$bundle/bin
results=/tmp/hlo-results/results
rm -rf "$results" && mkdir -p "$results"
nvidia-smi -L 2>/dev/null || true

echo "== conformance corpus"
start=$(date +%s)
programs=/tmp/hlo-programs
rm -rf "$programs" && mkdir -p "$programs"
tar -xzf "$bundle/programs.tgz" -C "$programs"
run_one() {
  local name=$1 programs=$2 results=$3 bin=$4
  local dir=$results/$name
  mkdir -p "$dir"
  local inputs=()
  if [ -d "$programs/$name.in" ]; then
    while IFS= read -r f; do inputs+=(--input "$f"); done < <(
      ls "$programs/$name.in"/input*.npy 2>/dev/null | sort -V)
  fi
  timeout 60 "$bin/hlo-aot-run" "$programs/$name.so" \
    "${inputs[@]}" --output "$dir" >"$dir/log" 2>&1
  echo $? >"$dir/status"
}
export -f run_one
cut -f1 "$programs/programs/index.tsv" |
  xargs -P 16 -I{} bash -c 'run_one "$@"' _ {} "$programs/programs" \
    "$results" "$bin"
echo "ran $(ls "$results" | wc -l) programs in $(( $(date +%s) - start )) s;" \
  "exit codes:"; cat "$results"/*/status | sort | uniq -c
tar -czf "$out/results.tgz" -C "$(dirname "$results")" results

echo "== benchmarks (milliseconds: median of the timed runs)"
bench() { # NAME RUNS
  echo "-- $1"
  timeout 120 "$bin/hlo-aot-run" "$bundle/bench/$1.so" --generate-inputs \
    --benchmark="$2" --profile 2>&1 | tail -n 12
}
echo "-- relu((a+b)*c), 256M f32: hand-written kernel"
timeout 60 bash "$bin/peers.sh" "$bin/gpu-peers" relu 268435456
bench relu 20
echo "-- softmax 8192x8192 f32: hand-written kernel"
timeout 60 bash "$bin/peers.sh" "$bin/gpu-peers" softmax 8192 8192
bench softmax 20
bench layernorm 20
echo "-- bf16 matmul 8192^3: cuBLAS"
timeout 60 bash "$bin/peers.sh" "$bin/gpu-peers" gemm-bf16 8192 8192 8192
bench matmul_bf16 3

if [ -d "$bundle/jax" ]; then
  echo "== whole programs: ours (hlo-aot-run) vs XLA:GPU (jax.jit), same inputs"
  io=/tmp/hlo-jax
  rm -rf "$io"
  timeout 180 python3 "$bundle/jax_programs.py" time-xla "$io"
  for so in "$bundle"/jax/*.so; do
    name=$(basename "$so" .so)
    inputs=()
    while IFS= read -r f; do inputs+=(--input "$f"); done < <(
      ls "$io/$name"/input*.npy 2>/dev/null | sort -V)
    echo "-- ours $name"
    timeout 60 "$bin/hlo-aot-run" "$so" "${inputs[@]}" --output "$io/$name/ours" \
      2>&1 | tail -n 2
    timeout 60 "$bin/hlo-aot-run" "$so" "${inputs[@]}" --benchmark=50 \
      2>&1 | tail -n 1
  done
  python3 "$bundle/jax_programs.py" compare "$io"
fi
echo "== done"
