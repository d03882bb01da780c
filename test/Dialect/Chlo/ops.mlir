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

// -----

// CHECK-LABEL: func.func @mulhi
func.func @mulhi(%x: tensor<3xi32>, %u: tensor<2xui8>) -> (tensor<3xi32>, tensor<2xui8>) {
  // CHECK: chlo.mulhi %arg0, %arg0 : tensor<3xi32>, tensor<3xi32> -> tensor<3xi32>
  %0 = chlo.mulhi %x, %x : tensor<3xi32>, tensor<3xi32> -> tensor<3xi32>
  // CHECK: chlo.mulhi %arg1, %arg1 : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  %1 = "chlo.mulhi"(%u, %u) : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  return %0, %1 : tensor<3xi32>, tensor<2xui8>
}

// -----

// CHECK-LABEL: func.func @ragged_dot
func.func @ragged_dot(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %sizes: tensor<3xi64>,
                      %lhs2: tensor<11x5xf32>, %rhs2: tensor<5x7xf32>) -> (tensor<2x11x7xf32>, tensor<3x11x7xf32>) {
  // CHECK: "chlo.ragged_dot"(%arg0, %arg1, %arg2) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  // Empty lists may be written or left out.
  // CHECK: #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1]>
  %1 = "chlo.ragged_dot"(%lhs2, %rhs2, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = []>
  } : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return %0, %1 : tensor<2x11x7xf32>, tensor<3x11x7xf32>
}

// -----

// CHECK-LABEL: func.func @scan
func.func @scan(%x: tensor<4x2xi32>, %y: tensor<4x2xf32>, %init: tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>) {
  // CHECK: %{{.*}}, %{{.*}} = chlo.scan(%arg0, %arg1) inits(%arg2) dimension=0 attributes {is_reverse = true} {
  // CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<2xi32>, %[[B:.*]]: tensor<2xf32>, %[[C:.*]]: tensor<2xi32>):
  // CHECK: hlo.return %{{.*}}, %{{.*}} : tensor<f32>, tensor<2xi32>
  // CHECK-NEXT: } : (tensor<4x2xi32>, tensor<4x2xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>)
  %0:2 = chlo.scan(%x, %y) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<2xi32>, %b: tensor<2xf32>, %c: tensor<2xi32>):
    %s = hlo.add %a, %c : tensor<2xi32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    hlo.return %z, %s : tensor<f32>, tensor<2xi32>
  } : (tensor<4x2xi32>, tensor<4x2xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<2xi32>
}
