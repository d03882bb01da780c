// Integer elementwise ops on run-time inputs, including the cases the spec
// leaves to the implementation (XLA's choices: x / 0 = -1, x % 0 = x,
// INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0) and shifts by >= the bit width.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy i4 8 7 -7 5 -2147483648 0 -1 100 3
// RUN: %python %hlo_src_root/utils/npy.py write %t/y.npy i4 8 2 2 0 -1 3 31 32 -3
// RUN: hlo-runner %s --input %t/x.npy --input %t/y.npy | FileCheck %s

// CHECK:      result #0: tensor<8xi32>
// CHECK-NEXT: [3, -3, -1, -2147483648, 0, 0, 3, -1]
// CHECK-NEXT: result #1: tensor<8xi32>
// CHECK-NEXT: [1, -1, 5, 0, 0, -1, 4, 0]
// CHECK-NEXT: result #2: tensor<8xi32>
// CHECK-NEXT: [28, -28, 5, 0, 0, -2147483648, 0, 0]
// CHECK-NEXT: result #3: tensor<8xi32>
// CHECK-NEXT: [1, 1073741822, 5, 0, 0, 1, 0, 0]
// CHECK-NEXT: result #4: tensor<8xi32>
// CHECK-NEXT: [1, -2, 5, -1, 0, -1, 0, 0]
// CHECK-NEXT: result #5: tensor<8xi32>
// CHECK-NEXT: [7, 2, 5, -1, 3, 31, 100, 3]
// CHECK-NEXT: result #6: tensor<8xi32>
// CHECK-NEXT: [2, -7, 0, -2147483648, 0, -1, 32, -3]
// CHECK-NEXT: result #7: tensor<8xi32>
// CHECK-NEXT: [3, 30, 2, 1, 0, 32, 3, 2]
// CHECK-NEXT: result #8: tensor<8xi32>
// CHECK-NEXT: [7, 7, 5, -2147483648, 0, 1, 100, 3]
// CHECK-NEXT: result #9: tensor<8xi1>
// CHECK-NEXT: [false, true, false, true, true, true, false, false]
// CHECK-NEXT: result #10: tensor<8xi1>
// CHECK-NEXT: [false, false, false, true, true, false, false, true]

func.func @main(%x: tensor<8xi32>, %y: tensor<8xi32>)
    -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>,
        tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>,
        tensor<8xi32>, tensor<8xi1>, tensor<8xi1>) {
  %0 = hlo.divide %x, %y : tensor<8xi32>
  %1 = hlo.remainder %x, %y : tensor<8xi32>
  %2 = hlo.shift_left %x, %y : tensor<8xi32>
  %3 = hlo.shift_right_logical %x, %y : tensor<8xi32>
  %4 = hlo.shift_right_arithmetic %x, %y : tensor<8xi32>
  %5 = hlo.maximum %x, %y : tensor<8xi32>
  %6 = hlo.minimum %x, %y : tensor<8xi32>
  %7 = hlo.popcnt %x : tensor<8xi32>
  %8 = hlo.abs %x : tensor<8xi32>
  %9 = hlo.compare LT, %x, %y, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
  %xu = hlo.convert %x : (tensor<8xi32>) -> tensor<8xui32>
  %yu = hlo.convert %y : (tensor<8xi32>) -> tensor<8xui32>
  %10 = hlo.compare LT, %xu, %yu, UNSIGNED : (tensor<8xui32>, tensor<8xui32>) -> tensor<8xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10
      : tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>,
        tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>,
        tensor<8xi32>, tensor<8xi1>, tensor<8xi1>
}
