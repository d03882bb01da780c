// check.probe records a value each time it executes; expect_serialized_eq
// compares with the iteration it names, and --probe-output-dir writes every
// record as .npy. Inside a while loop, a probe records once per iteration.
// RUN: rm -rf %t && hlo-runner %s --probe-output-dir %t | FileCheck %s
// RUN: %python %hlo_src_root/utils/npy.py print %t/sum.0.npy | FileCheck %s --check-prefix=NPY0
// RUN: %python %hlo_src_root/utils/npy.py print %t/sum.2.npy | FileCheck %s --check-prefix=NPY2
// RUN: not ls %t/sum.3.npy
// RUN: %python %hlo_src_root/utils/npy.py print %t/a_b.0.npy | FileCheck %s --check-prefix=SANITIZED
// A wrong recorded value, a missing iteration and an unknown probe fail.
// RUN: not hlo-runner %s --entry wrong 2>&1 | FileCheck %s --check-prefix=WRONG

// CHECK: 5 passed, 0 failed
func.func @main() {
  %x = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = hlo.add %x, %x : tensor<3xf32>
  %p = check.probe %y, probe_id = "a/b" : tensor<3xf32>
  %z = hlo.multiply %p, %x : tensor<3xf32>
  check.expect_eq_const %z, dense<[2.0, 8.0, 18.0]> : tensor<3xf32>
  check.expect_serialized_eq %y, probe_id = "a/b" : tensor<3xf32>

  %zero = hlo.constant dense<0> : tensor<i64>
  %one = hlo.constant dense<1> : tensor<i64>
  %two = hlo.constant dense<2> : tensor<i64>
  %three = hlo.constant dense<3> : tensor<i64>
  %i, %s = hlo.while(%arg0 = %zero, %arg1 = %zero) : tensor<i64>, tensor<i64>
  cond {
    %c = hlo.compare LT, %arg0, %three : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
    %next = hlo.add %arg0, %one : tensor<i64>
    %sum = hlo.add %arg1, %next : tensor<i64>
    %probed = check.probe %sum, probe_id = "sum" : tensor<i64>
    hlo.return %next, %probed : tensor<i64>, tensor<i64>
  }
  // 1, 1 + 2, 1 + 2 + 3
  check.expect_serialized_eq %one, probe_id = "sum", iter = 0 : tensor<i64>
  check.expect_serialized_eq %three, probe_id = "sum", iter = 1 : tensor<i64>
  check.expect_eq_const %s, dense<6> : tensor<i64>
  return
}
// NPY0: <i8 [] [1]{{$}}
// NPY2: <i8 [] [6]{{$}}
// SANITIZED: <f4 [3] [2.0, 4.0, 6.0]{{$}}

// WRONG-DAG: probe.mlir:[[#@LINE+8]]:{{[0-9]+}}: check failed: expect_eq: {{.*}}
// WRONG-DAG: probe.mlir:[[#@LINE+8]]:{{[0-9]+}}: check failed: expect_eq: probe 'q' recorded 1 values, iteration 1 checked
// WRONG-DAG: probe.mlir:[[#@LINE+8]]:{{[0-9]+}}: check failed: expect_eq: probe 'none' recorded 0 values, iteration 0 checked
// WRONG: 0 passed, 3 failed
func.func @wrong() {
  %x = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = hlo.negate %x : tensor<2xf32>
  %p = check.probe %y, probe_id = "q" : tensor<2xf32>
  check.expect_serialized_eq %x, probe_id = "q" : tensor<2xf32>
  check.expect_serialized_eq %y, probe_id = "q", iter = 1 : tensor<2xf32>
  check.expect_serialized_eq %y, probe_id = "none" : tensor<2xf32>
  return
}
