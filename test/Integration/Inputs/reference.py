#!/usr/bin/env python3
"""Independent pure-Python references for execution tests.

  reference.py seed [--abs=T] P0 P1 P2 RESULT
      # relu(P0 @ P1 + P2), P2 full or a row; absolute tolerance T (1e-6)
  reference.py softmax X RESULT       # softmax over the last dimension
  reference.py causal_softmax X RESULT
      # softmax over the last dimension of X / 4 with element (i, j) of
      # every matrix of the two minor dimensions replaced by -1e9 where
      # j > i (attention's causal mask)
  reference.py layernorm X G B RESULT # (x - mean) / sqrt(var + 1e-5) * g + b
                                      # over the last dimension
  reference.py values RESULT SHAPE V0 V1 ...
      # RESULT has shape SHAPE (like 4x8) and the values V0 V1 ... (row-
      # major), values another implementation computed (XLA:CPU, for tests
      # generated with JAX)
  reference.py map [--ulp=N] "LAMBDA" RESULT INPUT...
      # RESULT[i] == LAMBDA(INPUT0[i], INPUT1[i], ...), computed in double
      # precision (Python's math module), rounded to the result's float
      # width, within N units in the last place (default 0: exact). NaNs
      # must match NaNs. Integer results compare exactly. With --abs=T,
      # |actual - expected| <= T instead (complex values too).

Computes the expected result in double precision from the same .npy inputs
the runner got, compares it with the runner's RESULT (relative tolerance
1e-5 plus 1e-6 absolute) and reports the maximum error; exits 1 on mismatch.
"""

import cmath
import math
import os
import statistics
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "utils"))
import npy  # noqa: E402


def matmul(a, a_shape, b, b_shape):
    m, k = a_shape
    k2, n = b_shape
    assert k == k2
    out = [0.0] * (m * n)
    for i in range(m):
        for j in range(n):
            s = 0.0
            for p in range(k):
                s += a[i * k + p] * b[p * n + j]
            out[i * n + j] = s
    return out, [m, n]


def compare(expected, actual, rtol=1e-5, atol=1e-6):
    worst = 0.0
    first_bad = None
    for i, (e, a) in enumerate(zip(expected, actual)):
        err = abs(e - a)
        worst = max(worst, err)
        if err > atol + rtol * abs(e) and first_bad is None:
            first_bad = (i, e, a)
    print(f"max abs error {worst:.3g} over {len(expected)} elements")
    if len(expected) != len(actual):
        print(f"MISMATCH: {len(expected)} expected values, {len(actual)} found")
        return 1
    if first_bad:
        i, e, a = first_bad
        print(f"MISMATCH at flat index {i}: expected {e}, found {a}")
        return 1
    print("MATCH")
    return 0


def seed(p0, p1, p2, result, atol=1e-6):
    _, s0, a = npy.read(p0)
    _, s1, b = npy.read(p1)
    _, s2, c = npy.read(p2)
    _, sr, r = npy.read(result)
    prod, shape = matmul(a, s0, b, s1)
    assert shape == sr, (shape, sr)
    if s2 == shape[1:]:
        c = c * shape[0]  # a bias over the columns, the same for every row
    assert len(c) == len(prod), (shape, s2)
    expected = [max(x + y, 0.0) for x, y in zip(prod, c)]
    return compare(expected, r, atol=atol)


def rows(values, shape):
    n = shape[-1]
    return [values[i:i + n] for i in range(0, len(values), n)]


def softmax(x_path, result):
    _, shape, x = npy.read(x_path)
    _, rshape, r = npy.read(result)
    assert shape == rshape, (shape, rshape)
    expected = []
    for row in rows(x, shape):
        m = max(row)
        e = [math.exp(v - m) for v in row]
        s = sum(e)
        expected += [v / s for v in e]
    return compare(expected, r)


