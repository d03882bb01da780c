#!/usr/bin/env python3
"""Reference values of test/Integration/batch-norm.mlir (numpy only).

Prints the self-checking functions of that test: inputs (two-decimal values
from a fixed seed, rounded to the element type), and the expected results
computed in float64 with numpy from the textbook formulas:

  mean    = x.mean(axes)                 (axes: all but feature_index)
  var     = ((x - mean)**2).mean(axes)   (biased)
  xhat    = (x - mean) / sqrt(var + eps)
  y       = scale * xhat + offset
  dx      = scale / (n * sqrt(var + eps))
            * (n * dy - sum(dy) - xhat * sum(dy * xhat))
  dscale  = sum(dy * xhat)
  doffset = sum(dy)

where n = size(x) / dim(x, feature_index) and eps is the f32 attribute
converted to the element type. The gradient formula is checked here against
central finite differences of sum(y * dy) (y from batch_norm_training,
whose mean and variance depend on x), so it is not the compiler's formula
restated. Run: python3 test/Integration/Inputs/batch_norm_reference.py
"""
import numpy as np

EPS = np.float32(1e-3)


def stats(x, fi):
    axes = tuple(d for d in range(x.ndim) if d != fi)
    shape = [1] * x.ndim
    shape[fi] = x.shape[fi]
    mean = x.mean(axis=axes)
    var = ((x - mean.reshape(shape)) ** 2).mean(axis=axes)
    return axes, shape, mean, var


def training(x, scale, offset, eps, fi):
    axes, shape, mean, var = stats(x, fi)
    xhat = (x - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + eps)
    return scale.reshape(shape) * xhat + offset.reshape(shape), mean, var


def inference(x, scale, offset, mean, var, eps, fi):
    shape = [1] * x.ndim
    shape[fi] = x.shape[fi]
    r = lambda v: v.reshape(shape)
    return r(scale) * (x - r(mean)) / np.sqrt(r(var) + eps) + r(offset)


def grad(x, scale, mean, var, dy, eps, fi):
    axes = tuple(d for d in range(x.ndim) if d != fi)
    shape = [1] * x.ndim
    shape[fi] = x.shape[fi]
    r = lambda v: v.reshape(shape)
    n = x.size // x.shape[fi]
    s = np.sqrt(r(var) + eps)
    xhat = (x - r(mean)) / s
    sdy = dy.sum(axis=axes)
    sdyx = (dy * xhat).sum(axis=axes)
    dx = r(scale) / (n * s) * (n * dy - r(sdy) - xhat * r(sdyx))
    return dx, sdyx, sdy


def check_gradient(x, scale, offset, dy, eps, fi):
    """dx against finite differences of sum(training(x) * dy)."""
    _, _, mean, var = stats(x, fi)
    dx, _, _ = grad(x, scale, mean, var, dy, eps, fi)
    h = 1e-6
    num = np.zeros_like(x)
    for idx in np.ndindex(x.shape):
        xp, xm = x.copy(), x.copy()
        xp[idx] += h
        xm[idx] -= h
        fp = (training(xp, scale, offset, eps, fi)[0] * dy).sum()
        fm = (training(xm, scale, offset, eps, fi)[0] * dy).sum()
        num[idx] = (fp - fm) / (2 * h)
    assert np.allclose(dx, num, atol=1e-6), abs(dx - num).max()


TYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16}


def literal(a, t, exact=True):
    """A dense<...> literal of `a`: inputs (exact) as the shortest decimal
    that reads back as the same value of type `t`, expected values with 17
    (f64) or 9 significant digits."""
    def scalar(v):
        if exact:
            return str(TYPES[t](v))
        return repr(float(v)) if t == "f64" else "%.9g" % v
    def rec(v):
        if v.ndim == 0:
            return scalar(v)
        return "[" + ", ".join(rec(e) for e in v) + "]"
    return f"dense<{rec(np.asarray(a, dtype=np.float64))}>"


def ttype(shape, t):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + t + ">"


