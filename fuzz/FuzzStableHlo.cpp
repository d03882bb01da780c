//===- FuzzStableHlo.cpp - StableHLO text -> verify -----------------------===//

#include "FuzzCommon.h"

#include "HloDialect/Import/StableHLO.h"

#include "mlir/IR/Verifier.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hlo_fuzz::FuzzContext fuzz;
  auto sourceMgr = hlo_fuzz::makeSource(data, size, "input.mlir");
  if (mlir::failed(mlir::hlo::checkNestingDepth(*sourceMgr, &fuzz.context)))
    return 0;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::hlo::importStableHlo(*sourceMgr, &fuzz.context);
  if (module)
    (void)mlir::verify(*module);
  return 0;
}
