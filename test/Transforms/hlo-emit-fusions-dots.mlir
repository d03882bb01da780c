// RUN: hlo-opt %s --hlo-fusion --hlo-legalize-to-linalg --hlo-emit-fusions | FileCheck %s

// A dense layer on a rank-3 activation with a bias+relu epilogue (an output
// fusion): the dot is lowered as a collapsed 2-D matmul whose result is
// expanded back. Folding that reshape into the matmul by expansion would
// turn it into a generic with two row dimensions, which the matmul kernel
// does not take (it ran as scalar loops): the contraction keeps its named
// form. The epilogue is collapsed the same way instead, so that it tiles
// together with the matmul (one loop nest, each tile's product consumed in
// the cache) and the reshape moves after the loop.
// CHECK-LABEL: func.func @dense_relu
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<128x256xf32>, tensor<256x64xf32>)
// CHECK:             linalg.generic {{.*}} outs(%[[P]] : tensor<128x64xf32>)
// CHECK:               arith.maximumf
// CHECK:         tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [8, 128, 64] : tensor<1024x64xf32> into tensor<8x128x64xf32>
// CHECK-NOT:     linalg.generic {{.*}}"reduction"
func.func @dense_relu(%x: tensor<8x128x256xf32>, %w: tensor<256x64xf32>, %b: tensor<64xf32>) -> tensor<8x128x64xf32> {
  %0 = hlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<8x128x256xf32>, tensor<256x64xf32>) -> tensor<8x128x64xf32>
  %1 = hlo.broadcast_in_dim %b, dims = [2] : (tensor<64xf32>) -> tensor<8x128x64xf32>
  %2 = hlo.add %0, %1 : tensor<8x128x64xf32>
  %z = hlo.constant dense<0.0> : tensor<8x128x64xf32>
  %3 = hlo.maximum %2, %z : tensor<8x128x64xf32>
  return %3 : tensor<8x128x64xf32>
}

// Product tiles divide the product, so that every tile has a static shape
// (a partial last tile would be dynamic and stay scalar): 144 rows in tiles
// of 72, the largest divisor up to the 128 preferred.
// CHECK-LABEL: func.func @odd_rows
// CHECK:         scf.for %{{.*}} = %{{.*}} to %c144 step %c72
// CHECK:           linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<72x64xf32>, tensor<64x32xf32>)
// CHECK-NOT:     affine.min
func.func @odd_rows(%x: tensor<144x64xf32>, %w: tensor<64x32xf32>, %b: tensor<144x32xf32>) -> tensor<144x32xf32> {
  %0 = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<144x64xf32>, tensor<64x32xf32>) -> tensor<144x32xf32>
  %1 = hlo.subtract %b, %0 : tensor<144x32xf32>
  return %1 : tensor<144x32xf32>
}

// No tile size near the preferred one divides 1021 rows (a prime): the
// product and the epilogue stay whole, each vectorized with its own tails.
// CHECK-LABEL: func.func @prime_rows
// CHECK-NOT:     scf.for
// CHECK:         %[[P:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1021x64xf32>, tensor<64x32xf32>)
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %[[P]] : tensor<1021x32xf32>, tensor<1021x32xf32>)
func.func @prime_rows(%x: tensor<1021x64xf32>, %w: tensor<64x32xf32>, %b: tensor<1021x32xf32>) -> tensor<1021x32xf32> {
  %0 = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<1021x64xf32>, tensor<64x32xf32>) -> tensor<1021x32xf32>
  %1 = hlo.subtract %b, %0 : tensor<1021x32xf32>
  return %1 : tensor<1021x32xf32>
}
