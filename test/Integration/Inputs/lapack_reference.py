"""Runs JAX's LAPACK custom calls, as our native lowerings compile them, on
random batches and compares with LAPACK itself (scipy.linalg.lapack) and
numpy.linalg: pivots, Householder reflectors and tau, Q, info exactly as
LAPACK; eigenvalues and singular values, and sign-free functions of the
vectors (reconstructions, orthogonality).

Usage: lapack_reference.py HLO_RUNNER WORKDIR
"""
import subprocess
import sys

import numpy as np
import scipy.linalg.lapack as lapack

runner, work = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(22)

PROGRAM = """
func.func @main(%a: tensor<2x4x6xf64>, %b: tensor<3x5x5xf32>, %c: tensor<2x3x3xf32>,
                %s: tensor<3x5x5xf64>, %t: tensor<2x7x3xf32>,
                %z: tensor<2x4x4xcomplex<f64>>)
    -> (tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<2x4x6xf64>, tensor<2xi32>,
        tensor<3x5x5xf32>, tensor<3x5xi32>, tensor<3xi32>,
        tensor<2x3x3xf32>, tensor<2xi32>,
        tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x6x4xf64>,
        tensor<3x5x5xf64>, tensor<3x5xf64>, tensor<3xi32>,
        tensor<2x3xf32>, tensor<2x7x3xf32>, tensor<2x3x3xf32>,
        tensor<2x4x4xcomplex<f64>>, tensor<2x4xi32>, tensor<2xi32>,
        tensor<2x3xf32>, tensor<2x7x7xf32>, tensor<2x3x3xf32>,
        tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<2x6x6xf64>) {
  %0:5 = hlo.custom_call @lapack_dgesdd_ffi(%a) {mhlo.backend_config = {mode = 83 : ui8}} : (tensor<2x4x6xf64>) -> (tensor<2x4x6xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<2x4x6xf64>, tensor<2xi32>)
  %1:3 = hlo.custom_call @lapack_sgetrf_ffi(%b) : (tensor<3x5x5xf32>) -> (tensor<3x5x5xf32>, tensor<3x5xi32>, tensor<3xi32>)
  %2:2 = hlo.custom_call @lapack_spotrf_ffi(%c) {mhlo.backend_config = {uplo = 85 : ui8}} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2xi32>)
  %at = hlo.transpose %a, dims = [0, 2, 1] : (tensor<2x4x6xf64>) -> tensor<2x6x4xf64>
  %3:2 = hlo.custom_call @lapack_dgeqrf_ffi(%at) : (tensor<2x6x4xf64>) -> (tensor<2x6x4xf64>, tensor<2x4xf64>)
  %4 = hlo.custom_call @lapack_dorgqr_ffi(%3#0, %3#1) : (tensor<2x6x4xf64>, tensor<2x4xf64>) -> tensor<2x6x4xf64>
  %5:3 = hlo.custom_call @lapack_dsyevd_ffi(%s) {mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}} : (tensor<3x5x5xf64>) -> (tensor<3x5x5xf64>, tensor<3x5xf64>, tensor<3xi32>)
  %6:5 = hlo.custom_call @lapack_sgesdd_ffi(%t) {mhlo.backend_config = {mode = 83 : ui8}} : (tensor<2x7x3xf32>) -> (tensor<2x7x3xf32>, tensor<2x3xf32>, tensor<2x7x3xf32>, tensor<2x3x3xf32>, tensor<2xi32>)
  %7:3 = hlo.custom_call @lapack_zgetrf_ffi(%z) : (tensor<2x4x4xcomplex<f64>>) -> (tensor<2x4x4xcomplex<f64>>, tensor<2x4xi32>, tensor<2xi32>)
  %8:5 = hlo.custom_call @lapack_sgesdd_ffi(%t) {mhlo.backend_config = {mode = 65 : ui8}} : (tensor<2x7x3xf32>) -> (tensor<2x7x3xf32>, tensor<2x3xf32>, tensor<2x7x7xf32>, tensor<2x3x3xf32>, tensor<2xi32>)
  %9:5 = hlo.custom_call @lapack_dgesdd_ffi(%a) {mhlo.backend_config = {mode = 65 : ui8}} : (tensor<2x4x6xf64>) -> (tensor<2x4x6xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<2x6x6xf64>, tensor<2xi32>)
  return %0#1, %0#2, %0#3, %0#4, %1#0, %1#1, %1#2, %2#0, %2#1, %3#0, %3#1, %4, %5#0, %5#1, %5#2, %6#1, %6#2, %6#3, %7#0, %7#1, %7#2, %8#1, %8#2, %8#3, %9#1, %9#2, %9#3
      : tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<2x4x6xf64>, tensor<2xi32>,
        tensor<3x5x5xf32>, tensor<3x5xi32>, tensor<3xi32>,
        tensor<2x3x3xf32>, tensor<2xi32>,
        tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x6x4xf64>,
        tensor<3x5x5xf64>, tensor<3x5xf64>, tensor<3xi32>,
        tensor<2x3xf32>, tensor<2x7x3xf32>, tensor<2x3x3xf32>,
        tensor<2x4x4xcomplex<f64>>, tensor<2x4xi32>, tensor<2xi32>,
        tensor<2x3xf32>, tensor<2x7x7xf32>, tensor<2x3x3xf32>,
        tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<2x6x6xf64>
}
"""

