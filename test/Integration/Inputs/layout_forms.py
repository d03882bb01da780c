#!/usr/bin/env python3
"""Runs HLO text programs with non-default layouts and checks them against
numpy emulating what XLA computes on physical buffers.

Forms, ranks 2 to 5, each with several layouts:

  * elementwise: parameters, an elementwise op, a copy and the result in
    non-default layouts (values do not depend on layouts: a + b * c);
  * bitcast: a bitcast between two layouts, which reinterprets the
    operand's buffer (the physical array in the operand's order, reshaped
    to the result's physical shape, read in the result's order), after a
    layout-changing copy;
  * fusion: a bitcast of a fusion parameter laid out column-major;
  * lapack: potrf and trsm custom calls whose operand layout constraints
    and result layouts are not LAPACK's column-major ones: LAPACK reads the
    operand's buffer column-major and the result is LAPACK's column-major
    buffer read in the result's layout.

Every program runs three ways: as imported (hlo-runner on the HLO text),
after `hlo-layout-normalization` (hlo-opt, then hlo-runner on the MLIR),
and after `hlo-layout-normalization=physical-signature`, fed and read as the
physical buffers XLA's entry_computation_layout describes.

  layout_forms.py --bin DIR --tmp DIR [--only NAME]

Prints one line per program and mode, and a summary; exits non-zero on any
failure.
"""

import argparse
import itertools
import os
import subprocess
import sys

import numpy as np


def shape_text(shape, m2m, elem="f32"):
    dims = ",".join(str(d) for d in shape)
    layout = ",".join(str(d) for d in m2m)
    return f"{elem}[{dims}]{{{layout}}}"


def row_major(rank):
    return list(range(rank - 1, -1, -1))


def physical(x, m2m):
    """The physical array of x in layout m2m (row-major, major to minor)."""
    return np.transpose(x, list(reversed(m2m)))


def from_physical(p, m2m):
    return np.transpose(p, np.argsort(list(reversed(m2m))))


def bitcast(x, from_m2m, to_shape, to_m2m):
    """What XLA's bitcast computes: the buffer of x in from_m2m read as an
    array of to_shape in to_m2m."""
    buf = np.ascontiguousarray(physical(x, from_m2m)).ravel()
    phys_shape = [to_shape[d] for d in reversed(to_m2m)]
    return from_physical(buf.reshape(phys_shape), to_m2m)


def lapack_seen(x, m2m):
    """The matrix LAPACK sees (column-major) in the buffer of x in m2m."""
    return bitcast(x, m2m, x.shape, [0, 1])


def lapack_read(o, m2m):
    """LAPACK's column-major output o read in layout m2m."""
    return bitcast(o, [0, 1], o.shape, m2m)


def layouts(rank, count, seed):
    """count distinct non-row-major layouts of rank (deterministic)."""
    perms = [list(p) for p in itertools.permutations(range(rank))
             if list(p) != row_major(rank)]
    rng = np.random.default_rng(seed)
    picks = rng.choice(len(perms), size=min(count, len(perms)), replace=False)
    return [perms[i] for i in sorted(picks)]


SHAPES = {2: (5, 7), 3: (3, 4, 5), 4: (2, 3, 4, 5), 5: (2, 3, 2, 4, 3)}


def elementwise_forms():
    forms = []
    for rank, shape in SHAPES.items():
        for k, (la, lb) in enumerate(zip(layouts(rank, 3, rank),
                                         layouts(rank, 3, rank + 10))):
            name = f"elementwise_r{rank}_{k}"
            s = lambda m2m: shape_text(shape, m2m)
            text = f"""HloModule {name}, entry_computation_layout={{({s(la)}, {s(lb)}, {s(row_major(rank))})->{s(lb)}}}

ENTRY main {{
  a = {s(la)} parameter(0)
  b = {s(lb)} parameter(1)
  c = {s(row_major(rank))} parameter(2)
  bc = {s(lb)} copy(c)
  m = {s(lb)} multiply(b, bc)
  ac = {s(lb)} copy(a)
  ROOT r = {s(lb)} add(ac, m)
}}
"""
            forms.append((name, text, [shape] * 3, [la, lb, row_major(rank)],
                          [lb], lambda a, b, c: [a + b * c]))
    return forms


