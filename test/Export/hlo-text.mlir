// The HLO text exporter on hand-written hlo: functions and regions become
// computations, multiple results tuples, while and conditional operands
// tuples; the output imports back to the same module.
// RUN: hlo-translate --export-hlo-text %s | FileCheck %s
// RUN: hlo-translate --export-hlo-text %s | hlo-translate --import-hlo-text | FileCheck %s --check-prefix=BACK

func.func @main(%x: tensor<4x8xf32>, %p: tensor<i1>) -> (tensor<4xf32>, tensor<4x8xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce(%x init: %zero) applies hlo.add across dimensions = [1]
         : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %c0 = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %c0, %v = %s) : tensor<i32>, tensor<4xf32>
    cond {
      %n = hlo.constant dense<3> : tensor<i32>
      %lt = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %lt : tensor<i1>
    } do {
      %one = hlo.constant dense<1> : tensor<i32>
      %i1 = hlo.add %i, %one : tensor<i32>
      %v1 = hlo.add %v, %v : tensor<4xf32>
      hlo.return %i1, %v1 : tensor<i32>, tensor<4xf32>
    }
  %c = "hlo.if"(%p) ({
    %n = hlo.negate %r#1 : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }, {
    hlo.return %s : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  %f = hlo.fusion kind = loop (%a = %x) : (tensor<4x8xf32>) -> tensor<4x8xf32> {
    %e = hlo.exponential %a : tensor<4x8xf32>
    hlo.return %e : tensor<4x8xf32>
  }
  return %c, %f : tensor<4xf32>, tensor<4x8xf32>
}

// CHECK:       %region {
// CHECK-NEXT:    %[[A:p0.*]] = f32[] parameter(0)
// CHECK-NEXT:    %[[B:p1.*]] = f32[] parameter(1)
// CHECK-NEXT:    ROOT %add = f32[] add(%[[A]], %[[B]])
// CHECK:       %cond {
// CHECK-NEXT:    %param = (s32[], f32[4]) parameter(0)
// CHECK-NEXT:    %param.gte = s32[] get-tuple-element(%param), index=0
// CHECK:         ROOT %compare = pred[] compare({{.*}}), direction=LT
// CHECK:       %body {
// CHECK:         ROOT %tuple{{.*}} = (s32[], f32[4]) tuple(
// CHECK:       %branch {
// CHECK:         ROOT %negate = f32[4] negate(
// CHECK:       %fused_computation {
// CHECK:         ROOT %exponential = f32[4,8] exponential(%p0
// CHECK:       ENTRY %main {
// CHECK:         %reduce = f32[4] reduce(%p0, %constant), dimensions={1}, to_apply=%region
// CHECK:         %while = (s32[], f32[4]) while(%while.tuple), condition=%cond, body=%body
// CHECK:         %while.gte = s32[] get-tuple-element(%while), index=0
// CHECK:         %if = f32[4] conditional(%p1, %if.args, %if.args.1), true_computation=%branch, false_computation=%branch.1
// CHECK:         %fusion = f32[4,8] fusion(%p0), kind=kLoop, calls=%fused_computation
// CHECK:         ROOT %tuple{{.*}} = (f32[4], f32[4,8]) tuple(%if, %fusion)

// BACK: hlo.reduce
// BACK: hlo.while
// BACK: "hlo.if"
// BACK: hlo.fusion kind = loop
// BACK: return %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4x8xf32>
