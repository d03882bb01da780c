// RUN: hlo-opt %s --hlo-decompose-chlo -split-input-file | FileCheck %s
// RUN: hlo-opt %s --hlo-decompose-chlo=f32-through-f64=false -split-input-file | FileCheck %s --check-prefix=NARROW

// lgamma: Lanczos sum, log1p-based log(t), reflection through log(sin).
// The zeros at 1 and 2 exactly, and -log|x| - euler x below 2^-26.
// CHECK-LABEL: func.func @lgamma
// CHECK-NOT: chlo.
// CHECK-DAG: hlo.constant dense<1.4901161193847656E-8> : tensor<4xf64>
// CHECK-DAG: hlo.constant dense<0.57721566490153287> : tensor<4xf64>
// CHECK-DAG: hlo.constant dense<0.99999999999980993> : tensor<4xf64>
// CHECK: hlo.log_plus_one
// CHECK: hlo.sine
// CHECK: hlo.is_finite
// CHECK: %[[ONE:.*]] = hlo.compare EQ, %arg0, %{{.*}}
// CHECK: %[[TWO:.*]] = hlo.compare EQ, %arg0, %{{.*}}
// CHECK: hlo.or %[[ONE]], %[[TWO]]
// CHECK-NOT: chlo.
// CHECK: return
func.func @lgamma(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.lgamma %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Narrow floats are computed in f32 with StableHLO's f32 algorithm, with or
// without f32-through-f64 (which is for f32 only). The pole at 0 is -1/x.
// CHECK-LABEL: func.func @digamma_bf16
// CHECK: %[[MINUS_ONE:.*]] = hlo.constant dense<-1.000000e+00> : tensor<4xf32>
// CHECK: %[[W:.*]] = hlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK: hlo.cosine
// CHECK: hlo.divide %[[MINUS_ONE]], %[[W]]
// CHECK: %[[R:.*]] = hlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK: return %[[R]]
// NARROW-LABEL: func.func @digamma_bf16
// NARROW: %[[W:.*]] = hlo.convert %arg0 : (tensor<4xbf16>) -> tensor<4xf32>
// NARROW: hlo.cosine
// NARROW: %[[R:.*]] = hlo.convert %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// NARROW: return %[[R]]
func.func @digamma_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.digamma %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// erf_inv: w = -log1p(-x^2), two polynomials in f32 chosen by w < 5 or
// three in f64 (f32-through-f64).
// CHECK-LABEL: func.func @erf_inv
// CHECK: hlo.constant dense<6.250000e+00> : tensor<4xf64>
// CHECK: %[[W:.*]] = hlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf64>
// CHECK: hlo.log_plus_one
// CHECK: hlo.convert %{{.*}} : (tensor<4xf64>) -> tensor<4xf32>
// CHECK-NOT: chlo.
// NARROW-LABEL: func.func @erf_inv
// NARROW-DAG: hlo.constant dense<5.000000e+00>
// NARROW-DAG: hlo.constant dense<2.81022636E-8>
// NARROW-DAG: hlo.constant dense<-2.00214257E-4>
// NARROW: %[[NX:.*]] = hlo.negate %arg0
// NARROW: %[[SQ:.*]] = hlo.multiply %arg0, %[[NX]]
// NARROW: %[[L:.*]] = hlo.log_plus_one %[[SQ]]
// NARROW: hlo.negate %[[L]]
// NARROW: hlo.compare LT
// NARROW: hlo.sqrt
// NARROW-NOT: chlo.
func.func @erf_inv(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.erf_inv %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @bessel_i1e
// CHECK: %[[W:.*]] = hlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf64>
// CHECK: hlo.abs %[[W]]
// CHECK: hlo.compare LE
// CHECK: hlo.sign %[[W]]
// CHECK-NOT: chlo.
// NARROW-LABEL: func.func @bessel_i1e
// NARROW: hlo.abs %arg0
// NARROW: hlo.compare LE
// NARROW-NOT: chlo.
// NARROW: hlo.sign %arg0
// NARROW-NOT: chlo.
// NARROW: return
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

// -----

// mulhi: the product in twice the width, shifted (arithmetically for signed,
// logically for unsigned elements) and truncated; 64 bits from 32-bit halves
// with the signed correction.
// CHECK-LABEL: func.func @mulhi
// CHECK-DAG: %[[C16:.*]] = hlo.constant dense<16> : tensor<3xi32>
// CHECK-DAG: %[[C8:.*]] = hlo.constant dense<8> : tensor<2xui16>
// CHECK-DAG: %[[MASK:.*]] = hlo.constant dense<4294967295> : tensor<2xi64>
// CHECK: %[[A:.*]] = hlo.convert %arg0 : (tensor<3xi16>) -> tensor<3xi32>
// CHECK: %[[B:.*]] = hlo.convert %arg0 : (tensor<3xi16>) -> tensor<3xi32>
// CHECK: %[[P:.*]] = hlo.multiply %[[A]], %[[B]] : tensor<3xi32>
// CHECK: %[[H:.*]] = hlo.shift_right_arithmetic %[[P]], %[[C16]]
// CHECK: %[[R0:.*]] = hlo.convert %[[H]] : (tensor<3xi32>) -> tensor<3xi16>
// CHECK: hlo.multiply %{{.*}}, %{{.*}} : tensor<2xui16>
// CHECK: hlo.shift_right_logical %{{.*}}, %[[C8]] : tensor<2xui16>
// CHECK: %[[R1:.*]] = hlo.convert %{{.*}} : (tensor<2xui16>) -> tensor<2xui8>
// CHECK: hlo.and %arg2, %[[MASK]]
// CHECK-COUNT-4: hlo.multiply %{{.*}} : tensor<2xi64>
// CHECK: hlo.compare LT, %arg2
// CHECK: hlo.select
// CHECK: hlo.subtract
// CHECK: %[[R2:.*]] = hlo.subtract
// CHECK: return %[[R0]], %[[R1]], %[[R2]]
func.func @mulhi(%x: tensor<3xi16>, %u: tensor<2xui8>, %w: tensor<2xi64>) -> (tensor<3xi16>, tensor<2xui8>, tensor<2xi64>) {
  %0 = chlo.mulhi %x, %x : tensor<3xi16>, tensor<3xi16> -> tensor<3xi16>
  %1 = chlo.mulhi %u, %u : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  %2 = chlo.mulhi %w, %w : tensor<2xi64>, tensor<2xi64> -> tensor<2xi64>
  return %0, %1, %2 : tensor<3xi16>, tensor<2xui8>, tensor<2xi64>
}

// -----

// ragged_dot, ragged non-contracting dimension: every row times every group
// (the group dimension stays free), rows outside [start, end) of their group
// zeroed, then summed over the groups. The group ends are a triangular sum.
// CHECK-LABEL: func.func @ragged_non_contracting
// CHECK: %[[D:.*]] = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, HIGHEST] : (tensor<11x5xf32>, tensor<3x5x7xf32>) -> tensor<11x3x7xf32>
// CHECK: %[[S:.*]] = hlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xi64>) -> tensor<3x3xi64>
// CHECK: %[[J:.*]] = hlo.iota dim = 0 : tensor<3x3xi64>
// CHECK: %[[I:.*]] = hlo.iota dim = 1 : tensor<3x3xi64>
// CHECK: %[[T:.*]] = hlo.compare LE, %[[I]], %[[J]]
// CHECK: %[[K:.*]] = hlo.select %[[T]], %[[S]]
// CHECK: %[[END:.*]] = hlo.reduce(%[[K]] init: %{{.*}}) applies hlo.add across dimensions = [1]
// CHECK: %[[START:.*]] = hlo.subtract %[[END]], %arg2
// CHECK: %[[ROW:.*]] = hlo.iota dim = 0 : tensor<11x3x7xi64>
// CHECK: hlo.broadcast_in_dim %[[START]], dims = [1] : (tensor<3xi64>) -> tensor<11x3x7xi64>
// CHECK: hlo.broadcast_in_dim %[[END]], dims = [1]
// CHECK: %[[M:.*]] = hlo.and
// CHECK: %[[Z:.*]] = hlo.select %[[M]], %[[D]]
// CHECK: %[[R:.*]] = hlo.reduce(%[[Z]] init: %{{.*}}) applies hlo.add across dimensions = [1] : (tensor<11x3x7xf32>, tensor<f32>) -> tensor<11x7xf32>
// CHECK: return %[[R]]
func.func @ragged_non_contracting(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %sizes: tensor<3xi64>) -> tensor<11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

// Ragged contracting dimension: the lhs once per group, the contracting
// elements outside the group zeroed; the groups become a free dimension that
// a transpose moves in front of the batch.
// CHECK-LABEL: func.func @ragged_contracting
// CHECK: %[[L:.*]] = hlo.broadcast_in_dim %arg0, dims = [1, 2, 3] : (tensor<2x2x4xf32>) -> tensor<3x2x2x4xf32>
// CHECK: %[[K:.*]] = hlo.iota dim = 3 : tensor<3x2x2x4xi64>
// CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [0] : (tensor<3xi64>) -> tensor<3x2x2x4xi64>
// CHECK: %[[Z:.*]] = hlo.select %{{.*}}, %[[L]]
// CHECK: %[[D:.*]] = hlo.dot_general %[[Z]], %arg1, batching_dims = [1] x [0], contracting_dims = [3] x [1] : (tensor<3x2x2x4xf32>, tensor<2x4x3xf32>) -> tensor<2x3x2x3xf32>
// CHECK: %[[R:.*]] = hlo.transpose %[[D]], dims = [1, 0, 2, 3]
// CHECK: return %[[R]]
func.func @ragged_contracting(%lhs: tensor<2x2x4xf32>, %rhs: tensor<2x4x3xf32>, %sizes: tensor<3xi64>) -> tensor<3x2x2x3xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [2]>
  } : (tensor<2x2x4xf32>, tensor<2x4x3xf32>, tensor<3xi64>) -> tensor<3x2x2x3xf32>
  return %0 : tensor<3x2x2x3xf32>
}

