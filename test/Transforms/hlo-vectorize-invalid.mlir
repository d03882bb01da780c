// RUN: hlo-opt %s --hlo-vectorize=vector-bits=32 -verify-diagnostics
// RUN: hlo-opt %s --hlo-vectorize=contraction-rows=0 -verify-diagnostics
// RUN: hlo-opt %s --hlo-vectorize=cache-tile-depth=-1 -verify-diagnostics
// RUN: hlo-opt %s --hlo-vectorize=l2-cache-bytes=-1 -verify-diagnostics

// expected-error@+1 {{hlo-vectorize: vector-bits must be at least 64, the tile sizes positive and cache-tile-depth and l2-cache-bytes not negative}}
module {
}
