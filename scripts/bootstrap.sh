#!/usr/bin/env bash
# README command 1: install what is missing, build, and run the main job on the
# bundled example (relu(dot + bias) in the hlo dialect):
#   1. the IR after the hlo passes (hlo-opt --hlo-canonicalize),
#   2. the example compiled for this CPU and run on real inputs (deterministic
#      .npy files made under build/example-inputs), printing the result.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${HLO_BUILD_DIR:-$root/build}"

bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"

echo "== examples/seed_example.mlir after hlo-canonicalize"
"$build/bin/hlo-opt" --hlo-canonicalize "$root/examples/seed_example.mlir"

inputs="$build/example-inputs"
mkdir -p "$inputs"
python3 "$root/utils/npy.py" write "$inputs/p0.npy" f4 4x8 --pattern=1
python3 "$root/utils/npy.py" write "$inputs/p1.npy" f4 8x16 --pattern=2
python3 "$root/utils/npy.py" write "$inputs/p2.npy" f4 4x16 --pattern=3
echo "== examples/seed_example.mlir compiled and run on" \
  "$inputs/p0.npy, $inputs/p1.npy and $inputs/p2.npy"
"$build/bin/hlo-runner" "$root/examples/seed_example.mlir" --print-timing \
  --input "$inputs/p0.npy" --input "$inputs/p1.npy" --input "$inputs/p2.npy"
