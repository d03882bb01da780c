// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-parallelize{threads=0}))' -verify-diagnostics

// expected-error@+1 {{hlo-parallelize: threads must be at least 1 and min-iterations not negative}}
func.func @f() {
  return
}
