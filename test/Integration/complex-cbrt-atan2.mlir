// Complex cbrt (the principal root exp(log(z) / 3)) and complex atan2
// (-i log((x + i y) / sqrt(x^2 + y^2))), compared with Python's cmath.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/a.npy c16 4 3+4j -8+0j 0.5-2j 1+0j
// RUN: %python %hlo_src_root/utils/npy.py write %t/b.npy c16 4 1+0j 2+1j -1+0.5j 0+0j
// RUN: hlo-runner %s --input %t/a.npy --input %t/b.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --abs=1e-14 "lambda z: cmath.exp(cmath.log(z) / 3)" %t/out/result0.npy %t/a.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-14 "lambda y, x: -1j * cmath.log((x + 1j * y) / cmath.sqrt(x * x + y * y))" %t/out/result1.npy %t/a.npy %t/b.npy
func.func @main(%a: tensor<4xcomplex<f64>>, %b: tensor<4xcomplex<f64>>)
    -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  %0 = hlo.cbrt %a : tensor<4xcomplex<f64>>
  %1 = hlo.atan2 %a, %b : tensor<4xcomplex<f64>>
  return %0, %1 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
}
