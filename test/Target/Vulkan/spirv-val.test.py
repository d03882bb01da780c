"""Runs spirv-val on every .spv file of a directory; prints how many and
whether all are valid, exits non-zero on the first invalid one (or none)."""
import glob
import os
import subprocess
import sys

files = sorted(glob.glob(os.path.join(sys.argv[1], "*.spv")))
for path in files:
    proc = subprocess.run(["spirv-val", path], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"{os.path.basename(path)}: {proc.stdout}{proc.stderr}")
if not files:
    sys.exit("no SPIR-V modules")
print(f"{len(files)} SPIR-V modules, all valid")
