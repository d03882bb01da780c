"""Writes a .npy file whose header claims SHAPE (comma-separated) of float32
but which holds only 16 bytes of data: npy_header.py OUT SHAPE."""
import sys

out, shape = sys.argv[1], sys.argv[2]
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s,), }" % shape
header += " " * (118 - len(header)) + "\n"
with open(out, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little"))
    f.write(header.encode() + b"\0" * 16)
