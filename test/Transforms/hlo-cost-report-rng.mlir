// The cost model's estimates for the random number ops (before
// hlo-expand-rng): integer ops per 32-bit output word, 64 for Threefry and
// 40 for Philox; rng 48 per element, NORMAL 2 transcendentals per element.
// RUN: hlo-opt %s --hlo-cost-report -o /dev/null 2>&1 | FileCheck %s

// CHECK: hlo.rng_bit_generator     {{.*}}  6400  0
// CHECK: hlo.rng_bit_generator     {{.*}}  8000  0
// CHECK: hlo.rng                   {{.*}}  480  20
func.func @rng(%s: tensor<2xui64>, %a: tensor<f32>, %b: tensor<f32>) -> (tensor<100xui32>, tensor<100xui64>, tensor<10xf32>) {
  %0:2 = hlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<100xui32>)
  %1:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<100xui64>)
  %shape = hlo.constant dense<10> : tensor<1xi64>
  %2 = hlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<10xf32>
  return %0#1, %1#1, %2 : tensor<100xui32>, tensor<100xui64>, tensor<10xf32>
}