// -----

// scan: a while loop over the index (counting down with is_reverse), the
// inputs sliced at the index, the body inlined, the outputs written back.
// CHECK-LABEL: func.func @scan
// CHECK-DAG: %[[ONE:.*]] = hlo.constant dense<1> : tensor<i64>
// CHECK-DAG: %[[LAST:.*]] = hlo.constant dense<3> : tensor<i64>
// CHECK-DAG: %[[N:.*]] = hlo.constant dense<4> : tensor<i64>
// CHECK-DAG: %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i64>
// CHECK-DAG: %[[OUT:.*]] = hlo.constant dense<0> : tensor<4x2xi32>
// CHECK: %[[W:.*]]:3 = hlo.while(%[[I:.*]] = %[[ZERO]], %[[C:.*]] = %arg1, %[[ACC:.*]] = %[[OUT]]) : tensor<i64>, tensor<2xi32>, tensor<4x2xi32>
// CHECK: hlo.compare LT, %[[I]], %[[N]]
// CHECK: } do {
// CHECK: %[[P:.*]] = hlo.subtract %[[LAST]], %[[I]]
// CHECK: %[[S:.*]] = hlo.dynamic_slice %arg0, %[[P]], %[[ZERO]], sizes = [1, 2]
// CHECK: %[[X:.*]] = hlo.reshape %[[S]] : (tensor<1x2xi32>) -> tensor<2xi32>
// CHECK: %[[Y:.*]] = hlo.add %[[X]], %[[C]]
// CHECK: %[[NEXT:.*]] = hlo.add %[[I]], %[[ONE]]
// CHECK: %[[U:.*]] = hlo.reshape %[[Y]] : (tensor<2xi32>) -> tensor<1x2xi32>
// CHECK: %[[A:.*]] = hlo.dynamic_update_slice %[[ACC]], %[[U]], %[[P]], %[[ZERO]]
// CHECK: hlo.return %[[NEXT]], %[[Y]], %[[A]]
// CHECK: return %[[W]]#2, %[[W]]#1
func.func @scan(%x: tensor<4x2xi32>, %init: tensor<2xi32>) -> (tensor<4x2xi32>, tensor<2xi32>) {
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<2xi32>, %c: tensor<2xi32>):
    %s = hlo.add %a, %c : tensor<2xi32>
    hlo.return %s, %s : tensor<2xi32>, tensor<2xi32>
  } : (tensor<4x2xi32>, tensor<2xi32>) -> (tensor<4x2xi32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<4x2xi32>, tensor<2xi32>
}

