// RUN: hlo-opt %s --pass-pipeline='builtin.module(func.func(hlo-convolution-to-dot{max-slices=0}))' -verify-diagnostics

// expected-error@+1 {{hlo-convolution-to-dot: max-patch-elements and max-slices must be at least 1}}
func.func @f() {
  return
}
