// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-streaming-stores{min-bytes=-1}))' -verify-diagnostics

// expected-error@+1 {{hlo-streaming-stores: min-bytes must not be negative}}
func.func @f() {
  return
}
