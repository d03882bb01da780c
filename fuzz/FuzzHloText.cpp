//===- FuzzHloText.cpp - HLO text -> import -> verify -> export -----------===//

#include "FuzzCommon.h"

#include "HloDialect/Export/HloText.h"

#include "mlir/IR/Verifier.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hlo_fuzz::FuzzContext fuzz;
  auto sourceMgr = hlo_fuzz::makeSource(data, size, "input.hlo");
  if (mlir::failed(mlir::hlo::checkNestingDepth(*sourceMgr, &fuzz.context)))
    return 0;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::hlo::importHloText(*sourceMgr, &fuzz.context);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  std::string text;
  llvm::raw_string_ostream os(text);
  (void)mlir::hlo::exportHloText(*module, os);
  return 0;
}
