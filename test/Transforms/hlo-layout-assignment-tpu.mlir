// RUN: hlo-opt %s --hlo-layout-assignment=target=tpu | FileCheck %s

// tpu: tiles already given (on an argument, on an op) are kept; the rest
// get the default (8, 128) tiles.
// CHECK-LABEL: func.func @tpu_given_tiles_kept
// CHECK-SAME: {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}4, 128]]>}
// CHECK-SAME: -> (tensor<8x128xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>})
// CHECK: hlo.negate %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}2, 128]]>}
// CHECK: hlo.exponential %{{.*}} {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>}
func.func @tpu_given_tiles_kept(
    %a: tensor<8x128xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = [[4, 128]]>})
    -> tensor<8x128xf32> {
  %n = hlo.negate %a {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = [[2, 128]]>} : tensor<8x128xf32>
  %e = hlo.exponential %n : tensor<8x128xf32>
  return %e : tensor<8x128xf32>
}
