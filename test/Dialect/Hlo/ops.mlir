// RUN: hlo-opt %s -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file | hlo-opt -split-input-file | FileCheck %s
// RUN: hlo-opt %s -split-input-file -mlir-print-op-generic | hlo-opt -split-input-file | FileCheck %s
// The printed form is a fixed point: printing what was printed changes nothing.
// RUN: hlo-opt %s -split-input-file > %t.first
// RUN: hlo-opt %t.first -split-input-file > %t.second
// RUN: diff %t.first %t.second

// Round trip of every hlo op: the custom syntax parses, prints back the same,
// and survives print -> parse -> print and a trip through the generic form.

// CHECK-LABEL: func.func @constant
func.func @constant() -> (tensor<2x2xf32>, tensor<4xi32>, tensor<i1>, tensor<3xui8>, tensor<2xbf16>, tensor<2xf16>, tensor<f64>, tensor<2xcomplex<f32>>, tensor<3xf8E4M3FN>) {
  // CHECK-NEXT: hlo.constant dense<{{\[\[}}0.000000e+00, 1.000000e+00], [2.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
  %0 = hlo.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
  // CHECK-NEXT: hlo.constant dense<[-1, 0, 1, 2147483647]> : tensor<4xi32>
  %1 = hlo.constant dense<[-1, 0, 1, 2147483647]> : tensor<4xi32>
  // CHECK-NEXT: hlo.constant dense<true> : tensor<i1>
  %2 = hlo.constant dense<true> : tensor<i1>
  // CHECK-NEXT: hlo.constant dense<[0, 128, 255]> : tensor<3xui8>
  %3 = hlo.constant dense<[0, 128, 255]> : tensor<3xui8>
  // CHECK-NEXT: hlo.constant dense<[1.000000e+00, -2.500000e+00]> : tensor<2xbf16>
  %4 = hlo.constant dense<[1.0, -2.5]> : tensor<2xbf16>
  // CHECK-NEXT: hlo.constant dense<[6.550400e+04, 0x7C00]> : tensor<2xf16>
  %5 = hlo.constant dense<[65504.0, 0x7C00]> : tensor<2xf16>
  // CHECK-NEXT: hlo.constant dense<3.1415926535897931> : tensor<f64>
  %6 = hlo.constant dense<3.1415926535897931> : tensor<f64>
  // CHECK-NEXT: hlo.constant dense<[(1.000000e+00,2.000000e+00), (0.000000e+00,-1.000000e+00)]> : tensor<2xcomplex<f32>>
  %7 = hlo.constant dense<[(1.0, 2.0), (0.0, -1.0)]> : tensor<2xcomplex<f32>>
  // CHECK-NEXT: hlo.constant dense<[1.000000e+00, 4.480000e+02, -1.953130e-03]> : tensor<3xf8E4M3FN>
  %8 = hlo.constant dense<[1.0, 448.0, -0.001953125]> : tensor<3xf8E4M3FN>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2x2xf32>, tensor<4xi32>, tensor<i1>, tensor<3xui8>, tensor<2xbf16>, tensor<2xf16>, tensor<f64>, tensor<2xcomplex<f32>>, tensor<3xf8E4M3FN>
}

// -----

// CHECK-LABEL: func.func @iota
func.func @iota() -> (tensor<4x5xi32>, tensor<8xf32>, tensor<2x3xcomplex<f64>>, tensor<?x4xui8>) {
  // CHECK-NEXT: hlo.iota dim = 1 : tensor<4x5xi32>
  %0 = hlo.iota dim = 1 : tensor<4x5xi32>
  // CHECK-NEXT: hlo.iota dim = 0 : tensor<8xf32>
  %1 = hlo.iota dim = 0 : tensor<8xf32>
  // CHECK-NEXT: hlo.iota dim = 0 : tensor<2x3xcomplex<f64>>
  %2 = hlo.iota dim = 0 : tensor<2x3xcomplex<f64>>
  // CHECK-NEXT: hlo.iota dim = 1 : tensor<?x4xui8>
  %3 = hlo.iota dim = 1 : tensor<?x4xui8>
  return %0, %1, %2, %3 : tensor<4x5xi32>, tensor<8xf32>, tensor<2x3xcomplex<f64>>, tensor<?x4xui8>
}

// -----

