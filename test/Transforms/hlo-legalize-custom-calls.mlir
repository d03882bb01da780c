// RUN: hlo-opt %s --hlo-legalize-custom-calls -split-input-file | FileCheck %s

// potrf (StableHLO's dictionary): cholesky, the upper triangle keeps the
// operand, info from the factor's diagonal.
// CHECK-LABEL: func.func @potrf
// CHECK-NOT: custom_call
// CHECK: %[[L:.*]] = hlo.cholesky %[[A:.*]], lower = true
// CHECK: %[[MASK:.*]] = hlo.compare  GE
// CHECK: hlo.select %[[MASK]], %[[L]], %[[A]]
// CHECK: arith.cmpf ule
// CHECK: tensor.insert {{.*}}[] : tensor<i32>
func.func @potrf(%a: tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<i32>) {
  %0:2 = hlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, output_operand_aliases = [#hlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>]} : (tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<6x6xf32>, tensor<i32>
}

// -----

// trsm with XLA's HLO text configuration (a string): side R, upper, unit
// diagonal, transposed.
// CHECK-LABEL: func.func @trsm_text
// CHECK: "hlo.triangular_solve"(%arg0, %arg1) <{left_side = false, lower = false, transpose_a = #hlo<transpose TRANSPOSE>, unit_diagonal = true}>
func.func @trsm_text(%a: tensor<4x4xf64>, %b: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %0 = hlo.custom_call @lapack_dtrsm_ffi(%a, %b) {backend_config = "{diag = 85 : ui8, side = 82 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}"} : (tensor<4x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
  return %0 : tensor<3x4xf64>
}

// -----

// trsm with a batch dimension and the adjoint of a complex matrix.
// CHECK-LABEL: func.func @trsm_batched_adjoint
// CHECK: "hlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #hlo<transpose ADJOINT>, unit_diagonal = false}>
// CHECK-SAME: (tensor<2x3x3xcomplex<f32>>, tensor<2x3x1xcomplex<f32>>) -> tensor<2x3x1xcomplex<f32>>
func.func @trsm_batched_adjoint(%a: tensor<2x3x3xcomplex<f32>>, %b: tensor<2x3x1xcomplex<f32>>) -> tensor<2x3x1xcomplex<f32>> {
  %0 = hlo.custom_call @lapack_ctrsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 67 : ui8, uplo = 76 : ui8}} : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x1xcomplex<f32>>) -> tensor<2x3x1xcomplex<f32>>
  return %0 : tensor<2x3x1xcomplex<f32>>
}

// -----

// XLA's TopK custom call: a stable sort with the comparator inlined, then
// the first k.
// CHECK-LABEL: func.func @topk_custom_call
// CHECK: %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<4x11xi32>
// CHECK: hlo.sort
// CHECK-SAME: is_stable = true
// CHECK: hlo.bitcast_convert
// CHECK: hlo.compare  GT
// CHECK: hlo.return
// CHECK: hlo.slice {{.*}}[0:4, 0:3]
// CHECK: hlo.slice {{.*}}[0:4, 0:3]
// CHECK-NOT: custom_call
func.func @topk_custom_call(%x: tensor<4x11xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>) {
  %0:2 = hlo.custom_call @TopK(%x) {xla.called_computations = [@greater]} : (tensor<4x11xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>)
  return %0#0, %0#1 : tensor<4x3xf32>, tensor<4x3xi32>
}
func.func private @greater(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %ia = hlo.bitcast_convert %a : (tensor<f32>) -> tensor<i32>
  %ib = hlo.bitcast_convert %b : (tensor<f32>) -> tensor<i32>
  %r = hlo.compare GT, %ia, %ib : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %r : tensor<i1>
}

// -----

// The topk instruction of XLA's HLO text: a total-order greater-than.
// CHECK-LABEL: func.func @topk_instruction
// CHECK: hlo.sort
// CHECK: hlo.compare  GT, {{.*}}, TOTALORDER
// CHECK: hlo.slice {{.*}}[0:2]
func.func @topk_instruction(%x: tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0:2 = hlo.custom_call @xla.topk(%x) {has_side_effect = true, xla.k = "2", xla.largest = "true"} : (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

// getrf: a pivot search, a row swap and the rank-1 update in loops over one
// matrix of the batch (the outer loop).
// CHECK-LABEL: func.func @getrf
// CHECK-NOT: custom_call
// CHECK: scf.for
// CHECK: scf.for
// CHECK: math.absf
// CHECK: arith.cmpf ogt
// CHECK: arith.divf
// CHECK: return
func.func @getrf(%a: tensor<3x5x5xf32>) -> (tensor<3x5x5xf32>, tensor<3x5xi32>, tensor<3xi32>) {
  %0:3 = hlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}} : (tensor<3x5x5xf32>) -> (tensor<3x5x5xf32>, tensor<3x5xi32>, tensor<3xi32>)
  return %0#0, %0#1, %0#2 : tensor<3x5x5xf32>, tensor<3x5xi32>, tensor<3xi32>
}

// -----

