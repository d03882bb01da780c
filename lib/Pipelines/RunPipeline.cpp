//===- RunPipeline.cpp - running a pipeline, verifying once ---------------===//

#include "HloDialect/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

LogicalResult hlo::runPipeline(PassManager &pm, ModuleOp module,
                               bool verifyEachPass,
                               llvm::StringRef pipelineName) {
  pm.enableVerifier(verifyEachPass);
  if (failed(pm.run(module)))
    return failure();
  if (!verifyEachPass && failed(verify(module)))
    return emitError(module.getLoc())
           << pipelineName
           << " produced an invalid module (rerun with --verify-each to find "
              "the pass)";
  return success();
}
