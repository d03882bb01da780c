// RUN: hlo-opt %s --hlo-layout-assignment=target=cpu -split-input-file | FileCheck %s --check-prefixes=CHECK,CPU
// RUN: hlo-opt %s --hlo-layout-assignment=target=gpu -split-input-file | FileCheck %s --check-prefixes=CHECK,GPU
// RUN: hlo-opt %s --hlo-layout-assignment=target=tpu -split-input-file | FileCheck %s --check-prefix=TPU

// An elementwise chain takes its column-major argument's layout forward;
// the column-major result reads it as it is: no copy.
// CHECK-LABEL: func.func @chain_keeps_argument_layout
// CHECK: hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
// CHECK: hlo.add %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
// CHECK-NOT: xla.opcode
// CHECK: return
func.func @chain_keeps_argument_layout(
    %a: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
    %c: tensor<f32>)
    -> (tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}) {
  %e = hlo.exponential %a : tensor<4x8xf32>
  %b = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
  %s = hlo.add %e, %b : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

// A result without a layout is row-major: one copy, at the return, where
// the column-major chain meets it.
// CHECK-LABEL: func.func @copy_to_row_major_result
// CHECK: %[[E:.*]] = hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
// CHECK: %[[N:.*]] = hlo.negate %[[E]] {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
// CHECK: %[[C:.*]] = hlo.convert %[[N]] {xla.opcode = "copy"} : tensor<4x8xf32>
// CHECK: return %[[C]]
func.func @copy_to_row_major_result(
    %a: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>})
    -> tensor<4x8xf32> {
  %e = hlo.exponential %a : tensor<4x8xf32>
  %n = hlo.negate %e : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// Operands vote; a tie (the add) is decided by the users' votes too: the
// row-major multiply and the add's row-major operand outvote the
// column-major one, which alone is read in another layout.
// CHECK-LABEL: func.func @majority_of_operands
// CHECK: %[[S:.*]] = hlo.add %{{.*}}, %{{.*}} : tensor<4x8xf32>
// CHECK: hlo.multiply %[[S]], %{{.*}} : tensor<4x8xf32>
// CHECK-NOT: xla.opcode
func.func @majority_of_operands(
    %a: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
    %b: tensor<4x8xf32>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = hlo.add %a, %b : tensor<4x8xf32>
  %m = hlo.multiply %s, %c : tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}

// -----

// A transpose of a laid-out value takes its operand's layout permuted: a
// reinterpretation of the buffer (XLA's bitcast). Here the column-major
// 4x8 transposed is the row-major 8x4 the result wants: no copy.
// CHECK-LABEL: func.func @transpose_is_a_bitcast
// CHECK: hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
// CHECK: %[[T:.*]] = hlo.transpose %{{.*}}, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK: %[[N:.*]] = hlo.negate %[[T]] : tensor<8x4xf32>
// CHECK: return %[[N]]
func.func @transpose_is_a_bitcast(
    %a: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>})
    -> tensor<8x4xf32> {
  %e = hlo.exponential %a : tensor<4x8xf32>
  %t = hlo.transpose %e, dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
  %n = hlo.negate %t : tensor<8x4xf32>
  return %n : tensor<8x4xf32>
}

// -----

// Backward through a transpose: what the result wants, un-permuted, decides
// a chain computed from a broadcast (which does not vote); the transpose
// is then a reinterpretation, and nothing is copied.
// CHECK-LABEL: func.func @backward_through_transpose
// CHECK: hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [1, 0, 2]>} : tensor<2x3x4xf32>
// CHECK: hlo.transpose %{{.*}}, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NOT: xla.opcode
func.func @backward_through_transpose(%x: tensor<3xf32>) -> tensor<4x2x3xf32> {
  %b = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
  %e = hlo.exponential %b : tensor<2x3x4xf32>
  %t = hlo.transpose %e, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %t : tensor<4x2x3xf32>
}

// -----

