// RUN: hlo-opt %s --split-input-file --hlo-outline-fusions=min-fusions=2 | FileCheck %s
// RUN: hlo-opt %s --split-input-file --hlo-outline-fusions=min-fusions=3 | FileCheck %s --check-prefix=SMALL

// Each fusion of a function holding at least min-fusions of them becomes a
// private, non-inlined function of its own, called in its place.
// CHECK-LABEL: func.func private @two_fusion0(
// CHECK-SAME:      %[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {passthrough = ["noinline"]}
// CHECK:         %[[F0:.*]]:2 = hlo.fusion kind = loop (%{{.*}} = %[[X]], %{{.*}} = %[[Y]])
// CHECK:         return %[[F0]]#0, %[[F0]]#1
// CHECK-LABEL: func.func private @two_fusion1(
// CHECK-SAME:      %[[A:.*]]: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]}
// CHECK:         %[[F:.*]] = hlo.fusion kind = loop (%{{.*}} = %[[A]])
// CHECK:           hlo.exponential
// CHECK:         return %[[F]] : tensor<4xf32>
// CHECK-LABEL: func.func @two(
// CHECK:         %[[C0:.*]]:2 = call @two_fusion0(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK:         %[[C1:.*]] = call @two_fusion1(%[[C0]]#1) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK:         return %[[C1]], %[[C0]]#0
// SMALL-LABEL: func.func @two(
// SMALL-NOT:     call
// SMALL:         hlo.fusion kind = loop
func.func @two(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %f:2 = hlo.fusion kind = loop (%a = %x, %b = %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %s = hlo.add %a, %b : tensor<4xf32>
    %t = hlo.tanh %s : tensor<4xf32>
    hlo.return %s, %t : tensor<4xf32>, tensor<4xf32>
  }
  %g = hlo.fusion kind = loop (%a = %f#1) : (tensor<4xf32>) -> tensor<4xf32> {
    %e = hlo.exponential %a : tensor<4xf32>
    hlo.return %e : tensor<4xf32>
  }
  return %g, %f#0 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A name that is taken is not reused.
// CHECK-LABEL: func.func private @f_fusion0_0(
// CHECK:           hlo.negate
// CHECK-LABEL: func.func private @f_fusion1(
// CHECK-LABEL: func.func @f(
// CHECK:         call @f_fusion0_0
// CHECK:         call @f_fusion1
// CHECK-LABEL: func.func private @f_fusion0(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f = hlo.fusion kind = loop (%a = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    %n = hlo.negate %a : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  %g = hlo.fusion kind = loop (%a = %f) : (tensor<4xf32>) -> tensor<4xf32> {
    %n = hlo.abs %a : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  return %g : tensor<4xf32>
}
func.func private @f_fusion0(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// Ops outside fusions that are loop nests of their own are outlined too
// (control flow with the values its regions use from above); constants and
// views stay.
// CHECK-LABEL: func.func private @g_fusion0(
// CHECK-LABEL: func.func private @g_fusion1(
// CHECK-LABEL: func.func private @g_op0(
// CHECK-SAME:      %{{.*}}: tensor<4x4xf32>, %{{.*}}: tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK:         hlo.dot_general
// CHECK-LABEL: func.func private @g_op1(
// CHECK-SAME:      %[[P:.*]]: tensor<i1>, %[[T:.*]]: tensor<4x4xf32>, %[[E:.*]]: tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK:         "hlo.if"(%[[P]])
// CHECK:           hlo.return %[[T]]
// CHECK:           hlo.return %[[E]]
// CHECK-LABEL: func.func @g(
// CHECK:         hlo.reshape
// CHECK:         call @g_fusion0
// CHECK:         call @g_op0
// CHECK:         call @g_fusion1
// CHECK:         call @g_op1
func.func @g(%x: tensor<16xf32>, %p: tensor<i1>) -> tensor<4x4xf32> {
  %r = hlo.reshape %x : (tensor<16xf32>) -> tensor<4x4xf32>
  %f = hlo.fusion kind = loop (%a = %r) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
    %n = hlo.negate %a : tensor<4x4xf32>
    hlo.return %n : tensor<4x4xf32>
  }
  %d = hlo.dot_general %f, %r, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %g = hlo.fusion kind = loop (%a = %d) : (tensor<4x4xf32>) -> tensor<4x4xf32> {
    %n = hlo.abs %a : tensor<4x4xf32>
    hlo.return %n : tensor<4x4xf32>
  }
  %i = "hlo.if"(%p) ({
    hlo.return %g : tensor<4x4xf32>
  }, {
    hlo.return %d : tensor<4x4xf32>
  }) : (tensor<i1>) -> tensor<4x4xf32>
  return %i : tensor<4x4xf32>
}

// -----

