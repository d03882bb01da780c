#!/usr/bin/env bash
# Builds gpu-peers (bench/gpu/peers.cu) with nvcc for sm_90: hand-written
# CUDA kernels and cuBLAS (opened at run time), the GPU yardsticks of the
# compiler. Needs no GPU to build. Usage: bench/gpu/build.sh [OUTPUT]
# (default build/bin/gpu-peers). NVCC overrides the compiler.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="${1:-$root/build/bin/gpu-peers}"
nvcc="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
mkdir -p "$(dirname "$out")"
# The CUDA runtime is linked statically (it opens the driver itself), so the
# binary needs only the driver and, for gemm-bf16, cuBLAS.
"$nvcc" -O3 -std=c++17 -arch=sm_90 -lineinfo -cudart static \
  -o "$out" "$root/bench/gpu/peers.cu" -ldl
echo "built $out"
