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
# One command line per program, run in batches of programs sharing a CUDA
# context (creating one per program costs seconds on some machines).
list=/tmp/hlo-programs/list
while IFS=$'\t' read -r name _ count; do
  line="$programs/programs/$name.so --output $results/$name"
  for ((k = 0; k < count; ++k)); do
    line+=" --input $programs/programs/$name.in/input$k.npy"
  done
  echo "$line"
done < "$programs/programs/index.tsv" > "$list"
split -n l/8 "$list" /tmp/hlo-programs/part.
ls /tmp/hlo-programs/part.* |
  xargs -P 8 -I{} timeout 300 "$bin/hlo-aot-run" --batch {} >/dev/null 2>&1
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
      --profile 2>&1 | grep -v "^result"
  done
  python3 "$bundle/jax_programs.py" compare "$io"
fi
echo "== done"
