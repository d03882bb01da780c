//===- HostToLLVM.cpp - GPU host code to the LLVM dialect -----------------===//
//
// Shared by every GPU back end: after the kernels are lowered for their
// target, host functions (scalar code, launches, device buffer management)
// go to the LLVM dialect, gpu.launch_func and friends to calls of the
// `mgpu*` runtime functions (lib/Runtime), and the kernel modules are
// serialized by gpu-module-to-binary (added by the back end).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Backends.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void hlo::buildGpuHostToLLVMPipeline(OpPassManager &pm) {
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  // Scalars of rank-0 programs are computed on the host, complex ones too.
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}
