// hlo.map with an elementwise computation, compiled and run:
// x * y + 2 at every index, worked out by hand.
// RUN: hlo-runner %s | FileCheck %s

// CHECK:      result #0: tensor<2x2xi64>
// CHECK-NEXT: {{\[\[}}2, 7], [14, 23]]
func.func @main() -> tensor<2x2xi64> {
  %a = hlo.constant dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>
  %b = hlo.constant dense<[[4, 5], [6, 7]]> : tensor<2x2xi64>
  %r = "hlo.map"(%a, %b) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%x: tensor<i64>, %y: tensor<i64>):
      %m = hlo.multiply %x, %y : tensor<i64>
      %c = hlo.constant dense<2> : tensor<i64>
      %s = hlo.add %m, %c : tensor<i64>
      hlo.return %s : tensor<i64>
  }) : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %r : tensor<2x2xi64>
}
