//===- hlo-opt.cpp - the hlo optimizer driver -----------------------------===//
//
// An mlir-opt with the hlo dialect and passes added to every upstream
// dialect, extension, pass and LLVM-IR translation, so any upstream pipeline
// can run after ours.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::hlo::registerAllHloPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::hlo::registerAllHloDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "hlo optimizer driver: the hlo dialect and passes on top of "
                  "all of upstream MLIR\n",
      registry));
}
