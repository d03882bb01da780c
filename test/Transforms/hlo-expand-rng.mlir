// hlo-expand-rng: rng_bit_generator becomes XLA's Threefry / Philox
// computation on ui32 words, rng XLA's distributions over Philox bits.
// (Bit-exactness is checked by test/Integration/rng-bit-generator.mlir.)
// RUN: hlo-opt %s -split-input-file --hlo-expand-rng | FileCheck %s

// 64-bit Threefry: one counter state[1] + i per element, key state[0], the
// two words joined low word first; the new state is [key, counter + 3].
// CHECK-LABEL: func.func @three_fry_u64
// CHECK-NOT: hlo.rng_bit_generator
// CHECK: %[[KEY:.*]] = hlo.reshape %{{.*}} : (tensor<1xui64>) -> tensor<ui64>
// CHECK: %[[CTR:.*]] = hlo.reshape %{{.*}} : (tensor<1xui64>) -> tensor<ui64>
// The generator is one loop fusion of the key and the counter.
// CHECK: %[[BITS:.*]] = hlo.fusion kind = loop (%[[K:.*]] = %[[KEY]], %[[C:.*]] = %[[CTR]]) : (tensor<ui64>, tensor<ui64>) -> tensor<3xui64> {
// CHECK: %[[IOTA:.*]] = hlo.iota dim = 0 : tensor<3xui64>
// CHECK: %[[B:.*]] = hlo.broadcast_in_dim %[[C]], dims = [] : (tensor<ui64>) -> tensor<3xui64>
// CHECK: hlo.add %[[IOTA]], %[[B]] : tensor<3xui64>
// The key schedule's parity constant 0x1BD11BDA and the first rotation.
// CHECK: hlo.constant dense<466688986> : tensor<3xui32>
// CHECK: hlo.constant dense<13> : tensor<3xui32>
// CHECK: hlo.shift_left
// CHECK: hlo.constant dense<19> : tensor<3xui32>
// CHECK: hlo.shift_right_logical
// CHECK: %[[HI:.*]] = hlo.shift_left %{{.*}}, %{{.*}} : tensor<3xui64>
// CHECK: %[[JOIN:.*]] = hlo.or %{{.*}}, %[[HI]] : tensor<3xui64>
// CHECK: hlo.return %[[JOIN]] : tensor<3xui64>
// CHECK: %[[N:.*]] = hlo.constant dense<3> : tensor<ui64>
// CHECK: %[[NEW:.*]] = hlo.add %[[CTR]], %[[N]] : tensor<ui64>
// CHECK: %[[STATE:.*]] = hlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1xui64>, tensor<1xui64>) -> tensor<2xui64>
// CHECK: return %[[STATE]], %[[BITS]]
func.func @three_fry_u64(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>) {
  %0:2 = hlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<3xui64>
}

// -----

// 32-bit Threefry on 3x5 (no even dimension: the largest, 1, is halved):
// 9 counters, their two words side by side along the halved dimension.
// CHECK-LABEL: func.func @three_fry_u32_odd
// CHECK: hlo.iota dim = 0 : tensor<9xui64>
// CHECK: %[[A:.*]] = hlo.reshape %{{.*}} : (tensor<9xui32>) -> tensor<3x3x1xui32>
// CHECK: %[[B:.*]] = hlo.reshape %{{.*}} : (tensor<9xui32>) -> tensor<3x3x1xui32>
// CHECK: %[[C:.*]] = hlo.concatenate %[[A]], %[[B]], dim = 2 : (tensor<3x3x1xui32>, tensor<3x3x1xui32>) -> tensor<3x3x2xui32>
// CHECK: %[[D:.*]] = hlo.reshape %[[C]] : (tensor<3x3x2xui32>) -> tensor<3x6xui32>
// CHECK: %[[E:.*]] = hlo.slice %[[D]] [0:3, 0:5] : (tensor<3x6xui32>) -> tensor<3x5xui32>
// CHECK: hlo.constant dense<9> : tensor<ui64>
// CHECK: return %{{.*}}, %[[E]]
func.func @three_fry_u32_odd(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>) {
  %0:2 = hlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<3x5xui32>
}

// -----

// Philox with a 3-element state and a signed 16-bit output: 4 counters of
// 128 bits (the high half carried), 10 rounds of mulhi by 0xD2511F53 and
// 0xCD9E8D57, the four words interleaved, cropped to 15, truncated to 16
// bits and reinterpreted.
// CHECK-LABEL: func.func @philox_i16
// CHECK: %[[LO:.*]] = hlo.add %{{.*}}, %{{.*}} : tensor<4xui64>
// CHECK: %[[CARRY:.*]] = hlo.compare LT, %[[LO]], %{{.*}}, UNSIGNED : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
// CHECK: hlo.select %[[CARRY]]
// CHECK-COUNT-10: hlo.constant dense<3528531795> : tensor<4xui64>
// CHECK: hlo.concatenate %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, dim = 1 : (tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>) -> tensor<4x4xui32>
// CHECK: hlo.slice %{{.*}} [0:15] : (tensor<16xui32>) -> tensor<15xui32>
// CHECK: %[[STATE:.*]] = hlo.concatenate %{{.*}}, %{{.*}}, %{{.*}}, dim = 0 : (tensor<1xui64>, tensor<1xui64>, tensor<1xui64>) -> tensor<3xui64>
// CHECK: %[[U16:.*]] = hlo.convert %{{.*}} : (tensor<3x5xui32>) -> tensor<3x5xui16>
// CHECK: %[[I16:.*]] = hlo.bitcast_convert %[[U16]] : (tensor<3x5xui16>) -> tensor<3x5xi16>
// CHECK: return %[[STATE]], %[[I16]]
func.func @philox_i16(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<3x5xi16>) {
  %0:2 = hlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<3x5xi16>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<3x5xi16>
}

