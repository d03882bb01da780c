// RUN: hlo-opt %s --hlo-legalize-to-linalg --hlo-emit-fusions | FileCheck %s

// A loop fusion (as in XLA's optimized dumps of jnp.searchsorted) computing
// gather indices elementwise and gathering with them: the gather's body
// reads the index tensor whole (tensor.extract), so the two loop nests over
// the same 20x1 space are not merged into one that would read its own
// result.
// CHECK-LABEL: func.func @gather_of_computed_indices
// CHECK:         %[[IDX:.*]] = linalg.generic
// CHECK:           arith.subi
// CHECK:           arith.shrui
// CHECK:           arith.addi
// CHECK:         linalg.generic
// CHECK:           tensor.extract %[[IDX]]
// CHECK:           tensor.extract %arg0
func.func @gather_of_computed_indices(%table: tensor<9xf32>, %lo: tensor<20x1xi32>, %hi: tensor<20x1xi32>) -> tensor<20x1xf32> {
  %r = hlo.fusion kind = loop (%a = %table, %b = %lo, %c = %hi) : (tensor<9xf32>, tensor<20x1xi32>, tensor<20x1xi32>) -> tensor<20x1xf32> {
    %one = hlo.constant dense<1> : tensor<20x1xi32>
    %d = hlo.subtract %c, %b : tensor<20x1xi32>
    %s = hlo.shift_right_logical %d, %one : tensor<20x1xi32>
    %m = hlo.add %b, %s : tensor<20x1xi32>
    %g = "hlo.gather"(%a, %m) <{dimension_numbers = #hlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>}> : (tensor<9xf32>, tensor<20x1xi32>) -> tensor<20x1xf32>
    hlo.return %g : tensor<20x1xf32>
  }
  return %r : tensor<20x1xf32>
}
