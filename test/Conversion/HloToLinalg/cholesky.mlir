// RUN: hlo-opt %s --hlo-legalize-to-linalg | FileCheck %s

// Cholesky-Crout per matrix of the batch, into a zero-filled result: the
// pivot of column j from the row prefix, its square root, then the rows
// below; a non-positive pivot clears the flag that selects the NaN fill.
// CHECK-LABEL: func.func @lower_batched
// CHECK:         %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3x3xf32>)
// CHECK:         scf.for %[[B:.*]] = %c0 to %c2 step %c1 iter_args(%[[R:.*]] = %[[ZERO]])
// CHECK:           %[[COLS:.*]]:2 = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[L:.*]] = %[[R]], %[[OK:.*]] = %true)
// CHECK:             %[[AJJ:.*]] = tensor.extract %arg0[%[[B]], %[[J]], %[[J]]]
// CHECK:             %[[SUM:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[J]]
// CHECK:               tensor.extract %[[L]][%[[B]], %[[J]], %[[K]]]
// CHECK:               arith.mulf
// CHECK:             %[[PIVOT:.*]] = arith.subf %[[AJJ]], %[[SUM]]
// CHECK:             %[[POS:.*]] = arith.cmpf ogt, %[[PIVOT]]
// CHECK:             arith.andi %[[OK]], %[[POS]]
// CHECK:             %[[ROOT:.*]] = math.sqrt %[[PIVOT]]
// CHECK:             tensor.insert %[[ROOT]] into %[[L]][%[[B]], %[[J]], %[[J]]]
// CHECK:             scf.for %[[I:.*]] = %{{.*}} to
// CHECK:               arith.divf %{{.*}}, %[[ROOT]]
// CHECK:               tensor.insert %{{.*}}[%[[B]], %[[I]], %[[J]]]
// CHECK:           scf.if %[[COLS]]#1
// CHECK:             scf.yield %[[COLS]]#0
// CHECK:           } else {
// CHECK:             arith.constant 0x7FC00000 : f32
func.func @lower_batched(%a: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %0 = hlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// The upper factor reads a transposed, computes the lower factor with the
// same row accesses and transposes it; complex elements take the conjugate
// in the sums and the square root of the real part.
// CHECK-LABEL: func.func @upper_complex
// CHECK:         %[[COLS:.*]]:2 = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[L:.*]] = %{{.*}}, %{{.*}} = %true)
// CHECK:           tensor.extract %arg0[%[[J]], %[[J]]]
// CHECK:           scf.for %[[K:.*]] = %{{.*}} to %[[J]]
// CHECK:             tensor.extract %[[L]][%[[J]], %[[K]]]
// CHECK:             complex.conj
// CHECK:           %[[RE:.*]] = complex.re
// CHECK:           %[[ROOT:.*]] = math.sqrt %[[RE]] : f64
// CHECK:           complex.create %[[ROOT]]
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to
// CHECK:             tensor.extract %arg0[%[[J]], %[[I]]]
// CHECK:             tensor.insert %{{.*}}[%[[I]], %[[J]]]
// CHECK:         %[[CHECKED:.*]] = scf.if %[[COLS]]#1
// CHECK:         linalg.transpose ins(%[[CHECKED]] : tensor<4x4xcomplex<f64>>) outs(%{{.*}} : tensor<4x4xcomplex<f64>>) permutation = [1, 0]
func.func @upper_complex(%a: tensor<4x4xcomplex<f64>>) -> tensor<4x4xcomplex<f64>> {
  %0 = hlo.cholesky %a : tensor<4x4xcomplex<f64>>
  return %0 : tensor<4x4xcomplex<f64>>
}

// A batch of upper factors transposes the last two dimensions.
// CHECK-LABEL: func.func @upper_batched
// CHECK:         linalg.transpose ins(%{{.*}} : tensor<2x3x4x4xf32>) outs(%{{.*}} : tensor<2x3x4x4xf32>) permutation = [0, 1, 3, 2]
func.func @upper_batched(%a: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %0 = hlo.cholesky %a : tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}
