// RUN: hlo-opt %s --hlo-convolution-to-dot -split-input-file | FileCheck %s
// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-convolution-to-dot{max-slices=4}))' -split-input-file | FileCheck %s --check-prefix=LIMIT

// A 3x3 NHWC convolution: the padded input, one slice per kernel tap (with
// a unit dimension for the concatenation), the patches (batch, position...,
// tap x feature) contracted with the kernel as a 27x4 matrix: the product
// is the output, no reshape.
// CHECK-LABEL: func.func @nhwc_3x3
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x6x3xf32>, %[[K:.*]]: tensor<3x3x3x4xf32>)
// CHECK: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[P:.*]] = hlo.pad %[[X]], %[[Z]], low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<2x5x6x3xf32>, tensor<f32>) -> tensor<2x7x8x3xf32>
// CHECK: hlo.slice %[[P]] [0:2, 0:5, 0:6, 0:3]
// CHECK: hlo.reshape {{.*}} -> tensor<2x5x6x1x3xf32>
// CHECK: hlo.slice %[[P]] [0:2, 0:5, 1:7, 0:3]
// CHECK: hlo.slice %[[P]] [0:2, 2:7, 2:8, 0:3]
// CHECK: %[[C:.*]] = hlo.concatenate {{.*}} dim = 3 : {{.*}} -> tensor<2x5x6x9x3xf32>
// CHECK: %[[A:.*]] = hlo.reshape %[[C]] : (tensor<2x5x6x9x3xf32>) -> tensor<2x5x6x27xf32>
// CHECK: %[[W:.*]] = hlo.reshape %[[K]] : (tensor<3x3x3x4xf32>) -> tensor<27x4xf32>
// CHECK: %[[D:.*]] = hlo.dot_general %[[A]], %[[W]], contracting_dims = [3] x [0] : (tensor<2x5x6x27xf32>, tensor<27x4xf32>) -> tensor<2x5x6x4xf32>
// CHECK: return %[[D]]
// CHECK-NOT: hlo.convolution
// LIMIT-LABEL: func.func @nhwc_3x3
// LIMIT: hlo.convolution
func.func @nhwc_3x3(%x: tensor<2x5x6x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<2x5x6x4xf32> {
  %r = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x5x6x4xf32>
  return %r : tensor<2x5x6x4xf32>
}

// -----

// The weight gradient of a 3x3 convolution (jax's swapped dimension
// numbers): 9 output positions against 36 taps, so one slice per output
// position (each holding every tap); the activations are transposed to
// [batch, spatial, feature] first, the output gradient (the "kernel") to
// [spatial, in, out].
// CHECK-LABEL: func.func @weight_grad
// CHECK-SAME: (%[[X:.*]]: tensor<4x6x6x3xf32>, %[[G:.*]]: tensor<4x6x6x5xf32>)
// CHECK: %[[T:.*]] = hlo.transpose %[[X]], dims = [3, 1, 2, 0] : (tensor<4x6x6x3xf32>) -> tensor<3x6x6x4xf32>
// CHECK: %[[P:.*]] = hlo.pad %[[T]], {{.*}} -> tensor<3x8x8x4xf32>
// CHECK: hlo.slice %[[P]] [0:3, 0:6, 0:6, 0:4]
// CHECK: hlo.reshape {{.*}} -> tensor<1x3x6x6x4xf32>
// CHECK: hlo.slice %[[P]] [0:3, 2:8, 2:8, 0:4]
// CHECK: %[[C:.*]] = hlo.concatenate {{.*}} dim = 0 : {{.*}} -> tensor<9x3x6x6x4xf32>
// CHECK: %[[KT:.*]] = hlo.transpose %[[G]], dims = [1, 2, 0, 3] : (tensor<4x6x6x5xf32>) -> tensor<6x6x4x5xf32>
// CHECK: %[[A:.*]] = hlo.reshape %[[C]] : (tensor<9x3x6x6x4xf32>) -> tensor<3x3x3x144xf32>
// CHECK: %[[W:.*]] = hlo.reshape %[[KT]] : (tensor<6x6x4x5xf32>) -> tensor<144x5xf32>
// CHECK: %[[D:.*]] = hlo.dot_general %[[A]], %[[W]], contracting_dims = [3] x [0] : (tensor<3x3x3x144xf32>, tensor<144x5xf32>) -> tensor<3x3x3x5xf32>
// CHECK: return %[[D]]
func.func @weight_grad(%x: tensor<4x6x6x3xf32>, %g: tensor<4x6x6x5xf32>) -> tensor<3x3x3x5xf32> {
  %r = hlo.convolution(%x, %g) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x6x6x3xf32>, tensor<4x6x6x5xf32>) -> tensor<3x3x3x5xf32>
  return %r : tensor<3x3x3x5xf32>
}

// -----

// NCHW, a 1x1 kernel with stride 2: one strided slice, the product
// transposed back to NCHW.
// CHECK-LABEL: func.func @nchw_1x1_stride2
// CHECK: %[[T:.*]] = hlo.transpose %{{.*}}, dims = [0, 2, 3, 1] : (tensor<2x8x9x7xf32>) -> tensor<2x9x7x8xf32>
// CHECK: hlo.slice %[[T]] [0:2, 0:9:2, 0:7:2, 0:8] : (tensor<2x9x7x8xf32>) -> tensor<2x5x4x8xf32>
// CHECK: hlo.transpose %{{.*}}, dims = [2, 3, 1, 0] : (tensor<5x8x1x1xf32>) -> tensor<1x1x8x5xf32>
// CHECK: %[[O:.*]] = hlo.dot_general {{.*}} : (tensor<2x5x4x8xf32>, tensor<8x5xf32>) -> tensor<2x5x4x5xf32>
// CHECK: hlo.transpose %[[O]], dims = [0, 3, 1, 2] : (tensor<2x5x4x5xf32>) -> tensor<2x5x5x4xf32>
func.func @nchw_1x1_stride2(%x: tensor<2x8x9x7xf32>, %k: tensor<5x8x1x1xf32>) -> tensor<2x5x5x4xf32> {
  %r = hlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x9x7xf32>, tensor<5x8x1x1xf32>) -> tensor<2x5x5x4xf32>
  return %r : tensor<2x5x5x4xf32>
}

