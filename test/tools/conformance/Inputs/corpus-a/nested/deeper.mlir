// Not run: corpus directories are not searched recursively. FAKE_CRASH
func.func @main() {
  func.return
}
