// RUN: hlo-opt %s --hlo-buffer-assignment=alignment=48 -verify-diagnostics

// expected-error@+1 {{hlo-buffer-assignment: alignment must be a power of two, got 48}}
module {
}
