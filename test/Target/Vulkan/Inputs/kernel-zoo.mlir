// Kernels of many forms in one program (compiled only, never run): row and
// column reductions, a transpose, a dot, a convolution, bf16 arithmetic on
// 8-lane vectors (unrolled to SPIR-V's 4), complex storage, f64 math
// through our expansions, integer and boolean ops.
func.func @main(%a: tensor<16x256xf32>, %b: tensor<256x8xf32>, %x: tensor<1x8x8x4xf32>,
                %k: tensor<3x3x4x2xf32>, %h: tensor<64xbf16>, %c: tensor<32xcomplex<f32>>,
                %d: tensor<32xf64>, %i: tensor<32xi16>)
    -> (tensor<16xf32>, tensor<256xf32>, tensor<256x16xf32>, tensor<16x8xf32>,
        tensor<1x6x6x2xf32>, tensor<64xbf16>, tensor<32xcomplex<f32>>, tensor<32xf64>,
        tensor<32xi1>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %rows = hlo.reduce(%a init: %zero) applies hlo.add across dimensions = [1] : (tensor<16x256xf32>, tensor<f32>) -> tensor<16xf32>
  %cols = hlo.reduce(%a init: %zero) applies hlo.maximum across dimensions = [0] : (tensor<16x256xf32>, tensor<f32>) -> tensor<256xf32>
  %t = hlo.transpose %a, dims = [1, 0] : (tensor<16x256xf32>) -> tensor<256x16xf32>
  %dot = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x8xf32>) -> tensor<16x8xf32>
  %conv = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x2xf32>) -> tensor<1x6x6x2xf32>
  %hh = hlo.multiply %h, %h : tensor<64xbf16>
  %cc = hlo.multiply %c, %c : tensor<32xcomplex<f32>>
  %dd = hlo.exponential %d : tensor<32xf64>
  %ii = hlo.add %i, %i : tensor<32xi16>
  %zi = hlo.constant dense<0> : tensor<32xi16>
  %p = hlo.compare GT, %ii, %zi : (tensor<32xi16>, tensor<32xi16>) -> tensor<32xi1>
  return %rows, %cols, %t, %dot, %conv, %hh, %cc, %dd, %p : tensor<16xf32>, tensor<256xf32>, tensor<256x16xf32>, tensor<16x8xf32>, tensor<1x6x6x2xf32>, tensor<64xbf16>, tensor<32xcomplex<f32>>, tensor<32xf64>, tensor<32xi1>
}
