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

// Integer dots run on the VPU and float dots on the MXU: integer operands
// with a float product are neither.
func.func @mixed_dot(%a: tensor<8x128xi8>, %b: tensor<128x128xi8>) -> tensor<8x128xf32> {
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.dot_general (a dot mixing integer and float types)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x128xi8>, tensor<128x128xi8>) -> tensor<8x128xf32>
  return %0 : tensor<8x128xf32>
}

// -----

func.func @predicate_dot(%a: tensor<8x128xi1>, %b: tensor<128x128xi1>) -> tensor<8x128xi1> {
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.dot_general (a dot of predicates)}}
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x128xi1>, tensor<128x128xi1>) -> tensor<8x128xi1>
  return %0 : tensor<8x128xi1>
}

// -----

// A reduction body reads values from outside it only when they are splat
// constants (a register holds one value per element).
func.func @reduce_outer_value(%x: tensor<8x128xf32>, %s: tensor<f32>) -> tensor<8xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.reduce (a body reading a value from outside it that is not a splat constant)}}
  %0 = hlo.reduce(%x init: %z) across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %1 = hlo.add %a, %s : tensor<f32>
    %2 = hlo.add %1, %b : tensor<f32>
    hlo.return %2 : tensor<f32>
  }
  return %0 : tensor<8xf32>
}

// -----

// The ops of a body other than one combiner are applied to registers:
// elementwise ops only.
func.func @reduce_body(%x: tensor<8x128xf32>, %i: tensor<8x128xi32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %zi = hlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.reduce (a body computing hlo.transpose)}}
  %0:2 = hlo.reduce(%x init: %z), (%i init: %zi) across dimensions = [1] : (tensor<8x128xf32>, tensor<8x128xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
    %1 = hlo.transpose %a, dims = [] : (tensor<f32>) -> tensor<f32>
    %2 = hlo.compare GE, %1, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = hlo.select %2, %a, %c : tensor<i1>, tensor<f32>
    %4 = hlo.select %2, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %3, %4 : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

func.func @reduce_apart(%x: tensor<2x8x128xf32>) -> tensor<8xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.reduce (a reduction over dimensions that are not adjacent)}}
  %0 = hlo.reduce(%x init: %z) applies hlo.add across dimensions = [0, 2] : (tensor<2x8x128xf32>, tensor<f32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// hlo-tpu-pipeline makes convolutions dots (hlo-convolution-to-dot); the
// ones it leaves (feature groups) reach this pass.
func.func @grouped_convolution(%x: tensor<2x3x9xf32>, %k: tensor<12x1x3xf32>) -> tensor<2x12x7xf32> {
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.convolution}}
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<2x3x9xf32>, tensor<12x1x3xf32>) -> tensor<2x12x7xf32>
  return %0 : tensor<2x12x7xf32>
}

// -----

// A sort's arrays stay in VMEM (two buffers each): 2 x 64 MiB here.
func.func @huge_sort(%x: tensor<2048x8192xf32>) -> tensor<2048x8192xf32> {
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.sort (a sort whose arrays do not fit half of VMEM)}}
  %0 = "hlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<2048x8192xf32>) -> tensor<2048x8192xf32>
  return %0 : tensor<2048x8192xf32>
}

// -----

// A comparator is applied to registers: elementwise ops only.
func.func @sort_comparator(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.sort (a body computing hlo.transpose)}}
  %0 = "hlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.transpose %a, dims = [] : (tensor<f32>) -> tensor<f32>
    %lt = hlo.compare LT, %t, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @select_and_scatter_padding(%x: tensor<4x5xf32>, %g: tensor<2x3xf32>) -> tensor<4x5xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.select_and_scatter (a select_and_scatter with padding)}}
  %0 = "hlo.select_and_scatter"(%x, %g, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }) : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// The selected offset is kept in integers of the elements' width: an i8
