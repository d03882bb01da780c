#!/usr/bin/env python3
"""Runs sorts, top_k, scans (the reduce_window forms of cumsum) and row
gathers/scatters through hlo-runner at odd sizes and checks them against
numpy.

- sort: merge sort of whole lines (stable: keys with many ties carry their
  index along) against numpy's stable argsort; sort feeding prefix slices
  (partial selection) and chlo.top_k, against the first k of the same.
- scans: float add and multiply scans longer than 16 must equal, bit for
  bit, XLA:CPU's tree order (emulated here in float32: blocks of 16 scanned
  sequentially, the exclusive tree scan of the block totals added); other
  scans (integers, max, a non-identity init, short ones) must equal the
  sequential scan in the element type bit for bit. Float results are also
  checked against a float64 cumsum within a loose rounding bound.
- pooling (reduce_window with small windows: strides, padding, base and
  window dilation, max/add, f32/i32) against a numpy reduce_window that
  pads with the init value and accumulates the window positions in
  row-major order from the init, bit for bit.
- max pool gradients (select_and_scatter with GE selection and add
  scattering; non-overlapping windows take the vectorized form, overlapping
  ones the loop nest) against numpy, with ties (the first maximum in
  row-major order wins), bit for bit.
- gathers of whole rows (embedding lookups; indices out of range clamp) and
  scatter-adds of whole rows (segment_sum; rows out of range are skipped)
  against numpy indexing and np.add.at (in update order, bit for bit).

Prints one line per form and a summary; exits non-zero on any failure.

  sort_scan_forms.py --runner PATH/hlo-runner --tmp DIR [--only NAME]
"""

import argparse
import os
import subprocess
import sys
import zlib

import numpy as np

ELEM = {np.float32: "f32", np.int32: "i32"}


