#!/usr/bin/env python3
"""ULP sweep: every f32 (and f64) transcendental against a higher-precision
reference, over its whole domain.

For each function, a StableHLO program applying the op to a vector is run
through hlo-runner on inputs that cover the whole domain: a stride through
every bit pattern of the type (so each binade gets the same number of
points, from the smallest subnormal to the largest finite value, both
signs), a random offset inside each stride, and the edge values (zeros,
subnormal and normal limits, infinities, NaN, and per-function points such
as poles and zeros). Results are compared with a reference computed in a
higher precision (f32: float64 through numpy/scipy, exact enough that its
own error is below 2^-28 ULP of f32; f64: mpmath at 40 digits on fewer
points) and the error is measured in ULPs of the result type at the
reference value:

    ulp_error = |result - reference| / ulp(reference)

where ulp(r) is the spacing of the result type at |r| (the subnormal
spacing below the smallest normal). A NaN or infinite reference must be
matched exactly (NaN for NaN, the same infinity). A result the reference
rounds to a subnormal may instead be flushed to a zero of the same sign:
XLA:CPU flushes denormals in its fast paths, and so may we; such points are
counted separately.

The exit status is 1 when any function's maximum error exceeds --max-ulp
(default 3, what issue 22 asks for) or a special value is wrong.

  utils/ulp_sweep.py                         # every f32 function, 2^20 points each
  utils/ulp_sweep.py --points 65536 --filter sinh
  utils/ulp_sweep.py --dtype f64 --points 20000
  utils/ulp_sweep.py --device vulkan          # the same sweep through another device
"""
import argparse
import math
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent


def f64_ref(name):
    """Reference for f32 results: numpy/scipy in float64."""
    import scipy.special as sp  # scipy comes with jax; optional otherwise.

    def lgamma(x):
        # log|gamma(-inf)| is +inf in C99 and XLA; scipy says -inf.
        return np.where(x == -np.inf, np.inf, sp.gammaln(x))

    def zeta(x, q):
        # scipy gives NaN where the first term q^-x alone under- or
        # overflows (huge x): the sum is then 0 or +inf too.
        value = sp.zeta(x, q)
        # XLA's domain: +inf at x = 1 and at every pole q = 0, -1, ...,
        # -inf included (scipy: NaN for some); x < 1 is NaN.
        pole = (q <= 0) & (q == np.floor(q))
        value = np.where(pole & (x >= 1), np.inf, value)
        first = np.power(q, -x)
        vanishing = np.isnan(value) & (x > 1) & (q > 0) & \
            ((first == 0) | np.isinf(first))
        return np.where(vanishing, first, value)
    table = {
        "exponential": np.exp, "exponential_minus_one": np.expm1,
        "log": np.log, "log_plus_one": np.log1p, "logistic": sp.expit,
        "sine": np.sin, "cosine": np.cos, "tan": np.tan, "tanh": np.tanh,
        "sqrt": np.sqrt, "rsqrt": lambda x: 1.0 / np.sqrt(x),
        "cbrt": np.cbrt, "acos": np.arccos, "acosh": np.arccosh,
        "asin": np.arcsin, "asinh": np.arcsinh, "atan": np.arctan,
        "atanh": np.arctanh, "cosh": np.cosh, "sinh": np.sinh,
        "erf": sp.erf, "erfc": sp.erfc, "erf_inv": sp.erfinv,
        "lgamma": lgamma, "digamma": sp.psi, "bessel_i1e": sp.i1e,
        "atan2": np.arctan2, "power": np.power,
        "zeta": zeta,
        "polygamma": lambda n, x: sp.polygamma(n.astype(np.int64), x),
    }
    return table[name]