def bitcast_forms():
    forms = []
    for rank, shape in SHAPES.items():
        size = int(np.prod(shape))
        # The result: the dimensions reversed and two merged (a different
        # shape and rank), in a non-default layout.
        to_shape = list(reversed(shape))
        to_shape = [to_shape[0] * to_shape[1]] + to_shape[2:]
        for k, (lc, lr) in enumerate(zip(layouts(rank, 3, rank + 20),
                                         layouts(len(to_shape), 3,
                                                 rank + 30) if len(to_shape) > 1
                                         else [[0]] * 3)):
            name = f"bitcast_r{rank}_{k}"
            p = shape_text(shape, row_major(rank))
            c = shape_text(shape, lc)
            r = shape_text(to_shape, lr)
            text = f"""HloModule {name}, entry_computation_layout={{({p})->{r}}}

ENTRY main {{
  p = {p} parameter(0)
  c = {c} copy(p)
  ROOT b = {r} bitcast(c)
}}
"""
            forms.append((name, text, [shape], [row_major(rank)], [lr],
                          (lambda lc, lr, ts: lambda x: [
                              bitcast(x, lc, ts, lr)])(lc, lr, to_shape)))
            assert size == int(np.prod(to_shape))
    return forms


def fusion_forms():
    shape = (4, 6)
    text = """HloModule fusion_bitcast, entry_computation_layout={(f32[4,6]{0,1})->f32[6,4]{1,0}}

fused {
  p0 = f32[4,6]{0,1} parameter(0)
  n = f32[4,6]{0,1} negate(p0)
  ROOT b = f32[6,4]{1,0} bitcast(n)
}

ENTRY main {
  p = f32[4,6]{0,1} parameter(0)
  ROOT f = f32[6,4]{1,0} fusion(p), kind=kLoop, calls=fused
}
"""
    return [("fusion_bitcast", text, [shape], [[0, 1]], [[1, 0]],
             lambda x: [bitcast(-x, [0, 1], (6, 4), [1, 0])])]


def spd(n, seed):
    rng = np.random.default_rng(seed)
    m = rng.standard_normal((n, n))
    return (m @ m.T + n * np.eye(n)).astype(np.float32)


def lapack_forms():
    forms = []
    n = 5
    # potrf: the operand constrained row-major (LAPACK factors the
    # transpose of what it is handed), the factor read row-major.
    for name, lin, lout in [("potrf_rowmajor_in_out", [1, 0], [1, 0]),
                            ("potrf_rowmajor_in", [1, 0], [0, 1]),
                            ("potrf_rowmajor_out", [0, 1], [1, 0])]:
        a = shape_text((n, n), lin)
        r = shape_text((n, n), lout)
        text = f"""HloModule {name}

ENTRY main {{
  p = f32[{n},{n}]{{1,0}} parameter(0)
  ROOT c = ({r}, s32[]) custom-call(p), custom_call_target="lapack_spotrf_ffi", operand_layout_constraints={{{a}}}, api_version=API_VERSION_TYPED_FFI, backend_config={{uplo = 76 : ui8}}
}}
"""

        def ref(x, lin=lin, lout=lout):
            m = lapack_seen(x.astype(np.float64), lin)
            o = np.tril(np.linalg.cholesky(np.tril(m) + np.tril(m, -1).T))
            o = o + np.triu(m, 1)
            return [lapack_read(o, lout), np.array(0, np.int32)]
        # Not symmetric: which triangle LAPACK reads shows.
        x = spd(n, 1) + 0.3 * np.triu(
            np.random.default_rng(3).standard_normal((n, n)), 1).astype(
                np.float32)
        forms.append((name, text, [(n, n)], [[1, 0]], [lout, []], ref, x))
    # trsm: a (lower triangular) column-major, b (5x3) row-major: LAPACK
    # reads b's buffer as a column-major 5x3 matrix (a scramble of b).
    k = 3
    text = f"""HloModule trsm_mixed

ENTRY main {{
  a = f32[{n},{n}]{{0,1}} parameter(0)
  b = f32[{n},{k}]{{1,0}} parameter(1)
  ROOT x = f32[{n},{k}]{{1,0}} custom-call(a, b), custom_call_target="lapack_strsm_ffi", operand_layout_constraints={{f32[{n},{n}]{{0,1}}, f32[{n},{k}]{{1,0}}}}, api_version=API_VERSION_TYPED_FFI, backend_config={{diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}}
}}
"""

    def trsm_ref(a, b):
        aa = np.tril(lapack_seen(a.astype(np.float64), [0, 1]))
        bb = lapack_seen(b.astype(np.float64), [1, 0])
        return [lapack_read(np.linalg.solve(aa, bb), [1, 0])]
    a = np.tril(spd(n, 2))
    forms.append(("trsm_mixed", text, [(n, n), (n, k)], [[0, 1], [1, 0]],
                  [[1, 0]], trsm_ref, a))
    return forms


