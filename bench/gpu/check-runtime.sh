#!/usr/bin/env bash
# The GPU machine's check of the CUDA runtime and of the GPU yardsticks, in
# one short run (no LLVM or MLIR needed there; a C compiler and python3 are):
#   1. the hand-written cuda program object (test/tools/hlo-aot-run/Inputs/
#      cuda_add.c: PTX JIT-loaded by its constructor, streams, an event,
#      stream-ordered memory, a launch) runs under hlo-aot-run, and its
#      result is checked bit for bit against c = a + b;
#   2. --benchmark and --profile (per-kernel table);
#   3. the forced-missing driver still gives exit status 2;
#   4. gpu-peers relu / softmax / gemm-bf16 (skipped when not built).
# Usage: bench/gpu/check-runtime.sh [BUILD_DIR]   (default build/)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build="${1:-$root/build}"
aot="$build/bin/hlo-aot-run"
cc="${CC:-$(command -v cc || command -v gcc || command -v clang)}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
step() { echo "== $*"; }

step "build the cuda program object with $cc"
"$cc" -shared -fPIC -O2 -I"$root/include" \
  "$root/test/tools/hlo-aot-run/Inputs/cuda_add.c" -o "$tmp/cuda_add.so" || exit 1
python3 "$root/utils/npy.py" write "$tmp/a.npy" f4 1000 --pattern=1
python3 "$root/utils/npy.py" write "$tmp/b.npy" f4 1000 --pattern=2

step "run it: c = a + b"
"$aot" "$tmp/cuda_add.so" --input "$tmp/a.npy" --input "$tmp/b.npy" \
  --output "$tmp/out" --print-timing || status=1
python3 - "$root/utils" "$tmp" <<'PY' || status=1
import struct, sys
sys.path.insert(0, sys.argv[1])
import npy
d = sys.argv[2]
_, _, a = npy.read(d + "/a.npy")
_, _, b = npy.read(d + "/b.npy")
_, shape, c = npy.read(d + "/out/result0.npy")
f32 = lambda x: struct.unpack("f", struct.pack("f", x))[0]
bad = [i for i in range(len(a)) if c[i] != f32(a[i] + b[i])]
print("result0", shape, "mismatches:", len(bad), "first:", bad[:5])
sys.exit(1 if bad or len(c) != 1000 else 0)
PY

step "benchmark and profile"
"$aot" "$tmp/cuda_add.so" --generate-inputs --benchmark=20 --profile || status=1

step "forced missing driver: exit status 2"
HLO_CUDA_DRIVER=/nonexistent/libcuda.so.1 "$aot" "$tmp/cuda_add.so" --generate-inputs
[ $? -eq 2 ] || { echo "expected exit status 2"; status=1; }

if [ -x "$build/bin/gpu-peers" ]; then
  step "gpu-peers"
  run="$root/bench/gpu/run.sh"
  bash "$run" "$build/bin/gpu-peers" relu 268435456 || status=1
  bash "$run" "$build/bin/gpu-peers" softmax 4096 4096 || status=1
  bash "$run" "$build/bin/gpu-peers" gemm-bf16 8192 8192 8192 || status=1
fi
echo "== check-runtime: $([ $status -eq 0 ] && echo PASS || echo FAIL)"
exit $status
