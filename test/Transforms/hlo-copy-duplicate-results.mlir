// RUN: hlo-opt %s -split-input-file --hlo-copy-duplicate-results | FileCheck %s
// The whole CPU pipeline handles a repeated result (it used to crash in
// buffer-results-to-out-params).
// RUN: hlo-opt %s -split-input-file --hlo-cpu-pipeline | FileCheck %s --check-prefix=PIPELINE

// CHECK-LABEL: func.func @twice
// CHECK:         %[[C:.*]] = bufferization.alloc_tensor() copy(%arg0) : tensor<3xf32>
// CHECK:         return %arg0, %[[C]], %arg1 : tensor<3xf32>, tensor<3xf32>, tensor<2xi32>
// PIPELINE-LABEL: llvm.func @twice
func.func @twice(%a: tensor<3xf32>, %b: tensor<2xi32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<2xi32>) {
  return %a, %a, %b : tensor<3xf32>, tensor<3xf32>, tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK:         %[[C:.*]] = bufferization.alloc_tensor() copy(%arg0) : tensor<?xf32>
// CHECK:         return %arg0, %[[C]]
func.func @dynamic(%a: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>) {
  return %a, %a : tensor<?xf32>, tensor<?xf32>
}

// -----

// Distinct results are left alone.
// CHECK-LABEL: func.func @distinct
// CHECK-NOT:     bufferization.alloc_tensor
func.func @distinct(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  return %a, %b : tensor<3xf32>, tensor<3xf32>
}
