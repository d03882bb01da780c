#!/usr/bin/env bash
# README command 2: install what is missing, build, and run the whole test
# suite (lit regression tests and the GoogleTest unit tests, through lit).
# Ends with a line 'N passed, N failed, N skipped'; exits non-zero on failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="${HLO_BUILD_DIR:-$root/build}"

bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh" all mlir-doc

results="$build/test-results.xml"
rm -f "$results"
status=0
/usr/lib/llvm-22/bin/lit -sv -j "$(nproc)" --xunit-xml-output "$results" \
  "$build/test" "$build/test/Unit" || status=$?

python3 - "$results" <<'PY'
import sys
import xml.etree.ElementTree as ET

root = ET.parse(sys.argv[1]).getroot()
passed = failed = skipped = 0
for case in root.iter("testcase"):
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
    elif case.find("skipped") is not None:
        skipped += 1
    else:
        passed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit $status
