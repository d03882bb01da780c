// RUN: hlo-opt %s --hlo-fusion --hlo-legalize-to-linalg --hlo-emit-fusions | FileCheck %s

// An input fusion that returns two intermediates computed by one
// multi-result producer, which its root reads through both results: the
// producer is fused into the row loop once and yielded once, so the loop
// carries one value per returned tensor (before the fix it carried each
// twice, both initialized from the same tensor, and after bufferization
// the returned difference held the square roots). Batch norm gradients
// produce this shape of fusion.
// CHECK-LABEL: func.func @two_returned_intermediates
// CHECK:         %[[LOOP:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<3xf64>, tensor<3x4xf64>, tensor<3x4xf64>)
// CHECK:           %[[P:.*]]:2 = linalg.generic
// CHECK:             arith.subf
// CHECK:             math.sqrt
// CHECK-NOT:       linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK:         return %[[LOOP]]#1, %[[LOOP]]#2, %[[LOOP]]#0
func.func @two_returned_intermediates(%m: tensor<3xf64>, %v: tensor<3xf64>, %x: tensor<3x4xf64>) -> (tensor<3x4xf64>, tensor<3x4xf64>, tensor<3xf64>) {
  %zero = hlo.constant dense<0.000000e+00> : tensor<f64>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<3xf64>) -> tensor<3x4xf64>
  %vb = hlo.broadcast_in_dim %v, dims = [0] : (tensor<3xf64>) -> tensor<3x4xf64>
  %c = hlo.subtract %x, %mb : tensor<3x4xf64>
  %s = hlo.sqrt %vb : tensor<3x4xf64>
  %n = hlo.divide %c, %s : tensor<3x4xf64>
  %r = hlo.reduce(%n init: %zero) applies hlo.add across dimensions = [1] : (tensor<3x4xf64>, tensor<f64>) -> tensor<3xf64>
  return %c, %s, %r : tensor<3x4xf64>, tensor<3x4xf64>, tensor<3xf64>
}
