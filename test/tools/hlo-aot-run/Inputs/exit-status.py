"""Runs a command and prints its exit status after its output.

lit's shell has no $?, and `not` accepts any failure; the tests of
hlo-aot-run check the exact status (2: no CUDA device).
"""
import subprocess
import sys

status = subprocess.run(sys.argv[1:]).returncode
sys.stdout.flush()
print("exit status", status, flush=True)
