// RUN: hlo-opt %s --split-input-file --hlo-merge-identical-functions | FileCheck %s
// RUN: hlo-opt %s --split-input-file --hlo-merge-identical-functions="remarks=true" -verify-diagnostics -o /dev/null

// Copies of one body (locations aside) become one function; every call
// calls the first.
// CHECK-LABEL: func.func private @f_fusion0(
// CHECK:         hlo.exponential
// CHECK-NOT:   func.func private @f_fusion1
// CHECK-NOT:   func.func private @f_fusion2
// CHECK-LABEL: func.func @f(
// CHECK:         %[[A:.*]] = call @f_fusion0(%arg0)
// CHECK:         %[[B:.*]] = call @f_fusion0(%[[A]])
// CHECK:         %[[C:.*]] = call @f_fusion0(%[[B]])
// CHECK:         return %[[C]]
func.func private @f_fusion0(%x: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  %e = hlo.exponential %x : tensor<4xf32> loc("first")
  %s = hlo.add %e, %x : tensor<4xf32>
  return %s : tensor<4xf32>
}
// expected-remark@+1 {{merged into @f_fusion0}}
func.func private @f_fusion1(%x: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  %e = hlo.exponential %x : tensor<4xf32> loc("second")
  %s = hlo.add %e, %x : tensor<4xf32>
  return %s : tensor<4xf32>
}
// expected-remark@+1 {{merged into @f_fusion0}}
func.func private @f_fusion2(%y: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  %e = hlo.exponential %y : tensor<4xf32>
  %s = hlo.add %e, %y : tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %a = call @f_fusion0(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %b = call @f_fusion1(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = call @f_fusion2(%b) : (tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

// Bodies that differ in an operand's order, a type, an attribute or a
// constant, and public functions, stay apart.
// CHECK-LABEL: func.func private @g_order(
// CHECK-LABEL: func.func private @g_swapped(
// CHECK-LABEL: func.func private @g_f64(
// CHECK-LABEL: func.func private @g_attribute(
// CHECK-LABEL: func.func private @g_constant(
// CHECK-LABEL: func.func private @g_other_constant(
// CHECK-LABEL: func.func @g_public(
// CHECK-LABEL: func.func @g_public_copy(
func.func private @g_order(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %s = hlo.subtract %x, %y : tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func private @g_swapped(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %s = hlo.subtract %y, %x : tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func private @g_f64(%x: tensor<4xf64>, %y: tensor<4xf64>) -> tensor<4xf64> {
  %s = hlo.subtract %x, %y : tensor<4xf64>
  return %s : tensor<4xf64>
}
func.func private @g_attribute(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> attributes {passthrough = ["noinline"]} {
  %s = hlo.subtract %x, %y : tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func private @g_constant(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<1.0> : tensor<4xf32>
  %s = hlo.add %x, %c : tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func private @g_other_constant(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<2.0> : tensor<4xf32>
  %s = hlo.add %x, %c : tensor<4xf32>
  return %s : tensor<4xf32>
}
func.func @g_public(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = hlo.negate %x : tensor<4xf32>
  return %n : tensor<4xf32>
}
func.func @g_public_copy(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = hlo.negate %x : tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

// A reference that is not a call (here a symbol in an attribute) follows
// the merge too.
// CHECK-LABEL: func.func @h(
// CHECK:         hlo.custom_call @target(%arg0) {called_computations = [@h_body0]}
func.func private @h_body0(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
// expected-remark@+1 {{merged into @h_body0}}
func.func private @h_body1(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func @h(%arg0: tensor<f32>) -> tensor<f32> {
  %r = hlo.custom_call @target(%arg0) {called_computations = [@h_body1]} : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
