// RUN: hlo-opt --hlo-tpu-sim-to-host --split-input-file %s | FileCheck %s

// Math ops the host's LLVM lowering takes on 1-D vectors only, on
// registers: |x| of integers a compare and a select (wrapping at the
// minimum), is_finite and is_inf compares of |x| with infinity, is_nan an
// unordered compare.
// CHECK-LABEL: func.func @register_math(
// CHECK-SAME: %[[I:.*]]: vector<8x128xi32>, %[[F:.*]]: vector<16x128xbf16>)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<8x128xi32>
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[I]], %[[ZERO]] : vector<8x128xi32>
// CHECK: %[[MINUS:.*]] = arith.subi %[[ZERO]], %[[I]] : vector<8x128xi32>
// CHECK: %[[ABS:.*]] = arith.select %[[NEG]], %[[MINUS]], %[[I]]
// CHECK: %[[MAG:.*]] = math.absf %[[F]] : vector<16x128xbf16>
// CHECK: %[[INF:.*]] = arith.constant dense<0x7F80> : vector<16x128xbf16>
// CHECK: %[[FINITE:.*]] = arith.cmpf one, %[[MAG]], %[[INF]] : vector<16x128xbf16>
// CHECK: %[[MAG2:.*]] = math.absf %[[F]] : vector<16x128xbf16>
// CHECK: %[[ISINF:.*]] = arith.cmpf oeq, %[[MAG2]], %{{.*}} : vector<16x128xbf16>
// CHECK: %[[ISNAN:.*]] = arith.cmpf uno, %[[F]], %[[F]] : vector<16x128xbf16>
// CHECK: return %[[ABS]], %[[FINITE]], %[[ISINF]], %[[ISNAN]]
// CHECK-NOT: math.absi
// CHECK-NOT: math.is
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @register_math(%i: vector<8x128xi32>, %f: vector<16x128xbf16>) -> (vector<8x128xi32>, vector<16x128xi1>, vector<16x128xi1>, vector<16x128xi1>) {
  %a = math.absi %i : vector<8x128xi32>
  %b = math.isfinite %f : vector<16x128xbf16>
  %c = math.isinf %f : vector<16x128xbf16>
  %d = math.isnan %f : vector<16x128xbf16>
  return %a, %b, %c, %d : vector<8x128xi32>, vector<16x128xi1>, vector<16x128xi1>, vector<16x128xi1>
}
}

// -----

// Scalars and 1-D vectors stay: the host lowers them.
// CHECK-LABEL: func.func @host_math(
// CHECK: math.absi %{{.*}} : vector<128xi32>
// CHECK: math.isfinite %{{.*}} : f32
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @host_math(%i: vector<128xi32>, %f: f32) -> (vector<128xi32>, i1) {
  %a = math.absi %i : vector<128xi32>
  %b = math.isfinite %f : f32
  return %a, %b : vector<128xi32>, i1
}
}

// -----

// Selects of 16-bit float vectors select their bits; f32 selects stay.
// CHECK-LABEL: func.func @narrow_float_select(
// CHECK-SAME: %[[C:.*]]: vector<16x128xi1>, %[[A:.*]]: vector<16x128xbf16>, %[[B:.*]]: vector<16x128xbf16>, %[[H:.*]]: vector<16x128xf16>, %[[G:.*]]: vector<16x128xf16>, %[[C8:.*]]: vector<8x128xi1>, %[[F:.*]]: vector<8x128xf32>)
// CHECK: %[[ABITS:.*]] = arith.bitcast %[[A]] : vector<16x128xbf16> to vector<16x128xi16>
// CHECK: %[[BBITS:.*]] = arith.bitcast %[[B]] : vector<16x128xbf16> to vector<16x128xi16>
// CHECK: %[[BITS:.*]] = arith.select %[[C]], %[[ABITS]], %[[BBITS]] : vector<16x128xi1>, vector<16x128xi16>
// CHECK: %[[R:.*]] = arith.bitcast %[[BITS]] : vector<16x128xi16> to vector<16x128xbf16>
// CHECK: %[[HBITS:.*]] = arith.bitcast %[[H]] : vector<16x128xf16> to vector<16x128xi16>
// CHECK: %[[GBITS:.*]] = arith.bitcast %[[G]] : vector<16x128xf16> to vector<16x128xi16>
// CHECK: %[[HSEL:.*]] = arith.select %[[C]], %[[HBITS]], %[[GBITS]] : vector<16x128xi1>, vector<16x128xi16>
// CHECK: %[[RH:.*]] = arith.bitcast %[[HSEL]] : vector<16x128xi16> to vector<16x128xf16>
// CHECK: %[[RF:.*]] = arith.select %[[C8]], %[[F]], %[[F]] : vector<8x128xi1>, vector<8x128xf32>
// CHECK: return %[[R]], %[[RH]], %[[RF]]
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @narrow_float_select(%c: vector<16x128xi1>, %a: vector<16x128xbf16>, %b: vector<16x128xbf16>, %h: vector<16x128xf16>, %g: vector<16x128xf16>, %c8: vector<8x128xi1>, %f: vector<8x128xf32>) -> (vector<16x128xbf16>, vector<16x128xf16>, vector<8x128xf32>) {
  %r = arith.select %c, %a, %b : vector<16x128xi1>, vector<16x128xbf16>
  %rh = arith.select %c, %h, %g : vector<16x128xi1>, vector<16x128xf16>
  %rf = arith.select %c8, %f, %f : vector<8x128xi1>, vector<8x128xf32>
  return %r, %rh, %rf : vector<16x128xbf16>, vector<16x128xf16>, vector<8x128xf32>
}
}
