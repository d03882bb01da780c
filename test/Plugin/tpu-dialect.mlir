// The tpu dialect (and #hlo.layout) load into stock mlir-opt from the plugin,
// verifiers included.
// RUN: %stock_mlir_opt --load-dialect-plugin=%hlo_plugin %s | FileCheck %s

// CHECK: module attributes {tpu.target = #tpu.target<v5e>}
// CHECK: tpu.matmul %{{.*}}, %{{.*}}, %{{.*}} : vector<16x128xbf16>, vector<128x128xbf16>, vector<16x128xf32> -> vector<16x128xf32>
// CHECK: tpu.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = {{\[\[}}8, 128]]>, #tpu.memory_space<vmem>>, vector<8x128xf32>
module attributes {tpu.target = #tpu.target<v5e>} {
  func.func @f(%a: vector<16x128xbf16>, %b: vector<128x128xbf16>, %c: vector<16x128xf32>,
               %m: memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>, %i: index) {
    %r = tpu.matmul %a, %b, %c : vector<16x128xbf16>, vector<128x128xbf16>, vector<16x128xf32> -> vector<16x128xf32>
    %v = tpu.load %m[%i, %i] : memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
}