// -----

// chlo.square: x * x; a complex square as (a - b)(a + b) + 2ab i.
// CHECK-LABEL: func.func @square
// CHECK:         %[[R:.*]] = hlo.multiply %arg0, %arg0 : tensor<4xi32>
// CHECK:         %[[RE:.*]] = hlo.real %arg1
// CHECK:         %[[IM:.*]] = hlo.imag %arg1
// CHECK:         %[[D:.*]] = hlo.subtract %[[RE]], %[[IM]]
// CHECK:         %[[S:.*]] = hlo.add %[[RE]], %[[IM]]
// CHECK:         %[[P:.*]] = hlo.multiply %[[D]], %[[S]]
// CHECK:         %[[T:.*]] = hlo.add %[[RE]], %[[RE]]
// CHECK:         %[[Q:.*]] = hlo.multiply %[[T]], %[[IM]]
// CHECK:         hlo.complex %[[P]], %[[Q]]
func.func @square(%x: tensor<4xi32>, %z: tensor<4xcomplex<f32>>) -> (tensor<4xi32>, tensor<4xcomplex<f32>>) {
  %0 = chlo.square %x : tensor<4xi32> -> tensor<4xi32>
  %1 = chlo.square %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0, %1 : tensor<4xi32>, tensor<4xcomplex<f32>>
}

