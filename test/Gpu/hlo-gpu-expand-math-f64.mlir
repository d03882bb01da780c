// RUN: hlo-opt %s --hlo-gpu-expand-math | FileCheck %s
// RUN: hlo-opt %s --hlo-gpu-expand-math="f32-in-f64=1" | FileCheck %s --check-prefix=WIDE

// f64 exp: k = x / ln2 rounded by adding and subtracting 1.5 * 2^52, the
// remainder by the two-part ln 2, a Horner chain of fused multiply-adds,
// 2^k from exponent bits (two factors), selects for overflow, underflow
// and NaN.
// CHECK-LABEL: func.func @exp
// CHECK-NOT: math.exp
// CHECK-DAG: arith.constant 0x4338000000000000 : f64
// CHECK-DAG: arith.constant 0.69314718036912382 : f64
// CHECK-DAG: arith.constant 1.9082149292705877E-10 : f64
// CHECK: math.fma
// CHECK: arith.shli %{{.*}} : i64
// CHECK: arith.bitcast %{{.*}} : i64 to f64
// CHECK: arith.cmpf uno
// CHECK: return
func.func @exp(%x: f64) -> f64 {
  %r = math.exp %x : f64
  return %r : f64
}

// On vectors: the same arithmetic lane-wise; cos picks sin or cos of the
// remainder by the quadrant k mod 4.
// CHECK-LABEL: func.func @cos
// CHECK-NOT: math.cos
// CHECK-DAG: arith.constant dense<1.5707963267341256> : vector<2xf64>
// CHECK: arith.andi %{{.*}} : vector<2xi64>
// CHECK: arith.cmpi eq, %{{.*}} : vector<2xi64>
// CHECK: return %{{.*}} : vector<2xf64>
func.func @cos(%x: vector<2xf64>) -> vector<2xf64> {
  %r = math.cos %x : vector<2xf64>
  return %r : vector<2xf64>
}

// log: exponent and mantissa bits, the mantissa in [sqrt(2)/2, sqrt(2)).
// CHECK-LABEL: func.func @log
// CHECK-NOT: math.log
// CHECK: arith.shrui %{{.*}} : i64
// CHECK: arith.sitofp %{{.*}} : i64 to f64
// CHECK: arith.divf
// CHECK: return
func.func @log(%x: f64) -> f64 {
  %r = math.log %x : f64
  return %r : f64
}

// The others with an expansion; tanh, sinh, ... take precedence over
// math-expand-ops' identities.
// CHECK-LABEL: func.func @others
// CHECK-NOT: math.atan2
// CHECK-NOT: math.powf
// CHECK-NOT: math.tanh
// CHECK-NOT: math.sinh
// CHECK-NOT: math.cbrt
// CHECK-NOT: math.log1p
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK: return
func.func @others(%x: f64, %y: f64) -> (f64, f64, f64, f64, f64, f64) {
  %a = math.atan2 %y, %x : f64
  %p = math.powf %x, %y : f64
  %t = math.tanh %x : f64
  %s = math.sinh %x : f64
  %c = math.cbrt %x : f64
  %l = math.log1p %x : f64
  return %a, %p, %t, %s, %c, %l : f64, f64, f64, f64, f64, f64
}

// No f64 expansion of erf: left for the target (an error on Vulkan).
// CHECK-LABEL: func.func @erf
// CHECK: math.erf %{{.*}} : f64
func.func @erf(%x: f64) -> f64 {
  %r = math.erf %x : f64
  return %r : f64
}

// f32 sin: upstream's f32 approximation by default; with f32-in-f64, the
// f64 expansion between an extf and a truncf.
// CHECK-LABEL: func.func @sin_f32
// CHECK-NOT: math.sin
// CHECK-NOT: f64
// CHECK: return
// WIDE-LABEL: func.func @sin_f32
// WIDE-NOT: math.sin
// WIDE: arith.extf %{{.*}} : f32 to f64
// WIDE: arith.andi %{{.*}} : i64
// WIDE: arith.truncf %{{.*}} : f64 to f32
// WIDE: return
func.func @sin_f32(%x: f32) -> f32 {
  %r = math.sin %x : f32
  return %r : f32
}

// f16 goes through f32 (upstream) and then f64.
// WIDE-LABEL: func.func @atan2_f16
// WIDE-NOT: math.atan2
// WIDE: arith.extf %{{.*}} : f32 to f64
// WIDE: arith.truncf %{{.*}} : f64 to f32
// WIDE: arith.truncf %{{.*}} : f32 to f16
func.func @atan2_f16(%y: f16, %x: f16) -> f16 {
  %r = math.atan2 %y, %x : f16
  return %r : f16
}
