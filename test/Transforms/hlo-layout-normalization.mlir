// RUN: hlo-opt %s --hlo-layout-normalization -split-input-file | FileCheck %s
// RUN: hlo-opt %s --hlo-layout-normalization=physical-signature -split-input-file | FileCheck %s --check-prefix=PHYS

// An elementwise op with a column-major result computes on the physical
// (transposed) arrays; the transposes between two such ops fold away.
// CHECK-LABEL: func.func @elementwise_2d
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: %[[TA:.*]] = hlo.transpose %[[A]], dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK: %[[TB:.*]] = hlo.transpose %[[B]], dims = [1, 0] : (tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK: %[[S:.*]] = hlo.add %[[TA]], %[[TB]] : tensor<8x4xf32>
// CHECK: %[[M:.*]] = hlo.multiply %[[S]], %[[S]] : tensor<8x4xf32>
// CHECK: %[[R:.*]] = hlo.transpose %[[M]], dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
// CHECK: return %[[R]]
// CHECK-NOT: hlo.layout
// PHYS-LABEL: func.func @elementwise_2d
// PHYS-SAME: (%[[A:.*]]: tensor<8x4xf32>, %[[B:.*]]: tensor<4x8xf32>) -> tensor<8x4xf32>
// PHYS: %[[TB:.*]] = hlo.transpose %[[B]], dims = [1, 0]
// PHYS: %[[S:.*]] = hlo.add %[[A]], %[[TB]] : tensor<8x4xf32>
// PHYS: %[[M:.*]] = hlo.multiply %[[S]], %[[S]] : tensor<8x4xf32>
// PHYS: return %[[M]] : tensor<8x4xf32>
func.func @elementwise_2d(%a: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
                          %b: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0]>})
    -> (tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}) {
  %s = hlo.add %a, %b {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>} : tensor<4x8xf32>
  %m = hlo.multiply %s, %s {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>} : tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}

// -----

