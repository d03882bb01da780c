#!/usr/bin/env python3
"""Writes a transformer training step exported from JAX as StableHLO text.

A decoder-only transformer (token embedding, --layers blocks of causal
multi-head attention and an MLP with layer norms, a tied output projection),
its cross-entropy loss, the gradient with respect to every parameter
(jax.grad) and an SGD update, jitted and lowered for a batch of token ids:
thousands of ops, the shape of module users compile. Needs jax.

  transformer.py --layers 4 --width 128 -o step.mlir
"""
import argparse
import sys


def build(layers, width, heads, seq, batch, vocab):
    import jax
    import jax.numpy as jnp

    def init(key):
        keys = iter(jax.random.split(key, 4 + 8 * layers))
        normal = lambda shape: 0.02 * jax.random.normal(next(keys), shape)
        params = {"embed": normal((vocab, width)), "pos": normal((seq, width)),
                  "blocks": []}
        for _ in range(layers):
            params["blocks"].append({
                "ln1": jnp.ones((width,)), "ln2": jnp.ones((width,)),
                "qkv": normal((width, 3 * width)), "out": normal((width, width)),
                "up": normal((width, 4 * width)), "down": normal((4 * width, width)),
            })
        params["lnf"] = jnp.ones((width,))
        return params

    def layer_norm(x, scale):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) * jax.lax.rsqrt(var + 1e-5) * scale

    def attention(x, p):
        b, s, d = x.shape
        qkv = x @ p["qkv"]
        q, k, v = jnp.split(qkv, 3, axis=-1)
        split = lambda t: t.reshape(b, s, heads, d // heads).transpose(0, 2, 1, 3)
        q, k, v = split(q), split(k), split(v)
        scores = q @ k.transpose(0, 1, 3, 2) / jnp.sqrt(d // heads)
        mask = jnp.tril(jnp.ones((s, s), bool))
        scores = jnp.where(mask, scores, -1e9)
        weights = jax.nn.softmax(scores, axis=-1)
        y = (weights @ v).transpose(0, 2, 1, 3).reshape(b, s, d)
        return y @ p["out"]

    def forward(params, tokens):
        x = params["embed"][tokens] + params["pos"]
        for p in params["blocks"]:
            x = x + attention(layer_norm(x, p["ln1"]), p)
            h = jax.nn.gelu(layer_norm(x, p["ln2"]) @ p["up"])
            x = x + h @ p["down"]
        x = layer_norm(x, params["lnf"])
        return x @ params["embed"].T

    def loss(params, tokens, targets):
        logits = forward(params, tokens)
        logp = jax.nn.log_softmax(logits, axis=-1)
        return -jnp.take_along_axis(logp, targets[..., None], axis=-1).mean()

    def train_step(params, tokens, targets):
        value, grads = jax.value_and_grad(loss)(params, tokens, targets)
        params = jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads)
        return params, value

    params = init(jax.random.PRNGKey(0))
    tokens = jnp.zeros((batch, seq), jnp.int32)
    lowered = jax.jit(train_step).lower(params, tokens, tokens)
    return lowered.as_text()


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--width", type=int, default=128)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--seq", type=int, default=64)
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--vocab", type=int, default=512)
    p.add_argument("-o", "--output", default="-")
    a = p.parse_args()
    try:
        text = build(a.layers, a.width, a.heads, a.seq, a.batch, a.vocab)
    except ImportError:
        print("transformer.py: jax is not installed", file=sys.stderr)
        return 3
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
