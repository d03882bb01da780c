#!/usr/bin/env bash
# README command 1: install what is missing, build, and run the main job on the
# bundled example (relu(dot + bias) in the hlo dialect) through hlo-opt with
# the project's passes, printing the resulting IR.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${HLO_BUILD_DIR:-$root/build}"

bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
"$build/bin/hlo-opt" --hlo-canonicalize "$root/examples/seed_example.mlir"
