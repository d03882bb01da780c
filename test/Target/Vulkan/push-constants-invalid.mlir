// RUN: hlo-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(spirv.module(hlo-vulkan-push-constants{max-bytes=8}))'

// Three 4-byte scalars do not fit in 8 bytes of push constants.
spirv.module @too_many Logical GLSL450 {
  spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
  spirv.GlobalVariable @k_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
  // expected-error @+1 {{hlo-vulkan-push-constants: the scalar arguments of kernel 'k' take 12 bytes of push constants, more than the device's 8}}
  spirv.func @k() "None" {
    %c0 = spirv.Constant 0 : i32
    %a = spirv.mlir.addressof @k_arg_0 : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
    %b = spirv.mlir.addressof @k_arg_1 : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
    %c = spirv.mlir.addressof @k_arg_2 : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 1, 1, 1
}

// -----

// A 16-bit scalar would need the 16-bit push constant capability.
spirv.module @narrow Logical GLSL450 {
  // expected-error @+1 {{hlo-vulkan-push-constants: kernel argument #0 of type 'i16' cannot be a push constant (32- and 64-bit scalars only)}}
  spirv.GlobalVariable @k_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(i16 [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %a = spirv.mlir.addressof @k_arg_0 : !spirv.ptr<!spirv.struct<(i16 [0])>, StorageBuffer>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 1, 1, 1
}