def run(cmd):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=300)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--tmp", required=True)
    parser.add_argument("--only")
    args = parser.parse_args()
    runner = os.path.join(args.bin, "hlo-runner")
    opt = os.path.join(args.bin, "hlo-opt")
    forms = (elementwise_forms() + bitcast_forms() + fusion_forms() +
             lapack_forms())
    passed = failed = 0
    for form in forms:
        name, text, shapes, in_layouts, out_layouts, ref = form[:6]
        if args.only and args.only != name:
            continue
        d = os.path.join(args.tmp, name)
        os.makedirs(d, exist_ok=True)
        hlo = os.path.join(d, "program.hlo")
        with open(hlo, "w") as f:
            f.write(text)
        rng = np.random.default_rng(len(name))
        inputs = [rng.uniform(-1, 1, s).astype(np.float32) for s in shapes]
        if len(form) > 6:
            inputs[0] = form[6]
        expected = ref(*inputs)
        for mode in ("imported", "normalized", "physical"):
            program = hlo
            feed = inputs
            if mode != "imported":
                program = os.path.join(d, mode + ".mlir")
                option = "=physical-signature" if mode == "physical" else ""
                proc = run([opt, hlo, "--hlo-layout-normalization" + option,
                            "-o", program])
                if proc.returncode:
                    print(f"{name} [{mode}]: FAILED (hlo-opt)\n{proc.stderr}")
                    failed += 1
                    continue
            if mode == "physical":
                feed = [np.ascontiguousarray(physical(x, m2m))
                        for x, m2m in zip(inputs, in_layouts)]
            paths = []
            for i, x in enumerate(feed):
                paths.append(os.path.join(d, f"{mode}_in{i}.npy"))
                np.save(paths[-1], x)
            out = os.path.join(d, mode + "_out")
            proc = run([runner, program, "--output", out] +
                       [a for p in paths for a in ("--input", p)])
            if proc.returncode:
                print(f"{name} [{mode}]: FAILED (hlo-runner)\n{proc.stderr}")
                failed += 1
                continue
            ok = True
            for i, want in enumerate(expected):
                got = np.load(os.path.join(out, f"result{i}.npy"))
                if mode == "physical" and np.ndim(want) > 0:
                    want = physical(want, out_layouts[i])
                if got.shape != np.shape(want) or not np.allclose(
                        got, want, rtol=1e-4, atol=1e-5):
                    print(f"{name} [{mode}]: FAILED: result {i} differs "
                          f"(shape {got.shape}, want {np.shape(want)})")
                    ok = False
            if ok:
                print(f"{name} [{mode}]: ok")
                passed += 1
            else:
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
