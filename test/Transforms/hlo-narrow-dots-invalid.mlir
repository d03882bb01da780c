// RUN: hlo-opt %s --hlo-narrow-dots="target-features=amx-tile" -verify-diagnostics

// target-features entries are LLVM's "+name" / "-name".
// expected-error@+1 {{hlo-narrow-dots: target-features entry 'amx-tile' is not '+feature' or '-feature'}}
module {
}
