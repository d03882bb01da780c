// RUN: hlo-opt %s --hlo-cost-report -o /dev/null 2>&1 | FileCheck %s

// n^3 / 3 flops and n square roots per matrix: 2 x 6^3 / 3 = 144 and 12
// for a batch of two 6x6 matrices, which are read and written once (288
// bytes each way).
// CHECK: hlo.cholesky {{.*}}  144  12  288  288  72  72
func.func @cholesky(%a: tensor<2x6x6xf32>) -> tensor<2x6x6xf32> {
  %0 = hlo.cholesky %a, lower = true : tensor<2x6x6xf32>
  return %0 : tensor<2x6x6xf32>
}
