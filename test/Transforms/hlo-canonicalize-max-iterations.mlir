// RUN: hlo-opt %s -split-input-file --hlo-canonicalize=max-iterations=1 -verify-diagnostics | FileCheck %s

// With one sweep allowed, a module that changes cannot be confirmed to be at
// a fixed point: the pass warns, naming the limit, and keeps what it did.

// expected-warning @+1 {{hlo-canonicalize did not reach a fixed point in 1 iterations}}
module {
  // CHECK-LABEL: func.func @changes
  func.func @changes() -> tensor<4xi32> {
    // CHECK-NEXT: %[[C:.+]] = hlo.constant dense<4> : tensor<4xi32>
    // CHECK-NEXT: return %[[C]]
    %0 = hlo.constant dense<1> : tensor<4xi32>
    %1 = hlo.add %0, %0 : tensor<4xi32>
    %2 = hlo.add %1, %1 : tensor<4xi32>
    return %2 : tensor<4xi32>
  }
}

// -----

// Nothing to rewrite: one sweep reaches the fixed point, no warning.
module {
  // CHECK-LABEL: func.func @unchanged
  // CHECK-SAME: %[[X:[^:]+]]: tensor<4xi32>
  func.func @unchanged(%x: tensor<4xi32>) -> tensor<4xi32> {
    // CHECK-NEXT: %[[A:.+]] = hlo.add %[[X]], %[[X]] : tensor<4xi32>
    // CHECK-NEXT: return %[[A]]
    %0 = hlo.add %x, %x : tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}