a = rng.standard_normal((2, 4, 6))
b = rng.standard_normal((3, 5, 5)).astype(np.float32)
b[2, :, 1] = 0  # singular: info = 2, as LAPACK
c = np.stack([4 * np.eye(3) + 0.5, -np.eye(3)]).astype(np.float32)
s = rng.standard_normal((3, 5, 5))
s[2] = np.diag([3.0, 1.0, 3.0, -2.0, 0.5])  # already diagonal, repeated
t = rng.standard_normal((2, 7, 3)).astype(np.float32)
z = rng.standard_normal((2, 4, 4)) + 1j * rng.standard_normal((2, 4, 4))
inputs = [a, b, c, s, t, z]
with open(f"{work}/program.mlir", "w") as f:
    f.write(PROGRAM)
args = [runner, f"{work}/program.mlir", "--output", f"{work}/out"]
for i, x in enumerate(inputs):
    np.save(f"{work}/input{i}.npy", x)
    args += ["--input", f"{work}/input{i}.npy"]
subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
o = [np.load(f"{work}/out/result{i}.npy") for i in range(27)]

checks = 0
def check(name, ok):
    global checks
    if not ok:
        print(f"FAILED: {name}")
        sys.exit(1)
    checks += 1

def close(x, y, tol):
    return np.allclose(x, y, rtol=tol, atol=tol)

for k in range(2):  # dgesdd of wide matrices
    sv, u, vt = o[0][k], o[1][k], o[2][k]
    check("gesdd s", close(sv, np.linalg.svd(a[k], compute_uv=False), 1e-12))
    check("gesdd usv", close((u * sv) @ vt, a[k], 1e-12))
    check("gesdd u", close(u.T @ u, np.eye(4), 1e-12))
    check("gesdd vt", close(vt @ vt.T, np.eye(4), 1e-12))
    check("gesdd info", o[3][k] == 0)
for k in range(3):  # sgetrf, pivots 1-based
    lu, piv, info = lapack.sgetrf(b[k])
    check("getrf lu", close(o[4][k], lu, 1e-5))
    check("getrf pivots", np.array_equal(o[5][k] - 1, piv))
    check("getrf info", o[6][k] == info)
cf, info = lapack.spotrf(c[0], lower=0, clean=0)
check("potrf upper", close(o[7][0], cf, 1e-6) and o[8][0] == 0)
check("potrf not positive definite", o[8][1] > 0)
for k in range(2):  # dgeqrf / dorgqr: LAPACK's reflectors and tau
    qr, tau, _, _ = lapack.dgeqrf(a[k].T)
    q, _, _ = lapack.dorgqr(qr, tau)
    check("geqrf", close(o[9][k], qr, 1e-12))
    check("geqrf tau", close(o[10][k], tau, 1e-12))
    check("orgqr", close(o[11][k], q, 1e-12))
for k in range(3):  # dsyevd reading the upper triangle
    sym = np.triu(s[k]) + np.triu(s[k], 1).T
    v, w = o[12][k], o[13][k]
    check("syevd w", close(w, np.linalg.eigvalsh(sym), 1e-12))
    check("syevd vwv", close((v * w) @ v.T, sym, 1e-12))
    check("syevd v", close(v.T @ v, np.eye(5), 1e-12))
    check("syevd info", o[14][k] == 0)
for k in range(2):  # sgesdd of tall matrices
    sv, u, vt = o[15][k], o[16][k], o[17][k]
    check("sgesdd s", close(sv, np.linalg.svd(t[k], compute_uv=False), 1e-5))
    check("sgesdd usv", close((u * sv) @ vt, t[k], 1e-5))
for k in range(2):  # zgetrf: pivots by |re| + |im|
    lu, piv, info = lapack.zgetrf(z[k])
    check("zgetrf lu", close(o[18][k], lu, 1e-12))
    check("zgetrf pivots", np.array_equal(o[19][k] - 1, piv))
    check("zgetrf info", o[20][k] == info)
for k in range(2):  # full_matrices: u (tall) or vt (wide) square, orthogonal
    for (sv, u, vt, x, tol) in ((o[21][k], o[22][k], o[23][k], t[k], 1e-5),
                                (o[24][k], o[25][k], o[26][k], a[k], 1e-12)):
        r = len(sv)
        check("full s", close(sv, np.linalg.svd(x, compute_uv=False), tol))
        check("full usv", close((u[:, :r] * sv) @ vt[:r], x, tol))
        check("full u", close(u.T @ u, np.eye(u.shape[0]), tol))
        check("full vt", close(vt @ vt.T, np.eye(vt.shape[0]), tol))
print(f"lapack: {checks} checks passed")
