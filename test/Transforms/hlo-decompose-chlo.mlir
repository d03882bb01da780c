// RUN: hlo-opt %s --hlo-decompose-chlo -split-input-file | FileCheck %s

// lgamma: Lanczos sum, log1p-based log(t), reflection through log(sin).
// CHECK-LABEL: func.func @lgamma
// CHECK-NOT: chlo.
// CHECK: hlo.constant dense<0.99999999999980993> : tensor<4xf64>
// CHECK: hlo.log_plus_one
// CHECK: hlo.sine
// CHECK: hlo.is_finite
// CHECK-NOT: chlo.
// CHECK: return
func.func @lgamma(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.lgamma %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Narrow floats are computed in f32.
// CHECK-LABEL: func.func @digamma_bf16
// CHECK: %[[W:.*]] = hlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: hlo.cosine
// CHECK: %[[R:.*]] = hlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: return %[[R]]
func.func @digamma_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.digamma %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// erf_inv: w = -log1p(-x^2), two polynomials in f32 chosen by w < 5.
// CHECK-LABEL: func.func @erf_inv
// CHECK-DAG: hlo.constant dense<5.000000e+00>
// CHECK-DAG: hlo.constant dense<2.81022636E-8>
// CHECK-DAG: hlo.constant dense<-2.00214257E-4>
// CHECK: %[[NX:.*]] = hlo.negate %arg0
// CHECK: %[[SQ:.*]] = hlo.multiply %arg0, %[[NX]]
// CHECK: %[[L:.*]] = hlo.log_plus_one %[[SQ]]
// CHECK: hlo.negate %[[L]]
// CHECK: hlo.compare LT
// CHECK: hlo.sqrt
// CHECK-NOT: chlo.
func.func @erf_inv(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @bessel_i1e
// CHECK: hlo.abs %arg0
// CHECK: hlo.compare LE
// CHECK: hlo.sign %arg0
// CHECK-NOT: chlo.
func.func @bessel_i1e(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// next_after steps the bit pattern as an integer of the same width.
// CHECK-LABEL: func.func @next_after
// CHECK-DAG: hlo.constant dense<-32768> : tensor<4xi16>
// CHECK-DAG: hlo.constant dense<32767> : tensor<4xi16>
// CHECK-DAG: %[[X:.*]] = hlo.bitcast_convert %arg0 : (tensor<4xbf16>) -> tensor<4xi16>
// CHECK-DAG: %[[Y:.*]] = hlo.bitcast_convert %arg1 : (tensor<4xbf16>) -> tensor<4xi16>
// CHECK: %[[R:.*]] = hlo.bitcast_convert %{{.*}} : (tensor<4xi16>) -> tensor<4xbf16>
// CHECK: return %[[R]]
func.func @next_after(%x: tensor<4xbf16>, %y: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.next_after %x, %y : tensor<4xbf16>, tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// top_k: a stable sort of (x, iota) by "greater than" in total order, then
// the first k of the last dimension.
// CHECK-LABEL: func.func @top_k
// CHECK: %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<2x5xi32>
// CHECK: %[[S:.*]]:2 = "hlo.sort"(%arg0, %[[IOTA]]) <{dimension = 1 : i64, is_stable = true}>
// CHECK: hlo.compare GT, %{{.*}}, %{{.*}}, TOTALORDER
// CHECK: %[[V:.*]] = hlo.slice %[[S]]#0 [0:2, 0:3]
// CHECK: %[[I:.*]] = hlo.slice %[[S]]#1 [0:2, 0:3]
// CHECK: return %[[V]], %[[I]]
func.func @top_k(%x: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %v, %i : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// Complex cosh from the parts; real sinh is left to the scalar table.
// CHECK-LABEL: func.func @cosh_sinh
// CHECK: hlo.real %arg0
// CHECK: hlo.imag %arg0
// CHECK: hlo.complex
// CHECK: chlo.sinh %arg1
func.func @cosh_sinh(%z: tensor<4xcomplex<f32>>, %x: tensor<4xf32>) -> (tensor<4xcomplex<f32>>, tensor<4xf32>) {
  %0 = chlo.cosh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %1 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xcomplex<f32>>, tensor<4xf32>
}

// -----

// Complex asin and friends: Hull et al.'s regions on |x| and |y| (hypot
// without overflow, log1p near the real axis), signs restored at the end.
// CHECK-LABEL: func.func @complex_inverse
// CHECK-NOT: chlo.asin
// CHECK: hlo.real %arg0
// CHECK: hlo.imag %arg0
// CHECK: hlo.maximum
// CHECK: hlo.log_plus_one
// CHECK: hlo.atan2
// CHECK: hlo.complex
// CHECK-NOT: chlo.
// CHECK: chlo.acosh %arg1 : tensor<4xf32>
func.func @complex_inverse(%z: tensor<4xcomplex<f64>>, %x: tensor<4xf32>) -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xf32>) {
  %0 = chlo.asin %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %1 = chlo.acos %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %2 = chlo.asinh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %3 = chlo.acosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %4 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<4xf32>
}
