// Several multi-threaded functions in one process (issue 17): programs whose
// fusions are outlined into functions of their own, each with its parallel
// loop, and hlo-runner --compare-fusions, which compiles, runs and discards
// one reference program per fusion in the same process. Every program's
// tasks run on the one thread pool of the process; the async runtime that
// hlo-runner used to load reset its global state when the first program was
// discarded, and the next program crashed in mlirAsyncRuntimeCreateGroup.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 128x256 --pattern=1
// RUN: %python %hlo_src_root/utils/npy.py write %t/y.npy f4 128x256 --pattern=2
// RUN: hlo-opt %s --hlo-cpu-pipeline="threads=2 outline-fusions=1" | FileCheck %s --check-prefix=IR
// RUN: hlo-runner %s --input %t/x.npy --input %t/y.npy --output %t/two --pipeline-options="threads=2 outline-fusions=1"
// RUN: %python %S/Inputs/reference.py map --ulp=4 "lambda x, y: math.tanh(x * y)" %t/two/result0.npy %t/x.npy %t/y.npy | FileCheck %s --check-prefix=MAP
// RUN: hlo-runner %s --input %t/x.npy --input %t/y.npy --output %t/one --pipeline-options="threads=1"
// RUN: cmp %t/one/result0.npy %t/two/result0.npy
// RUN: cmp %t/one/result1.npy %t/two/result1.npy
// RUN: cmp %t/one/result2.npy %t/two/result2.npy
// Repeated runs of one program on the pool.
// RUN: hlo-runner %s --input %t/x.npy --input %t/y.npy --benchmark=5 --pipeline-options="threads=2 outline-fusions=1" | FileCheck %s --check-prefix=BENCH
// Three programs compiled, run and discarded one after another (the
// instrumented program, then a reference per fusion), each multi-threaded.
// RUN: hlo-runner %s --input %t/x.npy --input %t/y.npy --compare-fusions=%t/cf --pipeline-options="threads=2" | FileCheck %s --check-prefix=COMPARE

// IR: llvm.func @main_fusion0(
// IR: llvm.call @mlirAsyncRuntimeCreateGroup
// IR: llvm.call @mlirAsyncRuntimeAwaitAllInGroup
// IR: llvm.func @main_fusion1(
// IR: llvm.call @mlirAsyncRuntimeCreateGroup
// IR: llvm.call @mlirAsyncRuntimeAwaitAllInGroup
// MAP: 32768 of 32768 elements match
// BENCH: run time: median
// COMPARE: compare-fusions: 2 fusion(s) in @main
// COMPARE-NEXT: fusion #0 (input, 4 ops) {{.*}}: agrees
// COMPARE-NEXT: fusion #1 (loop, 2 ops) {{.*}}: agrees
// COMPARE-NEXT: compare-fusions: every fusion agrees with the reference

func.func @main(%x: tensor<128x256xf32>, %y: tensor<128x256xf32>) -> (tensor<128x256xf32>, tensor<256x128xf32>, tensor<128xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %a = hlo.multiply %x, %y : tensor<128x256xf32>
  %b = hlo.tanh %a : tensor<128x256xf32>
  %t = hlo.transpose %b, dims = [1, 0] : (tensor<128x256xf32>) -> tensor<256x128xf32>
  %c = hlo.sine %t : tensor<256x128xf32>
  %s = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
  return %b, %c, %s : tensor<128x256xf32>, tensor<256x128xf32>, tensor<128xf32>
}
