// RUN: hlo-opt %s -split-input-file --hlo-canonicalize | FileCheck %s

// Folders and canonicalization patterns of the hlo ops (HloFolds.cpp), run by
// --hlo-canonicalize. Expected constants are exact; cases whose results are
// implementation-defined or that would need host libm must not fold.

//===----------------------------------------------------------------------===//
// add / subtract / multiply
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @add_fold
func.func @add_fold() -> (tensor<4xi32>, tensor<3xf32>, tensor<4xi1>, tensor<2xui8>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[11, 0, -2147483648, 7]> : tensor<4xi32>
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[4.000000e+00, 0.000000e+00, 0x7F800000]> : tensor<3xf32>
  // Adding preds is a logical or.
  // CHECK-DAG: %[[P:.+]] = hlo.constant dense<[false, true, true, true]> : tensor<4xi1>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[44, 255]> : tensor<2xui8>
  // CHECK-NOT: hlo.add
  // CHECK: return %[[I]], %[[F]], %[[P]], %[[U]]
  %a = hlo.constant dense<[10, -5, 2147483647, 7]> : tensor<4xi32>
  %b = hlo.constant dense<[1, 5, 1, 0]> : tensor<4xi32>
  %0 = hlo.add %a, %b : tensor<4xi32>
  %c = hlo.constant dense<[1.5, -0.0, 3.0e38]> : tensor<3xf32>
  %d = hlo.constant dense<[2.5, 0.0, 3.0e38]> : tensor<3xf32>
  %1 = hlo.add %c, %d : tensor<3xf32>
  %p = hlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %q = hlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %2 = hlo.add %p, %q : tensor<4xi1>
  %u = hlo.constant dense<[200, 255]> : tensor<2xui8>
  %v = hlo.constant dense<[100, 0]> : tensor<2xui8>
  %3 = hlo.add %u, %v : tensor<2xui8>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<3xf32>, tensor<4xi1>, tensor<2xui8>
}

// -----

// Splat operands give a splat result, however large.
// CHECK-LABEL: func.func @add_fold_splat
func.func @add_fold_splat() -> tensor<1000x1000xf32> {
  // CHECK-NEXT: %[[C:.+]] = hlo.constant dense<3.000000e+00> : tensor<1000x1000xf32>
  // CHECK-NEXT: return %[[C]]
  %a = hlo.constant dense<1.0> : tensor<1000x1000xf32>
  %b = hlo.constant dense<2.0> : tensor<1000x1000xf32>
  %0 = hlo.add %a, %b : tensor<1000x1000xf32>
  return %0 : tensor<1000x1000xf32>
}

// -----

// CHECK-LABEL: func.func @subtract_fold
func.func @subtract_fold() -> (tensor<3xi8>, tensor<2xf16>, tensor<2xui8>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[127, -128, 0]> : tensor<3xi8>
  // CHECK-DAG: %[[H:.+]] = hlo.constant dense<[-5.000000e-01, 0.000000e+00]> : tensor<2xf16>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[255, 100]> : tensor<2xui8>
  // CHECK-NOT: hlo.subtract
  // CHECK: return %[[I]], %[[H]], %[[U]]
  %a = hlo.constant dense<[-128, 127, 5]> : tensor<3xi8>
  %b = hlo.constant dense<[1, -1, 5]> : tensor<3xi8>
  %0 = hlo.subtract %a, %b : tensor<3xi8>
  %c = hlo.constant dense<[1.0, 2.0]> : tensor<2xf16>
  %d = hlo.constant dense<[1.5, 2.0]> : tensor<2xf16>
  %1 = hlo.subtract %c, %d : tensor<2xf16>
  %u = hlo.constant dense<[0, 200]> : tensor<2xui8>
  %v = hlo.constant dense<[1, 100]> : tensor<2xui8>
  %2 = hlo.subtract %u, %v : tensor<2xui8>
  return %0, %1, %2 : tensor<3xi8>, tensor<2xf16>, tensor<2xui8>
}

// -----

// CHECK-LABEL: func.func @multiply_fold
func.func @multiply_fold() -> (tensor<3xi32>, tensor<3xf64>, tensor<4xi1>, tensor<2xbf16>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[-6, 0, 0]> : tensor<3xi32>
  // CHECK-DAG: %[[D:.+]] = hlo.constant dense<[7.500000e-01, -0.000000e+00, 0x7FF8000000000000]> : tensor<3xf64>
  // Multiplying preds is a logical and.
  // CHECK-DAG: %[[P:.+]] = hlo.constant dense<[false, false, false, true]> : tensor<4xi1>
  // CHECK-DAG: %[[B:.+]] = hlo.constant dense<6.000000e+00> : tensor<2xbf16>
  // CHECK-NOT: hlo.multiply
  // CHECK: return %[[I]], %[[D]], %[[P]], %[[B]]
  %a = hlo.constant dense<[2, 0, 65536]> : tensor<3xi32>
  %b = hlo.constant dense<[-3, 7, 65536]> : tensor<3xi32>
  %0 = hlo.multiply %a, %b : tensor<3xi32>
  %c = hlo.constant dense<[1.5, -0.0, 0x7FF0000000000000]> : tensor<3xf64>
  %d = hlo.constant dense<[0.5, 5.0, 0.0]> : tensor<3xf64>
  %1 = hlo.multiply %c, %d : tensor<3xf64>
  %p = hlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %q = hlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %2 = hlo.multiply %p, %q : tensor<4xi1>
  %e = hlo.constant dense<2.0> : tensor<2xbf16>
  %f = hlo.constant dense<3.0> : tensor<2xbf16>
  %3 = hlo.multiply %e, %f : tensor<2xbf16>
  return %0, %1, %2, %3 : tensor<3xi32>, tensor<3xf64>, tensor<4xi1>, tensor<2xbf16>
}

//===----------------------------------------------------------------------===//
// divide / remainder
//===----------------------------------------------------------------------===//

// -----

// Signed integer division truncates toward zero.
// CHECK-LABEL: func.func @divide_fold
func.func @divide_fold() -> (tensor<4xi32>, tensor<2xui8>, tensor<3xf32>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[3, -3, -3, 3]> : tensor<4xi32>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[66, 1]> : tensor<2xui8>
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[2.500000e+00, 0x7F800000, 0xFF800000]> : tensor<3xf32>
  // CHECK-NOT: hlo.divide
  // CHECK: return %[[I]], %[[U]], %[[F]]
  %a = hlo.constant dense<[7, -7, 7, -7]> : tensor<4xi32>
  %b = hlo.constant dense<[2, 2, -2, -2]> : tensor<4xi32>
  %0 = hlo.divide %a, %b : tensor<4xi32>
  // 200 and 255 are unsigned, not -56 and -1.
  %u = hlo.constant dense<[200, 255]> : tensor<2xui8>
  %v = hlo.constant dense<[3, 255]> : tensor<2xui8>
  %1 = hlo.divide %u, %v : tensor<2xui8>
  // Float division by zero is IEEE: +-inf.
  %c = hlo.constant dense<[5.0, 1.0, -1.0]> : tensor<3xf32>
  %d = hlo.constant dense<[2.0, 0.0, 0.0]> : tensor<3xf32>
  %2 = hlo.divide %c, %d : tensor<3xf32>
  return %0, %1, %2 : tensor<4xi32>, tensor<2xui8>, tensor<3xf32>
}

// -----

// Integer division by zero is left to run time, even when only one element
// divides by zero.
// CHECK-LABEL: func.func @divide_by_zero_not_folded
func.func @divide_by_zero_not_folded() -> (tensor<2xi32>, tensor<ui8>) {
  // CHECK: %[[R0:.+]] = hlo.divide
  // CHECK: %[[R1:.+]] = hlo.divide
  // CHECK: return %[[R0]], %[[R1]]
  %a = hlo.constant dense<[6, 1]> : tensor<2xi32>
  %b = hlo.constant dense<[3, 0]> : tensor<2xi32>
  %0 = hlo.divide %a, %b : tensor<2xi32>
  %c = hlo.constant dense<7> : tensor<ui8>
  %d = hlo.constant dense<0> : tensor<ui8>
  %1 = hlo.divide %c, %d : tensor<ui8>
  return %0, %1 : tensor<2xi32>, tensor<ui8>
}

// -----

