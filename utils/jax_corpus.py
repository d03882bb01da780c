#!/usr/bin/env python3
"""The JAX program corpus: real JAX programs with XLA:CPU's answers.

Every issue that needs JAX programs uses this one tool. For each program it
writes, under OUT/NAME/:

  program.mlir                 StableHLO text (jit(f).lower(...).as_text())
  before_optimizations.hlo     XLA's HLO text before optimizations
  after_optimizations.hlo      XLA:CPU's HLO after optimizations (what XLA
                               runs: fusions, copies, bitcasts, layouts)
  input<K>.npy                 the inputs, in parameter order
  expected<K>.npy              XLA:CPU's outputs (the flattened result tree)
  meta.json                    name, set, tags, description, input and output
                               types, tolerances, jax version

Usage:
  python3 utils/jax_corpus.py write OUT [--set corpus|models|all]
                                        [--only REGEX] [--list]
  python3 utils/jax_corpus.py list [--set ...]

Sets:
  corpus  small programs covering what people write (training steps, scans,
          gather/scatter/segment ops, sorting, cumulative ops, linalg, fft,
          random, narrow types, dynamic slices, custom_vjp, vmap); kept in the
          repository (test/JaxCorpus) and run by utils/conformance.py.
  models  the benchmark programs of bench/models at the sizes of issue 16
          (generated on demand: bench/models/run.py calls this tool).

Inputs are deterministic (numpy's PCG64 seeded from the program's name), so
rewriting the corpus with the same jax version reproduces it byte for byte.
Needs jax (pip install jax); nothing else in the project does.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import sys

# Tolerances per element type for comparing our outputs with XLA's:
# |ours - xla| <= atol + rtol * |xla|. f32 is the bound (no looser
# than rtol 1e-4, atol 1e-5). A program may tighten or (with a reason in its
# description) loosen them.
DEFAULT_TOLERANCES = {
    "float64": (1e-9, 1e-12),
    "float32": (1e-4, 1e-5),
    "float16": (1e-2, 1e-3),
    "bfloat16": (2e-2, 1e-2),
    "complex64": (1e-4, 1e-5),
    "complex128": (1e-9, 1e-12),
}


class Program:
    """One JAX function with its inputs.

    make_inputs(rng) returns the list of positional arguments (numpy arrays);
    fn takes them positionally and returns a pytree of arrays.
    """

    def __init__(self, name, fn, make_inputs, tags, description, sets,
                 tolerances=None):
        self.name = name
        self.fn = fn
        self.make_inputs = make_inputs
        self.tags = tags
        self.description = description
        self.sets = sets
        self.tolerances = tolerances or {}


def _registry():
    """Builds every program. Imports jax lazily so `--help` works without it."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax

    programs = []

    def program(name, tags, sets=("corpus",), tolerances=None):
        def register(builder):
            fn, make_inputs = builder()
            programs.append(Program(name, fn, make_inputs, tags,
                                    (builder.__doc__ or "").strip(), sets,
                                    tolerances))
            return builder
        return register

    f32, bf16, f16, i32 = np.float32, jnp.bfloat16, np.float16, np.int32

    def normal(rng, shape, dtype=f32, scale=1.0):
        return (rng.standard_normal(shape) * scale).astype(dtype)

    def uniform(rng, shape, lo, hi, dtype=f32):
        return rng.uniform(lo, hi, shape).astype(dtype)

    def onehot(rng, rows, classes):
        return np.eye(classes, dtype=f32)[rng.integers(0, classes, rows)]

    # --- building blocks --------------------------------------------------

    def layernorm(x, g, b):
        mean = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
        return (x - mean) * lax.rsqrt(var + 1e-5) * g + b

    def attention(x, wq, wk, wv, wo, heads):
        b, s, d = x.shape
        hd = d // heads
        q = (x @ wq).reshape(b, s, heads, hd)
        k = (x @ wk).reshape(b, s, heads, hd)
        v = (x @ wv).reshape(b, s, heads, hd)
        scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(hd)
        mask = jnp.tril(jnp.ones((s, s), bool))
        scores = jnp.where(mask, scores, -1e9)
        probs = jax.nn.softmax(scores, axis=-1)
        out = jnp.einsum("bhqk,bkhd->bqhd", probs, v).reshape(b, s, d)
        return out @ wo

    def transformer_block(params, x, heads):
        wq, wk, wv, wo, w1, w2, g1, b1, g2, b2 = params
        x = x + attention(layernorm(x, g1, b1), wq, wk, wv, wo, heads)
        h = jax.nn.gelu(layernorm(x, g2, b2) @ w1)
        return x + h @ w2

    def transformer_params(rng, d, f):
        s = 1.0 / np.sqrt(d)
        return [normal(rng, (d, d), scale=s) for _ in range(4)] + [
            normal(rng, (d, f), scale=s), normal(rng, (f, d), scale=1 / np.sqrt(f)),
            np.ones(d, f32), np.zeros(d, f32), np.ones(d, f32), np.zeros(d, f32)]

    def make_transformer_step(b, s, d, f, heads, vocab):
        def loss(params, tokens, targets):
            emb, blocks = params[0], params[1:]
            x = emb[tokens]
            x = transformer_block(blocks, x, heads)
            logits = x @ emb.T
            logp = jax.nn.log_softmax(logits)
            return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], -1))

        def step(*args):
            params, tokens, targets = list(args[:-2]), args[-2], args[-1]
            value, grads = jax.value_and_grad(loss)(params, tokens, targets)
            return value, [p - 0.01 * g for p, g in zip(params, grads)]

        def inputs(rng):
            return ([normal(rng, (vocab, d), scale=0.1)] +
                    transformer_params(rng, d, f) +
                    [rng.integers(0, vocab, (b, s)).astype(i32),
                     rng.integers(0, vocab, (b, s)).astype(i32)])
        return step, inputs

    def make_transformer_forward(b, s, d, f, heads):
        def forward(x, *params):
            return transformer_block(list(params), x, heads)

        def inputs(rng):
            return [normal(rng, (b, s, d))] + transformer_params(rng, d, f)
        return forward, inputs

    def make_mlp_step(batch, sizes):
        def loss(params, x, y):
            h = x
            for i in range(0, len(params) - 2, 2):
                h = jax.nn.relu(h @ params[i] + params[i + 1])
            logits = h @ params[-2] + params[-1]
            return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, -1))

        def step(*args):
            params, x, y = list(args[:-2]), args[-2], args[-1]
            value, grads = jax.value_and_grad(loss)(params, x, y)
            return value, [p - 0.1 * g for p, g in zip(params, grads)]

        def inputs(rng):
            params = []
            for n, m in zip(sizes, sizes[1:]):
                params += [normal(rng, (n, m), scale=1 / np.sqrt(n)),
                           normal(rng, (m,), scale=0.1)]
            return params + [normal(rng, (batch, sizes[0])),
                             onehot(rng, batch, sizes[-1])]
        return step, inputs

    def make_cnn_step(batch, hw, c1, c2, classes):
        def conv(x, w):
            return lax.conv_general_dilated(
                x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

        def loss(params, x, y):
            w1, w2, wd, bd = params
            h = jax.nn.relu(conv(x, w1))
            h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1),
                                  (1, 2, 2, 1), "VALID")
            h = jax.nn.relu(conv(h, w2))
            h = jnp.mean(h, axis=(1, 2))
            logits = h @ wd + bd
            return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * y, -1))

        def step(w1, w2, wd, bd, x, y):
            params = [w1, w2, wd, bd]
            value, grads = jax.value_and_grad(loss)(params, x, y)
            return value, [p - 0.05 * g for p, g in zip(params, grads)]

        def inputs(rng):
            return [normal(rng, (3, 3, 3, c1), scale=0.3),
                    normal(rng, (3, 3, c1, c2), scale=1 / np.sqrt(9 * c1)),
                    normal(rng, (c2, classes), scale=1 / np.sqrt(c2)),
                    np.zeros(classes, f32),
                    normal(rng, (batch, hw, hw, 3)),
                    onehot(rng, batch, classes)]
        return step, inputs

    def make_lstm_scan(steps, batch, hidden):
        def cell(carry, x):
            h, c, w, u, b = carry
            z = x @ w + h @ u + b
            i, f, g, o = jnp.split(z, 4, axis=-1)
            c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
            h = jax.nn.sigmoid(o) * jnp.tanh(c)
            return (h, c, w, u, b), h

        def run(xs, w, u, b):
            h0 = jnp.zeros((batch, hidden), f32)
            (h, c, *_), hs = lax.scan(cell, (h0, h0, w, u, b), xs)
            return h, jnp.sum(hs, axis=0)

        def inputs(rng):
            return [normal(rng, (steps, batch, hidden)),
                    normal(rng, (hidden, 4 * hidden), scale=1 / np.sqrt(hidden)),
                    normal(rng, (hidden, 4 * hidden), scale=1 / np.sqrt(hidden)),
                    np.zeros(4 * hidden, f32)]
        return run, inputs

    def make_bf16_chain(m, k, layers):
        def run(x, *ws):
            h = x
            for w in ws:
                h = jnp.tanh(jnp.dot(h, w, preferred_element_type=jnp.float32)
                             ).astype(jnp.bfloat16)
            return h

        def inputs(rng):
            return [normal(rng, (m, k)).astype(bf16)] + [
                normal(rng, (k, k), scale=1 / np.sqrt(k)).astype(bf16)
                for _ in range(layers)]
        return run, inputs

    def make_fft_filter(rows, n):
        def run(x, h):
            return jnp.fft.irfft(jnp.fft.rfft(x) * jnp.fft.rfft(h), n=n)

        def inputs(rng):
            return [normal(rng, (rows, n)), normal(rng, (n,))]
        return run, inputs

    def make_embedding_topk(vocab, d, tokens, segments, k):
        def run(table, ids, segment_ids):
            emb = table[ids]
            pooled = jax.ops.segment_sum(emb, segment_ids,
                                         num_segments=segments)
            scores = pooled @ table.T
            return lax.top_k(scores, k)

        def inputs(rng):
            return [normal(rng, (vocab, d)),
                    rng.integers(0, vocab, tokens).astype(i32),
                    np.sort(rng.integers(0, segments, tokens)).astype(i32)]
        return run, inputs

    def make_cumsum_where(rows, n):
        def run(x):
            c = jnp.cumsum(x, axis=-1)
            return jnp.where(c > 0, c, 0.1 * c), jnp.cumsum(x > 0, axis=0)

        def inputs(rng):
            return [normal(rng, (rows, n))]
        return run, inputs

    def make_prng(n):
        def run(key_data):
            key = jax.random.wrap_key_data(key_data)
            k1, k2 = jax.random.split(key)
            return (jax.random.uniform(k1, (n,)),
                    jax.random.normal(k2, (n // 4,)))

        def inputs(rng):
            return [np.array([0, 42], np.uint32)]
        return run, inputs

    # --- the benchmark models (issue 16's table) and their small forms ----

    for suffix, sets, size in (("", ("models",), "full"),
                               ("_small", ("corpus",), "small")):
        full = size == "full"

        @program("transformer_train_step" + suffix,
                 ["training", "transformer", "attention", "grad"], sets)
        def _():
            """A transformer training step: embedding, causal attention,
            layernorm, GELU MLP, tied output projection, cross-entropy,
            gradients and an SGD update."""
            return (make_transformer_step(4, 64, 128, 512, 4, 512) if full else
                    make_transformer_step(2, 8, 16, 32, 2, 24))

        @program("transformer_block_forward" + suffix,
                 ["transformer", "attention"], sets)
        def _():
            """A transformer block forward: attention and MLP with
            pre-layernorm residuals."""
            return (make_transformer_forward(8, 128, 256, 1024, 8) if full else
                    make_transformer_forward(2, 8, 16, 32, 2))

        @program("bf16_matmul_chain" + suffix, ["bf16", "dot"], sets)
        def _():
            """A chain of bf16 matmuls with f32 accumulation and tanh."""
            return make_bf16_chain(64, 256, 4) if full else make_bf16_chain(8, 16, 3)

        @program("rfft_filter" + suffix, ["fft"], sets)
        def _():
            """rfft -> multiply -> irfft (a circular convolution)."""
            return make_fft_filter(4, 256) if full else make_fft_filter(2, 16)

        @program("embedding_segment_topk" + suffix,
                 ["gather", "segment", "top_k"], sets)
        def _():
            """Embedding lookup, segment_sum pooling, scores, top_k."""
            return (make_embedding_topk(1024, 64, 512, 32, 8) if full else
                    make_embedding_topk(32, 8, 24, 4, 3))

        @program("cnn_train_step" + suffix,
                 ["training", "convolution", "reduce_window", "grad"], sets)
        def _():
            """A small CNN training step (NHWC convs, max-pool, global mean
            pool, dense, cross-entropy, SGD)."""
            return (make_cnn_step(8, 32, 16, 32, 10) if full else
                    make_cnn_step(2, 8, 4, 4, 3))

        @program("mlp_train_step" + suffix, ["training", "grad", "dot"], sets)
        def _():
            """A 3-layer MLP training step (softmax cross-entropy, SGD)."""
            return (make_mlp_step(128, [256, 512, 512, 10]) if full else
                    make_mlp_step(8, [12, 16, 16, 5]))

        @program("cumsum_where" + suffix, ["cumulative", "select"], sets)
        def _():
            """cumsum along each axis and a where on the result."""
            return make_cumsum_where(64, 1024) if full else make_cumsum_where(4, 16)

        @program("lstm_scan" + suffix, ["scan", "while"], sets)
        def _():
            """An LSTM over a sequence with lax.scan."""
            return make_lstm_scan(64, 16, 128) if full else make_lstm_scan(5, 2, 8)

        @program("prng_uniform" + suffix, ["random", "threefry"], sets)
        def _():
            """threefry key split, uniform and normal samples."""
            return make_prng(1 << 20) if full else make_prng(64)

    # --- what people write, small -------------------------------------------

    @program("sgd_momentum_update", ["training", "optimizer"])
    def _():
        """An optax-style SGD with momentum and weight decay on two
        parameter tensors."""
        def run(w, b, gw, gb, mw, mb):
            out = []
            for p, g, m in ((w, gw, mw), (b, gb, mb)):
                m = 0.9 * m + g + 1e-4 * p
                out += [p - 0.01 * m, m]
            return out
        return run, lambda rng: [normal(rng, (8, 6)), normal(rng, (6,)),
                                 normal(rng, (8, 6)), normal(rng, (6,)),
                                 normal(rng, (8, 6)), normal(rng, (6,))]

    @program("adam_update", ["training", "optimizer"])
    def _():
        """An Adam step with bias correction (sqrt, division)."""
        def run(p, g, m, v, t):
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            mhat = m / (1 - 0.9 ** t)
            vhat = v / (1 - 0.999 ** t)
            return p - 1e-3 * mhat / (jnp.sqrt(vhat) + 1e-8), m, v
        return run, lambda rng: [normal(rng, (16, 4)), normal(rng, (16, 4)),
                                 normal(rng, (16, 4), scale=0.1),
                                 uniform(rng, (16, 4), 0.01, 1.0),
                                 np.array(3.0, f32)]

    @program("while_newton_sqrt", ["while"])
    def _():
        """Newton iterations for sqrt in lax.while_loop until converged."""
        def run(a):
            def cond(state):
                x, i = state
                return (i < 50) & (jnp.max(jnp.abs(x * x - a)) > 1e-5)

            def body(state):
                x, i = state
                return 0.5 * (x + a / x), i + 1
            return lax.while_loop(cond, body, (a, 0))
        return run, lambda rng: [uniform(rng, (8,), 1.0, 10.0)]

    @program("fori_power_iteration", ["while", "dot"])
    def _():
        """Power iteration with lax.fori_loop."""
        def run(m, v):
            def body(i, v):
                w = m @ v
                return w / jnp.linalg.norm(w)
            return lax.fori_loop(0, 20, body, v)
        return run, lambda rng: [normal(rng, (6, 6)) + 6 * np.eye(6, dtype=f32),
                                 normal(rng, (6,))]

    @program("gather_take", ["gather"])
    def _():
        """Fancy indexing and take_along_axis."""
        def run(x, idx, idx2):
            return x[idx], jnp.take_along_axis(x, idx2, axis=1)
        return run, lambda rng: [normal(rng, (10, 7)),
                                 rng.integers(0, 10, (4,)).astype(i32),
                                 rng.integers(0, 7, (10, 3)).astype(i32)]

    @program("scatter_add_set", ["scatter"])
    def _():
        """x.at[idx].add / .set / .max with repeated indices."""
        def run(x, idx, u):
            return (x.at[idx].add(u), x.at[idx].set(u), x.at[idx].max(u))
        return run, lambda rng: [normal(rng, (9, 3)),
                                 np.array([1, 4, 1, 8, 0], i32),
                                 normal(rng, (5, 3))]

    @program("segment_ops", ["segment", "scatter"])
    def _():
        """segment_sum, segment_max and segment_min over unsorted ids."""
        def run(x, ids):
            return (jax.ops.segment_sum(x, ids, num_segments=5),
                    jax.ops.segment_max(x, ids, num_segments=5),
                    jax.ops.segment_min(x, ids, num_segments=5))
        return run, lambda rng: [normal(rng, (12, 3)),
                                 rng.integers(0, 5, 12).astype(i32)]

    @program("sort_argsort", ["sort"])
    def _():
        """sort along both axes, argsort, sort of (keys, values)."""
        def run(x, v):
            return (jnp.sort(x, axis=0), jnp.sort(x, axis=1),
                    jnp.argsort(x[:, 0]), lax.sort((x[:, 1], v), num_keys=1))
        return run, lambda rng: [normal(rng, (7, 5)),
                                 rng.integers(0, 100, 7).astype(i32)]

    @program("top_k_argmax", ["top_k", "reduce"])
    def _():
        """lax.top_k, argmax and argmin."""
        def run(x):
            values, indices = lax.top_k(x, 3)
            return values, indices, jnp.argmax(x, -1), jnp.argmin(x, 0)
        return run, lambda rng: [normal(rng, (4, 11))]

    @program("cumulative_ops", ["cumulative"])
    def _():
        """cumsum, cumprod, cummax, cummin, logcumsumexp."""
        def run(x):
            return (jnp.cumsum(x, 0), jnp.cumprod(x, 1), lax.cummax(x, 1),
                    lax.cummin(x, 0), lax.cumlogsumexp(x, 1))
        return run, lambda rng: [uniform(rng, (5, 6), 0.5, 1.5)]

    @program("linalg_cholesky_solve", ["linalg", "cholesky",
                                       "triangular_solve"])
    def _():
        """cholesky and cho_solve of an SPD system."""
        import jax.scipy.linalg as jsl

        def run(a, b):
            spd = a @ a.T + 6 * jnp.eye(6)
            c = jnp.linalg.cholesky(spd)
            return c, jsl.cho_solve((c, True), b)
        return run, lambda rng: [normal(rng, (6, 6)), normal(rng, (6, 2))]

    @program("linalg_triangular_solve", ["linalg", "triangular_solve"])
    def _():
        """solve_triangular lower/upper, left, transposed."""
        import jax.scipy.linalg as jsl

        def run(a, b):
            lower = jnp.tril(a) + 4 * jnp.eye(5)
            return (jsl.solve_triangular(lower, b, lower=True),
                    jsl.solve_triangular(lower.T, b, lower=False),
                    jsl.solve_triangular(lower, b, lower=True, trans=1))
        return run, lambda rng: [normal(rng, (5, 5)), normal(rng, (5, 3))]

    @program("linalg_lu_solve", ["linalg", "lu"])
    def _():
        """jnp.linalg.solve, inv and slogdet (LU with pivoting)."""
        def run(a, b):
            sign, logdet = jnp.linalg.slogdet(a)
            return jnp.linalg.solve(a, b), jnp.linalg.inv(a), sign, logdet
        return run, lambda rng: [normal(rng, (5, 5)) + 3 * np.eye(5, dtype=f32),
                                 normal(rng, (5, 2))]

    @program("linalg_qr", ["linalg", "qr"])
    def _():
        """A least-squares solve through QR (R and the solution are unique
        up to signs, so the program returns sign-free quantities)."""
        def run(a, b):
            q, r = jnp.linalg.qr(a)
            x = jax.scipy.linalg.solve_triangular(r, q.T @ b, lower=False)
            return jnp.abs(jnp.diag(r)), x
        return run, lambda rng: [normal(rng, (7, 4)), normal(rng, (7,))]

    @program("linalg_eigh", ["linalg", "eigh"])
    def _():
        """Eigenvalues of a symmetric matrix and a sign-free function of the
        eigenvectors (the reconstruction)."""
        def run(a):
            s = a + a.T
            w, v = jnp.linalg.eigh(s)
            return w, (v * w) @ v.T
        return run, lambda rng: [normal(rng, (5, 5))]

    @program("linalg_svd", ["linalg", "svd"])
    def _():
        """Singular values and the rank-2 reconstruction."""
        def run(a):
            u, s, vt = jnp.linalg.svd(a, full_matrices=False)
            return s, (u[:, :2] * s[:2]) @ vt[:2]
        return run, lambda rng: [normal(rng, (6, 4))]

    @program("linalg_svd_full", ["linalg", "svd"])
    def _():
        """jnp.linalg.svd's default full_matrices of a tall and a wide
        matrix: singular values and sign-free functions of the vectors
        (the reconstruction, and u u^T and v^T v, the identity)."""
        def run(a, b):
            u, s, vt = jnp.linalg.svd(a)
            u2, s2, vt2 = jnp.linalg.svd(b)
            return (s, (u[:, :3] * s) @ vt, u @ u.T, s2,
                    (u2 * s2) @ vt2[:3], vt2.T @ vt2)
        return run, lambda rng: [normal(rng, (5, 3)), normal(rng, (3, 5))]

    @program("linalg_complex_solve", ["linalg", "lu", "complex"])
    def _():
        """jnp.linalg.solve and det of a complex system (complex LU)."""
        def run(re, im, b):
            a = lax.complex(re, im) + 3 * jnp.eye(4, dtype=jnp.complex64)
            return jnp.linalg.solve(a, b.astype(jnp.complex64)), jnp.linalg.det(a)
        return run, lambda rng: [normal(rng, (4, 4)), normal(rng, (4, 4)),
                                 normal(rng, (4, 2))]

    @program("fft_complex", ["fft", "complex"])
    def _():
        """fft, ifft and fft2 of complex data."""
        def run(re, im):
            z = lax.complex(re, im)
            return jnp.fft.fft(z), jnp.fft.ifft(z, axis=0), jnp.fft.fft2(z)
        return run, lambda rng: [normal(rng, (4, 12)), normal(rng, (4, 12))]

    @program("rfft_odd_lengths", ["fft"])
    def _():
        """rfft/irfft of lengths 15 and 17 (mixed radix and prime)."""
        def run(a, b):
            return (jnp.abs(jnp.fft.rfft(a)), jnp.fft.irfft(jnp.fft.rfft(b), 17))
        return run, lambda rng: [normal(rng, (3, 15)), normal(rng, (2, 17))]

    @program("random_threefry", ["random", "threefry"])
    def _():
        """threefry: bits, randint, bernoulli, permutation."""
        def run(key_data):
            key = jax.random.wrap_key_data(key_data)
            k1, k2, k3 = jax.random.split(key, 3)
            return (jax.random.bits(k1, (8,)),
                    jax.random.randint(k2, (6,), 0, 10),
                    jax.random.bernoulli(k3, 0.3, (10,)),
                    jax.random.permutation(k1, 8))
        return run, lambda rng: [np.array([0, 7], np.uint32)]

    @program("random_rbg", ["random", "rbg"])
    def _():
        """The rbg PRNG (rng_bit_generator): uniform and normal."""
        def run(key_data):
            key = jax.random.wrap_key_data(key_data, impl="rbg")
            k1, k2 = jax.random.split(key)
            return jax.random.uniform(k1, (16,)), jax.random.normal(k2, (4, 4))
        return run, lambda rng: [np.arange(4, dtype=np.uint32)]

    @program("mixed_f16_bf16", ["bf16", "f16", "narrow"])
    def _():
        """f16 and bf16 arithmetic, conversions and a mixed dot."""
        def run(a, b, c):
            x = (a * b + jnp.exp(a)).astype(jnp.float32)
            y = jnp.dot(c, c.T, preferred_element_type=jnp.float32)
            return x, y, jnp.tanh(c).astype(jnp.float16)
        return run, lambda rng: [normal(rng, (4, 8)).astype(f16),
                                 normal(rng, (4, 8)).astype(f16),
                                 normal(rng, (4, 8)).astype(bf16)]

    @program("int8_matmul", ["int8", "dot", "quantized"])
    def _():
        """int8 x int8 -> int32 dot, requantization to int8."""
        def run(a, b, scale):
            acc = jnp.dot(a, b, preferred_element_type=jnp.int32)
            q = jnp.clip(jnp.round(acc.astype(jnp.float32) * scale), -128, 127)
            return acc, q.astype(jnp.int8)
        return run, lambda rng: [rng.integers(-128, 128, (8, 16)).astype(np.int8),
                                 rng.integers(-128, 128, (16, 5)).astype(np.int8),
                                 np.array(0.01, f32)]

    @program("integer_ops", ["integer"])
    def _():
        """Integer division, remainder, shifts, popcount, clz, min/max."""
        def run(a, b):
            b = jnp.where(b == 0, 1, b)
            return (a // b, a % b, lax.shift_left(a, 3),
                    lax.shift_right_logical(a, 2), lax.population_count(a),
                    lax.clz(a), jnp.maximum(a, b), jnp.abs(a))
        return run, lambda rng: [rng.integers(-1000, 1000, 10).astype(i32),
                                 rng.integers(-20, 20, 10).astype(i32)]

    @program("dynamic_slice_update", ["dynamic_slice"])
    def _():
        """dynamic_slice and dynamic_update_slice at run-time offsets
        (including clamped ones)."""
        def run(x, u, i, j):
            s = lax.dynamic_slice(x, (i, j), (3, 2))
            return s, lax.dynamic_update_slice(x, u, (j, i))
        return run, lambda rng: [normal(rng, (6, 5)), normal(rng, (2, 2)),
                                 np.array(2, i32), np.array(4, i32)]

    @program("custom_vjp_clip_grad", ["custom_vjp", "grad"])
    def _():
        """A custom_vjp with gradient clipping inside a loss."""
        @jax.custom_vjp
        def clip_grad(x):
            return x

        def fwd(x):
            return x, None

        def bwd(_, g):
            return (jnp.clip(g, -0.1, 0.1),)
        clip_grad.defvjp(fwd, bwd)

        def run(w, x):
            return jax.grad(lambda w: jnp.sum(jnp.sin(clip_grad(x @ w)) ** 2))(w)
        return run, lambda rng: [normal(rng, (4, 3)), normal(rng, (5, 4))]

    @program("vmap_per_example_grad", ["vmap", "grad"])
    def _():
        """Per-example gradients with vmap(grad)."""
        def loss(w, x, y):
            return (jnp.tanh(x @ w) - y) ** 2

        def run(w, xs, ys):
            return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
        return run, lambda rng: [normal(rng, (4,)), normal(rng, (6, 4)),
                                 normal(rng, (6,))]

    @program("softmax_cross_entropy", ["reduce"])
    def _():
        """log_softmax, logsumexp and a label-smoothed cross-entropy."""
        def run(logits, labels):
            logp = jax.nn.log_softmax(logits)
            smooth = jax.nn.one_hot(labels, 7) * 0.9 + 0.1 / 7
            return (-jnp.sum(smooth * logp, -1),
                    jax.scipy.special.logsumexp(logits, axis=0))
        return run, lambda rng: [normal(rng, (5, 7), scale=3.0),
                                 rng.integers(0, 7, 5).astype(i32)]

    @program("layernorm_grad", ["grad", "reduce"])
    def _():
        """The gradient of a layernorm-based loss w.r.t. input and scale."""
        def run(x, g, b):
            return jax.grad(lambda x, g: jnp.sum(layernorm(x, g, b) ** 3),
                            argnums=(0, 1))(x, g)
        return run, lambda rng: [normal(rng, (4, 8)), normal(rng, (8,)),
                                 normal(rng, (8,))]

    @program("pooling_windows", ["reduce_window"])
    def _():
        """max, average and sum pooling with strides and padding."""
        def run(x):
            mx = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1),
                                   (1, 2, 2, 1), "SAME")
            avg = lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1),
                                    (1, 2, 2, 1), "VALID") / 4
            return mx, avg
        return run, lambda rng: [normal(rng, (2, 7, 7, 3))]

    @program("conv_variants", ["convolution"])
    def _():
        """NCHW convolution with stride, dilation, groups, and a transposed
        convolution."""
        def run(x, w, wg, wt):
            a = lax.conv_general_dilated(x, w, (2, 2), ((1, 1), (1, 1)),
                                         rhs_dilation=(2, 1))
            b = lax.conv_general_dilated(x, wg, (1, 1), "SAME",
                                         feature_group_count=2)
            c = lax.conv_transpose(x, wt, (2, 2), "SAME",
                                   dimension_numbers=("NCHW", "OIHW", "NCHW"))
            return a, b, c
        return run, lambda rng: [normal(rng, (2, 4, 9, 9)),
                                 normal(rng, (6, 4, 3, 3)),
                                 normal(rng, (4, 2, 3, 3)),
                                 normal(rng, (3, 4, 3, 3))]

    @program("special_functions", ["chlo", "transcendental"])
    def _():
        """erf, erfinv, lgamma, digamma, x**2, sinh, atanh (chlo ops)."""
        def run(x, p):
            return (jax.scipy.special.erf(x), jax.scipy.special.erfinv(p),
                    lax.lgamma(jnp.abs(x) + 0.5), lax.digamma(jnp.abs(x) + 0.5),
                    x ** 2, jnp.sinh(x), jnp.arctanh(p), lax.square(x))
        return run, lambda rng: [normal(rng, (12,), scale=2.0),
                                 uniform(rng, (12,), -0.95, 0.95)]

    @program("complex_arithmetic", ["complex"])
    def _():
        """complex multiply, divide, exp, log, abs, angle, conj."""
        def run(re, im):
            z = lax.complex(re, im)
            w = z * z.conj() + 1j
            return (z / w, jnp.exp(z), jnp.log(w), jnp.abs(z), jnp.angle(z),
                    jnp.sqrt(z))
        return run, lambda rng: [normal(rng, (8,)), normal(rng, (8,))]

    @program("attention_multihead_einsum", ["attention", "dot"])
    def _():
        """Multi-head attention scores and outputs with einsum, a padding
        mask and softmax."""
        def run(q, k, v, lengths):
            s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(q.shape[-1])
            mask = jnp.arange(k.shape[2])[None, :] < lengths[:, None]
            s = jnp.where(mask[:, None, None, :], s, -jnp.inf)
            return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, -1), v)
        return run, lambda rng: [normal(rng, (2, 3, 5, 4)),
                                 normal(rng, (2, 3, 6, 4)),
                                 normal(rng, (2, 3, 6, 4)),
                                 np.array([6, 3], i32)]

    @program("batchnorm_train", ["training", "reduce"])
    def _():
        """Batch normalization in training mode with running-stat updates."""
        def run(x, gamma, beta, mean, var):
            m = jnp.mean(x, axis=(0, 1, 2))
            v = jnp.var(x, axis=(0, 1, 2))
            y = (x - m) / jnp.sqrt(v + 1e-5) * gamma + beta
            return y, 0.9 * mean + 0.1 * m, 0.9 * var + 0.1 * v
        return run, lambda rng: [normal(rng, (2, 4, 4, 3)), np.ones(3, f32),
                                 np.zeros(3, f32), np.zeros(3, f32),
                                 np.ones(3, f32)]

    @program("shape_ops", ["reshape", "transpose", "concatenate", "pad"])
    def _():
        """reshape, transpose, concatenate, pad, reverse, slices with
        strides, broadcast_to, tile, roll."""
        def run(x, y):
            a = jnp.transpose(x.reshape(2, 3, 4), (2, 0, 1))
            b = jnp.concatenate([x, y], axis=0)
            c = jnp.pad(x, ((1, 2), (0, 3)), constant_values=-1.0)
            d = x[::-1, 1::2]
            return (a, b, c, d, jnp.broadcast_to(y[0], (3, 4)),
                    jnp.tile(y, (2, 1)), jnp.roll(x, 2, axis=1))
        return run, lambda rng: [normal(rng, (6, 4)), normal(rng, (2, 4))]

    @program("reductions_any_axis", ["reduce"])
    def _():
        """sum/max/min/prod/any/all/var over leading, trailing, middle and
        several axes."""
        def run(x, b):
            return (x.sum(0), x.max(2), x.min(1), x.prod((0, 2)),
                    jnp.var(x, (1, 2)), b.any(0), b.all(1))
        return run, lambda rng: [uniform(rng, (3, 4, 5), 0.8, 1.2),
                                 rng.integers(0, 2, (4, 6)).astype(bool)]

    @program("where_nan_handling", ["select", "nan"])
    def _():
        """nan_to_num, isnan, isinf, where, nanmean, clip."""
        def run(x):
            y = x / (x - 0.5)
            z = jnp.log(x)
            return (jnp.nan_to_num(z), jnp.isnan(z), jnp.isinf(y),
                    jnp.nanmean(jnp.where(x > 0, z, jnp.nan)),
                    jnp.clip(y, -2, 2))
        return run, lambda rng: [np.array([0.5, -1.0, 0.0, 2.0, 3.0, 0.25],
                                          f32)]

    @program("rounding_and_casts", ["convert"])
    def _():
        """round, floor, ceil, trunc, sign, float<->int casts with
        saturation, bitcast_convert."""
        def run(x):
            return (jnp.round(x), jnp.floor(x), jnp.ceil(x), jnp.trunc(x),
                    jnp.sign(x), x.astype(jnp.int32), x.astype(jnp.uint8),
                    lax.bitcast_convert_type(x, jnp.int32))
        return run, lambda rng: [np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5,
                                           3.7, -3.7, 300.0, -300.0], f32)]

    @program("logistic_regression_loop", ["training", "while", "grad"])
    def _():
        """Ten full-batch gradient steps of logistic regression inside
        lax.fori_loop."""
        def run(w, x, y):
            def loss(w):
                logits = x @ w
                return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)

            return lax.fori_loop(0, 10, lambda i, w: w - 0.5 * jax.grad(loss)(w), w)
        return run, lambda rng: [np.zeros(4, f32), normal(rng, (16, 4)),
                                 rng.integers(0, 2, 16).astype(f32)]

    @program("f64_numerics", ["f64"])
    def _():
        """f64 arithmetic and transcendentals (jax_enable_x64 is not needed:
        the program is traced with x64 on)."""
        def run(x):
            return jnp.exp(x) * jnp.cos(x) + jnp.log1p(x * x), jnp.cumsum(x)
        return run, lambda rng: [normal(rng, (10,), np.float64)]

    @program("one_hot_embedding_grad", ["gather", "scatter", "grad"])
    def _():
        """The gradient of an embedding lookup (a scatter-add of the
        upstream gradient)."""
        def run(table, ids, g):
            return jax.grad(lambda t: jnp.sum(t[ids] * g))(table)
        return run, lambda rng: [normal(rng, (10, 4)),
                                 np.array([1, 3, 1, 9, 0, 3], i32),
                                 normal(rng, (6, 4))]

    @program("searchsorted_histogram", ["sort", "search"])
    def _():
        """searchsorted and a histogram by comparisons."""
        def run(edges, x):
            return (jnp.searchsorted(edges, x),
                    jnp.sum((x[:, None] >= edges[None, :-1]) &
                            (x[:, None] < edges[None, 1:]), axis=0))
        return run, lambda rng: [np.linspace(-2, 2, 9).astype(f32),
                                 normal(rng, (20,))]

    return programs


