// The reference interpreter's instrumentation op `interpreter.probe`, pretty
// and generic, imports as check.probe; names that merely contain the
// spelling are left alone.
// RUN: hlo-translate --import-stablehlo %s | FileCheck %s

// CHECK-LABEL: func.func @probes
func.func @probes(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: %[[A:.*]] = check.probe %arg0, probe_id = "pretty" : tensor<3xf32>
  %0 = interpreter.probe %arg0, probe_id = "pretty" : tensor<3xf32>
  // CHECK: %[[B:.*]] = check.probe %[[A]], probe_id = "generic" : tensor<3xf32>
  %1 = "interpreter.probe"(%0) {probe_id = "generic"} : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK: hlo.add %[[B]], %[[B]]
  %2 = stablehlo.add %1, %1 : tensor<3xf32>
  // CHECK: call @my.interpreter.probe
  %3 = func.call @my.interpreter.probe(%2) : (tensor<3xf32>) -> tensor<3xf32>
  return %3 : tensor<3xf32>
}

func.func private @my.interpreter.probe(tensor<3xf32>) -> tensor<3xf32>
