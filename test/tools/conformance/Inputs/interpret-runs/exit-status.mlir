// Cases without checks or FileCheck (test data for interpret-runs.test):
// upstream only needs them to run; the second cannot compile.
// RUN: stablehlo-translate --interpret -split-input-file %s

func.func @runs() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %1 = stablehlo.tuple %0 : tuple<tensor<2xf64>>
  func.return
}

// -----

func.func @does_not_compile() -> tensor<2xf32> {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.add %0, %0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  func.return %1 : tensor<2xf32>
}
