// RUN: hlo-opt %s --hlo-emit-fusions=threads=0 -verify-diagnostics

// expected-error@+1 {{hlo-emit-fusions: threads must be at least 1}}
module {
}