def emit(name, shape, fi, t, tol, rng, ops=("training", "inference", "grad")):
    dt = TYPES[t]
    rnd = lambda *s: np.round(rng.uniform(-2, 2, s), 2).astype(dt).astype(np.float64)
    x = rnd(*shape)
    f = shape[fi]
    scale = rnd(f)
    offset = rnd(f)
    dy = rnd(*shape)
    # Given statistics for inference/grad: those of x, perturbed so the
    # inference result is not just the training one.
    _, _, bm, bv = stats(x, fi)
    mean = np.round(bm + 0.25, 2).astype(dt).astype(np.float64)
    var = np.round(bv * 1.5, 2).astype(dt).astype(np.float64)
    eps = float(dt(EPS))  # the f32 attribute rounded to the element type
    check_gradient(x, scale, offset, dy, eps, fi)
    T, V = ttype(shape, t), ttype([f], t)
    attrs = f"<{{epsilon = 1.000000e-03 : f32, feature_index = {fi} : i64}}>"
    c = lambda v, ty: f"  %{v[0]} = hlo.constant {literal(v[1], t)} : {ty}"
    exp = lambda v, val, ty: (f"  check.expect_almost_eq_const %{v}, "
                              f"{literal(val, t, exact=False)} : {ty} {{tolerance = {tol:.1e} : f64}}")
    out = []
    out.append(f"func.func @{name}() {{")
    for v, ty in [(("x", x), T), (("scale", scale), V), (("offset", offset), V),
                  (("mean", mean), V), (("var", var), V), (("dy", dy), T)]:
        out.append(c(v, ty))
    if "training" in ops:
        y, m, v = training(x, scale, offset, eps, fi)
        out.append(f'  %t:3 = "hlo.batch_norm_training"(%x, %scale, %offset) {attrs} '
                   f": ({T}, {V}, {V}) -> ({T}, {V}, {V})")
        out.append(exp("t#0", y, T))
        out.append(exp("t#1", m, V))
        out.append(exp("t#2", v, V))
    if "inference" in ops:
        r = inference(x, scale, offset, mean, var, eps, fi)
        out.append(f'  %i = "hlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {attrs} '
                   f": ({T}, {V}, {V}, {V}, {V}) -> {T}")
        out.append(exp("i", r, T))
    if "grad" in ops:
        # With the batch statistics (the case of the analytic formula and of
        # the finite-difference check), then with the given ones.
        dx, ds, db = grad(x, scale, bm, bv, dy, eps, fi)
        out.append(f'  %g:3 = "hlo.batch_norm_grad"(%x, %scale, %t#1, %t#2, %dy) {attrs} '
                   f": ({T}, {V}, {V}, {V}, {T}) -> ({T}, {V}, {V})")
        out.append(exp("g#0", dx, T))
        out.append(exp("g#1", ds, V))
        out.append(exp("g#2", db, V))
        dx, ds, db = grad(x, scale, mean, var, dy, eps, fi)
        out.append(f'  %h:3 = "hlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) {attrs} '
                   f": ({T}, {V}, {V}, {V}, {T}) -> ({T}, {V}, {V})")
        out.append(exp("h#0", dx, T))
        out.append(exp("h#1", ds, V))
        out.append(exp("h#2", db, V))
    out.append("  func.return")
    out.append("}")
    print("\n".join(out))
    print()


if __name__ == "__main__":
    rng = np.random.default_rng(20261203)
    emit("f32_feature1", [2, 3, 4], 1, "f32", 2e-5, rng)
    emit("f32_feature_last", [2, 3, 4], 2, "f32", 2e-5, rng)
    emit("f64_feature1", [2, 3, 4], 1, "f64", 1e-12, rng)
    emit("f64_feature_last", [2, 3, 4], 2, "f64", 1e-12, rng)
    emit("f64_feature0_rank2", [5, 3], 0, "f64", 1e-12, rng)
    emit("f16_feature1", [2, 3, 4], 1, "f16", 2e-2, rng)
