// RUN: hlo-opt %s | hlo-opt | FileCheck %s
// Every tpu op and attribute prints and parses back.

// CHECK: module attributes {tpu.target = #tpu.target<v5e>}
module attributes {tpu.target = #tpu.target<v5e>} {

// CHECK-LABEL: func.func @kernel
// CHECK: tpu.kernel grid = [4, 2] semantics = [parallel, arbitrary]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<1024x256xf32, #tpu.memory_space<hbm>>, memref<256x256xbf16, #tpu.memory_space<hbm>>)
// CHECK-SAME: outs(%{{.*}} : memref<1024x256xf32, #tpu.memory_space<hbm>>)
// CHECK-SAME: blocks = [#tpu.block_spec<[256, 128], #{{.*}}>, #tpu.block_spec<[256, 128], #{{.*}}>, #tpu.block_spec<[256, 128], #{{.*}}>]
// CHECK-SAME: target = <v6e> {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<256x128xf32, #tpu.memory_space<vmem>>, %{{.*}}: memref<256x128xbf16, #tpu.memory_space<vmem>>, %{{.*}}: memref<256x128xf32, #tpu.memory_space<vmem>>):
// CHECK: memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
func.func @kernel(%x: memref<1024x256xf32, #tpu.memory_space<hbm>>,
                  %w: memref<256x256xbf16, #tpu.memory_space<hbm>>,
                  %y: memref<1024x256xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel grid = [4, 2] semantics = [parallel, arbitrary]
      ins(%x, %w : memref<1024x256xf32, #tpu.memory_space<hbm>>, memref<256x256xbf16, #tpu.memory_space<hbm>>)
      outs(%y : memref<1024x256xf32, #tpu.memory_space<hbm>>)
      blocks = [#tpu.block_spec<[256, 128], affine_map<(i, j) -> (i, j)>>,
                #tpu.block_spec<[256, 128], affine_map<(i, j) -> (0, j)>>,
                #tpu.block_spec<[256, 128], affine_map<(i, j) -> (i, j)>>]
      target = #tpu.target<v6e> {
  ^bb0(%i: index, %j: index,
       %xb: memref<256x128xf32, #tpu.memory_space<vmem>>,
       %wb: memref<256x128xbf16, #tpu.memory_space<vmem>>,
       %yb: memref<256x128xf32, #tpu.memory_space<vmem>>):
    %scratch = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
  }
  return
}

// A block spanning a whole dimension need not be tile-aligned; the
// target comes from the module.
// CHECK-LABEL: func.func @whole_dimension_blocks
// CHECK: tpu.kernel grid = [3] semantics = [arbitrary] ins(%{{.*}} : memref<5x100xf32, #tpu.memory_space<hbm>>) blocks = [#tpu.block_spec<[5, 100], #{{.*}}>] {
func.func @whole_dimension_blocks(%x: memref<5x100xf32, #tpu.memory_space<hbm>>) {
  tpu.kernel grid = [3] semantics = [arbitrary]
      ins(%x : memref<5x100xf32, #tpu.memory_space<hbm>>)
      blocks = [#tpu.block_spec<[5, 100], affine_map<(i) -> (0, 0)>>] {
  ^bb0(%i: index, %xb: memref<5x100xf32, #tpu.memory_space<vmem>>):
  }
  return
}

// CHECK-LABEL: func.func @dma
// CHECK: %[[S:.*]] = tpu.sem_alloc : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: tpu.dma_start %{{.*}}, %{{.*}}, %[[S]][%{{.*}}] : memref<256x128xf32, #tpu.memory_space<hbm>>, memref<256x128xf32, #tpu.memory_space<vmem>>, memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: tpu.dma_wait %[[S]][%{{.*}}], %{{.*}} : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<256x128xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.dma_start %{{.*}}, %{{.*}}, %{{.*}} : memref<16xi32, #tpu.memory_space<smem>>, memref<16xi32, #tpu.memory_space<hbm>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore>>
// CHECK: tpu.dma_wait %{{.*}}, %{{.*}} : memref<!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<16xi32, #tpu.memory_space<hbm>>
func.func @dma(%src: memref<256x128xf32, #tpu.memory_space<hbm>>,
               %dst: memref<256x128xf32, #tpu.memory_space<vmem>>,
               %s_src: memref<16xi32, #tpu.memory_space<smem>>,
               %s_dst: memref<16xi32, #tpu.memory_space<hbm>>) {
  %c1 = arith.constant 1 : index
  %sems = tpu.sem_alloc : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
  tpu.dma_start %src, %dst, %sems[%c1] : memref<256x128xf32, #tpu.memory_space<hbm>>, memref<256x128xf32, #tpu.memory_space<vmem>>, memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
  tpu.dma_wait %sems[%c1], %dst : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<256x128xf32, #tpu.memory_space<vmem>>
  %sem = tpu.sem_alloc : memref<!tpu.semaphore, #tpu.memory_space<semaphore>>
  tpu.dma_start %s_src, %s_dst, %sem : memref<16xi32, #tpu.memory_space<smem>>, memref<16xi32, #tpu.memory_space<hbm>>, memref<!tpu.semaphore, #tpu.memory_space<semaphore>>
  tpu.dma_wait %sem, %s_dst : memref<!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<16xi32, #tpu.memory_space<hbm>>
  return
}

// The part of a block inside its array at the array's edge: a window of
// the VMEM buffer.
// CHECK-LABEL: func.func @dma_window
// CHECK: tpu.dma_start %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}] : memref<44x104xf32, strided<[1000, 1], offset: ?>, #tpu.memory_space<hbm>>, memref<44x104xf32, strided<[128, 1]>, #tpu.memory_space<vmem>>
func.func @dma_window(%x: memref<300x1000xf32, #tpu.memory_space<hbm>>, %b: memref<48x128xf32, #tpu.memory_space<vmem>>, %i: index) {
  %c0 = arith.constant 0 : index
  %sems = tpu.sem_alloc : memref<1x!tpu.semaphore, #tpu.memory_space<semaphore>>
  %src = memref.subview %x[%i, %i] [44, 104] [1, 1] : memref<300x1000xf32, #tpu.memory_space<hbm>> to memref<44x104xf32, strided<[1000, 1], offset: ?>, #tpu.memory_space<hbm>>
  %dst = memref.subview %b[0, 0] [44, 104] [1, 1] : memref<48x128xf32, #tpu.memory_space<vmem>> to memref<44x104xf32, strided<[128, 1]>, #tpu.memory_space<vmem>>
  tpu.dma_start %src, %dst, %sems[%c0] : memref<44x104xf32, strided<[1000, 1], offset: ?>, #tpu.memory_space<hbm>>, memref<44x104xf32, strided<[128, 1]>, #tpu.memory_space<vmem>>, memref<1x!tpu.semaphore, #tpu.memory_space<semaphore>>
  return
}

// CHECK-LABEL: func.func @load_store
// CHECK: tpu.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x256xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: tpu.load %{{.*}}[%{{.*}}, %{{.*}}] masked %{{.*}} sublane_stride 2 : memref<64x256xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: tpu.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] masked %{{.*}} : vector<8x128xf32>, memref<64x256xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x32x128xbf16, #hlo.layout<minor_to_major = [2, 1, 0], tiles = {{\[\[}}16, 128]]>, #tpu.memory_space<vmem>>, vector<16x128xbf16>
// CHECK: tpu.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] sublane_stride 1 : vector<16x128xbf16>, memref<2x32x128xbf16, #hlo.layout<minor_to_major = [2, 1, 0], tiles = {{\[\[}}16, 128]]>, #tpu.memory_space<vmem>>
func.func @load_store(%ref: memref<64x256xf32, #tpu.memory_space<vmem>>,
                      %packed: memref<2x32x128xbf16, #hlo.layout<minor_to_major = [2, 1, 0], tiles = [[16, 128]]>, #tpu.memory_space<vmem>>,
                      %mask: vector<8x128xi1>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %a = tpu.load %ref[%c0, %c0] : memref<64x256xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  %b = tpu.load %ref[%c8, %c0] masked %mask sublane_stride 2 : memref<64x256xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  tpu.store %a, %ref[%c0, %c0] masked %mask : vector<8x128xf32>, memref<64x256xf32, #tpu.memory_space<vmem>>
  %p = tpu.load %packed[%c0, %c0, %c0] : memref<2x32x128xbf16, #hlo.layout<minor_to_major = [2, 1, 0], tiles = [[16, 128]]>, #tpu.memory_space<vmem>>, vector<16x128xbf16>
  tpu.store %p, %packed[%c0, %c0, %c0] sublane_stride 1 : vector<16x128xbf16>, memref<2x32x128xbf16, #hlo.layout<minor_to_major = [2, 1, 0], tiles = [[16, 128]]>, #tpu.memory_space<vmem>>
  return
}

// CHECK-LABEL: func.func @matmul
// CHECK: tpu.matmul %{{.*}}, %{{.*}}, %{{.*}} : vector<16x256xbf16>, vector<256x128xbf16>, vector<16x128xf32> -> vector<16x128xf32>
// CHECK: tpu.matmul %{{.*}}, %{{.*}}, %{{.*}} : vector<8x128xf32>, vector<128x384xf32>, vector<8x384xf32> -> vector<8x384xf32>
// CHECK: tpu.matmul %{{.*}}, %{{.*}}, %{{.*}} transpose_rhs : vector<8x128xf32>, vector<384x128xf32>, vector<8x384xf32> -> vector<8x384xf32>
func.func @matmul(%a: vector<16x256xbf16>, %b: vector<256x128xbf16>, %c: vector<16x128xf32>,
                  %d: vector<8x128xf32>, %e: vector<128x384xf32>, %f: vector<8x384xf32>,
                  %et: vector<384x128xf32>) {
  %0 = tpu.matmul %a, %b, %c : vector<16x256xbf16>, vector<256x128xbf16>, vector<16x128xf32> -> vector<16x128xf32>
  %1 = tpu.matmul %d, %e, %f : vector<8x128xf32>, vector<128x384xf32>, vector<8x384xf32> -> vector<8x384xf32>
  %2 = tpu.matmul %d, %et, %f transpose_rhs : vector<8x128xf32>, vector<384x128xf32>, vector<8x384xf32> -> vector<8x384xf32>
  return
}

// CHECK-LABEL: func.func @reductions_and_broadcasts
// CHECK: tpu.reduce_lanes <sum> %{{.*}} : vector<8x256xf32> -> vector<8x1xf32>
// CHECK: tpu.reduce_sublanes <max> %{{.*}} : vector<16x128xf32> -> vector<1x128xf32>
// CHECK: tpu.reduce_lanes <min> %{{.*}} : vector<16x128xbf16> -> vector<16x1xbf16>
// CHECK: tpu.broadcast_lanes %{{.*}} : vector<8x1xf32> -> vector<8x256xf32>
// CHECK: tpu.broadcast_sublanes %{{.*}} : vector<1x128xi32> -> vector<8x128xi32>
func.func @reductions_and_broadcasts(%a: vector<8x256xf32>, %b: vector<16x128xf32>,
                                     %c: vector<16x128xbf16>, %d: vector<1x128xi32>) {
  %0 = tpu.reduce_lanes <sum> %a : vector<8x256xf32> -> vector<8x1xf32>
  %1 = tpu.reduce_sublanes <max> %b : vector<16x128xf32> -> vector<1x128xf32>
  %2 = tpu.reduce_lanes <min> %c : vector<16x128xbf16> -> vector<16x1xbf16>
  %3 = tpu.broadcast_lanes %0 : vector<8x1xf32> -> vector<8x256xf32>
  %4 = tpu.broadcast_sublanes %d : vector<1x128xi32> -> vector<8x128xi32>
  return
}

// CHECK-LABEL: func.func @relayout
// CHECK: tpu.relayout %{{.*}}, %{{.*}} : memref<16x256xbf16, #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>, #tpu.memory_space<vmem>>, memref<16x256xbf16, #tpu.memory_space<vmem>>
// CHECK: tpu.relayout %{{.*}}, %{{.*}} : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}1, 128]]>, #tpu.memory_space<vmem>>
func.func @relayout(%a: memref<16x256xbf16, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>,
                    %b: memref<16x256xbf16, #tpu.memory_space<vmem>>,
                    %c: memref<8x128xf32, #tpu.memory_space<vmem>>,
                    %d: memref<8x128xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[1, 128]]>, #tpu.memory_space<vmem>>) {
  tpu.relayout %a, %b : memref<16x256xbf16, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>, memref<16x256xbf16, #tpu.memory_space<vmem>>
  tpu.relayout %c, %d : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[1, 128]]>, #tpu.memory_space<vmem>>
  return
}

}
