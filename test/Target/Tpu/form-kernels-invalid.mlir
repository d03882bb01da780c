// RUN: hlo-opt --hlo-tpu-form-kernels --split-input-file --verify-diagnostics %s
// RUN: not hlo-opt --hlo-tpu-form-kernels="chip=v4" %s 2>&1 | FileCheck %s --check-prefix=CHIP

// CHIP: unknown TPU chip 'v4' (known: v5e, v6e)

func.func @f64(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{unsupported on TPU: f64}}
  %0 = hlo.convert %x : (tensor<8x128xf32>) -> tensor<8x128xf64>
  %1 = hlo.convert %0 : (tensor<8x128xf64>) -> tensor<8x128xf32>
  return %1 : tensor<8x128xf32>
}

// -----

// expected-error @+1 {{unsupported on TPU: i64 (parameter #0)}}
func.func @i64_parameter(%x: tensor<4xi64>) -> tensor<4xf32> {
  %0 = hlo.constant dense<1.0> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dot(%a: tensor<8x128xf32>, %b: tensor<128x128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.dot_general}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x128xf32>, tensor<128x128xf32>) -> tensor<8x128xf32>
  return %0 : tensor<8x128xf32>
}

// -----

// The op that makes a fusion more than a loop is named.
func.func @reduce_fusion(%x: tensor<8x128xf32>) -> tensor<8xf32> {
  %0 = hlo.fusion kind = input (%p = %x) : (tensor<8x128xf32>) -> tensor<8xf32> {
    %z = hlo.constant dense<0.0> : tensor<f32>
    // expected-error @+1 {{not yet supported on tpu-sim: hlo.reduce}}
    %1 = hlo.reduce(%p init: %z) applies hlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
    hlo.return %1 : tensor<8xf32>
  }
  return %0 : tensor<8xf32>
}

// -----

func.func @middle_broadcast(%x: tensor<2x4x3xf32>, %y: tensor<4xf32>) -> tensor<2x4x3xf32> {
  %0 = hlo.fusion kind = loop (%p0 = %x, %p1 = %y) : (tensor<2x4x3xf32>, tensor<4xf32>) -> tensor<2x4x3xf32> {
    // expected-error @+1 {{not yet supported on tpu-sim: hlo.broadcast_in_dim (a broadcast other than of rows, columns or scalars)}}
    %1 = hlo.broadcast_in_dim %p1, dims = [1] : (tensor<4xf32>) -> tensor<2x4x3xf32>
    %2 = hlo.add %p0, %1 : tensor<2x4x3xf32>
    hlo.return %2 : tensor<2x4x3xf32>
  }
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @transpose(%x: tensor<8x128xf32>) -> tensor<128x8xf32> {
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.transpose}}
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<8x128xf32>) -> tensor<128x8xf32>
  return %0 : tensor<128x8xf32>
}
