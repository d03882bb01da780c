"""Compares the results (DIR/result<N>.npy) of a program run on two devices:
integers exactly, floats within a tolerance of their type scaled by the
largest magnitude of the reference result (sums may be reordered). bf16
results (numpy's '<V2') are compared as float32. Prints one line per result
and a summary; exits non-zero on the first mismatch."""
import glob
import os
import sys

import numpy as np

TOLERANCE = {"float16": 2e-3, "bfloat16": 1.6e-2, "float32": 2e-6,
             "float64": 1e-13}


def load(path):
    value = np.load(path)
    if value.dtype == np.dtype("V2"):
        bits = value.view(np.uint16).astype(np.uint32) << 16
        return bits.view(np.float32), "bfloat16"
    return value, value.dtype.name


reference_dir, tested_dir = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(reference_dir, "result*.npy")),
               key=lambda p: int(os.path.basename(p)[6:-4]))
if not files:
    sys.exit("no results")
for path in files:
    name = os.path.basename(path)
    expected, kind = load(path)
    actual, actual_kind = load(os.path.join(tested_dir, name))
    if kind != actual_kind or expected.shape != actual.shape:
        sys.exit(f"{name}: {actual_kind}{list(actual.shape)} differs from "
                 f"the reference's {kind}{list(expected.shape)}")
    if not np.any(expected):
        sys.exit(f"{name}: the reference is all zeros (a weak test)")
    if kind in TOLERANCE:
        scale = float(np.max(np.abs(expected.astype(np.float64))))
        error = float(np.max(np.abs(actual.astype(np.float64) -
                                    expected.astype(np.float64))))
        if not error <= TOLERANCE[kind] * scale:
            sys.exit(f"{name} ({kind}{list(expected.shape)}): max error "
                     f"{error:g} > {TOLERANCE[kind]:g} * {scale:g}")
    elif not np.array_equal(expected, actual):
        sys.exit(f"{name} ({kind}{list(expected.shape)}): differs")
    print(f"{name}: {kind}{list(expected.shape)} matches")
print(f"{len(files)} results match")