def select(programs, set_name, only):
    chosen = [p for p in programs if set_name == "all" or set_name in p.sets]
    if only:
        regex = re.compile(only)
        chosen = [p for p in chosen if regex.search(p.name)]
    return chosen


def dtype_name(array):
    return str(array.dtype)


def seed_of(name):
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "little")


def write_program(program, out_dir):
    """Traces, lowers and compiles one program with XLA:CPU and writes its
    directory. Returns the meta dict."""
    import jax
    import numpy as np

    rng = np.random.default_rng(seed_of(program.name))
    uses_x64 = "f64" in program.tags
    with jax.enable_x64(uses_x64):
        inputs = program.make_inputs(rng)
        # keep_unused: the program keeps every parameter, used or not, so
        # that all three forms take the same inputs.
        jitted = jax.jit(program.fn, keep_unused=True)
        lowered = jitted.lower(*inputs)
        compiled = lowered.compile()
        outputs = jax.tree_util.tree_leaves(compiled(*inputs))
        stablehlo = lowered.as_text()
        before = lowered.as_text(dialect="hlo")
        after = compiled.as_text()

    # XLA's text names the Python files of the program's frames; keep the
    # corpus free of this checkout's absolute path.
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
    before, after = before.replace(root, ""), after.replace(root, "")

    directory = os.path.join(out_dir, program.name)
    if os.path.isdir(directory):
        shutil.rmtree(directory)
    os.makedirs(directory)
    files = {"program.mlir": stablehlo,
             "before_optimizations.hlo": before,
             "after_optimizations.hlo": after}
    for name, text in files.items():
        with open(os.path.join(directory, name), "w") as f:
            f.write(text if text.endswith("\n") else text + "\n")
    for k, array in enumerate(inputs):
        np.save(os.path.join(directory, f"input{k}.npy"), np.asarray(array))
    for k, array in enumerate(outputs):
        np.save(os.path.join(directory, f"expected{k}.npy"), np.asarray(array))

    tolerances = {}
    for array in outputs:
        name = dtype_name(np.asarray(array))
        if name in DEFAULT_TOLERANCES:
            rtol, atol = program.tolerances.get(name, DEFAULT_TOLERANCES[name])
            tolerances[name] = {"rtol": rtol, "atol": atol}
    meta = {
        "name": program.name,
        "sets": list(program.sets),
        "tags": program.tags,
        "description": program.description,
        "inputs": [{"shape": list(np.shape(a)), "dtype": dtype_name(np.asarray(a))}
                   for a in inputs],
        "outputs": [{"shape": list(np.shape(a)), "dtype": dtype_name(np.asarray(a))}
                    for a in outputs],
        "tolerances": tolerances,
        "forms": list(files),
        "jax_version": jax.__version__,
    }
    with open(os.path.join(directory, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    return meta


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    write = sub.add_parser("write", help="write programs to OUT")
    write.add_argument("out")
    listing = sub.add_parser("list", help="list programs")
    for p in (write, listing):
        p.add_argument("--set", default="corpus",
                       choices=["corpus", "models", "all"])
        p.add_argument("--only", metavar="REGEX",
                       help="keep programs whose name matches")
    args = parser.parse_args(argv)
    try:
        import jax  # noqa: F401
    except ImportError:
        print("jax_corpus.py: needs jax (pip install jax)", file=sys.stderr)
        return 2
    programs = select(_registry(), args.set, args.only)
    if args.command == "list":
        for p in programs:
            print(f"{p.name:32} {','.join(p.sets):8} {' '.join(p.tags)}")
        return 0
    os.makedirs(args.out, exist_ok=True)
    failures = 0
    for p in programs:
        try:
            meta = write_program(p, args.out)
            print(f"wrote {p.name}: {len(meta['inputs'])} inputs, "
                  f"{len(meta['outputs'])} outputs")
        except Exception as e:  # report and go on: one bad program
            failures += 1
            print(f"FAILED {p.name}: {type(e).__name__}: {e}", file=sys.stderr)
    print(f"{len(programs) - failures} of {len(programs)} programs written "
          f"to {args.out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
