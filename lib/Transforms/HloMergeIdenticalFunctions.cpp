//===- HloMergeIdenticalFunctions.cpp - one function per distinct body ----===//
//
// A model's repeated layers outline to the same fusions many times over
// (a transformer training step: 239 functions, 62 distinct). Every stage
// after outlining, and LLVM, costs per function: the copies are merged
// into one function that all their calls call.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOMERGEIDENTICALFUNCTIONSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
/// The attributes of `function` that make its meaning, its name left out.
DictionaryAttr attributesButName(func::FuncOp function) {
  NamedAttrList attributes(function->getAttrDictionary());
  attributes.erase(function.getSymNameAttrName());
  return attributes.getDictionary(function.getContext());
}

/// A hash of `function`'s type, attributes and body that equal functions
/// share (operands and results hashed by their types: the equality check
/// compares the use-def structure).
llvm::hash_code structuralHash(func::FuncOp function) {
  llvm::hash_code hash = llvm::hash_combine(
      function.getFunctionType(), attributesButName(function));
  function.getBody().walk([&](Operation *op) {
    hash = llvm::hash_combine(
        hash, OperationEquivalence::computeHash(
                  op,
                  /*hashOperands=*/
                  [](Value value) { return hash_value(value.getType()); },
                  /*hashResults=*/
                  [](Value value) { return hash_value(value.getType()); },
                  OperationEquivalence::IgnoreLocations));
  });
  return hash;
}

bool areIdentical(func::FuncOp a, func::FuncOp b) {
  return a.getFunctionType() == b.getFunctionType() &&
         attributesButName(a) == attributesButName(b) &&
         OperationEquivalence::isRegionEquivalentTo(
             &a.getBody(), &b.getBody(), OperationEquivalence::IgnoreLocations);
}

struct HloMergeIdenticalFunctionsPass
    : hlo::impl::HloMergeIdenticalFunctionsPassBase<
          HloMergeIdenticalFunctionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Candidates: private functions with a body (whose every use is in
    // this module), bucketed by hash, in module order.
    llvm::MapVector<llvm::hash_code, SmallVector<func::FuncOp>> buckets;
    for (auto function : module.getOps<func::FuncOp>())
      if (function.isPrivate() && !function.isExternal())
        buckets[structuralHash(function)].push_back(function);

    // Each function equal to an earlier one of its bucket is replaced by
    // that one (the first of a class: the lowest-numbered copy).
    DenseMap<StringAttr, StringAttr> replacement;
    SmallVector<func::FuncOp> merged;
    for (auto &[hash, functions] : buckets) {
      SmallVector<func::FuncOp> kept;
      for (func::FuncOp function : functions) {
        auto *same = llvm::find_if(
            kept, [&](func::FuncOp k) { return areIdentical(k, function); });
        if (same == kept.end()) {
          kept.push_back(function);
          continue;
        }
        replacement[function.getSymNameAttr()] = same->getSymNameAttr();
        if (remarks)
          function.emitRemark() << "merged into @" << same->getSymName();
        merged.push_back(function);
      }
    }
    if (merged.empty())
      return markAllAnalysesPreserved();

    // One walk of the module redirects every reference to a merged copy
    // (calls, and any other symbol use).
    module.walk([&](Operation *op) {
      SmallVector<std::pair<StringAttr, Attribute>> updates;
      for (NamedAttribute named : op->getAttrs()) {
        Attribute replaced = named.getValue().replace(
            [&](SymbolRefAttr ref) -> std::optional<Attribute> {
              auto it = replacement.find(ref.getRootReference());
              if (it == replacement.end())
                return std::nullopt;
              return SymbolRefAttr::get(it->second,
                                        ref.getNestedReferences());
            });
        if (replaced != named.getValue())
          updates.push_back({named.getName(), replaced});
      }
      for (auto [name, value] : updates)
        op->setAttr(name, value);
    });
    for (func::FuncOp function : merged)
      function.erase();
    numMerged += merged.size();
  }
};
} // namespace
