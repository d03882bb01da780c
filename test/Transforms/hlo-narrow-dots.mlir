// RUN: hlo-opt %s --hlo-narrow-dots="target-features=+amx-tile,+amx-bf16,+amx-int8" --hlo-vectorize | FileCheck %s
// RUN: hlo-opt %s --hlo-narrow-dots="target-features=+avx512bf16,+avx512vnni" --hlo-vectorize | FileCheck %s
// RUN: hlo-opt %s --hlo-narrow-dots --hlo-vectorize | FileCheck %s --check-prefix=PORTABLE

// With AMX or AVX-512 BF16, a matmul of two widened bf16 tensors becomes a
// matmul of the bf16 tensors, which hlo-vectorize leaves alone (the kernel
// of hlo-lower-vectors); without, it is vectorized in f32.
#id = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @bf16
// CHECK:         linalg.matmul ins(%arg0, %arg1 : tensor<17x33xbf16>, tensor<33x19xbf16>) outs(%{{.*}} : tensor<17x19xf32>)
// PORTABLE-LABEL: func.func @bf16
// PORTABLE-NOT:     linalg.matmul ins(%arg0
// PORTABLE:         vector.contract
func.func @bf16(%a: tensor<17x33xbf16>, %b: tensor<33x19xbf16>) -> tensor<17x19xf32> {
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<17x33xf32>
  %wa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<17x33xbf16>) outs(%ea : tensor<17x33xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<17x33xf32>
  %eb = tensor.empty() : tensor<33x19xf32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<33x19xbf16>) outs(%eb : tensor<33x19xf32>) {
  ^bb0(%in: bf16, %out: f32):
    %x = arith.extf %in : bf16 to f32
    linalg.yield %x : f32
  } -> tensor<33x19xf32>
  %ec = tensor.empty() : tensor<17x19xf32>
  %c = linalg.fill ins(%zero : f32) outs(%ec : tensor<17x19xf32>) -> tensor<17x19xf32>
  %r = linalg.matmul ins(%wa, %wb : tensor<17x33xf32>, tensor<33x19xf32>) outs(%c : tensor<17x19xf32>) -> tensor<17x19xf32>
  return %r : tensor<17x19xf32>
}

// The i8 x i8 -> i32 contraction generic of an integer dot becomes a
// matmul of the i8 tensors.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @int8
// CHECK:         linalg.matmul ins(%arg0, %arg1 : tensor<8x70xi8>, tensor<70x5xi8>) outs(%{{.*}} : tensor<8x5xi32>)
// PORTABLE-LABEL: func.func @int8
// PORTABLE-NOT:     linalg.matmul
func.func @int8(%a: tensor<8x70xi8>, %b: tensor<70x5xi8>) -> tensor<8x5xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8x5xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<8x5xi32>) -> tensor<8x5xi32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x70xi8>, tensor<70x5xi8>) outs(%c : tensor<8x5xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x5xi32>
  return %r : tensor<8x5xi32>
}

// An i32 matmul of two sign-extended i8 tensors (how hlo-legalize-to-linalg
// lowers an int8 dot) reads the i8 tensors with AMX; without, it is
// vectorized in i32.
// CHECK-LABEL: func.func @widened_int8
// CHECK:         linalg.matmul ins(%arg0, %arg1 : tensor<17x70xi8>, tensor<70x19xi8>) outs(%{{.*}} : tensor<17x19xi32>)
// PORTABLE-LABEL: func.func @widened_int8
// PORTABLE-NOT:     linalg.matmul ins(%arg0
// PORTABLE:         vector.contract {{.*}} : vector<{{[0-9]+}}x1xi32>, vector<1x{{[0-9]+}}xi32> into vector<{{[0-9]+}}x{{[0-9]+}}xi32>
func.func @widened_int8(%a: tensor<17x70xi8>, %b: tensor<70x19xi8>) -> tensor<17x19xi32> {
  %zero = arith.constant 0 : i32
  %ea = tensor.empty() : tensor<17x70xi32>
  %wa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<17x70xi8>) outs(%ea : tensor<17x70xi32>) {
  ^bb0(%in: i8, %out: i32):
    %x = arith.extsi %in : i8 to i32
    linalg.yield %x : i32
  } -> tensor<17x70xi32>
  %eb = tensor.empty() : tensor<70x19xi32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<70x19xi8>) outs(%eb : tensor<70x19xi32>) {
  ^bb0(%in: i8, %out: i32):
    %x = arith.extsi %in : i8 to i32
    linalg.yield %x : i32
  } -> tensor<70x19xi32>
  %ec = tensor.empty() : tensor<17x19xi32>
  %c = linalg.fill ins(%zero : i32) outs(%ec : tensor<17x19xi32>) -> tensor<17x19xi32>
  %r = linalg.matmul ins(%wa, %wb : tensor<17x70xi32>, tensor<70x19xi32>) outs(%c : tensor<17x19xi32>) -> tensor<17x19xi32>
  return %r : tensor<17x19xi32>
}

// Zero-extended i8 (ui8) operands are not the signed kernel's.
// CHECK-LABEL: func.func @widened_uint8
// CHECK-NOT:     linalg.matmul ins(%arg0
func.func @widened_uint8(%a: tensor<17x70xi8>, %b: tensor<70x19xi8>) -> tensor<17x19xi32> {
  %zero = arith.constant 0 : i32
  %ea = tensor.empty() : tensor<17x70xi32>
  %wa = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<17x70xi8>) outs(%ea : tensor<17x70xi32>) {
  ^bb0(%in: i8, %out: i32):
    %x = arith.extui %in : i8 to i32
    linalg.yield %x : i32
  } -> tensor<17x70xi32>
  %eb = tensor.empty() : tensor<70x19xi32>
  %wb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<70x19xi8>) outs(%eb : tensor<70x19xi32>) {
  ^bb0(%in: i8, %out: i32):
    %x = arith.extui %in : i8 to i32
    linalg.yield %x : i32
  } -> tensor<70x19xi32>
  %ec = tensor.empty() : tensor<17x19xi32>
  %c = linalg.fill ins(%zero : i32) outs(%ec : tensor<17x19xi32>) -> tensor<17x19xi32>
  %r = linalg.matmul ins(%wa, %wb : tensor<17x70xi32>, tensor<70x19xi32>) outs(%c : tensor<17x19xi32>) -> tensor<17x19xi32>
  return %r : tensor<17x19xi32>
}

// Unsigned (zero-extended) operands are not the signed kernel's.
// CHECK-LABEL: func.func @uint8
// CHECK-NOT:     linalg.matmul
func.func @uint8(%a: tensor<8x70xi8>, %b: tensor<70x5xi8>) -> tensor<8x5xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<8x5xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<8x5xi32>) -> tensor<8x5xi32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<8x70xi8>, tensor<70x5xi8>) outs(%c : tensor<8x5xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extui %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<8x5xi32>
  return %r : tensor<8x5xi32>
}
