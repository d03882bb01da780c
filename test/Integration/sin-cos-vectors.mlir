// f32 sine and cosine on vectors are computed in vector registers
// (hlo-lower-vectors: reduction by pi/2 in three parts, polynomials) where
// every lane of a vector is within 2^17 of zero, else by the scalar libm,
// lane by lane: checked against Python's math in double precision within
// 2 ulp (exhaustively over [0.5, 4) and [2^14, 2^17) the maximum is 1.6),
// over grids in [-10, 10] and [-2^17, 2^17] (near multiples of pi/2
// included), and over vectors holding edge values: zeros of both signs
// (sin(-0) = -0), subnormals, pi/2 and pi as floats, values just past the
// limit, huge values, infinities and NaN.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/grid.npy f4 4096 --range=-10,10
// RUN: %python %hlo_src_root/utils/npy.py write %t/wide.npy f4 4096 --range=-131072,131072
// RUN: %python %hlo_src_root/utils/npy.py write %t/near.npy f4 16 1.5707964 -1.5707964 3.1415927 -3.1415927 4.712389 6.2831855 -6.2831855 7.853982 102943.7 -102943.7 131071.99 -131071.99 131072 -131072 0.7853982 -0.7853982
// RUN: %python %hlo_src_root/utils/npy.py write %t/edge.npy f4 32 0 -0 1e-45 -1e-45 1e-40 -3e-39 1e-30 -1e-20 1e-10 -3e-7 4e-4 -4e-4 0.3 -0.55 1.5707964 -3.1415927 7.9 -8.1 100 -1000 131072.02 -131073 2e5 -1e7 1e20 -1e30 3e38 -3e38 inf -inf nan 0.5
// RUN: %python %hlo_src_root/utils/npy.py write %t/zeros.npy f4 16 0 -0 0 -0 0 -0 0 -0 0 -0 0 -0 0 -0 0 -0
// RUN: hlo-runner %s --input %t/grid.npy --input %t/wide.npy --input %t/near.npy --input %t/edge.npy --input %t/zeros.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.sin" %t/out/result0.npy %t/grid.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.cos" %t/out/result1.npy %t/grid.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.sin" %t/out/result2.npy %t/wide.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.cos" %t/out/result3.npy %t/wide.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.sin" %t/out/result4.npy %t/near.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.cos" %t/out/result5.npy %t/near.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "lambda x: math.nan if math.isinf(x) else math.sin(x)" %t/out/result6.npy %t/edge.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "lambda x: math.nan if math.isinf(x) else math.cos(x)" %t/out/result7.npy %t/edge.npy | FileCheck %s
// CHECK: of {{[0-9]+}} elements match
//
// sin(-0) is -0: 1 / sin(z) is -inf for z = -0, +inf for z = +0.
// RUN: %python %S/Inputs/reference.py map "lambda x: math.copysign(math.inf, x)" %t/out/result8.npy %t/zeros.npy | FileCheck %s
//
// The f32 vectors call no libm function outside the branch for lanes past
// the limit; f64 keeps libm.
// RUN: hlo-opt %s --hlo-cpu-pipeline | FileCheck %s --check-prefix=IR
// IR: llvm.func @main
// IR-NOT: llvm.intr.sin({{.*}}) : (vector<{{.*}}xf32>)
// IR-NOT: llvm.intr.cos({{.*}}) : (vector<{{.*}}xf32>)
// IR: llvm.return
func.func @main(%grid: tensor<4096xf32>, %wide: tensor<4096xf32>, %near: tensor<16xf32>, %edge: tensor<32xf32>, %zeros: tensor<16xf32>)
    -> (tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<16xf32>, tensor<16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<16xf32>) {
  %0 = hlo.sine %grid : tensor<4096xf32>
  %1 = hlo.cosine %grid : tensor<4096xf32>
  %2 = hlo.sine %wide : tensor<4096xf32>
  %3 = hlo.cosine %wide : tensor<4096xf32>
  %4 = hlo.sine %near : tensor<16xf32>
  %5 = hlo.cosine %near : tensor<16xf32>
  %6 = hlo.sine %edge : tensor<32xf32>
  %7 = hlo.cosine %edge : tensor<32xf32>
  %one = hlo.constant dense<1.0> : tensor<16xf32>
  %s = hlo.sine %zeros : tensor<16xf32>
  %8 = hlo.divide %one, %s : tensor<16xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<4096xf32>, tensor<16xf32>, tensor<16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<16xf32>
}
