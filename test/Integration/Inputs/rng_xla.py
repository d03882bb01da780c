#!/usr/bin/env python3
"""Self-checking rng_bit_generator programs whose expected values are XLA's.

  rng_xla.py fixed              # the cases of ../rng-bit-generator.mlir
  rng_xla.py random N [SEED]    # N random (algorithm, state, shape, dtype)

prints a StableHLO program whose @main runs each case's
`stablehlo.rng_bit_generator` on a constant state and checks the output
state and the output bits with `check.expect_eq` against constants. The
expected values are computed twice: by XLA:CPU (the StableHLO text of each
case compiled and run through JAX's XLA client, which also takes the
3-element Philox states and signed outputs that `jax.lax.rng_bit_generator`
refuses) and by the pure-numpy restatement of xla/hlo/builder/lib/prng.cc
below; the script fails if they differ. Without JAX it uses the numpy
reference only (and says so in the output's header).

For signed and float outputs XLA:CPU hands back the unsigned array of the
same bits; they are compared as bytes. In the program, signed and float
outputs are checked as their bit patterns (bitcast to the unsigned type of
their width), so NaN patterns compare too.
"""

import random
import sys

import numpy as np

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1

# --------------------------------------------------------------------------
# The numpy reference (Threefry-2x32-20, Philox-4x32-10 and XLA's layouts).


def rotl(v, r):
    return ((v << np.uint32(r)) | (v >> np.uint32(32 - r))).astype(np.uint32)


def threefry2x32(x0, x1, k0, k1):
    x0 = np.asarray(x0, np.uint32).copy()
    x1 = np.asarray(x1, np.uint32).copy()
    k0, k1 = np.uint32(k0), np.uint32(k1)
    ks = [k0, k1, np.uint32(0x1BD11BDA) ^ k0 ^ k1]
    rot = [13, 15, 26, 6, 17, 29, 16, 24]
    with np.errstate(over="ignore"):
        x0 = x0 + ks[0]
        x1 = x1 + ks[1]
        for g in range(5):
            for r in range(4):
                x0 = x0 + x1
                x1 = x0 ^ rotl(x1, rot[(g % 2) * 4 + r])
            x0 = x0 + ks[(g + 1) % 3]
            x1 = x1 + ks[(g + 2) % 3] + np.uint32(g + 1)
    return x0, x1


def philox4x32(x, k0, k1):
    x = [np.asarray(v, np.uint32).astype(np.uint64) for v in x]
    k0, k1 = np.uint64(k0), np.uint64(k1)
    m = np.uint64(M32)
    for r in range(10):
        if r:
            k0 = (k0 + np.uint64(0x9E3779B9)) & m
            k1 = (k1 + np.uint64(0xBB67AE85)) & m
        p0 = x[0] * np.uint64(0xD2511F53)
        p1 = x[2] * np.uint64(0xCD9E8D57)
        x = [(p1 >> np.uint64(32)) ^ x[1] ^ k0, p1 & m,
             (p0 >> np.uint64(32)) ^ x[3] ^ k1, p0 & m]
    return [v.astype(np.uint32) for v in x]


