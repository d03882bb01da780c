// RUN: hlo-opt %s --hlo-vectorize="target-features=amx-tile" -verify-diagnostics

// target-features entries are LLVM's "+name" / "-name".
// expected-error@+1 {{hlo-vectorize: target-features entry 'amx-tile' is not '+feature' or '-feature'}}
module {
}