// geqrf and orgqr: Householder reflectors (beta = -sign(alpha) * norm).
// CHECK-LABEL: func.func @qr
// CHECK-NOT: custom_call
// CHECK: math.copysign
// CHECK: arith.negf
// CHECK: scf.for
// CHECK: return
func.func @qr(%a: tensor<7x4xf64>) -> tensor<7x4xf64> {
  %0:2 = hlo.custom_call @lapack_dgeqrf_ffi(%a) {mhlo.backend_config = {}} : (tensor<7x4xf64>) -> (tensor<7x4xf64>, tensor<4xf64>)
  %1 = hlo.custom_call @lapack_dorgqr_ffi(%0#0, %0#1) {mhlo.backend_config = {}} : (tensor<7x4xf64>, tensor<4xf64>) -> tensor<7x4xf64>
  return %1 : tensor<7x4xf64>
}

// -----

// syevd: the upper triangle mirrored, Jacobi sweeps (rotations with a
// square root), eigenvalues sorted.
// CHECK-LABEL: func.func @syevd
// CHECK: hlo.compare  LE
// CHECK: hlo.transpose
// CHECK: scf.for
// CHECK: scf.if
// CHECK: math.copysign
// CHECK: math.sqrt
// CHECK: arith.cmpf olt
func.func @syevd(%a: tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<5xf32>, tensor<i32>) {
  %0:3 = hlo.custom_call @lapack_ssyevd_ffi(%a) {mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}} : (tensor<5x5xf32>) -> (tensor<5x5xf32>, tensor<5xf32>, tensor<i32>)
  return %0#0, %0#1, %0#2 : tensor<5x5xf32>, tensor<5xf32>, tensor<i32>
}

// -----

// gesdd of a wide matrix: one-sided Jacobi on its transpose; u comes from
// the rotations, vt from the normalized columns.
// CHECK-LABEL: func.func @gesdd_wide
// CHECK: hlo.transpose {{.*}} : (tensor<3x5xf32>) -> tensor<5x3xf32>
// CHECK: scf.for
// CHECK: arith.cmpf ogt
// CHECK: hlo.transpose {{.*}} : (tensor<5x3xf32>) -> tensor<3x5xf32>
// CHECK: return %arg0
func.func @gesdd_wide(%a: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x5xf32>, tensor<i32>) {
  %0:5 = hlo.custom_call @lapack_sgesdd_ffi(%a) {mhlo.backend_config = {mode = 83 : ui8}} : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x5xf32>, tensor<i32>)
  return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<3x5xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x5xf32>, tensor<i32>
}

// -----

// Other targets are left for hlo-legalize-to-linalg to name.
// CHECK-LABEL: func.func @unknown
// CHECK: hlo.custom_call @my_kernel
func.func @unknown(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.custom_call @my_kernel(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Layouts other than LAPACK's column-major ones: an operand constrained
// row-major is the transpose of the matrix LAPACK sees in its buffer, and
// a result read row-major is the transpose of LAPACK's column-major one.
// CHECK-LABEL: func.func @potrf_row_major
// CHECK-SAME: (%[[A:.*]]: tensor<6x6xf32>)
// CHECK: %[[SEEN:.*]] = hlo.transpose %[[A]], dims = [1, 0]
// CHECK: %[[L:.*]] = hlo.cholesky %[[SEEN]], lower = true
// CHECK: %[[F:.*]] = hlo.select %{{.*}}, %[[L]], %[[SEEN]]
// CHECK: %[[R:.*]] = hlo.transpose %[[F]], dims = [1, 0]
// CHECK: return %[[R]]
func.func @potrf_row_major(%a: tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<i32>) {
  %0:2 = hlo.custom_call @lapack_spotrf_ffi(%a) {backend_config = "{uplo = 76 : ui8}", hlo.layout = [#hlo.layout<minor_to_major = [1, 0]>, #hlo.layout<minor_to_major = []>], hlo.operand_layouts = [#hlo.layout<minor_to_major = [1, 0]>]} : (tensor<6x6xf32>) -> (tensor<6x6xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<6x6xf32>, tensor<i32>
}

// -----

// A batch of non-square matrices in StableHLO's layouts: rank 3, the batch
// dimension minor ([0, 2, 1] is not LAPACK's [1, 2, 0]): the buffer is
// reinterpreted with a transpose, a reshape and a transpose.
// CHECK-LABEL: func.func @trsm_batch_layout
// CHECK: %[[P:.*]] = hlo.transpose %{{.*}}, dims = [1, 2, 0] : (tensor<2x4x3xf32>) -> tensor<4x3x2xf32>
// CHECK: %[[R:.*]] = hlo.reshape %[[P]] : (tensor<4x3x2xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[S:.*]] = hlo.transpose %[[R]], dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK: "hlo.triangular_solve"(%{{.*}}, %[[S]])
func.func @trsm_batch_layout(%a: tensor<2x4x4xf32>, %b: tensor<2x4x3xf32>) -> tensor<2x4x3xf32> {
  %x = hlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[0, 2, 1]> : tensor<3xindex>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]} : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  return %x : tensor<2x4x3xf32>
}
