// RUN: hlo-opt %s --hlo-legalize-custom-calls -split-input-file -verify-diagnostics

func.func @complex_qr(%a: tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.custom_call' op (target 'lapack_cgeqrf_ffi') is lowered for real matrices only (complex LAPACK routines are not supported yet)}}
  %0:2 = hlo.custom_call @lapack_cgeqrf_ffi(%a) : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>)
  return %0#0, %0#1 : tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>
}

// -----

func.func @smallest(%x: tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  // expected-error @+1 {{(target 'xla.topk') is lowered for largest = true only}}
  %0:2 = hlo.custom_call @xla.topk(%x) {xla.k = "2", xla.largest = "false"} : (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

func.func @wrong_vectors(%a: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<4xf32>, tensor<6x6xf32>, tensor<4x6xf32>, tensor<i32>) {
  // expected-error @+1 {{expects singular vectors of the economy (m x k, k x n) or full (m x m, n x n) sizes}}
  %0:5 = hlo.custom_call @lapack_sgesdd_ffi(%a) {mhlo.backend_config = {mode = 65 : ui8}} : (tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<4xf32>, tensor<6x6xf32>, tensor<4x6xf32>, tensor<i32>)
  return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<6x4xf32>, tensor<4xf32>, tensor<6x6xf32>, tensor<4x6xf32>, tensor<i32>
}

// -----

func.func @wrong_arity(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{(target 'lapack_spotrf_ffi') expects 1 operands and 2 results}}
  %0 = hlo.custom_call @lapack_spotrf_ffi(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @no_comparator(%x: tensor<4x11xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>) {
  // expected-error @+1 {{(target 'TopK') expects one comparator in xla.called_computations}}
  %0:2 = hlo.custom_call @TopK(%x) : (tensor<4x11xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
  return %0#0, %0#1 : tensor<4x3xf32>, tensor<4x3xi32>
}

// -----

func.func @bad_option(%a: tensor<4x4xf32>, %b: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{has an unknown side, uplo, diag or trans_x option}}
  %0 = hlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 88 : ui8, uplo = 76 : ui8}} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @tiled_layout(%a: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<i32>) {
  // expected-error @+1 {{operand #0 layout #hlo.layout<minor_to_major = [0, 1], tiles = [[8, 8]]> is tiled; tiled layouts are not supported here}}
  %0:2 = hlo.custom_call @lapack_spotrf_ffi(%a) {hlo.operand_layouts = [#hlo.layout<minor_to_major = [0, 1], tiles = [[8, 8]]>]} : (tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<8x8xf32>, tensor<i32>
}
