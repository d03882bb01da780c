// RUN: not hlo-opt %s --hlo-gpu-pipeline="target=metal" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not hlo-runner %s --device=opencl 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not hlo-runner %s --device=cuda 2>&1 | FileCheck %s --check-prefix=AOT
// RUN: not hlo-runner %s --device=cuda --pipeline-options="block-size=x" --compile-only 2>&1 | FileCheck %s --check-prefix=OPTIONS

// TARGET: hlo-gpu-pipeline: unknown GPU target 'metal' (known: cuda rocm)
// DEVICE: error: unknown device 'opencl' (known: cpu, cuda, rocm)
// AOT: error: --device=cuda runs ahead-of-time programs only: compile with --aot-output and run the linked object with hlo-aot-run
// OPTIONS: error: invalid hlo-gpu-pipeline options 'block-size=x'
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = hlo.add %x, %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
