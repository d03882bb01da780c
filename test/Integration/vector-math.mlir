// f32 tanh, expm1 and log1p on vectors are polynomial approximations in
// vector registers (hlo-lower-vectors), not a scalar libm call per element,
// checked against Python's math in double precision: tanh within 4 ulp,
// expm1 and log1p within 2 (the bounds measured over a dense sample of every
// f32 binade), over an even grid of [-10, 10] and over tiny, subnormal,
// large, negative, infinite and NaN inputs. f64 keeps libm (1 ulp).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/grid.npy f4 4096 --range=-10,10
// RUN: %python %hlo_src_root/utils/npy.py write %t/edge.npy f4 32 0 -0 1e-45 -1e-45 1e-40 -3e-39 1e-30 -1e-20 1e-10 -3e-7 4e-4 -4e-4 0.3 -0.55 0.6931 -1.5 7.9 -8.1 9.5 -15 20 -40 80 88.5 89 -87 -100 1e30 -1e30 inf -inf nan
// RUN: %python %hlo_src_root/utils/npy.py write %t/pos.npy f4 32 0 -0 1e-45 -1e-45 1e-40 -3e-39 1e-30 -1e-20 1e-10 -3e-7 4e-4 -4e-4 0.3 -0.55 0.6931 -0.9 -0.999 7.9 9.5 15 20 40 80 1e5 1e10 1e20 1e30 3e38 -0.5 2 inf nan
// RUN: %python %hlo_src_root/utils/npy.py write %t/d.npy f8 32 --range=-20,20
// RUN: hlo-runner %s --input %t/grid.npy --input %t/edge.npy --input %t/pos.npy --input %t/d.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.tanh" %t/out/result0.npy %t/grid.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=4 "math.tanh" %t/out/result1.npy %t/edge.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "math.expm1" %t/out/result2.npy %t/grid.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "lambda x: math.inf if x > 89 else math.expm1(x)" %t/out/result3.npy %t/edge.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=2 "lambda x: x if x == math.inf else math.log1p(x)" %t/out/result4.npy %t/pos.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=1 "math.tanh" %t/out/result5.npy %t/d.npy | FileCheck %s
// RUN: %python %S/Inputs/reference.py map --ulp=1 "math.expm1" %t/out/result6.npy %t/d.npy | FileCheck %s
// CHECK: of {{[0-9]+}} elements match
//
// The lowered module calls no libm function and no LLVM tanh/exp/log
// intrinsic (which LLVM would scalarize into calls) for the f32 vectors;
// the f64 tanh stays a libm call.
// RUN: hlo-opt %s --hlo-cpu-pipeline | FileCheck %s --check-prefix=IR
// IR-NOT: llvm.intr.tanh({{.*}}) : (vector<{{.*}}xf32>)
// IR-NOT: llvm.intr.exp({{.*}}) : (vector<{{.*}}xf32>)
// IR-NOT: llvm.intr.log({{.*}}) : (vector<{{.*}}xf32>)
// IR-NOT: llvm.call @{{(tanhf|expm1f|log1pf|expf|logf)}}
// IR: llvm.func @main
// IR-NOT: llvm.intr.tanh({{.*}}) : (vector<{{.*}}xf32>)
// IR-NOT: llvm.intr.exp({{.*}}) : (vector<{{.*}}xf32>)
// IR-NOT: llvm.intr.log({{.*}}) : (vector<{{.*}}xf32>)
// IR-NOT: llvm.call @{{(tanhf|expm1f|log1pf|expf|logf)}}
// IR: llvm.return
func.func @main(%grid: tensor<4096xf32>, %edge: tensor<32xf32>, %pos: tensor<32xf32>, %d: tensor<32xf64>)
    -> (tensor<4096xf32>, tensor<32xf32>, tensor<4096xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf64>, tensor<32xf64>) {
  %0 = hlo.tanh %grid : tensor<4096xf32>
  %1 = hlo.tanh %edge : tensor<32xf32>
  %2 = hlo.exponential_minus_one %grid : tensor<4096xf32>
  %3 = hlo.exponential_minus_one %edge : tensor<32xf32>
  %4 = hlo.log_plus_one %pos : tensor<32xf32>
  %5 = hlo.tanh %d : tensor<32xf64>
  %6 = hlo.exponential_minus_one %d : tensor<32xf64>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4096xf32>, tensor<32xf32>, tensor<4096xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf64>, tensor<32xf64>
}