// CHECK-LABEL: func.func @unary_float_ops
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>
func.func @unary_float_ops(%x: tensor<4xf32>) {
  // CHECK-NEXT: hlo.abs %[[X]] : tensor<4xf32>
  %0 = hlo.abs %x : tensor<4xf32>
  // CHECK-NEXT: hlo.negate %[[X]] : tensor<4xf32>
  %1 = hlo.negate %x : tensor<4xf32>
  // CHECK-NEXT: hlo.sign %[[X]] : tensor<4xf32>
  %2 = hlo.sign %x : tensor<4xf32>
  // CHECK-NEXT: hlo.exponential %[[X]] : tensor<4xf32>
  %3 = hlo.exponential %x : tensor<4xf32>
  // CHECK-NEXT: hlo.exponential_minus_one %[[X]] : tensor<4xf32>
  %4 = hlo.exponential_minus_one %x : tensor<4xf32>
  // CHECK-NEXT: hlo.log %[[X]] : tensor<4xf32>
  %5 = hlo.log %x : tensor<4xf32>
  // CHECK-NEXT: hlo.log_plus_one %[[X]] : tensor<4xf32>
  %6 = hlo.log_plus_one %x : tensor<4xf32>
  // CHECK-NEXT: hlo.logistic %[[X]] : tensor<4xf32>
  %7 = hlo.logistic %x : tensor<4xf32>
  // CHECK-NEXT: hlo.tanh %[[X]] : tensor<4xf32>
  %8 = hlo.tanh %x : tensor<4xf32>
  // CHECK-NEXT: hlo.sqrt %[[X]] : tensor<4xf32>
  %9 = hlo.sqrt %x : tensor<4xf32>
  // CHECK-NEXT: hlo.rsqrt %[[X]] : tensor<4xf32>
  %10 = hlo.rsqrt %x : tensor<4xf32>
  // CHECK-NEXT: hlo.cbrt %[[X]] : tensor<4xf32>
  %11 = hlo.cbrt %x : tensor<4xf32>
  // CHECK-NEXT: hlo.cosine %[[X]] : tensor<4xf32>
  %12 = hlo.cosine %x : tensor<4xf32>
  // CHECK-NEXT: hlo.sine %[[X]] : tensor<4xf32>
  %13 = hlo.sine %x : tensor<4xf32>
  // CHECK-NEXT: hlo.tan %[[X]] : tensor<4xf32>
  %14 = hlo.tan %x : tensor<4xf32>
  // CHECK-NEXT: hlo.floor %[[X]] : tensor<4xf32>
  %15 = hlo.floor %x : tensor<4xf32>
  // CHECK-NEXT: hlo.ceil %[[X]] : tensor<4xf32>
  %16 = hlo.ceil %x : tensor<4xf32>
  // CHECK-NEXT: hlo.round_nearest_afz %[[X]] : tensor<4xf32>
  %17 = hlo.round_nearest_afz %x : tensor<4xf32>
  // CHECK-NEXT: hlo.round_nearest_even %[[X]] : tensor<4xf32>
  %18 = hlo.round_nearest_even %x : tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @unary_integer_ops
// CHECK-SAME: %[[I:[^:]+]]: tensor<2x3xi32>, %[[U:[^:]+]]: tensor<2x3xui8>, %[[P:[^:]+]]: tensor<2x3xi1>
func.func @unary_integer_ops(%i: tensor<2x3xi32>, %u: tensor<2x3xui8>, %p: tensor<2x3xi1>) {
  // CHECK-NEXT: hlo.abs %[[I]] : tensor<2x3xi32>
  %0 = hlo.abs %i : tensor<2x3xi32>
  // CHECK-NEXT: hlo.negate %[[U]] : tensor<2x3xui8>
  %1 = hlo.negate %u : tensor<2x3xui8>
  // CHECK-NEXT: hlo.sign %[[I]] : tensor<2x3xi32>
  %2 = hlo.sign %i : tensor<2x3xi32>
  // CHECK-NEXT: hlo.not %[[I]] : tensor<2x3xi32>
  %3 = hlo.not %i : tensor<2x3xi32>
  // CHECK-NEXT: hlo.not %[[P]] : tensor<2x3xi1>
  %4 = hlo.not %p : tensor<2x3xi1>
  // CHECK-NEXT: hlo.popcnt %[[U]] : tensor<2x3xui8>
  %5 = hlo.popcnt %u : tensor<2x3xui8>
  // CHECK-NEXT: hlo.count_leading_zeros %[[I]] : tensor<2x3xi32>
  %6 = hlo.count_leading_zeros %i : tensor<2x3xi32>
  // CHECK-NEXT: return
  return
}

// -----

// Other element types, and abs of a complex tensor giving its real modulus.
// CHECK-LABEL: func.func @unary_element_types
// CHECK-SAME: %[[BF:[^:]+]]: tensor<8xbf16>, %[[H:[^:]+]]: tensor<8xf16>, %[[D:[^:]+]]: tensor<8xf64>, %[[Z:[^:]+]]: tensor<8xcomplex<f32>>, %[[F8:[^:]+]]: tensor<8xf8E4M3FN>
func.func @unary_element_types(%bf: tensor<8xbf16>, %h: tensor<8xf16>, %d: tensor<8xf64>, %z: tensor<8xcomplex<f32>>, %f8: tensor<8xf8E4M3FN>) -> tensor<8xf32> {
  // CHECK-NEXT: hlo.tanh %[[BF]] : tensor<8xbf16>
  %0 = hlo.tanh %bf : tensor<8xbf16>
  // CHECK-NEXT: hlo.sqrt %[[H]] : tensor<8xf16>
  %1 = hlo.sqrt %h : tensor<8xf16>
  // CHECK-NEXT: hlo.log %[[D]] : tensor<8xf64>
  %2 = hlo.log %d : tensor<8xf64>
  // CHECK-NEXT: hlo.exponential %[[Z]] : tensor<8xcomplex<f32>>
  %3 = hlo.exponential %z : tensor<8xcomplex<f32>>
  // CHECK-NEXT: hlo.negate %[[F8]] : tensor<8xf8E4M3FN>
  %4 = hlo.negate %f8 : tensor<8xf8E4M3FN>
  // CHECK-NEXT: hlo.floor %[[F8]] : tensor<8xf8E4M3FN>
  %5 = hlo.floor %f8 : tensor<8xf8E4M3FN>
  // CHECK-NEXT: %[[M:.+]] = hlo.abs %[[Z]] : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %6 = hlo.abs %z : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  // CHECK-NEXT: return %[[M]]
  return %6 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @binary_float_ops
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xf32>, %[[B:[^:]+]]: tensor<4xf32>
func.func @binary_float_ops(%a: tensor<4xf32>, %b: tensor<4xf32>) {
  // CHECK-NEXT: hlo.add %[[A]], %[[B]] : tensor<4xf32>
  %0 = hlo.add %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.subtract %[[A]], %[[B]] : tensor<4xf32>
  %1 = hlo.subtract %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.multiply %[[A]], %[[B]] : tensor<4xf32>
  %2 = hlo.multiply %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.divide %[[A]], %[[B]] : tensor<4xf32>
  %3 = hlo.divide %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.remainder %[[A]], %[[B]] : tensor<4xf32>
  %4 = hlo.remainder %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.maximum %[[A]], %[[B]] : tensor<4xf32>
  %5 = hlo.maximum %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.minimum %[[A]], %[[B]] : tensor<4xf32>
  %6 = hlo.minimum %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.power %[[A]], %[[B]] : tensor<4xf32>
  %7 = hlo.power %a, %b : tensor<4xf32>
  // CHECK-NEXT: hlo.atan2 %[[A]], %[[B]] : tensor<4xf32>
  %8 = hlo.atan2 %a, %b : tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @binary_integer_ops
// CHECK-SAME: %[[A:[^:]+]]: tensor<2x3xi32>, %[[B:[^:]+]]: tensor<2x3xi32>, %[[U:[^:]+]]: tensor<2x3xui8>, %[[P:[^:]+]]: tensor<2x3xi1>
func.func @binary_integer_ops(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>, %u: tensor<2x3xui8>, %p: tensor<2x3xi1>) {
  // CHECK-NEXT: hlo.add %[[P]], %[[P]] : tensor<2x3xi1>
  %0 = hlo.add %p, %p : tensor<2x3xi1>
  // CHECK-NEXT: hlo.multiply %[[P]], %[[P]] : tensor<2x3xi1>
  %1 = hlo.multiply %p, %p : tensor<2x3xi1>
  // CHECK-NEXT: hlo.subtract %[[U]], %[[U]] : tensor<2x3xui8>
  %2 = hlo.subtract %u, %u : tensor<2x3xui8>
  // CHECK-NEXT: hlo.divide %[[A]], %[[B]] : tensor<2x3xi32>
  %3 = hlo.divide %a, %b : tensor<2x3xi32>
  // CHECK-NEXT: hlo.remainder %[[U]], %[[U]] : tensor<2x3xui8>
  %4 = hlo.remainder %u, %u : tensor<2x3xui8>
  // CHECK-NEXT: hlo.maximum %[[P]], %[[P]] : tensor<2x3xi1>
  %5 = hlo.maximum %p, %p : tensor<2x3xi1>
  // CHECK-NEXT: hlo.minimum %[[U]], %[[U]] : tensor<2x3xui8>
  %6 = hlo.minimum %u, %u : tensor<2x3xui8>
  // CHECK-NEXT: hlo.power %[[A]], %[[B]] : tensor<2x3xi32>
  %7 = hlo.power %a, %b : tensor<2x3xi32>
  // CHECK-NEXT: hlo.and %[[P]], %[[P]] : tensor<2x3xi1>
  %8 = hlo.and %p, %p : tensor<2x3xi1>
  // CHECK-NEXT: hlo.or %[[A]], %[[B]] : tensor<2x3xi32>
  %9 = hlo.or %a, %b : tensor<2x3xi32>
  // CHECK-NEXT: hlo.xor %[[U]], %[[U]] : tensor<2x3xui8>
  %10 = hlo.xor %u, %u : tensor<2x3xui8>
  // CHECK-NEXT: hlo.shift_left %[[A]], %[[B]] : tensor<2x3xi32>
  %11 = hlo.shift_left %a, %b : tensor<2x3xi32>
  // CHECK-NEXT: hlo.shift_right_arithmetic %[[A]], %[[B]] : tensor<2x3xi32>
  %12 = hlo.shift_right_arithmetic %a, %b : tensor<2x3xi32>
  // CHECK-NEXT: hlo.shift_right_logical %[[U]], %[[U]] : tensor<2x3xui8>
  %13 = hlo.shift_right_logical %u, %u : tensor<2x3xui8>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @binary_element_types
// CHECK-SAME: %[[BF:[^:]+]]: tensor<3xbf16>, %[[H:[^:]+]]: tensor<3xf16>, %[[D:[^:]+]]: tensor<3xf64>, %[[Z:[^:]+]]: tensor<3xcomplex<f32>>, %[[F8:[^:]+]]: tensor<3xf8E4M3FN>
func.func @binary_element_types(%bf: tensor<3xbf16>, %h: tensor<3xf16>, %d: tensor<3xf64>, %z: tensor<3xcomplex<f32>>, %f8: tensor<3xf8E4M3FN>) {
  // CHECK-NEXT: hlo.multiply %[[BF]], %[[BF]] : tensor<3xbf16>
  %0 = hlo.multiply %bf, %bf : tensor<3xbf16>
  // CHECK-NEXT: hlo.atan2 %[[H]], %[[H]] : tensor<3xf16>
  %1 = hlo.atan2 %h, %h : tensor<3xf16>
  // CHECK-NEXT: hlo.power %[[D]], %[[D]] : tensor<3xf64>
  %2 = hlo.power %d, %d : tensor<3xf64>
  // CHECK-NEXT: hlo.divide %[[Z]], %[[Z]] : tensor<3xcomplex<f32>>
  %3 = hlo.divide %z, %z : tensor<3xcomplex<f32>>
  // CHECK-NEXT: hlo.add %[[F8]], %[[F8]] : tensor<3xf8E4M3FN>
  %4 = hlo.add %f8, %f8 : tensor<3xf8E4M3FN>
  // CHECK-NEXT: return
  return
}

// -----

// Operand and result types that differ only in dynamic dimensions are
// printed as a function type.
// CHECK-LABEL: func.func @elementwise_dynamic_shapes
// CHECK-SAME: %[[D:[^:]+]]: tensor<?x4xf32>, %[[S:[^:]+]]: tensor<3x4xf32>
func.func @elementwise_dynamic_shapes(%d: tensor<?x4xf32>, %s: tensor<3x4xf32>) -> tensor<?x4xf32> {
  // CHECK-NEXT: hlo.add %[[D]], %[[S]] : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %0 = hlo.add %d, %s : (tensor<?x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK-NEXT: hlo.subtract %[[S]], %[[D]] : (tensor<3x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = hlo.subtract %s, %d : (tensor<3x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  // CHECK-NEXT: hlo.maximum %[[D]], %[[D]] : tensor<?x4xf32>
  %2 = hlo.maximum %d, %d : tensor<?x4xf32>
  // CHECK-NEXT: hlo.exponential %[[D]] : (tensor<?x4xf32>) -> tensor<3x4xf32>
  %3 = hlo.exponential %d : (tensor<?x4xf32>) -> tensor<3x4xf32>
  // CHECK-NEXT: %[[R:.+]] = hlo.negate %[[D]] : tensor<?x4xf32>
  %4 = hlo.negate %d : tensor<?x4xf32>
  // CHECK-NEXT: return %[[R]]
  return %4 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func.func @compare
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xf32>, %[[I:[^:]+]]: tensor<4xi32>, %[[U:[^:]+]]: tensor<4xui8>, %[[P:[^:]+]]: tensor<4xi1>, %[[Z:[^:]+]]: tensor<4xcomplex<f32>>
func.func @compare(%a: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui8>, %p: tensor<4xi1>, %z: tensor<4xcomplex<f32>>) {
  // CHECK-NEXT: hlo.compare LT, %[[A]], %[[A]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %0 = hlo.compare LT, %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare EQ, %[[A]], %[[A]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = hlo.compare EQ, %a, %a, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare NE, %[[A]], %[[A]], TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = hlo.compare NE, %a, %a, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare GE, %[[I]], %[[I]], SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %3 = hlo.compare GE, %i, %i, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare GT, %[[U]], %[[U]], UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %4 = hlo.compare GT, %u, %u, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare LE, %[[P]], %[[P]], UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %5 = hlo.compare LE, %p, %p, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare EQ, %[[Z]], %[[Z]], FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  %6 = hlo.compare EQ, %z, %z, FLOAT : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare LT, %[[I]], %[[I]], NOTYPE : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %7 = hlo.compare LT, %i, %i, NOTYPE : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @compare_attribute_forms
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xf32>
func.func @compare_attribute_forms(%a: tensor<4xf32>) {
  // CHECK-NEXT: hlo.compare GT, %[[A]], %[[A]], TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %0 = "hlo.compare"(%a, %a) <{comparison_direction = #hlo<comparison_direction GT>, compare_type = #hlo<comparison_type TOTALORDER>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: hlo.compare NE, %[[A]], %[[A]] {some.attr = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = hlo.compare NE, %a, %a {some.attr = 1} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @select
// CHECK-SAME: %[[P:[^:]+]]: tensor<4xi1>, %[[S:[^:]+]]: tensor<i1>, %[[A:[^:]+]]: tensor<4xf32>, %[[B:[^:]+]]: tensor<4xf32>, %[[D:[^:]+]]: tensor<?xf32>
func.func @select(%p: tensor<4xi1>, %s: tensor<i1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %d: tensor<?xf32>) {
  // CHECK-NEXT: hlo.select %[[P]], %[[A]], %[[B]] : tensor<4xi1>, tensor<4xf32>
  %0 = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  // A scalar predicate; equal value types print in the short form.
  // CHECK-NEXT: hlo.select %[[S]], %[[A]], %[[B]] : tensor<i1>, tensor<4xf32>
  %1 = hlo.select %s, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.select %[[P]], %[[D]], %[[A]] : (tensor<4xi1>, tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = hlo.select %p, %d, %a : (tensor<4xi1>, tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.select %[[S]], %[[D]], %[[D]] : tensor<i1>, tensor<?xf32>
  %3 = hlo.select %s, %d, %d : tensor<i1>, tensor<?xf32>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @clamp
// CHECK-SAME: %[[LO:[^:]+]]: tensor<f32>, %[[X:[^:]+]]: tensor<4xf32>, %[[HI:[^:]+]]: tensor<f32>, %[[LO4:[^:]+]]: tensor<4xf32>, %[[I:[^:]+]]: tensor<2x2xi32>
func.func @clamp(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>, %lo4: tensor<4xf32>, %i: tensor<2x2xi32>) {
  // CHECK-NEXT: hlo.clamp %[[LO]], %[[X]], %[[HI]] : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.clamp %[[LO4]], %[[X]], %[[LO4]] : tensor<4xf32>
  %1 = hlo.clamp %lo4, %x, %lo4 : tensor<4xf32>
  // CHECK-NEXT: hlo.clamp %[[LO4]], %[[X]], %[[HI]] : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = hlo.clamp %lo4, %x, %hi : (tensor<4xf32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.clamp %[[I]], %[[I]], %[[I]] : tensor<2x2xi32>
  %3 = hlo.clamp %i, %i, %i : tensor<2x2xi32>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @convert
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[P:[^:]+]]: tensor<4xi1>, %[[Z:[^:]+]]: tensor<4xcomplex<f32>>, %[[D:[^:]+]]: tensor<?xui8>
func.func @convert(%x: tensor<4xf32>, %p: tensor<4xi1>, %z: tensor<4xcomplex<f32>>, %d: tensor<?xui8>) {
  // CHECK-NEXT: hlo.convert %[[X]] : (tensor<4xf32>) -> tensor<4xi32>
  %0 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
  // CHECK-NEXT: hlo.convert %[[X]] : (tensor<4xf32>) -> tensor<4xbf16>
  %1 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xbf16>
  // CHECK-NEXT: hlo.convert %[[P]] : (tensor<4xi1>) -> tensor<4xf8E4M3FN>
  %2 = hlo.convert %p : (tensor<4xi1>) -> tensor<4xf8E4M3FN>
  // CHECK-NEXT: hlo.convert %[[Z]] : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  %3 = hlo.convert %z : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  // CHECK-NEXT: hlo.convert %[[D]] : (tensor<?xui8>) -> tensor<4xf16>
  %4 = hlo.convert %d : (tensor<?xui8>) -> tensor<4xf16>
  // CHECK-NEXT: hlo.convert %[[X]] : tensor<4xf32>
  %5 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK-SAME: %[[X:[^:]+]]: tensor<3xf32>, %[[S:[^:]+]]: tensor<i32>, %[[O:[^:]+]]: tensor<1x3xf16>, %[[D:[^:]+]]: tensor<?xf32>
func.func @broadcast_in_dim(%x: tensor<3xf32>, %s: tensor<i32>, %o: tensor<1x3xf16>, %d: tensor<?xf32>) {
  // CHECK-NEXT: hlo.broadcast_in_dim %[[X]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK-NEXT: hlo.broadcast_in_dim %[[S]], dims = [] : (tensor<i32>) -> tensor<2x3xi32>
  %1 = hlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
  // CHECK-NEXT: hlo.broadcast_in_dim %[[O]], dims = [2, 0] : (tensor<1x3xf16>) -> tensor<3x5x4xf16>
  %2 = hlo.broadcast_in_dim %o, dims = [2, 0] : (tensor<1x3xf16>) -> tensor<3x5x4xf16>
  // CHECK-NEXT: hlo.broadcast_in_dim %[[D]], dims = [0] : (tensor<?xf32>) -> tensor<?x2xf32>
  %3 = hlo.broadcast_in_dim %d, dims = [0] : (tensor<?xf32>) -> tensor<?x2xf32>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3xf32>, %[[Z:[^:]+]]: tensor<2x2xcomplex<f32>>
func.func @reshape(%x: tensor<2x3xf32>, %z: tensor<2x2xcomplex<f32>>) {
  // CHECK-NEXT: hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<6xf32>
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK-NEXT: hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
  %1 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
  // CHECK-NEXT: hlo.reshape %[[Z]] : (tensor<2x2xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %2 = hlo.reshape %z : (tensor<2x2xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  // CHECK-NEXT: hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<?xf32>
  %3 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<?xf32>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>, %[[D:[^:]+]]: tensor<?x3xi1>
func.func @transpose(%x: tensor<2x3x4xf32>, %d: tensor<?x3xi1>) {
  // CHECK-NEXT: hlo.transpose %[[X]], dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %0 = hlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // CHECK-NEXT: hlo.transpose %[[X]], dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = hlo.transpose %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK-NEXT: hlo.transpose %[[D]], dims = [1, 0] : (tensor<?x3xi1>) -> tensor<3x?xi1>
  %2 = hlo.transpose %d, dims = [1, 0] : (tensor<?x3xi1>) -> tensor<3x?xi1>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK-SAME: %[[X:[^:]+]]: tensor<3x4xf32>, %[[D:[^:]+]]: tensor<?x8xui8>
func.func @slice(%x: tensor<3x4xf32>, %d: tensor<?x8xui8>) {
  // Strides of 1 are omitted.
  // CHECK-NEXT: hlo.slice %[[X]] [1:3, 0:4] : (tensor<3x4xf32>) -> tensor<2x4xf32>
  %0 = hlo.slice %x [1:3, 0:4] : (tensor<3x4xf32>) -> tensor<2x4xf32>
  // CHECK-NEXT: hlo.slice %[[X]] [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  %1 = hlo.slice %x [1:3, 0:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  // CHECK-NEXT: hlo.slice %[[X]] [0:3:2, 1:4:3] : (tensor<3x4xf32>) -> tensor<2x1xf32>
  %2 = hlo.slice %x [0:3:2, 1:4:3] : (tensor<3x4xf32>) -> tensor<2x1xf32>
  // CHECK-NEXT: hlo.slice %[[X]] [1:3, 2:2] : (tensor<3x4xf32>) -> tensor<2x0xf32>
  %3 = hlo.slice %x [1:3, 2:2:1] : (tensor<3x4xf32>) -> tensor<2x0xf32>
  // CHECK-NEXT: hlo.slice %[[D]] [1:5:2, 0:8] : (tensor<?x8xui8>) -> tensor<2x8xui8>
  %4 = hlo.slice %d [1:5:2, 0:8] : (tensor<?x8xui8>) -> tensor<2x8xui8>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @concatenate
// CHECK-SAME: %[[A:[^:]+]]: tensor<1x2xf32>, %[[B:[^:]+]]: tensor<3x2xf32>, %[[D:[^:]+]]: tensor<?x2xf32>, %[[I:[^:]+]]: tensor<2xi64>
func.func @concatenate(%a: tensor<1x2xf32>, %b: tensor<3x2xf32>, %d: tensor<?x2xf32>, %i: tensor<2xi64>) {
  // CHECK-NEXT: hlo.concatenate %[[A]], %[[B]], dim = 0 : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  // CHECK-NEXT: hlo.concatenate %[[A]], %[[A]], %[[A]], dim = 1 : (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x6xf32>
  %1 = hlo.concatenate %a, %a, %a, dim = 1 : (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x6xf32>
  // CHECK-NEXT: hlo.concatenate %[[I]], dim = 0 : (tensor<2xi64>) -> tensor<2xi64>
  %2 = hlo.concatenate %i, dim = 0 : (tensor<2xi64>) -> tensor<2xi64>
  // CHECK-NEXT: hlo.concatenate %[[D]], %[[B]], dim = 0 : (tensor<?x2xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  %3 = hlo.concatenate %d, %b, dim = 0 : (tensor<?x2xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  // CHECK-NEXT: hlo.concatenate %[[A]], %[[B]], dim = 0 {some.attr} : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %4 = hlo.concatenate %a, %b, dim = 0 {some.attr} : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  // CHECK-NEXT: return
  return
}

// -----

// CHECK-LABEL: func.func @dot_general
// CHECK-SAME: %[[A:[^:]+]]: tensor<2x4x8xf32>, %[[B:[^:]+]]: tensor<2x8x16xf32>, %[[M:[^:]+]]: tensor<4x8xbf16>, %[[N:[^:]+]]: tensor<8x16xbf16>, %[[V:[^:]+]]: tensor<4xf32>, %[[W:[^:]+]]: tensor<5xf32>
func.func @dot_general(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>, %m: tensor<4x8xbf16>, %n: tensor<8x16xbf16>, %v: tensor<4xf32>, %w: tensor<5xf32>) {
  // Batched matmul with a precision config.
  // CHECK-NEXT: hlo.dot_general %[[A]], %[[B]], batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  // No batching dimensions, no precision config, an f32 result of bf16 inputs.
  // CHECK-NEXT: hlo.dot_general %[[M]], %[[N]], contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
  %1 = hlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<4x8xbf16>, tensor<8x16xbf16>) -> tensor<4x16xf32>
  // Outer product: nothing contracted.
  // CHECK-NEXT: hlo.dot_general %[[V]], %[[W]], contracting_dims = [] x [], precision = [HIGH, HIGH] : (tensor<4xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  %2 = hlo.dot_general %v, %w, contracting_dims = [] x [], precision = [HIGH, HIGH] : (tensor<4xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  // Several contracting dimensions.
  // CHECK-NEXT: hlo.dot_general %[[A]], %[[A]], contracting_dims = [0, 2] x [0, 2] : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<4x4xf32>
  %3 = hlo.dot_general %a, %a, contracting_dims = [0, 2] x [0, 2] : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<4x4xf32>
  // CHECK-NEXT: return
  return
}

// -----

// The attribute forms the generic syntax uses; the custom form is printed.
// CHECK-LABEL: func.func @dot_general_attribute_forms
// CHECK-SAME: %[[A:[^:]+]]: tensor<2x4x8xf32>, %[[B:[^:]+]]: tensor<2x8x16xf32>
func.func @dot_general_attribute_forms(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>) {
  // CHECK-NEXT: hlo.dot_general %[[A]], %[[B]], batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGH, DEFAULT] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  %0 = "hlo.dot_general"(%a, %b) <{dot_dimension_numbers = #hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#hlo<precision HIGH>, #hlo<precision DEFAULT>]}> : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  // Fields may come in any order; absent ones are empty.
  // CHECK-NEXT: hlo.dot_general %[[A]], %[[A]], contracting_dims = [] x [] : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8x2x4x8xf32>
  %1 = "hlo.dot_general"(%a, %a) <{dot_dimension_numbers = #hlo.dot<>}> : (tensor<2x4x8xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8x2x4x8xf32>
  // CHECK-NEXT: hlo.dot_general %[[A]], %[[B]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  %2 = "hlo.dot_general"(%a, %b) <{dot_dimension_numbers = #hlo.dot<rhs_contracting_dimensions = [1], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], lhs_batching_dimensions = [0]>}> : (tensor<2x4x8xf32>, tensor<2x8x16xf32>) -> tensor<2x4x16xf32>
  // CHECK-NEXT: return
  return
}

// -----

// A body that applies one binary op prints compactly.
// CHECK-LABEL: func.func @reduce_compact
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Z:[^:]+]]: tensor<f32>, %[[I:[^:]+]]: tensor<2x3x4xi32>, %[[IZ:[^:]+]]: tensor<i32>
func.func @reduce_compact(%x: tensor<4x8xf32>, %z: tensor<f32>, %i: tensor<2x3x4xi32>, %iz: tensor<i32>) {
  // CHECK-NEXT: hlo.reduce(%[[X]] init: %[[Z]]) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: hlo.reduce(%[[I]] init: %[[IZ]]) applies hlo.maximum across dimensions = [0, 2] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<3xi32>
  %1 = hlo.reduce(%i init: %iz) applies hlo.maximum across dimensions = [0, 2] : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<3xi32>
  // Reducing over every dimension gives a scalar; over none, the input shape.
  // CHECK-NEXT: hlo.reduce(%[[X]] init: %[[Z]]) applies hlo.multiply across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  %2 = hlo.reduce(%x init: %z) applies hlo.multiply across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  // CHECK-NEXT: hlo.reduce(%[[X]] init: %[[Z]]) applies hlo.minimum across dimensions = [] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %3 = hlo.reduce(%x init: %z) applies hlo.minimum across dimensions = [] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  // A one-op region body is printed compactly too.
  // CHECK-NEXT: hlo.reduce(%[[X]] init: %[[Z]]) applies hlo.maximum across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %4 = hlo.reduce(%x init: %z) across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %m = hlo.maximum %acc, %e : tensor<f32>
      hlo.return %m : tensor<f32>
    }
  // CHECK-NEXT: return
  return
}

// -----

// A body that is not a single binary op on (accumulator, element) keeps its
// region.
// CHECK-LABEL: func.func @reduce_region
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Z:[^:]+]]: tensor<f32>
func.func @reduce_region(%x: tensor<4x8xf32>, %z: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK-NEXT: %[[R0:.+]] = hlo.reduce(%[[X]] init: %[[Z]]) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: reducer(%[[ACC:[^:]+]]: tensor<f32>, %[[E:[^:]+]]: tensor<f32>) {
  // CHECK-NEXT:   %[[S:.+]] = hlo.multiply %[[E]], %[[E]] : tensor<f32>
  // CHECK-NEXT:   %[[T:.+]] = hlo.add %[[ACC]], %[[S]] : tensor<f32>
  // CHECK-NEXT:   hlo.return %[[T]] : tensor<f32>
  // CHECK-NEXT: }
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %sq = hlo.multiply %e, %e : tensor<f32>
      %sum = hlo.add %acc, %sq : tensor<f32>
      hlo.return %sum : tensor<f32>
    }
  // Operands swapped: (element, accumulator) is not the compact form.
  // CHECK-NEXT: %[[R1:.+]] = hlo.reduce(%[[X]] init: %[[Z]]) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: reducer(%[[ACC1:[^:]+]]: tensor<f32>, %[[E1:[^:]+]]: tensor<f32>) {
  // CHECK-NEXT:   %[[D:.+]] = hlo.subtract %[[E1]], %[[ACC1]] : tensor<f32>
  // CHECK-NEXT:   hlo.return %[[D]] : tensor<f32>
  // CHECK-NEXT: }
  %1 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%acc: tensor<f32>, %e: tensor<f32>) {
      %d = hlo.subtract %e, %acc : tensor<f32>
      hlo.return %d : tensor<f32>
    }
  // CHECK-NEXT: return %[[R0]], %[[R1]]
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Two inputs reduced together (an argmax): the body takes the accumulators,
// then the elements.
// CHECK-LABEL: func.func @reduce_variadic
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[I:[^:]+]]: tensor<4x8xi32>, %[[XZ:[^:]+]]: tensor<f32>, %[[IZ:[^:]+]]: tensor<i32>
func.func @reduce_variadic(%x: tensor<4x8xf32>, %i: tensor<4x8xi32>, %xz: tensor<f32>, %iz: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // CHECK-NEXT: %[[R:.+]]:2 = hlo.reduce(%[[X]] init: %[[XZ]]), (%[[I]] init: %[[IZ]]) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  // CHECK-NEXT: reducer(%[[AV:[^:]+]]: tensor<f32>, %[[EV:[^:]+]]: tensor<f32>) (%[[AI:[^:]+]]: tensor<i32>, %[[EI:[^:]+]]: tensor<i32>) {
  // CHECK-NEXT:   %[[GT:.+]] = hlo.compare GT, %[[EV]], %[[AV]] : (tensor<f32>, tensor<f32>) -> tensor<i1>
  // CHECK-NEXT:   %[[V:.+]] = hlo.select %[[GT]], %[[EV]], %[[AV]] : tensor<i1>, tensor<f32>
  // CHECK-NEXT:   %[[IDX:.+]] = hlo.select %[[GT]], %[[EI]], %[[AI]] : tensor<i1>, tensor<i32>
  // CHECK-NEXT:   hlo.return %[[V]], %[[IDX]] : tensor<f32>, tensor<i32>
  // CHECK-NEXT: }
  %0:2 = hlo.reduce(%x init: %xz), (%i init: %iz) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
    reducer(%av: tensor<f32>, %ev: tensor<f32>) (%ai: tensor<i32>, %ei: tensor<i32>) {
      %gt = hlo.compare GT, %ev, %av : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %v = hlo.select %gt, %ev, %av : tensor<i1>, tensor<f32>
      %idx = hlo.select %gt, %ei, %ai : tensor<i1>, tensor<i32>
      hlo.return %v, %idx : tensor<f32>, tensor<i32>
    }
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// The generic form of a reduce; a one-op body prints compactly.
// CHECK-LABEL: func.func @reduce_generic_form
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xui8>, %[[Z:[^:]+]]: tensor<ui8>
func.func @reduce_generic_form(%x: tensor<4x8xui8>, %z: tensor<ui8>) -> tensor<8xui8> {
  // CHECK-NEXT: %[[R:.+]] = hlo.reduce(%[[X]] init: %[[Z]]) applies hlo.or across dimensions = [0] {some.attr = "kept"} : (tensor<4x8xui8>, tensor<ui8>) -> tensor<8xui8>
  %0 = "hlo.reduce"(%x, %z) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %o = "hlo.or"(%a, %b) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
      "hlo.return"(%o) : (tensor<ui8>) -> ()
  }) {some.attr = "kept"} : (tensor<4x8xui8>, tensor<ui8>) -> tensor<8xui8>
  // CHECK-NEXT: return %[[R]]
  return %0 : tensor<8xui8>
}

// -----

// A body that returns an operand directly is not the compact form either.
// CHECK-LABEL: func.func @return_forms
func.func @return_forms(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  // CHECK-NEXT: %[[R:.+]] = hlo.reduce
  // CHECK-NEXT: reducer(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<f32>) {
  // CHECK-NEXT:   hlo.return %[[A]] : tensor<f32>
  // CHECK-NEXT: }
  %0 = hlo.reduce(%x init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      hlo.return %a : tensor<f32>
    }
  // CHECK-NEXT: return %[[R]]
  return %0 : tensor<f32>
}
