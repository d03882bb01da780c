// RUN: hlo-translate --hlo-to-llvmir %hlo_src_root/examples/seed_example.mlir | FileCheck %s
// RUN: not hlo-translate --hlo-to-llvmir %s 2>&1 | FileCheck %s --check-prefix=ERROR

// CHECK: define void @main(ptr %0, ptr %1, i64 %2
// CHECK: fmul
// CHECK: fadd
// CHECK: ret void

// ERROR: hlo-to-llvmir.mlir:[[@LINE+2]]:{{[0-9]+}}: error: failed to legalize operation 'hlo.broadcast_in_dim'
func.func @dynamic(%x: tensor<?xf32>) -> tensor<2x?xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}
