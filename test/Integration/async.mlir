// async_start/async_done on the CPU target, which runs one process: the
// body's operation runs where the async_start is (hlo-inline-async) and the
// async_done results are its results. x = [[1, 2, 3, 4], [5, 6, 7, 8]].
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f4 2x4 1 2 3 4 5 6 7 8
// RUN: %python %hlo_src_root/utils/npy.py write %t/i.npy i4 "" 1
// RUN: hlo-runner %s --input %t/x.npy --input %t/i.npy | FileCheck %s
// The spec's example, verbatim from StableHLO: its groups of four processes
// need other processes, an error at the all_gather.
// RUN: not hlo-runner %S/Inputs/async-multi-process.mlir 2>&1 | FileCheck %s --check-prefix=MULTI

// slice x[0:2, 1:3].
// CHECK:      result #0: tensor<2x2xf32>
// CHECK-NEXT: {{\[\[}}2, 3], [6, 7]]
// all_gather over a group of one process: x itself.
// CHECK-NEXT: result #1: tensor<2x4xf32>
// CHECK-NEXT: {{\[\[}}1, 2, 3, 4], [5, 6, 7, 8]]
// dynamic_slice of a 1x3 window at (1, i = 1).
// CHECK-NEXT: result #2: tensor<1x3xf32>
// CHECK-NEXT: {{\[\[}}6, 7, 8]]
// dynamic_update_slice of the 1x3 window into x at (0, i = 1), then an
// all_reduce (sum over one process) of it and of x, waited for after an
// unrelated op (x + x) that runs in between.
// CHECK-NEXT: result #3: tensor<2x4xf32>
// CHECK-NEXT: {{\[\[}}1, 6, 7, 8], [5, 6, 7, 8]]
// CHECK-NEXT: result #4: tensor<2x4xf32>
// CHECK-NEXT: {{\[\[}}1, 2, 3, 4], [5, 6, 7, 8]]
// CHECK-NEXT: result #5: tensor<2x4xf32>
// CHECK-NEXT: {{\[\[}}2, 4, 6, 8], [10, 12, 14, 16]]

// MULTI: async-multi-process.mlir:5:10: error: 'stablehlo.all_gather' op needs a group of 4 processes, but the CPU target runs one process

func.func @main(%x: tensor<2x4xf32>, %i: tensor<i32>) -> (tensor<2x2xf32>, tensor<2x4xf32>, tensor<1x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %f0 = "hlo.async_start"(%x) ({
    %s = hlo.slice %x [0:2, 1:3] : (tensor<2x4xf32>) -> tensor<2x2xf32>
    "hlo.return"(%s) : (tensor<2x2xf32>) -> ()
  }) : (tensor<2x4xf32>) -> !hlo.future<tensor<2x2xf32>>
  %f1 = "hlo.async_start"(%x) ({
    %g = "hlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    "hlo.return"(%g) : (tensor<2x4xf32>) -> ()
  }) : (tensor<2x4xf32>) -> !hlo.future<tensor<2x4xf32>>
  %r0 = "hlo.async_done"(%f0) : (!hlo.future<tensor<2x2xf32>>) -> tensor<2x2xf32>
  %r1 = "hlo.async_done"(%f1) : (!hlo.future<tensor<2x4xf32>>) -> tensor<2x4xf32>
  %one = hlo.constant dense<1> : tensor<i32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %f2 = "hlo.async_start"(%x, %one, %i) ({
    %d = "hlo.dynamic_slice"(%x, %one, %i) <{slice_sizes = array<i64: 1, 3>}> : (tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    "hlo.return"(%d) : (tensor<1x3xf32>) -> ()
  }) : (tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> !hlo.future<tensor<1x3xf32>>
  %r2 = "hlo.async_done"(%f2) : (!hlo.future<tensor<1x3xf32>>) -> tensor<1x3xf32>
  %f3 = "hlo.async_start"(%x, %r2, %zero, %i) ({
    %u = "hlo.dynamic_update_slice"(%x, %r2, %zero, %i) : (tensor<2x4xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
    "hlo.return"(%u) : (tensor<2x4xf32>) -> ()
  }) : (tensor<2x4xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> !hlo.future<tensor<2x4xf32>>
  %r3 = "hlo.async_done"(%f3) : (!hlo.future<tensor<2x4xf32>>) -> tensor<2x4xf32>
  %f4 = "hlo.async_start"(%r3, %x) ({
    %a:2 = "hlo.all_reduce"(%r3, %x) ({
      ^bb0(%p: tensor<f32>, %q: tensor<f32>):
        %s = hlo.add %p, %q : tensor<f32>
        hlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
    "hlo.return"(%a#0, %a#1) : (tensor<2x4xf32>, tensor<2x4xf32>) -> ()
  }) : (tensor<2x4xf32>, tensor<2x4xf32>) -> !hlo.future<tensor<2x4xf32>, tensor<2x4xf32>>
  %twice = hlo.add %x, %x : tensor<2x4xf32>
  %r4:2 = "hlo.async_done"(%f4) : (!hlo.future<tensor<2x4xf32>, tensor<2x4xf32>>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  return %r0, %r1, %r2, %r4#0, %r4#1, %twice : tensor<2x2xf32>, tensor<2x4xf32>, tensor<1x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}
