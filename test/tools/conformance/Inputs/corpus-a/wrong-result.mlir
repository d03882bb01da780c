// Fake program for the conformance harness test: FAKE_WRONG
func.func @main() {
  func.return
}