// window of 200 offsets does not fit.
func.func @select_and_scatter_offsets(%x: tensor<1x200xi8>, %g: tensor<1x1xi8>) -> tensor<1x200xi8> {
  %z = hlo.constant dense<0> : tensor<i8>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.select_and_scatter (a window of more offsets than its elements' width counts)}}
  %0 = "hlo.select_and_scatter"(%x, %g, %z) <{window_dimensions = array<i64: 1, 200>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %c = hlo.compare GE, %a, %b : (tensor<i8>, tensor<i8>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = hlo.add %a, %b : tensor<i8>
    hlo.return %s : tensor<i8>
  }) : (tensor<1x200xi8>, tensor<1x1xi8>, tensor<i8>) -> tensor<1x200xi8>
  return %0 : tensor<1x200xi8>
}

// -----

// Arrays reduced together share the registers' rows: bf16 values (16-row
// tiles) with i32 indices (8-row tiles) do not.
func.func @reduce_window_pairs(%x: tensor<4x6xbf16>, %i: tensor<4x6xi32>) -> (tensor<2x3xbf16>, tensor<2x3xi32>) {
  %z = hlo.constant dense<0.0> : tensor<bf16>
  %zi = hlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.reduce_window (a reduce_window of arrays of different element widths)}}
  %0:2 = "hlo.reduce_window"(%x, %i, %z, %zi) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<i32>, %c: tensor<bf16>, %d: tensor<i32>):
    %1 = hlo.compare GE, %a, %c : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %2 = hlo.select %1, %a, %c : tensor<i1>, tensor<bf16>
    %3 = hlo.select %1, %b, %d : tensor<i1>, tensor<i32>
    hlo.return %2, %3 : tensor<bf16>, tensor<i32>
  }) : (tensor<4x6xbf16>, tensor<4x6xi32>, tensor<bf16>, tensor<i32>) -> (tensor<2x3xbf16>, tensor<2x3xi32>)
  return %0#0, %0#1 : tensor<2x3xbf16>, tensor<2x3xi32>
}

// -----

// A reduce_window body other than one combiner is applied to registers:
// elementwise ops only.
func.func @reduce_window_body(%x: tensor<4x6xf32>) -> tensor<3x5xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.reduce_window (a body computing hlo.transpose)}}
  %0 = "hlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.transpose %a, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = hlo.subtract %t, %b : tensor<f32>
    hlo.return %1 : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @reduce_window_base_dilation(%x: tensor<4x6xf32>) -> tensor<6x10xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.reduce_window (a reduce_window with base dilations)}}
  %0 = "hlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 2>, base_dilations = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = hlo.add %a, %b : tensor<f32>
    hlo.return %1 : tensor<f32>
  }) : (tensor<4x6xf32>, tensor<f32>) -> tensor<6x10xf32>
  return %0 : tensor<6x10xf32>
}

// -----

func.func @reduce_window_vmem(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{not yet supported on tpu-sim: hlo.reduce_window (a reduce_window whose result takes more than a quarter of VMEM)}}
  %0 = "hlo.reduce_window"(%x, %z) <{window_dimensions = array<i64: 2, 1>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = hlo.add %a, %b : tensor<f32>
    hlo.return %1 : tensor<f32>
  }) : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// -----

// A reshape inside a fusion on a smaller array that does more than add or
// drop unit dimensions before a broadcast (here it regroups [6, 4] as
// [4, 6]): the kernel's registers cannot hold it.
func.func @reshape_before_broadcast(%x: tensor<4x6x8xf32>, %v: tensor<6x4xf32>) -> tensor<4x6x8xf32> {
  %0 = hlo.fusion kind = loop (%p0 = %x, %p1 = %v) : (tensor<4x6x8xf32>, tensor<6x4xf32>) -> tensor<4x6x8xf32> {
    // expected-error @+1 {{not yet supported on tpu-sim: hlo.reshape (a reshape of another size than the fusion's)}}
    %r = hlo.reshape %p1 : (tensor<6x4xf32>) -> tensor<4x6xf32>
    %b = hlo.broadcast_in_dim %r, dims = [0, 1] : (tensor<4x6xf32>) -> tensor<4x6x8xf32>
    %m = hlo.multiply %p0, %b : tensor<4x6x8xf32>
    hlo.return %m : tensor<4x6x8xf32>
  }
  return %0 : tensor<4x6x8xf32>
}
