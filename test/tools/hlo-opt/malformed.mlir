// Malformed input gives a located diagnostic and a non-zero exit, no crash.
// RUN: not hlo-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: malformed.mlir:[[@LINE+2]]:{{[0-9]+}}: error: custom op 'hlo.frobnicate' is unknown
func.func @unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.frobnicate %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: malformed.mlir:[[@LINE+2]]:{{[0-9]+}}: error: use of undeclared SSA value name
func.func @undefined_value(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.add %x, %zero : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: malformed.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'hlo.add' op all non-scalar operands/results must have the same shape and base type
func.func @shape_mismatch(%x: tensor<4xf32>, %y: tensor<5xf32>) -> tensor<4xf32> {
  %0 = hlo.add %x, %y : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: malformed.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected ':'
func.func @truncated(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.negate %x
  return %0 : tensor<4xf32>
}