def mp_ref(name):
    """Reference for f64 results: mpmath at 40 significant digits, for
    finite arguments (reference_values takes those with an infinite or NaN
    argument from f64_ref: C99's special cases, exact)."""
    import mpmath as mp
    mp.mp.dps = 40

    def lgamma(x):
        if x <= 0 and x == math.floor(x):
            return mp.inf
        return mp.log(abs(mp.gamma(x)))

    def digamma(x):
        if x == 0:  # -1/x: the limit from the side of the signed zero.
            return -mp.inf if math.copysign(1, float(x)) > 0 else mp.inf
        if x < 0 and x == math.floor(x):
            return mp.nan
        return mp.digamma(x)

    def erfinv(x):
        if x == 1:
            return mp.inf
        if x == -1:
            return -mp.inf
        if abs(x) > 1:
            return mp.nan
        return mp.erfinv(x)

    def power(x, y):
        if x == 0 or x == 1 or y == 0:
            return float(np.power(np.float64(x), np.float64(y)))
        if x < 0 and y != math.floor(y):
            return mp.nan
        return mp.power(x, y)

    def bessel_i1e(x):
        z = mp.mpf(abs(x))
        if z > 1e4:
            # The asymptotic series (mpmath's besseli fails for huge
            # arguments): its next term is below 2^-200 relative.
            terms = [mp.mpf(1)]
            for k in range(1, 12):
                terms.append(-terms[-1] * (4 - (2 * k - 1) ** 2) / (k * 8 * z))
            value = mp.fsum(terms) / mp.sqrt(2 * mp.pi * z)
        else:
            value = mp.besseli(1, z) * mp.exp(-z)
        return value if x >= 0 else -value

    def zeta(x, q):
        if x == 1:
            return mp.inf
        if x < 1:
            return mp.nan
        if q <= 0 and q == math.floor(q):
            return mp.inf
        if q < 0 and x != math.floor(x):
            return mp.nan
        return mp.zeta(x, q)

    def polygamma(n, x):
        if x <= 0 and x == math.floor(x):
            # (-1)^(n+1) n! zeta(n + 1, pole) = (-1)^(n+1) inf.
            return digamma(x) if n == 0 else (mp.inf if n % 2 else -mp.inf)
        return mp.polygamma(int(n), x)

    def real(fn):
        def wrapped(*args):
            value = fn(*args)
            if isinstance(value, mp.mpc):
                return mp.nan if value.imag != 0 else value.real
            return value
        return wrapped

    table = {
        "exponential": mp.exp, "exponential_minus_one": mp.expm1,
        "log": lambda x: mp.log(x) if x > 0 else (-mp.inf if x == 0 else mp.nan),
        "log_plus_one": lambda x: mp.log1p(x) if x > -1 else (-mp.inf if x == -1 else mp.nan),
        "logistic": lambda x: 1 / (1 + mp.exp(-x)),
        "sine": mp.sin, "cosine": mp.cos, "tan": mp.tan, "tanh": mp.tanh,
        "sqrt": lambda x: mp.sqrt(x) if x >= 0 else mp.nan,
        # 1/sqrt(-0) = 1/-0 = -inf.
        "rsqrt": lambda x: 1 / mp.sqrt(x) if x > 0 else (
            math.copysign(math.inf, x) if x == 0 else mp.nan),
        # The real cube root (mpmath's is the principal complex one).
        "cbrt": lambda x: math.copysign(1, x) * mp.cbrt(abs(x)), "acos": mp.acos, "acosh": mp.acosh,
        "asin": mp.asin, "asinh": mp.asinh, "atan": mp.atan,
        "atanh": mp.atanh, "cosh": mp.cosh, "sinh": mp.sinh,
        # mpmath's erfc overflows computing its series bound for huge |x|,
        # where erfc is 0 or 2 in any precision.
        "erf": mp.erf,
        "erfc": lambda x: mp.erfc(x) if abs(x) < 1e6 else (0 if x > 0 else 2),
        "erf_inv": erfinv,
        "lgamma": lgamma, "digamma": digamma,
        "bessel_i1e": bessel_i1e,
        "atan2": mp.atan2, "power": power,
        "zeta": zeta, "polygamma": polygamma,
    }
    return real(table[name])


