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

#include "HloDialect/Gpu/Passes.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void hlo::buildGpuKernelArithmeticPipeline(OpPassManager &kernels,
                                           bool emulateBF16) {
  kernels.addPass(createSCFToControlFlowPass());
  // Block-wide reductions branch on the lane: lowered in unstructured
  // control flow.
  kernels.addPass(hlo::createHloGpuLowerAllReducePass());
  buildGpuKernelFloatEmulationPipeline(kernels, emulateBF16);
}

void hlo::buildGpuKernelFloatEmulationPipeline(OpPassManager &kernels,
                                               bool emulateBF16) {
  kernels.addPass(createConvertComplexToStandardPass());
  std::vector<std::string> narrow = {"f8E4M3FN",   "f8E5M2",     "f8E4M3",
                                     "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E3M4",
                                     "f4E2M1FN",   "f6E2M3FN",   "f6E3M2FN",
                                     "f8E8M0FNU"};
  if (emulateBF16)
    narrow.push_back("bf16");
  kernels.addPass(arith::createArithEmulateUnsupportedFloats(
      {/*sourceTypeStrs=*/llvm::SmallVector<std::string>(narrow.begin(),
                                                          narrow.end()),
       /*targetTypeStr=*/"f32"}));
  kernels.addPass(hlo::createHloExpandNarrowFloatsPass());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeF8E8M0 = true;
  // Emulated bf16 is stored, never computed with: its conversions become
  // integer operations on its bits too.
  expand.includeBf16 = emulateBF16;
  kernels.addPass(arith::createArithExpandOpsPass(expand));
}

void hlo::buildGpuHostToLLVMPipeline(OpPassManager &pm,
                                     bool barePointerKernels) {
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  // Scalars of rank-0 programs are computed on the host, complex ones too.
  pm.addPass(createConvertComplexToStandardPass());
  GpuToLLVMConversionPassOptions toLLVM;
  toLLVM.kernelBarePtrCallConv = barePointerKernels;
  pm.addPass(createGpuToLLVMConversionPass(toLLVM));
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
