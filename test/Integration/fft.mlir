// fft on run-time inputs: the spectrum of [1, 2, 3, 4] is
// [10, -2+2i, -2, -2-2i]; RFFT keeps its first three coefficients, IRFFT of
// those gives the signal back, and so does IFFT of FFT. Compared with the
// exact values within 1e-12.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %hlo_src_root/utils/npy.py write %t/x.npy f8 4 1 2 3 4
// RUN: %python %hlo_src_root/utils/npy.py write %t/index3.npy i8 3 0 1 2
// RUN: hlo-runner %s --input %t/x.npy --output %t/out
// RUN: %python %S/Inputs/reference.py map --abs=1e-12 "lambda i: [10, complex(-2, 2), -2][i]" %t/out/result0.npy %t/index3.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-12 "lambda x: x" %t/out/result1.npy %t/x.npy
// RUN: %python %S/Inputs/reference.py map --abs=1e-12 "lambda x: complex(x, 0)" %t/out/result2.npy %t/x.npy
func.func @main(%x: tensor<4xf64>) -> (tensor<3xcomplex<f64>>, tensor<4xf64>, tensor<4xcomplex<f64>>) {
  %0 = hlo.fft %x, type = RFFT, length = [4] : (tensor<4xf64>) -> tensor<3xcomplex<f64>>
  %1 = hlo.fft %0, type = IRFFT, length = [4] : (tensor<3xcomplex<f64>>) -> tensor<4xf64>
  %zero = hlo.constant dense<0.0> : tensor<4xf64>
  %c = hlo.complex %x, %zero : tensor<4xcomplex<f64>>
  %f = hlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  %2 = hlo.fft %f, type = IFFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  return %0, %1, %2 : tensor<3xcomplex<f64>>, tensor<4xf64>, tensor<4xcomplex<f64>>
}
