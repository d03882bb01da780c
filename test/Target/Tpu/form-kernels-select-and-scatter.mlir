// RUN: hlo-opt --hlo-tpu-form-kernels %s | FileCheck %s

// A 2x2 max-pool gradient (windows 2x2, strides 2x2) of [4, 6]: per window
// offset k (0, 0), (0, 1), (1, 0), (1, 1) a strided DMA of the operand's
// elements k + 2 o into VMEM. The first is the selection so far (offset 0
// everywhere); each later one replaces it where the select body (GE) does
// not keep it, recording the offset. The result is filled with the init
// value and copied out; per offset its strided window comes back into
// VMEM, the source is added where the selected offset is k, and it goes
// back.
// CHECK-LABEL: func.func @max_pool_gradient(
// CHECK-SAME: %[[X:.*]]: memref<4x6xf32, #tpu.memory_space<hbm>>, %[[G:.*]]: memref<2x3xf32, #tpu.memory_space<hbm>>, %[[OUT:.*]]: memref<4x6xf32, #tpu.memory_space<hbm>>)
// CHECK: %[[BEST:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[PART:.*]] = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[CHOSEN:.*]] = memref.alloca() : memref<8x128xi32, #tpu.memory_space<vmem>>
// CHECK: tpu.dma_start %[[G]],
// CHECK: %[[K0:.*]] = memref.subview %[[X]][0, 0] [2, 3] [2, 2]
// CHECK: tpu.dma_start %[[K0]],
// CHECK: %[[K1:.*]] = memref.subview %[[X]][0, 1] [2, 3] [2, 2]
// CHECK: tpu.dma_start %[[K1]],
// CHECK: %[[KEEP:.*]] = arith.cmpf oge, %[[SO:.*]], %[[NEXT:.*]] : vector<8x128xf32>
// CHECK: arith.select %[[KEEP]], %[[SO]], %[[NEXT]]
// CHECK: arith.select %[[KEEP]], %{{.*}}, %{{.*}} : vector<8x128xi1>, vector<8x128xi32>
// CHECK: memref.subview %[[X]][1, 0] [2, 3] [2, 2]
// CHECK: memref.subview %[[X]][1, 1] [2, 3] [2, 2]
// CHECK: tpu.dma_start %{{.*}}, %[[OUT]],
// CHECK: %[[W0:.*]] = memref.subview %[[OUT]][0, 0] [2, 3] [2, 2]
// CHECK: tpu.dma_start %[[W0]],
// CHECK: %[[SUM:.*]] = arith.addf
// CHECK: %[[MINE:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : vector<8x128xi32>
// CHECK: arith.select %[[MINE]], %[[SUM]], %{{.*}} : vector<8x128xi1>, vector<8x128xf32>
// CHECK: tpu.dma_start %{{.*}}, %[[W0]],
// CHECK-COUNT-3: arith.addf
func.func @max_pool_gradient(%x: tensor<4x6xf32>, %g: tensor<2x3xf32>) -> tensor<4x6xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %0 = "hlo.select_and_scatter"(%x, %g, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
