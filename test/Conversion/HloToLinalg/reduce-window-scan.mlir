// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// A float cumsum (window as long as the row, padding n-1 before it, init 0)
// longer than 16: XLA's tree order. Levels 37 -> 3: an up-sweep scans the
// blocks of 16 of each level (level 1, the block totals, in a scratch
// vector), a down-sweep adds to each element the total of the blocks before
// its own.
// CHECK-LABEL: func.func @cumsum_tree
// CHECK:         %[[SCRATCH:.*]] = tensor.empty() : tensor<3xf32>
// CHECK:         scf.for %[[ROW:.*]] = %c0 to %c2 {{.*}} iter_args(%[[OUT:.*]] = %{{.*}}, %[[S:.*]] = %[[SCRATCH]])
// Level 0: three blocks, each a scan from the init.
// CHECK:           scf.for %[[B:.*]] = %{{.*}} to %c3
// CHECK:             %[[SCAN:.*]]:3 = scf.for %[[J:.*]] = {{.*}} iter_args({{.*}}, %[[ACC:.*]] = %[[INIT:[^)]*]])
// CHECK:               %[[X:.*]] = tensor.extract %arg0[%[[ROW]], %[[J]]]
// CHECK:               %[[SUM:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK:             tensor.insert %[[SCAN]]#2 into %[[SCAN]]#1
// Level 1: one block.
// CHECK:           scf.for %{{.*}} = %{{.*}} to %c1
// CHECK:             scf.for
// CHECK:               arith.addf
// Down-sweep of level 0: the block before's total, the init for block 0.
// CHECK:           scf.for %[[K:.*]] = %{{.*}} to %c37
// CHECK:             %[[BLOCK:.*]] = arith.divui %[[K]], %c16
// CHECK:             %[[FIRST:.*]] = arith.cmpi eq, %[[BLOCK]]
// CHECK:             %[[ABOVE:.*]] = arith.select %[[FIRST]], %[[INIT]]
// CHECK:             arith.addf %{{.*}}, %[[ABOVE]] : f32
func.func @cumsum_tree(%x: tensor<2x37xf32>) -> tensor<2x37xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 1, 37>, padding = dense<[[0, 0], [36, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<2x37xf32>, tensor<f32>) -> tensor<2x37xf32>
  return %0 : tensor<2x37xf32>
}

// -----

// An integer cumsum along dimension 0: sequential (exact in any order), the
// scan dimension outside the row, each element from the one before it.
// CHECK-LABEL: func.func @cumsum_sequential
// CHECK-NOT:     tensor.empty() : tensor<{{[0-9]+}}xi32>
// CHECK:         scf.for %[[I:.*]] = %c0 to %c20
// CHECK:           scf.for %[[J:.*]] = %c0 to %c3
// CHECK:             %[[X:.*]] = tensor.extract %arg0[%[[I]], %[[J]]]
// CHECK:             %[[PREV:.*]] = arith.maxsi
// CHECK:             %[[READ:.*]] = tensor.extract %{{.*}}[%[[PREV]], %[[J]]]
// CHECK:             %[[ACC:.*]] = arith.select %{{.*}}, %{{.*}}, %[[READ]]
// CHECK:             %[[SUM:.*]] = arith.addi %[[ACC]], %[[X]] : i32
// CHECK:             tensor.insert %[[SUM]] into %{{.*}}[%[[I]], %[[J]]]
func.func @cumsum_sequential(%x: tensor<20x3xi32>) -> tensor<20x3xi32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %0 = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 20, 1>, padding = dense<[[19, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }) : (tensor<20x3xi32>, tensor<i32>) -> tensor<20x3xi32>
  return %0 : tensor<20x3xi32>
}

// -----

// The exclusive form (padding n, n + 1 results): the result starts as the
// init everywhere, element j + 1 is body(element j, x[j]).
// CHECK-LABEL: func.func @cummax_exclusive
// CHECK:         %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<6xf32>)
// CHECK:         scf.for %[[J:.*]] = %c0 to %c5 {{.*}} iter_args(%[[OUT:.*]] = %[[FILL]])
// CHECK:           %[[X:.*]] = tensor.extract %arg0[%[[J]]]
// CHECK:           %[[ACC:.*]] = tensor.extract %[[OUT]][%[[J]]]
// CHECK:           %[[NEXT:.*]] = arith.addi %[[J]], %c1
// CHECK:           %[[MAX:.*]] = arith.maximumf %[[ACC]], %[[X]]
// CHECK:           tensor.insert %[[MAX]] into %[[OUT]][%[[NEXT]]]
func.func @cummax_exclusive(%x: tensor<5xf32>) -> tensor<6xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %ninf) <{window_dimensions = array<i64: 5>, padding = dense<[[5, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<5xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// Not a scan (a window shorter than the row): the small-window form, one
// slice per window position (see reduce-window-small.mlir).
// CHECK-LABEL: func.func @not_a_scan
// CHECK-COUNT-4: tensor.extract_slice
// CHECK:         linalg.generic
// CHECK-NOT:     scf.for
func.func @not_a_scan(%x: tensor<8xf32>) -> tensor<5xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.reduce_window"(%x, %zero) <{window_dimensions = array<i64: 4>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<8xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
