//===- ExactFloatArithmetic.cpp - NoContraction on float arithmetic -------===//
//
// See the pass description in Target/Vulkan/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Vulkan/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOVULKANEXACTFLOATARITHMETICPASS
#include "HloDialect/Target/Vulkan/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
struct HloVulkanExactFloatArithmeticPass
    : hlo::impl::HloVulkanExactFloatArithmeticPassBase<
          HloVulkanExactFloatArithmeticPass> {
  void runOnOperation() override {
    // The serializer turns a unit attribute named after a decoration (in
    // snake case) into that decoration.
    StringAttr name = StringAttr::get(&getContext(), "no_contraction");
    UnitAttr unit = UnitAttr::get(&getContext());
    getOperation().walk([&](Operation *op) {
      if (isa<spirv::FAddOp, spirv::FSubOp, spirv::FMulOp, spirv::FDivOp,
              spirv::FRemOp, spirv::FModOp, spirv::FNegateOp,
              spirv::GLFmaOp>(op))
        op->setAttr(name, unit);
    });
  }
};
} // namespace