def split_halves(shape):
    shape = list(shape) or [1]
    dim = next((i for i, d in enumerate(shape) if d % 2 == 0), None)
    if dim is None:
        dim = max(range(len(shape)), key=lambda i: (shape[i], -i))
    half = shape[:dim] + [(shape[dim] + 1) // 2, 1] + shape[dim + 1:]
    return dim, half


def combine(o0, o1, dim, half, shape):
    a = np.concatenate([o0.reshape(half), o1.reshape(half)], axis=dim + 1)
    s = list(shape) or [1]
    padded = list(s)
    padded[dim] = (s[dim] + 1) // 2 * 2
    a = a.reshape(padded)[tuple(slice(0, d) for d in s)]
    return a.reshape(shape)


def words(u64):
    u64 = np.asarray(u64, np.uint64)
    return ((u64 & np.uint64(M32)).astype(np.uint32),
            (u64 >> np.uint64(32)).astype(np.uint32))


def join(lo, hi):
    return lo.astype(np.uint64) | (hi.astype(np.uint64) << np.uint64(32))


def reference_bits(alg, state, shape, width):
    key = state[0]
    k0, k1 = key & M32, key >> 32
    count = int(np.prod(shape)) if shape else 1
    if count == 0:
        return list(state), np.zeros(shape, np.uint64 if width == 64 else np.uint32)
    if alg == "THREE_FRY":
        if width == 64:
            n = count
        else:
            dim, half = split_halves(shape)
            n = int(np.prod(half))
        ctr = np.array([(state[1] + i) & M64 for i in range(n)], np.uint64)
        o0, o1 = threefry2x32(*words(ctr), k0, k1)
        if width == 64:
            out = join(o0, o1).reshape(shape)
        else:
            out = combine(o0, o1, dim, half, shape)
        return [key, (state[1] + n) & M64], out
    lo = state[1]
    hi = state[2] if len(state) >= 3 else key
    n = ((2 * count if width == 64 else count) + 3) // 4
    base = (hi << 64) | lo
    ctr = [(base + i) & ((1 << 128) - 1) for i in range(n)]
    los = np.array([c & M64 for c in ctr], np.uint64)
    his = np.array([c >> 64 for c in ctr], np.uint64)
    o = philox4x32([*words(los), *words(his)], k0, k1)
    if width == 64:
        parts = [join(o[0], o[1]), join(o[2], o[3])]
    else:
        parts = o
    flat = np.stack(parts, axis=1).reshape(-1)[:count]
    new = (base + n) & ((1 << 128) - 1)
    new_state = [key, new & M64] + ([new >> 64] if len(state) >= 3 else [])
    return new_state, flat.reshape(shape)


def reference(alg, state, shape, dtype):
    """(output_state, output) of rng_bit_generator as XLA computes them."""
    dtype = np.dtype(dtype)
    width = dtype.itemsize * 8
    if alg == "DEFAULT":
        alg = "PHILOX"  # XLA:CPU's default
    new_state, bits = reference_bits(alg, state, shape, 64 if width == 64 else 32)
    if width < 32:
        bits = bits.astype(np.dtype("u%d" % dtype.itemsize))
    return np.array(new_state, np.uint64), bits.view(dtype)


# --------------------------------------------------------------------------
# XLA:CPU, through JAX's XLA client.

MLIR_TYPES = {"uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
              "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
              "float16": "f16", "bfloat16": "bf16", "float32": "f32",
              "float64": "f64"}


def tensor(shape, dtype):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), MLIR_TYPES[dtype])


def xla_run(case):
    import jax
    import jax.extend
    from jax._src.lib import xla_client
    jax.config.update("jax_enable_x64", True)
    alg, state, shape, dtype = case
    st = "tensor<%dxui64>" % len(state)
    out = tensor(shape, dtype)
    text = ("module @m {\n  func.func public @main(%%s: %s) -> (%s, %s) {\n"
            "    %%0, %%1 = stablehlo.rng_bit_generator %%s, algorithm = %s"
            " : (%s) -> (%s, %s)\n    return %%0, %%1 : %s, %s\n  }\n}\n"
            % (st, st, out, alg, st, st, out, st, out))
    backend = jax.extend.backend.get_backend("cpu")
    exe = backend.compile_and_load(text, backend.devices()[:1],
                                   xla_client.CompileOptions())
    arg = jax.device_put(np.array(state, np.uint64), backend.devices()[0])
    results = exe.execute_sharded([arg]).disassemble_into_single_device_arrays()
    return np.asarray(results[0][0]), np.asarray(results[1][0])


def have_jax():
    try:
        import jax  # noqa: F401
        return True
    except ImportError:
        return False


# --------------------------------------------------------------------------
# Cases and the program.

FIXED = [
    # (algorithm, state, shape, dtype)
    ("THREE_FRY", [1, 2], (2, 2), "uint64"),  # the spec's example
    ("THREE_FRY", [0x0123456789ABCDEF, 42], (3, 5), "uint32"),
    ("THREE_FRY", [7, M64 - 1], (5,), "uint64"),  # counter wraps
    ("THREE_FRY", [5, 6], (), "uint32"),
    ("THREE_FRY", [5, 6], (4, 3), "uint32"),
    ("THREE_FRY", [99, 100], (2, 3, 2), "uint16"),
    ("THREE_FRY", [M64, M64], (7,), "uint8"),
    ("THREE_FRY", [11, 12], (3, 2), "int32"),
    ("THREE_FRY", [13, 14], (3,), "float32"),
    ("THREE_FRY", [15, 16], (2,), "float64"),
    ("PHILOX", [1, 2], (5,), "uint32"),
    ("PHILOX", [1, M64, 7], (3, 5), "uint32"),  # carry into the high word
    ("PHILOX", [3, M64, M64], (6,), "uint64"),  # 128-bit counter wraps
    ("PHILOX", [0xDEADBEEF, 5], (3, 3), "uint64"),
    ("PHILOX", [0xDEADBEEF, 5, 9], (), "uint64"),
    ("PHILOX", [21, 22], (2, 5), "uint16"),
    ("PHILOX", [23, 24, 25], (9,), "uint8"),
    ("PHILOX", [26, 27], (4,), "int64"),
    ("PHILOX", [28, 29], (3, 2), "float16"),
    ("DEFAULT", [1, 2], (7,), "uint32"),
    ("DEFAULT", [30, 31, 32], (2, 2), "uint64"),
    ("DEFAULT", [33, 34], (2, 1, 3), "uint8"),
]


