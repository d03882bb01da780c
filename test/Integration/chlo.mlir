// chlo functions on run-time inputs, compared with Python's math module
// within a few ulp (libm implementations differ in the last bits). cosh is
// XLA's overflow-safe e^(x + log 1/2) + e^(-x + log 1/2) (hlo-decompose-chlo,
// matching the corpus' reference values); rounding x + log 1/2 to f32 costs
// up to 8 ulp at |x| = 10.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 5 0.5 -0.25 0.9 -0.75 0
// RUN: %python %hlo_src_root/utils/npy.py write %t/y.npy f4 5 1 1.5 2 10 3.25
// RUN: hlo-runner %s --input %t/x.npy --input %t/y.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.asin" %t/out/result0.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.acos" %t/out/result1.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.atanh" %t/out/result2.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.acosh" %t/out/result3.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.asinh" %t/out/result4.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.sinh" %t/out/result5.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map --ulp=8 "math.cosh" %t/out/result6.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.atan" %t/out/result7.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.tan" %t/out/result8.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.erf" %t/out/result9.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.erfc" %t/out/result10.npy %t/x.npy
func.func @main(%x: tensor<5xf32>, %y: tensor<5xf32>)
    -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>,
        tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %0 = chlo.asin %x : tensor<5xf32> -> tensor<5xf32>
  %1 = chlo.acos %x : tensor<5xf32> -> tensor<5xf32>
  %2 = chlo.atanh %x : tensor<5xf32> -> tensor<5xf32>
  %3 = chlo.acosh %y : tensor<5xf32> -> tensor<5xf32>
  %4 = chlo.asinh %y : tensor<5xf32> -> tensor<5xf32>
  %5 = chlo.sinh %y : tensor<5xf32> -> tensor<5xf32>
  %6 = chlo.cosh %y : tensor<5xf32> -> tensor<5xf32>
  %7 = chlo.atan %y : tensor<5xf32> -> tensor<5xf32>
  %8 = chlo.tan %x : tensor<5xf32> -> tensor<5xf32>
  %9 = chlo.erf %x : tensor<5xf32> -> tensor<5xf32>
  %10 = chlo.erfc %x : tensor<5xf32> -> tensor<5xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10
      : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>,
        tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}
