// RUN: hlo-opt %s --hlo-layout-assignment=target=cpu -split-input-file -verify-diagnostics
// RUN: not hlo-opt %s --hlo-layout-assignment=target=npu 2>&1 | FileCheck %s --check-prefix=TARGET

// TARGET: error: hlo-layout-assignment: unknown target 'npu' (expected cpu, gpu or tpu)

// Tiles are the tpu target's: a tiled argument cannot be honored on the cpu.
// expected-error @+1 {{argument #0 has the tiled layout #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, which the cpu target cannot honor (tiles are the tpu target's)}}
func.func @tiled_argument(%a: tensor<8x128xf32> {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>}) -> tensor<8x128xf32> {
  %n = hlo.negate %a : tensor<8x128xf32>
  return %n : tensor<8x128xf32>
}

// -----

// Layout text (a memory space) on a result cannot be read.
// expected-error @+1 {{result #0 has layout "{1,0:S(1)}", which hlo-layout-assignment cannot read}}
func.func @text_result(%a: tensor<8x128xf32>) -> (tensor<8x128xf32> {hlo.layout = "{1,0:S(1)}"}) {
  %n = hlo.negate %a : tensor<8x128xf32>
  return %n : tensor<8x128xf32>
}

// -----

// A custom call's tiled constraint cannot be read either.
func.func @tiled_constraint(%a: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{operand #0 layout #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]> is tiled; tiled layouts are not supported here}}
  %x = hlo.custom_call @target(%a) {hlo.operand_layouts = [#hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>]} : (tensor<8x128xf32>) -> tensor<8x128xf32>
  return %x : tensor<8x128xf32>
}

// -----

// A tiled layout already on an op cannot be honored on the cpu either.
func.func @tiled_op_layout(%a: tensor<8x128xf32>) -> tensor<8x128xf32> {
  // expected-error @+1 {{result #0 has the tiled layout #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, which the cpu target cannot honor (tiles are the tpu target's)}}
  %n = hlo.negate %a {hlo.layout = #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>} : tensor<8x128xf32>
  return %n : tensor<8x128xf32>
}
