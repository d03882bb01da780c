// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Negative tests of hlo.fft, one per StableHLO constraint (fft_c<N>); more
// are in fft.mlir.

func.func @fft_c2_fft_element_types(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>> {
  // expected-error @+1 {{'hlo.fft' op FFT maps a complex type to itself (fft_c2), found 'complex<f32>' to 'complex<f64>'}}
  %0 = hlo.fft %x, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

func.func @fft_c2_irfft_element_types(%x: tensor<3xcomplex<f32>>) -> tensor<4xf64> {
  // expected-error @+1 {{'hlo.fft' op IRFFT maps a complex type to its floating-point type (fft_c2), found 'complex<f32>' to 'f64'}}
  %0 = hlo.fft %x, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @fft_c3_too_many_lengths(%x: tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op fft_length must have 1 to 3 entries (fft_c3), found 4}}
  %0 = hlo.fft %x, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return %0 : tensor<2x2x2x2xcomplex<f32>>
}

// -----

func.func @fft_c3_no_length(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op fft_length must have 1 to 3 entries (fft_c3), found 0}}
  %0 = hlo.fft %x, type = FFT, length = [] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @fft_c4_rfft_operand_length(%x: tensor<8xf32>) -> tensor<5xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op dimension 0 of 'tensor<8xf32>' must be fft_length[0] = 4 (fft_c4)}}
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

func.func @fft_c4_irfft_result_length(%x: tensor<2x3xcomplex<f32>>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'hlo.fft' op dimension 0 of 'tensor<2x4xf32>' must be fft_length[0] = 3 (fft_c4)}}
  %0 = hlo.fft %x, type = IRFFT, length = [3, 4] : (tensor<2x3xcomplex<f32>>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @fft_c5_irfft_operand_last_dim(%x: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.fft' op dimension 0 of the operand must be 3 (fft_c5), found 'tensor<4xcomplex<f32>>' and 'tensor<4xf32>'}}
  %0 = hlo.fft %x, type = IRFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fft_c5_batch_dims(%x: tensor<2x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>> {
  // expected-error @+1 {{'hlo.fft' op dimension 0 of the result must be 2 (fft_c5), found 'tensor<2x4xcomplex<f32>>' and 'tensor<3x4xcomplex<f32>>'}}
  %0 = hlo.fft %x, type = FFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %0 : tensor<3x4xcomplex<f32>>
}

// -----

// Valid: the spec's examples' shapes, batched and multi-dimensional.
func.func @fft_valid(%x: tensor<2x4xf64>, %c: tensor<2x4x3xcomplex<f32>>, %y: tensor<6xcomplex<f32>>) -> (tensor<2x3xcomplex<f64>>, tensor<2x4x4xf32>, tensor<6xcomplex<f32>>) {
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<2x4xf64>) -> tensor<2x3xcomplex<f64>>
  %1 = hlo.fft %c, type = IRFFT, length = [4, 4] : (tensor<2x4x3xcomplex<f32>>) -> tensor<2x4x4xf32>
  %2 = hlo.fft %y, type = IFFT, length = [6] : (tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f32>>
  return %0, %1, %2 : tensor<2x3xcomplex<f64>>, tensor<2x4x4xf32>, tensor<6xcomplex<f32>>
}
