// RUN: hlo-opt %s --hlo-gpu-place-buffers | FileCheck %s

// Buffers of host code live on the device; the landing place of a scalar
// read back stays on the host; copies are device-to-device memcpys; a
// constant is copied to the device where it is read.
// CHECK-LABEL: func.func @host
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @host(%a: memref<4xf32>, %b: memref<4xf32>) -> f32 {
  // CHECK: %[[T:.*]] = gpu.alloc () : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  // CHECK: gpu.memcpy %[[T]], %arg0 : memref<4xf32>, memref<4xf32>
  memref.copy %a, %t : memref<4xf32> to memref<4xf32>
  // CHECK: %[[G:.*]] = memref.get_global @table
  // CHECK: %[[D:.*]] = gpu.alloc () : memref<4xf32>
  // CHECK: gpu.memcpy %[[D]], %[[G]]
  // CHECK: gpu.memcpy %arg1, %[[D]]
  %g = memref.get_global @table : memref<4xf32>
  memref.copy %g, %b : memref<4xf32> to memref<4xf32>
  // CHECK: gpu.dealloc %[[T]] : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  // CHECK: %[[H:.*]] = memref.alloca() {hlo.host} : memref<f32>
  // CHECK-NOT: gpu.alloc () : memref<f32>
  %h = memref.alloca() {hlo.host} : memref<f32>
  %v = memref.load %h[] : memref<f32>
  // CHECK: gpu.dealloc %[[D]]
  // CHECK: return
  return %v : f32
}
