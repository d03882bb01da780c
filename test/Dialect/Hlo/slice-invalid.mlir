// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.slice, hlo.dynamic_slice and hlo.dynamic_update_slice,
// one per StableHLO constraint not covered in invalid.mlir and
// ops-data-invalid.mlir. The element type and shape rules hold by type
// inference: a written result type that differs from the inferred one fails.

func.func @slice_c1_element_type(%x: tensor<3x4xf32>) -> tensor<2x2xf16> {
  // expected-error @+2 {{'hlo.slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x2xf16>'}}
  // expected-error @+1 {{'hlo.slice' op failed to infer returned types}}
  %0 = hlo.slice %x [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf16>
  return %0 : tensor<2x2xf16>
}

// -----

func.func @dynamic_slice_c1_element_type(%x: tensor<4x4xf32>, %i: tensor<i64>) -> tensor<2x2xi32> {
  // expected-error @+2 {{'hlo.dynamic_slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x2xi32>'}}
  // expected-error @+1 {{'hlo.dynamic_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @dynamic_slice_c2_slice_sizes(%x: tensor<4x4xf32>, %i: tensor<i64>) -> tensor<2xf32> {
  // expected-error @+2 {{slice_sizes must have one entry per operand dimension (dynamic_slice_c2), expected 2, found 1}}
  // expected-error @+1 {{'hlo.dynamic_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_c3_index_types(%x: tensor<4x4xf32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error @+2 {{start indices must have one type (dynamic_slice_c3), found 'tensor<i64>' and 'tensor<i32>' at index #1}}
  // expected-error @+1 {{'hlo.dynamic_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_c5_result_shape(%x: tensor<4x4xf32>, %i: tensor<i64>) -> tensor<2x3xf32> {
  // expected-error @+2 {{'hlo.dynamic_slice' op inferred type(s) 'tensor<2x2xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>'}}
  // expected-error @+1 {{'hlo.dynamic_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_update_slice_c1_result_type(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>) -> tensor<4x5xf32> {
  // expected-error @+2 {{'hlo.dynamic_update_slice' op inferred type(s) 'tensor<4x4xf32>' are incompatible with return type(s) of operation 'tensor<4x5xf32>'}}
  // expected-error @+1 {{'hlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @dynamic_update_slice_c2_update_element_type(%x: tensor<4x4xf32>, %u: tensor<2x2xf16>, %i: tensor<i64>) -> tensor<4x4xf32> {
  // expected-error @+2 {{update must have the operand's element type (dynamic_update_slice_c2), found 'f16' and 'f32'}}
  // expected-error @+1 {{'hlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xf32>, tensor<2x2xf16>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_c3_update_rank(%x: tensor<4x4xf32>, %u: tensor<2xf32>, %i: tensor<i64>) -> tensor<4x4xf32> {
  // expected-error @+2 {{update must have the operand's rank (dynamic_update_slice_c3), expected 2, found 1}}
  // expected-error @+1 {{'hlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xf32>, tensor<2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_c4_index_count(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>) -> tensor<4x4xf32> {
  // expected-error @+2 {{expected one start index per operand dimension (dynamic_update_slice_c4), expected 2, found 3}}
  // expected-error @+1 {{'hlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i, %i : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @dynamic_update_slice_c5_index_types(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{start indices must have one type (dynamic_update_slice_c5), found 'tensor<i64>' and 'tensor<i32>' at index #1}}
  // expected-error @+1 {{'hlo.dynamic_update_slice' op failed to infer returned types}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Valid: a dynamic operand and update, a full-size update.
func.func @dynamic_slices_valid(%x: tensor<?x4xf32>, %u: tensor<4x?xf32>, %i: tensor<i32>) -> (tensor<?x4xf32>, tensor<1x4xf32>) {
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<?x4xf32>, tensor<4x?xf32>, tensor<i32>, tensor<i32>) -> tensor<?x4xf32>
  %1 = hlo.dynamic_slice %x, %i, %i, sizes = [1, 4] : (tensor<?x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<1x4xf32>
}
