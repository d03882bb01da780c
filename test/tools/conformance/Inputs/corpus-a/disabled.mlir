// RUN-DISABLED(no interpreter support): stablehlo-opt -inline %s | stablehlo-translate --interpret
// FAKE_CRASH would crash if it were run.
func.func @main() {
  func.return
}
