#!/usr/bin/env python3
"""The benchmark's Python peers: numpy eager and XLA:CPU through jax.jit.

Usage: peers.py numpy|xla|xla-donated CASE REPETITIONS  ->  prints "median min max"
seconds, or exits 3 when the peer is not installed. Run it with one thread
(bench/run.py sets the environment and the CPU affinity).
"""
import os
import sys
import time


def make_inputs(np, case):
    rng = np.random.default_rng(0)

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
        f = functions(np)[case]
        result = measure(lambda: f(*inputs), reps)
    elif peer in ("xla", "xla-donated"):
        try:
            import jax
            import jax.numpy as jnp
        except ImportError:
            sys.exit(3)
        jax.config.update("jax_platforms", "cpu")
        args = [jax.device_put(x) for x in inputs]
        if peer == "xla":
            f = jax.jit(functions(jnp)[case])
            result = measure(lambda: f(*args).block_until_ready(), reps)
        else:
            # The first input's buffer is donated and the result (of the
            # same shape in every case) takes its place: XLA reuses the
            # buffer instead of allocating a fresh result per call, as the
            # runner's preallocated results do.
            f = jax.jit(functions(jnp)[case], donate_argnums=(0,))

            def call():
                args[0] = f(*args)
                args[0].block_until_ready()

            result = measure(call, reps)
    else:
        raise SystemExit(f"unknown peer {peer!r}")
    print("%.6f %.6f %.6f" % result)


if __name__ == "__main__":
    main()
