// RUN: hlo-opt %s --hlo-outline-fusions="min-fusions=1 stage-size=1" | FileCheck %s

// Stages of one call each: the constant stays in the caller; the stage whose
// reshape uses it clones it (a view of a constant, passed to a fusion), and
// the fusion that uses it directly clones it too. No stage returns it.
// CHECK-LABEL: func.func private @f_fusion2(
// CHECK-SAME:      %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK:         hlo.constant dense<2.500000e+00>
// CHECK-LABEL: func.func private @f_stage0(
// CHECK-SAME:      %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT:     hlo.constant
// CHECK:         call @f_fusion0
// CHECK-LABEL: func.func private @f_stage1(
// CHECK-SAME:      %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK:         %[[C:.*]] = hlo.constant dense<2.500000e+00>
// CHECK:         %[[R:.*]] = hlo.reshape %[[C]]
// CHECK:         call @f_fusion1(%{{.*}}, %[[R]])
// CHECK-LABEL: func.func private @f_stage2(
// CHECK-SAME:      %{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT:     hlo.constant
// CHECK:         call @f_fusion2
// CHECK-LABEL: func.func @f(
// CHECK:         call @f_stage0
// CHECK:         call @f_stage1
// CHECK:         call @f_stage2
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<2.5> : tensor<4xf32>
  %0 = hlo.fusion kind = loop (%a = %x) : (tensor<4xf32>) -> tensor<4xf32> {
    %n = hlo.negate %a : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  %r = hlo.reshape %c : (tensor<4xf32>) -> tensor<4xf32>
  %1 = hlo.fusion kind = loop (%a = %0, %b = %r) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
    %n = hlo.add %a, %b : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  %2 = hlo.fusion kind = loop (%a = %1, %b = %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
    %n = hlo.multiply %a, %b : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }
  return %2 : tensor<4xf32>
}
