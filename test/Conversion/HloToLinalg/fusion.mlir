// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// A loop fusion is one linalg.generic over its result shape: each input is
// read through the composition of the broadcasts, transposes and reshapes
// between it and the result; iota is computed from the loop index and splat
// constants are immediates. Dense constants are read like inputs.
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG:   #[[B:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG:   #[[R:.*]] = affine_map<(d0, d1) -> (d0 + d1 * 3)>
// CHECK-DAG:   #[[S:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @loop
// CHECK:         %[[C:.*]] = arith.constant dense<{{.*}}> : tensor<3x2xf32>
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[T]], #[[R]], #[[B]], #[[S]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:      ins(%arg0, %arg1, %arg2, %arg3, %[[C]] : tensor<2x3xf32>, tensor<6xf32>, tensor<2xf32>, tensor<f32>, tensor<3x2xf32>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[V:.*]]: f32, %[[SC:.*]]: f32, %[[K:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[A:.*]] = arith.addf %[[X]], %[[Y]]
// CHECK:           %[[M:.*]] = arith.mulf %[[A]], %[[V]]
// CHECK:           %[[N:.*]] = arith.mulf %[[M]], %[[SC]]
// CHECK:           %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:           %[[O:.*]] = arith.addf %[[N]], %[[ONE]]
// CHECK:           %[[I:.*]] = linalg.index 0 : index
// CHECK:           %[[I64:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:           %[[IF:.*]] = arith.sitofp %[[I64]]
// CHECK:           %[[P:.*]] = arith.addf %[[O]], %[[IF]]
// CHECK:           arith.subf %[[P]], %[[K]]
// CHECK:           linalg.yield
// CHECK:         return %[[G]]
func.func @loop(%x: tensor<2x3xf32>, %y: tensor<6xf32>, %v: tensor<2xf32>, %s: tensor<f32>) -> tensor<3x2xf32> {
  %0 = hlo.fusion kind = loop (%a = %x, %b = %y, %c = %v, %d = %s) : (tensor<2x3xf32>, tensor<6xf32>, tensor<2xf32>, tensor<f32>) -> tensor<3x2xf32> {
    %t = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %r = hlo.reshape %b : (tensor<6xf32>) -> tensor<2x3xf32>
    %rt = hlo.transpose %r, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %sum = hlo.add %t, %rt : tensor<3x2xf32>
    %vb = hlo.broadcast_in_dim %c, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
    %m = hlo.multiply %sum, %vb : tensor<3x2xf32>
    %one = hlo.constant dense<1.0> : tensor<3x2xf32>
    %sb = hlo.broadcast_in_dim %d, dims = [] : (tensor<f32>) -> tensor<3x2xf32>
    %n = hlo.multiply %m, %sb : tensor<3x2xf32>
    %o = hlo.add %n, %one : tensor<3x2xf32>
    %i = hlo.iota dim = 0 : tensor<3x2xf32>
    %p = hlo.add %o, %i : tensor<3x2xf32>
    %k = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
    %q = hlo.subtract %p, %k : tensor<3x2xf32>
    hlo.return %q : tensor<3x2xf32>
  }
  return %0 : tensor<3x2xf32>
}

// -----

// A value used twice is computed once per loop iteration: the graph is not
// unrolled into a tree.
// CHECK-LABEL: func.func @shared_subexpression
// CHECK:         linalg.generic
// CHECK-COUNT-1:   math.exp
// CHECK-NOT:       math.exp
// CHECK:           linalg.yield
func.func @shared_subexpression(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = hlo.fusion kind = loop (%a = %x) : (tensor<8xf32>) -> tensor<8xf32> {
    %e = hlo.exponential %a : tensor<8xf32>
    %f = hlo.multiply %e, %e : tensor<8xf32>
    %g = hlo.add %f, %e : tensor<8xf32>
    %h = hlo.multiply %g, %f : tensor<8xf32>
    hlo.return %h : tensor<8xf32>
  }
  return %0 : tensor<8xf32>
}

// -----

// Several results of the same shape: one generic with several results.
// CHECK-LABEL: func.func @multi_output
// CHECK:         %[[G:.*]]:2 = linalg.generic
// CHECK:           math.exp
// CHECK:           math.log
// CHECK:           linalg.yield %{{.*}}, %{{.*}} : f32, f32
// CHECK:         return %[[G]]#0, %[[G]]#1
func.func @multi_output(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0:2 = hlo.fusion kind = loop (%a = %x) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %e = hlo.exponential %a : tensor<8xf32>
    %l = hlo.log %a : tensor<8xf32>
    hlo.return %e, %l : tensor<8xf32>, tensor<8xf32>
  }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Unsigned inputs are read as signless; the scalar ops keep the unsigned
// semantics.
// CHECK-LABEL: func.func @unsigned
// CHECK:         linalg.generic
// CHECK:           arith.divui
func.func @unsigned(%x: tensor<4xui32>, %y: tensor<4xui32>) -> tensor<4xui32> {
  %0 = hlo.fusion kind = loop (%a = %x, %b = %y) : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32> {
    %s = hlo.add %a, %b : tensor<4xui32>
    %d = hlo.divide %s, %b : tensor<4xui32>
    hlo.return %d : tensor<4xui32>
  }
  return %0 : tensor<4xui32>
}

// -----

