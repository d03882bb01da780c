// JAX's LAPACK custom calls import from StableHLO text: the output operand
// alias becomes #hlo.output_operand_alias, the Shardy sharding rule stays
// an opaque #sdy attribute, and both print back as they were written.
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s
// RUN: hlo-translate --import-stablehlo %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func public @main
// CHECK: hlo.custom_call @lapack_spotrf_ffi(%arg0)
// CHECK-SAME: output_operand_aliases = [#hlo.output_operand_alias<output_tuple_indices = [0]>]
// CHECK-SAME: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=6, j=6, k=6, l=6}, custom>
// CHECK: chlo.square
// CHECK: chlo.conj
module @jit_run attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x6xf32>, %arg1: tensor<3xcomplex<f32>>) -> (tensor<6x6xf32>, tensor<i32>, tensor<3xcomplex<f32>>) {
    %4:2 = stablehlo.custom_call @lapack_spotrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=6, j=6, k=6, l=6}, custom>} : (tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<i32>)
    %5 = chlo.square %4#0 : tensor<6x6xf32> -> tensor<6x6xf32>
    %6 = chlo.conj %arg1 : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
    return %5, %4#1, %6 : tensor<6x6xf32>, tensor<i32>, tensor<3xcomplex<f32>>
  }
}
