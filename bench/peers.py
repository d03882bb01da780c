#!/usr/bin/env python3
"""The benchmark's Python peers: numpy eager and XLA:CPU through jax.jit.

Usage: peers.py numpy|xla|xla-donated CASE REPETITIONS  ->  prints "median min max"
seconds, or exits 3 when the peer is not installed or has no form of the case.
bench/run.py sets the threads (environment and CPU affinity).

CASE is a fused case (relu, softmax, layernorm, mlp), `matmul-T-N` (an N x N
by N x N product of T = f32, bf16 (f32 result) or s8 (s32 result); numpy
has only f32: OpenBLAS's sgemm) or `conv-NAME` (a bench/conv.py case, XLA
only).
"""
import os
import sys
import time


def matmul_case(case):
    """("f32"|"bf16"|"s8", n) for a case named matmul-T-N, else None."""
    parts = case.split("-")
    if len(parts) == 3 and parts[0] == "matmul" and parts[1] in ("f32", "bf16", "s8"):
        return parts[1], int(parts[2])
    return None


def conv_shape(case):
    """bench/conv.py's (N, H, W, C, O, KH, KW, stride, pad) for conv-NAME."""
    if not case.startswith("conv-"):
        return None
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import conv
    return conv.CASES[case[len("conv-"):]]


def make_inputs(np, case):
    rng = np.random.default_rng(0)
    if matmul_case(case):
        ty, n = matmul_case(case)
        if ty == "s8":
            return [rng.integers(-128, 128, (n, n)).astype(np.int8) for _ in range(2)]
        a = [rng.uniform(-1.0, 1.0, (n, n)).astype(np.float32) for _ in range(2)]
        if ty == "bf16":
            import ml_dtypes
            a = [x.astype(ml_dtypes.bfloat16) for x in a]
        return a
    if conv_shape(case):
        n, h, w, c, o, kh, kw, _, _ = conv_shape(case)
        return [rng.uniform(-1.0, 1.0, (n, h, w, c)).astype(np.float32),
                rng.uniform(-1.0, 1.0, (kh, kw, c, o)).astype(np.float32)]

    def rand(*shape):
        return rng.uniform(-1.0, 1.0, size=shape).astype(np.float32)

    if case == "relu":
        n = 16777216
        return [rand(n), rand(n), rand(n)]
    if case == "softmax":
        return [rand(4096, 4096)]
    if case == "layernorm":
        return [rand(4096, 4096), rand(4096), rand(4096)]
    if case == "mlp":
        return [rand(4096, 1024), rand(1024, 1024), rand(1024)]
    raise SystemExit(f"unknown case {case!r}")


def functions(xp):
    """The cases written once against a numpy-like module (numpy or jax.numpy)."""

    def relu(a, b, c):
        return xp.maximum((a + b) * c, 0.0)

    def softmax(x):
        e = xp.exp(x - xp.max(x, axis=1, keepdims=True))
        return e / xp.sum(e, axis=1, keepdims=True)

    def layernorm(x, g, b):
        mean = xp.mean(x, axis=1, keepdims=True)
        c = x - mean
        var = xp.mean(c * c, axis=1, keepdims=True)
        return c * (1.0 / xp.sqrt(var + 1e-5)) * g + b

    def mlp(x, w, b):
        return xp.maximum(x @ w + b, 0.0)

    return {"relu": relu, "softmax": softmax, "layernorm": layernorm, "mlp": mlp}


def function(xp, case, is_jax):
    """The case's function, or None where this peer has no form of it."""
    if matmul_case(case):
        ty, _ = matmul_case(case)
        if not is_jax:
            return (lambda a, b: a @ b) if ty == "f32" else None
        out = {"f32": xp.float32, "bf16": xp.float32, "s8": xp.int32}[ty]
        return lambda a, b: xp.matmul(a, b, preferred_element_type=out)
    if conv_shape(case):
        if not is_jax:
            return None
        import jax
        _, _, _, _, _, _, _, s, p = conv_shape(case)
        return lambda x, k: jax.lax.conv_general_dilated(
            x, k, (s, s), [(p, p), (p, p)], dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return functions(xp)[case]


def measure(call, reps):
    call()  # warm-up (and, for XLA, compilation)
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2], times[0], times[-1]


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    peer, case, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])
    try:
        import numpy as np
    except ImportError:
        sys.exit(3)
    inputs = make_inputs(np, case)
    if peer == "numpy":
        f = function(np, case, is_jax=False)
        if f is None:
            sys.exit(3)
        result = measure(lambda: f(*inputs), reps)
    elif peer in ("xla", "xla-donated"):
        try:
            import jax
            import jax.numpy as jnp
        except ImportError:
            sys.exit(3)
        jax.config.update("jax_platforms", "cpu")
        args = [jax.device_put(x) for x in inputs]
        f = function(jnp, case, is_jax=True)
        if f is None or (peer == "xla-donated" and case not in functions(jnp)):
            sys.exit(3)
        if peer == "xla":
            f = jax.jit(f)
            result = measure(lambda: f(*args).block_until_ready(), reps)
        else:
            # The first input's buffer is donated and the result (of the
            # same shape in every case) takes its place: XLA reuses the
            # buffer instead of allocating a fresh result per call, as the
            # runner's preallocated results do.
            f = jax.jit(f, donate_argnums=(0,))

            def call():
                args[0] = f(*args)
                args[0].block_until_ready()

            result = measure(call, reps)
    else:
        raise SystemExit(f"unknown peer {peer!r}")
    print("%.6f %.6f %.6f" % result)


if __name__ == "__main__":
    main()
