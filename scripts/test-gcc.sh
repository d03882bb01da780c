#!/usr/bin/env bash
# The whole test suite with the project built by GCC (Debian's default c++,
# GCC 12) instead of clang-22, in build-gcc/: the emitted IR must not depend
# on the host compiler (utils/check_eval_order.py keeps op-creating
# arguments sequenced). Same output as scripts/test.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export HLO_BUILD_DIR="${HLO_BUILD_DIR:-$root/build-gcc}"
export HLO_CC="${HLO_CC:-gcc}"
export HLO_CXX="${HLO_CXX:-g++}"
exec bash "$root/scripts/test.sh"
