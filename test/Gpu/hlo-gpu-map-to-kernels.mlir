// RUN: hlo-opt %s --hlo-gpu-map-to-kernels -split-input-file | FileCheck %s

// An elementwise loop: one thread per 4 consecutive elements (16 bytes), a
// vector load and store each.
// CHECK-LABEL: func.func @elementwise
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
// CHECK-NOT: scf.parallel
func.func @elementwise(%a: memref<1024xf32>, %b: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %x = memref.load %a[%i] : memref<1024xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %b[%i] : memref<1024xf32>
    scf.reduce
  }
  return
}

// -----

// A 2-d loop whose rows cannot be vectorized (odd row length): one thread
// per iteration, the iteration space linearized with the innermost
// dimension fastest (coalesced).
// CHECK-LABEL: func.func @linearized
// CHECK: gpu.launch
// CHECK: %[[ID:.*]] = arith.addi
// CHECK: scf.if
// CHECK: %[[J:.*]] = arith.remsi %[[ID]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.divsi %[[ID]], %{{.*}} : index
// CHECK: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x7xf32>
func.func @linearized(%a: memref<8x7xf32>, %b: memref<8x7xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c8, %c7) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<8x7xf32>
    memref.store %x, %b[%i, %j] : memref<8x7xf32>
    scf.reduce
  }
  return
}

// -----

// A row reduction: one block per row, each thread folding a strided part of
// the row, the block combining the partial sums (gpu.all_reduce), thread 0
// storing the result between barriers.
// CHECK-LABEL: func.func @row_sum
// CHECK: gpu.launch
// CHECK: %[[P:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32)
// CHECK: %[[R:.*]] = gpu.all_reduce add %[[P]] uniform
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: memref.store
// CHECK: gpu.barrier
func.func @row_sum(%a: memref<64x4096xf32>, %out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %zero, %out[%i] : memref<64xf32>
    scf.for %k = %c0 to %c4096 step %c1 {
      %x = memref.load %a[%i, %k] : memref<64x4096xf32>
      %acc = memref.load %out[%i] : memref<64xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %out[%i] : memref<64xf32>
    }
    scf.reduce
  }
  return
}

// -----

// A column reduction (the reduced dimension outermost): the loops are
// swapped, a thread per column, instead of a kernel per row.
// CHECK-LABEL: func.func @column_sum
// CHECK: gpu.launch
// CHECK: scf.for
// CHECK: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x32xf32>
// CHECK-NOT: gpu.launch
func.func @column_sum(%a: memref<16x32xf32>, %out: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  scf.for %k = %c0 to %c16 step %c1 {
    scf.parallel (%j) = (%c0) to (%c32) step (%c1) {
      %x = memref.load %a[%k, %j] : memref<16x32xf32>
      %acc = memref.load %out[%j] : memref<32xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %out[%j] : memref<32xf32>
      scf.reduce
    }
  }
  return
}

// -----

// Host control flow stays on the host; the scalar it reads from a buffer is
// copied back by a one-thread kernel.
// CHECK-LABEL: func.func @while_loop
// CHECK: scf.while
// CHECK: gpu.launch
// CHECK: memref.load %{{.*}}[] : memref<i1>
// CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<i1>
// CHECK: %[[HOST:.*]] = memref.alloca() {hlo.host} : memref<i1>
// CHECK: gpu.memcpy %[[HOST]]
// CHECK: %[[C:.*]] = memref.load %[[HOST]][] : memref<i1>
// CHECK: scf.condition(%[[C]])
func.func @while_loop(%p: memref<i1>, %a: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.while : () -> () {
    %c = memref.load %p[] : memref<i1>
    scf.condition(%c)
  } do {
    scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
      %x = memref.load %a[%i] : memref<8xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<8xf32>
      scf.reduce
    }
    scf.yield
  }
  return
}

// -----