// Input and output fusions keep their boundary for hlo-emit-fusions.
// CHECK-LABEL: func.func @input
// CHECK:         scf.execute_region -> tensor<8xf32> no_inline {
// CHECK:           linalg.reduce
// CHECK:           scf.yield
// CHECK:         } {hlo.fusion_kind = #hlo<fusion_kind input>}
func.func @input(%x: tensor<8x16xf32>) -> tensor<8xf32> {
  %0 = hlo.fusion kind = input (%a = %x) : (tensor<8x16xf32>) -> tensor<8xf32> {
    %e = hlo.exponential %a : tensor<8x16xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %r = hlo.reduce(%e init: %z) applies hlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
    hlo.return %r : tensor<8xf32>
  }
  return %0 : tensor<8xf32>
}

// -----

// A loop fusion the emitter cannot express (results of different shapes) is
// lowered op by op in a tagged region.
// CHECK-LABEL: func.func @mixed_shapes
// CHECK:         scf.execute_region -> (tensor<2x3xf32>, tensor<3x2xf32>) no_inline
// CHECK:         } {hlo.fusion_kind = #hlo<fusion_kind loop>}
func.func @mixed_shapes(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
  %0:2 = hlo.fusion kind = loop (%a = %x) : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
    %n = hlo.negate %a : tensor<2x3xf32>
    %t = hlo.transpose %n, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    hlo.return %n, %t : tensor<2x3xf32>, tensor<3x2xf32>
  }
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<3x2xf32>
}

// -----

// A loop fusion whose result is a reshape merging (or splitting) dimensions
// of a value it computes: the generic runs over that value's shape (a plain
// transpose here, no div/mod index maps) and the reshape is a view of it.
// CHECK-DAG:   #[[IN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-DAG:   #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @reshaped_root
// CHECK:         %[[G:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]]{{.*}} ins(%arg0 : tensor<2x3x4x5xf32>) outs(%{{.*}} : tensor<2x5x3x4xf32>)
// CHECK:         %[[V:.*]] = tensor.collapse_shape %[[G]] {{\[}}[0], [1], [2, 3]] : tensor<2x5x3x4xf32> into tensor<2x5x12xf32>
// CHECK:         return %[[V]]
func.func @reshaped_root(%x: tensor<2x3x4x5xf32>) -> tensor<2x5x12xf32> {
  %0 = hlo.fusion kind = loop (%a = %x) : (tensor<2x3x4x5xf32>) -> tensor<2x5x12xf32> {
    %t = hlo.transpose %a, dims = [0, 3, 1, 2] : (tensor<2x3x4x5xf32>) -> tensor<2x5x3x4xf32>
    %r = hlo.reshape %t : (tensor<2x5x3x4xf32>) -> tensor<2x5x12xf32>
    hlo.return %r : tensor<2x5x12xf32>
  }
  return %0 : tensor<2x5x12xf32>
}

// -----

// CHECK-LABEL: func.func @expanded_root
// CHECK:         %[[G:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<6x4xf32>)
// CHECK:           math.exp
// CHECK:         %[[V:.*]] = tensor.expand_shape %[[G]] {{\[}}[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
// CHECK:         return %[[V]]
func.func @expanded_root(%x: tensor<4x6xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.fusion kind = loop (%a = %x) : (tensor<4x6xf32>) -> tensor<2x3x4xf32> {
    %t = hlo.transpose %a, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %e = hlo.exponential %t : tensor<6x4xf32>
    %r = hlo.reshape %e : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
    hlo.return %r : tensor<2x3x4xf32>
  }
  return %0 : tensor<2x3x4xf32>
}

// -----

// A reshape that is neither (2x6 -> 3x4) keeps the linearized index maps.
// CHECK-LABEL: func.func @mixed_reshape_root
// CHECK:         linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}]{{.*}} outs(%{{.*}} : tensor<3x4xf32>)
// CHECK-NOT:     tensor.expand_shape
// CHECK-NOT:     tensor.collapse_shape
func.func @mixed_reshape_root(%x: tensor<6x2xf32>) -> tensor<3x4xf32> {
  %0 = hlo.fusion kind = loop (%a = %x) : (tensor<6x2xf32>) -> tensor<3x4xf32> {
    %t = hlo.transpose %a, dims = [1, 0] : (tensor<6x2xf32>) -> tensor<2x6xf32>
    %r = hlo.reshape %t : (tensor<2x6xf32>) -> tensor<3x4xf32>
    hlo.return %r : tensor<3x4xf32>
  }
  return %0 : tensor<3x4xf32>
}

// -----

// A reshape that only adds (or removes) unit dimensions reads the other
// dimensions one to one and unit ones at 0: projected permutations, not the
// floordiv/mod maps of a general reshape.
// CHECK-DAG:   #[[DROP:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG:   #[[ADD:.*]] = affine_map<(d0, d1, d2) -> (d0, 0, d1, 0)>
// CHECK-LABEL: func.func @unit_reshapes
// CHECK:         linalg.generic {indexing_maps = [#[[DROP]], #[[ADD]], #{{.*}}]
// CHECK-NOT:     floordiv
func.func @unit_reshapes(%x: tensor<4x64xf32>, %y: tensor<4x1x64x1xf32>) -> tensor<4x64x1xf32> {
  %0 = hlo.fusion kind = loop (%a = %x, %b = %y) : (tensor<4x64xf32>, tensor<4x1x64x1xf32>) -> tensor<4x64x1xf32> {
    %r = hlo.reshape %a : (tensor<4x64xf32>) -> tensor<4x64x1xf32>
    %s = hlo.reshape %b : (tensor<4x1x64x1xf32>) -> tensor<4x64x1xf32>
    %d = hlo.divide %r, %s : tensor<4x64x1xf32>
    hlo.return %d : tensor<4x64x1xf32>
  }
  return %0 : tensor<4x64x1xf32>
}
