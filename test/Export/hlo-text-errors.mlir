// Ops HLO text cannot express are reported at the op, with a non-zero exit.
// RUN: not hlo-translate --export-hlo-text %s 2>&1 | FileCheck %s

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: hlo-text-errors.mlir:[[@LINE+1]]:8: error: cannot export 'math.sqrt' to HLO text: no XLA opcode
  %s = math.sqrt %x : tensor<4xf32>
  return %s : tensor<4xf32>
}
