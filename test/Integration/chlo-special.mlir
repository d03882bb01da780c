// chlo special functions decomposed by hlo-decompose-chlo, on run-time
// inputs, compared with independent pure-Python references (math.lgamma,
// the normal quantile for erf_inv, a Bernoulli series for digamma, the power
// series of I1 for bessel_i1e, bit steps for next_after). Giles' f32 erf_inv
// polynomial is within 8 ulp of the exact value near the tails.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 8 0.5 1 2.5 -0.5 10 -2.5 100 3
// RUN: %python %hlo_src_root/utils/npy.py write %t/p.npy f4 8 0 0.5 -0.5 0.9 -0.99 0.999 1 -1
// RUN: %python %hlo_src_root/utils/npy.py write %t/d.npy f8 8 0.5 1 2.5 -0.5 10 -2.5 100 0.001
// RUN: %python %hlo_src_root/utils/npy.py write %t/y.npy f4 8 1 0 3 -1 10 -3 -100 3
// RUN: hlo-runner %s --input %t/x.npy --input %t/p.npy --input %t/d.npy --input %t/y.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --abs=2e-5 "math.lgamma" %t/out/result0.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-5 "digamma" %t/out/result1.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --ulp=8 "erfinv" %t/out/result2.npy %t/p.npy
// RUN: %python %S/Inputs/reference.py map --ulp=4 "i1e" %t/out/result3.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map "nextafter32" %t/out/result4.npy %t/x.npy %t/y.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-12 "math.lgamma" %t/out/result5.npy %t/d.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-10 "digamma" %t/out/result6.npy %t/d.npy
// RUN: %python %S/Inputs/reference.py map "math.nextafter" %t/out/result7.npy %t/d.npy %t/d.npy
// RUN: %python %S/Inputs/reference.py map --ulp=8 "i1e" %t/out/result8.npy %t/d.npy
func.func @main(%x: tensor<8xf32>, %p: tensor<8xf32>, %d: tensor<8xf64>, %y: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>,
        tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>) {
  %0 = chlo.lgamma %x : tensor<8xf32> -> tensor<8xf32>
  %1 = chlo.digamma %x : tensor<8xf32> -> tensor<8xf32>
  %2 = chlo.erf_inv %p : tensor<8xf32> -> tensor<8xf32>
  %3 = chlo.bessel_i1e %x : tensor<8xf32> -> tensor<8xf32>
  %4 = chlo.next_after %x, %y : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
  %5 = chlo.lgamma %d : tensor<8xf64> -> tensor<8xf64>
  %6 = chlo.digamma %d : tensor<8xf64> -> tensor<8xf64>
  %7 = chlo.next_after %d, %d : tensor<8xf64>, tensor<8xf64> -> tensor<8xf64>
  %8 = chlo.bessel_i1e %d : tensor<8xf64> -> tensor<8xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>,
        tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>
}