// INT_MIN / -1 overflows: not folded. INT_MIN / 1 is fine.
// CHECK-LABEL: func.func @divide_signed_overflow_not_folded
func.func @divide_signed_overflow_not_folded() -> (tensor<i8>, tensor<i8>) {
  // CHECK-DAG: %[[MIN:.+]] = hlo.constant dense<-128> : tensor<i8>
  // CHECK-DAG: %[[M1:.+]] = hlo.constant dense<-1> : tensor<i8>
  // CHECK: %[[R:.+]] = hlo.divide %[[MIN]], %[[M1]] : tensor<i8>
  // CHECK: return %[[R]], %[[MIN]]
  %a = hlo.constant dense<-128> : tensor<i8>
  %b = hlo.constant dense<-1> : tensor<i8>
  %0 = hlo.divide %a, %b : tensor<i8>
  %one = hlo.constant dense<1> : tensor<i8>
  %1 = hlo.divide %a, %one : tensor<i8>
  return %0, %1 : tensor<i8>, tensor<i8>
}

// -----

// The remainder has the sign of the dividend (C fmod / srem).
// CHECK-LABEL: func.func @remainder_fold
func.func @remainder_fold() -> (tensor<4xi32>, tensor<2xui8>, tensor<3xf32>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[1, -1, 1, -1]> : tensor<4xi32>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[2, 0]> : tensor<2xui8>
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[-1.500000e+00, 1.500000e+00, 0x7FC00000]> : tensor<3xf32>
  // CHECK-NOT: hlo.remainder
  // CHECK: return %[[I]], %[[U]], %[[F]]
  %a = hlo.constant dense<[7, -7, 7, -7]> : tensor<4xi32>
  %b = hlo.constant dense<[2, 2, -2, -2]> : tensor<4xi32>
  %0 = hlo.remainder %a, %b : tensor<4xi32>
  %u = hlo.constant dense<[200, 255]> : tensor<2xui8>
  %v = hlo.constant dense<[3, 255]> : tensor<2xui8>
  %1 = hlo.remainder %u, %v : tensor<2xui8>
  %c = hlo.constant dense<[-7.5, 7.5, 1.0]> : tensor<3xf32>
  %d = hlo.constant dense<[2.0, -2.0, 0.0]> : tensor<3xf32>
  %2 = hlo.remainder %c, %d : tensor<3xf32>
  return %0, %1, %2 : tensor<4xi32>, tensor<2xui8>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @remainder_not_folded
func.func @remainder_not_folded() -> (tensor<2xi32>, tensor<i16>) {
  // CHECK: %[[R0:.+]] = hlo.remainder
  // CHECK: %[[R1:.+]] = hlo.remainder
  // CHECK: return %[[R0]], %[[R1]]
  %a = hlo.constant dense<[6, 1]> : tensor<2xi32>
  %b = hlo.constant dense<[4, 0]> : tensor<2xi32>
  %0 = hlo.remainder %a, %b : tensor<2xi32>
  %c = hlo.constant dense<-32768> : tensor<i16>
  %d = hlo.constant dense<-1> : tensor<i16>
  %1 = hlo.remainder %c, %d : tensor<i16>
  return %0, %1 : tensor<2xi32>, tensor<i16>
}

//===----------------------------------------------------------------------===//
// maximum / minimum
//===----------------------------------------------------------------------===//

// -----

// Float maximum and minimum propagate NaN and order -0.0 below +0.0.
// CHECK-LABEL: func.func @maximum_minimum_float
func.func @maximum_minimum_float() -> (tensor<5xf32>, tensor<5xf32>) {
  // CHECK-DAG: %[[MAX:.+]] = hlo.constant dense<[0x7FC00000, 0x7FC00000, 0.000000e+00, 0.000000e+00, 2.000000e+00]> : tensor<5xf32>
  // CHECK-DAG: %[[MIN:.+]] = hlo.constant dense<[0x7FC00000, 0x7FC00000, -0.000000e+00, -0.000000e+00, -3.000000e+00]> : tensor<5xf32>
  // CHECK-NOT: hlo.maximum
  // CHECK-NOT: hlo.minimum
  // CHECK: return %[[MAX]], %[[MIN]]
  %a = hlo.constant dense<[0x7FC00000, 1.0, -0.0, 0.0, 2.0]> : tensor<5xf32>
  %b = hlo.constant dense<[1.0, 0x7FC00000, 0.0, -0.0, -3.0]> : tensor<5xf32>
  %0 = hlo.maximum %a, %b : tensor<5xf32>
  %1 = hlo.minimum %a, %b : tensor<5xf32>
  return %0, %1 : tensor<5xf32>, tensor<5xf32>
}

// -----

// Integers compare signed or unsigned by their type; preds as 0 < 1.
// CHECK-LABEL: func.func @maximum_minimum_integer
func.func @maximum_minimum_integer() -> (tensor<2xi8>, tensor<2xi8>, tensor<2xui8>, tensor<2xui8>, tensor<2xi1>, tensor<2xi1>) {
  // CHECK-DAG: %[[SMAX:.+]] = hlo.constant dense<[100, -1]> : tensor<2xi8>
  // CHECK-DAG: %[[SMIN:.+]] = hlo.constant dense<[-56, -128]> : tensor<2xi8>
  // CHECK-DAG: %[[UMAX:.+]] = hlo.constant dense<[200, 255]> : tensor<2xui8>
  // CHECK-DAG: %[[UMIN:.+]] = hlo.constant dense<[100, 128]> : tensor<2xui8>
  // CHECK-DAG: %[[PMAX:.+]] = hlo.constant dense<true> : tensor<2xi1>
  // CHECK-DAG: %[[PMIN:.+]] = hlo.constant dense<false> : tensor<2xi1>
  // CHECK-NOT: hlo.maximum
  // CHECK-NOT: hlo.minimum
  // CHECK: return %[[SMAX]], %[[SMIN]], %[[UMAX]], %[[UMIN]], %[[PMAX]], %[[PMIN]]
  %a = hlo.constant dense<[-56, -1]> : tensor<2xi8>
  %b = hlo.constant dense<[100, -128]> : tensor<2xi8>
  %0 = hlo.maximum %a, %b : tensor<2xi8>
  %1 = hlo.minimum %a, %b : tensor<2xi8>
  %c = hlo.constant dense<[200, 255]> : tensor<2xui8>
  %d = hlo.constant dense<[100, 128]> : tensor<2xui8>
  %2 = hlo.maximum %c, %d : tensor<2xui8>
  %3 = hlo.minimum %c, %d : tensor<2xui8>
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %q = hlo.constant dense<[false, true]> : tensor<2xi1>
  %4 = hlo.maximum %p, %q : tensor<2xi1>
  %5 = hlo.minimum %p, %q : tensor<2xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<2xi8>, tensor<2xi8>, tensor<2xui8>, tensor<2xui8>, tensor<2xi1>, tensor<2xi1>
}

//===----------------------------------------------------------------------===//
// and / or / xor / not
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @bitwise_fold
func.func @bitwise_fold() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<4xi1>, tensor<4xi1>, tensor<2xui8>) {
  // CHECK-DAG: %[[AND:.+]] = hlo.constant dense<[8, 0]> : tensor<2xi32>
  // CHECK-DAG: %[[OR:.+]] = hlo.constant dense<[14, -1]> : tensor<2xi32>
  // CHECK-DAG: %[[XOR:.+]] = hlo.constant dense<[6, -1]> : tensor<2xi32>
  // CHECK-DAG: %[[PXOR:.+]] = hlo.constant dense<[false, true, true, false]> : tensor<4xi1>
  // CHECK-DAG: %[[PAND:.+]] = hlo.constant dense<[false, false, false, true]> : tensor<4xi1>
  // CHECK-DAG: %[[UOR:.+]] = hlo.constant dense<[255, 15]> : tensor<2xui8>
  // CHECK-NOT: hlo.and
  // CHECK-NOT: hlo.or
  // CHECK-NOT: hlo.xor
  // CHECK: return %[[AND]], %[[OR]], %[[XOR]], %[[PXOR]], %[[PAND]], %[[UOR]]
  %a = hlo.constant dense<[12, -1]> : tensor<2xi32>
  %b = hlo.constant dense<[10, 0]> : tensor<2xi32>
  %0 = hlo.and %a, %b : tensor<2xi32>
  %1 = hlo.or %a, %b : tensor<2xi32>
  %2 = hlo.xor %a, %b : tensor<2xi32>
  %p = hlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %q = hlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %3 = hlo.xor %p, %q : tensor<4xi1>
  %4 = hlo.and %p, %q : tensor<4xi1>
  %u = hlo.constant dense<[240, 5]> : tensor<2xui8>
  %v = hlo.constant dense<[15, 10]> : tensor<2xui8>
  %5 = hlo.or %u, %v : tensor<2xui8>
  return %0, %1, %2, %3, %4, %5 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<4xi1>, tensor<4xi1>, tensor<2xui8>
}