// -----

// chlo.conj negates the imaginary part and leaves reals alone.
// CHECK-LABEL: func.func @conj
// CHECK:         %[[RE:.*]] = hlo.real %arg0
// CHECK:         %[[IM:.*]] = hlo.imag %arg0
// CHECK:         %[[N:.*]] = hlo.negate %[[IM]]
// CHECK:         %[[C:.*]] = hlo.complex %[[RE]], %[[N]]
// CHECK:         return %[[C]], %arg1
func.func @conj(%z: tensor<4xcomplex<f64>>, %x: tensor<4xf32>) -> (tensor<4xcomplex<f64>>, tensor<4xf32>) {
  %0 = chlo.conj %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %1 = chlo.conj %x : tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xcomplex<f64>>, tensor<4xf32>
}

// -----

// Real cosh as h + 1/(4h) with h = e^(|x| - 1) * e/2, in f64 for f32.
// CHECK-LABEL: func.func @cosh_real
// CHECK: %[[W:.*]] = hlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf64>
// CHECK: %[[A:.*]] = hlo.abs %[[W]]
// CHECK: %[[S:.*]] = hlo.subtract %[[A]], %{{.*}} : tensor<4xf64>
// CHECK: %[[E:.*]] = hlo.exponential %[[S]]
// CHECK: %[[H:.*]] = hlo.multiply %[[E]], %{{.*}} : tensor<4xf64>
// CHECK: %[[Q:.*]] = hlo.divide %{{.*}}, %[[H]]
// CHECK: %[[C:.*]] = hlo.add %[[H]], %[[Q]]
// CHECK: hlo.convert %[[C]] : (tensor<4xf64>) -> tensor<4xf32>
// NARROW-LABEL: func.func @cosh_real
// NARROW-NOT: f64
// NARROW: hlo.exponential %{{.*}} : tensor<4xf32>
// NARROW-NOT: f64
// NARROW: return
func.func @cosh_real(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.cosh %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// zeta: 9 direct terms, then Euler-Maclaurin's integral, half term and 12
// Bernoulli terms; polygamma from zeta (or digamma for n = 0). f32 in f64.
// CHECK-LABEL: func.func @zeta_polygamma
// CHECK-NOT: chlo.
// CHECK: hlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf64>
// CHECK-COUNT-9: hlo.power
// CHECK: hlo.floor
// CHECK: hlo.convert %{{.*}} : (tensor<4xf64>) -> tensor<4xf32>
// CHECK-NOT: chlo.
// CHECK: return
// NARROW-LABEL: func.func @zeta_polygamma
// NARROW-NOT: f64
// NARROW: return
func.func @zeta_polygamma(%x: tensor<4xf32>, %q: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.polygamma %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
