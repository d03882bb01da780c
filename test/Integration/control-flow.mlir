// while, if and case on run-time inputs: sum 1..n by a loop (n = 10), pick
// by a predicate, and select a branch by index (5 is out of range: the last
// branch runs).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/n.npy i8 "" 10
// RUN: %python %hlo_src_root/utils/npy.py write %t/p.npy b1 "" 1
// RUN: %python %hlo_src_root/utils/npy.py write %t/k.npy i4 "" 5
// RUN: hlo-runner %s --input %t/n.npy --input %t/p.npy --input %t/k.npy | FileCheck %s

// CHECK:      result #0: tensor<i64>
// CHECK-NEXT: 55
// CHECK-NEXT: result #1: tensor<i64>
// CHECK-NEXT: 10
// CHECK-NEXT: result #2: tensor<i64>
// CHECK-NEXT: 300
func.func @main(%n: tensor<i64>, %p: tensor<i1>, %k: tensor<i32>) -> (tensor<i64>, tensor<i64>, tensor<i64>) {
  %zero = hlo.constant dense<0> : tensor<i64>
  %one = hlo.constant dense<1> : tensor<i64>
  %0:2 = hlo.while(%i = %one, %sum = %zero) : tensor<i64>, tensor<i64>
    cond {
      %c = hlo.compare LE, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      hlo.return %c : tensor<i1>
    } do {
      %s = hlo.add %sum, %i : tensor<i64>
      %next = hlo.add %i, %one : tensor<i64>
      hlo.return %next, %s : tensor<i64>, tensor<i64>
    }
  %1 = "hlo.if"(%p) ({
    hlo.return %n : tensor<i64>
  }, {
    hlo.return %zero : tensor<i64>
  }) : (tensor<i1>) -> tensor<i64>
  %100 = hlo.constant dense<100> : tensor<i64>
  %2 = "hlo.case"(%k) ({
    hlo.return %100 : tensor<i64>
  }, {
    %d = hlo.add %100, %100 : tensor<i64>
    hlo.return %d : tensor<i64>
  }, {
    %t = hlo.add %100, %100 : tensor<i64>
    %u = hlo.add %t, %100 : tensor<i64>
    hlo.return %u : tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
  return %0#1, %1, %2 : tensor<i64>, tensor<i64>, tensor<i64>
}