# name -> (op, arity, domain): `op` is the StableHLO or CHLO op; `domain`
# the interval of inputs worth sampling densely (None: every finite value;
# points outside are still covered by the edge values).
FUNCTIONS = {
    "exponential": ("stablehlo.exponential", 1, None),
    "exponential_minus_one": ("stablehlo.exponential_minus_one", 1, None),
    "log": ("stablehlo.log", 1, (0.0, math.inf)),
    "log_plus_one": ("stablehlo.log_plus_one", 1, (-1.0, math.inf)),
    "logistic": ("stablehlo.logistic", 1, None),
    "sine": ("stablehlo.sine", 1, None),
    "cosine": ("stablehlo.cosine", 1, None),
    "tan": ("stablehlo.tan", 1, None),
    "tanh": ("stablehlo.tanh", 1, None),
    "sqrt": ("stablehlo.sqrt", 1, (0.0, math.inf)),
    "rsqrt": ("stablehlo.rsqrt", 1, (0.0, math.inf)),
    "cbrt": ("stablehlo.cbrt", 1, None),
    "acos": ("chlo.acos", 1, (-1.0, 1.0)),
    "acosh": ("chlo.acosh", 1, (1.0, math.inf)),
    "asin": ("chlo.asin", 1, (-1.0, 1.0)),
    "asinh": ("chlo.asinh", 1, None),
    "atan": ("chlo.atan", 1, None),
    "atanh": ("chlo.atanh", 1, (-1.0, 1.0)),
    "cosh": ("chlo.cosh", 1, None),
    "sinh": ("chlo.sinh", 1, None),
    "erf": ("chlo.erf", 1, None),
    "erfc": ("chlo.erfc", 1, None),
    "erf_inv": ("chlo.erf_inv", 1, (-1.0, 1.0)),
    "lgamma": ("chlo.lgamma", 1, None),
    "digamma": ("chlo.digamma", 1, None),
    "bessel_i1e": ("chlo.bessel_i1e", 1, None),
    "atan2": ("stablehlo.atan2", 2, None),
    "power": ("stablehlo.power", 2, None),
    # The first operand is the order n (0 to 5) for polygamma (x > 0), the
    # exponent x > 1 for zeta (its second operand q > 0): see
    # binary_inputs.
    "polygamma": ("chlo.polygamma", 2, None),
    "zeta": ("chlo.zeta", 2, (0.0, math.inf)),
}

# Per-function points where errors concentrate: zeros, poles, branch points.
SPECIAL_POINTS = {
    "sine": [math.pi, 2 * math.pi, 1e4 * math.pi, 3.0e38],
    "cosine": [math.pi / 2, 3 * math.pi / 2, 1e4 * math.pi + math.pi / 2],
    "tan": [math.pi / 2, math.pi, 1e4 * math.pi],
    "lgamma": [1.0, 2.0, -2.5, -0.5, 0.5, -1e-30, 1e-30, -2.4570247, -2.7476826],
    "digamma": [1.4616321449683622, -0.5040830082644554, -1.5734984731623,
                -2.5856722, 0.5],
    "log": [1.0, 1.0 - 2**-24, 1.0 + 2**-23],
    "log_plus_one": [-1.0 + 2**-24, -0.5, 1e-30],
    "exponential_minus_one": [-1e-30, 1e-30, 88.72],
    "sinh": [3000.0, -3000.0, 89.41598, 710.0],
    "cosh": [89.41598, -89.41598, 710.0],
    "acos": [1.0, -1.0, 1 - 2**-24],
    "asin": [1.0, -1.0, 1 - 2**-24],
    "atanh": [1 - 2**-24, -1 + 2**-24],
    "erf_inv": [1 - 2**-24, -1 + 2**-24, 1e-30],
    "erfc": [10.05, 26.5, -3.0],
}

TYPES = {
    "f32": dict(np_type=np.float32, bits=np.uint32, width=32, mantissa=23,
                min_exp=-126, mlir="f32"),
    "f64": dict(np_type=np.float64, bits=np.uint64, width=64, mantissa=52,
                min_exp=-1022, mlir="f64"),
}


def sweep_inputs(dtype, count, domain, rng):
    """`count` values of `dtype` covering every binade (see the module doc),
    kept inside `domain`, plus the edge values."""
    t = TYPES[dtype]
    space = 1 << t["width"]
    stride = space // count
    base = np.arange(count, dtype=np.float64) * stride
    offsets = rng.integers(0, stride, size=count, dtype=np.uint64)
    patterns = (base.astype(np.uint64) + offsets).astype(t["bits"])
    values = patterns.view(t["np_type"])
    values = values[np.isfinite(values)]
    if domain is not None:
        # Both signs of every sampled magnitude that the domain holds: its
        # binades get the density the whole line has.
        low, high = domain
        magnitudes = np.abs(values)
        values = np.concatenate([
            magnitudes[(magnitudes >= low) & (magnitudes <= high)],
            -magnitudes[(-magnitudes >= low) & (-magnitudes <= high)]])
    info = np.finfo(t["np_type"])
    edges = [0.0, -0.0, info.tiny, -info.tiny, info.smallest_subnormal,
             -info.smallest_subnormal, info.max, -info.max, 1.0, -1.0,
             math.inf, -math.inf, math.nan, 0.5, -0.5, 2.0, 10.0, -10.0]
    return np.concatenate([values, np.array(edges, dtype=t["np_type"])])


