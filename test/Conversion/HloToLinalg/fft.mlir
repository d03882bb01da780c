// RUN: hlo-opt %s --hlo-legalize-to-linalg --canonicalize | FileCheck %s

// Complex data as its real and imaginary parts; 8 = 4 x 2: two
// decimation-in-frequency stages, each one parallel generic summing the
// radix's input digits (slices) against DFT-and-twiddle constants, then the
// digit reversal.
// CHECK-LABEL: func.func @fft_radix_4_2
// CHECK-DAG:     arith.constant dense<{{.*}}0.707106769{{.*}}> : tensor<4x2xf32>
// CHECK-DAG:     arith.constant dense<[1.000000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK:         %[[PARTS:.*]]:2 = linalg.generic
// CHECK:           complex.re
// CHECK:           complex.im
// CHECK:         %[[RE:.*]] = tensor.expand_shape %[[PARTS]]#0 {{.*}} into tensor<2x4x2xf32>
// CHECK:         %[[X0:.*]] = tensor.extract_slice %[[RE]][0, 0, 0] [2, 1, 2] [1, 1, 1] : tensor<2x4x2xf32> to tensor<2x2xf32>
// CHECK:         %[[X3:.*]] = tensor.extract_slice %[[RE]][0, 3, 0] [2, 1, 2] [1, 1, 1] : tensor<2x4x2xf32> to tensor<2x2xf32>
// CHECK:         %[[S1:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X0]], {{.*}} : tensor<2x2xf32>, {{.*}}, tensor<4x2xf32>, tensor<4x2xf32>) outs(%{{.*}}, %{{.*}} : tensor<2x4x2xf32>, tensor<2x4x2xf32>)
// CHECK-COUNT-16:  arith.mulf
// CHECK:           linalg.yield
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins({{.*}} : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%{{.*}}, %{{.*}} : tensor<8x2xf32>, tensor<8x2xf32>)
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<2x4x2x1xf32>) outs(%{{.*}} : tensor<2x2x4x1xf32>) permutation = [0, 2, 1, 3]
// CHECK:         linalg.transpose
// CHECK:         linalg.generic
// CHECK:           complex.create
func.func @fft_radix_4_2(%x: tensor<2x8xcomplex<f32>>) -> tensor<2x8xcomplex<f32>> {
  %0 = hlo.fft %x, type = FFT, length = [8] : (tensor<2x8xcomplex<f32>>) -> tensor<2x8xcomplex<f32>>
  return %0 : tensor<2x8xcomplex<f32>>
}

// A radix above the unrolled ones (13): a reduction over the input digit
// into a zero-filled result; the trailing dimension (3) is its own stage.
// CHECK-LABEL: func.func @fft_radix_13
// CHECK:         linalg.fill
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins({{.*}} : tensor<1x13x3xf64>, tensor<1x13x3xf64>, tensor<13x13xf64>, tensor<13x13xf64>)
// CHECK:         linalg.generic {{.*}} ins({{.*}} : tensor<13xf64>, tensor<13xf64>, tensor<13xf64>, tensor<13xf64>, tensor<13xf64>, tensor<13xf64>, tensor<3xf64>
func.func @fft_radix_13(%x: tensor<13x3xcomplex<f64>>) -> tensor<13x3xcomplex<f64>> {
  %0 = hlo.fft %x, type = FFT, length = [13, 3] : (tensor<13x3xcomplex<f64>>) -> tensor<13x3xcomplex<f64>>
  return %0 : tensor<13x3xcomplex<f64>>
}