// cpu: a dot's left-hand side with its contracting dimension minor (the
// matmul kernel reads it with unit stride); the gpu has no preference.
// CHECK-LABEL: func.func @dot_operand_preference
// CPU: hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>} : tensor<16x8xf32>
// GPU: hlo.exponential %{{.*}} : tensor<16x8xf32>
// CHECK: hlo.dot_general
func.func @dot_operand_preference(%x: tensor<8xf32>, %b: tensor<16x4xf32>)
    -> tensor<8x4xf32> {
  %bx = hlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<16x8xf32>
  %e = hlo.exponential %bx : tensor<16x8xf32>
  %d = hlo.dot_general %e, %b, contracting_dims = [0] x [0]
      : (tensor<16x8xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  return %d : tensor<8x4xf32>
}

// -----

// gpu: a reduce's operand with the reduced dimension minor (a row
// reduction); cpu: none.
// CHECK-LABEL: func.func @reduce_operand_preference
// GPU: hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>} : tensor<16x8xf32>
// CPU: hlo.exponential %{{.*}} : tensor<16x8xf32>
// CHECK: hlo.reduce
func.func @reduce_operand_preference(%x: tensor<8xf32>) -> tensor<8xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %bx = hlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<16x8xf32>
  %e = hlo.exponential %bx : tensor<16x8xf32>
  %r = hlo.reduce(%e init: %z) applies hlo.add across dimensions = [0]
      : (tensor<16x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// gpu: an NCHW convolution's input computed feature-minor (NHWC).
// CHECK-LABEL: func.func @convolution_input_preference
// GPU: hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [1, 3, 2, 0]>}
// CPU: hlo.exponential %{{.*}} : tensor<1x2x8x8xf32>
func.func @convolution_input_preference(%x: tensor<2xf32>, %k: tensor<3x2x3x3xf32>)
    -> tensor<1x3x6x6xf32> {
  %bx = hlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<1x2x8x8xf32>
  %e = hlo.exponential %bx : tensor<1x2x8x8xf32>
  %c = hlo.convolution(%e, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
      window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
      : (tensor<1x2x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32>
  return %c : tensor<1x3x6x6xf32>
}

// -----

// A custom call's operand constraints are fixed: the operand laid out
// otherwise is copied once into each layout a constraint asks for.
// CHECK-LABEL: func.func @custom_call_constraints
// CHECK: %[[E:.*]] = hlo.exponential
// CHECK: %[[C:.*]] = hlo.convert %[[E]] {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>, xla.opcode = "copy"}
// CHECK-NOT: xla.opcode
// CHECK: hlo.custom_call @foo(%[[C]], %[[E]], %[[C]])
func.func @custom_call_constraints(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = hlo.exponential %a : tensor<4x4xf32>
  %c = hlo.custom_call @foo(%e, %e, %e) {hlo.operand_layouts = [
      #hlo.layout<minor_to_major = [0, 1]>, #hlo.layout<minor_to_major = [1, 0]>,
      #hlo.layout<minor_to_major = [0, 1]>]}
      : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %c : tensor<4x4xf32>
}

// -----

// A layout already on an op (XLA's, from HLO text) is kept and propagates.
// CHECK-LABEL: func.func @layouts_on_ops_are_kept
// CHECK: hlo.dot_general {{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
// CHECK: hlo.tanh %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
func.func @layouts_on_ops_are_kept(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>)
    -> (tensor<4x4xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}) {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0]
      {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
      : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %t = hlo.tanh %d : tensor<4x4xf32>
  return %t : tensor<4x4xf32>
}

// -----

// tpu: (8, 128) tiles for 32-bit data, (16, 128) for 16-bit, (32, 128) for
// 8-bit, 128 for rank 1, on values, arguments and results; dimension orders
// as chosen.
// TPU-LABEL: func.func @tpu_tiles
// TPU-SAME: %{{.*}}: tensor<16x256xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>}
// TPU-SAME: %{{.*}}: tensor<16x256xbf16> {hlo.layout = #hlo.layout<minor_to_major = [0, 1], tiles = {{\[\[}}16, 128]]>}
// TPU-SAME: %{{.*}}: tensor<64x128xi8> {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}32, 128]]>}
// TPU-SAME: -> (tensor<16x256xbf16> {hlo.layout = #hlo.layout<minor_to_major = [0, 1], tiles = {{\[\[}}16, 128]]>}, tensor<256xf32> {hlo.layout = #hlo.layout<minor_to_major = [0], tiles = {{\[\[}}128]]>})
// TPU: hlo.negate %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1], tiles = {{\[\[}}16, 128]]>} : tensor<16x256xbf16>
// TPU: hlo.reduce{{.*}}{hlo.layout = #hlo.layout<minor_to_major = [0], tiles = {{\[\[}}128]]>}
func.func @tpu_tiles(%a: tensor<16x256xf32>,
    %b: tensor<16x256xbf16> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
    %i: tensor<64x128xi8>)
    -> (tensor<16x256xbf16> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}, tensor<256xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.negate %b : tensor<16x256xbf16>
  %r = hlo.reduce(%a init: %z) applies hlo.add across dimensions = [0]
      : (tensor<16x256xf32>, tensor<f32>) -> tensor<256xf32>
  return %n, %r : tensor<16x256xbf16>, tensor<256xf32>
}

// -----

// An elementwise op with a layout of its own reads its operands in it: the
// free producer follows.
// CHECK-LABEL: func.func @fixed_elementwise_pulls_producer
// CHECK: hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
// CHECK: hlo.negate %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
func.func @fixed_elementwise_pulls_producer(%x: tensor<8xf32>)
    -> (tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}) {
  %b = hlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %e = hlo.exponential %b : tensor<4x8xf32>
  %n = hlo.negate %e {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>} : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// A tie between users goes to row-major (the order every op without a
// layout reads), whatever order the uses come in.
// CHECK-LABEL: func.func @tie_goes_to_row_major
// CHECK: %[[E:.*]] = hlo.exponential %{{.*}} : tensor<4x8xf32>
// CHECK: hlo.convert %[[E]] {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>, xla.opcode = "copy"}
func.func @tie_goes_to_row_major(%x: tensor<8xf32>) -> tensor<4x8xf32> {
  %b = hlo.broadcast_in_dim %x, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %e = hlo.exponential %b : tensor<4x8xf32>
  %c = hlo.custom_call @foo(%e) {hlo.operand_layouts = [#hlo.layout<minor_to_major = [0, 1]>]}
      : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = hlo.add %e, %c : tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

