// RUN: hlo-opt %s --hlo-accurate-math -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @expm1
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-DAG: %[[M1:.*]] = arith.constant -1.000000e+00 : f64
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7FF0000000000000 : f64
// CHECK: %[[U:.*]] = math.exp %arg0 : f64
// CHECK: %[[UM1:.*]] = arith.subf %[[U]], %[[ONE]] : f64
// CHECK: %[[L:.*]] = math.log %[[U]] : f64
// CHECK: %[[Q:.*]] = arith.divf %arg0, %[[L]] : f64
// CHECK: %[[R:.*]] = arith.mulf %[[UM1]], %[[Q]] : f64
// CHECK: %[[C1:.*]] = arith.cmpf oeq, %[[U]], %[[INF]]
// CHECK: %[[S1:.*]] = arith.select %[[C1]], %[[INF]], %[[R]]
// CHECK: %[[C2:.*]] = arith.cmpf oeq, %[[UM1]], %[[M1]]
// CHECK: %[[S2:.*]] = arith.select %[[C2]], %[[M1]], %[[S1]]
// CHECK: %[[C3:.*]] = arith.cmpf oeq, %[[U]], %[[ONE]]
// CHECK: %[[S3:.*]] = arith.select %[[C3]], %arg0, %[[S2]]
// CHECK: return %[[S3]]
func.func @expm1(%x: f64) -> f64 {
  %0 = math.expm1 %x : f64
  return %0 : f64
}

// -----

// CHECK-LABEL: func.func @expm1_vector
// CHECK: arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK: math.exp %arg0 : vector<4xf32>
// CHECK-NOT: math.expm1
func.func @expm1_vector(%x: vector<4xf32>) -> vector<4xf32> {
  %0 = math.expm1 %x : vector<4xf32>
  return %0 : vector<4xf32>
}