def causal_softmax(x_path, result):
    _, shape, x = npy.read(x_path)
    _, rshape, r = npy.read(result)
    assert shape == rshape, (shape, rshape)
    expected = []
    for index, row in enumerate(rows(x, shape)):
        i = index % shape[-2]
        row = [v / 4.0 if j <= i else -1e9 for j, v in enumerate(row)]
        m = max(row)
        e = [math.exp(v - m) for v in row]
        s = sum(e)
        expected += [v / s for v in e]
    return compare(expected, r)


def layernorm(x_path, g_path, b_path, result):
    _, shape, x = npy.read(x_path)
    _, _, g = npy.read(g_path)
    _, _, b = npy.read(b_path)
    _, rshape, r = npy.read(result)
    assert shape == rshape, (shape, rshape)
    expected = []
    for row in rows(x, shape):
        mean = sum(row) / len(row)
        var = sum((v - mean) ** 2 for v in row) / len(row)
        inv = 1.0 / math.sqrt(var + 1e-5)
        expected += [(v - mean) * inv * gv + bv
                     for v, gv, bv in zip(row, g, b)]
    return compare(expected, r, rtol=1e-4, atol=1e-5)


def to_f32(x):
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def ulp_distance(a, b, f32):
    """Distance in units in the last place between two floats."""
    fmt, ifmt = ("<f", "<i") if f32 else ("<d", "<q")
    def key(v):
        (i,) = struct.unpack(ifmt, struct.pack(fmt, v))
        return i if i >= 0 else -(i & (0x7FFFFFFF if f32 else 0x7FFFFFFFFFFFFFFF))
    return abs(key(a) - key(b))


# IEEE-style helpers for lambdas (Python raises where IEEE gives inf/nan).
def fdiv(x, y):
    if y == 0:
        if x == 0 or math.isnan(x):
            return math.nan
        return math.copysign(math.inf, x) * math.copysign(1.0, y)
    return x / y


def flog(x):
    if x == 0:
        return -math.inf
    return math.log(x) if x > 0 or math.isnan(x) else math.nan


def fmax(x, y):
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if x == y == 0:
        return x if math.copysign(1, x) > 0 else y
    return max(x, y)


def fmin(x, y):
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if x == y == 0:
        return x if math.copysign(1, x) < 0 else y
    return min(x, y)


def fsign(x):
    if math.isnan(x) or x == 0:
        return x
    return math.copysign(1.0, x)


def round_afz(x):
    if math.isnan(x) or math.isinf(x):
        return x
    r = math.floor(abs(x) + 0.5)
    return math.copysign(r, x)


def logistic(x):
    if x == -math.inf:
        return 0.0
    if x < -700:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def erfinv(y):
    """The inverse error function through the normal quantile function."""
    if y == 1 or y == -1:
        return math.copysign(math.inf, y)
    if abs(y) > 1:
        return math.nan
    if y == 0:
        return y
    return statistics.NormalDist().inv_cdf((y + 1) / 2) / math.sqrt(2)


def digamma(x):
    """Recurrence up to x >= 10, then the asymptotic (Bernoulli) series;
    reflection below 1/2. NaN at non-positive integers except -inf at 0."""
    if x == 0:
        return -math.inf
    if x < 0 and x == math.floor(x):
        return math.nan
    if x < 0.5:
        return digamma(1 - x) - math.pi / math.tan(math.pi * x)
    acc = 0.0
    while x < 10:
        acc -= 1 / x
        x += 1
    x2 = 1 / (x * x)
    series = x2 * (1 / 12 - x2 * (1 / 120 - x2 * (1 / 252 - x2 * (
        1 / 240 - x2 * (1 / 132)))))
    return acc + math.log(x) - 0.5 / x - series


def i1e(x):
    """exp(-|x|) I1(x) from the power series of I1 (enough terms to converge
    in double precision for |x| <= 50)."""
    term = x / 2
    total = term
    k = 0
    while abs(term) > 1e-17 * abs(total):
        k += 1
        term *= (x / 2) ** 2 / (k * (k + 1))
        total += term
    return total * math.exp(-abs(x))


