// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.convolution: one case per constraint of the
// StableHLO spec's convolution (C1)..(C34), named after it
// (convolution_cN); each program violates that constraint only. Positive
// cases are in convolution.mlir; dynamic-conv-invalid.mlir has the same
// cases for dynamic_conv, which shares the verifier.

func.func @convolution_c1_rank_mismatch(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{lhs and rhs must have the same rank (convolution_c1), found 4 and 3}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c2_window_strides_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{window_strides must have 2 entries, one per spatial dimension (convolution_c2), found 1}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c3_window_strides_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{window_strides must be positive (convolution_c3), found [1, 0]}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_strides = array<i64: 1, 0>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c4_padding_shape(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{padding must have shape [2, 2] (convolution_c4), found 'tensor<1x2xi64>'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, padding = dense<0> : tensor<1x2xi64>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c5_lhs_dilation_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{lhs_dilation must have 2 entries, one per spatial dimension (convolution_c5), found 1}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, lhs_dilation = array<i64: 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c6_lhs_dilation_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{lhs_dilation must be positive (convolution_c6), found [0, 1]}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, lhs_dilation = array<i64: 0, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c7_rhs_dilation_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{rhs_dilation must have 2 entries, one per spatial dimension (convolution_c7), found 3}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, rhs_dilation = array<i64: 1, 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c8_rhs_dilation_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{rhs_dilation must be positive (convolution_c8), found [1, -1]}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, rhs_dilation = array<i64: 1, -1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c9_window_reversal_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{window_reversal must have 2 entries, one per spatial dimension (convolution_c9), found 1}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, window_reversal = array<i1: false>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c10_batch_not_divisible(%x: tensor<3x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input batch dimension size 3 must be a multiple of batch_group_count 2 (convolution_c10)}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64}> : (tensor<3x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c11_features_not_divisible(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input feature dimension size 3 must be a multiple of feature_group_count 2 (convolution_c11)}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c12_input_spatial_dimensions_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input_spatial_dimensions must have 2 entries, the rank minus 2 (convolution_c12), found 1}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c13_input_dimensions_repeated(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input batch, spatial and feature dimensions [0, 1, 1, 3] must not repeat a dimension (convolution_c13), found 1 twice}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c13_input_dimensions_out_of_range(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input batch, spatial and feature dimensions [0, 1, 2, 4] must be in [0, 4) (convolution_c13), found 4}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c14_kernel_input_features(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel input feature dimension size 3 must be the input feature dimension size 4 divided by feature_group_count 1 (convolution_c14)}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x4xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c15_kernel_output_features_batch_groups(%x: tensor<2x8x8x3xf32>, %k: tensor<3x3x3x15xf32>) -> tensor<1x6x6x15xf32> {
  // expected-error @+1 {{kernel output feature dimension size 15 must be a multiple of batch_group_count 2 (convolution_c15)}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64}> : (tensor<2x8x8x3xf32>, tensor<3x3x3x15xf32>) -> tensor<1x6x6x15xf32>
  return %0 : tensor<1x6x6x15xf32>
}

// -----

func.func @convolution_c16_kernel_output_features_feature_groups(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x1x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel output feature dimension size 16 must be a multiple of feature_group_count 3 (convolution_c16)}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 3 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x1x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c17_kernel_spatial_dimensions_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel_spatial_dimensions must have 2 entries, the rank minus 2 (convolution_c17), found 1}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c18_kernel_dimensions_repeated(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel spatial, input and output feature dimensions [0, 0, 2, 3] must not repeat a dimension (convolution_c18), found 0 twice}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c18_kernel_dimensions_out_of_range(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{kernel spatial, input and output feature dimensions [0, 1, 2, -1] must be in [0, 4) (convolution_c18), found -1}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = -1, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c19_output_spatial_dimensions_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{output_spatial_dimensions must have 2 entries, the rank minus 2 (convolution_c19), found 1}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c20_output_dimensions_repeated(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{output batch, spatial and feature dimensions [0, 1, 3, 3] must not repeat a dimension (convolution_c20), found 3 twice}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 3]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c20_output_dimensions_out_of_range(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{output batch, spatial and feature dimensions [7, 1, 2, 3] must be in [0, 4) (convolution_c20), found 7}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 7, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c21_feature_group_count_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{'hlo.convolution' op attribute 'feature_group_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 0 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c22_batch_group_count_not_positive(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{'hlo.convolution' op attribute 'batch_group_count' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 0 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c23_both_group_counts(%x: tensor<2x8x8x3xf32>, %k: tensor<3x3x1x6xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{feature_group_count 3 or batch_group_count 2 must be 1 (convolution_c23)}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 3 : i64, batch_group_count = 2 : i64}> : (tensor<2x8x8x3xf32>, tensor<3x3x1x6xf32>) -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @convolution_c24_precision_config_size(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{precision_config must have 2 entries (convolution_c24), found 3}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#hlo<precision DEFAULT>, #hlo<precision DEFAULT>, #hlo<precision HIGH>]}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c25_batch_groups_divide_the_batch(%x: tensor<4x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<4x6x6x16xf32> {
  // expected-error @+1 {{result type must be 'tensor<2x6x6x16xf32>' (convolution_c25), found 'tensor<4x6x6x16xf32>'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64}> : (tensor<4x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<4x6x6x16xf32>
  return %0 : tensor<4x6x6x16xf32>
}

// -----

func.func @convolution_c26_result_rank(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x16xf32> {
  // expected-error @+1 {{result must have the rank of lhs and rhs, 4 (convolution_c26), found 3}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x16xf32>
  return %0 : tensor<1x6x16xf32>
}

// -----

func.func @convolution_c27_element_types(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf16>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{lhs and rhs must have the same element type (convolution_c27), found 'f32' and 'f16'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf16>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_c28_rhs_not_quantized(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2xf32>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{with quantized tensors, rhs must be quantized and lhs and result both quantized or both not (convolution_c28), found '!quant.uniform<i8:f32, 5.000000e-01:-3>', 'f32' and '!quant.uniform<i32:f32, 2.500000e-01>'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2xf32>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @convolution_c28_result_not_quantized(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x6x6x2xf32> {
  // expected-error @+1 {{with quantized tensors, rhs must be quantized and lhs and result both quantized or both not (convolution_c28), found '!quant.uniform<i8:f32, 5.000000e-01:-3>', '!quant.uniform<i8:f32, 5.000000e-01:-3>' and 'f32'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x6x6x2xf32>
  return %0 : tensor<1x6x6x2xf32>
}

// -----

func.func @convolution_c29_rhs_quantization_dimension(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32:2, {0.5, 0.5, 0.5}>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{per-axis quantized rhs must be quantized along kernel_output_feature_dimension 3 (convolution_c29), found 2}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32:2, {0.5, 0.5, 0.5}>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @convolution_c30_result_quantization_dimension(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32:3, {0.5, 0.25}>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25, 0.25, 0.25}>> {
  // expected-error @+1 {{per-axis quantized result must be quantized along output_feature_dimension 3 (convolution_c30), found 1}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32:3, {0.5, 0.25}>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25, 0.25, 0.25}>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32:1, {0.25, 0.25, 0.25, 0.25, 0.25, 0.25}>>
}

// -----

func.func @convolution_c31_storage_types(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i16:f32, 0.5>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{lhs and rhs must have the same storage type (convolution_c31), found 'i8' and 'i16'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i16:f32, 0.5>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @convolution_c32_expressed_types(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x6x6x2x!quant.uniform<i32:f16, 0.25>> {
  // expected-error @+1 {{lhs, rhs and result must have the same expressed type (convolution_c32), found 'f32', 'f32' and 'f16'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x6x6x2x!quant.uniform<i32:f16, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f16, 0.25>>
}

// -----

func.func @convolution_c33_per_tensor_rhs_per_axis_result(%x: tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32:3, {0.25, 0.125}>> {
  // expected-error @+1 {{result must be per-tensor quantized when rhs is (convolution_c33), found '!quant.uniform<i32:f32:3, {2.500000e-01,1.250000e-01}>'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32:3, {0.25, 0.125}>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32:3, {0.25, 0.125}>>
}

// -----

func.func @convolution_c34_hybrid_element_types(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x6x6x2xf16> {
  // expected-error @+1 {{lhs and result element types must be the expressed type 'f32' of rhs (convolution_c34), found 'f32' and 'f16'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x6x6x2xf16>
  return %0 : tensor<1x6x6x2xf16>
}

// -----

func.func @convolution_c25_result_shape(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{result type must be 'tensor<1x6x6x16xf32>' (convolution_c25), found 'tensor<1x8x8x16xf32>'}}
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

// The window attributes of the spec's example: stride 4, lhs dilation 2.
func.func @convolution_c25_window(%x: tensor<1x4x4x1xi64>, %k: tensor<3x3x1x1xi64>) -> tensor<1x3x3x1xi64> {
  // expected-error @+1 {{result type must be 'tensor<1x2x2x1xi64>' (convolution_c25), found 'tensor<1x3x3x1xi64>'}}
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x3x3x1xi64>
  return %0 : tensor<1x3x3x1xi64>
}

// -----

func.func @convolution_lhs_per_axis_quantized(%x: tensor<1x8x8x3x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5}>>, %k: tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>> {
  // expected-error @+1 {{lhs must be a tensor or a per-tensor quantized tensor}}
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5}>>, tensor<3x3x3x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
  return %0 : tensor<1x6x6x2x!quant.uniform<i32:f32, 0.25>>
}

// -----

func.func @convolution_bad_dim_numbers(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{unexpected 'q' in dimension numbers}}
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, q]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @convolution_raw_dim_numbers_unknown_field(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{unknown conv field 'input_batch'}}
  %0 = "hlo.convolution"(%x, %k) <{dimension_numbers = #hlo.conv<raw input_batch = 0>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}