def binary_inputs(name, dtype, points, domain, rng):
    """Two operands covering the function's domain, paired at random."""
    np_type = TYPES[dtype]["np_type"]
    if name == "polygamma":
        # Positive x: for negative x the Euler-Maclaurin sum starts too
        # close to the poles (XLA's algorithm; not claimed accurate there).
        x = sweep_inputs(dtype, points, (0.0, math.inf), rng)
        n = rng.integers(0, 6, size=x.size).astype(np_type)
        return [n, x]
    if name == "zeta":
        q = sweep_inputs(dtype, points, domain, rng)
        # Exponents from just above 1 to far beyond where q^-x under- or
        # overflows: every binade above 1.
        x = sweep_inputs(dtype, points, (1.0, math.inf), rng)
        x = x[x > 1]
        x = np.resize(x, q.size)
        rng.shuffle(x)
        return [x, q]
    a = sweep_inputs(dtype, points, domain, rng)
    b = sweep_inputs(dtype, points, domain, rng)
    rng.shuffle(b)
    n = min(a.size, b.size)
    return [a[:n], b[:n]]


def program(op, arity, dtype, n):
    ty = f"tensor<{n}x{TYPES[dtype]['mlir']}>"
    args = ", ".join(f"%a{i}: {ty}" for i in range(arity))
    operands = ", ".join(f"%a{i}" for i in range(arity))
    operand_types = ", ".join([ty] * arity)
    return (f"func.func @main({args}) -> {ty} {{\n"
            f"  %0 = \"{op}\"({operands}) : ({operand_types}) -> {ty}\n"
            f"  return %0 : {ty}\n}}\n")


def run_program(runner, device, text, inputs, work):
    source = os.path.join(work, "sweep.mlir")
    with open(source, "w") as f:
        f.write(text)
    paths = []
    for i, value in enumerate(inputs):
        path = os.path.join(work, f"input{i}.npy")
        np.save(path, value)
        paths.append(path)
    out = os.path.join(work, "out")
    command = [runner, source, f"--output={out}", f"--device={device}"]
    command += [f"--input={p}" for p in paths]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1]
                           if done.stderr.strip() else f"exit {done.returncode}")
    return np.load(os.path.join(out, "result0.npy"))


def reference_values(name, dtype, inputs):
    if dtype == "f32":
        wide = [x.astype(np.float64) for x in inputs]
        with np.errstate(all="ignore"):
            return np.asarray(f64_ref(name)(*wide), dtype=np.float64), None
    fn = mp_ref(name)
    values = []
    special = f64_ref(name)
    for args in zip(*[x.tolist() for x in inputs]):
        if not all(math.isfinite(a) for a in args):
            # Infinite and NaN arguments: C99's special cases (numpy and
            # scipy follow them), whose results are exact.
            with np.errstate(all="ignore"):
                values.append(float(special(*[np.float64(a) for a in args])))
            continue
        try:
            # Python floats: mpf would lose the sign of a zero.
            v = fn(*args)
        except (ValueError, ZeroDivisionError):
            v = math.nan
        values.append(v)
    return None, values


