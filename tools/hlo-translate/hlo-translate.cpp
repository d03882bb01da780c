//===- hlo-translate.cpp - translations into and out of hlo ---------------===//
//
// An mlir-translate with the project's translations:
//
//   --import-stablehlo  read StableHLO text (as JAX emits it) and write the
//                       hlo form, conformance checks as check ops
//   --import-hlo-text   read XLA's HLO text format (XLA dumps, .hlo files)
//                       and write the hlo form
//   --export-hlo-text   write an hlo module as HLO text
//   --hlo-to-llvmir     compile an hlo module with hlo-cpu-pipeline and emit
//                       LLVM IR
//
// plus every upstream translation (e.g. --mlir-to-llvmir).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Export/HloText.h"
#include "HloDialect/Import/HloText.h"
#include "HloDialect/Import/StableHLO.h"
#include "HloDialect/InitAll.h"
#include "HloDialect/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllTranslations.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace mlir;

namespace {
void registerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  hlo::registerAllHloDialects(registry);
}

void registerImportStableHloTranslation() {
  TranslateToMLIRRegistration registration(
      "import-stablehlo",
      "Read StableHLO text and write the hlo form (check calls become check "
      "ops)",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        OwningOpRef<ModuleOp> module = hlo::importStableHlo(sourceMgr, context);
        return OwningOpRef<Operation *>(module.release());
      },
      registerDialects);
}

void registerImportHloTextTranslation() {
  TranslateToMLIRRegistration registration(
      "import-hlo-text",
      "Read XLA's HLO text format and write the hlo form",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        OwningOpRef<ModuleOp> module = hlo::importHloText(sourceMgr, context);
        return OwningOpRef<Operation *>(module.release());
      },
      registerDialects);
}

void registerExportHloTextTranslation() {
  TranslateFromMLIRRegistration registration(
      "export-hlo-text", "Write an hlo module as XLA's HLO text format",
      [](Operation *op, llvm::raw_ostream &output) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        return hlo::exportHloText(module, output);
      },
      registerDialects);
}

void registerHloToLLVMIRTranslation() {
  TranslateFromMLIRRegistration registration(
      "hlo-to-llvmir",
      "Compile an hlo module with hlo-cpu-pipeline and emit LLVM IR",
      [](Operation *op, llvm::raw_ostream &output) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        PassManager pm(op->getContext(), ModuleOp::getOperationName());
        hlo::buildHloCpuPipeline(pm, hlo::HloCpuPipelineOptions());
        if (failed(pm.run(module)))
          return failure();
        llvm::LLVMContext llvmContext;
        std::unique_ptr<llvm::Module> llvmModule =
            translateModuleToLLVMIR(module, llvmContext);
        if (!llvmModule)
          return module.emitError("translation to LLVM IR failed");
        llvmModule->print(output, nullptr);
        return success();
      },
      registerDialects);
}
} // namespace

int main(int argc, char **argv) {
  registerAllTranslations();
  registerImportStableHloTranslation();
  registerImportHloTextTranslation();
  registerExportHloTextTranslation();
  registerHloToLLVMIRTranslation();
  return failed(mlirTranslateMain(argc, argv, "hlo translation driver"));
}