// A copy between layouts (imported as a convert to the same type) is the
// physical transpose from one order to the other: rank 3, [2,1,0] to
// [0,2,1] (physical orders (d0,d1,d2) and (d1,d2,d0)).
// CHECK-LABEL: func.func @copy_3d
// CHECK: %[[E:.*]] = hlo.exponential %{{.*}} : tensor<2x3x5xf32>
// CHECK: %[[T:.*]] = hlo.transpose %[[E]], dims = [1, 2, 0] : (tensor<2x3x5xf32>) -> tensor<3x5x2xf32>
// CHECK: %[[N:.*]] = hlo.negate %[[T]] : tensor<3x5x2xf32>
// CHECK: hlo.transpose %[[N]], dims = [2, 0, 1] : (tensor<3x5x2xf32>) -> tensor<2x3x5xf32>
// CHECK-NOT: hlo.convert
func.func @copy_3d(%x: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %e = hlo.exponential %x {hlo.layout = #hlo.layout<minor_to_major = [2, 1, 0]>} : tensor<2x3x5xf32>
  %c = hlo.convert %e {hlo.layout = #hlo.layout<minor_to_major = [0, 2, 1]>, xla.opcode = "copy"} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %n = hlo.negate %c {hlo.layout = #hlo.layout<minor_to_major = [0, 2, 1]>} : tensor<2x3x5xf32>
  return %n : tensor<2x3x5xf32>
}

// -----

// Rank 4 and 5: the physical shape is the dimensions major to minor.
// CHECK-LABEL: func.func @elementwise_4d_5d
// CHECK: hlo.transpose %{{.*}}, dims = [3, 0, 2, 1] : (tensor<2x3x4x5xf32>) -> tensor<5x2x4x3xf32>
// CHECK: hlo.abs %{{.*}} : tensor<5x2x4x3xf32>
// CHECK: hlo.transpose %{{.*}}, dims = [1, 3, 2, 0] : (tensor<5x2x4x3xf32>) -> tensor<2x3x4x5xf32>
// CHECK: hlo.transpose %{{.*}}, dims = [4, 0, 3, 1, 2] : (tensor<2x3x4x5x6xf32>) -> tensor<6x2x5x3x4xf32>
// CHECK: hlo.maximum %{{.*}}, %{{.*}} : tensor<6x2x5x3x4xf32>
func.func @elementwise_4d_5d(%x: tensor<2x3x4x5xf32>, %y: tensor<2x3x4x5x6xf32>) -> (tensor<2x3x4x5xf32>, tensor<2x3x4x5x6xf32>) {
  %a = hlo.abs %x {hlo.layout = #hlo.layout<minor_to_major = [1, 2, 0, 3]>} : tensor<2x3x4x5xf32>
  %m = hlo.maximum %y, %y {hlo.layout = #hlo.layout<minor_to_major = [2, 1, 3, 0, 4]>} : tensor<2x3x4x5x6xf32>
  return %a, %m : tensor<2x3x4x5xf32>, tensor<2x3x4x5x6xf32>
}

// -----

// Ops whose values do not depend on their layout lose it; row-major
// layouts are dropped everywhere.
// CHECK-LABEL: func.func @dropped
// CHECK-NOT: hlo.layout
// CHECK: hlo.reduce
// CHECK-NOT: hlo.layout
// CHECK-NOT: hlo.transpose
func.func @dropped(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %z = hlo.constant {hlo.layout = #hlo.layout<minor_to_major = []>} dense<0.0> : tensor<f32>
  %n = hlo.negate %x {hlo.layout = #hlo.layout<minor_to_major = [1, 0]>} : tensor<4x8xf32>
  %r = hlo.reduce(%n init: %z) applies hlo.add across dimensions = [1] {hlo.layout = #hlo.layout<minor_to_major = [0]>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A custom call's operand constrained column-major is passed as the array
// whose row-major buffer is the column-major buffer (a transpose and, for
// a non-square matrix, a reshape); a result written column-major is read
// back the same way. The constraints become row-major.
// CHECK-LABEL: func.func @custom_call
// CHECK-SAME: (%[[A:.*]]: tensor<6x6xf32>, %[[B:.*]]: tensor<6x2xf32>)
// CHECK-DAG: %[[TA:.*]] = hlo.transpose %[[A]], dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
// CHECK-DAG: %[[TB:.*]] = hlo.transpose %[[B]], dims = [1, 0] : (tensor<6x2xf32>) -> tensor<2x6xf32>
// CHECK-DAG: %[[RB:.*]] = hlo.reshape %[[TB]] : (tensor<2x6xf32>) -> tensor<6x2xf32>
// CHECK: %[[X:.*]] = hlo.custom_call @lapack_strsm_ffi(%[[TA]], %[[RB]]) {backend_config = {{.*}}, hlo.layout = #hlo.layout<minor_to_major = [1, 0]>, hlo.operand_layouts = [#hlo.layout<minor_to_major = [1, 0]>, #hlo.layout<minor_to_major = [1, 0]>]
// CHECK: %[[XR:.*]] = hlo.reshape %[[X]] : (tensor<6x2xf32>) -> tensor<2x6xf32>
// CHECK: %[[XT:.*]] = hlo.transpose %[[XR]], dims = [1, 0] : (tensor<2x6xf32>) -> tensor<6x2xf32>
// CHECK: return %[[XT]]
func.func @custom_call(%a: tensor<6x6xf32>, %b: tensor<6x2xf32>) -> tensor<6x2xf32> {
  %x = hlo.custom_call @lapack_strsm_ffi(%a, %b) {backend_config = "{diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}", hlo.layout = #hlo.layout<minor_to_major = [0, 1]>, hlo.operand_layouts = [#hlo.layout<minor_to_major = [0, 1]>, #hlo.layout<minor_to_major = [0, 1]>]} : (tensor<6x6xf32>, tensor<6x2xf32>) -> tensor<6x2xf32>
  return %x : tensor<6x2xf32>
}

// -----

// StableHLO's operand_layouts and result_layouts are read the same way.
// CHECK-LABEL: func.func @stablehlo_layouts
// CHECK: hlo.transpose %{{.*}}, dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK: hlo.reshape %{{.*}} : (tensor<2x4x3xf32>) -> tensor<2x3x4xf32>
// CHECK: hlo.custom_call @target
// CHECK-NOT: operand_layouts = [dense
func.func @stablehlo_layouts(%a: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %x = hlo.custom_call @target(%a) {operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<[2, 1, 0]> : tensor<3xindex>]} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %x : tensor<2x3x4xf32>
}
