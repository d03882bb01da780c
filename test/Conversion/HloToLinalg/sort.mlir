// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// Every user reads a prefix (slices [0:5] and [0:4] along the sort
// dimension, as top_k's are): partial selection into a buffer of
// k = 5, an insertion (scf.while) only for elements that enter it.
// CHECK-LABEL: func.func @prefix_selection
// CHECK:         scf.for %[[ROW:.*]] = %c0 to %c3
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to %c37 {{.*}} -> (tensor<3x37xf32>, tensor<3x37xi32>, index)
// CHECK:             %[[X:.*]] = tensor.extract %arg0[%[[ROW]], %[[I]]]
// CHECK:             %[[FULL:.*]] = arith.cmpi eq, %{{.*}}, %c5
// CHECK:             %[[ENTERS:.*]] = scf.if %[[FULL]] -> (i1)
// CHECK:               tensor.extract %{{.*}}[%[[ROW]], %c4]
// CHECK:               arith.cmpf ogt
// CHECK:             scf.if %[[ENTERS]]
// CHECK:               scf.while
// CHECK:                 arith.cmpf ogt, %[[X]]
// CHECK:                 scf.condition
// CHECK:               tensor.insert %[[X]]
// CHECK:               arith.minsi %{{.*}}, %c5
// CHECK:         tensor.extract_slice %{{.*}}[0, 0] [3, 5] [1, 1]
// CHECK:         tensor.extract_slice %{{.*}}[1, 0] [2, 4] [1, 1]
func.func @prefix_selection(%x: tensor<3x37xf32>, %i: tensor<3x37xi32>) -> (tensor<3x5xf32>, tensor<2x4xi32>) {
  %0:2 = "hlo.sort"(%x, %i) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<3x37xf32>, tensor<3x37xi32>) -> (tensor<3x37xf32>, tensor<3x37xi32>)
  %1 = hlo.slice %0#0 [0:3, 0:5] : (tensor<3x37xf32>) -> tensor<3x5xf32>
  %2 = hlo.slice %0#1 [1:3, 0:4] : (tensor<3x37xi32>) -> tensor<2x4xi32>
  return %1, %2 : tensor<3x5xf32>, tensor<2x4xi32>
}

// -----

// A user that reads the whole result (or a slice not starting at 0): a
// merge sort. Passes go in pairs (widths 4^p and 2 * 4^p), each merging runs
// from one buffer into the other and taking from the right run only when its
// element strictly comes first.
// CHECK-LABEL: func.func @merge_sort
// CHECK-NOT:     scf.while
// CHECK:         %[[SCRATCH:.*]] = tensor.empty() : tensor<37x3xf32>
// CHECK:         scf.for %[[COL:.*]] = %c0 to %c3
// CHECK:           scf.for %[[P:.*]] = %{{.*}} to %c3
// CHECK:             %[[W:.*]] = arith.shli %{{.*}}, %{{.*}} : index
// CHECK:             scf.for %[[LO:.*]] = %{{.*}} to %c37 step
// CHECK:               scf.for %[[K:.*]] = %[[LO]] to
// CHECK:                 %[[RIGHT:.*]] = tensor.extract %{{.*}}[%{{.*}}, %[[COL]]]
// CHECK:                 %[[LT:.*]] = arith.cmpf olt, %[[RIGHT]]
// CHECK:                 arith.ori %{{.*}}, %[[LT]]
// CHECK:                 arith.select
// CHECK:                 tensor.insert %{{.*}}[%[[K]], %[[COL]]]
// CHECK-NOT:     scf.while
func.func @merge_sort(%x: tensor<37x3xf32>) -> (tensor<37x3xf32>, tensor<2x3xf32>) {
  %0 = "hlo.sort"(%x) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<37x3xf32>) -> tensor<37x3xf32>
  %1 = hlo.slice %0 [1:3, 0:3] : (tensor<37x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<37x3xf32>, tensor<2x3xf32>
}
