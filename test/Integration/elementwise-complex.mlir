// Complex elementwise ops on run-time inputs: add, multiply, abs, and the
// lexicographic (real, imaginary) maximum and minimum.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy c8 3 1+2j 3-1j 2+5j
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy c8 3 1+3j 2+9j 2+5j
// RUN: hlo-runner %s --input %t/a.npy --input %t/b.npy | FileCheck %s

// CHECK:      result #0: tensor<3xcomplex<f32>>
// CHECK-NEXT: [(2, 5), (5, 8), (4, 10)]
// CHECK-NEXT: result #1: tensor<3xcomplex<f32>>
// CHECK-NEXT: [(-5, 5), (15, 25), (-21, 20)]
// CHECK-NEXT: result #2: tensor<3xf32>
// CHECK-NEXT: [2.23606801, 3.1622777, 5.38516474]
// CHECK-NEXT: result #3: tensor<3xcomplex<f32>>
// CHECK-NEXT: [(1, 3), (3, -1), (2, 5)]
// CHECK-NEXT: result #4: tensor<3xcomplex<f32>>
// CHECK-NEXT: [(1, 2), (2, 9), (2, 5)]
func.func @main(%a: tensor<3xcomplex<f32>>, %b: tensor<3xcomplex<f32>>)
    -> (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) {
  %0 = hlo.add %a, %b : tensor<3xcomplex<f32>>
  %1 = hlo.multiply %a, %b : tensor<3xcomplex<f32>>
  %2 = hlo.abs %a : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  %3 = hlo.maximum %a, %b : tensor<3xcomplex<f32>>
  %4 = hlo.minimum %a, %b : tensor<3xcomplex<f32>>
  return %0, %1, %2, %3, %4 : tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>
}
