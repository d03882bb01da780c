// `#hlo.layout` on tensors: `hlo.layout` on ops (one layout, or one entry
// per result), function arguments and results, `hlo.operand_layouts` on
// custom calls; printed and parsed back unchanged.
// RUN: hlo-opt %s | hlo-opt | FileCheck %s

// CHECK-LABEL: func.func @layouts
// CHECK-SAME: (%{{.*}}: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
// CHECK-SAME: %{{.*}}: tensor<2x3x4x5x6xf32> {hlo.layout = #hlo.layout<minor_to_major = [4, 0, 3, 1, 2]>})
// CHECK-SAME: -> (tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>}, tensor<i32>)
// CHECK: hlo.add {{.*}} {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}
// CHECK: hlo.custom_call @lapack_spotrf_ffi({{.*}}) {hlo.layout = [#hlo.layout<minor_to_major = [0, 1]>, unit], hlo.operand_layouts = [#hlo.layout<minor_to_major = [0, 1]>]}
func.func @layouts(%a: tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>},
                   %b: tensor<2x3x4x5x6xf32> {hlo.layout = #hlo.layout<minor_to_major = [4, 0, 3, 1, 2]>})
    -> (tensor<4x8xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>}, tensor<i32>) {
  %s = hlo.add %a, %a {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>} : tensor<4x8xf32>
  %sq = hlo.slice %s [0:4, 0:4] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %f:2 = hlo.custom_call @lapack_spotrf_ffi(%sq) {hlo.layout = [#hlo.layout<minor_to_major = [0, 1]>, unit], hlo.operand_layouts = [#hlo.layout<minor_to_major = [0, 1]>]} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
  return %s, %f#1 : tensor<4x8xf32>, tensor<i32>
}
