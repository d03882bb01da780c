// rng_bit_generator, bit for bit as XLA:CPU computes it.
//
// 1. Known answers: the Random123 known-answer vectors (tests/kat_vectors of
//    Random123 1.09, an implementation independent of XLA) of
//    threefry2x32-20 and philox4x32-10, observed through one counter: a
//    THREE_FRY u64[1] output is the two words (ctr0, ctr1) under the key
//    (key0, key1), packed low word first, from the state
//    [key0 | key1 << 32, ctr0 | ctr1 << 32]; a PHILOX u32[4] output is the
//    four words of the counter (ctr0 | ctr1 << 32, ctr2 | ctr3 << 32) in
//    the 3-element state [key0 | key1 << 32, ctr0 | ctr1 << 32,
//    ctr2 | ctr3 << 32].
// 2. XLA's outputs: the second function was generated once by
//    `python3 test/Integration/Inputs/rng_xla.py fixed` (JAX 0.10's XLA:CPU
//    and the script's numpy restatement of XLA's prng.cc agreed on every
//    case): 22 cases over THREE_FRY, PHILOX and DEFAULT, 2- and 3-element
//    states, counter wrap-around, 0-d to 3-d shapes with odd and even
//    dimensions, and u8..u64, s32, s64, f16, f32 and f64 outputs.
//
// The runner makes every constant a run-time input, so the compiled code
// computes the bits, not the constant folder.
// RUN: hlo-runner %s --entry=known_answers | FileCheck %s --check-prefix=KAT
// KAT: 12 passed, 0 failed
// RUN: hlo-runner %s --entry=main | FileCheck %s
// CHECK: 44 passed, 0 failed