// -----

// DEFAULT is Philox; a 2-element state keeps 2 elements.
// CHECK-LABEL: func.func @default_is_philox
// CHECK: hlo.constant dense<3528531795>
// CHECK: %[[STATE:.*]] = hlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<1xui64>, tensor<1xui64>) -> tensor<2xui64>
// CHECK: %[[F:.*]] = hlo.bitcast_convert %{{.*}} : (tensor<2x2xui64>) -> tensor<2x2xf64>
// CHECK: return %[[STATE]], %[[F]]
func.func @default_is_philox(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xf64>) {
  %0:2 = hlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xf64>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<2x2xf64>
}

// -----

// No elements: no counters used, the state is returned unchanged.
// CHECK-LABEL: func.func @empty
// CHECK: %[[E:.*]] = hlo.constant dense<> : tensor<0x3xui32>
// CHECK: return %arg0, %[[E]]
func.func @empty(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xui32>) {
  %0:2 = hlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<0x3xui32>
}

// -----

// rng UNIFORM f32: the op's own Philox stream [key, 0, 0], then the top 23
// bits scaled to [0, 1) and to [a, b).
// CHECK-LABEL: func.func @uniform_f32
// CHECK-NOT: hlo.rng
// CHECK: hlo.constant dense<[2685821657736338717, 0, 0]> : tensor<3xui64>
// CHECK: %[[SH:.*]] = hlo.shift_right_logical %{{.*}}, %{{.*}} : tensor<4x4xui32>
// CHECK: %[[F:.*]] = hlo.convert %[[SH]] : (tensor<4x4xui32>) -> tensor<4x4xf32>
// CHECK: %[[SCALE:.*]] = hlo.constant dense<1.1920929E-7> : tensor<4x4xf32>
// CHECK: %[[U:.*]] = hlo.multiply %[[F]], %[[SCALE]] : tensor<4x4xf32>
// CHECK: %[[BA:.*]] = hlo.subtract %{{.*}}, %{{.*}} : tensor<4x4xf32>
// CHECK: %[[M:.*]] = hlo.multiply %[[U]], %[[BA]] : tensor<4x4xf32>
// CHECK: %[[R:.*]] = hlo.add %[[M]], %{{.*}} : tensor<4x4xf32>
// Results rounded up to b become the float below b (from b's bits).
// CHECK: %[[BB:.*]] = hlo.broadcast_in_dim %arg1, dims = []
// CHECK: %[[LT:.*]] = hlo.compare LT, %[[R]], %[[BB]], FLOAT
// CHECK: hlo.bitcast_convert %arg1 : (tensor<f32>) -> tensor<ui32>
// CHECK: %[[SEL:.*]] = hlo.select %[[LT]], %[[R]], %{{.*}} : tensor<4x4xi1>, tensor<4x4xf32>
// CHECK: return %[[SEL]]
func.func @uniform_f32(%a: tensor<f32>, %b: tensor<f32>) -> tensor<4x4xf32> {
  %shape = hlo.constant dense<[4, 4]> : tensor<2xi64>
  %0 = hlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// Two rng ops draw from streams 0 and 1; NORMAL is Box-Muller.
// CHECK-LABEL: func.func @normal_streams
// CHECK: hlo.constant dense<[2685821657736338717, 0, 0]> : tensor<3xui64>
// CHECK: hlo.maximum
// CHECK: hlo.log
// CHECK: hlo.sqrt
// CHECK: hlo.sine
// CHECK: hlo.cosine
// CHECK: hlo.constant dense<[2685821657736338717, 0, 1]> : tensor<3xui64>
// CHECK: hlo.remainder %{{.*}}, %{{.*}} : tensor<5xui32>
// CHECK: hlo.convert %{{.*}} : (tensor<5xi32>) -> tensor<5xi8>
func.func @normal_streams(%m: tensor<f32>, %sd: tensor<f32>, %lo: tensor<i8>, %hi: tensor<i8>) -> (tensor<6xf32>, tensor<5xi8>) {
  %s6 = hlo.constant dense<[6]> : tensor<1xi64>
  %s5 = hlo.constant dense<[5]> : tensor<1xi64>
  %0 = hlo.rng %m, %sd, %s6, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<6xf32>
  %1 = hlo.rng %lo, %hi, %s5, distribution = UNIFORM : (tensor<i8>, tensor<i8>, tensor<1xi64>) -> tensor<5xi8>
  return %0, %1 : tensor<6xf32>, tensor<5xi8>
}
