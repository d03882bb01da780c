// chlo.scan: two inputs, one output and two carries of different types,
// scanned backwards along dimension 1. The runner makes the constants
// run-time inputs. Expected values: numpy, computed offline as
//   acc = [1, 1, 1]; for i in 3, 2, 1, 0: acc += x[:, i] * y[:, i];
//   out[:, i] = acc; count += 1
// RUN: hlo-runner %s | FileCheck %s
// CHECK: 3 passed, 0 failed

func.func @scan_reverse_two_inputs() {
  %x = hlo.constant dense<[[-3.0, -3.0, 1.0, -1.0], [1.0, -2.0, 3.0, 0.0], [3.0, 2.0, 1.0, -2.0]]> : tensor<3x4xf32>
  %y = hlo.constant dense<[[2.0, -3.0, 0.0, -1.0], [3.0, -2.0, 3.0, -3.0], [1.0, 1.0, 3.0, -1.0]]> : tensor<3x4xf32>
  %acc = hlo.constant dense<1.0> : tensor<3xf32>
  %count = hlo.constant dense<0> : tensor<i32>
  %0:3 = chlo.scan(%x, %y) inits(%acc, %count) dimension=1 attributes {is_reverse = true} {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>, %s: tensor<3xf32>, %n: tensor<i32>):
    %p = hlo.multiply %a, %b : tensor<3xf32>
    %t = hlo.add %s, %p : tensor<3xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %m = hlo.add %n, %one : tensor<i32>
    hlo.return %t, %t, %m : tensor<3xf32>, tensor<3xf32>, tensor<i32>
  } : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3xf32>, tensor<i32>) -> (tensor<3x4xf32>, tensor<3xf32>, tensor<i32>)
  check.expect_eq_const %0#0, dense<[[5.0, 11.0, 2.0, 2.0], [17.0, 14.0, 10.0, 1.0], [11.0, 8.0, 6.0, 3.0]]> : tensor<3x4xf32>
  check.expect_eq_const %0#1, dense<[5.0, 17.0, 11.0]> : tensor<3xf32>
  check.expect_eq_const %0#2, dense<4> : tensor<i32>
  return
}