func.func @known_answers() {
  // threefry2x32-20: ctr = {0x00000000, 0x00000000}, key = {0x00000000, 0x00000000} -> {0x6b200159, 0x99ba4efe}
  %ts0 = stablehlo.constant dense<[0, 0]> : tensor<2xui64>
  %tns0, %to0 = stablehlo.rng_bit_generator %ts0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<1xui64>)
  %tes0 = stablehlo.constant dense<[0, 1]> : tensor<2xui64>
  %teo0 = stablehlo.constant dense<[11077253088097075545]> : tensor<1xui64>
  stablehlo.custom_call @check.expect_eq(%tns0, %tes0) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%to0, %teo0) {has_side_effect = true} : (tensor<1xui64>, tensor<1xui64>) -> ()
  // threefry2x32-20: ctr = {0xffffffff, 0xffffffff}, key = {0xffffffff, 0xffffffff} -> {0x1cb996fc, 0xbb002be7}
  %ts1 = stablehlo.constant dense<[18446744073709551615, 18446744073709551615]> : tensor<2xui64>
  %tns1, %to1 = stablehlo.rng_bit_generator %ts1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<1xui64>)
  %tes1 = stablehlo.constant dense<[18446744073709551615, 0]> : tensor<2xui64>
  %teo1 = stablehlo.constant dense<[13474818356711888636]> : tensor<1xui64>
  stablehlo.custom_call @check.expect_eq(%tns1, %tes1) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%to1, %teo1) {has_side_effect = true} : (tensor<1xui64>, tensor<1xui64>) -> ()
  // threefry2x32-20: ctr = {0x243f6a88, 0x85a308d3}, key = {0x13198a2e, 0x03707344} -> {0xc4923a9c, 0x483df7a0}
  %ts2 = stablehlo.constant dense<[247824715720788526, 9629550131187509896]> : tensor<2xui64>
  %tns2, %to2 = stablehlo.rng_bit_generator %ts2, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<1xui64>)
  %tes2 = stablehlo.constant dense<[247824715720788526, 9629550131187509897]> : tensor<2xui64>
  %teo2 = stablehlo.constant dense<[5205589014174907036]> : tensor<1xui64>
  stablehlo.custom_call @check.expect_eq(%tns2, %tes2) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%to2, %teo2) {has_side_effect = true} : (tensor<1xui64>, tensor<1xui64>) -> ()
  // philox4x32-10: ctr = {0x00000000, 0x00000000, 0x00000000, 0x00000000}, key = {0x00000000, 0x00000000} -> {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}
  %ps0 = stablehlo.constant dense<[0, 0, 0]> : tensor<3xui64>
  %pns0, %po0 = stablehlo.rng_bit_generator %ps0, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  %pes0 = stablehlo.constant dense<[0, 1, 0]> : tensor<3xui64>
  %peo0 = stablehlo.constant dense<[1713891541, 3781805453, 3159862348, 2600524760]> : tensor<4xui32>
  stablehlo.custom_call @check.expect_eq(%pns0, %pes0) {has_side_effect = true} : (tensor<3xui64>, tensor<3xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%po0, %peo0) {has_side_effect = true} : (tensor<4xui32>, tensor<4xui32>) -> ()
  // philox4x32-10: ctr = {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, key = {0xffffffff, 0xffffffff} -> {0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}
  %ps1 = stablehlo.constant dense<[18446744073709551615, 18446744073709551615, 18446744073709551615]> : tensor<3xui64>
  %pns1, %po1 = stablehlo.rng_bit_generator %ps1, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  %pes1 = stablehlo.constant dense<[18446744073709551615, 0, 0]> : tensor<3xui64>
  %peo1 = stablehlo.constant dense<[1083123565, 1103641358, 2718681030, 1834242557]> : tensor<4xui32>
  stablehlo.custom_call @check.expect_eq(%pns1, %pes1) {has_side_effect = true} : (tensor<3xui64>, tensor<3xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%po1, %peo1) {has_side_effect = true} : (tensor<4xui32>, tensor<4xui32>) -> ()
  // philox4x32-10: ctr = {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, key = {0xa4093822, 0x299f31d0} -> {0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}
  %ps2 = stablehlo.constant dense<[2999170649027065890, 9629550131187509896, 247824715720788526]> : tensor<3xui64>
  %pns2, %po2 = stablehlo.rng_bit_generator %ps2, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  %pes2 = stablehlo.constant dense<[2999170649027065890, 9629550131187509897, 247824715720788526]> : tensor<3xui64>
  %peo2 = stablehlo.constant dense<[3513581065, 2499661035, 1342301216, 605187745]> : tensor<4xui32>
  stablehlo.custom_call @check.expect_eq(%pns2, %pes2) {has_side_effect = true} : (tensor<3xui64>, tensor<3xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%po2, %peo2) {has_side_effect = true} : (tensor<4xui32>, tensor<4xui32>) -> ()
  return
}
// Generated by test/Integration/Inputs/rng_xla.py (fixed): expected
// values from XLA:CPU (JAX's XLA client) and the numpy reference, which agree.
func.func @main() {
  // THREE_FRY, state [1, 2], tensor<2x2xui64>
  %s0 = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %ns0, %o0 = stablehlo.rng_bit_generator %s0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  %es0 = stablehlo.constant dense<[1, 6]> : tensor<2xui64>
  %eo0 = stablehlo.constant dense<[[9236835810183407956, 16087790271692313299],
 [18212823393184779219, 2658481902456610144]]> : tensor<2x2xui64>
  stablehlo.custom_call @check.expect_eq(%ns0, %es0) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o0, %eo0) {has_side_effect = true} : (tensor<2x2xui64>, tensor<2x2xui64>) -> ()
  // THREE_FRY, state [81985529216486895, 42], tensor<3x5xui32>
  %s1 = stablehlo.constant dense<[81985529216486895, 42]> : tensor<2xui64>
  %ns1, %o1 = stablehlo.rng_bit_generator %s1, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
  %es1 = stablehlo.constant dense<[81985529216486895, 51]> : tensor<2xui64>
  %eo1 = stablehlo.constant dense<[[2301371841, 2475193860, 48415625, 1946396347, 4146834173],
 [1315168053, 1283724488, 1034385149, 11934475, 1892624222],
 [3933642459, 2494575077, 1995733145, 1065039385, 739265074]]> : tensor<3x5xui32>
  stablehlo.custom_call @check.expect_eq(%ns1, %es1) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o1, %eo1) {has_side_effect = true} : (tensor<3x5xui32>, tensor<3x5xui32>) -> ()
  // THREE_FRY, state [7, 18446744073709551614], tensor<5xui64>
  %s2 = stablehlo.constant dense<[7, 18446744073709551614]> : tensor<2xui64>
  %ns2, %o2 = stablehlo.rng_bit_generator %s2, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
  %es2 = stablehlo.constant dense<[7, 3]> : tensor<2xui64>
  %eo2 = stablehlo.constant dense<[11623698188067921303, 6868590399942727175, 13563526760692328810, 5731837475286458671, 1351350879580556977]> : tensor<5xui64>
  stablehlo.custom_call @check.expect_eq(%ns2, %es2) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o2, %eo2) {has_side_effect = true} : (tensor<5xui64>, tensor<5xui64>) -> ()
  // THREE_FRY, state [5, 6], tensor<ui32>
  %s3 = stablehlo.constant dense<[5, 6]> : tensor<2xui64>
  %ns3, %o3 = stablehlo.rng_bit_generator %s3, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  %es3 = stablehlo.constant dense<[5, 7]> : tensor<2xui64>
  %eo3 = stablehlo.constant dense<2857746084> : tensor<ui32>
  stablehlo.custom_call @check.expect_eq(%ns3, %es3) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o3, %eo3) {has_side_effect = true} : (tensor<ui32>, tensor<ui32>) -> ()
  // THREE_FRY, state [5, 6], tensor<4x3xui32>
  %s4 = stablehlo.constant dense<[5, 6]> : tensor<2xui64>
  %ns4, %o4 = stablehlo.rng_bit_generator %s4, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x3xui32>)
  %es4 = stablehlo.constant dense<[5, 12]> : tensor<2xui64>
  %eo4 = stablehlo.constant dense<[[2857746084, 4000641395, 10964293],
 [3971895240, 1063621336, 2057536082],
 [3804237681, 3127050898, 25868247],
 [1604586794, 557083298, 3970214523]]> : tensor<4x3xui32>
  stablehlo.custom_call @check.expect_eq(%ns4, %es4) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o4, %eo4) {has_side_effect = true} : (tensor<4x3xui32>, tensor<4x3xui32>) -> ()
  // THREE_FRY, state [99, 100], tensor<2x3x2xui16>
  %s5 = stablehlo.constant dense<[99, 100]> : tensor<2xui64>
  %ns5, %o5 = stablehlo.rng_bit_generator %s5, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3x2xui16>)
  %es5 = stablehlo.constant dense<[99, 106]> : tensor<2xui64>
  %eo5 = stablehlo.constant dense<[[[62856, 46762],
  [25819, 22561],
  [6658, 14760]],

 [[18683, 36950],
  [53064, 65051],
  [45006, 58255]]]> : tensor<2x3x2xui16>
  stablehlo.custom_call @check.expect_eq(%ns5, %es5) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o5, %eo5) {has_side_effect = true} : (tensor<2x3x2xui16>, tensor<2x3x2xui16>) -> ()
  // THREE_FRY, state [18446744073709551615, 18446744073709551615], tensor<7xui8>
  %s6 = stablehlo.constant dense<[18446744073709551615, 18446744073709551615]> : tensor<2xui64>
  %ns6, %o6 = stablehlo.rng_bit_generator %s6, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui8>)
  %es6 = stablehlo.constant dense<[18446744073709551615, 3]> : tensor<2xui64>
  %eo6 = stablehlo.constant dense<[252, 231, 196, 63, 97, 151, 110]> : tensor<7xui8>
  stablehlo.custom_call @check.expect_eq(%ns6, %es6) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o6, %eo6) {has_side_effect = true} : (tensor<7xui8>, tensor<7xui8>) -> ()
  // THREE_FRY, state [11, 12], tensor<3x2xi32>
  %s7 = stablehlo.constant dense<[11, 12]> : tensor<2xui64>
  %ns7, %o7 = stablehlo.rng_bit_generator %s7, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xi32>)
  %b7 = stablehlo.bitcast_convert %o7 : (tensor<3x2xi32>) -> tensor<3x2xui32>
  %es7 = stablehlo.constant dense<[11, 15]> : tensor<2xui64>
  %eo7 = stablehlo.constant dense<[[1885324847, 833247812],
 [180169518, 1304017608],
 [1208281772, 4150212829]]> : tensor<3x2xui32>
  stablehlo.custom_call @check.expect_eq(%ns7, %es7) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%b7, %eo7) {has_side_effect = true} : (tensor<3x2xui32>, tensor<3x2xui32>) -> ()
  // THREE_FRY, state [13, 14], tensor<3xf32>
  %s8 = stablehlo.constant dense<[13, 14]> : tensor<2xui64>
  %ns8, %o8 = stablehlo.rng_bit_generator %s8, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xf32>)
  %b8 = stablehlo.bitcast_convert %o8 : (tensor<3xf32>) -> tensor<3xui32>
  %es8 = stablehlo.constant dense<[13, 16]> : tensor<2xui64>
  %eo8 = stablehlo.constant dense<[3777015390, 2253665303, 3008391275]> : tensor<3xui32>
  stablehlo.custom_call @check.expect_eq(%ns8, %es8) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%b8, %eo8) {has_side_effect = true} : (tensor<3xui32>, tensor<3xui32>) -> ()
  // THREE_FRY, state [15, 16], tensor<2xf64>
  %s9 = stablehlo.constant dense<[15, 16]> : tensor<2xui64>
  %ns9, %o9 = stablehlo.rng_bit_generator %s9, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2xf64>)
  %b9 = stablehlo.bitcast_convert %o9 : (tensor<2xf64>) -> tensor<2xui64>
  %es9 = stablehlo.constant dense<[15, 18]> : tensor<2xui64>
  %eo9 = stablehlo.constant dense<[11940759751976058884, 2879024459004319539]> : tensor<2xui64>
  stablehlo.custom_call @check.expect_eq(%ns9, %es9) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%b9, %eo9) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  // PHILOX, state [1, 2], tensor<5xui32>
  %s10 = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %ns10, %o10 = stablehlo.rng_bit_generator %s10, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
  %es10 = stablehlo.constant dense<[1, 4]> : tensor<2xui64>
  %eo10 = stablehlo.constant dense<[2100602697, 2847456232, 2074354647, 800269529, 1828267006]> : tensor<5xui32>
  stablehlo.custom_call @check.expect_eq(%ns10, %es10) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o10, %eo10) {has_side_effect = true} : (tensor<5xui32>, tensor<5xui32>) -> ()
  // PHILOX, state [1, 18446744073709551615, 7], tensor<3x5xui32>
  %s11 = stablehlo.constant dense<[1, 18446744073709551615, 7]> : tensor<3xui64>
  %ns11, %o11 = stablehlo.rng_bit_generator %s11, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<3x5xui32>)
  %es11 = stablehlo.constant dense<[1, 3, 8]> : tensor<3xui64>
  %eo11 = stablehlo.constant dense<[[2939814351, 3089645902, 2240701313, 4013425625, 2720442693],
 [2160174616, 1023778781, 1098637152, 2444052593, 4292622144],
 [3266810743, 1180901717, 2779451144, 1996830644, 1243280826]]> : tensor<3x5xui32>
  stablehlo.custom_call @check.expect_eq(%ns11, %es11) {has_side_effect = true} : (tensor<3xui64>, tensor<3xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o11, %eo11) {has_side_effect = true} : (tensor<3x5xui32>, tensor<3x5xui32>) -> ()
  // PHILOX, state [3, 18446744073709551615, 18446744073709551615], tensor<6xui64>
  %s12 = stablehlo.constant dense<[3, 18446744073709551615, 18446744073709551615]> : tensor<3xui64>
  %ns12, %o12 = stablehlo.rng_bit_generator %s12, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<6xui64>)
  %es12 = stablehlo.constant dense<[3, 2, 0]> : tensor<3xui64>
  %eo12 = stablehlo.constant dense<[18193744686378273879, 940891076753252334, 2155051375293123959, 14116014035257453658, 10173991361677251745, 11210478853911821833]> : tensor<6xui64>
  stablehlo.custom_call @check.expect_eq(%ns12, %es12) {has_side_effect = true} : (tensor<3xui64>, tensor<3xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o12, %eo12) {has_side_effect = true} : (tensor<6xui64>, tensor<6xui64>) -> ()
  // PHILOX, state [3735928559, 5], tensor<3x3xui64>
  %s13 = stablehlo.constant dense<[3735928559, 5]> : tensor<2xui64>
  %ns13, %o13 = stablehlo.rng_bit_generator %s13, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x3xui64>)
  %es13 = stablehlo.constant dense<[3735928559, 10]> : tensor<2xui64>
  %eo13 = stablehlo.constant dense<[[6765860195757927449, 6424798270250524693, 14233559275493490167],
 [1371704596189009439, 1233698264206341996, 1900113065727333758],
 [5531459108070166484, 3049235055952360284, 1089635108508347665]]> : tensor<3x3xui64>
  stablehlo.custom_call @check.expect_eq(%ns13, %es13) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o13, %eo13) {has_side_effect = true} : (tensor<3x3xui64>, tensor<3x3xui64>) -> ()
  // PHILOX, state [3735928559, 5, 9], tensor<ui64>
  %s14 = stablehlo.constant dense<[3735928559, 5, 9]> : tensor<3xui64>
  %ns14, %o14 = stablehlo.rng_bit_generator %s14, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<ui64>)
  %es14 = stablehlo.constant dense<[3735928559, 6, 9]> : tensor<3xui64>
  %eo14 = stablehlo.constant dense<12384605214600684540> : tensor<ui64>
  stablehlo.custom_call @check.expect_eq(%ns14, %es14) {has_side_effect = true} : (tensor<3xui64>, tensor<3xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o14, %eo14) {has_side_effect = true} : (tensor<ui64>, tensor<ui64>) -> ()
  // PHILOX, state [21, 22], tensor<2x5xui16>
  %s15 = stablehlo.constant dense<[21, 22]> : tensor<2xui64>
  %ns15, %o15 = stablehlo.rng_bit_generator %s15, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x5xui16>)
  %es15 = stablehlo.constant dense<[21, 25]> : tensor<2xui64>
  %eo15 = stablehlo.constant dense<[[762, 37127, 52606, 17884, 49293],
 [20571, 55771, 33259, 52353, 26272]]> : tensor<2x5xui16>
  stablehlo.custom_call @check.expect_eq(%ns15, %es15) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o15, %eo15) {has_side_effect = true} : (tensor<2x5xui16>, tensor<2x5xui16>) -> ()
  // PHILOX, state [23, 24, 25], tensor<9xui8>
  %s16 = stablehlo.constant dense<[23, 24, 25]> : tensor<3xui64>
  %ns16, %o16 = stablehlo.rng_bit_generator %s16, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<9xui8>)
  %es16 = stablehlo.constant dense<[23, 27, 25]> : tensor<3xui64>
  %eo16 = stablehlo.constant dense<[52, 46, 170, 105, 190, 10, 22, 137, 94]> : tensor<9xui8>
  stablehlo.custom_call @check.expect_eq(%ns16, %es16) {has_side_effect = true} : (tensor<3xui64>, tensor<3xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o16, %eo16) {has_side_effect = true} : (tensor<9xui8>, tensor<9xui8>) -> ()
  // PHILOX, state [26, 27], tensor<4xi64>
  %s17 = stablehlo.constant dense<[26, 27]> : tensor<2xui64>
  %ns17, %o17 = stablehlo.rng_bit_generator %s17, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xi64>)
  %b17 = stablehlo.bitcast_convert %o17 : (tensor<4xi64>) -> tensor<4xui64>
  %es17 = stablehlo.constant dense<[26, 29]> : tensor<2xui64>
  %eo17 = stablehlo.constant dense<[16074432355170217370, 7032487623409625666, 9049277215107320316, 13984742136199243261]> : tensor<4xui64>
  stablehlo.custom_call @check.expect_eq(%ns17, %es17) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%b17, %eo17) {has_side_effect = true} : (tensor<4xui64>, tensor<4xui64>) -> ()
  // PHILOX, state [28, 29], tensor<3x2xf16>
  %s18 = stablehlo.constant dense<[28, 29]> : tensor<2xui64>
  %ns18, %o18 = stablehlo.rng_bit_generator %s18, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x2xf16>)
  %b18 = stablehlo.bitcast_convert %o18 : (tensor<3x2xf16>) -> tensor<3x2xui16>
  %es18 = stablehlo.constant dense<[28, 31]> : tensor<2xui64>
  %eo18 = stablehlo.constant dense<[[52656, 33061],
 [5982, 40877],
 [41852, 58041]]> : tensor<3x2xui16>
  stablehlo.custom_call @check.expect_eq(%ns18, %es18) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%b18, %eo18) {has_side_effect = true} : (tensor<3x2xui16>, tensor<3x2xui16>) -> ()
  // DEFAULT, state [1, 2], tensor<7xui32>
  %s19 = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %ns19, %o19 = stablehlo.rng_bit_generator %s19, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui32>)
  %es19 = stablehlo.constant dense<[1, 4]> : tensor<2xui64>
  %eo19 = stablehlo.constant dense<[2100602697, 2847456232, 2074354647, 800269529, 1828267006, 3135207875, 3972719319]> : tensor<7xui32>
  stablehlo.custom_call @check.expect_eq(%ns19, %es19) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o19, %eo19) {has_side_effect = true} : (tensor<7xui32>, tensor<7xui32>) -> ()
  // DEFAULT, state [30, 31, 32], tensor<2x2xui64>
  %s20 = stablehlo.constant dense<[30, 31, 32]> : tensor<3xui64>
  %ns20, %o20 = stablehlo.rng_bit_generator %s20, algorithm = DEFAULT : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x2xui64>)
  %es20 = stablehlo.constant dense<[30, 33, 32]> : tensor<3xui64>
  %eo20 = stablehlo.constant dense<[[8755167434191389841, 3338583443921700966],
 [3177086735848930209, 1928244014793083339]]> : tensor<2x2xui64>
  stablehlo.custom_call @check.expect_eq(%ns20, %es20) {has_side_effect = true} : (tensor<3xui64>, tensor<3xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o20, %eo20) {has_side_effect = true} : (tensor<2x2xui64>, tensor<2x2xui64>) -> ()
  // DEFAULT, state [33, 34], tensor<2x1x3xui8>
  %s21 = stablehlo.constant dense<[33, 34]> : tensor<2xui64>
  %ns21, %o21 = stablehlo.rng_bit_generator %s21, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x1x3xui8>)
  %es21 = stablehlo.constant dense<[33, 36]> : tensor<2xui64>
  %eo21 = stablehlo.constant dense<[[[115, 90, 116]],

 [[38, 133, 85]]]> : tensor<2x1x3xui8>
  stablehlo.custom_call @check.expect_eq(%ns21, %es21) {has_side_effect = true} : (tensor<2xui64>, tensor<2xui64>) -> ()
  stablehlo.custom_call @check.expect_eq(%o21, %eo21) {has_side_effect = true} : (tensor<2x1x3xui8>, tensor<2x1x3xui8>) -> ()
  return
}
