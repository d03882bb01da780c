// RUN: hlo-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(spirv.module(hlo-vulkan-push-constants))' | FileCheck %s

// The scalar arguments #0 (f64) and #2 (i32) of a kernel, as
// spirv-lower-abi-attrs leaves them (a storage buffer each), become the
// members of one push-constant block, in argument order and aligned; the
// buffer argument #1 keeps its binding.
// CHECK-LABEL: spirv.module @kernels
// CHECK-NOT: @k_arg_0
// CHECK: spirv.GlobalVariable @k_arg_1 bind(0, 1)
// CHECK-NOT: @k_arg_2
// CHECK: spirv.GlobalVariable @k_push_constants : !spirv.ptr<!spirv.struct<(f64 [0], i32 [8])>, PushConstant>
// CHECK: spirv.func @k() "None" attributes {hlo.vulkan.push_constants = array<i32: 0, 0, 8, 2, 8, 4>}
// CHECK: spirv.mlir.addressof @k_push_constants
// CHECK-NEXT: %[[ZERO:.+]] = spirv.Constant 0 : i32
// CHECK-NEXT: %[[A:.+]] = spirv.AccessChain %{{.+}}[%[[ZERO]]] : !spirv.ptr<!spirv.struct<(f64 [0], i32 [8])>, PushConstant>, i32 -> !spirv.ptr<f64, PushConstant>
// CHECK: spirv.Load "PushConstant" %[[A]] : f64
// CHECK: spirv.mlir.addressof @k_push_constants
// CHECK-NEXT: %[[ONE:.+]] = spirv.Constant 1 : i32
// CHECK-NEXT: %[[N:.+]] = spirv.AccessChain %{{.+}}[%[[ONE]]] : !spirv.ptr<!spirv.struct<(f64 [0], i32 [8])>, PushConstant>, i32 -> !spirv.ptr<i32, PushConstant>
// CHECK: spirv.Load "PushConstant" %[[N]] : i32
spirv.module @kernels Logical GLSL450 {
  spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(f64 [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f64, stride=8> [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %c0 = spirv.Constant 0 : i32
    %a = spirv.mlir.addressof @k_arg_0 : !spirv.ptr<!spirv.struct<(f64 [0])>, StorageBuffer>
    %ap = spirv.AccessChain %a[%c0] : !spirv.ptr<!spirv.struct<(f64 [0])>, StorageBuffer>, i32 -> !spirv.ptr<f64, StorageBuffer>
    %av = spirv.Load "StorageBuffer" %ap : f64
    %n = spirv.mlir.addressof @k_arg_2 : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
    %np = spirv.AccessChain %n[%c0] : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %nv = spirv.Load "StorageBuffer" %np : i32
    %b = spirv.mlir.addressof @k_arg_1 : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f64, stride=8> [0])>, StorageBuffer>
    %bp = spirv.AccessChain %b[%c0, %nv] : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f64, stride=8> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f64, StorageBuffer>
    spirv.Store "StorageBuffer" %bp, %av : f64
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 1, 1, 1
}

// -----

// A kernel of buffers only is left alone.
// CHECK-LABEL: spirv.module @buffers
// CHECK-NOT: PushConstant
// CHECK-NOT: hlo.vulkan.push_constants
spirv.module @buffers Logical GLSL450 {
  spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f32, stride=4> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %c0 = spirv.Constant 0 : i32
    %x = spirv.Constant 1.0 : f32
    %b = spirv.mlir.addressof @k_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f32, stride=4> [0])>, StorageBuffer>
    %bp = spirv.AccessChain %b[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<3 x f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    spirv.Store "StorageBuffer" %bp, %x : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 1, 1, 1
}
