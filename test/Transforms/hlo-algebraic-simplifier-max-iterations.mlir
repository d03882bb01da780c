// RUN: hlo-opt %s --hlo-algebraic-simplifier=max-iterations=1 -verify-diagnostics | FileCheck %s

// With one sweep allowed, a module that changes cannot be confirmed to be at
// a fixed point: the pass warns, naming the limit, and keeps what it did.

// expected-warning @+1 {{hlo-algebraic-simplifier did not reach a fixed point in 1 iterations}}
module {
  // CHECK-LABEL: func.func @changes
  // CHECK-NEXT:    return %arg0
  func.func @changes(%x: tensor<4xi32>) -> tensor<4xi32> {
    %one = hlo.constant dense<1> : tensor<4xi32>
    %0 = hlo.multiply %x, %one : tensor<4xi32>
    %1 = hlo.negate %0 : tensor<4xi32>
    %2 = hlo.negate %1 : tensor<4xi32>
    return %2 : tensor<4xi32>
  }
}
