// RUN: hlo-opt %s --hlo-gpu-expand-math | FileCheck %s

// No math library: exp, tanh and sinh become arithmetic (f16 computed in
// f32); f64 exp has our own expansion (hlo-gpu-expand-math-f64.mlir), f64
// erf none and is left alone.
// CHECK-LABEL: func.func @math
// CHECK-NOT: math.exp %{{.*}} : f32
// CHECK-NOT: math.tanh
// CHECK-NOT: math.sinh
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NOT: math.exp %{{.*}} : f64
// CHECK: math.erf %{{.*}} : f64
func.func @math(%x: f32, %h: f16, %d: f64) -> (f32, f32, f16, f64) {
  %e = math.exp %x : f32
  %t = math.tanh %x : f32
  %s = math.sinh %h : f16
  %de = math.erf %d : f64
  return %e, %t, %s, %de : f32, f32, f16, f64
}
