"""Damages every compile cache entry of a directory: corrupt.py MODE DIR.

flip: one byte in the middle of the machine code; truncate: the second half
goes; garbage: the whole file becomes random bytes."""
import glob
import os
import random
import sys

mode, directory = sys.argv[1], sys.argv[2]
entries = glob.glob(os.path.join(directory, "*.o.pack"))
assert entries, f"no cache entry in {directory}"
for path in entries:
    data = bytearray(open(path, "rb").read())
    if mode == "flip":
        data[len(data) // 2] ^= 0x40
    elif mode == "truncate":
        data = data[: len(data) // 2]
    else:
        data = bytearray(random.Random(0).randbytes(len(data)))
    open(path, "wb").write(bytes(data))