// A sequential loop nest touching buffers (a sort, a scatter): one thread.
// CHECK-LABEL: func.func @serial
// CHECK: arith.constant 7 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[UNIT:.*]] = arith.constant 1 : index
// CHECK-NEXT: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[UNIT]], %{{.*}} = %[[UNIT]]) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ONE]], %{{.*}} = %[[UNIT]], %{{.*}} = %[[UNIT]])
// CHECK-NEXT: scf.for
func.func @serial(%a: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  // The thread count of the one-thread kernel.
  scf.for %i = %c0 to %c7 step %c1 {
    %n = arith.addi %i, %c1 : index
    %x = memref.load %a[%i] : memref<8xi32>
    %y = memref.load %a[%n] : memref<8xi32>
    %m = arith.maxsi %x, %y : i32
    memref.store %m, %a[%n] : memref<8xi32>
  }
  return
}

// -----

// A transpose fused with elementwise work: a block per 32x32 tile of the
// (j, i) plane and per batch index %b (3 x 2 x 2 blocks), its 256 threads
// as 8 rows of 32. The load along %i (the input's contiguous dimension) is
// staged through a padded workgroup tile: phase 1 reads it with
// neighbouring threads on neighbouring %i, then a barrier, then phase 2
// computes the iterations with neighbouring threads on neighbouring %j
// (the output's contiguous dimension), reading the tile down a column.
// Edge tiles are guarded (40 and 33 are not multiples of 32); the
// unstaged load along %j stays in phase 2.
// CHECK-LABEL: func.func @transpose
// CHECK: %[[TILES_J:.*]] = arith.ceildivsi %{{.*}}, %c32 : index
// CHECK: %[[TILES_I:.*]] = arith.ceildivsi %{{.*}}, %c32 : index
// CHECK: %[[G0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[G1:.*]] = arith.muli %[[G0]], %[[TILES_J]] : index
// CHECK: %[[GRID:.*]] = arith.muli %[[G1]], %[[TILES_I]] : index
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[GRID]], {{.*}} threads({{.*}}) in (%{{.*}} = %c256,
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[COL:.*]] = arith.remsi %{{.*}}, %[[C32:.*]] : index
// CHECK: %[[ROW:.*]] = arith.divsi %{{.*}}, %[[C32]] : index
// CHECK: scf.for %[[P1:.*]] = %{{.*}} to %[[C32]] step %[[C8:.*]] {
// CHECK:   %[[R1:.*]] = arith.addi %[[ROW]], %[[P1]] : index
// CHECK:   scf.if
// CHECK:     %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<3x33x40xf32>
// CHECK:     memref.store %[[X]], %[[TILE]][%[[R1]], %[[COL]]]
// CHECK: gpu.barrier
// CHECK: scf.for %[[P2:.*]] = %{{.*}} to %[[C32]] step %[[C8]] {
// CHECK:   %[[R2:.*]] = arith.addi %[[ROW]], %[[P2]] : index
// CHECK:   scf.if
// CHECK:     %[[S:.*]] = memref.load %[[TILE]][%[[COL]], %[[R2]]]
// CHECK:     %[[Y:.*]] = memref.load %{{.*}} : memref<40x33xf32>
// CHECK:     %[[Z:.*]] = arith.addf %[[S]], %[[Y]] : f32
// CHECK:     memref.store %[[Z]], %{{.*}} : memref<3x40x33xf32>
func.func @transpose(%a: memref<3x33x40xf32>, %c: memref<40x33xf32>, %b: memref<3x40x33xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c33 = arith.constant 33 : index
  %c40 = arith.constant 40 : index
  scf.parallel (%k, %i, %j) = (%c0, %c0, %c0) to (%c3, %c40, %c33) step (%c1, %c1, %c1) {
    %x = memref.load %a[%k, %j, %i] : memref<3x33x40xf32>
    %y = memref.load %c[%i, %j] : memref<40x33xf32>
    %z = arith.addf %x, %y : f32
    memref.store %z, %b[%k, %i, %j] : memref<3x40x33xf32>
    scf.reduce
  }
  return
}

// -----

