// chlo.mulhi: the high half of the double-width product, signed and
// unsigned, in twice the width (i4, i32) and from 32-bit halves (i64, ui64).
// The runner makes the constants run-time inputs, so the compiled code
// computes the results. Expected values: Python integers, (a * b) >> width,
// wrapped to the signed range for signed types.
// RUN: hlo-runner --split-input-file %s | FileCheck %s
// CHECK: 4 passed, 0 failed

func.func @mulhi_i64() {
  %a = hlo.constant dense<[-1, -9223372036854775808, 9223372036854775807, 123456789012345, -987654321987]> : tensor<5xi64>
  %b = hlo.constant dense<[-1, -9223372036854775808, 9223372036854775807, -555555555555, 424242424242]> : tensor<5xi64>
  %0 = chlo.mulhi %a, %b : tensor<5xi64>, tensor<5xi64> -> tensor<5xi64>
  check.expect_eq_const %0, dense<[0, 4611686018427387904, 4611686018427387903, -3718115, -22715]> : tensor<5xi64>
  return
}

// -----

func.func @mulhi_ui64() {
  %a = hlo.constant dense<[18446744073709551615, 12345678901234567890, 4294967296, 3]> : tensor<4xui64>
  %b = hlo.constant dense<[18446744073709551615, 9876543210987654321, 4294967296, 5]> : tensor<4xui64>
  %0 = chlo.mulhi %a, %b : tensor<4xui64>, tensor<4xui64> -> tensor<4xui64>
  check.expect_eq_const %0, dense<[18446744073709551614, 6609981178781634653, 1, 0]> : tensor<4xui64>
  return
}

// -----

func.func @mulhi_i32() {
  %a = hlo.constant dense<[-2147483648, 2147483647, -7, 123456789]> : tensor<4xi32>
  %b = hlo.constant dense<[-2147483648, -2147483648, 3, 987654321]> : tensor<4xi32>
  %0 = chlo.mulhi %a, %b : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  check.expect_eq_const %0, dense<[1073741824, -1073741824, -1, 28389652]> : tensor<4xi32>
  return
}

// -----

func.func @mulhi_i4() {
  %a = hlo.constant dense<[-8, 7, -3, 5]> : tensor<4xi4>
  %b = hlo.constant dense<[-8, -8, 5, 7]> : tensor<4xi4>
  %0 = chlo.mulhi %a, %b : tensor<4xi4>, tensor<4xi4> -> tensor<4xi4>
  check.expect_eq_const %0, dense<[4, -4, -1, 2]> : tensor<4xi4>
  return
}
