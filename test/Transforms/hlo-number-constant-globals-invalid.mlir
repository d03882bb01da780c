// RUN: hlo-opt %s --allow-unregistered-dialect --hlo-number-constant-globals -split-input-file -verify-diagnostics

// A reference other than memref.get_global would keep a stale name.
module {
  // expected-note@+1 {{the global}}
  memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<1.0>
  func.func @f() -> memref<4xf32> {
    // expected-error@+1 {{refers to the constant global "__constant_4xf32", which only memref.get_global may use}}
    %0 = "test.use"() {ref = @__constant_4xf32} : () -> memref<4xf32>
    return %0 : memref<4xf32>
  }
}
