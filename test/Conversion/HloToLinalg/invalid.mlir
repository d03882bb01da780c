// What the lowering cannot handle is an error naming the op, at its
// location, and the pass fails; nothing crashes.
// RUN: hlo-opt %s -split-input-file --hlo-legalize-to-linalg -verify-diagnostics

func.func @dynamic_broadcast(%x: tensor<?xf32>) -> tensor<4x?xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.broadcast_in_dim' that was explicitly marked illegal}}
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<?xf32>) -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

func.func @dynamic_dot(%a: tensor<?x8xf32>, %b: tensor<8x16xf32>) -> tensor<?x16xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.dot_general'}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}

// -----

func.func @complex_remainder(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+2 {{'hlo.remainder' op has no scalar lowering for element type 'complex<f32>'}}
  // expected-error @+1 {{failed to legalize operation 'hlo.remainder'}}
  %0 = hlo.remainder %a, %a : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @reduce_with_non_elementwise_body(%x: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.reduce'}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      // expected-error @+1 {{'hlo.broadcast_in_dim' op is not an elementwise op}}
      %c = hlo.broadcast_in_dim %b, dims = [] : (tensor<f32>) -> tensor<f32>
      %s = hlo.add %a, %c : tensor<f32>
      hlo.return %s : tensor<f32>
    }
  return %0 : tensor<4xf32>
}
