#!/usr/bin/env bash
# Installs the Debian 12 packages this project builds and tests with: LLVM/MLIR
# 22.1, clang-22, Ninja, CMake, GoogleTest and graphviz (renders the graphs of
# --hlo-dump-to). Idempotent: a no-op when all are present.
set -euo pipefail

packages=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22
          ninja-build cmake libgtest-dev graphviz)
# More packages as arguments (scripts/build-sanitizers.sh: libclang-rt-22-dev,
# clang's sanitizer and libFuzzer runtimes).
packages+=("$@")

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
