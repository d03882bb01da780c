// Fake program for the conformance harness test: FAKE_BADBYTES
func.func @main() {
  func.return
}
