// hlo.tuple and hlo.get_tuple_element export as tuple and
// get-tuple-element; the importer flattens them again.
// RUN: hlo-translate --export-hlo-text %s | FileCheck %s
// RUN: hlo-translate --export-hlo-text %s | hlo-translate --import-hlo-text | FileCheck %s --check-prefix=BACK

func.func @main(%a: tensor<4xf32>, %b: tensor<i32>) -> tensor<i32> {
  %t = hlo.tuple %a, %b : tuple<tensor<4xf32>, tensor<i32>>
  %g = hlo.get_tuple_element %t[1] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
  return %g : tensor<i32>
}

// CHECK:      ENTRY %main {
// CHECK:        %tuple = (f32[4], s32[]) tuple(%p0, %p1)
// CHECK-NEXT:   ROOT %get_tuple_element = s32[] get-tuple-element(%tuple), index=1

// BACK:       func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<i32>) -> tensor<i32>
// BACK-NEXT:    return %arg1 : tensor<i32>
