// RUN: hlo-opt %s --split-input-file --hlo-legalize-to-linalg --hlo-emit-fusions | FileCheck %s

// Producers outside the fusion (other loop nests, such as fusions emitted
// before it) are not fused into it: pulling them in re-emitted the whole
// graph above a fusion into it, once per path (compile time exponential in
// the depth of the module; a 1000-op module did not compile in 300 s).
// CHECK-LABEL: func.func @outside_producer
// CHECK:         %[[A:.*]] = linalg.generic
// CHECK:           math.tanh
// CHECK:         %[[B:.*]] = linalg.generic {{.*}} ins(%[[A]] :
// CHECK-NOT:       math.tanh
// CHECK:           math.exp
// CHECK:         return %[[B]], %[[A]]
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @outside_producer(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e0 = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e0 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = math.tanh %in : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  %r = scf.execute_region -> tensor<4x8xf32> no_inline {
    %e1 = tensor.empty() : tensor<4x8xf32>
    %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %t = math.exp %in : f32
      linalg.yield %t : f32
    } -> tensor<4x8xf32>
    scf.yield %b : tensor<4x8xf32>
  } {hlo.fusion_kind = #hlo<fusion_kind loop>}
  return %r, %a : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A side output of an input fusion (a returned value its root does not
// read) that reads an intermediate the row loop yields is emitted after the
// loop (it was left before it, reading the loop's result: "operand #0 does
// not dominate this use").
// CHECK-LABEL: func.func @side_output
// CHECK:         %[[LOOP:.*]]:3 = scf.for
// CHECK:         %[[U:.*]] = linalg.generic {{.*}} ins(%[[LOOP]]#1, %{{.*}} :
// CHECK:           arith.mulf
// CHECK:         return %[[LOOP]]#1, %[[LOOP]]#2, %[[U]], %[[LOOP]]#0
func.func @side_output(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %m: tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) {
  %r:4 = hlo.fusion kind = input (%ax = %x, %ay = %y, %am = %m) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>) {
    %zero = hlo.constant dense<0.000000e+00> : tensor<f32>
    %p = hlo.abs %ax : tensor<4x8xf32>
    %q = hlo.add %p, %ay : tensor<4x8xf32>
    %r = hlo.tanh %q : tensor<4x8xf32>
    %s = hlo.sqrt %p : tensor<4x8xf32>
    %mb = hlo.broadcast_in_dim %am, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
    %t = hlo.exponential %r : tensor<4x8xf32>
    %u = hlo.multiply %s, %mb : tensor<4x8xf32>
    %red = hlo.reduce(%t init: %zero) applies hlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    hlo.return %s, %t, %u, %red : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4xf32>
}
