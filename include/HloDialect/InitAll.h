//===- InitAll.h - register everything this project provides ----*- C++ -*-===//
//
// One place that registers our dialects and passes, so each tool's main stays
// a few lines long.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_INITALL_H
#define HLODIALECT_INITALL_H

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Conversion/Passes.h"
#include "HloDialect/Dialect/Check/IR/CheckOps.h"
#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"
#include "HloDialect/Gpu/Passes.h"
#include "HloDialect/Target/Tpu/Passes.h"
#include "HloDialect/Target/Vulkan/Passes.h"
#include "HloDialect/Import/Shardy.h"
#include "HloDialect/Pipelines/GpuPipeline.h"
#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Pipelines/TpuPipeline.h"
#include "HloDialect/Transforms/Passes.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir::hlo {

inline void registerAllHloDialects(DialectRegistry &registry) {
  registry.insert<HloDialect, check::CheckDialect, chlo::ChloDialect,
                  quant::QuantDialect, ShardyDialect, tpu::TpuDialect>();
}

inline void registerAllHloPasses() {
  registerHloTransformsPasses();
  registerHloFusionExplainPipeline();
  registerHloConversionPasses();
  registerHloPipelines();
  registerHloGpuPasses();
  registerHloVulkanPasses();
  registerHloTpuPasses();
  registerHloTpuPipelines();
  registerHloGpuPipelines();
}

} // namespace mlir::hlo

#endif // HLODIALECT_INITALL_H
