// The gradient of a 2x2 max pool: each source value lands on its window's
// maximum (the first one on ties, as select keeps the current on >=).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 4x4 1 5 2 2 3 4 2 2 0 0 9 1 7 0 1 9
// RUN: %python %hlo_src_root/utils/npy.py write %t/src.npy f4 2x2 10 20 30 40
// RUN: hlo-runner %s --input %t/x.npy --input %t/src.npy | FileCheck %s

// CHECK:      result #0: tensor<4x4xf32>
// CHECK-NEXT: {{\[\[}}0, 10, 20, 0], [0, 0, 0, 0], [0, 0, 40, 0], [30, 0, 0, 0]]
func.func @main(%x: tensor<4x4xf32>, %src: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.select_and_scatter"(%x, %src, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
