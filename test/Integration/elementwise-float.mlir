// Elementwise float ops compiled and run on run-time inputs, each result
// compared with Python's math module (exact for IEEE-exact ops, a few ulp for
// libm functions).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 10 1.5 -2 0 3 -0.5 4 nan inf -inf 0.75
// RUN: %python %hlo_src_root/utils/npy.py write %t/y.npy f4 10 2 0.5 -1 3 0.25 -4 1 2 1 8
// RUN: hlo-runner %s --input %t/x.npy --input %t/y.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map "lambda x, y: x + y" %t/out/result0.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "lambda x, y: x - y" %t/out/result1.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "lambda x, y: x * y" %t/out/result2.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "fdiv" %t/out/result3.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "fmax" %t/out/result4.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "fmin" %t/out/result5.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "lambda x: -x" %t/out/result6.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map "abs" %t/out/result7.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=2 "lambda x: inf if x >= 89 else math.exp(x)" %t/out/result8.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=2 "flog" %t/out/result9.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.tanh" %t/out/result10.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map "lambda x: math.sqrt(x) if x >= 0 or math.isnan(x) else nan" %t/out/result11.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map "math.floor" %t/out/result12.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "round_afz" %t/out/result13.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map "fsign" %t/out/result14.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=2 "logistic" %t/out/result15.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map "lambda x, y: x < y" %t/out/result16.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "lambda x, y: x != y" %t/out/result17.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "lambda x, y: x if x > y else y" %t/out/result18.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map "lambda x: nan if math.isnan(x) else min(max(x, -1.0), 2.0)" %t/out/result19.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map "lambda x: 0 if math.isnan(x) else (2147483647 if x >= 2**31 else (-2147483648 if x <= -2**31 else int(x)))" %t/out/result20.npy %t/x.npy

func.func @main(%x: tensor<10xf32>, %y: tensor<10xf32>)
    -> (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xi1>, tensor<10xi1>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xi32>) {
  %0 = hlo.add %x, %y : tensor<10xf32>
  %1 = hlo.subtract %x, %y : tensor<10xf32>
  %2 = hlo.multiply %x, %y : tensor<10xf32>
  %3 = hlo.divide %x, %y : tensor<10xf32>
  %4 = hlo.maximum %x, %y : tensor<10xf32>
  %5 = hlo.minimum %x, %y : tensor<10xf32>
  %6 = hlo.negate %x : tensor<10xf32>
  %7 = hlo.abs %x : tensor<10xf32>
  %8 = hlo.exponential %x : tensor<10xf32>
  %9 = hlo.log %x : tensor<10xf32>
  %10 = hlo.tanh %x : tensor<10xf32>
  %11 = hlo.sqrt %x : tensor<10xf32>
  %12 = hlo.floor %y : tensor<10xf32>
  %13 = hlo.round_nearest_afz %x : tensor<10xf32>
  %14 = hlo.sign %x : tensor<10xf32>
  %15 = hlo.logistic %x : tensor<10xf32>
  %16 = hlo.compare LT, %x, %y, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  %17 = hlo.compare NE, %x, %y : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  %gt = hlo.compare GT, %x, %y : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  %18 = hlo.select %gt, %x, %y : tensor<10xi1>, tensor<10xf32>
  %lo = hlo.constant dense<-1.0> : tensor<f32>
  %hi = hlo.constant dense<2.0> : tensor<f32>
  %19 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<10xf32>, tensor<f32>) -> tensor<10xf32>
  %20 = hlo.convert %x : (tensor<10xf32>) -> tensor<10xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15,
         %16, %17, %18, %19, %20
      : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xi1>, tensor<10xi1>, tensor<10xf32>, tensor<10xf32>,
        tensor<10xi32>
}
