// RUN: hlo-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{minor_to_major [0, 0] is not a permutation of the 2 dimensions}}
func.func @repeated(%m: memref<4x3xf32, #hlo.layout<minor_to_major = [0, 0]>>)

// -----

// expected-error @+1 {{minor_to_major [2, 0] is not a permutation of the 2 dimensions}}
func.func @out_of_range(%m: memref<4x3xf32, #hlo.layout<minor_to_major = [2, 0]>>)

// -----

// expected-error @+1 {{layout of rank 3 (minor_to_major has 3 dimensions) for a memref of rank 2}}
func.func @rank_mismatch(%m: memref<4x3xf32, #hlo.layout<minor_to_major = [2, 1, 0]>>)

// -----

// expected-error @+1 {{a tile of rank 2 applies to a shape of rank 1}}
func.func @tile_rank(%m: memref<256xf32, #hlo.layout<minor_to_major = [0], tiles = [[8, 128]]>>)

// -----

// expected-error @+1 {{tile sizes must be positive, found 0}}
func.func @tile_zero(%m: memref<8x128xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[0, 128]]>>)

// -----

// expected-error @+1 {{a tile needs at least one dimension}}
func.func @tile_empty(%m: memref<8x128xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[]]>>)

// -----

// expected-error @+1 {{expected 'minor_to_major'}}
func.func @no_order(%m: memref<8x128xf32, #hlo.layout<tiles = [[8, 128]]>>)
