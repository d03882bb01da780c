// RUN: hlo-opt %s --hlo-expand-narrow-floats -split-input-file | FileCheck %s

// extf from f8E4M3FN: normal values by moving the fields into place
// (magnitude << (23 - 3), exponent rebiased by 127 - 7), subnormals as
// magnitude * 2^-9, the one NaN magnitude 0x7f by comparison.
// CHECK-LABEL: func.func @extf
// CHECK-NOT: arith.extf
// CHECK: %[[B:.*]] = arith.bitcast %arg0 : f8E4M3FN to i8
// CHECK: %[[W:.*]] = arith.extui %[[B]] : i8 to i32
// CHECK: %[[S:.*]] = arith.shrui %[[W]], %c7_i32
// CHECK: %[[M:.*]] = arith.andi %[[W]], %c127_i32
// CHECK: %[[N:.*]] = arith.shli %[[M]], %c20_i32
// CHECK: arith.addi %[[N]], %c1006632960_i32
// CHECK: %[[U:.*]] = arith.uitofp %[[M]] : i32 to f32
// CHECK: arith.mulf %[[U]], %cst
// CHECK: arith.cmpi ult, %[[M]], %c8_i32
// CHECK: %[[NAN:.*]] = arith.cmpi uge, %[[M]], %c127_i32
// CHECK: arith.select %[[NAN]], %c2143289344_i32
// CHECK: %[[R:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: return %[[R]]
func.func @extf(%x: f8E4M3FN) -> f32 {
  %0 = arith.extf %x : f8E4M3FN to f32
  return %0 : f32
}

// -----

// To f64 (or f16/bf16) through f32, exactly.
// CHECK-LABEL: func.func @extf_f64
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK: %[[D:.*]] = arith.extf %[[F]] : vector<4xf32> to vector<4xf64>
// CHECK: return %[[D]]
func.func @extf_f64(%x: vector<4xf8E5M2FNUZ>) -> vector<4xf64> {
  %0 = arith.extf %x : vector<4xf8E5M2FNUZ> to vector<4xf64>
  return %0 : vector<4xf64>
}

// -----

// truncf to f8E5M2 on vectors: the target exponent field q (at least 1),
// the shift to the target's ulp, round to nearest even, then zero, overflow
// (0x7c/0xfc, the infinities) and NaN (0x7e) patterns.
// CHECK-LABEL: func.func @truncf
// CHECK-NOT: arith.truncf
// CHECK-DAG: arith.constant dense<252> : vector<4xi32>
// CHECK-DAG: arith.constant dense<124> : vector<4xi32>
// CHECK-DAG: arith.constant dense<126> : vector<4xi32>
// CHECK: %[[U:.*]] = arith.bitcast %arg0 : vector<4xf32> to vector<4xi32>
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: arith.shrui
// CHECK: arith.cmpi ugt
// CHECK: arith.cmpi eq
// CHECK: arith.extui %{{.*}} : vector<4xi1> to vector<4xi32>
// CHECK: %[[T:.*]] = arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// CHECK: %[[R:.*]] = arith.bitcast %[[T]] : vector<4xi8> to vector<4xf8E5M2>
// CHECK: return %[[R]]
func.func @truncf(%v: vector<4xf32>) -> vector<4xf8E5M2> {
  %0 = arith.truncf %v : vector<4xf32> to vector<4xf8E5M2>
  return %0 : vector<4xf8E5M2>
}

// -----

// From f64 directly on the i64 bits (no double rounding through f32); from
// f16 through f32 (exact).
// CHECK-LABEL: func.func @truncf_sources
// CHECK: arith.bitcast %arg0 : f64 to i64
// CHECK: arith.trunci %{{.*}} : i64 to i4
// CHECK: arith.bitcast %{{.*}} : i4 to f4E2M1FN
// CHECK: %[[W:.*]] = arith.extf %arg1 : f16 to f32
// CHECK: arith.bitcast %[[W]] : f32 to i32
// CHECK: arith.bitcast %{{.*}} : i6 to f6E3M2FN
func.func @truncf_sources(%d: f64, %h: f16) -> (f4E2M1FN, f6E3M2FN) {
  %0 = arith.truncf %d : f64 to f4E2M1FN
  %1 = arith.truncf %h : f16 to f6E3M2FN
  return %0, %1 : f4E2M1FN, f6E3M2FN
}

// -----

// Left alone: f8E8M0FNU (for arith-expand), types LLVM has, and rounding
// modes other than to nearest even.
// CHECK-LABEL: func.func @untouched
// CHECK: arith.extf %arg0 : f8E8M0FNU to f32
// CHECK: arith.truncf %arg1 : f32 to f16
// CHECK: arith.truncf %arg1 to_nearest_away : f32 to f8E4M3FN
func.func @untouched(%e: f8E8M0FNU, %y: f32) -> (f32, f16, f8E4M3FN) {
  %0 = arith.extf %e : f8E8M0FNU to f32
  %1 = arith.truncf %y : f32 to f16
  %2 = arith.truncf %y to_nearest_away : f32 to f8E4M3FN
  return %0, %1, %2 : f32, f16, f8E4M3FN
}

// -----

// The masks of an f64 source: the magnitude mask 2^63 - 1 was computed as
// (int64_t(1) << 63) - 1, a signed overflow (UBSan); now in uint64_t.
// CHECK-LABEL: func.func @truncf_f64_masks
// CHECK-DAG: arith.constant 9223372036854775807 : i64
// CHECK-DAG: arith.constant 9218868437227405312 : i64
// CHECK-DAG: arith.constant 4503599627370495 : i64
// CHECK-DAG: arith.constant 4503599627370496 : i64
func.func @truncf_f64_masks(%d: f64) -> f8E4M3FN {
  %0 = arith.truncf %d : f64 to f8E4M3FN
  return %0 : f8E4M3FN
}
