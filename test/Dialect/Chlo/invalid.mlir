// RUN: hlo-opt %s -split-input-file -verify-diagnostics

func.func @top_k_rank0(%x: tensor<f32>) {
  // expected-error @+1 {{'chlo.top_k' op expects an operand of rank at least 1, got rank 0}}
  %v, %i = chlo.top_k(%x, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @top_k_negative(%x: tensor<5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects k >= 0, got -1}}
  %v, %i = chlo.top_k(%x, k = -1) : tensor<5xf32> -> (tensor<0xf32>, tensor<0xi32>)
  return
}

// -----

func.func @top_k_too_large(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects k <= the size of the last dimension (5), got 6}}
  %v, %i = chlo.top_k(%x, k = 6) : tensor<2x5xf32> -> (tensor<2x6xf32>, tensor<2x6xi32>)
  return
}

// -----

func.func @top_k_values_shape(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects values of type 'tensor<2x3xf32>' (the operand's with the last dimension k), got 'tensor<2x2xf32>'}}
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x2xf32>, tensor<2x3xi32>)
  return
}

// -----

func.func @top_k_values_type(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects values of type 'tensor<2x3xf32>' (the operand's with the last dimension k), got 'tensor<2x3xf16>'}}
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf16>, tensor<2x3xi32>)
  return
}

// -----

func.func @top_k_indices(%x: tensor<2x5xf32>) {
  // expected-error @+1 {{'chlo.top_k' op expects indices of type 'tensor<2x3xi32>', got 'tensor<2x4xi32>'}}
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x4xi32>)
  return
}

// -----

func.func @lgamma_needs_floats(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'chlo.lgamma' op operand #0 must be ranked tensor of floating-point values}}
  %0 = chlo.lgamma %x : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @next_after_types(%x: tensor<4xf32>, %y: tensor<4xf64>) {
  // expected-error @+1 {{'chlo.next_after' op requires the same type for all operands and results}}
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  return
}
