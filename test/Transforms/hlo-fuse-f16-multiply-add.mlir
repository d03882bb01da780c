// RUN: hlo-opt %s --hlo-fuse-f16-multiply-add -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK: %[[R:.*]] = math.fma %arg0, %arg1, %arg2 : f16
// CHECK: return %[[R]]
func.func @add(%a: f16, %b: f16, %c: f16) -> f16 {
  %p = arith.mulf %a, %b : f16
  %r = arith.addf %p, %c : f16
  return %r : f16
}

// -----

// The product on the right of the addition, on vectors.
// CHECK-LABEL: func.func @add_commuted_vector
// CHECK: %[[R:.*]] = math.fma %arg0, %arg1, %arg2 : vector<8xf16>
// CHECK: return %[[R]]
func.func @add_commuted_vector(%a: vector<8xf16>, %b: vector<8xf16>,
                               %c: vector<8xf16>) -> vector<8xf16> {
  %p = arith.mulf %a, %b : vector<8xf16>
  %r = arith.addf %c, %p : vector<8xf16>
  return %r : vector<8xf16>
}

// -----

// CHECK-LABEL: func.func @subtract_from_product
// CHECK: %[[N:.*]] = arith.negf %arg2 : f16
// CHECK: %[[R:.*]] = math.fma %arg0, %arg1, %[[N]] : f16
// CHECK: return %[[R]]
func.func @subtract_from_product(%a: f16, %b: f16, %c: f16) -> f16 {
  %p = arith.mulf %a, %b : f16
  %r = arith.subf %p, %c : f16
  return %r : f16
}

// -----

// CHECK-LABEL: func.func @subtract_product
// CHECK: %[[N:.*]] = arith.negf %arg0 : f16
// CHECK: %[[R:.*]] = math.fma %[[N]], %arg1, %arg2 : f16
// CHECK: return %[[R]]
func.func @subtract_product(%a: f16, %b: f16, %c: f16) -> f16 {
  %p = arith.mulf %a, %b : f16
  %r = arith.subf %c, %p : f16
  return %r : f16
}

// -----

// Not fused: a product with another use is rounded anyway.
// CHECK-LABEL: func.func @product_used_twice
// CHECK-NOT: math.fma
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @product_used_twice(%a: f16, %b: f16, %c: f16) -> (f16, f16) {
  %p = arith.mulf %a, %b : f16
  %r = arith.addf %p, %c : f16
  return %r, %p : f16, f16
}

// -----

// Not fused: f32, f64 and bf16 keep separate roundings.
// CHECK-LABEL: func.func @other_types
// CHECK-NOT: math.fma
// CHECK-COUNT-3: arith.addf
func.func @other_types(%a: f32, %b: f64, %c: bf16) -> (f32, f64, bf16) {
  %p = arith.mulf %a, %a : f32
  %r = arith.addf %p, %a : f32
  %q = arith.mulf %b, %b : f64
  %s = arith.addf %q, %b : f64
  %t = arith.mulf %c, %c : bf16
  %u = arith.addf %t, %c : bf16
  return %r, %s, %u : f32, f64, bf16
}
