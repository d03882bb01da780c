// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK:         %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK:         linalg.generic {indexing_maps = [#[[ID:map[0-9]*]], #[[ID]], #[[ID]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK:         ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK:           %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:           linalg.yield %[[S]] : f32
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = hlo.add %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @pred_add_is_or
// CHECK:         arith.ori %{{.*}}, %{{.*}} : i1
func.func @pred_add_is_or(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %0 = hlo.add %a, %b : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Unsigned tensors become signless; the op picks the unsigned comparison.
// CHECK-LABEL: func.func @unsigned_max(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>) -> tensor<4xi8>
// CHECK:         arith.maxui %{{.*}}, %{{.*}} : i8
func.func @unsigned_max(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = hlo.maximum %a, %b : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// CHECK-LABEL: func.func @dynamic_shape
// CHECK:         %[[D:.*]] = tensor.dim %arg0, %c0 : tensor<?x4xf32>
// CHECK:         tensor.empty(%[[D]]) : tensor<?x4xf32>
// CHECK:         arith.mulf
func.func @dynamic_shape(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = hlo.multiply %a, %b : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A scalar predicate is broadcast through its indexing map.
// CHECK-DAG:   #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @scalar_pred_select
// CHECK:         linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[ID]], #[[ID]]]
// CHECK:           arith.select %{{.*}}, %{{.*}}, %{{.*}} : f32
func.func @scalar_pred_select(%p: tensor<i1>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.select %p, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Total order: the bit patterns, negative ones with their non-sign bits
// flipped, compared as signed integers.
// CHECK-LABEL: func.func @compare_total_order
// CHECK:         %[[A:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK:         %[[AS:.*]] = arith.shrsi %[[A]], %{{.*}} : i32
// CHECK:         %[[AM:.*]] = arith.shrui %[[AS]], %{{.*}} : i32
// CHECK:         %[[AK:.*]] = arith.xori %[[A]], %[[AM]] : i32
// CHECK:         %[[B:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK:         %[[BK:.*]] = arith.xori %[[B]], %{{.*}} : i32
// CHECK:         arith.cmpi slt, %[[AK]], %[[BK]] : i32
func.func @compare_total_order(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %0 = hlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Float to integer saturates at the type's range and maps NaN to 0.
// CHECK-LABEL: func.func @convert_f32_to_i8_saturates
// CHECK:         %[[C:.*]] = arith.fptosi %[[IN:.*]] : f32 to i8
// CHECK:         %[[HI:.*]] = arith.cmpf oge, %[[IN]], %{{.*}} : f32
// CHECK:         %[[LO:.*]] = arith.cmpf ole, %[[IN]], %{{.*}} : f32
// CHECK:         %[[NAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK:         %[[R1:.*]] = arith.select %[[HI]], %c127_i8, %[[C]] : i8
// CHECK:         %[[R2:.*]] = arith.select %[[LO]], %c-128_i8, %[[R1]] : i8
// CHECK:         arith.select %[[NAN]], %c0_i8, %[[R2]] : i8
func.func @convert_f32_to_i8_saturates(%a: tensor<4xf32>) -> tensor<4xi8> {
  %0 = hlo.convert %a : (tensor<4xf32>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// Transcendental functions of narrow floats are computed in f32.
// CHECK-LABEL: func.func @bf16_exp_in_f32
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK:         %[[E:.*]] = math.exp %[[W]] : f32
// CHECK:         arith.truncf %[[E]] : f32 to bf16
func.func @bf16_exp_in_f32(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = hlo.exponential %a : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// CHECK-LABEL: func.func @complex_abs
// CHECK:         ^bb0(%[[Z:.*]]: complex<f32>, %{{.*}}: f32):
// CHECK:           complex.abs %[[Z]] : complex<f32>
func.func @complex_abs(%a: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  %0 = hlo.abs %a : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// x / 0 = -1 and INT_MIN / -1 = INT_MIN (XLA's choice); the divisor is made
// safe before dividing.
// CHECK-LABEL: func.func @int_divide
// CHECK:         %[[Z:.*]] = arith.cmpi eq, %[[Y:.*]], %c0_i32 : i32
// CHECK:         %[[SAFE:.*]] = arith.select %{{.*}}, %c1_i32, %[[Y]] : i32
// CHECK:         %[[Q:.*]] = arith.divsi %{{.*}}, %[[SAFE]] : i32
// CHECK:         %[[Q1:.*]] = arith.select %[[Z]], %c-1_i32, %[[Q]] : i32
func.func @int_divide(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.divide %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// bitcast_convert from complex<f64> to two complex<f32>: the complex value as
// an i128 (real part low), then each 64-bit half as a complex<f32> (its real
// part the low 32 bits).
// CHECK-LABEL: func.func @bitcast_complex
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg0 : tensor<2xcomplex<f64>>) outs(%{{.*}} : tensor<2x2xcomplex<f32>>)
// CHECK: %[[RE:.*]] = complex.re %{{.*}} : complex<f64>
// CHECK: %[[REB:.*]] = arith.bitcast %[[RE]] : f64 to i64
// CHECK: %[[REW:.*]] = arith.extui %[[REB]] : i64 to i128
// CHECK: %[[IM:.*]] = complex.im %{{.*}} : complex<f64>
// CHECK: arith.extui %{{.*}} : i64 to i128
// CHECK: %[[HI:.*]] = arith.shli
// CHECK: %[[ALL:.*]] = arith.ori %[[REW]], %[[HI]] : i128
// CHECK: linalg.index 1
// CHECK: %[[PART:.*]] = arith.trunci %{{.*}} : i128 to i64
// CHECK: %[[LO:.*]] = arith.trunci %[[PART]] : i64 to i32
// CHECK: %[[R:.*]] = arith.bitcast %[[LO]] : i32 to f32
// CHECK: %[[I:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: %[[C:.*]] = complex.create %[[R]], %[[I]] : complex<f32>
// CHECK: linalg.yield %[[C]]
func.func @bitcast_complex(%c: tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f32>> {
  %0 = hlo.bitcast_convert %c : (tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f32>>
  return %0 : tensor<2x2xcomplex<f32>>
}

// -----

// bf16 <-> f16: neither format holds the other; both go through f32 (one
// rounding).
// CHECK-LABEL: func.func @convert_bf16_f16
// CHECK:         %[[W:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK:         arith.truncf %[[W]] : f32 to f16
// CHECK:         %[[V:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:         arith.truncf %[[V]] : f32 to bf16
func.func @convert_bf16_f16(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = hlo.convert %a : (tensor<4xbf16>) -> tensor<4xf16>
  %1 = hlo.convert %0 : (tensor<4xf16>) -> tensor<4xbf16>
  return %1 : tensor<4xbf16>
}