// A transpose whose tiled dimension has fewer than 8 iterations: a thread
// per element, no workgroup memory.
// CHECK-LABEL: func.func @narrow_transpose
// CHECK: gpu.launch
// CHECK-NOT: workgroup(
// CHECK-NOT: gpu.barrier
// CHECK: return
func.func @narrow_transpose(%a: memref<4x64xf32>, %b: memref<64x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c4) step (%c1, %c1) {
    %x = memref.load %a[%j, %i] : memref<4x64xf32>
    memref.store %x, %b[%i, %j] : memref<64x4xf32>
    scf.reduce
  }
  return
}

// -----

// A loop whose writes are not along one of its dimensions (a scatter-like
// store through a computed index) is not tiled.
// CHECK-LABEL: func.func @computed_store
// CHECK: gpu.launch
// CHECK-NOT: workgroup(
// CHECK: return
func.func @computed_store(%a: memref<64x64xf32>, %b: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c63 = arith.constant 63 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c64) step (%c1, %c1) {
    %x = memref.load %a[%j, %i] : memref<64x64xf32>
    %r = arith.subi %c63, %j : index
    memref.store %x, %b[%i, %r] : memref<64x64xf32>
    scf.reduce
  }
  return
}

// -----

// A dot whose output is 70 x 48: a block of 256 threads per 64x64 output
// tile (2 x 1 blocks). For each chunk of 16 of the 40 reduction iterations
// (3 chunks), the threads stage the chunk's a and b values in workgroup
// memory (zero outside the iteration space: the last chunk and the rows
// of the second tile past 70), a barrier, then each thread multiplies 4
// values of a by 4 of b into its 4x4 register tile of accumulators, a
// barrier; at the end each thread adds its register tile to the outputs it
// owns (guarded).
// CHECK-LABEL: func.func @dot
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[A:.*]] : memref<16x64xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<16x64xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[ACCS:.*]]:16 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK:   %[[X:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK:     memref.load %{{.*}} : memref<70x40xf32>
// CHECK:   } else {
// CHECK:     scf.yield %cst{{.*}} : f32
// CHECK:   memref.store %[[X]], %[[A]]
// CHECK:   memref.load %{{.*}} : memref<40x48xf32>
// CHECK:   memref.store %{{.*}}, %[[B]]
// CHECK:   gpu.barrier
// CHECK:   scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-COUNT-4: memref.load %[[A]]
// CHECK-COUNT-16: arith.mulf
// CHECK:   gpu.barrier
// CHECK-COUNT-16: scf.if
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @dot(%a: memref<70x40xf32>, %b: memref<40x48xf32>, %c: memref<70x48xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %c70 = arith.constant 70 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c70, %c48) step (%c1, %c1) {
    scf.for %k = %c0 to %c40 step %c1 {
      %x = memref.load %a[%i, %k] : memref<70x40xf32>
      %y = memref.load %b[%k, %j] : memref<40x48xf32>
      %acc = memref.load %c[%i, %j] : memref<70x48xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      memref.store %s, %c[%i, %j] : memref<70x48xf32>
    }
    scf.reduce
  }
  return
}

// -----

// A padded convolution (NHWC, 3x3 window): an implicit GEMM whose m
// dimensions are the output rows and columns (the input depends on them),
// n the output features (the filter depends on them), the reduction the
// window and input features, linearized. The input's padding check (an
// scf.if reading the input) is staged with it; f64 values are staged in
// chunks of 8.
// CHECK-LABEL: func.func @conv
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[IN:.*]] : memref<8x64xf64, #gpu.address_space<workgroup>>, %[[FILTER:.*]] : memref<8x64xf64, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK:   scf.if %{{.*}} -> (f64) {
// CHECK:     scf.if %{{.*}} -> (f64) {
// CHECK:       memref.load %{{.*}} : memref<18x18x8xf64>
// CHECK:   memref.store %{{.*}}, %[[IN]]
// CHECK:   memref.load %{{.*}} : memref<3x3x8x32xf64>
// CHECK:   memref.store %{{.*}}, %[[FILTER]]
// CHECK:   gpu.barrier
// CHECK-COUNT-16: arith.mulf {{.*}} : f64
// CHECK:   gpu.barrier
func.func @conv(%in: memref<18x18x8xf64>, %filter: memref<3x3x8x32xf64>, %out: memref<18x18x32xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c18 = arith.constant 18 : index
  %c32 = arith.constant 32 : index
  %zero = arith.constant 0.0 : f64
  scf.parallel (%h, %w, %o) = (%c0, %c0, %c0) to (%c18, %c18, %c32) step (%c1, %c1, %c1) {
    scf.for %kh = %c0 to %c3 step %c1 {
      scf.for %kw = %c0 to %c3 step %c1 {
        scf.for %i = %c0 to %c8 step %c1 {
          %f = memref.load %filter[%kh, %kw, %i, %o] : memref<3x3x8x32xf64>
          %acc = memref.load %out[%h, %w, %o] : memref<18x18x32xf64>
          %hh0 = arith.addi %h, %kh : index
          %hh = arith.subi %hh0, %c1 : index
          %ww0 = arith.addi %w, %kw : index
          %ww = arith.subi %ww0, %c1 : index
          %h_lo = arith.cmpi sge, %hh, %c0 : index
          %h_hi = arith.cmpi slt, %hh, %c18 : index
          %w_lo = arith.cmpi sge, %ww, %c0 : index
          %w_hi = arith.cmpi slt, %ww, %c18 : index
          %h_in = arith.andi %h_lo, %h_hi : i1
          %w_in = arith.andi %w_lo, %w_hi : i1
          %inside = arith.andi %h_in, %w_in : i1
          %x = scf.if %inside -> (f64) {
            %v = memref.load %in[%hh, %ww, %i] : memref<18x18x8xf64>
            scf.yield %v : f64
          } else {
            scf.yield %zero : f64
          }
          %p = arith.mulf %x, %f : f64
          %s = arith.addf %acc, %p : f64
          memref.store %s, %out[%h, %w, %o] : memref<18x18x32xf64>
        }
      }
    }
    scf.reduce
  }
  return
}