// -----

// A transposed convolution (lhs dilation 2): interior padding puts the
// zeros between the input's elements; a reversed kernel dimension is an
// hlo.reverse of the kernel.
// CHECK-LABEL: func.func @transposed
// CHECK: hlo.pad %{{.*}}, low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 1, 1, 0] : (tensor<1x3x3x2xf32>, tensor<f32>) -> tensor<1x7x7x2xf32>
// CHECK: hlo.concatenate {{.*}} -> tensor<1x6x6x4x2xf32>
// CHECK: %[[REV:.*]] = hlo.reverse %{{.*}}, dims = [0] : tensor<2x2x2x4xf32>
// CHECK: hlo.reshape %[[REV]] : (tensor<2x2x2x4xf32>) -> tensor<8x4xf32>
// CHECK: hlo.dot_general {{.*}} -> tensor<1x6x6x4xf32>
func.func @transposed(%x: tensor<1x3x3x2xf32>, %k: tensor<2x2x2x4xf32>) -> tensor<1x6x6x4xf32> {
  %r = hlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x2xf32>, tensor<2x2x2x4xf32>) -> tensor<1x6x6x4xf32>
  return %r : tensor<1x6x6x4xf32>
}

// -----

// Feature groups: the groups are a batching dimension of the dot, the
// product's group dimension moved next to the per-group outputs.
// CHECK-LABEL: func.func @feature_groups
// CHECK: %[[A:.*]] = hlo.reshape %{{.*}} : (tensor<1x4x3x6xf32>) -> tensor<4x3x3x2xf32>
// CHECK: %[[W:.*]] = hlo.reshape %{{.*}} : (tensor<3x2x6xf32>) -> tensor<3x2x3x2xf32>
// CHECK: %[[D:.*]] = hlo.dot_general %[[A]], %[[W]], batching_dims = [2] x [2], contracting_dims = [1, 3] x [0, 1] : (tensor<4x3x3x2xf32>, tensor<3x2x3x2xf32>) -> tensor<3x4x2xf32>
// CHECK: hlo.transpose %[[D]], dims = [1, 0, 2] : (tensor<3x4x2xf32>) -> tensor<4x3x2xf32>
func.func @feature_groups(%x: tensor<1x4x6xf32>, %k: tensor<3x2x6xf32>) -> tensor<1x4x6xf32> {
  %r = hlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x4x6xf32>, tensor<3x2x6xf32>) -> tensor<1x4x6xf32>
  return %r : tensor<1x4x6xf32>
}

// -----

// Batch groups: group g takes the g-th block of the input's batch and the
// g-th block of output features.
// CHECK-LABEL: func.func @batch_groups
// CHECK: %[[A:.*]] = hlo.reshape %{{.*}} : (tensor<4x3x3x2xf32>) -> tensor<1x2x6x6xf32>
// CHECK: %[[W:.*]] = hlo.reshape %{{.*}} : (tensor<3x2x6xf32>) -> tensor<6x2x3xf32>
// CHECK: %[[D:.*]] = hlo.dot_general %[[A]], %[[W]], batching_dims = [1] x [1], contracting_dims = [3] x [0] : (tensor<1x2x6x6xf32>, tensor<6x2x3xf32>) -> tensor<2x1x6x3xf32>
// CHECK: hlo.transpose %[[D]], dims = [1, 2, 0, 3]
func.func @batch_groups(%x: tensor<4x5x2xf32>, %k: tensor<3x2x6xf32>) -> tensor<2x3x6xf32> {
  %r = hlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<4x5x2xf32>, tensor<3x2x6xf32>) -> tensor<2x3x6xf32>
  return %r : tensor<2x3x6xf32>
}

// -----

// Left to the direct lowering: integers, mixed element types, negative
// padding, depthwise.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-4: hlo.convolution
// CHECK-NOT: hlo.dot_general
func.func @left_alone(%x: tensor<1x5x2xi32>, %k: tensor<3x2x2xi32>, %xb: tensor<1x5x2xi8>, %kb: tensor<3x2x2xi8>, %xf: tensor<1x5x2xf32>, %kf: tensor<3x2x2xf32>, %kd: tensor<3x1x2xf32>) -> (tensor<1x3x2xi32>, tensor<1x3x2xi32>, tensor<1x1x2xf32>, tensor<1x3x2xf32>) {
  %0 = hlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2xi32>, tensor<3x2x2xi32>) -> tensor<1x3x2xi32>
  %1 = hlo.convolution(%xb, %kb) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2xi8>, tensor<3x2x2xi8>) -> tensor<1x3x2xi32>
  %2 = hlo.convolution(%xf, %kf) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[-1, -1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x2xf32>, tensor<3x2x2xf32>) -> tensor<1x1x2xf32>
  %3 = hlo.convolution(%xf, %kd) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x5x2xf32>, tensor<3x1x2xf32>) -> tensor<1x3x2xf32>
  return %0, %1, %2, %3 : tensor<1x3x2xi32>, tensor<1x3x2xi32>, tensor<1x1x2xf32>, tensor<1x3x2xf32>
}
