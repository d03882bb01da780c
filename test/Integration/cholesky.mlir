// hlo.cholesky on run-time inputs (the runner makes the constants of a
// self-checking program parameters), checked against numpy.linalg.cholesky.
// The expected factors were computed offline with numpy 2 in float64:
//   L = numpy.linalg.cholesky(a); U = L.conj().T (per matrix of a batch),
// for small integer Hermitian positive-definite matrices m @ m^H + n I
// (numpy.random.default_rng(7)). The non-positive-definite case follows XLA
// (stablehlo.cholesky compiled by XLA:CPU through jaxlib gave the same): the
// whole failing matrix of the batch is NaN, the other matrices are exact.
// RUN: hlo-runner %s | FileCheck %s
// CHECK: 13 passed, 0 failed

func.func @main() {
  // The spec's example: every intermediate is exact.
  %spec = hlo.constant dense<[[1.0, 2.0, 3.0], [2.0, 20.0, 26.0], [3.0, 26.0, 70.0]]> : tensor<3x3xf32>
  %0 = hlo.cholesky %spec, lower = true : tensor<3x3xf32>
  check.expect_eq_const %0, dense<[[1.0, 0.0, 0.0], [2.0, 4.0, 0.0], [3.0, 5.0, 6.0]]> : tensor<3x3xf32>
  %1 = hlo.cholesky %spec : tensor<3x3xf32>
  check.expect_eq_const %1, dense<[[1.0, 2.0, 3.0], [0.0, 4.0, 5.0], [0.0, 0.0, 6.0]]> : tensor<3x3xf32>

  // A batch of two f32 matrices, lower and upper.
  %b = hlo.constant dense<[[[24.0, 1.0, -3.0, 12.0], [1.0, 17.0, -15.0, -7.0], [-3.0, -15.0, 27.0, 0.0], [12.0, -7.0, 0.0, 26.0]], [[26.0, -5.0, -19.0, -3.0], [-5.0, 14.0, 3.0, -1.0], [-19.0, 3.0, 21.0, 3.0], [-3.0, -1.0, 3.0, 5.0]]]> : tensor<2x4x4xf32>
  %2 = hlo.cholesky %b, lower = true : tensor<2x4x4xf32>
  check.expect_almost_eq_const %2, dense<[[[4.898979485566356, 0.0, 0.0, 0.0], [0.20412414523193154, 4.118049700201945, 0.0, 0.0], [-0.6123724356957946, -3.612146788629225, 3.6847517660482336, 0.0], [2.4494897427831783, -1.821250481661794, -1.3782811980495293, 3.8449171151209276]], [[5.0990195135927845, 0.0, 0.0, 0.0], [-0.9805806756909202, 3.6108809920103346, 0.0, 0.0], [-3.7262065676254967, -0.1810766279179225, 2.6613146883084853, 0.0], [-0.5883484054145521, -0.4367142202726364, 0.27377956185430885, 2.094796313527566]]]> : tensor<2x4x4xf32> {tolerance = 1.0e-5 : f64}
  %3 = hlo.cholesky %b : tensor<2x4x4xf32>
  check.expect_almost_eq_const %3, dense<[[[4.898979485566356, 0.20412414523193154, -0.6123724356957946, 2.4494897427831783], [0.0, 4.118049700201945, -3.612146788629225, -1.821250481661794], [0.0, 0.0, 3.6847517660482336, -1.3782811980495293], [0.0, 0.0, 0.0, 3.8449171151209276]], [[5.0990195135927845, -0.9805806756909202, -3.7262065676254967, -0.5883484054145521], [0.0, 3.6108809920103346, -0.1810766279179225, -0.4367142202726364], [0.0, 0.0, 2.6613146883084853, 0.27377956185430885], [0.0, 0.0, 0.0, 2.094796313527566]]]> : tensor<2x4x4xf32> {tolerance = 1.0e-5 : f64}

  // f64; only the triangle named by `lower` is read (99 and -99 elsewhere).
  %lo = hlo.constant dense<[[21.0, 99.0, 99.0, 99.0], [7.0, 16.0, 99.0, 99.0], [-6.0, -10.0, 16.0, 99.0], [-9.0, -2.0, -2.0, 32.0]]> : tensor<4x4xf64>
  %up = hlo.constant dense<[[21.0, 7.0, -6.0, -9.0], [-99.0, 16.0, -10.0, -2.0], [-99.0, -99.0, 16.0, -2.0], [-99.0, -99.0, -99.0, 32.0]]> : tensor<4x4xf64>
  %4 = hlo.cholesky %lo, lower = true : tensor<4x4xf64>
  check.expect_almost_eq_const %4, dense<[[4.58257569495584, 0.0, 0.0, 0.0], [1.5275252316519468, 3.696845502136472, 0.0, 0.0], [-1.3093073414159544, -2.164007123201838, 3.098836468167688, 0.0], [-1.9639610121239315, 0.27050089040022984, -1.2863094773526254, 5.139561687500466]]> : tensor<4x4xf64> {tolerance = 1.0e-13 : f64}
  %5 = hlo.cholesky %up : tensor<4x4xf64>
  check.expect_almost_eq_const %5, dense<[[4.58257569495584, 1.5275252316519468, -1.3093073414159544, -1.9639610121239315], [0.0, 3.696845502136472, -2.164007123201838, 0.27050089040022984], [0.0, 0.0, 3.098836468167688, -1.2863094773526254], [0.0, 0.0, 0.0, 5.139561687500466]]> : tensor<4x4xf64> {tolerance = 1.0e-13 : f64}

  // complex<f32>, Hermitian: a = L L^H, U = L^H.
  %c = hlo.constant dense<[[(22.0, 0.0), (-11.0, -3.0), (-17.0, 2.0)], [(-11.0, 3.0), (17.0, 0.0), (16.0, -15.0)], [(-17.0, -2.0), (16.0, 15.0), (42.0, 0.0)]]> : tensor<3x3xcomplex<f32>>
  %6 = hlo.cholesky %c, lower = true : tensor<3x3xcomplex<f32>>
  check.expect_almost_eq_const %6, dense<[[(4.69041575982343, 0.0), (0.0, 0.0), (0.0, 0.0)], [(-2.3452078799117144, 0.6396021490668312), (3.3303016516389463, 0.0), (0.0, 0.0)], [(-3.624412178045377, -0.42640143271122083), (2.3339409115994254, 3.5077357560295455), (3.3061046367065363, 0.0)]]> : tensor<3x3xcomplex<f32>> {tolerance = 1.0e-5 : f64}
  %7 = hlo.cholesky %c : tensor<3x3xcomplex<f32>>
  check.expect_almost_eq_const %7, dense<[[(4.69041575982343, -0.0), (-2.3452078799117144, -0.6396021490668312), (-3.624412178045377, 0.42640143271122083)], [(0.0, -0.0), (3.3303016516389463, -0.0), (2.3339409115994254, -3.5077357560295455)], [(0.0, -0.0), (0.0, -0.0), (3.3061046367065363, -0.0)]]> : tensor<3x3xcomplex<f32>> {tolerance = 1.0e-5 : f64}

  // A batch of complex<f64>.
  %cb = hlo.constant dense<[[[(39.0, 0.0), (-20.0, -5.0), (11.0, -16.0)], [(-20.0, 5.0), (22.0, 0.0), (-9.0, 3.0)], [(11.0, 16.0), (-9.0, -3.0), (30.0, 0.0)]], [[(29.0, 0.0), (-7.0, -7.0), (-5.0, 14.0)], [(-7.0, 7.0), (14.0, 0.0), (1.0, -12.0)], [(-5.0, -14.0), (1.0, 12.0), (27.0, 0.0)]]]> : tensor<2x3x3xcomplex<f64>>
  %8 = hlo.cholesky %cb, lower = true : tensor<2x3x3xcomplex<f64>>
  check.expect_almost_eq_const %8, dense<[[[(6.244997998398398, 0.0), (0.0, 0.0), (0.0, 0.0)], [(-3.2025630761017427, 0.8006407690254357), (3.3320510354080866, 0.0), (0.0, 0.0)], [(1.7614096918559585, 2.562050460881394), (-1.6237015438131783, 1.985379138880569), (3.708799846965307, 0.0)]], [[(5.385164807134504, 0.0), (0.0, 0.0), (0.0, 0.0)], [(-1.299867367239363, 1.299867367239363), (3.2589399588167334, 0.0), (0.0, 0.0)], [(-0.9284766908852593, -2.599734734478726), (0.9734495980881154, 2.2749093868363564), (3.640946787099958, 0.0)]]]> : tensor<2x3x3xcomplex<f64>> {tolerance = 1.0e-13 : f64}
  %9 = hlo.cholesky %cb : tensor<2x3x3xcomplex<f64>>
  check.expect_almost_eq_const %9, dense<[[[(6.244997998398398, -0.0), (-3.2025630761017427, -0.8006407690254357), (1.7614096918559585, -2.562050460881394)], [(0.0, -0.0), (3.3320510354080866, -0.0), (-1.6237015438131783, -1.985379138880569)], [(0.0, -0.0), (0.0, -0.0), (3.708799846965307, -0.0)]], [[(5.385164807134504, -0.0), (-1.299867367239363, -1.299867367239363), (-0.9284766908852593, 2.599734734478726)], [(0.0, -0.0), (3.2589399588167334, -0.0), (0.9734495980881154, -2.2749093868363564)], [(0.0, -0.0), (0.0, -0.0), (3.640946787099958, -0.0)]]]> : tensor<2x3x3xcomplex<f64>> {tolerance = 1.0e-13 : f64}

  // Not positive definite (XLA's behaviour): the second matrix, whose
  // second pivot is 1 - 4 = -3, becomes all NaN; the first is still factored
  // (its upper triangle zero). A negative first pivot fails the same way,
  // and so does a complex matrix (NaN real parts, zero imaginary parts).
  %n = hlo.constant dense<[[[4.0, 2.0, 2.0], [2.0, 5.0, 3.0], [2.0, 3.0, 6.0]], [[1.0, 2.0, 3.0], [2.0, 1.0, 0.0], [3.0, 0.0, 1.0]]]> : tensor<2x3x3xf32>
  %10 = hlo.cholesky %n, lower = true : tensor<2x3x3xf32>
  check.expect_almost_eq_const %10, dense<[[[2.0, 0.0, 0.0], [1.0, 2.0, 0.0], [1.0, 1.0, 2.0]], [[0x7FC00000, 0x7FC00000, 0x7FC00000], [0x7FC00000, 0x7FC00000, 0x7FC00000], [0x7FC00000, 0x7FC00000, 0x7FC00000]]]> : tensor<2x3x3xf32>
  %neg = hlo.constant dense<[[-4.0, 0.0], [0.0, 4.0]]> : tensor<2x2xf64>
  %11 = hlo.cholesky %neg : tensor<2x2xf64>
  check.expect_almost_eq_const %11, dense<0x7FF8000000000000> : tensor<2x2xf64>
  %cn = hlo.constant dense<[[(1.0, 0.0), (2.0, 0.0)], [(2.0, 0.0), (1.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %12 = hlo.cholesky %cn, lower = true : tensor<2x2xcomplex<f32>>
  check.expect_almost_eq_const %12, dense<(0x7FC00000, 0.0)> : tensor<2x2xcomplex<f32>>
  func.return
}