// -----

// A dot with 8 output columns (fewer than 16): no tiled contraction; its
// rows, read along the reduction, keep a block per output element whose
// threads share the products.
// CHECK-LABEL: func.func @narrow_dot
// CHECK: gpu.launch
// CHECK-NOT: memref<16x64xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.all_reduce add
// CHECK: return
func.func @narrow_dot(%a: memref<64x256xf32>, %b: memref<256x8xf32>, %c: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c8) step (%c1, %c1) {
    scf.for %k = %c0 to %c256 step %c1 {
      %x = memref.load %a[%i, %k] : memref<64x256xf32>
      %y = memref.load %b[%k, %j] : memref<256x8xf32>
      %acc = memref.load %c[%i, %j] : memref<64x8xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      memref.store %s, %c[%i, %j] : memref<64x8xf32>
    }
    scf.reduce
  }
  return
}

// -----

// A grouped convolution (1-D, NWC, 2 groups of 32 output features): the
// input's feature is read through the output feature's group (%o / 32),
// the filter's through %o itself, so %o splits into the group, a batch
// dimension (a block per group), and the feature within it, the n
// dimension: each group an implicit GEMM of 16 positions x 32 features x
// (3 x 4) window and input features, staged in workgroup memory. The
// input is staged with the group's first feature (the group times 32).
// CHECK-LABEL: func.func @grouped_conv
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c2{{.*}} threads({{.*}}) in (%{{.*}} = %c256
// CHECK-SAME: workgroup(%[[IN:.*]] : memref<16x64xf32, #gpu.address_space<workgroup>>, %[[FILTER:.*]] : memref<16x64xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     arith.muli %{{.*}}, %c32{{.*}} : index
// CHECK:     scf.if %{{.*}} -> (f32) {
// CHECK:       arith.divui %{{.*}}, %c32 : index
// CHECK:       memref.load %{{.*}} : memref<18x8xf32>
// CHECK:     memref.store %{{.*}}, %[[IN]]
// CHECK:   scf.for
// CHECK:     memref.load %{{.*}} : memref<3x4x64xf32>
// CHECK:     memref.store %{{.*}}, %[[FILTER]]
// CHECK:   gpu.barrier
// CHECK-COUNT-16: arith.mulf
// CHECK:   gpu.barrier
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @grouped_conv(%in: memref<18x8xf32>, %filter: memref<3x4x64xf32>, %out: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%w, %o) = (%c0, %c0) to (%c16, %c64) step (%c1, %c1) {
    scf.for %kw = %c0 to %c3 step %c1 {
      scf.for %i = %c0 to %c4 step %c1 {
        %f = memref.load %filter[%kw, %i, %o] : memref<3x4x64xf32>
        %acc = memref.load %out[%w, %o] : memref<16x64xf32>
        %g = arith.divui %o, %c32 : index
        %first = arith.muli %g, %c4 : index
        %c = arith.addi %first, %i : index
        %ww = arith.addi %w, %kw : index
        %x = memref.load %in[%ww, %c] : memref<18x8xf32>
        %p = arith.mulf %x, %f : f32
        %s = arith.addf %acc, %p : f32
        memref.store %s, %out[%w, %o] : memref<16x64xf32>
      }
    }
    scf.reduce
  }
  return
}

