//===- FuzzPipeline.cpp - parse -> hlo-cpu-pipeline to the LLVM dialect ---===//
//
// Every input form the tools take (hlo or StableHLO MLIR text, HLO text);
// the pass manager verifies the module after each pass.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hlo_fuzz::compileToLLVM(data, size);
  return 0;
}