// -----

// CHECK-LABEL: func.func @not_fold
func.func @not_fold() -> (tensor<3xi32>, tensor<2xi1>, tensor<2xui8>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[-1, 0, -6]> : tensor<3xi32>
  // CHECK-DAG: %[[P:.+]] = hlo.constant dense<[false, true]> : tensor<2xi1>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[255, 15]> : tensor<2xui8>
  // CHECK-NOT: hlo.not
  // CHECK: return %[[I]], %[[P]], %[[U]]
  %a = hlo.constant dense<[0, -1, 5]> : tensor<3xi32>
  %0 = hlo.not %a : tensor<3xi32>
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %1 = hlo.not %p : tensor<2xi1>
  %u = hlo.constant dense<[0, 240]> : tensor<2xui8>
  %2 = hlo.not %u : tensor<2xui8>
  return %0, %1, %2 : tensor<3xi32>, tensor<2xi1>, tensor<2xui8>
}

//===----------------------------------------------------------------------===//
// Shifts
//===----------------------------------------------------------------------===//

// -----

// Shift amounts are unsigned; shifting by the bit width or more gives 0, or
// the sign fill for an arithmetic right shift.
// CHECK-LABEL: func.func @shift_fold
func.func @shift_fold() -> (tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<2xui8>) {
  // CHECK-DAG: %[[SHL:.+]] = hlo.constant dense<[-8, 2, 0, 0, -2147483648]> : tensor<5xi32>
  // CHECK-DAG: %[[SRA:.+]] = hlo.constant dense<[-1, 0, -1, 0, -1]> : tensor<5xi32>
  // CHECK-DAG: %[[SRL:.+]] = hlo.constant dense<[536870911, 0, 0, 0, 1]> : tensor<5xi32>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[64, 0]> : tensor<2xui8>
  // CHECK-NOT: hlo.shift
  // CHECK: return %[[SHL]], %[[SRA]], %[[SRL]], %[[U]]
  %a = hlo.constant dense<[-1, 1, -1, 1, -1]> : tensor<5xi32>
  %s = hlo.constant dense<[3, 1, 32, 33, 31]> : tensor<5xi32>
  %0 = hlo.shift_left %a, %s : tensor<5xi32>
  %1 = hlo.shift_right_arithmetic %a, %s : tensor<5xi32>
  %2 = hlo.shift_right_logical %a, %s : tensor<5xi32>
  %u = hlo.constant dense<[128, 128]> : tensor<2xui8>
  %t = hlo.constant dense<[1, 8]> : tensor<2xui8>
  %3 = hlo.shift_right_logical %u, %t : tensor<2xui8>
  return %0, %1, %2, %3 : tensor<5xi32>, tensor<5xi32>, tensor<5xi32>, tensor<2xui8>
}

// -----

// A negative amount is a huge unsigned one.
// CHECK-LABEL: func.func @shift_negative_amount
func.func @shift_negative_amount() -> (tensor<i8>, tensor<i8>, tensor<i8>) {
  // CHECK-DAG: %[[ZERO:.+]] = hlo.constant dense<0> : tensor<i8>
  // CHECK-DAG: %[[FILL:.+]] = hlo.constant dense<-1> : tensor<i8>
  // CHECK-NOT: hlo.shift
  // CHECK: return %[[ZERO]], %[[FILL]], %[[ZERO]]
  %a = hlo.constant dense<-100> : tensor<i8>
  %s = hlo.constant dense<-1> : tensor<i8>
  %0 = hlo.shift_left %a, %s : tensor<i8>
  %1 = hlo.shift_right_arithmetic %a, %s : tensor<i8>
  %2 = hlo.shift_right_logical %a, %s : tensor<i8>
  return %0, %1, %2 : tensor<i8>, tensor<i8>, tensor<i8>
}

//===----------------------------------------------------------------------===//
// compare
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @compare_signed_unsigned
func.func @compare_signed_unsigned() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  // The same bits compare differently as signed and as unsigned integers.
  // CHECK-DAG: %[[SLT:.+]] = hlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  // CHECK-DAG: %[[SGE:.+]] = hlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  // CHECK-DAG: %[[SEQ:.+]] = hlo.constant dense<[false, false, true, false]> : tensor<4xi1>
  // CHECK-DAG: %[[ULT:.+]] = hlo.constant dense<[false, false, false, true]> : tensor<4xi1>
  // CHECK-DAG: %[[UGE:.+]] = hlo.constant dense<[true, true, true, false]> : tensor<4xi1>
  // CHECK-DAG: %[[UNE:.+]] = hlo.constant dense<[true, true, false, true]> : tensor<4xi1>
  // CHECK-NOT: hlo.compare
  // CHECK: return %[[SLT]], %[[SGE]], %[[SEQ]], %[[ULT]], %[[UGE]], %[[UNE]]
  %a = hlo.constant dense<[-56, -1, 7, 0]> : tensor<4xi8>
  %b = hlo.constant dense<[1, 127, 7, -1]> : tensor<4xi8>
  %0 = hlo.compare LT, %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  %1 = hlo.compare GE, %a, %b, SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  %2 = hlo.compare EQ, %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  %c = hlo.constant dense<[200, 255, 7, 0]> : tensor<4xui8>
  %d = hlo.constant dense<[1, 127, 7, 255]> : tensor<4xui8>
  %3 = hlo.compare LT, %c, %d : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %4 = hlo.compare GE, %c, %d, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %5 = hlo.compare NE, %c, %d : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Preds compare as unsigned: false < true.
// CHECK-LABEL: func.func @compare_pred
func.func @compare_pred() -> (tensor<2xi1>, tensor<2xi1>) {
  // CHECK-DAG: %[[LT:.+]] = hlo.constant dense<[true, false]> : tensor<2xi1>
  // CHECK-DAG: %[[EQ:.+]] = hlo.constant dense<false> : tensor<2xi1>
  // CHECK-NOT: hlo.compare
  // CHECK: return %[[LT]], %[[EQ]]
  %p = hlo.constant dense<[false, true]> : tensor<2xi1>
  %q = hlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = hlo.compare LT, %p, %q : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %1 = hlo.compare EQ, %p, %q, UNSIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return %0, %1 : tensor<2xi1>, tensor<2xi1>
}

// -----

// IEEE comparisons: every ordered comparison with NaN is false and NE is
// true; -0.0 == +0.0.
// CHECK-LABEL: func.func @compare_float
func.func @compare_float() -> (tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>) {
  // CHECK-DAG: %[[EQ:.+]] = hlo.constant dense<[false, false, true, false, false]> : tensor<5xi1>
  // CHECK-DAG: %[[NE:.+]] = hlo.constant dense<[true, true, false, true, true]> : tensor<5xi1>
  // CHECK-DAG: %[[LT:.+]] = hlo.constant dense<[false, false, false, true, false]> : tensor<5xi1>
  // CHECK-DAG: %[[LE:.+]] = hlo.constant dense<[false, false, true, true, false]> : tensor<5xi1>
  // CHECK-DAG: %[[GT:.+]] = hlo.constant dense<[false, false, false, false, true]> : tensor<5xi1>
  // CHECK-DAG: %[[GE:.+]] = hlo.constant dense<[false, false, true, false, true]> : tensor<5xi1>
  // CHECK-NOT: hlo.compare
  // CHECK: return %[[EQ]], %[[NE]], %[[LT]], %[[LE]], %[[GT]], %[[GE]]
  %a = hlo.constant dense<[0x7FC00000, 1.0, -0.0, 1.0, 2.0]> : tensor<5xf32>
  %b = hlo.constant dense<[0x7FC00000, 0x7FC00000, 0.0, 2.0, 1.0]> : tensor<5xf32>
  %0 = hlo.compare EQ, %a, %b : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %1 = hlo.compare NE, %a, %b : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %2 = hlo.compare LT, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %3 = hlo.compare LE, %a, %b : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %4 = hlo.compare GT, %a, %b : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %5 = hlo.compare GE, %a, %b : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>
}

// -----

// TOTALORDER (where -0.0 < +0.0 and NaN is ordered) and complex comparisons
// are not folded.
// CHECK-LABEL: func.func @compare_not_folded
func.func @compare_not_folded() -> (tensor<2xi1>, tensor<i1>) {
  // CHECK: %[[T:.+]] = hlo.compare LT, %{{.+}}, %{{.+}}, TOTALORDER
  // CHECK: %[[Z:.+]] = hlo.compare EQ, %{{.+}}, %{{.+}} : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
  // CHECK: return %[[T]], %[[Z]]
  %a = hlo.constant dense<[-0.0, 1.0]> : tensor<2xf32>
  %b = hlo.constant dense<[0.0, 0x7FC00000]> : tensor<2xf32>
  %0 = hlo.compare LT, %a, %b, TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %z = hlo.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %1 = hlo.compare EQ, %z, %z : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
  return %0, %1 : tensor<2xi1>, tensor<i1>
}

