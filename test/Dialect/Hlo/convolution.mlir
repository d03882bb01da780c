// RUN: hlo-opt %s | hlo-opt | FileCheck %s
// RUN: hlo-opt %s -mlir-print-op-generic | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @conv
// CHECK: hlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [{{\[}}1, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 1], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x4x16xf32>
func.func @conv(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x4x16xf32> {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [[1, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 1], reverse = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x4x16xf32>
  return %0 : tensor<1x6x4x16xf32>
}

// The spec's example.
// CHECK-LABEL: func.func @conv_spec_example
// CHECK: window = {stride = [4, 4], pad = {{\[\[}}0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]}
func.func @conv_spec_example(%x: tensor<1x4x4x1xi64>, %k: tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64> {
  %0 = "hlo.convolution"(%x, %k) <{window_strides = array<i64: 4, 4>, padding = dense<0> : tensor<2x2xi64>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>]}> : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  return %0 : tensor<1x2x2x1xi64>
}

// StableHLO's raw dimension numbers parse; valid ones print compactly.
// CHECK-LABEL: func.func @conv_raw_dim_numbers
// CHECK: dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f]
func.func @conv_raw_dim_numbers(%x: tensor<?x8x?xf32>, %k: tensor<2x?x?xf32>) -> tensor<?x7x?xf32> {
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64}> : (tensor<?x8x?xf32>, tensor<2x?x?xf32>) -> tensor<?x7x?xf32>
  return %0 : tensor<?x7x?xf32>
}

// Dimension numbers the compact form cannot say print raw.
// CHECK-LABEL: func.func @conv_raw_print
// CHECK-SAME: dims = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>
func.func @conv_raw_print() attributes {dims = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>} {
  return
}

// Feature groups: 4 input features in 2 groups of 2; batch groups: a batch
// of 4 in 2 groups, the kernel's 6 output features split between them.
// CHECK-LABEL: func.func @conv_groups
func.func @conv_groups(%x: tensor<1x8x4xf32>, %k: tensor<3x2x6xf32>, %y: tensor<4x8x2xf32>, %w: tensor<3x2x6xf32>) -> (tensor<1x6x6xf32>, tensor<2x6x6xf32>) {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x8x4xf32>, tensor<3x2x6xf32>) -> tensor<1x6x6xf32>
  %1 = hlo.convolution(%y, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x8x2xf32>, tensor<3x2x6xf32>) -> tensor<2x6x6xf32>
  return %0, %1 : tensor<1x6x6xf32>, tensor<2x6x6xf32>
}

// Quantized: per-tensor; per-axis kernel and result along the output
// features; a float lhs with a quantized kernel (hybrid); i8 operands
// accumulating in i32 (a preferred result type, as XLA and StableHLO allow).
// CHECK-LABEL: func.func @conv_element_types
func.func @conv_element_types(%x: tensor<1x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x2x!quant.uniform<i8:f32, 0.5>>, %ka: tensor<3x3x2x!quant.uniform<i8:f32:2, {0.5, 0.25}>>, %f: tensor<1x8x3xf32>, %i: tensor<1x8x3xi8>, %ki: tensor<3x3x2xi8>) -> (tensor<1x6x2x!quant.uniform<i32:f32, 0.25>>, tensor<1x6x2x!quant.uniform<i32:f32:2, {0.25, 0.125}>>, tensor<1x6x2xf32>, tensor<1x6x2xi32>) {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x6x2x!quant.uniform<i32:f32, 0.25>>
  %1 = hlo.convolution(%x, %ka) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x2x!quant.uniform<i8:f32:2, {0.5, 0.25}>>) -> tensor<1x6x2x!quant.uniform<i32:f32:2, {0.25, 0.125}>>
  %2 = hlo.convolution(%f, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x3xf32>, tensor<3x3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x6x2xf32>
  %3 = hlo.convolution(%i, %ki) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x3xi8>, tensor<3x3x2xi8>) -> tensor<1x6x2xi32>
  return %0, %1, %2, %3 : tensor<1x6x2x!quant.uniform<i32:f32, 0.25>>, tensor<1x6x2x!quant.uniform<i32:f32:2, {0.25, 0.125}>>, tensor<1x6x2xf32>, tensor<1x6x2xi32>
}

// Dynamic sizes are compatible with any size; an empty window (kernel
// larger than the padded input) gives 0 windows.
// CHECK-LABEL: func.func @conv_dynamic_and_empty
func.func @conv_dynamic_and_empty(%x: tensor<?x8x3xf32>, %k: tensor<3x3x?xf32>, %y: tensor<1x2x3xf32>, %w: tensor<3x3x4xf32>) -> (tensor<?x6x?xf32>, tensor<1x0x4xf32>) {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<?x8x3xf32>, tensor<3x3x?xf32>) -> tensor<?x6x?xf32>
  %1 = hlo.convolution(%y, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x3xf32>, tensor<3x3x4xf32>) -> tensor<1x0x4xf32>
  return %0, %1 : tensor<?x6x?xf32>, tensor<1x0x4xf32>
}
