// RUN: hlo-opt %s --pass-pipeline='builtin.module(hlo-lower-vectors{target-features=+amx-tile,amx-bf16})' -verify-diagnostics

// expected-error@+1 {{hlo-lower-vectors: target-features entry 'amx-bf16' is not '+feature' or '-feature'}}
module {
}
