// Fake program for the conformance harness test: FAKE_ERROR
func.func @main() {
  func.return
}