// -----

// A depthwise convolution (NHWC, 16 channels, channel multiplier 1, 3x3
// window): no GEMM in it (each output channel reads its own input channel),
// so a Grouped kernel: a block per 32x32 tile of (64 output positions x 16
// channels), 2 blocks. For each chunk of 16 window iterations (one chunk
// of 9) the threads stage the filter's values of the tile's channels in
// workgroup memory (zero past the 9th and past channel 16), a barrier;
// then each thread computes 4 outputs, neighbouring threads on
// neighbouring channels (the input's contiguous dimension): for each, a
// guarded loop over the chunk's window positions reading the input
// directly and the filter from the tile; a barrier. At the end each
// thread adds its 4 sums to its outputs (guarded).
// CHECK-LABEL: func.func @depthwise_conv
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c2{{.*}} threads({{.*}}) in (%{{.*}} = %c256
// CHECK-SAME: workgroup(%[[FILTER:.*]] : memref<16x32xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[COLUMN:.*]] = arith.remsi %{{.*}}, %c32{{.*}} : index
// CHECK: %[[ACCS:.*]]:4 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32) {
// CHECK:   scf.for
// CHECK:     %[[F:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK:       memref.load %{{.*}} : memref<3x3x16xf32>
// CHECK:     } else {
// CHECK:       scf.yield %cst{{.*}} : f32
// CHECK:     memref.store %[[F]], %[[FILTER]]
// CHECK:   gpu.barrier
// CHECK:   %[[END:.*]] = arith.minsi
// CHECK:   scf.if %{{.*}} -> (f32) {
// CHECK:     scf.for %[[KK:[^ ]*]] = %{{.*}} to %[[END]] step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK:       memref.load %{{.*}} : memref<10x10x16xf32>
// CHECK:       memref.load %[[FILTER]][%[[KK]], %[[COLUMN]]]
// CHECK:       arith.mulf
// CHECK-COUNT-3: scf.for %{{.*}} to %[[END]]
// CHECK:   gpu.barrier
// CHECK-COUNT-4: memref.store %{{.*}} : memref<8x8x16xf32>
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @depthwise_conv(%in: memref<10x10x16xf32>, %filter: memref<3x3x16xf32>, %out: memref<8x8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%h, %w, %c) = (%c0, %c0, %c0) to (%c8, %c8, %c16) step (%c1, %c1, %c1) {
    scf.for %kh = %c0 to %c3 step %c1 {
      scf.for %kw = %c0 to %c3 step %c1 {
        %f = memref.load %filter[%kh, %kw, %c] : memref<3x3x16xf32>
        %acc = memref.load %out[%h, %w, %c] : memref<8x8x16xf32>
        %hh = arith.addi %h, %kh : index
        %ww = arith.addi %w, %kw : index
        %x = memref.load %in[%hh, %ww, %c] : memref<10x10x16xf32>
        %p = arith.mulf %x, %f : f32
        %s = arith.addf %acc, %p : f32
        memref.store %s, %out[%h, %w, %c] : memref<8x8x16xf32>
      }
    }
    scf.reduce
  }
  return
}

