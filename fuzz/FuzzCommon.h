//===- FuzzCommon.h - what the libFuzzer harnesses share --------*- C++ -*-===//
//
// Each harness (fuzz/*.cpp) gets one input per call and must answer it with
// a result or an error, never a crash, a leak or a hang. An input runs in a
// fresh MLIRContext (nothing uniqued by one input survives into the next,
// so memory stays bounded over millions of inputs) with every dialect of
// the project registered, multithreading off and diagnostics dropped.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_FUZZ_FUZZCOMMON_H
#define HLO_FUZZ_FUZZCOMMON_H

#include "HloDialect/Import/HloText.h"
#include "HloDialect/Import/InputLimits.h"
#include "HloDialect/InitAll.h"
#include "HloDialect/Pipelines/Pipelines.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace hlo_fuzz {

/// The registry every harness's contexts get (built once).
inline const mlir::DialectRegistry &getRegistry() {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry();
    mlir::registerAllDialects(*r);
    mlir::registerAllExtensions(*r);
    mlir::registerAllToLLVMIRTranslations(*r);
    mlir::hlo::registerAllHloDialects(*r);
    return r;
  }();
  return *registry;
}

/// A context for one input; diagnostics are dropped (an error is a valid
/// answer to a fuzzed input).
struct FuzzContext {
  mlir::MLIRContext context{getRegistry(),
                            mlir::MLIRContext::Threading::DISABLED};
  mlir::ScopedDiagnosticHandler silence{
      &context, [](mlir::Diagnostic &) { return mlir::success(); }};
};

/// A source manager holding a copy of the input as its main buffer.
inline std::unique_ptr<llvm::SourceMgr> makeSource(const uint8_t *data,
                                                   size_t size,
                                                   llvm::StringRef name) {
  auto sourceMgr = std::make_unique<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size), name),
      llvm::SMLoc());
  return sourceMgr;
}

/// Parses the main buffer of `sourceMgr` in any input form (hlo or
/// StableHLO MLIR text, XLA's HLO text) as the tools do: the input limits
/// first (nesting depth, result numbers), then the importer.
inline mlir::OwningOpRef<mlir::ModuleOp>
parseAnyForm(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context) {
  if (mlir::failed(mlir::hlo::checkNestingDepth(sourceMgr, context)))
    return nullptr;
  return mlir::hlo::importHloTextOrMlir(sourceMgr, context);
}

/// Parses the input and, if it is a valid module, compiles it with
/// hlo-cpu-pipeline to the LLVM dialect, verifying after each pass.
inline void compileToLLVM(const uint8_t *data, size_t size) {
  FuzzContext fuzz;
  auto sourceMgr = makeSource(data, size, "input.mlir");
  mlir::OwningOpRef<mlir::ModuleOp> module =
      parseAnyForm(*sourceMgr, &fuzz.context);
  if (!module || mlir::failed(mlir::verify(*module)))
    return;
  mlir::PassManager pm(&fuzz.context);
  pm.enableVerifier(true);
  mlir::hlo::HloCpuPipelineOptions options;
  mlir::hlo::buildHloCpuPipeline(pm, options);
  (void)pm.run(*module);
}

} // namespace hlo_fuzz

#endif // HLO_FUZZ_FUZZCOMMON_H
