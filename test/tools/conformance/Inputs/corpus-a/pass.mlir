// Fake program for the conformance harness test: FAKE_PASS
func.func @main() {
  func.return
}
