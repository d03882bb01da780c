// RUN: hlo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(hlo-memory-schedule))' | FileCheck %s
// RUN: hlo-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(hlo-memory-schedule{report=true}))' -verify-diagnostics -o /dev/null

// Two 4096-byte values, each read only by a 16-byte slice: computing each
// slice right after its value frees it before the other is made. The peak
// (with the 4096-byte argument) goes from 12304 to 8224 bytes.
// CHECK-LABEL: func.func @two_chains
// CHECK:         %[[A:.*]] = hlo.add %arg0, %arg0
// CHECK-NEXT:    %[[A2:.*]] = hlo.slice %[[A]]
// CHECK-NEXT:    %[[B:.*]] = hlo.multiply %arg0, %arg0
// CHECK-NEXT:    %[[B2:.*]] = hlo.slice %[[B]]
// CHECK-NEXT:    return %[[A2]], %[[B2]]
// expected-remark@+1 {{hlo-memory-schedule: peak of live bytes 12304 -> 8224}}
func.func @two_chains(%x: tensor<1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hlo.add %x, %x : tensor<1024xf32>
  %b = hlo.multiply %x, %x : tensor<1024xf32>
  %a2 = hlo.slice %a [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
  %b2 = hlo.slice %b [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
  return %a2, %b2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The same ops around a call with memory effects: nothing moves across it
// (the slices stay after it), and on each side no order is better.
// CHECK-LABEL: func.func @barrier
// CHECK:         hlo.add
// CHECK-NEXT:    hlo.multiply
// CHECK-NEXT:    call @sink()
// CHECK-NEXT:    hlo.slice
// CHECK-NEXT:    hlo.slice
func.func private @sink()
func.func @barrier(%x: tensor<1024xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hlo.add %x, %x : tensor<1024xf32>
  %b = hlo.multiply %x, %x : tensor<1024xf32>
  func.call @sink() : () -> ()
  %a2 = hlo.slice %a [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
  %b2 = hlo.slice %b [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
  return %a2, %b2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// An op waits for its operands, and a value the terminator reads is never
// freed: here the original order is the best and is kept.
// CHECK-LABEL: func.func @kept
// CHECK:         hlo.multiply
// CHECK-NEXT:    hlo.fusion
// CHECK:         hlo.add
// CHECK:         return
func.func @kept(%x: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<4xf32>) {
  %b = hlo.multiply %x, %x : tensor<1024xf32>
  %f = hlo.fusion kind = loop (%in = %b) : (tensor<1024xf32>) -> tensor<4xf32> {
    %s = hlo.slice %in [0:4] : (tensor<1024xf32>) -> tensor<4xf32>
    hlo.return %s : tensor<4xf32>
  }
  %a = hlo.add %x, %x : tensor<1024xf32>
  return %a, %f : tensor<1024xf32>, tensor<4xf32>
}
