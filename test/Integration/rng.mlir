// hlo.rng, expanded by hlo-expand-rng, checked statistically: bounds, mean
// and variance of about 100k samples against the distribution's (within 6
// standard errors), by test/Integration/Inputs/rng_stats.py. The numbers are
// deterministic (each rng op has its own fixed Philox stream), so the test
// cannot flake.
// RUN: rm -rf %t && mkdir -p %t
// RUN: hlo-runner %s --output %t > %t/log.txt
// RUN: %python %S/Inputs/rng_stats.py uniform -2 3 %t/result0.npy
// RUN: %python %S/Inputs/rng_stats.py uniform 0 1 %t/result1.npy
// RUN: %python %S/Inputs/rng_stats.py uniform -5 7 %t/result2.npy
// RUN: %python %S/Inputs/rng_stats.py uniform 10 20 %t/result3.npy
// RUN: %python %S/Inputs/rng_stats.py uniform -1000000000000 1000000000000 %t/result4.npy
// RUN: %python %S/Inputs/rng_stats.py normal 3 2 %t/result5.npy
// RUN: %python %S/Inputs/rng_stats.py normal 0 1 %t/result6.npy
// RUN: %python %S/Inputs/rng_stats.py uniform 1 2 %t/result7.npy
// RUN: %python %S/Inputs/rng_stats.py const false %t/result8.npy
// RUN: %python %S/Inputs/rng_stats.py normal -1 0.5 %t/result9.npy
// Two ops with the same operands draw different numbers.
// RUN: %python %S/Inputs/rng_stats.py differ %t/result0.npy %t/result10.npy
// Same program, same numbers.
// RUN: hlo-runner %s --output %t/again > /dev/null
// RUN: cmp %t/result5.npy %t/again/result5.npy

func.func @main() -> (tensor<250x400xf32>, tensor<100000xf64>, tensor<100000xi32>, tensor<317x316xui8>, tensor<50000xi64>, tensor<317x316xf32>, tensor<99x101xf16>, tensor<20000xf32>, tensor<7xi1>, tensor<3x5x1001xf64>, tensor<250x400xf32>) {
  %lo = hlo.constant dense<-2.0> : tensor<f32>
  %hi = hlo.constant dense<3.0> : tensor<f32>
  %s0 = hlo.constant dense<[250, 400]> : tensor<2xi64>
  %0 = hlo.rng %lo, %hi, %s0, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<250x400xf32>

  %zero = hlo.constant dense<0.0> : tensor<f64>
  %one = hlo.constant dense<1.0> : tensor<f64>
  %s1 = hlo.constant dense<[100000]> : tensor<1xi64>
  %1 = hlo.rng %zero, %one, %s1, distribution = UNIFORM : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<100000xf64>

  %ilo = hlo.constant dense<-5> : tensor<i32>
  %ihi = hlo.constant dense<7> : tensor<i32>
  %2 = hlo.rng %ilo, %ihi, %s1, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<100000xi32>

  %blo = hlo.constant dense<10> : tensor<ui8>
  %bhi = hlo.constant dense<20> : tensor<ui8>
  %s3 = hlo.constant dense<[317, 316]> : tensor<2xi64>
  %3 = hlo.rng %blo, %bhi, %s3, distribution = UNIFORM : (tensor<ui8>, tensor<ui8>, tensor<2xi64>) -> tensor<317x316xui8>

  %llo = hlo.constant dense<-1000000000000> : tensor<i64>
  %lhi = hlo.constant dense<1000000000000> : tensor<i64>
  %s4 = hlo.constant dense<[50000]> : tensor<1xi64>
  %4 = hlo.rng %llo, %lhi, %s4, distribution = UNIFORM : (tensor<i64>, tensor<i64>, tensor<1xi64>) -> tensor<50000xi64>

  %mean = hlo.constant dense<3.0> : tensor<f32>
  %sd = hlo.constant dense<2.0> : tensor<f32>
  %5 = hlo.rng %mean, %sd, %s3, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<317x316xf32>

  %hmean = hlo.constant dense<0.0> : tensor<f16>
  %hsd = hlo.constant dense<1.0> : tensor<f16>
  %s6 = hlo.constant dense<[99, 101]> : tensor<2xi64>
  %6 = hlo.rng %hmean, %hsd, %s6, distribution = NORMAL : (tensor<f16>, tensor<f16>, tensor<2xi64>) -> tensor<99x101xf16>

  %bflo = hlo.constant dense<1.0> : tensor<bf16>
  %bfhi = hlo.constant dense<2.0> : tensor<bf16>
  %s7 = hlo.constant dense<[20000]> : tensor<1xi64>
  %7 = hlo.rng %bflo, %bfhi, %s7, distribution = UNIFORM : (tensor<bf16>, tensor<bf16>, tensor<1xi64>) -> tensor<20000xbf16>
  %bf = hlo.convert %7 : (tensor<20000xbf16>) -> tensor<20000xf32>

  %f = hlo.constant dense<false> : tensor<i1>
  %t = hlo.constant dense<true> : tensor<i1>
  %s8 = hlo.constant dense<[7]> : tensor<1xi64>
  %8 = hlo.rng %f, %t, %s8, distribution = UNIFORM : (tensor<i1>, tensor<i1>, tensor<1xi64>) -> tensor<7xi1>

  %dmean = hlo.constant dense<-1.0> : tensor<f64>
  %dsd = hlo.constant dense<0.5> : tensor<f64>
  %s9 = hlo.constant dense<[3, 5, 1001]> : tensor<3xi64>
  %9 = hlo.rng %dmean, %dsd, %s9, distribution = NORMAL : (tensor<f64>, tensor<f64>, tensor<3xi64>) -> tensor<3x5x1001xf64>

  %10 = hlo.rng %lo, %hi, %s0, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<250x400xf32>
  return %0, %1, %2, %3, %4, %5, %6, %bf, %8, %9, %10 : tensor<250x400xf32>, tensor<100000xf64>, tensor<100000xi32>, tensor<317x316xui8>, tensor<50000xi64>, tensor<317x316xf32>, tensor<99x101xf16>, tensor<20000xf32>, tensor<7xi1>, tensor<3x5x1001xf64>, tensor<250x400xf32>
}
