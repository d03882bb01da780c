// Loop-carried tensors updated in place (hlo-loop-carried-in-place, fusions
// kept in their loop by hlo-outline-fusions, calls inlined): a recurrence
// whose body reads the old value of a carried tensor after computing its new
// value (x' = x + y, y' = x: five steps from (a, 0) give (8a, 5a)), a value
// carried unchanged, and a scan writing one row per step, through a private
// function the pipeline inlines. Run as it is and with every fusion outlined.
// RUN: hlo-runner %s | FileCheck %s
// RUN: hlo-runner %s --pipeline-options=outline-fusions=1 | FileCheck %s
// RUN: hlo-runner %s --pipeline-options=profile=true | FileCheck %s
// CHECK: 4 passed, 0 failed

func.func private @step(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = hlo.add %x, %y : tensor<4xf32>
  return %s, %x : tensor<4xf32>, tensor<4xf32>
}

func.func @main() {
  %a = hlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %zero = hlo.constant dense<0.0> : tensor<4xf32>
  %rows0 = hlo.constant dense<0.0> : tensor<5x4xf32>
  %k = hlo.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %i0 = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %five = hlo.constant dense<5> : tensor<i32>
  %z = hlo.constant dense<0> : tensor<i32>
  %r:5 = hlo.while(%i = %i0, %x = %a, %y = %zero, %c = %k, %rows = %rows0) : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<5x4xf32>
    cond {
      %go = hlo.compare LT, %i, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %go : tensor<i1>
    } do {
      %n:2 = func.call @step(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
      %e = hlo.exponential %n#0 : tensor<4xf32>
      %l = hlo.log %e : tensor<4xf32>
      %row = hlo.reshape %l : (tensor<4xf32>) -> tensor<1x4xf32>
      %u = hlo.dynamic_update_slice %rows, %row, %i, %z : (tensor<5x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<5x4xf32>
      %next = hlo.add %i, %one : tensor<i32>
      hlo.return %next, %n#0, %n#1, %c, %u : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<5x4xf32>
    }
  check.expect_almost_eq_const %r#1, dense<[8.0, 16.0, 24.0, 32.0]> : tensor<4xf32> {tolerance = 1.0e-05 : f64}
  check.expect_almost_eq_const %r#2, dense<[5.0, 10.0, 15.0, 20.0]> : tensor<4xf32> {tolerance = 1.0e-05 : f64}
  check.expect_eq_const %r#3, dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  check.expect_almost_eq_const %r#4, dense<[[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 8.0], [3.0, 6.0, 9.0, 12.0], [5.0, 10.0, 15.0, 20.0], [8.0, 16.0, 24.0, 32.0]]> : tensor<5x4xf32> {tolerance = 1.0e-05 : f64}
  return
}
