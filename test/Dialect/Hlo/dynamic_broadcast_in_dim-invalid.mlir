// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.dynamic_broadcast_in_dim not covered in
// dynamic-invalid.mlir; the rules it shares with broadcast_in_dim are
// checked by the same function (c6 is in layout-quantized-invalid.mlir).

func.func @dynamic_broadcast_in_dim_c1_element_type(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{result must have the operand's element type (dynamic_broadcast_in_dim_c1), found 'f32' and 'f16'}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf16>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c3_dimension_range(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{broadcast_dimensions [0, 2] must be in [0, 2) (dynamic_broadcast_in_dim_c3), found 2}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 2] : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c4_dimension_repeat(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{broadcast_dimensions [1, 1] must not repeat a dimension (dynamic_broadcast_in_dim_c4), found 1 twice}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1, 1] : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c10_known_nonexpanding_range(%x: tensor<?x4xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{known (non)expanding dimension -1 must be in [0, 2) (dynamic_broadcast_in_dim_c10)}}
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: -1>} : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  return
}

// -----

// Valid: disjoint known dimensions, a size-1 dimension expanded.
func.func @dynamic_broadcast_in_dim_valid(%x: tensor<1x4xf32>, %s: tensor<3xi32>) -> tensor<2x?x4xf32> {
  %0 = hlo.dynamic_broadcast_in_dim %x, %s, dims = [1, 2] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x4xf32>, tensor<3xi32>) -> tensor<2x?x4xf32>
  return %0 : tensor<2x?x4xf32>
}
