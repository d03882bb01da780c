#!/usr/bin/env python3
"""Minimal .npy reading and writing with the standard library only.

Used by tests and benchmarks to make inputs for hlo-runner and to check its
outputs against independent pure-Python references, without needing numpy.

  npy.py write OUT.npy DTYPE SHAPE VALUE...   # SHAPE like 4x8 or "" for rank 0
  npy.py write OUT.npy DTYPE SHAPE --pattern=K  # deterministic values
  npy.py write OUT.npy DTYPE SHAPE --range=LO,HI  # evenly spaced floats
  npy.py print FILE.npy
  npy.py close A.npy B.npy [RTOL [ATOL]]  # same shape, |a - b| <= ATOL + RTOL |b|
"""

import ast
import math
import struct
import sys

# dtype descriptor -> (struct format, kind)
FORMATS = {
    "|b1": ("?", "b"), "|i1": ("b", "i"), "<i2": ("h", "i"), "<i4": ("i", "i"),
    "<i8": ("q", "i"), "|u1": ("B", "u"), "<u2": ("H", "u"), "<u4": ("I", "u"),
    "<u8": ("Q", "u"), "<f2": ("e", "f"), "<f4": ("f", "f"), "<f8": ("d", "f"),
    "<c8": ("ff", "c"), "<c16": ("dd", "c"),
}
ALIASES = {"b1": "|b1", "i1": "|i1", "u1": "|u1", "i8": "<i8", "f4": "<f4",
           "f8": "<f8", "f2": "<f2", "i4": "<i4", "i2": "<i2", "u2": "<u2",
           "u4": "<u4", "u8": "<u8", "c8": "<c8", "c16": "<c16"}


def parse_shape(text):
    return [int(d) for d in text.split("x")] if text else []


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def write(path, descr, shape, values):
    descr = ALIASES.get(descr, descr)
    fmt, kind = FORMATS[descr]
    if len(values) != count(shape):
        raise SystemExit(f"{len(values)} values for shape {shape}")
    shape_text = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_text)
    total = 10 + len(header) + 1
    header += " " * ((64 - total % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        for v in values:
            if kind == "c":
                f.write(struct.pack("<" + fmt, v.real, v.imag))
            else:
                f.write(struct.pack("<" + fmt, v))


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY", "not a .npy file"
    major = data[6]
    if major == 1:
        (hlen,) = struct.unpack("<H", data[8:10])
        start = 10
    else:
        (hlen,) = struct.unpack("<I", data[8:12])
        start = 12
    header = ast.literal_eval(data[start:start + hlen].decode())
    descr = header["descr"]
    fmt, kind = FORMATS[descr]
    shape = list(header["shape"])
    n = count(shape)
    raw = struct.unpack("<" + fmt * n, data[start + hlen:])
    if kind == "c":
        values = [complex(raw[2 * i], raw[2 * i + 1]) for i in range(n)]
    else:
        values = list(raw)
    return descr, shape, values


def pattern_values(descr, n, k):
    """Deterministic, varied values: small integers or floats in [-2, 2)."""
    _, kind = FORMATS[ALIASES.get(descr, descr)]
    out = []
    for i in range(n):
        h = (i * 2654435761 + k * 40503) % 1000003
        if kind == "b":
            out.append(bool(h & 1))
        elif kind in "iu":
            out.append(h % 7 - (3 if kind == "i" else 0))
        else:
            out.append(((h % 4001) - 2000) / 1000.0)
    return out


def parse_value(text, kind):
    if kind == "b":
        return text.lower() in ("1", "true")
    if kind in "iu":
        return int(text, 0)
    if kind == "c":
        return complex(text.replace("i", "j"))
    return float(text)


def main(argv):
    if len(argv) >= 4 and argv[1] == "write":
        path, descr, shape = argv[2], argv[3], parse_shape(argv[4])
        rest = argv[5:]
        _, kind = FORMATS[ALIASES.get(descr, descr)]
        if rest and rest[0].startswith("--pattern="):
            values = pattern_values(descr, count(shape), int(rest[0].split("=")[1]))
        elif rest and rest[0].startswith("--range="):
            low, high = (float(v) for v in rest[0].split("=")[1].split(","))
            n = count(shape)
            values = [low + (high - low) * i / max(n - 1, 1) for i in range(n)]
        else:
            values = [parse_value(v, kind) for v in rest]
        write(path, descr, shape, values)
        return 0
    if len(argv) == 3 and argv[1] == "print":
        descr, shape, values = read(argv[2])
        print(descr, shape, values)
        return 0
    if len(argv) in (4, 5, 6) and argv[1] == "close":
        _, shape_a, a = read(argv[2])
        _, shape_b, b = read(argv[3])
        rtol = float(argv[4]) if len(argv) > 4 else 1e-5
        atol = float(argv[5]) if len(argv) > 5 else 1e-6
        if shape_a != shape_b:
            print("shapes differ: %s and %s" % (shape_a, shape_b))
            return 1
        bad = [i for i, (x, y) in enumerate(zip(a, b))
               if not (x == y or abs(x - y) <= atol + rtol * abs(y))]
        if bad:
            i = bad[0]
            print("%d of %d elements differ; first at %d: %r and %r"
                  % (len(bad), len(a), i, a[i], b[i]))
            return 1
        print("close: %d elements" % len(a))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
