// RUN: hlo-opt %s --hlo-layout-normalization=physical-signature -split-input-file -verify-diagnostics

// A tiled custom-call constraint cannot be made row-major.
func.func @tiled_constraint(%a: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{operand #0 layout #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]> is tiled; tiled layouts are not supported here}}
  %x = hlo.custom_call @target(%a) {hlo.operand_layouts = [#hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>]} : (tensor<8x128xf32>) -> tensor<8x128xf32>
  return %x : tensor<8x128xf32>
}

// -----

// Layout text (a memory space) on a custom-call constraint.
func.func @text_constraint(%a: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{operand #0 layout "{1,0:S(1)}" is not supported (only dimension orders are)}}
  %x = hlo.custom_call @target(%a) {hlo.operand_layouts = ["{1,0:S(1)}"]} : (tensor<8x128xf32>) -> tensor<8x128xf32>
  return %x : tensor<8x128xf32>
}

// -----

// A physical signature needs dimension orders of static shapes.
// expected-error @+1 {{argument #0 has layout #hlo.layout<minor_to_major = [0, 1], tiles = [[8, 128]]>, which a physical signature cannot have}}
func.func @tiled_argument(%a: tensor<8x128xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1], tiles = [[8, 128]]>}) -> tensor<8x128xf32> {
  return %a : tensor<8x128xf32>
}

// -----

// expected-error @+1 {{result #0 has layout #hlo.layout<minor_to_major = [0, 1]>, which a physical signature cannot have}}
func.func @dynamic_result(%a: tensor<?x4xf32>) -> (tensor<?x4xf32> {hlo.layout = #hlo.layout<minor_to_major = [0, 1]>}) {
  return %a : tensor<?x4xf32>
}