def nextafter32(x, y):
    """nextafter on float32 values (bit-pattern step)."""
    if math.isnan(x) or math.isnan(y):
        return math.nan
    if x == y:
        return y
    if x == 0:
        return math.copysign(struct.unpack("<f", struct.pack("<I", 1))[0], y)
    bits = struct.unpack("<i", struct.pack("<f", x))[0]
    bits += 1 if (y > x) == (x > 0) else -1
    return struct.unpack("<f", struct.pack("<i", bits))[0]


HELPERS = {"math": math, "inf": math.inf, "nan": math.nan, "fdiv": fdiv,
           "flog": flog, "fmax": fmax, "fmin": fmin, "fsign": fsign,
           "round_afz": round_afz, "logistic": logistic, "erfinv": erfinv,
           "digamma": digamma, "i1e": i1e, "nextafter32": nextafter32,
           "cmath": cmath}


def values_check(result, shape_text, expected_text):
    _, shape, actual = npy.read(result)
    expected_shape = [int(d) for d in shape_text.split("x")] if shape_text else []
    if list(shape) != expected_shape:
        print(f"MISMATCH: shape {list(shape)}, expected {expected_shape}")
        return 1
    return compare([float(v.rstrip(",")) for v in expected_text], actual)


def map_check(argv):
    ulp = 0
    abs_tol = None
    while argv and argv[0].startswith("--"):
        if argv[0].startswith("--ulp="):
            ulp = int(argv[0].split("=")[1])
        elif argv[0].startswith("--abs="):
            abs_tol = float(argv[0].split("=")[1])
        argv = argv[1:]
    fn = eval(argv[0], dict(HELPERS))
    descr, shape, actual = npy.read(argv[1])
    inputs = [npy.read(p)[2] for p in argv[2:]]
    f32 = descr in ("<f4", "<f2")
    bad = 0
    for i, a in enumerate(actual):
        args = [inp[i] if len(inp) > 1 else inp[0] for inp in inputs]
        try:
            e = fn(*args)
        except (ValueError, ZeroDivisionError, OverflowError):
            e = math.nan
        if abs_tol is not None:
            same = abs(complex(a) - complex(e)) <= abs_tol
        elif isinstance(a, float):
            e = float(e)
            if f32:
                e = to_f32(e)
            same = (math.isnan(a) and math.isnan(e)) or a == e or (
                not math.isnan(a) and not math.isnan(e) and
                not math.isinf(a) and not math.isinf(e) and
                ulp_distance(a, e, f32) <= ulp)
        else:
            same = a == e
        if not same:
            bad += 1
            if bad <= 5:
                print(f"MISMATCH at flat index {i}: args {args}: expected {e}, found {a}")
    print(f"{len(actual) - bad} of {len(actual)} elements match")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "values":
        sys.exit(values_check(sys.argv[2], sys.argv[3], sys.argv[4:]))
    if len(sys.argv) >= 4 and sys.argv[1] == "map":
        sys.exit(map_check(sys.argv[2:]))
    if len(sys.argv) == 6 and sys.argv[1] == "seed":
        sys.exit(seed(*sys.argv[2:]))
    if len(sys.argv) == 7 and sys.argv[1] == "seed" and \
            sys.argv[2].startswith("--abs="):
        sys.exit(seed(*sys.argv[3:], atol=float(sys.argv[2][6:])))
    if len(sys.argv) == 4 and sys.argv[1] == "softmax":
        sys.exit(softmax(*sys.argv[2:]))
    if len(sys.argv) == 4 and sys.argv[1] == "causal_softmax":
        sys.exit(causal_softmax(*sys.argv[2:]))
    if len(sys.argv) == 6 and sys.argv[1] == "layernorm":
        sys.exit(layernorm(*sys.argv[2:]))
    print(__doc__)
    sys.exit(2)
