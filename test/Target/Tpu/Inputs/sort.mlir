// Sorts of generated arrays (execute-sort.mlir runs it on the simulator and
// the CPU path): f32 rows of 300 along the last dimension, i8 columns of 70
// with many ties as stable keys of an index payload (32-row registers
// beside 8-row ones), and the middle dimension of a [3, 20, 130] i32 array
// descending.
func.func @main(%x: tensor<4x300xf32>, %q: tensor<70x130xi8>, %v: tensor<3x20x130xi32>)
    -> (tensor<4x300xf32>, tensor<70x130xi32>, tensor<70x130xi32>, tensor<3x20x130xi32>) {
  %0 = "hlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<4x300xf32>) -> tensor<4x300xf32>
  %i = hlo.iota dim = 0 : tensor<70x130xi32>
  %1:2 = "hlo.sort"(%q, %i) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : (tensor<i8>, tensor<i8>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<70x130xi8>, tensor<70x130xi32>) -> (tensor<70x130xi8>, tensor<70x130xi32>)
  %keys = hlo.convert %1#0 : (tensor<70x130xi8>) -> tensor<70x130xi32>
  %2 = "hlo.sort"(%v) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<3x20x130xi32>) -> tensor<3x20x130xi32>
  return %0, %keys, %1#1, %2 : tensor<4x300xf32>, tensor<70x130xi32>, tensor<70x130xi32>, tensor<3x20x130xi32>
}
