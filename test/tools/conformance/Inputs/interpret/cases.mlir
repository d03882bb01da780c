// RUN: stablehlo-translate --interpret -split-input-file %s

// Case 1 passes, although case 2 in the same file fails: FAKE_PASS
func.func @add() {
  func.return
}

// -----

// Case 2 fails to lower; the error names this file and line 13.
func.func @scatter() {
  func.return
  // FAKE_ERROR
}

// -----

// Case 3 needs two processes; it is skipped, never run: FAKE_CRASH
func.func @main() {
  %results:2 = "interpreter.run_parallel"() {
    programs=[[@replica_id], [@replica_id]]
  } : () -> (tensor<ui32>, tensor<ui32>)
  func.return
}
