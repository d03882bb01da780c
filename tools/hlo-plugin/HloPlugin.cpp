//===- HloPlugin.cpp - hlo dialect and passes as an mlir-opt plugin -------===//
//
//   mlir-opt --load-dialect-plugin=libHloPlugin.so \
//            --load-pass-plugin=libHloPlugin.so \
//            --pass-pipeline='builtin.module(hlo-canonicalize)' in.mlir
//
//===----------------------------------------------------------------------===//

#include "HloDialect/InitAll.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "HloDialect", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            mlir::hlo::registerAllHloDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "HloPasses", LLVM_VERSION_STRING,
          []() { mlir::hlo::registerAllHloPasses(); }};
}
