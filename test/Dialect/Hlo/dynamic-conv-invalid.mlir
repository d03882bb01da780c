// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.dynamic_conv: one case per constraint of the
// StableHLO spec's dynamic_conv (C1)..(C34), named after it
// (dynamic_conv_cN); each program violates that constraint only. The
// verifier is convolution's (convolution-invalid.mlir has the same cases);
// the result's spatial sizes are checked when the padding is a constant.
// Positive cases are in dynamic-conv.mlir.

func.func @dynamic_conv_c1_rank_mismatch(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{lhs and rhs must have the same rank (dynamic_conv_c1), found 4 and 3}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c2_window_strides_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{window_strides must have 2 entries, one per spatial dimension (dynamic_conv_c2), found 1}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c3_window_strides_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{window_strides must be positive (dynamic_conv_c3), found [1, 0]}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 1, 0>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c4_padding_shape(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<1x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{padding must have shape [2, 2] (dynamic_conv_c4), found 'tensor<1x2xi64>'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<1x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c5_lhs_dilation_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{lhs_dilation must have 2 entries, one per spatial dimension (dynamic_conv_c5), found 1}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, lhs_dilation = array<i64: 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c6_lhs_dilation_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{lhs_dilation must be positive (dynamic_conv_c6), found [0, 1]}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, lhs_dilation = array<i64: 0, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c7_rhs_dilation_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{rhs_dilation must have 2 entries, one per spatial dimension (dynamic_conv_c7), found 3}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, rhs_dilation = array<i64: 1, 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c8_rhs_dilation_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{rhs_dilation must be positive (dynamic_conv_c8), found [1, -1]}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, rhs_dilation = array<i64: 1, -1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c9_window_reversal_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{window_reversal must have 2 entries, one per spatial dimension (dynamic_conv_c9), found 1}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_reversal = array<i1: false>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c10_batch_not_divisible(%x: tensor<3x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input batch dimension size 3 must be a multiple of batch_group_count 2 (dynamic_conv_c10)}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64}> : (tensor<3x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c11_features_not_divisible(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input feature dimension size 3 must be a multiple of feature_group_count 2 (dynamic_conv_c11)}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c12_input_spatial_dimensions_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input_spatial_dimensions must have 2 entries, the rank minus 2 (dynamic_conv_c12), found 1}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c13_input_dimensions_repeated(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input batch, spatial and feature dimensions [0, 1, 1, 3] must not repeat a dimension (dynamic_conv_c13), found 1 twice}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c13_input_dimensions_out_of_range(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input batch, spatial and feature dimensions [0, 1, 2, 4] must be in [0, 4) (dynamic_conv_c13), found 4}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c14_kernel_input_features(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel input feature dimension size 3 must be the input feature dimension size 4 divided by feature_group_count 1 (dynamic_conv_c14)}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x4xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c15_kernel_output_features_batch_groups(%x: tensor<2x8x8x3xf32>, %k: tensor<3x3x3x15xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x15xf32> {
  // expected-error @+1 {{kernel output feature dimension size 15 must be a multiple of batch_group_count 2 (dynamic_conv_c15)}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64}> : (tensor<2x8x8x3xf32>, tensor<3x3x3x15xf32>, tensor<2x2xi64>) -> tensor<1x6x6x15xf32>
  return %0 : tensor<1x6x6x15xf32>
}

// -----

func.func @dynamic_conv_c16_kernel_output_features_feature_groups(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x1x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel output feature dimension size 16 must be a multiple of feature_group_count 3 (dynamic_conv_c16)}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 3 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x1x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c17_kernel_spatial_dimensions_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel_spatial_dimensions must have 2 entries, the rank minus 2 (dynamic_conv_c17), found 1}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c18_kernel_dimensions_repeated(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel spatial, input and output feature dimensions [0, 0, 2, 3] must not repeat a dimension (dynamic_conv_c18), found 0 twice}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c18_kernel_dimensions_out_of_range(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel spatial, input and output feature dimensions [0, 1, 2, -1] must be in [0, 4) (dynamic_conv_c18), found -1}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = -1, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c19_output_spatial_dimensions_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{output_spatial_dimensions must have 2 entries, the rank minus 2 (dynamic_conv_c19), found 1}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c20_output_dimensions_repeated(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{output batch, spatial and feature dimensions [0, 1, 3, 3] must not repeat a dimension (dynamic_conv_c20), found 3 twice}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 3]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c20_output_dimensions_out_of_range(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{output batch, spatial and feature dimensions [7, 1, 2, 3] must be in [0, 4) (dynamic_conv_c20), found 7}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 7, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c21_feature_group_count_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{'hlo.dynamic_conv' op attribute 'feature_group_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 0 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c22_batch_group_count_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{'hlo.dynamic_conv' op attribute 'batch_group_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 0 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c23_both_group_counts(%x: tensor<2x8x8x3xf32>, %k: tensor<3x3x1x6xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{feature_group_count 3 or batch_group_count 2 must be 1 (dynamic_conv_c23)}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 3 : i64, batch_group_count = 2 : i64}> : (tensor<2x8x8x3xf32>, tensor<3x3x1x6xf32>, tensor<2x2xi64>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @dynamic_conv_c24_precision_config_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{precision_config must have 2 entries (dynamic_conv_c24), found 3}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>, #hlo<precision HIGH>]}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c25_batch_groups_divide_the_batch(%x: tensor<4x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<4x6x6x16xf32> {
  // expected-error @+1 {{result type must be 'tensor<2x?x?x16xf32>' (dynamic_conv_c25), found 'tensor<4x6x6x16xf32>'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64}> : (tensor<4x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<4x6x6x16xf32>
  return %0 : tensor<4x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c26_result_rank(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x16xf32> {
  // expected-error @+1 {{result must have the rank of lhs and rhs, 4 (dynamic_conv_c26), found 3}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x16xf32>
  return %0 : tensor<1x6x16xf32>
}

// -----

func.func @dynamic_conv_c27_element_types(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf16>, %p: tensor<2x2xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{lhs and rhs must have the same element type (dynamic_conv_c27), found 'f32' and 'f16'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf16>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @dynamic_conv_c28_rhs_not_quantized(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{with quantized tensors, rhs must be quantized and lhs and result both quantized or both not (dynamic_conv_c28), found '!quant.uniform<i8:f32, 5.000000e-01:-3>', 'f32' and '!quant.uniform<i32:f32, 2.500000e-01>'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2xf32>, tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @dynamic_conv_c28_result_not_quantized(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>, %p: tensor<2x2xi64>) -> tensor<1x6x6x2xf32> {
  // expected-error @+1 {{with quantized tensors, rhs must be quantized and lhs and result both quantized or both not (dynamic_conv_c28), found '!quant.uniform<i8:f32, 5.000000e-01:-3>', '!quant.uniform<i8:f32, 5.000000e-01:-3>' and 'f32'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x2xi64>) -> tensor<1x6x6x2xf32>
  return %0 : tensor<1x6x6x2xf32>
}

// -----

func.func @dynamic_conv_c29_rhs_quantization_dimension(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32:2, {0.5, 0.5, 0.5}>>, %p: tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{per-axis quantized rhs must be quantized along kernel_output_feature_dimension 3 (dynamic_conv_c29), found 2}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32:2, {0.5, 0.5, 0.5}>>, tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @dynamic_conv_c30_result_quantization_dimension(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32:3, {0.5, 0.25}>>, %p: tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25, 0.25, 0.25}>> {
  // expected-error @+1 {{per-axis quantized result must be quantized along output_feature_dimension 3 (dynamic_conv_c30), found 1}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32:3, {0.5, 0.25}>>, tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25, 0.25, 0.25}>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25, 0.25, 0.25}>>
}

// -----

func.func @dynamic_conv_c31_storage_types(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i16:f32, 0.5>>, %p: tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{lhs and rhs must have the same storage type (dynamic_conv_c31), found 'i8' and 'i16'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i16:f32, 0.5>>, tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @dynamic_conv_c32_expressed_types(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>, %p: tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f16, 0.25>> {
  // expected-error @+1 {{lhs, rhs and result must have the same expressed type (dynamic_conv_c32), found 'f32', 'f32' and 'f16'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f16, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f16, 0.25>>
}

// -----

func.func @dynamic_conv_c33_per_tensor_rhs_per_axis_result(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>, %p: tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32:3, {0.25, 0.125}>> {
  // expected-error @+1 {{result must be per-tensor quantized when rhs is (dynamic_conv_c33), found '!quant.uniform<i32:f32:3, {2.500000e-01,1.250000e-01}>'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x2xi64>) -> tensor<1x6x6x2x!quant.uniform<i32:f32:3, {0.25, 0.125}>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32:3, {0.25, 0.125}>>
}

// -----

func.func @dynamic_conv_c34_hybrid_element_types(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>, %p: tensor<2x2xi64>) -> tensor<1x6x6x2xf16> {
  // expected-error @+1 {{lhs and result element types must be the expressed type 'f32' of rhs (dynamic_conv_c34), found 'f32' and 'f16'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<2x2xi64>) -> tensor<1x6x6x2xf16>
  return %0 : tensor<1x6x6x2xf16>
}

// -----

// A constant padding gives the spatial sizes.
func.func @dynamic_conv_c25_constant_padding(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  %p = hlo.constant dense<1> : tensor<2x2xi64>
  // expected-error @+1 {{result type must be 'tensor<1x8x8x16xf32>' (dynamic_conv_c25), found 'tensor<1x6x6x16xf32>'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

// A run-time padding leaves the spatial sizes open, not the others.
func.func @dynamic_conv_c25_feature_dimension(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x6x6x8xf32> {
  // expected-error @+1 {{result type must be 'tensor<1x?x?x16xf32>' (dynamic_conv_c25), found 'tensor<1x6x6x8xf32>'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<2x2xi64>) -> tensor<1x6x6x8xf32>
  return %0 : tensor<1x6x6x8xf32>
}

// -----

func.func @dynamic_conv_c4_padding_rank(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %p: tensor<4xi64>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{padding must have shape [2, 2] (dynamic_conv_c4), found 'tensor<4xi64>'}}
  %0 = "hlo.dynamic_conv"(%x, %k, %p) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>, tensor<4xi64>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}
