// Fake program for the conformance harness test: FAKE_SLOW
func.func @main() {
  func.return
}
