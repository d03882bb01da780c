// Fake program for the conformance harness test: FAKE_NOCHECKS
func.func @main() {
  func.return
}
