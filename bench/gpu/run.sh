#!/usr/bin/env bash
# Runs gpu-peers with cuBLAS found where pip's nvidia-cublas package put it,
# when the system has no libcublas on the loader's path.
# Usage: bench/gpu/run.sh [GPU_PEERS] relu 268435456 ...
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
peers="$root/build/bin/gpu-peers"
if [ $# -gt 0 ] && [ -x "$1" ]; then
  peers="$1"
  shift
fi
for python in python3 python; do
  dir=$("$python" -c 'import nvidia.cublas, os; print(os.path.dirname(nvidia.cublas.__file__))' 2>/dev/null) || continue
  export LD_LIBRARY_PATH="$dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  break
done
exec "$peers" "$@"
