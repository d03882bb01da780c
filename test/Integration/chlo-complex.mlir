// Complex chlo.cosh and chlo.sinh (decomposed into real and imaginary parts
// by hlo-decompose-chlo), compared with Python's cmath.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/z.npy c16 5 0 1+1j -2.5+0.5j 0.25-3j 5+2j
// RUN: %python %hlo_src_root/utils/npy.py write %t/w.npy c8 5 0 1+1j -2.5+0.5j 0.25-3j 5+2j
// RUN: hlo-runner %s --input %t/z.npy --input %t/w.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --abs=1e-9 "cmath.cosh" %t/out/result0.npy %t/z.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-9 "cmath.sinh" %t/out/result1.npy %t/z.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-6 "lambda z: cmath.cosh(z) / max(1, abs(cmath.cosh(z)))" %t/out/result2.npy %t/w.npy
func.func @main(%z: tensor<5xcomplex<f64>>, %w: tensor<5xcomplex<f32>>)
    -> (tensor<5xcomplex<f64>>, tensor<5xcomplex<f64>>, tensor<5xcomplex<f32>>) {
  %0 = chlo.cosh %z : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  %1 = chlo.sinh %z : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  %2 = chlo.cosh %w : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  // Scaled so that one absolute tolerance fits every magnitude.
  %a = hlo.abs %2 : (tensor<5xcomplex<f32>>) -> tensor<5xf32>
  %one = hlo.constant dense<1.0> : tensor<5xf32>
  %m = hlo.maximum %a, %one : tensor<5xf32>
  %zero = hlo.constant dense<0.0> : tensor<5xf32>
  %mc = hlo.complex %m, %zero : tensor<5xcomplex<f32>>
  %3 = hlo.divide %2, %mc : tensor<5xcomplex<f32>>
  return %0, %1, %3 : tensor<5xcomplex<f64>>, tensor<5xcomplex<f64>>, tensor<5xcomplex<f32>>
}
