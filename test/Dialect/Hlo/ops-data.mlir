// Round trip of pad, reverse, dynamic_slice, dynamic_update_slice,
// is_finite, real, imag, complex and bitcast_convert.
// RUN: hlo-opt %s | hlo-opt | FileCheck %s
// RUN: hlo-opt %s -mlir-print-op-generic | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @data
func.func @data(%x: tensor<2x3xf32>, %z: tensor<f32>, %i: tensor<i64>, %u: tensor<1x2xf32>, %c: tensor<3xcomplex<f32>>) {
  // CHECK: hlo.pad %arg0, %arg1, low = [0, -1], high = [2, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x2xf32>
  %0 = hlo.pad %x, %z, low = [0, -1], high = [2, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x2xf32>
  // CHECK: hlo.reverse %arg0, dims = [0, 1] : tensor<2x3xf32>
  %1 = hlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  // CHECK: hlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  %2 = hlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  // CHECK: hlo.dynamic_update_slice %arg0, %arg3, %arg2, %arg2 : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  %3 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  // CHECK: hlo.is_finite %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %4 = hlo.is_finite %x : (tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: %[[RE:.*]] = hlo.real %arg4 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %5 = hlo.real %c : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  // CHECK: %[[IM:.*]] = hlo.imag %arg4 : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %6 = hlo.imag %c : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  // CHECK: hlo.complex %[[RE]], %[[IM]] : tensor<3xcomplex<f32>>
  %7 = hlo.complex %5, %6 : tensor<3xcomplex<f32>>
  // CHECK: hlo.bitcast_convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %8 = hlo.bitcast_convert %x : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return
}
