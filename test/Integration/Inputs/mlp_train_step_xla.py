"""The MLP training step of issue 18 through XLA's optimized HLO.

Makes a 3-layer MLP's gradient step with JAX (dense layers 64-128-64-10, ReLU,
softmax cross-entropy, batch 32), writes XLA:CPU's after-optimizations HLO
text of it and its inputs to OUTDIR, and with --check RUNNER runs that HLO
with hlo-runner in the given pipeline configurations and compares each
gradient with JAX's. The issue saw the default pipeline return wrong
gradients (the first wrong value a column reduction, f32[32,10] over dim 0,
of a fusion result with three consumers) and fusion=false right ones.

  mlp_train_step_xla.py OUTDIR --check RUNNER [--options OPTS]...
"""
import argparse
import pathlib
import subprocess
import sys

import numpy as np

import jax
import jax.numpy as jnp

jax.config.update("jax_platforms", "cpu")


def loss(params, x, y):
    h = x
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i < len(params) - 1:
            h = jax.nn.relu(h)
    return -jnp.mean(jnp.sum(jax.nn.log_softmax(h) * y, axis=-1))


def step(w1, b1, w2, b2, w3, b3, x, y):
    grads = jax.grad(loss)([(w1, b1), (w2, b2), (w3, b3)], x, y)
    return tuple(t for pair in grads for t in pair)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("outdir")
    p.add_argument("--check", metavar="RUNNER", required=True)
    p.add_argument("--options", action="append", default=[])
    args = p.parse_args()
    out = pathlib.Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(18)
    sizes = [64, 128, 64, 10]
    inputs = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        inputs += [(rng.normal(size=(a, b)) * 0.1).astype(np.float32),
                   (rng.normal(size=(b,)) * 0.1).astype(np.float32)]
    inputs.append(rng.normal(size=(32, 64)).astype(np.float32))
    inputs.append(np.eye(10, dtype=np.float32)[rng.integers(0, 10, 32)])
    compiled = jax.jit(step).lower(*inputs).compile()
    (out / "mlp.hlo").write_text(compiled.as_text())
    paths = []
    for i, a in enumerate(inputs):
        paths.append(out / f"input{i}.npy")
        np.save(paths[-1], a)
    expected = [np.asarray(g) for g in jax.jit(step)(*inputs)]
    failed = False
    for options in args.options or [""]:
        results = out / ("results-" + (options or "default").replace("=", "-")
                         .replace(" ", "_"))
        cmd = [args.check, str(out / "mlp.hlo"), "--no-cache",
               f"--output={results}"] + [f"--input={p}" for p in paths]
        if options:
            cmd.append(f"--pipeline-options={options}")
        subprocess.run(cmd, check=True)
        errors = [float(np.max(np.abs(np.load(results / f"result{i}.npy") - e)))
                  for i, e in enumerate(expected)]
        worst = max(errors)
        ok = worst <= 1e-5
        failed |= not ok
        print(f"{options or 'default'}: {len(errors)} gradients, "
              f"{'match' if ok else 'DIFFER'} (max abs error "
              f"{'<= 1e-5' if ok else f'{worst:g}'})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
