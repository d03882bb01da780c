// Fake program for the conformance harness test: FAKE_CRASH
func.func @main() {
  func.return
}
