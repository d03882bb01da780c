// RUN: hlo-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @transforms
// CHECK: hlo.fft %arg0, type = RFFT, length = [4] : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
// CHECK: hlo.fft %{{.*}}, type = IRFFT, length = [4] : (tensor<2x3xcomplex<f32>>) -> tensor<2x4xf32>
func.func @transforms(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  %1 = hlo.fft %0, type = IRFFT, length = [4] : (tensor<2x3xcomplex<f32>>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

func.func @fft_c1_length(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{fft_length must not have more entries than the operand's rank 1 (fft_c1), found 2}}
  %0 = hlo.fft %x, type = FFT, length = [4, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @rfft_takes_reals(%x: tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{RFFT maps a floating-point type to the complex type of its semantics (fft_c2), found 'complex<f32>' to 'complex<f32>'}}
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @rfft_result_size(%x: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{dimension 0 of the result must be 3 (fft_c5), found 'tensor<4xf32>' and 'tensor<4xcomplex<f32>>'}}
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