def ttype(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + ELEM[dtype] + ">"


def run(runner, tmp, name, module, inputs):
    d = os.path.join(tmp, name)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "m.mlir")
    with open(path, "w") as f:
        f.write(module)
    args = [runner, path]
    for i, a in enumerate(inputs):
        p = os.path.join(d, f"in{i}.npy")
        np.save(p, a)
        args += ["--input", p]
    args += ["--output", os.path.join(d, "out")]
    proc = subprocess.run(args, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("hlo-runner exited %d: %s" %
                           (proc.returncode, proc.stderr.strip()[-400:]))
    results = []
    i = 0
    while os.path.exists(os.path.join(d, "out", f"result{i}.npy")):
        results.append(np.load(os.path.join(d, "out", f"result{i}.npy")))
        i += 1
    return results


def differ(got, want):
    if got.shape != want.shape:
        return f"shape {got.shape}, expected {want.shape}"
    same = (got == want) | (np.isnan(got) & np.isnan(want)) \
        if got.dtype.kind == "f" else got == want
    if same.all():
        return None
    i = np.unravel_index(np.argmin(same), same.shape)
    return (f"{(~same).sum()} of {same.size} differ, first at {list(i)}: "
            f"got {got[i]!r}, want {want[i]!r}")


# --- sorts -----------------------------------------------------------------

def sort_form(runner, tmp, name, shape, dim, k, descending, rng):
    keys = rng.integers(-20, 20, shape).astype(np.float32)  # many ties
    index = np.indices(shape)[dim].astype(np.int32)
    n = shape[dim]
    cmp = "GT" if descending else "LT"
    kt, it = ttype(shape, np.float32), ttype(shape, np.int32)
    limit = list(shape)
    limit[dim] = k
    ranges = ", ".join(f"0:{s}" for s in limit)
    skt, sit = ttype(limit, np.float32), ttype(limit, np.int32)
    module = (
        f"func.func @main(%k: {kt}, %i: {it}) -> ({skt}, {sit}) {{\n"
        f"  %0:2 = \"hlo.sort\"(%k, %i) <{{dimension = {dim} : i64, is_stable = true}}> ({{\n"
        f"  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):\n"
        f"    %r = hlo.compare {cmp}, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        f"    hlo.return %r : tensor<i1>\n"
        f"  }}) : ({kt}, {it}) -> ({kt}, {it})\n"
        f"  %1 = hlo.slice %0#0 [{ranges}] : ({kt}) -> {skt}\n"
        f"  %2 = hlo.slice %0#1 [{ranges}] : ({it}) -> {sit}\n"
        f"  return %1, %2 : {skt}, {sit}\n}}\n")
    got = run(runner, tmp, name, module, [keys, index])
    order = np.argsort(-keys if descending else keys, axis=dim, kind="stable")
    want_i = np.take_along_axis(index, order, dim)
    want_k = np.take_along_axis(keys, order, dim)
    take = [slice(None)] * len(shape)
    take[dim] = slice(0, k)
    take = tuple(take)
    return differ(got[0], want_k[take]) or differ(got[1], want_i[take])


def top_k_form(runner, tmp, name, shape, k, rng):
    x = rng.integers(-50, 50, shape).astype(np.float32) / 4  # ties
    t = ttype(shape, np.float32)
    out = list(shape[:-1]) + [k]
    vt, it = ttype(out, np.float32), ttype(out, np.int32)
    module = (
        f"func.func @main(%x: {t}) -> ({vt}, {it}) {{\n"
        f"  %v, %i = chlo.top_k(%x, k = {k}) : {t} -> ({vt}, {it})\n"
        f"  return %v, %i : {vt}, {it}\n}}\n")
    got = run(runner, tmp, name, module, [x])
    order = np.argsort(-x, axis=-1, kind="stable")[..., :k]
    return (differ(got[0], np.take_along_axis(x, order, -1)) or
            differ(got[1], order.astype(np.int32)))


# --- scans -----------------------------------------------------------------

def seq_scan(a, f, init):
    """Sequential inclusive scan along the last axis in a's type."""
    out = np.empty_like(a)
    acc = np.full(a.shape[:-1], init, a.dtype)
    for j in range(a.shape[-1]):
        acc = f(acc, a[..., j]).astype(a.dtype)
        out[..., j] = acc
    return out


def tree_scan(a, f, init, base=16):
    """XLA:CPU's ReduceWindowRewriter order along the last axis."""
    n = a.shape[-1]
    if n <= base:
        return seq_scan(a, f, init)
    m = -(-n // base)
    pad = np.full(a.shape[:-1] + (m * base - n,), init, a.dtype)
    blocks = np.concatenate([a, pad], -1).reshape(a.shape[:-1] + (m, base))
    inner = seq_scan(blocks, f, init)
    top = tree_scan(inner[..., -1], f, init, base)
    first = np.full(a.shape[:-1] + (1,), init, a.dtype)
    exclusive = np.concatenate([first, top[..., :-1]], -1)
    out = f(inner, exclusive[..., None]).astype(a.dtype)
    return out.reshape(a.shape[:-1] + (m * base,))[..., :n]


BODIES = {
    "add": (np.add, "hlo.add"),
    "mul": (np.multiply, "hlo.multiply"),
    "max": (np.maximum, "hlo.maximum"),
}


def scan_form(runner, tmp, name, shape, dim, body, dtype, init, exclusive,
              tree, rng):
    f, op = BODIES[body]
    if dtype == np.int32:
        x = rng.integers(-1000, 1000, shape).astype(np.int32)
    elif body == "mul":
        x = rng.uniform(0.97, 1.03, shape).astype(np.float32)
    else:
        x = rng.uniform(-1, 1, shape).astype(np.float32)
    n = shape[dim]
    out_shape = list(shape)
    if exclusive:
        out_shape[dim] += 1
    t, ot = ttype(shape, dtype), ttype(out_shape, dtype)
    st = ttype([], dtype)
    window = ", ".join(str(n if d == dim else 1) for d in range(len(shape)))
    padding = ", ".join(f"[{n if exclusive else n - 1}, 0]" if d == dim
                        else "[0, 0]" for d in range(len(shape)))
    literal = repr(float(init)) if dtype == np.float32 else str(int(init))
    if dtype == np.float32 and np.isinf(init):
        literal = "0xFF800000"
    module = (
        f"func.func @main(%x: {t}) -> {ot} {{\n"
        f"  %init = hlo.constant dense<{literal}> : {st}\n"
        f"  %0 = \"hlo.reduce_window\"(%x, %init) <{{window_dimensions = "
        f"array<i64: {window}>, padding = dense<[{padding}]> : "
        f"tensor<{len(shape)}x2xi64>}}> ({{\n"
        f"  ^bb0(%a: {st}, %b: {st}):\n"
        f"    %s = {op} %a, %b : {st}\n"
        f"    hlo.return %s : {st}\n"
        f"  }}) : ({t}, {st}) -> {ot}\n"
        f"  return %0 : {ot}\n}}\n")
    got = run(runner, tmp, name, module, [x])[0]
    moved = np.moveaxis(x, dim, -1)
    scan = (tree_scan if tree else seq_scan)(moved, f, dtype(init))
    if exclusive:
        first = np.full(moved.shape[:-1] + (1,), init, dtype)
        scan = np.concatenate([first, scan], -1)
    want = np.moveaxis(scan, -1, dim)
    problem = differ(got, want)
    if problem or dtype != np.float32 or body == "max":
        return problem
    # Against float64: within n roundings of the running magnitudes.
    wide = np.moveaxis(x, dim, -1).astype(np.float64)
    if body == "add":
        ref = init + np.cumsum(wide, -1)
        mag = abs(init) + np.cumsum(np.abs(wide), -1)
    else:
        ref = init * np.cumprod(wide, -1)
        mag = np.abs(ref)
    if exclusive:
        ref = np.concatenate([np.full(ref.shape[:-1] + (1,), init), ref], -1)
        mag = np.concatenate([np.zeros(mag.shape[:-1] + (1,)), mag], -1)
    ref, mag = np.moveaxis(ref, -1, dim), np.moveaxis(mag, -1, dim)
    bound = (n + 1) * np.finfo(np.float32).eps * mag + 1e-30
    bad = np.abs(got.astype(np.float64) - ref) > bound
    if bad.any():
        return f"{bad.sum()} elements off the float64 reference"
    return None


# --- gathers and scatters of rows ------------------------------------------

def gather_rows_form(runner, tmp, name, table_shape, ids_shape, rng):
    table = rng.uniform(-1, 1, table_shape).astype(np.float32)
    ids = rng.integers(-3, table_shape[0] + 3, ids_shape + (1,)).astype(np.int32)
    rank = len(ids_shape)
    out_shape = ids_shape + table_shape[1:]
    offset = list(range(rank, rank + len(table_shape) - 1))
    tt, it = ttype(table_shape, np.float32), ttype(ids_shape + (1,), np.int32)
    ot = ttype(out_shape, np.float32)
    sizes = ", ".join(str(d) for d in (1,) + table_shape[1:])
    module = (
        f"func.func @main(%t: {tt}, %i: {it}) -> {ot} {{\n"
        f"  %0 = \"hlo.gather\"(%t, %i) <{{dimension_numbers = #hlo.gather<"
        f"offset_dims = {offset}, collapsed_slice_dims = [0], "
        f"start_index_map = [0], index_vector_dim = {rank}>, "
        f"slice_sizes = array<i64: {sizes}>}}> : ({tt}, {it}) -> {ot}\n"
        f"  return %0 : {ot}\n}}\n")
    got = run(runner, tmp, name, module, [table, ids])[0]
    want = table[np.clip(ids[..., 0], 0, table_shape[0] - 1)]
    return differ(got, want)


def scatter_rows_form(runner, tmp, name, input_shape, ids_shape, rng):
    base = rng.uniform(-1, 1, input_shape).astype(np.float32)
    ids = rng.integers(-2, input_shape[0] + 2, ids_shape + (1,)).astype(np.int32)
    upd_shape = ids_shape + input_shape[1:]
    updates = rng.uniform(-1, 1, upd_shape).astype(np.float32)
    rank = len(ids_shape)
    window = list(range(rank, rank + len(input_shape) - 1))
    bt, it = ttype(input_shape, np.float32), ttype(ids_shape + (1,), np.int32)
    ut = ttype(upd_shape, np.float32)
    module = (
        f"func.func @main(%b: {bt}, %i: {it}, %u: {ut}) -> {bt} {{\n"
        f"  %0 = \"hlo.scatter\"(%b, %i, %u) <{{scatter_dimension_numbers = "
        f"#hlo.scatter<update_window_dims = {window}, inserted_window_dims = [0], "
        f"scatter_dims_to_operand_dims = [0], index_vector_dim = {rank}>}}> ({{\n"
        f"  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
        f"    %s = hlo.add %x, %y : tensor<f32>\n"
        f"    hlo.return %s : tensor<f32>\n"
        f"  }}) : ({bt}, {it}, {ut}) -> {bt}\n"
        f"  return %0 : {bt}\n}}\n")
    got = run(runner, tmp, name, module, [base, ids, updates])[0]
    want = base.copy()
    flat_ids = ids.reshape(-1)
    flat_upd = updates.reshape((-1,) + input_shape[1:])
    keep = (flat_ids >= 0) & (flat_ids < input_shape[0])
    np.add.at(want, flat_ids[keep], flat_upd[keep])
    return differ(got, want)


# --- pooling ---------------------------------------------------------------

def reduce_window_ref(x, f, init, window, strides, padding, base, wdil):
    """The spec's reduce_window: x dilated by `base` and padded with the init
    value, each window folded from the init in row-major order."""
    shape = [(n - 1) * b + 1 + lo + hi
             for n, b, (lo, hi) in zip(x.shape, base, padding)]
    padded = np.full(shape, init, dtype=x.dtype)
    padded[tuple(slice(lo, lo + (n - 1) * b + 1, b)
                 for n, b, (lo, _) in zip(x.shape, base, padding))] = x
    out_shape = [(n - (w - 1) * d - 1) // s + 1
                 for n, w, d, s in zip(shape, window, wdil, strides)]
    acc = np.full(out_shape, init, dtype=x.dtype)
    for pos in np.ndindex(*window):
        view = padded[tuple(slice(p * d, p * d + (o - 1) * s + 1, s)
                            for p, d, o, s in zip(pos, wdil, out_shape,
                                                  strides))]
        acc = f(acc, view).astype(x.dtype)
    return acc


def pool_form(runner, tmp, name, shape, body, dtype, init, window, strides,
              padding, base, wdil, rng):
    if dtype == np.float32:
        x = rng.standard_normal(shape).astype(np.float32)
    else:
        x = rng.integers(-1000, 1000, shape).astype(np.int32)
    f = {"add": np.add, "max": np.maximum}[body]
    want = reduce_window_ref(x, f, dtype(init), window, strides, padding,
                             base, wdil)
    t, rt = ttype(shape, dtype), ttype(want.shape, dtype)
    et = ELEM[dtype]
    init_text = ("0xFF800000" if init == -np.inf else repr(float(init))) \
        if dtype == np.float32 else str(int(init))
    arr = lambda v: ", ".join(str(i) for i in v)
    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in padding)
    module = (
        f"func.func @main(%x: {t}) -> {rt} {{\n"
        f"  %init = hlo.constant dense<{init_text}> : tensor<{et}>\n"
        f"  %0 = \"hlo.reduce_window\"(%x, %init) <{{window_dimensions = "
        f"array<i64: {arr(window)}>, window_strides = array<i64: {arr(strides)}>, "
        f"base_dilations = array<i64: {arr(base)}>, window_dilations = "
        f"array<i64: {arr(wdil)}>, padding = dense<[{pads}]> : "
        f"tensor<{len(shape)}x2xi64>}}> ({{\n"
        f"  ^bb0(%a: tensor<{et}>, %b: tensor<{et}>):\n"
        f"    %r = hlo.{'add' if body == 'add' else 'maximum'} %a, %b : tensor<{et}>\n"
        f"    hlo.return %r : tensor<{et}>\n"
        f"  }}) : ({t}, tensor<{et}>) -> {rt}\n"
        f"  return %0 : {rt}\n}}\n")
    got = run(runner, tmp, name, module, [x])
    return differ(got[0], want)


def select_and_scatter_form(runner, tmp, name, shape, window, strides, init,
                            rng):
    x = rng.integers(-3, 3, shape).astype(np.float32)  # many ties
    out_shape = [(n - w) // s + 1 for n, w, s in zip(shape, window, strides)]
    src = rng.standard_normal(out_shape).astype(np.float32)
    want = np.full(shape, init, dtype=np.float32)
    for o in np.ndindex(*out_shape):
        best = None
        for pos in np.ndindex(*window):
            at = tuple(oi * s + p for oi, s, p in zip(o, strides, pos))
            if best is None or not x[at] <= x[best] and x[at] != x[best]:
                best = at
        want[best] = np.float32(want[best] + src[o])
    t, st = ttype(shape, np.float32), ttype(out_shape, np.float32)
    arr = lambda v: ", ".join(str(i) for i in v)
    module = (
        f"func.func @main(%x: {t}, %s: {st}) -> {t} {{\n"
        f"  %init = hlo.constant dense<{float(init)!r}> : tensor<f32>\n"
        f"  %0 = \"hlo.select_and_scatter\"(%x, %s, %init) <{{window_dimensions"
        f" = array<i64: {arr(window)}>, window_strides = array<i64: "
        f"{arr(strides)}>}}> ({{\n"
        f"  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
        f"    %r = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
        f"    hlo.return %r : tensor<i1>\n"
        f"  }}, {{\n"
        f"  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
        f"    %r = hlo.add %a, %b : tensor<f32>\n"
        f"    hlo.return %r : tensor<f32>\n"
        f"  }}) : ({t}, {st}, tensor<f32>) -> {t}\n"
        f"  return %0 : {t}\n}}\n")
    got = run(runner, tmp, name, module, [x, src])
    return differ(got[0], want)


def forms():
    # name, function, arguments after (runner, tmp, name)
    yield "sort_desc_ties", sort_form, ((3, 1001), 1, 1001, True)
    yield "sort_dim0_odd", sort_form, ((97, 5), 0, 97, False)
    yield "sort_len2", sort_form, ((4, 2), 1, 2, False)
    yield "sort_len3_dim0", sort_form, ((3, 7), 0, 3, True)
    yield "sort_prefix_select", sort_form, ((5, 333), 1, 7, True)
    yield "sort_prefix_dim0", sort_form, ((301, 3), 0, 13, False)
    yield "sort_prefix_large_k", sort_form, ((2, 300), 1, 100, True)
    yield "top_k_5", top_k_form, ((7, 333), 5)
    yield "top_k_1", top_k_form, ((4, 1000), 1)
    yield "top_k_all", top_k_form, ((3, 64), 64)
    yield "top_k_3d", top_k_form, ((2, 3, 129), 17)
    yield "top_k_65", top_k_form, ((2, 301), 65)
    yield "gather_rows", gather_rows_form, ((37, 13), (29,))
    yield "gather_rows_3d", gather_rows_form, ((11, 3, 5), (4, 6))
    yield "scatter_add_rows", scatter_rows_form, ((9, 7), (31,))
    yield "scatter_add_rows_3d", scatter_rows_form, ((5, 4, 6), (3, 2))
    # name, shape, dim, body, dtype, init, exclusive, tree
    for name, *spec in [
        ("cumsum_rows_1000", (5, 1000), 1, "add", np.float32, 0.0, False, True),
        ("cumsum_cols_37", (37, 3), 0, "add", np.float32, 0.0, False, True),
        ("cumsum_16", (3, 16), 1, "add", np.float32, 0.0, False, False),
        ("cumsum_17", (3, 17), 1, "add", np.float32, 0.0, False, True),
        ("cumsum_257", (2, 257), 1, "add", np.float32, 0.0, False, True),
        ("cumsum_4100", (2, 4100), 1, "add", np.float32, 0.0, False, True),
        ("cumsum_3d_mid", (2, 45, 3), 1, "add", np.float32, 0.0, False, True),
        ("cumsum_exclusive", (3, 300), 1, "add", np.float32, 0.0, True, True),
        ("cumsum_init_2", (3, 100), 1, "add", np.float32, 2.0, False, False),
        ("cumprod_40", (4, 40), 1, "mul", np.float32, 1.0, False, True),
        ("cumsum_i32_dim0", (64, 9), 0, "add", np.int32, 0, False, False),
        ("cummax_100", (6, 100), 1, "max", np.float32, -np.inf, False, False),
        ("cummax_exclusive", (5, 21), 1, "max", np.float32, -np.inf, True, False),
    ]:
        yield name, scan_form, tuple(spec)
    # (shape, body, dtype, init, window, strides, padding, base, wdil)
    for name, *spec in [
        ("maxpool_3x3_s2_pad1", (2, 15, 17, 5), "max", np.float32, -np.inf,
         (1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (1, 1), (1, 1), (0, 0)),
         (1, 1, 1, 1), (1, 1, 1, 1)),
        ("maxpool_2x2_s2_nchw", (3, 2, 9, 11), "max", np.float32, -np.inf,
         (1, 1, 2, 2), (1, 1, 2, 2), ((0, 0), (0, 0), (0, 0), (0, 0)),
         (1, 1, 1, 1), (1, 1, 1, 1)),
        ("sumpool_2x2_init_1", (5, 7, 33), "add", np.float32, 1.0,
         (1, 2, 2), (1, 1, 1), ((0, 0), (0, 0), (0, 0)),
         (1, 1, 1), (1, 1, 1)),
        ("sumpool_dilated", (3, 9, 7), "add", np.float32, 0.0,
         (1, 2, 3), (1, 2, 1), ((0, 0), (1, 2), (0, 1)),
         (1, 2, 1), (1, 1, 2)),
        ("sumpool_i32_3x3", (4, 10, 19), "add", np.int32, 0,
         (1, 3, 3), (1, 1, 2), ((0, 0), (1, 1), (2, 0)),
         (1, 1, 1), (1, 1, 1)),
        ("maxpool_33_positions", (2, 40, 3), "max", np.float32, -np.inf,
         (1, 11, 3), (1, 3, 1), ((0, 0), (0, 0), (0, 0)),
         (1, 1, 1), (1, 1, 1)),
    ]:
        yield name, pool_form, tuple(spec)
    # (shape, window, strides, init)
    for name, *spec in [
        ("maxpool_grad_2x2_s2", (2, 10, 14, 5), (1, 2, 2, 1), (1, 2, 2, 1),
         0.0),
        ("maxpool_grad_2x3_s3_init_1", (3, 9, 13), (1, 2, 3), (1, 3, 3), 1.0),
        ("maxpool_grad_overlapping", (2, 9, 7), (1, 3, 3), (1, 2, 2), 0.0),
    ]:
        yield name, select_and_scatter_form, tuple(spec)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--tmp", required=True)
    parser.add_argument("--only")
    args = parser.parse_args()
    passed = failed = 0
    for name, fn, spec in forms():
        if args.only and name != args.only:
            continue
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        try:
            problem = fn(args.runner, args.tmp, name, *spec, rng)
        except RuntimeError as e:
            problem = str(e)
        print(f"{name}: " + (f"FAILED: {problem}" if problem else "ok"),
              flush=True)
        if problem:
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