def random_cases(n, seed):
    rnd = random.Random(seed)
    dtypes = ["uint8", "uint16", "uint32", "uint64", "int8", "int32", "int64",
              "float32", "float64"]
    cases = []
    for _ in range(n):
        alg = rnd.choice(["THREE_FRY", "PHILOX", "DEFAULT"])
        size = 2 if alg == "THREE_FRY" else rnd.choice([2, 3])
        state = [rnd.getrandbits(64) for _ in range(size)]
        if rnd.random() < 0.25:
            state[1] = M64 - rnd.randrange(8)  # wrap the counter
        if size == 3 and rnd.random() < 0.25:
            state[2] = M64
        rank = rnd.randrange(4)
        shape = tuple(rnd.randint(1, 7) for _ in range(rank))
        cases.append((alg, state, shape, rnd.choice(dtypes)))
    return cases


def literal(values, dtype):
    flat = np.asarray(values).reshape(-1)
    if flat.size == 0:
        return "dense<>"
    if flat.size == 1 and np.asarray(values).ndim == 0:
        return "dense<%d>" % int(flat[0])
    return "dense<%s>" % np.array2string(
        np.asarray(values), separator=", ", threshold=1 << 30,
        max_line_width=1 << 30, formatter={"int": lambda v: "%d" % v})


def program(cases, source):
    use_xla = have_jax()
    lines = [
        "// Generated by test/Integration/Inputs/rng_xla.py (%s): expected"
        % source,
        "// values from %s." % ("XLA:CPU (JAX's XLA client) and the numpy "
                                "reference, which agree" if use_xla else
                                "the numpy reference only (no JAX)"),
        "func.func @main() {",
    ]
    for i, case in enumerate(cases):
        alg, state, shape, dtype = case
        ref_state, ref_out = reference(*case)
        if use_xla:
            xla_state, xla_out = xla_run(case)
            if not (np.array_equal(xla_state, ref_state) and
                    xla_out.dtype.itemsize == ref_out.dtype.itemsize and
                    xla_out.tobytes() == ref_out.tobytes()):
                sys.exit("case %d %r: XLA and the reference differ" % (i, case))
        st = "tensor<%dxui64>" % len(state)
        out = tensor(shape, dtype)
        width = np.dtype(dtype).itemsize * 8
        bits = np.asarray(ref_out).view(np.dtype("u%d" % (width // 8)))
        bits_type = tensor(shape, "uint%d" % width)
        lines.append("  // %s, state %s, %s" % (alg, state, out))
        lines.append("  %%s%d = stablehlo.constant dense<[%s]> : %s" %
                     (i, ", ".join(str(s) for s in state), st))
        lines.append("  %%ns%d, %%o%d = stablehlo.rng_bit_generator %%s%d, "
                     "algorithm = %s : (%s) -> (%s, %s)" %
                     (i, i, i, alg, st, st, out))
        checked = "%%o%d" % i
        if not dtype.startswith("uint"):
            lines.append("  %%b%d = stablehlo.bitcast_convert %%o%d : (%s) -> %s"
                         % (i, i, out, bits_type))
            checked = "%%b%d" % i
        lines.append("  %%es%d = stablehlo.constant %s : %s" %
                     (i, literal(ref_state, "u8"), st))
        lines.append("  %%eo%d = stablehlo.constant %s : %s" %
                     (i, literal(bits, "u"), bits_type))
        lines.append("  stablehlo.custom_call @check.expect_eq(%%ns%d, %%es%d) "
                     "{has_side_effect = true} : (%s, %s) -> ()" % (i, i, st, st))
        lines.append("  stablehlo.custom_call @check.expect_eq(%s, %%eo%d) "
                     "{has_side_effect = true} : (%s, %s) -> ()" %
                     (checked, i, bits_type, bits_type))
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) >= 2 and argv[1] == "fixed":
        print(program(FIXED, "fixed"), end="")
        return 0
    if len(argv) >= 3 and argv[1] == "random":
        n = int(argv[2])
        seed = int(argv[3]) if len(argv) > 3 else random.SystemRandom().getrandbits(32)
        print(program(random_cases(n, seed), "random %d %d" % (n, seed)), end="")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
