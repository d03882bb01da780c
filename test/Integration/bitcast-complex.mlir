// bitcast_convert between complex types of different widths (the spec's
// (C2) allows complex only to complex): a complex<f64> is the bits of its
// real part then its imaginary part, and becomes two complex<f32> along a
// new last dimension, the least significant half first (memory order on a
// little-endian machine), and back. The runner makes the constants run-time
// inputs. Expected values: numpy's reinterpretation of the same memory
// (`c.view(np.complex64)`, parts as `.view(np.int32)`), computed offline.
// RUN: hlo-runner --split-input-file %s | FileCheck %s
// CHECK: 4 passed, 0 failed

func.func @c128_to_c64() {
  %c = hlo.constant dense<[[(3.5, -1.0), (1.000000e-300, 2.0)], [(0.1, 0.2), (-7.25, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %h = hlo.bitcast_convert %c : (tensor<2x2xcomplex<f64>>) -> tensor<2x2x2xcomplex<f32>>
  %re = hlo.real %h : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2x2xf32>
  %im = hlo.imag %h : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2x2xf32>
  %rb = hlo.bitcast_convert %re : (tensor<2x2x2xf32>) -> tensor<2x2x2xi32>
  %ib = hlo.bitcast_convert %im : (tensor<2x2x2xf32>) -> tensor<2x2x2xi32>
  check.expect_eq_const %rb, dense<[[[0, 0], [-1023872167, 0]], [[-1717986918, -1717986918], [0, 0]]]> : tensor<2x2x2xi32>
  check.expect_eq_const %ib, dense<[[[1074528256, -1074790400], [27618847, 1073741824]], [[1069128089, 1070176665], [-1071841280, 0]]]> : tensor<2x2x2xi32>
  return
}

// -----

func.func @c64_to_c128() {
  %rb = hlo.constant dense<[[[0, 0], [-1023872167, 0]], [[-1717986918, -1717986918], [0, 0]]]> : tensor<2x2x2xi32>
  %ib = hlo.constant dense<[[[1074528256, -1074790400], [27618847, 1073741824]], [[1069128089, 1070176665], [-1071841280, 0]]]> : tensor<2x2x2xi32>
  %re = hlo.bitcast_convert %rb : (tensor<2x2x2xi32>) -> tensor<2x2x2xf32>
  %im = hlo.bitcast_convert %ib : (tensor<2x2x2xi32>) -> tensor<2x2x2xf32>
  %h = hlo.complex %re, %im : tensor<2x2x2xcomplex<f32>>
  %c = hlo.bitcast_convert %h : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f64>>
  check.expect_eq_const %c, dense<[[(3.5, -1.0), (1.000000e-300, 2.0)], [(0.1, 0.2), (-7.25, 0.0)]]> : tensor<2x2xcomplex<f64>>
  return
}

// -----

// The same width keeps the shape.
func.func @c64_to_c64() {
  %c = hlo.constant dense<[(1.5, -2.0), (0.0, 3.0)]> : tensor<2xcomplex<f32>>
  %r = hlo.bitcast_convert %c : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(1.5, -2.0), (0.0, 3.0)]> : tensor<2xcomplex<f32>>
  return
}