def ulp_errors(dtype, result, ref64, ref_mp):
    """Per point: the error in ULPs (inf where a special value is wrong),
    and whether the point is a flushed subnormal."""
    t = TYPES[dtype]
    np_type = t["np_type"]
    n = result.size
    if ref64 is not None:
        ref = ref64
        with np.errstate(over="ignore"):
            rounded = ref.astype(np_type)
        with np.errstate(all="ignore"):
            exponent = np.floor(np.log2(np.abs(ref)))
        exponent = np.where(np.isfinite(exponent), exponent, t["min_exp"])
        exponent = np.maximum(exponent, t["min_exp"])
        ulp = np.exp2(exponent - t["mantissa"])
        with np.errstate(all="ignore"):
            err = np.abs(result.astype(np.float64) - ref) / ulp
        special = ~np.isfinite(rounded)
        special_ok = (np.isnan(rounded) & np.isnan(result)) | (rounded == result)
        err = np.where(special, np.where(special_ok, 0.0, np.inf), err)
        # A finite reference past the largest finite value rounds to
        # infinity; a result of that infinity is right.
        subnormal = (np.abs(ref) < np.finfo(np_type).tiny) & (ref != 0)
        flushed = subnormal & (result == 0) & (err > 0)
        err = np.where(np.isnan(result) & ~np.isnan(rounded), np.inf, err)
        return err, flushed
    import mpmath as mp
    err = np.zeros(n)
    flushed = np.zeros(n, dtype=bool)
    tiny = np.finfo(np_type).tiny
    for i, (y, r) in enumerate(zip(result.tolist(), ref_mp)):
        if mp.isnan(r):  # mpmath's isnan takes Python floats and ints too.
            err[i] = 0.0 if math.isnan(y) else math.inf
            continue
        rounded = float(r) if not mp.isinf(r) else (math.inf if r > 0 else -math.inf)
        if math.isinf(rounded):
            err[i] = 0.0 if y == rounded else math.inf
            continue
        if math.isnan(y) or math.isinf(y):
            err[i] = math.inf
            continue
        exponent = max(int(mp.floor(mp.log(abs(r), 2))) if r != 0 else t["min_exp"],
                       t["min_exp"])
        ulp = mp.mpf(2) ** (exponent - t["mantissa"])
        err[i] = float(abs(mp.mpf(y) - r) / ulp)
        if 0 < abs(rounded) < tiny and y == 0:
            flushed[i] = True
    return err, flushed


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runner", default=str(ROOT / "build/bin/hlo-runner"))
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--dtype", choices=sorted(TYPES), default="f32")
    parser.add_argument("--points", type=int, default=None,
                        help="points per function (default: 2^20 for f32, 4096 for f64)")
    parser.add_argument("--filter", default=None,
                        help="only functions whose name contains this")
    parser.add_argument("--exclude", default="",
                        help="comma-separated functions to leave out")
    parser.add_argument("--max-ulp", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worst", type=int, default=1,
                        help="worst inputs listed per function")
    args = parser.parse_args()
    points = args.points or (1 << 20 if args.dtype == "f32" else 4096)
    if args.dtype == "f32":
        try:
            import scipy.special  # noqa: F401
        except ImportError:
            print("ulp_sweep: skipped: the f32 references need scipy")
            return 0
    else:
        try:
            import mpmath  # noqa: F401
        except ImportError:
            print("ulp_sweep: skipped: the f64 references need mpmath")
            return 0

    failed = []
    print(f"{'function':<24}{'points':>9}{'max ulp':>12}{'> max':>8}"
          f"{'flushed':>9}  worst input")
    with tempfile.TemporaryDirectory() as work:
        for name, (op, arity, domain) in FUNCTIONS.items():
            if args.filter and args.filter not in name:
                continue
            if name in args.exclude.split(","):
                continue
            rng = np.random.default_rng(args.seed)
            if arity == 1:
                x = sweep_inputs(args.dtype, points, domain, rng)
                specials = np.array(SPECIAL_POINTS.get(name, []),
                                    dtype=TYPES[args.dtype]["np_type"])
                inputs = [np.concatenate([x, specials])]
            else:
                inputs = binary_inputs(name, args.dtype, points, domain, rng)
            text = program(op, arity, args.dtype, inputs[0].size)
            try:
                result = run_program(args.runner, args.device, text, inputs, work)
            except RuntimeError as e:
                print(f"{name:<24}{inputs[0].size:>9}  error: {e}")
                failed.append(name)
                continue
            ref64, ref_mp = reference_values(name, args.dtype, inputs)
            err, flushed = ulp_errors(args.dtype, result, ref64, ref_mp)
            err = np.where(flushed, 0.0, err)
            worst = np.argsort(-err, kind="stable")[:args.worst]
            over = int(np.count_nonzero(err > args.max_ulp))
            where = ", ".join(
                "(" + ", ".join(repr(float(v[i])) for v in inputs) + ")" +
                f" -> {float(result[i])!r} want {float(ref64[i]) if ref64 is not None else float(ref_mp[i])!r}"
                for i in worst)
            print(f"{name:<24}{inputs[0].size:>9}{float(err.max()):>12.3g}{over:>8}"
                  f"{int(flushed.sum()):>9}  {where}", flush=True)
            if over:
                failed.append(name)
    if failed:
        print(f"over {args.max_ulp:g} ULP or failed: {', '.join(failed)}")
        return 1
    print(f"every function within {args.max_ulp:g} ULP")
    return 0


if __name__ == "__main__":
    sys.exit(main())
