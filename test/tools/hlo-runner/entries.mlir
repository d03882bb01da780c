// Without @main and --entry, every public function without parameters runs
// (the reference interpreter's per-op test files name each case's function
// after the case): each result list is headed by its function's name, and
// --output writes DIR/<function>/result<N>.npy.
// RUN: hlo-runner %s | FileCheck %s
// RUN: rm -rf %t && hlo-runner %s --output %t
// RUN: %python %hlo_src_root/utils/npy.py print %t/second/result0.npy | FileCheck %s --check-prefix=NPY
// --entry picks one.
// RUN: hlo-runner %s --entry second | FileCheck %s --check-prefix=ONE
// RUN: not hlo-runner %s --entry main 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK:      @first:
// CHECK-NEXT: result #0: tensor<2xi32>
// CHECK-NEXT: [2, 4]
// CHECK:      @second:
// CHECK-NEXT: result #0: tensor<f32>
// CHECK-NEXT: 1.5
// CHECK-NOT:  @helper
// CHECK-NOT:  @private
// NPY: <f4 [] [1.5]
// ONE-NOT: @
// ONE: result #0: tensor<f32>
// MISSING: error: entry function '@main' not found

func.func @first() -> tensor<2xi32> {
  %a = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = hlo.add %a, %a : tensor<2xi32>
  return %b : tensor<2xi32>
}

func.func @second() -> tensor<f32> {
  %a = hlo.constant dense<1.5> : tensor<f32>
  return %a : tensor<f32>
}

func.func @helper(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

func.func private @private() -> tensor<f32> {
  %a = hlo.constant dense<2.5> : tensor<f32>
  return %a : tensor<f32>
}
