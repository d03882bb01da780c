// exponential_minus_one keeps the digits of small arguments (Kahan's formula
// from hlo-accurate-math; exp(x) - 1 gives 1.0000000827e-10 for 1e-10), and
// complex sine through it, checked against Python's math and cmath.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/d.npy f8 7 1e-10 -1e-12 0.5 -3 700 -800 0
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 5 1e-6 -2e-7 0.5 -3 80
// RUN: %python %hlo_src_root/utils/npy.py write %t/z.npy c16 3 1+1e-9j -2.5+0.5j 0.25-3j
// RUN: hlo-runner %s --input %t/d.npy --input %t/x.npy --input %t/z.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.expm1" %t/out/result0.npy %t/d.npy
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.expm1" %t/out/result1.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-15 "cmath.sin" %t/out/result2.npy %t/z.npy
func.func @main(%d: tensor<7xf64>, %x: tensor<5xf32>, %z: tensor<3xcomplex<f64>>)
    -> (tensor<7xf64>, tensor<5xf32>, tensor<3xcomplex<f64>>) {
  %0 = hlo.exponential_minus_one %d : tensor<7xf64>
  %1 = hlo.exponential_minus_one %x : tensor<5xf32>
  %2 = hlo.sine %z : tensor<3xcomplex<f64>>
  return %0, %1, %2 : tensor<7xf64>, tensor<5xf32>, tensor<3xcomplex<f64>>
}
