// A splat constant too large to write out as a literal (here 10^12
// elements; more than 2^24) is exported as a scalar constant and a
// broadcast, as XLA writes one; imported back, it is the same splat.
// RUN: hlo-translate --export-hlo-text %s | FileCheck %s
// RUN: hlo-translate --export-hlo-text %s | hlo-translate --import-hlo-text | hlo-opt --hlo-canonicalize | FileCheck %s --check-prefix=BACK

// CHECK:      %[[S:.*]] = f32[] constant(1.5)
// CHECK-NEXT: %{{.*}} = f32[1000000,1000000] broadcast(%[[S]]), dimensions={}
// CHECK:      constant({2, 2, 2, 2})

// BACK-DAG: hlo.constant dense<1.500000e+00> : tensor<1000000x1000000xf32>
// BACK-DAG: hlo.constant dense<2.000000e+00> : tensor<4xf32>
func.func @main() -> (tensor<1000000x1000000xf32>, tensor<4xf32>) {
  %0 = hlo.constant dense<1.5> : tensor<1000000x1000000xf32>
  %1 = hlo.constant dense<2.0> : tensor<4xf32>
  return %0, %1 : tensor<1000000x1000000xf32>, tensor<4xf32>
}
