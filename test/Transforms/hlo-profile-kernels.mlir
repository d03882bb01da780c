// RUN: hlo-opt %s --split-input-file --hlo-profile-kernels --verify-diagnostics | FileCheck %s

// Every call of an outlined kernel (a private noinline function with a body)
// is bracketed by the profiler's hooks, with the kernel's id; the kernels are
// listed in id order with what they compute. Calls nested in a kernel (a
// while loop's body calling a fusion) are bracketed too; other calls are not.
// CHECK:       module attributes {hlo.profile.kernels = [
// CHECK-SAME:    "f_fusion0\09loop fusion of add, exponential -> tensor<4xf32>",
// CHECK-SAME:    "f_op0\09dot_general tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32>",
// CHECK-SAME:    "f_op1\09while tensor<4xf32> -> tensor<4xf32>"]}
// CHECK-LABEL: func.func private @f_op1(
// CHECK:         hlo.while
// CHECK:           %[[ID0:.*]] = arith.constant 0 : i64
// CHECK:           call @hlo_profile_enter(%[[ID0]]) : (i64) -> ()
// CHECK:           call @f_fusion0(
// CHECK:           call @hlo_profile_exit(%[[ID0]]) : (i64) -> ()
// CHECK-LABEL: func.func @f(
// CHECK:         %[[ID1:.*]] = arith.constant 1 : i64
// CHECK:         call @hlo_profile_enter(%[[ID1]])
// CHECK:         call @f_op0(
// CHECK:         call @hlo_profile_exit(%[[ID1]])
// CHECK:         %[[ID2:.*]] = arith.constant 2 : i64
// CHECK:         call @hlo_profile_enter(%[[ID2]])
// CHECK:         call @f_op1(
// CHECK:         call @hlo_profile_exit(%[[ID2]])
// CHECK-NOT:     hlo_profile
// CHECK:         call @public_helper(
// CHECK-NOT:     hlo_profile
// CHECK:         return
// CHECK-DAG:   func.func private @hlo_profile_enter(i64)
// CHECK-DAG:   func.func private @hlo_profile_exit(i64)
func.func private @f_fusion0(%a: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  %f = hlo.fusion kind = loop (%x = %a) : (tensor<4xf32>) -> tensor<4xf32> {
    %s = hlo.add %x, %x : tensor<4xf32>
    %e = hlo.exponential %s : tensor<4xf32>
    hlo.return %e : tensor<4xf32>
  }
  return %f : tensor<4xf32>
}
func.func private @f_op0(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x4xf32> attributes {passthrough = ["noinline"]} {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  return %d : tensor<4x4xf32>
}
func.func private @f_op1(%a: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  %r = hlo.while(%x = %a) : tensor<4xf32>
  cond {
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } do {
    %y = func.call @f_fusion0(%x) : (tensor<4xf32>) -> tensor<4xf32>
    hlo.return %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @public_helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>) {
  %d = call @f_op0(%a, %b) : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %w = call @f_op1(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %h = call @public_helper(%w) : (tensor<4xf32>) -> tensor<4xf32>
  return %d, %h : tensor<4x4xf32>, tensor<4xf32>
}

// -----

// A stage of a large function (hlo-outline-fusions stage-size) is a kernel
// too, described by the kernels it calls; its own time is what it does
// between them.
// CHECK:       module attributes {hlo.profile.kernels = [
// CHECK-SAME:    "s_fusion0\09loop fusion of negate -> tensor<4xf32>",
// CHECK-SAME:    "s_stage0\09stage calling 2 kernels -> tensor<4xf32>"]}
func.func private @s_fusion0(%a: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  %f = hlo.fusion kind = loop (%x = %a) : (tensor<4xf32>) -> tensor<4xf32> {
    %n = hlo.negate %x : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  return %f : tensor<4xf32>
}
func.func private @s_stage0(%a: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  %x = call @s_fusion0(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %y = call @s_fusion0(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
func.func @s(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = call @s_stage0(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A module without kernels gets an empty list and no hooks.
// CHECK:       module attributes {hlo.profile.kernels = []}
// CHECK-NOT:   hlo_profile
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// The hooks are the profiler's: a program that defines one is rejected.
func.func private @k(%a: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  return %a : tensor<4xf32>
}
// expected-error @below {{hlo-profile-kernels: the symbol 'hlo_profile_enter' is the profiler's and must not be defined by the program}}
func.func @hlo_profile_enter(%id: i64) {
  return
}
