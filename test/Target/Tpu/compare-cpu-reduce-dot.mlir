// RUN: rm -rf %t.cpu %t.tpu
// RUN: hlo-runner --generate-inputs %s --output %t.cpu
// RUN: hlo-runner --device=tpu-sim --no-cache --generate-inputs %s --output %t.tpu
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result0.npy %t.cpu/result0.npy 1e-5 1e-5
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result1.npy %t.cpu/result1.npy 1e-5 1e-5
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result2.npy %t.cpu/result2.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result3.npy %t.cpu/result3.npy 1e-5 1e-5
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result4.npy %t.cpu/result4.npy 1e-5 1e-5
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result5.npy %t.cpu/result5.npy 0 0
// RUN: %python %hlo_src_root/utils/npy.py close %t.tpu/result6.npy %t.cpu/result6.npy 0 0

// Reductions and dots on the simulator against the CPU path on the same
// generated inputs (sums in another order: within 1e-5; maxima, integer
// and logical reductions exact): a row sum with an init value over two
// blocks of 256 columns (the second partial), a column maximum, a middle
// dimension summed per batch, an f32 matmul with a tanh epilogue over
// partial M, N and K blocks, a batched bf16 q k^T (transposed right-hand
// side), an xor of rows and a maximum of columns of i32.
func.func @main(%x: tensor<64x300xf32>, %w: tensor<300x200xf32>, %v: tensor<5x37x260xf32>,
                %h: tensor<3x40x300xbf16>, %g: tensor<3x50x300xbf16>, %p: tensor<33x700xi32>)
    -> (tensor<64xf32>, tensor<64x200xf32>, tensor<300xf32>, tensor<5x260xf32>,
        tensor<3x50x40xf32>, tensor<33xi32>, tensor<700xi32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %init = hlo.constant dense<1.5> : tensor<f32>
  %r = hlo.reduce(%x init: %init) applies hlo.add across dimensions = [1] : (tensor<64x300xf32>, tensor<f32>) -> tensor<64xf32>
  %c = hlo.reduce(%x init: %ninf) applies hlo.maximum across dimensions = [0] : (tensor<64x300xf32>, tensor<f32>) -> tensor<300xf32>
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x300xf32>, tensor<300x200xf32>) -> tensor<64x200xf32>
  %e = hlo.tanh %d : tensor<64x200xf32>
  %m = hlo.reduce(%v init: %z) applies hlo.add across dimensions = [1] : (tensor<5x37x260xf32>, tensor<f32>) -> tensor<5x260xf32>
  %bd = hlo.dot_general %g, %h, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<3x50x300xbf16>, tensor<3x40x300xbf16>) -> tensor<3x50x40xf32>
  %iz = hlo.constant dense<0> : tensor<i32>
  %imin = hlo.constant dense<-2147483648> : tensor<i32>
  %ir = hlo.reduce(%p init: %iz) applies hlo.xor across dimensions = [1] : (tensor<33x700xi32>, tensor<i32>) -> tensor<33xi32>
  %ic = hlo.reduce(%p init: %imin) applies hlo.maximum across dimensions = [0] : (tensor<33x700xi32>, tensor<i32>) -> tensor<700xi32>
  return %r, %e, %c, %m, %bd, %ir, %ic : tensor<64xf32>, tensor<64x200xf32>, tensor<300xf32>, tensor<5x260xf32>, tensor<3x50x40xf32>, tensor<33xi32>, tensor<700xi32>
}
