//===- HloProfileKernels.cpp - time each outlined kernel ------------------===//
//
// After hlo-outline-fusions every fusion, and every op that is a loop nest
// of its own, is a private `noinline` function: the program's kernels. This
// pass brackets each call of one with calls of two runtime hooks that the
// tool running the program defines (hlo-runner --profile), and records what
// each kernel is, so that the run time can be attributed to kernels.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"
#include "HloDialect/Transforms/ProfileKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOPROFILEKERNELSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
/// Whether `function` is a kernel outlined by hlo-outline-fusions: private,
/// with a body, and kept apart from its callers (`passthrough` noinline).
bool isOutlinedKernel(func::FuncOp function) {
  if (!function.isPrivate() || function.isExternal())
    return false;
  auto passthrough = function->getAttrOfType<ArrayAttr>("passthrough");
  return passthrough &&
         llvm::any_of(passthrough.getAsRange<StringAttr>(),
                      [](StringAttr a) { return a.getValue() == "noinline"; });
}

/// The op name without the dialect (`dot_general`, `exponential`).
StringRef shortName(Operation *op) {
  return op->getName().stripDialect();
}

/// What a kernel computes, for the profile's table: `loop fusion of add,
/// exponential, reduce -> tensor<4x64xf32>` or `dot_general
/// tensor<4x64x32xf32>, tensor<4x64x32xf32> -> tensor<4x64x64xf32>`.
std::string describeKernel(func::FuncOp function) {
  std::string text;
  llvm::raw_string_ostream os(text);
  Block &body = function.getFunctionBody().front();
  // The first op that computes (a sort before the slices outlined with it).
  Operation *main = nullptr;
  for (Operation &op : body.without_terminator())
    if (!main && !op.hasTrait<OpTrait::ConstantLike>())
      main = &op;
  if (auto fusion = dyn_cast_or_null<FusionOp>(main)) {
    os << stringifyFusionKind(fusion.getKind()) << " fusion of ";
    // The kinds of ops, in the order the walk meets them (a region's body
    // before its op).
    llvm::SetVector<StringRef> names;
    fusion.getBody().walk([&](Operation *op) {
      if (!op->hasTrait<OpTrait::IsTerminator>() &&
          !op->hasTrait<OpTrait::ConstantLike>())
        names.insert(shortName(op));
    });
    constexpr size_t kMaxNames = 8;
    for (auto [i, name] : llvm::enumerate(names)) {
      if (i == kMaxNames) {
        os << ", ... (" << names.size() << " kinds of ops)";
        break;
      }
      os << (i ? ", " : "") << name;
    }
  } else if (isa_and_nonnull<func::CallOp>(main)) {
    // A stage of a large function (hlo-outline-fusions stage-size): its own
    // time is what it does between the kernels it calls (copies of its
    // results).
    os << "stage calling "
       << llvm::count_if(body, [](Operation &op) { return isa<func::CallOp>(op); })
       << " kernels";
  } else if (main) {
    os << shortName(main) << " ";
    llvm::interleaveComma(main->getOperandTypes(), os);
  } else {
    os << "(no computation)";
  }
  os << " -> ";
  llvm::interleaveComma(function.getResultTypes(), os);
  return text;
}

struct HloProfileKernelsPass
    : hlo::impl::HloProfileKernelsPassBase<HloProfileKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SymbolTable symbols(module);
    llvm::DenseMap<Operation *, int64_t> kernelIds;
    SmallVector<Attribute> descriptions;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (!isOutlinedKernel(function))
        continue;
      kernelIds[function] = static_cast<int64_t>(descriptions.size());
      descriptions.push_back(StringAttr::get(
          context, function.getSymName() + "\t" + describeKernel(function)));
    }
    module->setAttr(kProfileKernelsAttrName, ArrayAttr::get(context, descriptions));
    if (descriptions.empty())
      return;

    for (StringRef hook : {kProfileEnterHook, kProfileExitHook}) {
      if (Operation *existing = symbols.lookup(hook)) {
        existing->emitError() << "hlo-profile-kernels: the symbol '" << hook
                              << "' is the profiler's and must not be "
                                 "defined by the program";
        return signalPassFailure();
      }
    }
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto hookType =
        builder.getFunctionType({builder.getI64Type()}, TypeRange());
    for (StringRef hook : {kProfileEnterHook, kProfileExitHook}) {
      auto declaration =
          func::FuncOp::create(builder, module.getLoc(), hook, hookType);
      declaration.setPrivate();
    }

    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) { calls.push_back(call); });
    for (func::CallOp call : calls) {
      Operation *callee = symbols.lookup(call.getCallee());
      auto it = kernelIds.find(callee);
      if (it == kernelIds.end())
        continue;
      builder.setInsertionPoint(call);
      Value id = arith::ConstantIntOp::create(builder, call.getLoc(),
                                              it->second, 64);
      func::CallOp::create(builder, call.getLoc(), kProfileEnterHook, TypeRange(),
                           ValueRange{id});
      builder.setInsertionPointAfter(call);
      func::CallOp::create(builder, call.getLoc(), kProfileExitHook, TypeRange(),
                           ValueRange{id});
    }
  }

};
} // namespace
