// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// Unsigned constants keep their bits in a signless type.
// CHECK-LABEL: func.func @constant_unsigned() -> tensor<2xi8>
// CHECK:         arith.constant dense<[1, -1]> : tensor<2xi8>
func.func @constant_unsigned() -> tensor<2xui8> {
  %0 = hlo.constant dense<[1, 255]> : tensor<2xui8>
  return %0 : tensor<2xui8>
}

// -----

// (Small iotas are folded to constants; this one is over the folding cap.)
// CHECK-LABEL: func.func @iota
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<300x300xi32>)
// CHECK:           %[[I:.*]] = linalg.index 1 : index
// CHECK:           %[[W:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:           %[[T:.*]] = arith.trunci %[[W]] : i64 to i32
// CHECK:           linalg.yield %[[T]] : i32
func.func @iota() -> tensor<300x300xi32> {
  %0 = hlo.iota dim = 1 : tensor<300x300xi32>
  return %0 : tensor<300x300xi32>
}

// -----

// Operand dim 0 (size 1) is expanded: it reads index 0.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK:         linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK-SAME:        ins(%arg0 : tensor<1x3xf32>)
func.func @broadcast_in_dim(%x: tensor<1x3xf32>) -> tensor<4x2x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_collapse
// CHECK:         tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
func.func @reshape_collapse(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = hlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_expand
// CHECK:         tensor.expand_shape %arg0 {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
func.func @reshape_expand(%x: tensor<6xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reshape %x : (tensor<6xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// No single collapse or expand: through the flat vector.
// CHECK-LABEL: func.func @reshape_general
// CHECK:         %[[F:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK:         tensor.expand_shape %[[F]] {{\[\[}}0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
func.func @reshape_general(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_to_scalar
// CHECK:         tensor.collapse_shape %arg0 [] : tensor<1x1xf32> into tensor<f32>
func.func @reshape_to_scalar(%x: tensor<1x1xf32>) -> tensor<f32> {
  %0 = hlo.reshape %x : (tensor<1x1xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x2x3xf32>
// CHECK:         linalg.transpose ins(%arg0 : tensor<2x3x4xf32>) outs(%[[E]] : tensor<4x2x3xf32>) permutation = [2, 0, 1]
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = hlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK:         tensor.extract_slice %arg0[1, 2] [3, 2] [2, 1] : tensor<8x6xf32> to tensor<3x2xf32>
func.func @slice(%x: tensor<8x6xf32>) -> tensor<3x2xf32> {
  %0 = hlo.slice %x [1:7:2, 2:4] : (tensor<8x6xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @concatenate
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<2x8xf32>
// CHECK:         %[[A:.*]] = tensor.insert_slice %arg0 into %[[E]][0, 0] [2, 3] [1, 1]
// CHECK:         tensor.insert_slice %arg1 into %[[A]][0, 3] [2, 5] [1, 1]
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// A large splat becomes a fill: as a constant it would be bufferized to a
// global that the translation to LLVM IR writes out element by element
// (gigabytes for a declared 10^9-element constant). Small ones stay
// constants.
// CHECK-LABEL: func.func @constant_large_splat
// CHECK-DAG:     %[[V:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:     %[[E:.*]] = tensor.empty() : tensor<1000000000xf32>
// CHECK:         %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%[[E]] : tensor<1000000000xf32>)
// CHECK:         arith.constant dense<2.000000e+00> : tensor<1024xf32>
func.func @constant_large_splat() -> (tensor<1000000000xf32>, tensor<1024xf32>) {
  %0 = hlo.constant dense<1.0> : tensor<1000000000xf32>
  %1 = hlo.constant dense<2.0> : tensor<1024xf32>
  return %0, %1 : tensor<1000000000xf32>, tensor<1024xf32>
}
