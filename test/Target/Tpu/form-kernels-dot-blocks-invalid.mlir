// RUN: hlo-opt --split-input-file --verify-diagnostics --hlo-tpu-form-kernels="dot-block-m=128 dot-block-k=100" %s
// RUN: not hlo-opt --hlo-tpu-form-kernels="dot-block-n=-128" %s 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// NEGATIVE: hlo-tpu-form-kernels: dot-block-n=-128 is negative

// dot-block-k must be whole MXU tiles (128 rows on v5e).
func.func @float_dot(%a: tensor<256x256xbf16>, %b: tensor<256x256xbf16>) -> tensor<256x256xf32> {
  // expected-error @+1 {{dot-block-k=100 is not a multiple of the 128-element tiles of this dot's dimension}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x256xbf16>, tensor<256x256xbf16>) -> tensor<256x256xf32>
  return %0 : tensor<256x256xf32>
}

// -----

// Integer dots' K blocks are whole lane registers (128).
func.func @integer_dot(%a: tensor<256x256xi32>, %b: tensor<256x256xi32>) -> tensor<256x256xi32> {
  // expected-error @+1 {{dot-block-k=100 is not a multiple of the 128-element tiles of this dot's dimension}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x256xi32>, tensor<256x256xi32>) -> tensor<256x256xi32>
  return %0 : tensor<256x256xi32>
}
