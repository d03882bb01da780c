// Complex chlo.cosh and chlo.sinh (decomposed into real and imaginary parts
// by hlo-decompose-chlo) and chlo.asin, acos, asinh, acosh (Hull et al.'s
// algorithm), compared with Python's cmath.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/z.npy c16 5 0 1+1j -2.5+0.5j 0.25-3j 5+2j
// RUN: %python %hlo_src_root/utils/npy.py write %t/w.npy c8 5 0 1+1j -2.5+0.5j 0.25-3j 5+2j
// RUN: hlo-runner %s --input %t/z.npy --input %t/w.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --abs=1e-9 "cmath.cosh" %t/out/result0.npy %t/z.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-9 "cmath.sinh" %t/out/result1.npy %t/z.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-6 "lambda z: cmath.cosh(z) / max(1, abs(cmath.cosh(z)))" %t/out/result2.npy %t/w.npy
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy c16 8 0 0.5+0.25j -0.75-2j 1.5+0j 0.46-0.0156j 3+1e-9j -1e10+2j 0.999-1e-20j
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy c8 8 0 0.5+0.25j -0.75-2j 1.5+0j 0.46-0.0156j 3+1e-9j -1e10+2j 0.999-1e-20j
// RUN: hlo-runner %s --entry=inverse --input %t/a.npy --input %t/b.npy --output %t/inv
// RUN: %python %S/Inputs/reference.py map --abs=1e-14 "cmath.asin" %t/inv/result0.npy %t/a.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-14 "cmath.acos" %t/inv/result1.npy %t/a.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-14 "cmath.asinh" %t/inv/result2.npy %t/a.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-14 "cmath.acosh" %t/inv/result3.npy %t/a.npy
// RUN: %python %S/Inputs/reference.py map --abs=4e-6 "cmath.asin" %t/inv/result4.npy %t/b.npy
// RUN: %python %S/Inputs/reference.py map --abs=4e-6 "cmath.acosh" %t/inv/result5.npy %t/b.npy
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

// Magnitudes stay below 25, so one absolute tolerance fits every element.
func.func @inverse(%z: tensor<8xcomplex<f64>>, %w: tensor<8xcomplex<f32>>)
    -> (tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>,
        tensor<8xcomplex<f64>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>) {
  %0 = chlo.asin %z : tensor<8xcomplex<f64>> -> tensor<8xcomplex<f64>>
  %1 = chlo.acos %z : tensor<8xcomplex<f64>> -> tensor<8xcomplex<f64>>
  %2 = chlo.asinh %z : tensor<8xcomplex<f64>> -> tensor<8xcomplex<f64>>
  %3 = chlo.acosh %z : tensor<8xcomplex<f64>> -> tensor<8xcomplex<f64>>
  %4 = chlo.asin %w : tensor<8xcomplex<f32>> -> tensor<8xcomplex<f32>>
  %5 = chlo.acosh %w : tensor<8xcomplex<f32>> -> tensor<8xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5
      : tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>,
        tensor<8xcomplex<f64>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>
}