// RFFT of 8 real values: the 4-point complex transform of the even and odd
// values as real and imaginary parts, then one generic combining Z_k and
// conj Z_(4-k) with the twiddles W_8^k.
// CHECK-LABEL: func.func @rfft_half_length
// CHECK-DAG:     %[[W:.*]] = arith.constant dense<[1.000000e+00, 0.70710678118654757, 0.000000e+00, -0.70710678118654746, -1.000000e+00]> : tensor<5xf64>
// CHECK:         %[[PAIRS:.*]] = tensor.expand_shape %{{.*}} into tensor<1x4x2xf64>
// CHECK:         tensor.extract_slice %[[PAIRS]][0, 0, 0] [1, 4, 1] [1, 1, 1]
// CHECK:         tensor.extract_slice %[[PAIRS]][0, 0, 1] [1, 4, 1] [1, 1, 1]
// CHECK:         %[[Z:.*]]:2 = linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<1x4xf64>, tensor<1x4xf64>)
// CHECK:         linalg.generic {{.*}} ins(%[[W]], %{{.*}} : tensor<5xf64>, tensor<5xf64>) outs(%{{.*}}, %{{.*}} : tensor<1x5xf64>, tensor<1x5xf64>)
// CHECK:           tensor.extract %[[Z]]#0
// CHECK:           tensor.extract %[[Z]]#1
// CHECK:         complex.create
func.func @rfft_half_length(%x: tensor<8xf64>) -> tensor<5xcomplex<f64>> {
  %0 = hlo.fft %x, type = RFFT, length = [8] : (tensor<8xf64>) -> tensor<5xcomplex<f64>>
  return %0 : tensor<5xcomplex<f64>>
}

// IRFFT of 8 values: the converse, then z_j = x_2j + i x_2j+1 interleaved
// into the real result.
// CHECK-LABEL: func.func @irfft_half_length
// CHECK:         linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK:           tensor.extract
// CHECK:         linalg.generic {{.*}} outs(%{{.*}}, %{{.*}} : tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK:         %[[PAIRS:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4x2xf32>)
// CHECK:           arith.select
// CHECK:         tensor.collapse_shape %[[PAIRS]] {{.*}} into tensor<2x8xf32>
func.func @irfft_half_length(%x: tensor<2x5xcomplex<f32>>) -> tensor<2x8xf32> {
  %0 = hlo.fft %x, type = IRFFT, length = [8] : (tensor<2x5xcomplex<f32>>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// A prime above the largest radix along a leading dimension (T = 2 trailing
// values, transformed next): Bluestein's algorithm, the chirp product padded
// to 128 = 4 x 4 x 4 x 2 points, transformed forward and back around the
// constant spectrum of the conjugate chirp (scaled by 1/37 for IFFT), cut
// back to 37 values.
// CHECK-LABEL: func.func @bluestein
// CHECK:         linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x37x2xf32>, tensor<1x37x2xf32>, tensor<37xf32>, tensor<37xf32>)
// CHECK:         tensor.insert_slice %{{.*}} into %{{.*}}[0, 0, 0] [1, 37, 2] [1, 1, 1] : tensor<1x37x2xf32> into tensor<1x128x2xf32>
// CHECK:         linalg.generic {{.*}} : tensor<1x32x2xf32>, {{.*}}, tensor<4x32xf32>, tensor<4x32xf32>) outs({{.*}} : tensor<1x4x32x2xf32>, tensor<1x4x32x2xf32>)
// CHECK:         linalg.transpose {{.*}} permutation = [0, 4, 3, 2, 1, 5]
// CHECK:         linalg.generic {{.*}} : tensor<1x128x2xf32>, tensor<1x128x2xf32>, tensor<128xf32>, tensor<128xf32>)
// CHECK:         linalg.generic {{.*}} : tensor<1x32x2xf32>, {{.*}}, tensor<4x32xf32>, tensor<4x32xf32>) outs({{.*}} : tensor<1x4x32x2xf32>, tensor<1x4x32x2xf32>)
// CHECK:         linalg.transpose {{.*}} permutation = [0, 4, 3, 2, 1, 5]
// CHECK:         tensor.extract_slice %{{.*}}[0, 0, 0] [1, 37, 2] [1, 1, 1] : tensor<1x128x2xf32> to tensor<1x37x2xf32>
// CHECK:         linalg.generic {{.*}} : tensor<1x37x2xf32>, tensor<1x37x2xf32>, tensor<37xf32>, tensor<37xf32>)
func.func @bluestein(%x: tensor<37x2xcomplex<f32>>) -> tensor<37x2xcomplex<f32>> {
  %0 = hlo.fft %x, type = IFFT, length = [37, 2] : (tensor<37x2xcomplex<f32>>) -> tensor<37x2xcomplex<f32>>
  return %0 : tensor<37x2xcomplex<f32>>
}