// -----

// A depthwise convolution with channel multiplier 2 (NCHW, 4 input
// channels, 8 output channels): the input's channel is the output
// channel's group (%o / 2), so %o splits into the group and the channel
// within it, both columns of a Grouped kernel (8 columns, 64 positions: 2
// blocks). The input is read along the output positions (%w), so
// neighbouring threads take neighbouring positions (the thread's position
// is the thread index mod 32); the filter (OIHW) is read along the window,
// so it is staged with neighbouring threads on neighbouring window
// positions.
// CHECK-LABEL: func.func @depthwise_nchw
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c2{{.*}} threads({{.*}}) in (%{{.*}} = %c256
// CHECK-SAME: workgroup(%[[FILTER:.*]] : memref<16x32xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[FAST:.*]] = arith.remsi %{{.*}}, %c32{{.*}} : index
// CHECK: %[[SLOW:.*]] = arith.divsi %{{.*}}, %c32{{.*}} : index
// CHECK: %[[COLUMN:.*]] = arith.addi %[[SLOW]], %c0{{.*}} : index
// CHECK: scf.for
// CHECK:   %[[KFAST:.*]] = arith.remsi %{{.*}}, %c16{{.*}} : index
// CHECK:   scf.for
// CHECK:     memref.load %{{.*}} : memref<8x3x3xf32>
// CHECK:     memref.store %{{.*}}, %[[FILTER]][%[[KFAST]], %{{.*}}]
// CHECK:   gpu.barrier
// CHECK:   scf.for %[[KK:[^ ]*]] =
// CHECK:     arith.divui %{{.*}}, %c2{{.*}} : index
// CHECK:     memref.load %{{.*}} : memref<4x10x10xf32>
// CHECK:     memref.load %[[FILTER]][%[[KK]], %[[COLUMN]]]
// CHECK:   gpu.barrier
// CHECK: return
func.func @depthwise_nchw(%in: memref<4x10x10xf32>, %filter: memref<8x3x3xf32>, %out: memref<8x8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%o, %h, %w) = (%c0, %c0, %c0) to (%c8, %c8, %c8) step (%c1, %c1, %c1) {
    scf.for %kh = %c0 to %c3 step %c1 {
      scf.for %kw = %c0 to %c3 step %c1 {
        %f = memref.load %filter[%o, %kh, %kw] : memref<8x3x3xf32>
        %acc = memref.load %out[%o, %h, %w] : memref<8x8x8xf32>
        %g = arith.divui %o, %c2 : index
        %hh = arith.addi %h, %kh : index
        %ww = arith.addi %w, %kw : index
        %x = memref.load %in[%g, %hh, %ww] : memref<4x10x10xf32>
        %p = arith.mulf %x, %f : f32
        %s = arith.addf %acc, %p : f32
        memref.store %s, %out[%o, %h, %w] : memref<8x8x8xf32>
      }
    }
    scf.reduce
  }
  return
}

// -----

// Matrices times vectors (a batched matrix-vector product): the matrix is
// read along the reduction, neither along its output rows nor its batch,
// so no Grouped kernel (its threads' reads would be a row apart): a block
// per output element whose threads share the reduction, as before.
// CHECK-LABEL: func.func @batched_matvec
// CHECK: gpu.launch
// CHECK-NOT: memref<16x32xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.all_reduce add
// CHECK: return
func.func @batched_matvec(%a: memref<4x64x256xf32>, %v: memref<4x256xf32>, %c: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%b, %i) = (%c0, %c0) to (%c4, %c64) step (%c1, %c1) {
    scf.for %k = %c0 to %c256 step %c1 {
      %x = memref.load %a[%b, %i, %k] : memref<4x64x256xf32>
      %y = memref.load %v[%b, %k] : memref<4x256xf32>
      %acc = memref.load %c[%b, %i] : memref<4x64xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      memref.store %s, %c[%b, %i] : memref<4x64xf32>
    }
    scf.reduce
  }
  return
}
