// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// Every static tensor type an hlo op uses must have a size in bytes that a
// 64-bit integer holds (HLO_AddressableShapes): a wrapped element count
// would make shape functions, folders and lowerings compute with a wrong
// size. Checked before the op's own verifier and type inference.

func.func @result_overflows(%x: tensor<f32>) -> tensor<999999999999x999999999999xf32> {
  // expected-error @+1 {{'hlo.broadcast_in_dim' op result #0 of type 'tensor<999999999999x999999999999xf32>' takes more bytes than a 64-bit size can count}}
  %0 = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<999999999999x999999999999xf32>
  return %0 : tensor<999999999999x999999999999xf32>
}

// -----

func.func @operand_overflows(%x: tensor<4294967296x4294967296xi8>) -> tensor<4294967296x4294967296xi8> {
  // expected-error @+1 {{'hlo.add' op operand #0 of type 'tensor<4294967296x4294967296xi8>' takes more bytes than a 64-bit size can count}}
  %0 = hlo.add %x, %x : tensor<4294967296x4294967296xi8>
  return %0 : tensor<4294967296x4294967296xi8>
}

// -----

// 2^61 elements fit in int64, their 2^64 bytes (complex<f32>: 8 each) do
// not.
func.func @bytes_overflow() -> tensor<2305843009213693952xcomplex<f32>> {
  // expected-error @+1 {{'hlo.constant' op result #0 of type 'tensor<2305843009213693952xcomplex<f32>>' takes more bytes than a 64-bit size can count}}
  %0 = hlo.constant dense<(1.0, 0.0)> : tensor<2305843009213693952xcomplex<f32>>
  return %0 : tensor<2305843009213693952xcomplex<f32>>
}

// -----

// The largest sizes that fit (10^12 elements, 4 TB) are valid types: a
// program may declare them; running one is refused by the runner's memory
// limit (test/tools/hlo-runner/max-memory.test).
func.func @large_but_addressable(%x: tensor<1000000x1000000xf32>) -> tensor<1000000x1000000xf32> {
  %0 = hlo.add %x, %x : tensor<1000000x1000000xf32>
  return %0 : tensor<1000000x1000000xf32>
}

// -----

// A constant shape operand of 2^32 elements (a fuzzer's mutation) is not
// expanded into a vector by the verifier (that aborted out of memory): its
// length is rejected.
func.func @huge_shape_operand(%x: tensor<3x4x2xi64>, %i: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %sizes = hlo.constant dense<1> : tensor<4294967296xi64>
  // expected-error @+1 {{slice_sizes must have one entry per operand dimension (dynamic_gather_c11), found 4294967296 for rank 3}}
  %r = "hlo.dynamic_gather"(%x, %i, %sizes) {
    dimension_numbers = #hlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<4294967296xi64>) -> tensor<2x3x2x2xi64>
  return %r : tensor<2x3x2x2xi64>
}
