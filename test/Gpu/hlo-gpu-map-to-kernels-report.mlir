// RUN: hlo-opt %s --hlo-gpu-map-to-kernels=report-untiled=true -split-input-file -verify-diagnostics -o /dev/null

// report-untiled: a remark at each reduction, contraction or transpose that
// gets a thread per output element (or per column, per element of a
// transpose) instead of a kernel sharing work through workgroup memory;
// the tiled ones (a dot, a depthwise convolution, a transpose, a row
// reduction) get none.

// A contraction whose m dimension has 4 elements: neither a GEMM tile nor
// a Grouped kernel (fewer than 16 rows), and its operands are not read
// along the reduction (no block per output element).
func.func @small_m(%a: memref<256x4xf32>, %b: memref<256x64xf32>, %c: memref<4x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  // expected-remark @below {{untiled reduction: a thread per output element, summing 256 iterations}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c4, %c64) step (%c1, %c1) {
    scf.for %k = %c0 to %c256 step %c1 {
      %x = memref.load %a[%k, %i] : memref<256x4xf32>
      %y = memref.load %b[%k, %j] : memref<256x64xf32>
      %acc = memref.load %c[%i, %j] : memref<4x64xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      memref.store %s, %c[%i, %j] : memref<4x64xf32>
    }
    scf.reduce
  }
  return
}

// -----

// A transpose with a 4-wide dimension (fewer than 8): a thread per element.
func.func @narrow_transpose(%a: memref<4x64xf32>, %b: memref<64x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  // expected-remark @below {{untiled transpose: a thread per element}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c4) step (%c1, %c1) {
    %x = memref.load %a[%j, %i] : memref<4x64xf32>
    memref.store %x, %b[%i, %j] : memref<64x4xf32>
    scf.reduce
  }
  return
}

// -----

// A column sum: a thread per column (coalesced, no workgroup memory).
func.func @column_sum(%a: memref<128x64xf32>, %c: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  scf.for %k = %c0 to %c128 step %c1 {
    // expected-remark @below {{untiled column reduction: a thread per column}}
    scf.parallel (%j) = (%c0) to (%c64) step (%c1) {
      %x = memref.load %a[%k, %j] : memref<128x64xf32>
      %acc = memref.load %c[%j] : memref<64xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %c[%j] : memref<64xf32>
      scf.reduce
    }
  }
  return
}

// -----

// Tiled: a dot (GEMM tiles), a depthwise convolution (a Grouped kernel), a
// transpose (32x32 tiles) and a row sum (a block per row): no remarks.
func.func @tiled(%a: memref<70x40xf32>, %b: memref<40x48xf32>, %c: memref<70x48xf32>,
                 %in: memref<10x10x16xf32>, %filter: memref<3x3x16xf32>, %out: memref<8x8x16xf32>,
                 %t: memref<40x33xf32>, %tt: memref<33x40xf32>, %rows: memref<8x256xf32>, %sums: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c33 = arith.constant 33 : index
  %c40 = arith.constant 40 : index
  %c48 = arith.constant 48 : index
  %c70 = arith.constant 70 : index
  %c256 = arith.constant 256 : index
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
  scf.parallel (%h, %w, %ch) = (%c0, %c0, %c0) to (%c8, %c8, %c16) step (%c1, %c1, %c1) {
    scf.for %kh = %c0 to %c3 step %c1 {
      scf.for %kw = %c0 to %c3 step %c1 {
        %f = memref.load %filter[%kh, %kw, %ch] : memref<3x3x16xf32>
        %acc = memref.load %out[%h, %w, %ch] : memref<8x8x16xf32>
        %hh = arith.addi %h, %kh : index
        %ww = arith.addi %w, %kw : index
        %x = memref.load %in[%hh, %ww, %ch] : memref<10x10x16xf32>
        %p = arith.mulf %x, %f : f32
        %s = arith.addf %acc, %p : f32
        memref.store %s, %out[%h, %w, %ch] : memref<8x8x16xf32>
      }
    }
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c33, %c40) step (%c1, %c1) {
    %x = memref.load %t[%j, %i] : memref<40x33xf32>
    memref.store %x, %tt[%i, %j] : memref<33x40xf32>
    scf.reduce
  }
  scf.parallel (%r) = (%c0) to (%c8) step (%c1) {
    scf.for %k = %c0 to %c256 step %c1 {
      %x = memref.load %rows[%r, %k] : memref<8x256xf32>
      %acc = memref.load %sums[%r] : memref<8xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %sums[%r] : memref<8xf32>
    }
    scf.reduce
  }
  return
}
