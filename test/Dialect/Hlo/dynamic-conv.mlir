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

// The spec's example, with the compact dimension numbers of the interpreter
// test (the spec's raw ones repeat input dimension 0, which dynamic_conv_c13
// rejects).
// CHECK-LABEL: func.func @dynamic_conv_spec_example
// CANON-LABEL: func.func @dynamic_conv_spec_example
// CANON: hlo.convolution
func.func @dynamic_conv_spec_example(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
  %p = hlo.constant dense<1> : tensor<2x2xi64>
  %r = "hlo.dynamic_conv"(%lhs, %rhs, %p) <{window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]}> : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  return %r : tensor<1x2x2x1xi64>
}

// -----

// A run-time padding leaves the result's spatial sizes open: any static
// sizes verify.
// CHECK-LABEL: func.func @dynamic_conv_runtime_padding
func.func @dynamic_conv_runtime_padding(%lhs: tensor<1x4x1xf32>, %rhs: tensor<2x1x1xf32>, %p: tensor<1x2xi32>) -> tensor<1x9x1xf32> {
  %r = "hlo.dynamic_conv"(%lhs, %rhs, %p) <{dimension_numbers = #hlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64}> : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi32>) -> tensor<1x9x1xf32>
  return %r : tensor<1x9x1xf32>
}