//===----------------------------------------------------------------------===//
// Unary arithmetic
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @negate_fold
func.func @negate_fold() -> (tensor<3xi32>, tensor<3xf32>, tensor<2xui8>) {
  // INT_MIN wraps to itself.
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[-5, 0, -2147483648]> : tensor<3xi32>
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[-1.500000e+00, -0.000000e+00, 0.000000e+00]> : tensor<3xf32>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[255, 0]> : tensor<2xui8>
  // CHECK-NOT: hlo.negate
  // CHECK: return %[[I]], %[[F]], %[[U]]
  %a = hlo.constant dense<[5, 0, -2147483648]> : tensor<3xi32>
  %0 = hlo.negate %a : tensor<3xi32>
  %b = hlo.constant dense<[1.5, 0.0, -0.0]> : tensor<3xf32>
  %1 = hlo.negate %b : tensor<3xf32>
  %c = hlo.constant dense<[1, 0]> : tensor<2xui8>
  %2 = hlo.negate %c : tensor<2xui8>
  return %0, %1, %2 : tensor<3xi32>, tensor<3xf32>, tensor<2xui8>
}

// -----

// CHECK-LABEL: func.func @abs_fold
func.func @abs_fold() -> (tensor<3xi32>, tensor<3xf32>, tensor<2xf32>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[5, 0, -2147483648]> : tensor<3xi32>
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[1.500000e+00, 0.000000e+00, 0x7F800000]> : tensor<3xf32>
  // The complex modulus is not folded.
  // CHECK: %[[Z:.+]] = hlo.abs %{{.+}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  // CHECK: return %[[I]], %[[F]], %[[Z]]
  %a = hlo.constant dense<[-5, 0, -2147483648]> : tensor<3xi32>
  %0 = hlo.abs %a : tensor<3xi32>
  %b = hlo.constant dense<[-1.5, -0.0, 0xFF800000]> : tensor<3xf32>
  %1 = hlo.abs %b : tensor<3xf32>
  %z = hlo.constant dense<[(3.0, 4.0), (0.0, -1.0)]> : tensor<2xcomplex<f32>>
  %2 = hlo.abs %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<3xi32>, tensor<3xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @sign_fold
func.func @sign_fold() -> (tensor<3xi32>, tensor<5xf32>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[-1, 0, 1]> : tensor<3xi32>
  // NaN stays NaN and zeros keep their sign.
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[-1.000000e+00, -0.000000e+00, 0.000000e+00, 1.000000e+00, 0x7FC00000]> : tensor<5xf32>
  // CHECK-NOT: hlo.sign
  // CHECK: return %[[I]], %[[F]]
  %a = hlo.constant dense<[-7, 0, 2147483647]> : tensor<3xi32>
  %0 = hlo.sign %a : tensor<3xi32>
  %b = hlo.constant dense<[-2.5, -0.0, 0.0, 1.0e-30, 0x7FC00000]> : tensor<5xf32>
  %1 = hlo.sign %b : tensor<5xf32>
  return %0, %1 : tensor<3xi32>, tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @rounding_fold
func.func @rounding_fold() -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) {
  // CHECK-DAG: %[[FLOOR:.+]] = hlo.constant dense<[2.000000e+00, -3.000000e+00, 0.000000e+00, -1.000000e+00, 3.000000e+00, -0.000000e+00]> : tensor<6xf32>
  // CHECK-DAG: %[[CEIL:.+]] = hlo.constant dense<[3.000000e+00, -2.000000e+00, 1.000000e+00, -0.000000e+00, 3.000000e+00, -0.000000e+00]> : tensor<6xf32>
  // Ties away from zero.
  // CHECK-DAG: %[[AFZ:.+]] = hlo.constant dense<[3.000000e+00, -3.000000e+00, 1.000000e+00, -1.000000e+00, 3.000000e+00, -0.000000e+00]> : tensor<6xf32>
  // Ties to even.
  // CHECK-DAG: %[[EVEN:.+]] = hlo.constant dense<[2.000000e+00, -2.000000e+00, 0.000000e+00, -0.000000e+00, 3.000000e+00, -0.000000e+00]> : tensor<6xf32>
  // CHECK-NOT: hlo.floor
  // CHECK-NOT: hlo.ceil
  // CHECK-NOT: hlo.round
  // CHECK: return %[[FLOOR]], %[[CEIL]], %[[AFZ]], %[[EVEN]]
  %a = hlo.constant dense<[2.5, -2.5, 0.5, -0.5, 3.0, -0.0]> : tensor<6xf32>
  %0 = hlo.floor %a : tensor<6xf32>
  %1 = hlo.ceil %a : tensor<6xf32>
  %2 = hlo.round_nearest_afz %a : tensor<6xf32>
  %3 = hlo.round_nearest_even %a : tensor<6xf32>
  return %0, %1, %2, %3 : tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @rounding_fold_bf16
func.func @rounding_fold_bf16() -> tensor<2xbf16> {
  // CHECK-NEXT: %[[C:.+]] = hlo.constant dense<[2.000000e+00, 4.000000e+00]> : tensor<2xbf16>
  // CHECK-NEXT: return %[[C]]
  %a = hlo.constant dense<[2.5, 3.5]> : tensor<2xbf16>
  %0 = hlo.round_nearest_even %a : tensor<2xbf16>
  return %0 : tensor<2xbf16>
}

// -----

// sqrt is correctly rounded, so f32 and f64 fold; other widths do not.
// CHECK-LABEL: func.func @sqrt_fold
func.func @sqrt_fold() -> (tensor<4xf32>, tensor<f64>, tensor<f16>) {
  // sqrt(-1) is a NaN whose sign is the host's.
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[2.000000e+00, 1.41421354, 0x{{7|F}}FC00000, -0.000000e+00]> : tensor<4xf32>
  // CHECK-DAG: %[[D:.+]] = hlo.constant dense<1.4142135623730951> : tensor<f64>
  // CHECK: %[[H:.+]] = hlo.sqrt %{{.+}} : tensor<f16>
  // CHECK: return %[[F]], %[[D]], %[[H]]
  %a = hlo.constant dense<[4.0, 2.0, -1.0, -0.0]> : tensor<4xf32>
  %0 = hlo.sqrt %a : tensor<4xf32>
  %b = hlo.constant dense<2.0> : tensor<f64>
  %1 = hlo.sqrt %b : tensor<f64>
  %c = hlo.constant dense<2.0> : tensor<f16>
  %2 = hlo.sqrt %c : tensor<f16>
  return %0, %1, %2 : tensor<4xf32>, tensor<f64>, tensor<f16>
}

// -----

// CHECK-LABEL: func.func @popcnt_clz_fold
func.func @popcnt_clz_fold() -> (tensor<4xi8>, tensor<4xi8>, tensor<2xui16>) {
  // CHECK-DAG: %[[POP:.+]] = hlo.constant dense<[0, 8, 1, 4]> : tensor<4xi8>
  // CHECK-DAG: %[[CLZ:.+]] = hlo.constant dense<[8, 0, 0, 4]> : tensor<4xi8>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[16, 15]> : tensor<2xui16>
  // CHECK-NOT: hlo.popcnt
  // CHECK-NOT: hlo.count_leading_zeros
  // CHECK: return %[[POP]], %[[CLZ]], %[[U]]
  %a = hlo.constant dense<[0, -1, -128, 15]> : tensor<4xi8>
  %0 = hlo.popcnt %a : tensor<4xi8>
  %1 = hlo.count_leading_zeros %a : tensor<4xi8>
  %u = hlo.constant dense<[0, 1]> : tensor<2xui16>
  %2 = hlo.count_leading_zeros %u : tensor<2xui16>
  return %0, %1, %2 : tensor<4xi8>, tensor<4xi8>, tensor<2xui16>
}

// -----

// Transcendental functions are never folded: the host libm may differ from
// the generated code in the last ulp.
// CHECK-LABEL: func.func @transcendental_not_folded
func.func @transcendental_not_folded() -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  // CHECK: %[[C:.+]] = hlo.constant dense<1.000000e+00> : tensor<f32>
  // CHECK-NEXT: hlo.exponential %[[C]]
  // CHECK-NEXT: hlo.exponential_minus_one %[[C]]
  // CHECK-NEXT: hlo.log %[[C]]
  // CHECK-NEXT: hlo.log_plus_one %[[C]]
  // CHECK-NEXT: hlo.logistic %[[C]]
  // CHECK-NEXT: hlo.tanh %[[C]]
  // CHECK-NEXT: hlo.rsqrt %[[C]]
  // CHECK-NEXT: hlo.cbrt %[[C]]
  // CHECK-NEXT: hlo.cosine %[[C]]
  // CHECK-NEXT: hlo.sine %[[C]]
  // CHECK-NEXT: hlo.tan %[[C]]
  // CHECK-NEXT: hlo.power %[[C]], %[[C]]
  // CHECK-NEXT: hlo.atan2 %[[C]], %[[C]]
  // CHECK-NEXT: return
  %c = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.exponential %c : tensor<f32>
  %1 = hlo.exponential_minus_one %c : tensor<f32>
  %2 = hlo.log %c : tensor<f32>
  %3 = hlo.log_plus_one %c : tensor<f32>
  %4 = hlo.logistic %c : tensor<f32>
  %5 = hlo.tanh %c : tensor<f32>
  %6 = hlo.rsqrt %c : tensor<f32>
  %7 = hlo.cbrt %c : tensor<f32>
  %8 = hlo.cosine %c : tensor<f32>
  %9 = hlo.sine %c : tensor<f32>
  %10 = hlo.tan %c : tensor<f32>
  %11 = hlo.power %c, %c : tensor<f32>
  %12 = hlo.atan2 %c, %c : tensor<f32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// Complex arithmetic is not folded.
// CHECK-LABEL: func.func @complex_not_folded
func.func @complex_not_folded() -> (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) {
  // CHECK: hlo.add
  // CHECK: hlo.negate
  %z = hlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %0 = hlo.add %z, %z : tensor<2xcomplex<f32>>
  %1 = hlo.negate %z : tensor<2xcomplex<f32>>
  return %0, %1 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>
}

// -----

// Ops on non-constant or dynamically shaped values are left alone.
// CHECK-LABEL: func.func @non_constant_not_folded
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>
func.func @non_constant_not_folded(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<?xf32>) {
  // CHECK: %[[C:.+]] = hlo.constant dense<1.000000e+00> : tensor<4xf32>
  // CHECK: %[[A:.+]] = hlo.add %[[X]], %[[C]] : tensor<4xf32>
  // CHECK: %[[N:.+]] = hlo.negate %[[C]] : (tensor<4xf32>) -> tensor<?xf32>
  // CHECK: return %[[A]], %[[N]]
  %c = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.add %x, %c : tensor<4xf32>
  %1 = hlo.negate %c : (tensor<4xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<4xf32>, tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// convert
//===----------------------------------------------------------------------===//

// -----

// Float to integer rounds toward zero.
// CHECK-LABEL: func.func @convert_float_to_int
func.func @convert_float_to_int() -> (tensor<6xi32>, tensor<3xui8>, tensor<4xi1>) {
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<[2, -2, 0, 0, 2147483520, -2147483648]> : tensor<6xi32>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[0, 255, 1]> : tensor<3xui8>
  // Conversion to i1 compares with zero.
  // CHECK-DAG: %[[P:.+]] = hlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  // CHECK-NOT: hlo.convert
  // CHECK: return %[[I]], %[[U]], %[[P]]
  %a = hlo.constant dense<[2.7, -2.7, 0.5, -0.5, 2147483520.0, -2147483648.0]> : tensor<6xf32>
  %0 = hlo.convert %a : (tensor<6xf32>) -> tensor<6xi32>
  %b = hlo.constant dense<[-0.5, 255.9, 1.0]> : tensor<3xf32>
  %1 = hlo.convert %b : (tensor<3xf32>) -> tensor<3xui8>
  %c = hlo.constant dense<[0.0, -0.0, 0.25, 0x7FC00000]> : tensor<4xf32>
  %2 = hlo.convert %c : (tensor<4xf32>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<6xi32>, tensor<3xui8>, tensor<4xi1>
}

// -----

// Out-of-range and NaN float-to-integer conversions are left to run time.
// CHECK-LABEL: func.func @convert_out_of_range_not_folded
func.func @convert_out_of_range_not_folded() -> (tensor<2xi32>, tensor<ui8>, tensor<i8>, tensor<i16>) {
  // CHECK: %[[R0:.+]] = hlo.convert %{{.+}} : (tensor<2xf32>) -> tensor<2xi32>
  // CHECK: %[[R1:.+]] = hlo.convert %{{.+}} : (tensor<f32>) -> tensor<ui8>
  // CHECK: %[[R2:.+]] = hlo.convert %{{.+}} : (tensor<f32>) -> tensor<i8>
  // CHECK: %[[R3:.+]] = hlo.convert %{{.+}} : (tensor<f32>) -> tensor<i16>
  // CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]]
  %a = hlo.constant dense<[1.0, 3.0e9]> : tensor<2xf32>
  %0 = hlo.convert %a : (tensor<2xf32>) -> tensor<2xi32>
  %b = hlo.constant dense<-1.0> : tensor<f32>
  %1 = hlo.convert %b : (tensor<f32>) -> tensor<ui8>
  %c = hlo.constant dense<128.0> : tensor<f32>
  %2 = hlo.convert %c : (tensor<f32>) -> tensor<i8>
  %d = hlo.constant dense<0x7FC00000> : tensor<f32>
  %3 = hlo.convert %d : (tensor<f32>) -> tensor<i16>
  return %0, %1, %2, %3 : tensor<2xi32>, tensor<ui8>, tensor<i8>, tensor<i16>
}

// -----

// Integer conversions wrap; signed sources sign-extend, unsigned and pred
// ones zero-extend.
// CHECK-LABEL: func.func @convert_int_to_int
func.func @convert_int_to_int() -> (tensor<2xui8>, tensor<2xi8>, tensor<2xui32>, tensor<2xi32>, tensor<2xi32>, tensor<3xi1>) {
  // CHECK-DAG: %[[A:.+]] = hlo.constant dense<[255, 3]> : tensor<2xui8>
  // CHECK-DAG: %[[B:.+]] = hlo.constant dense<[-1, 1]> : tensor<2xi8>
  // CHECK-DAG: %[[C:.+]] = hlo.constant dense<[4294967295, 3]> : tensor<2xui32>
  // CHECK-DAG: %[[D:.+]] = hlo.constant dense<[255, 1]> : tensor<2xi32>
  // CHECK-DAG: %[[E:.+]] = hlo.constant dense<[1, 0]> : tensor<2xi32>
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[false, true, true]> : tensor<3xi1>
  // CHECK-NOT: hlo.convert
  // CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]]
  %s = hlo.constant dense<[-1, 3]> : tensor<2xi8>
  %0 = hlo.convert %s : (tensor<2xi8>) -> tensor<2xui8>
  %u = hlo.constant dense<[255, 1]> : tensor<2xui8>
  %1 = hlo.convert %u : (tensor<2xui8>) -> tensor<2xi8>
  %2 = hlo.convert %s : (tensor<2xi8>) -> tensor<2xui32>
  %3 = hlo.convert %u : (tensor<2xui8>) -> tensor<2xi32>
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %4 = hlo.convert %p : (tensor<2xi1>) -> tensor<2xi32>
  %w = hlo.constant dense<[0, 256, -2147483648]> : tensor<3xi32>
  %5 = hlo.convert %w : (tensor<3xi32>) -> tensor<3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<2xui8>, tensor<2xi8>, tensor<2xui32>, tensor<2xi32>, tensor<2xi32>, tensor<3xi1>
}

// -----

// CHECK-LABEL: func.func @convert_to_float
func.func @convert_to_float() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf64>) {
  // CHECK-DAG: %[[S:.+]] = hlo.constant dense<[-1.000000e+00, 1.600000e+01]> : tensor<2xf32>
  // CHECK-DAG: %[[U:.+]] = hlo.constant dense<[2.550000e+02, 1.600000e+01]> : tensor<2xf32>
  // f32 -> f16 rounds to nearest even and overflows to infinity.
  // CHECK-DAG: %[[H:.+]] = hlo.constant dense<[1.000000e+00, 0x7C00]> : tensor<2xf16>
  // CHECK-DAG: %[[B:.+]] = hlo.constant dense<[1.000000e+00, 2.560000e+02]> : tensor<2xbf16>
  // CHECK-DAG: %[[D:.+]] = hlo.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf64>
  // CHECK-NOT: hlo.convert
  // CHECK: return %[[S]], %[[U]], %[[H]], %[[B]], %[[D]]
  %s = hlo.constant dense<[-1, 16]> : tensor<2xi8>
  %0 = hlo.convert %s : (tensor<2xi8>) -> tensor<2xf32>
  %u = hlo.constant dense<[255, 16]> : tensor<2xui8>
  %1 = hlo.convert %u : (tensor<2xui8>) -> tensor<2xf32>
  %f = hlo.constant dense<[1.0004, 1.0e6]> : tensor<2xf32>
  %2 = hlo.convert %f : (tensor<2xf32>) -> tensor<2xf16>
  %i = hlo.constant dense<[1, 257]> : tensor<2xi32>
  %3 = hlo.convert %i : (tensor<2xi32>) -> tensor<2xbf16>
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %4 = hlo.convert %p : (tensor<2xi1>) -> tensor<2xf64>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf64>
}

// -----

// A conversion to the operand's own type disappears, constant or not.
// CHECK-LABEL: func.func @convert_identity
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>
func.func @convert_identity(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: return %[[X]]
  %0 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// iota
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @iota_fold
func.func @iota_fold() -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<3xf32>, tensor<2x2x2xui8>) {
  // CHECK-DAG: %[[D1:.+]] = hlo.constant dense<{{\[\[}}0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
  // CHECK-DAG: %[[D0:.+]] = hlo.constant dense<{{\[\[}}0, 0, 0], [1, 1, 1]]> : tensor<2x3xi32>
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<3xf32>
  // CHECK-DAG: %[[M:.+]] = hlo.constant dense<{{\[\[\[}}0, 0], [1, 1]], {{\[\[}}0, 0], [1, 1]]]> : tensor<2x2x2xui8>
  // CHECK-NOT: hlo.iota
  // CHECK: return %[[D1]], %[[D0]], %[[F]], %[[M]]
  %0 = hlo.iota dim = 1 : tensor<2x3xi32>
  %1 = hlo.iota dim = 0 : tensor<2x3xi32>
  %2 = hlo.iota dim = 0 : tensor<3xf32>
  %3 = hlo.iota dim = 1 : tensor<2x2x2xui8>
  return %0, %1, %2, %3 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<3xf32>, tensor<2x2x2xui8>
}

// -----

// Too large (65537 elements), dynamic or complex: not folded.
// CHECK-LABEL: func.func @iota_not_folded
func.func @iota_not_folded() -> (tensor<65537xi32>, tensor<?xi32>, tensor<4xcomplex<f32>>) {
  // CHECK-NEXT: %[[L:.+]] = hlo.iota dim = 0 : tensor<65537xi32>
  // CHECK-NEXT: %[[D:.+]] = hlo.iota dim = 0 : tensor<?xi32>
  // CHECK-NEXT: %[[Z:.+]] = hlo.iota dim = 0 : tensor<4xcomplex<f32>>
  // CHECK-NEXT: return %[[L]], %[[D]], %[[Z]]
  %0 = hlo.iota dim = 0 : tensor<65537xi32>
  %1 = hlo.iota dim = 0 : tensor<?xi32>
  %2 = hlo.iota dim = 0 : tensor<4xcomplex<f32>>
  return %0, %1, %2 : tensor<65537xi32>, tensor<?xi32>, tensor<4xcomplex<f32>>
}

// -----

// An iota of 65536 elements (the limit) folds; the operand of the add is
// then a non-splat constant of the same size, which folds too.
// CHECK-LABEL: func.func @iota_fold_at_limit
func.func @iota_fold_at_limit() -> tensor<65536xi32> {
  // CHECK-NEXT: %[[C:.+]] = hlo.constant dense<"0x{{[0-9A-F]+}}"> : tensor<65536xi32>
  // CHECK-NEXT: return %[[C]]
  %0 = hlo.iota dim = 0 : tensor<65536xi32>
  %1 = hlo.add %0, %0 : tensor<65536xi32>
  return %1 : tensor<65536xi32>
}

//===----------------------------------------------------------------------===//
// The 65536-element cap on non-splat results
//===----------------------------------------------------------------------===//

// -----

// Non-splat operands of 65537 elements are not folded, by unary or binary
// ops (the constant is a pred tensor with only its first element true).
// CHECK-LABEL: func.func @large_non_splat_not_folded
func.func @large_non_splat_not_folded() -> (tensor<65537xi1>, tensor<65537xi1>, tensor<65537xi1>) {
  // CHECK: %[[C:.+]] = hlo.constant dense<"0x0100
  // CHECK-NEXT: %[[N:.+]] = hlo.not %[[C]] : tensor<65537xi1>
  // CHECK-NEXT: %[[X:.+]] = hlo.xor %[[C]], %[[C]] : tensor<65537xi1>
  // CHECK-NEXT: %[[E:.+]] = hlo.compare EQ, %[[C]], %[[C]] : (tensor<65537xi1>, tensor<65537xi1>) -> tensor<65537xi1>
  // CHECK-NEXT: return %[[N]], %[[X]], %[[E]]
  %c = hlo.constant dense<"0x010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<65537xi1>
  %0 = hlo.not %c : tensor<65537xi1>
  %1 = hlo.xor %c, %c : tensor<65537xi1>
  %2 = hlo.compare EQ, %c, %c : (tensor<65537xi1>, tensor<65537xi1>) -> tensor<65537xi1>
  return %0, %1, %2 : tensor<65537xi1>, tensor<65537xi1>, tensor<65537xi1>
}

// -----

// At 65536 elements they fold: not flips every bit; x xor x is a zero splat.
// CHECK-LABEL: func.func @non_splat_at_limit_folded
func.func @non_splat_at_limit_folded() -> (tensor<65536xi1>, tensor<65536xi1>) {
  // CHECK-DAG: %[[N:.+]] = hlo.constant dense<"0xFEFFFFFF{{F+}}"> : tensor<65536xi1>
  // CHECK-DAG: %[[X:.+]] = hlo.constant dense<false> : tensor<65536xi1>
  // CHECK-NOT: hlo.not
  // CHECK-NOT: hlo.xor
  // CHECK: return %[[N]], %[[X]]
  %c = hlo.constant dense<"0x0100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<65536xi1>
  %0 = hlo.not %c : tensor<65536xi1>
  %1 = hlo.xor %c, %c : tensor<65536xi1>
  return %0, %1 : tensor<65536xi1>, tensor<65536xi1>
}

//===----------------------------------------------------------------------===//
// select
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @select_constant_predicate
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xf32>, %[[B:[^:]+]]: tensor<4xf32>
func.func @select_constant_predicate(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK-NEXT: return %[[A]], %[[B]], %[[A]], %[[B]]
  %t = hlo.constant dense<true> : tensor<4xi1>
  %f = hlo.constant dense<false> : tensor<4xi1>
  %st = hlo.constant dense<true> : tensor<i1>
  %sf = hlo.constant dense<false> : tensor<i1>
  %0 = hlo.select %t, %a, %b : tensor<4xi1>, tensor<4xf32>
  %1 = hlo.select %f, %a, %b : tensor<4xi1>, tensor<4xf32>
  %2 = hlo.select %st, %a, %b : tensor<i1>, tensor<4xf32>
  %3 = hlo.select %sf, %a, %b : tensor<i1>, tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Selecting between one value and itself needs no predicate.
// CHECK-LABEL: func.func @select_same_operands
// CHECK-SAME: %[[P:[^:]+]]: tensor<4xi1>, %[[A:[^:]+]]: tensor<4xf32>
func.func @select_same_operands(%p: tensor<4xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK-NEXT: return %[[A]]
  %0 = hlo.select %p, %a, %a : tensor<4xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A non-splat or unknown predicate, or a choice whose type differs from the
// result's, stays.
// CHECK-LABEL: func.func @select_not_folded
// CHECK-SAME: %[[P:[^:]+]]: tensor<4xi1>, %[[A:[^:]+]]: tensor<4xf32>, %[[B:[^:]+]]: tensor<4xf32>, %[[D:[^:]+]]: tensor<?xf32>
func.func @select_not_folded(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %d: tensor<?xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK-DAG: %[[MIXED:.+]] = hlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  // CHECK-DAG: %[[T:.+]] = hlo.constant dense<true> : tensor<i1>
  // CHECK: %[[R0:.+]] = hlo.select %[[MIXED]], %[[A]], %[[B]] : tensor<4xi1>, tensor<4xf32>
  // CHECK: %[[R1:.+]] = hlo.select %[[P]], %[[A]], %[[B]] : tensor<4xi1>, tensor<4xf32>
  // CHECK: %[[R2:.+]] = hlo.select %[[T]], %[[D]], %[[A]] : (tensor<i1>, tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: return %[[R0]], %[[R1]], %[[R2]]
  %m = hlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %0 = hlo.select %m, %a, %b : tensor<4xi1>, tensor<4xf32>
  %1 = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  %t = hlo.constant dense<true> : tensor<i1>
  %2 = hlo.select %t, %d, %a : (tensor<i1>, tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @reshape_of_reshape
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>
func.func @reshape_of_reshape(%x: tensor<2x3x4xf32>) -> tensor<24xf32> {
  // CHECK-NEXT: %[[R:.+]] = hlo.reshape %[[X]] : (tensor<2x3x4xf32>) -> tensor<24xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = hlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = hlo.reshape %0 : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %2 = hlo.reshape %1 : (tensor<4x6xf32>) -> tensor<24xf32>
  return %2 : tensor<24xf32>
}

// -----

// A reshape chain back to the original shape, and an identity reshape,
// disappear.
// CHECK-LABEL: func.func @reshape_identity
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3xf32>
func.func @reshape_identity(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK-NEXT: return %[[X]], %[[X]]
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %0 : (tensor<6xf32>) -> tensor<2x3xf32>
  %2 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// Reshaping a constant keeps the row-major element order.
// CHECK-LABEL: func.func @reshape_constant
func.func @reshape_constant() -> (tensor<3x2xi32>, tensor<4x4xf32>) {
  // CHECK-DAG: %[[C:.+]] = hlo.constant dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  // CHECK-DAG: %[[S:.+]] = hlo.constant dense<5.000000e-01> : tensor<4x4xf32>
  // CHECK-NOT: hlo.reshape
  // CHECK: return %[[C]], %[[S]]
  %c = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %0 = hlo.reshape %c : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %s = hlo.constant dense<0.5> : tensor<16xf32>
  %1 = hlo.reshape %s : (tensor<16xf32>) -> tensor<4x4xf32>
  return %0, %1 : tensor<3x2xi32>, tensor<4x4xf32>
}

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @transpose_identity
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3xf32>
func.func @transpose_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK-NEXT: return %[[X]]
  %0 = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Two transposes that compose to the identity disappear.
// CHECK-LABEL: func.func @transpose_of_transpose_identity
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>
func.func @transpose_of_transpose_identity(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // CHECK-NEXT: return %[[X]]
  %0 = hlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = hlo.transpose %0, dims = [2, 0, 1] : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// Result dimension k of the outer transpose is dimension p0[p1[k]] of x:
// [1, 0, 2] then [1, 2, 0] is [0, 2, 1], and [1, 2, 0] twice is [2, 0, 1].
// CHECK-LABEL: func.func @transpose_of_transpose
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>
func.func @transpose_of_transpose(%x: tensor<2x3x4xf32>) -> (tensor<2x4x3xf32>, tensor<4x2x3xf32>) {
  // CHECK-DAG: %[[A:.+]] = hlo.transpose %[[X]], dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  // CHECK-DAG: %[[B:.+]] = hlo.transpose %[[X]], dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // CHECK-NOT: hlo.transpose
  // CHECK: return %[[A]], %[[B]]
  %0 = hlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %1 = hlo.transpose %0, dims = [1, 2, 0] : (tensor<3x2x4xf32>) -> tensor<2x4x3xf32>
  %2 = hlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %3 = hlo.transpose %2, dims = [1, 2, 0] : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  return %1, %3 : tensor<2x4x3xf32>, tensor<4x2x3xf32>
}

// -----

// Three transposes compose into one; a transpose that is still used keeps
// its own op.
// CHECK-LABEL: func.func @transpose_chain
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>
func.func @transpose_chain(%x: tensor<2x3x4xf32>) -> (tensor<3x4x2xf32>, tensor<2x3x4xf32>) {
  // CHECK-NEXT: %[[T:.+]] = hlo.transpose %[[X]], dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  // CHECK-NEXT: return %[[T]], %[[X]]
  %0 = hlo.transpose %x, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = hlo.transpose %0, dims = [1, 2, 0] : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  %2 = hlo.transpose %1, dims = [1, 2, 0] : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  return %0, %2 : tensor<3x4x2xf32>, tensor<2x3x4xf32>
}

// -----

// A splat constant transposes to a splat; a non-splat one is not folded.
// CHECK-LABEL: func.func @transpose_constant
func.func @transpose_constant() -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  // CHECK-DAG: %[[S:.+]] = hlo.constant dense<1.000000e+00> : tensor<3x2xf32>
  // CHECK-DAG: %[[C:.+]] = hlo.constant dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  // CHECK: %[[T:.+]] = hlo.transpose %[[C]], dims = [1, 0]
  // CHECK: return %[[S]], %[[T]]
  %s = hlo.constant dense<1.0> : tensor<2x3xf32>
  %0 = hlo.transpose %s, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %c = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %1 = hlo.transpose %c, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  return %0, %1 : tensor<3x2xf32>, tensor<3x2xi32>
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @slice_identity
// CHECK-SAME: %[[X:[^:]+]]: tensor<3x4xf32>
func.func @slice_identity(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // CHECK-NEXT: return %[[X]]
  %0 = hlo.slice %x [0:3, 0:4] : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// With a dynamic dimension, equal operand and result types do not make a
// slice the identity: [1:3] of a tensor<?xf32> has two elements.
// CHECK-LABEL: func.func @slice_dynamic_not_identity
// CHECK-SAME: %[[X:[^:]+]]: tensor<?xf32>
func.func @slice_dynamic_not_identity(%x: tensor<?xf32>) -> tensor<?xf32> {
  // CHECK-NEXT: %[[S:.+]] = hlo.slice %[[X]] [1:3] : (tensor<?xf32>) -> tensor<?xf32>
  // CHECK-NEXT: return %[[S]]
  %0 = hlo.slice %x [1:3] : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A splat slices to a splat; a non-splat constant is not folded.
// CHECK-LABEL: func.func @slice_constant
func.func @slice_constant() -> (tensor<1x2xi32>, tensor<2xi32>) {
  // CHECK-DAG: %[[S:.+]] = hlo.constant dense<7> : tensor<1x2xi32>
  // CHECK-DAG: %[[C:.+]] = hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  // CHECK: %[[R:.+]] = hlo.slice %[[C]] [0:4:2]
  // CHECK: return %[[S]], %[[R]]
  %s = hlo.constant dense<7> : tensor<3x4xi32>
  %0 = hlo.slice %s [1:2, 0:4:2] : (tensor<3x4xi32>) -> tensor<1x2xi32>
  %c = hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %1 = hlo.slice %c [0:4:2] : (tensor<4xi32>) -> tensor<2xi32>
  return %0, %1 : tensor<1x2xi32>, tensor<2xi32>
}

//===----------------------------------------------------------------------===//
// broadcast_in_dim
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3xf32>
func.func @broadcast_identity(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
  // A permuting broadcast is not the identity.
  // CHECK-NEXT: %[[T:.+]] = hlo.broadcast_in_dim %[[X]], dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK-NEXT: return %[[X]], %[[T]]
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3x2xf32>
}

// -----

// broadcast_in_dim(broadcast_in_dim(x, d0), d1) = broadcast_in_dim(x, d1[d0]).
// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-SAME: %[[X:[^:]+]]: tensor<3xf32>, %[[Y:[^:]+]]: tensor<1x3xf32>
func.func @broadcast_of_broadcast(%x: tensor<3xf32>, %y: tensor<1x3xf32>) -> (tensor<5x2x3xf32>, tensor<3x4x5xf32>) {
  // CHECK-DAG: %[[A:.+]] = hlo.broadcast_in_dim %[[X]], dims = [2] : (tensor<3xf32>) -> tensor<5x2x3xf32>
  // CHECK-DAG: %[[B:.+]] = hlo.broadcast_in_dim %[[Y]], dims = [2, 0] : (tensor<1x3xf32>) -> tensor<3x4x5xf32>
  // CHECK-NOT: hlo.broadcast_in_dim
  // CHECK: return %[[A]], %[[B]]
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<5x2x3xf32>
  // The size-1 dimension of y is expanded by the first broadcast.
  %2 = hlo.broadcast_in_dim %y, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
  %3 = hlo.broadcast_in_dim %2, dims = [2, 0] : (tensor<5x3xf32>) -> tensor<3x4x5xf32>
  return %1, %3 : tensor<5x2x3xf32>, tensor<3x4x5xf32>
}

// -----

// A broadcast of a scalar constant becomes a splat constant, however large.
// CHECK-LABEL: func.func @broadcast_scalar_constant
func.func @broadcast_scalar_constant() -> (tensor<2x3xf32>, tensor<512x512xi32>, tensor<4x4xcomplex<f32>>) {
  // CHECK-DAG: %[[F:.+]] = hlo.constant dense<2.500000e+00> : tensor<2x3xf32>
  // CHECK-DAG: %[[I:.+]] = hlo.constant dense<-3> : tensor<512x512xi32>
  // CHECK-DAG: %[[Z:.+]] = hlo.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<4x4xcomplex<f32>>
  // CHECK-NOT: hlo.broadcast_in_dim
  // CHECK: return %[[F]], %[[I]], %[[Z]]
  %f = hlo.constant dense<2.5> : tensor<f32>
  %0 = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %i = hlo.constant dense<-3> : tensor<i32>
  %1 = hlo.broadcast_in_dim %i, dims = [] : (tensor<i32>) -> tensor<512x512xi32>
  %z = hlo.constant dense<(1.0, -2.0)> : tensor<complex<f32>>
  %2 = hlo.broadcast_in_dim %z, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<512x512xi32>, tensor<4x4xcomplex<f32>>
}

// -----

// So does a broadcast of a splat of higher rank.
// CHECK-LABEL: func.func @broadcast_splat_constant
func.func @broadcast_splat_constant() -> tensor<4x2x3xi1> {
  // CHECK-NEXT: %[[C:.+]] = hlo.constant dense<true> : tensor<4x2x3xi1>
  // CHECK-NEXT: return %[[C]]
  %c = hlo.constant dense<true> : tensor<1x3xi1>
  %0 = hlo.broadcast_in_dim %c, dims = [1, 2] : (tensor<1x3xi1>) -> tensor<4x2x3xi1>
  return %0 : tensor<4x2x3xi1>
}

// -----

// A non-splat constant, or a dynamic result shape, is not folded.
// CHECK-LABEL: func.func @broadcast_not_folded
func.func @broadcast_not_folded() -> (tensor<2x3xi32>, tensor<?x3xf32>) {
  // CHECK-DAG: %[[C:.+]] = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK-DAG: %[[S:.+]] = hlo.constant dense<1.000000e+00> : tensor<f32>
  // CHECK-DAG: %[[B0:.+]] = hlo.broadcast_in_dim %[[C]], dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  // CHECK-DAG: %[[B1:.+]] = hlo.broadcast_in_dim %[[S]], dims = [] : (tensor<f32>) -> tensor<?x3xf32>
  // CHECK: return %[[B0]], %[[B1]]
  %c = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %0 = hlo.broadcast_in_dim %c, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  %s = hlo.constant dense<1.0> : tensor<f32>
  %1 = hlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<?x3xf32>
  return %0, %1 : tensor<2x3xi32>, tensor<?x3xf32>
}

//===----------------------------------------------------------------------===//
// concatenate
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @concatenate_single_input
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3xf32>, %[[D:[^:]+]]: tensor<?x3xf32>
func.func @concatenate_single_input(%x: tensor<2x3xf32>, %d: tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>) {
  // Two inputs, or one whose type the result refines, stay.
  // CHECK-NEXT: %[[C:.+]] = hlo.concatenate %[[X]], %[[X]], dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  // CHECK-NEXT: %[[R:.+]] = hlo.concatenate %[[D]], dim = 0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: return %[[X]], %[[C]], %[[R]]
  %0 = hlo.concatenate %x, dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = hlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %2 = hlo.concatenate %d, dim = 0 : (tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>
}

// -----

// Splat inputs of any size are within the fold limit, but the result is
// built element by element: a large one is not folded (it took 10^12
// elements of memory before).
// CHECK-LABEL: func.func @concatenate_large_splats
// CHECK: hlo.concatenate {{.*}} -> tensor<1999999999998xf32>
func.func @concatenate_large_splats() -> tensor<1999999999998xf32> {
  %a = hlo.constant dense<1.0> : tensor<999999999999xf32>
  %b = hlo.constant dense<2.0> : tensor<999999999999xf32>
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<999999999999xf32>, tensor<999999999999xf32>) -> tensor<1999999999998xf32>
  return %0 : tensor<1999999999998xf32>
}

// -----

// Hostile sizes: folding keeps large splats splat (an attribute of one
// element) and materializes no large non-splat attribute: a 2^31-element
// iota and the sum of two 10^12-element splats.
// CHECK-LABEL: func.func @fold_large
// CHECK-DAG: hlo.iota dim = 0 : tensor<2147483648xi32>
// CHECK-DAG: hlo.constant dense<3.000000e+00> : tensor<1000000x1000000xf32>
func.func @fold_large() -> (tensor<2147483648xi32>, tensor<1000000x1000000xf32>) {
  %0 = hlo.iota dim = 0 : tensor<2147483648xi32>
  %a = hlo.constant dense<1.0> : tensor<1000000x1000000xf32>
  %b = hlo.constant dense<2.0> : tensor<1000000x1000000xf32>
  %1 = hlo.add %a, %b : tensor<1000000x1000000xf32>
  return %0, %1 : tensor<2147483648xi32>, tensor<1000000x1000000xf32>
}

//===----------------------------------------------------------------------===//
// Whole-program behaviour
//===----------------------------------------------------------------------===//

// -----

// Folding runs to a fixed point through chains and erases the dead ops:
// [[0, 1], [2, 3]] * 2 >> 2 = [[0, 0], [1, 1]], doubled.
// CHECK-LABEL: func.func @fold_chain
func.func @fold_chain() -> tensor<2x2xi32> {
  // CHECK-NEXT: %[[C:.+]] = hlo.constant dense<{{\[\[}}0, 0], [2, 2]]> : tensor<2x2xi32>
  // CHECK-NEXT: return %[[C]]
  %0 = hlo.iota dim = 0 : tensor<4xi32>
  %1 = hlo.reshape %0 : (tensor<4xi32>) -> tensor<2x2xi32>
  %2 = hlo.constant dense<2> : tensor<2x2xi32>
  %3 = hlo.multiply %1, %2 : tensor<2x2xi32>
  %4 = hlo.shift_right_logical %3, %2 : tensor<2x2xi32>
  %5 = hlo.convert %4 : (tensor<2x2xi32>) -> tensor<2x2xf32>
  %6 = hlo.convert %5 : (tensor<2x2xf32>) -> tensor<2x2xi32>
  %7 = hlo.reshape %6 : (tensor<2x2xi32>) -> tensor<4xi32>
  %8 = hlo.reshape %7 : (tensor<4xi32>) -> tensor<2x2xi32>
  %9 = hlo.add %8, %8 : tensor<2x2xi32>
  %10 = hlo.broadcast_in_dim %9, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  return %9 : tensor<2x2xi32>
}

// -----

// Ops inside a reduction body are folded too; the folded constant is
// materialized at the start of the function, like every folded constant.
// CHECK-LABEL: func.func @fold_in_reduce_body
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[Z:[^:]+]]: tensor<f32>
func.func @fold_in_reduce_body(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  // CHECK-NEXT: %[[C:.+]] = hlo.constant dense<3.000000e+00> : tensor<f32>
  // CHECK-NEXT: hlo.reduce(%[[X]] init: %[[Z]]) across dimensions = [0]
  // CHECK-NEXT: reducer(%[[A:[^:]+]]: tensor<f32>, %[[E:[^:]+]]: tensor<f32>) {
  // CHECK-NEXT: %[[M:.+]] = hlo.multiply %[[E]], %[[C]] : tensor<f32>
  // CHECK-NEXT: %[[S:.+]] = hlo.add %[[A]], %[[M]] : tensor<f32>
  // CHECK-NEXT: hlo.return %[[S]] : tensor<f32>
  %0 = hlo.reduce(%x init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    reducer(%a: tensor<f32>, %e: tensor<f32>) {
      %one = hlo.constant dense<1.0> : tensor<f32>
      %two = hlo.constant dense<2.0> : tensor<f32>
      %three = hlo.add %one, %two : tensor<f32>
      %m = hlo.multiply %e, %three : tensor<f32>
      %s = hlo.add %a, %m : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  return %0 : tensor<f32>
}

// -----

// A bitcast to the operand's own type folds away.
// CHECK-LABEL: func.func @bitcast_identity
// CHECK-NEXT: return %arg0
func.func @bitcast_identity(%x: tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>> {
  %0 = hlo.bitcast_convert %x : tensor<2x3xcomplex<f64>>
  return %0 : tensor<2x3xcomplex<f64>>
}
