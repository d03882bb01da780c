// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @functions
func.func @functions(%x: tensor<4xf32>, %b: tensor<4xbf16>, %z: tensor<4xcomplex<f64>>) {
  // CHECK: chlo.acos %arg0 : tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.acos %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.acosh %arg1 : tensor<4xbf16> -> tensor<4xbf16>
  %1 = chlo.acosh %b : tensor<4xbf16> -> tensor<4xbf16>
  // CHECK: chlo.asin
  %2 = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.asinh
  %3 = chlo.asinh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.atan
  %4 = chlo.atan %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.atanh
  %5 = chlo.atanh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.cosh
  %6 = chlo.cosh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.sinh
  %7 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.tan %arg2 : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %8 = chlo.tan %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: chlo.erf
  %9 = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.erfc
  %10 = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @needs_floats(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'chlo.erf' op operand #0 must be ranked tensor of floating-point or complex type with 32-bit float or 64-bit float elements values, but got 'tensor<4xi32>'}}
  %0 = chlo.erf %x : tensor<4xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @same_types(%x: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'chlo.sinh' op requires the same type for all operands and results}}
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @special_functions
func.func @special_functions(%x: tensor<4xf32>, %h: tensor<4xf16>, %i: tensor<2x5xi8>) {
  // CHECK: chlo.lgamma %arg0 : tensor<4xf32> -> tensor<4xf32>
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.digamma %arg1 : tensor<4xf16> -> tensor<4xf16>
  %1 = chlo.digamma %h : tensor<4xf16> -> tensor<4xf16>
  // CHECK: chlo.erf_inv %arg0 : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.bessel_i1e %arg0 : tensor<4xf32> -> tensor<4xf32>
  %3 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  // CHECK: chlo.next_after %arg0, %arg0 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %4 = chlo.next_after %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // CHECK: %{{.*}}, %{{.*}} = chlo.top_k(%arg2, k = 3) : tensor<2x5xi8> -> (tensor<2x3xi8>, tensor<2x3xi32>)
  %v, %j = chlo.top_k(%i, k = 3) : tensor<2x5xi8> -> (tensor<2x3xi8>, tensor<2x3xi32>)
  return
}
