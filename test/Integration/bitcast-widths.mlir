// bitcast_convert between element types of different widths: element j of
// the last dimension holds bits [j * w, (j + 1) * w) of the wide element.
// Expected values by hand: 1.0f = 0x3F800000 -> [0x0000, 0x3F80], -2.0f =
// 0xC0000000 -> [0x0000, 0xC000 = -16384]; bytes
// [1, 2, 3, 4] -> 0x04030201 = 67305985; bits [1, 0, 1, 0, 0, 0, 0, 1] ->
// 0b10000101 = 133; and back.
// RUN: hlo-runner %s | FileCheck %s

// CHECK:      result #0: tensor<2x2xi16>
// CHECK-NEXT: {{\[\[}}0, 16256], [0, -16384]]
// CHECK-NEXT: result #1: tensor<i32>
// CHECK-NEXT: 67305985
// CHECK-NEXT: result #2: tensor<ui8>
// CHECK-NEXT: 133
// CHECK-NEXT: result #3: tensor<8xi1>
// CHECK-NEXT: [true, false, true, false, false, false, false, true]
// CHECK-NEXT: result #4: tensor<2xf32>
// CHECK-NEXT: [1, -2]
func.func @main() -> (tensor<2x2xi16>, tensor<i32>, tensor<ui8>, tensor<8xi1>, tensor<2xf32>) {
  %f = hlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %0 = hlo.bitcast_convert %f : (tensor<2xf32>) -> tensor<2x2xi16>
  %bytes = hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
  %1 = hlo.bitcast_convert %bytes : (tensor<4xi8>) -> tensor<i32>
  %bits = hlo.constant dense<[true, false, true, false, false, false, false, true]> : tensor<8xi1>
  %2 = hlo.bitcast_convert %bits : (tensor<8xi1>) -> tensor<ui8>
  %3 = hlo.bitcast_convert %2 : (tensor<ui8>) -> tensor<8xi1>
  %4 = hlo.bitcast_convert %0 : (tensor<2x2xi16>) -> tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<2x2xi16>, tensor<i32>, tensor<ui8>, tensor<8xi1>, tensor<2xf32>
}
