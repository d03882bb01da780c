#!/usr/bin/env python3
"""Whole JAX programs for the GPU comparison with XLA:GPU.

  jax_programs.py export DIR   (build machine, jax on CPU) writes each
      program's StableHLO (jit(f).lower(...).as_text()) as DIR/NAME.mlir;
      scripts/gpu-device-check.sh compiles them ahead of time.
  jax_programs.py time-xla DIR (GPU machine) times each program under
      jax.jit on the GPU (XLA:GPU): one line per program with the median
      milliseconds of 50 runs after warm-up, arrays already on the device;
      writes its inputs and XLA's results as DIR/NAME/input<K>.npy and
      DIR/NAME/xla<K>.npy.
  jax_programs.py compare DIR  compares DIR/NAME/ours/result<K>.npy (what
      hlo-aot-run computed from the same inputs) with XLA's results.

The programs are small, as in a training loop: XLA:GPU runs them in well
under a millisecond, so launch overhead counts.
"""

import sys
import time


def programs():
    import jax
    import jax.numpy as jnp

    def layernorm(x, g, b):
        mean = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * g + b

    def transformer_block(x, wq, wk, wv, wo, w1, w2, g, b):
        # x: [batch, seq, d]; one head for simplicity of the shapes.
        h = layernorm(x, g, b)
        q, k, v = h @ wq, h @ wk, h @ wv
        s = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(q.shape[-1] * 1.0)
        a = jax.nn.softmax(s, axis=-1)
        x = x + jnp.einsum("bqk,bkd->bqd", a, v) @ wo
        h = layernorm(x, g, b)
        return x + jax.nn.gelu(h @ w1) @ w2

    def mlp_loss(params, x, y):
        w1, b1, w2, b2 = params
        h = jax.nn.relu(x @ w1 + b1)
        logits = h @ w2 + b2
        return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, axis=-1))

    def mlp_train_step(w1, b1, w2, b2, x, y):
        grads = jax.grad(mlp_loss)((w1, b1, w2, b2), x, y)
        return tuple(p - 0.01 * g for p, g in zip((w1, b1, w2, b2), grads))

    def elementwise_chain(a, b, c):
        return jnp.maximum((a + b) * c, 0.0) + jnp.tanh(a)

    f32 = jnp.float32
    B, S, D, F = 8, 128, 256, 1024
    return {
        "transformer_block": (transformer_block, [
            (B, S, D), (D, D), (D, D), (D, D), (D, D), (D, F), (F, D),
            (D,), (D,)]),
        "mlp_train_step": (mlp_train_step, [
            (784, 512), (512,), (512, 10), (10,), (256, 784), (256, 10)]),
        "layernorm": (layernorm, [(4096, 1024), (1024,), (1024,)]),
        "elementwise_chain": (elementwise_chain, [(1 << 24,)] * 3),
    }, f32


def export(directory):
    import os
    import jax
    os.makedirs(directory, exist_ok=True)
    table, dtype = programs()
    for name, (fn, shapes) in table.items():
        args = [jax.ShapeDtypeStruct(s, dtype) for s in shapes]
        text = jax.jit(fn).lower(*args).as_text()
        with open(os.path.join(directory, name + ".mlir"), "w") as f:
            f.write(text)
        print(f"exported {name}")


def time_xla(directory):
    import os
    import jax
    import numpy as np
    table, dtype = programs()
    print(f"jax {jax.__version__} on {jax.devices()[0]}")
    for name, (fn, shapes) in table.items():
        key = jax.random.PRNGKey(0)
        args = []
        for s in shapes:
            key, sub = jax.random.split(key)
            args.append(jax.random.normal(sub, s, dtype) * 0.1)
        f = jax.jit(fn)
        results = jax.block_until_ready(f(*args))
        folder = os.path.join(directory, name)
        os.makedirs(folder, exist_ok=True)
        for i, a in enumerate(args):
            np.save(os.path.join(folder, f"input{i}.npy"), np.asarray(a))
        flat = jax.tree_util.tree_leaves(results)
        for i, r in enumerate(flat):
            np.save(os.path.join(folder, f"xla{i}.npy"), np.asarray(r))
        times = []
        for _ in range(50):
            start = time.perf_counter()
            jax.block_until_ready(f(*args))
            times.append((time.perf_counter() - start) * 1e3)
        print(f"xla {name} median_ms={np.median(times):.4f} "
              f"min_ms={np.min(times):.4f}")


def compare(directory):
    import os
    import numpy as np
    for name in sorted(os.listdir(directory)):
        folder = os.path.join(directory, name)
        k, worst, ok = 0, 0.0, True
        while os.path.exists(os.path.join(folder, f"xla{k}.npy")):
            ref = np.load(os.path.join(folder, f"xla{k}.npy")).astype(np.float64)
            path = os.path.join(folder, "ours", f"result{k}.npy")
            if not os.path.exists(path):
                ok = False
                break
            got = np.load(path).astype(np.float64)
            if got.shape != ref.shape:
                ok = False
                break
            scale = max(1e-6, float(np.max(np.abs(ref))) if ref.size else 1.0)
            worst = max(worst, float(np.max(np.abs(got - ref))) / scale
                        if ref.size else 0.0)
            k += 1
        verdict = "match" if ok and worst <= 1e-3 else "MISMATCH"
        print(f"compare {name}: {verdict} (max error / max |XLA| = "
              f"{worst:.2e} over {k} results)")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "export":
        export(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "time-xla":
        time_xla(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "compare":
        compare(sys.argv[2])
    else:
        print(__doc__)
        sys.exit(2)
