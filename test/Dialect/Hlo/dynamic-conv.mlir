// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: hlo-opt %s -split-input-file -verify-diagnostics --hlo-canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @dynamic_conv
// CHECK: "hlo.dynamic_conv"(%arg0, %arg1, %{{.*}})
// A constant padding makes it a convolution.
// CANON-LABEL: func.func @dynamic_conv
// CANON: hlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = {{\[\[}}1, 1]]}
func.func @dynamic_conv(%lhs: tensor<1x4x1xf32>, %rhs: tensor<2x1x1xf32>) -> tensor<1x5x1xf32> {
  %p = hlo.constant dense<[[1, 1]]> : tensor<1x2xi64>
  %r = "hlo.dynamic_conv"(%lhs, %rhs, %p) <{dimension_numbers = #hlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64}> : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x5x1xf32>
  return %r : tensor<1x5x1xf32>
}

// -----

func.func @dynamic_conv_c2(%lhs: tensor<1x4x1xf32>, %rhs: tensor<2x1x1xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{'hlo.dynamic_conv' op window_strides must have 1 entries, one per spatial dimension (dynamic_conv_c2)}}
  %r = "hlo.dynamic_conv"(%lhs, %rhs, %p) <{window_strides = array<i64: 1, 1>, dimension_numbers = #hlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64}> : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x5x1xf32>
  return
}

// -----

func.func @dynamic_conv_c4(%lhs: tensor<1x4x1xf32>, %rhs: tensor<2x1x1xf32>, %p: tensor<2x2xi64>) {
  // expected-error @+1 {{'hlo.dynamic_conv' op padding must have shape [1, 2] (dynamic_conv_c4), found 'tensor<2x2xi64>'}}
  %r = "hlo.dynamic_conv"(%lhs, %rhs, %p) <{dimension_numbers = #hlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64}> : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<2x2xi64>) -> tensor<1x5x1xf32>
  return
}

// -----

func.func @dynamic_conv_c1(%lhs: tensor<1x4x1xf32>, %rhs: tensor<2x1xf32>, %p: tensor<1x2xi64>) {
  // expected-error @+1 {{'hlo.dynamic_conv' op lhs and rhs must have the same rank (dynamic_conv_c1)}}
  %r = "hlo.dynamic_conv"(%lhs, %rhs, %p) <{dimension_numbers = #hlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64}> : (tensor<1x4x1xf32>, tensor<2x1xf32>, tensor<1x2xi64>) -> tensor<1x5x1xf32>
  return
}