// Fusions in a while body stay in the body (the while is outlined as one
// function), so that the loop updates its carried values in place; they
// count towards min-fusions.
// CHECK-LABEL: func.func private @loop_op0(
// CHECK:         hlo.while
// CHECK:           hlo.fusion kind = loop
// CHECK-LABEL: func.func @loop(
// CHECK-NOT:     hlo.fusion
// CHECK:         call @loop_op0(
// SMALL-LABEL: func.func @loop(
// SMALL:         hlo.while
func.func @loop(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %go = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %go : tensor<i1>
    } do {
      %f = hlo.fusion kind = loop (%a = %v) : (tensor<4xf32>) -> tensor<4xf32> {
        %e = hlo.exponential %a : tensor<4xf32>
        hlo.return %e : tensor<4xf32>
      }
      %g = hlo.fusion kind = loop (%a = %f) : (tensor<4xf32>) -> tensor<4xf32> {
        %t = hlo.tanh %a : tensor<4xf32>
        hlo.return %t : tensor<4xf32>
      }
      %next = hlo.add %i, %one : tensor<i32>
      hlo.return %next, %g : tensor<i32>, tensor<4xf32>
    }
  return %r#1 : tensor<4xf32>
}

// -----

// A sort read only through slices (top_k) is outlined with its slices, moved
// next to it: its lowering picks partial selection from those users.
// CHECK-LABEL: func.func private @topk_op0(
// CHECK:         %[[S:.*]]:2 = "hlo.sort"
// CHECK:         %[[V:.*]] = hlo.slice %[[S]]#0 [0:2, 0:3]
// CHECK:         %[[I:.*]] = hlo.slice %[[S]]#1 [0:2, 0:3]
// CHECK:         return %[[V]], %[[I]]
// CHECK-LABEL: func.func @topk(
// CHECK:         %[[C:.*]]:2 = call @topk_op0(
// CHECK:         call @topk_fusion0(%[[C]]#0)
// CHECK:         return %{{.*}}, %[[C]]#1
// SMALL-LABEL: func.func @topk(
// SMALL:         "hlo.sort"
func.func @topk(%x: tensor<2x8xf32>, %i: tensor<2x8xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %s:2 = "hlo.sort"(%x, %i) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }) : (tensor<2x8xf32>, tensor<2x8xi32>) -> (tensor<2x8xf32>, tensor<2x8xi32>)
  %v = hlo.slice %s#0 [0:2, 0:3] : (tensor<2x8xf32>) -> tensor<2x3xf32>
  %f = hlo.fusion kind = loop (%a = %v) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
    %e = hlo.exponential %a : tensor<2x3xf32>
    hlo.return %e : tensor<2x3xf32>
  }
  %g = hlo.fusion kind = loop (%a = %f) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
    %t = hlo.tanh %a : tensor<2x3xf32>
    hlo.return %t : tensor<2x3xf32>
  }
  %idx = hlo.slice %s#1 [0:2, 0:3] : (tensor<2x8xi32>) -> tensor<2x3xi32>
  return %g, %idx : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// Data movement that copies (pad, concatenate, reverse) and the max pool
// gradient are loop nests of their own too, so a profile attributes them;
// slices stay views.
// CHECK-LABEL: func.func private @moves_op0(
// CHECK:         hlo.pad
// CHECK-LABEL: func.func private @moves_op1(
// CHECK:         hlo.concatenate
// CHECK-LABEL: func.func private @moves_op2(
// CHECK:         hlo.reverse
// CHECK-LABEL: func.func @moves(
// CHECK:         call @moves_fusion0
// CHECK:         call @moves_op0
// CHECK:         hlo.slice
// CHECK:         call @moves_op1
// CHECK:         call @moves_op2
// CHECK:         call @moves_fusion1
func.func @moves(%x: tensor<4xf32>) -> tensor<10xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %f = hlo.fusion kind = loop (%a = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    %n = hlo.negate %a : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  %p = hlo.pad %f, %zero, low = [1], high = [1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<6xf32>
  %s = hlo.slice %p [0:4] : (tensor<6xf32>) -> tensor<4xf32>
  %c = hlo.concatenate %p, %s, dim = 0 : (tensor<6xf32>, tensor<4xf32>) -> tensor<10xf32>
  %r = hlo.reverse %c, dims = [0] : tensor<10xf32>
  %g = hlo.fusion kind = loop (%a = %r) : (tensor<10xf32>) -> tensor<10xf32> {
    %n = hlo.abs %a : tensor<10xf32>
    hlo.return %n : tensor<10xf32>
  }
  return %g : tensor<10xf32>
}

// -----

// Constants are cloned into the functions that use them, not passed: the
// fusion sees its mask's values, and no stage returns a constant.
// CHECK-LABEL: func.func private @masked_fusion0(
// CHECK-SAME:      %[[X:.*]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK:         %[[M:.*]] = hlo.constant dense<[true, false, true, false]>
// CHECK:         hlo.fusion kind = loop (%{{.*}} = %[[X]], %{{.*}} = %[[M]])
// CHECK-LABEL: func.func @masked(
// CHECK-SAME:      %[[X:.*]]: tensor<4xf32>)
// CHECK:         call @masked_fusion0(%[[X]]) : (tensor<4xf32>) -> tensor<4xf32>
func.func @masked(%x: tensor<4xf32>) -> tensor<4xf32> {
  %m = hlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %f = hlo.fusion kind = loop (%a = %x, %b = %m) : (tensor<4xf32>, tensor<4xi1>) -> tensor<4xf32> {
    %n = hlo.negate %a : tensor<4xf32>
    %s = hlo.select %b, %a, %n : tensor<4xi1>, tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  %g = hlo.fusion kind = loop (%a = %f) : (tensor<4xf32>) -> tensor<4xf32> {
    %n = hlo.abs %a : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  return %g : tensor<4xf32>
}
