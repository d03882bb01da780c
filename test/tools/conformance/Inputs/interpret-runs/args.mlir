// Arguments given on the RUN line (test data for interpret-runs.test);
// malformed ones must be rejected with a located error.
// RUN: stablehlo-translate %s --interpret --args="[dense<[1, 2]> : tensor<2xi32>, dense<5> : tensor<2xi32>]" | FileCheck %s
// RUN: not stablehlo-translate %s --interpret --args="[1.5 : f32]" 2>&1 | FileCheck %s --check-prefix=ERROR

func.func @main(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.subtract %arg0, %arg1 : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// CHECK:      tensor<2xi32> {
// CHECK-NEXT:   [-4, -3]
// CHECK-NEXT: }
// ERROR: error
