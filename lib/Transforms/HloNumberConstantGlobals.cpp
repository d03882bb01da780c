//===- HloNumberConstantGlobals.cpp - deterministic constant globals ------===//
//
// One-shot bufferization turns each tensor constant into a memref.global
// named `__constant_<shape>x<element type>` (with `_0`, `_1`, ... on
// collisions), in the order it bufferizes functions; that order comes from
// a map keyed by operation pointers, so the names and places of the globals
// changed from one run to the next. This pass names and places them in the
// order of their first use in the module.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLONUMBERCONSTANTGLOBALSPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;

namespace {
constexpr llvm::StringLiteral kPrefix = "__constant_";

/// The name bufferization gives a constant of `type`'s global:
/// `__constant_4x8xf32`, `__constant_xf32` for a scalar.
std::string getBaseName(MemRefType type) {
  std::string name = kPrefix.str();
  llvm::raw_string_ostream os(name);
  llvm::interleave(type.getShape(), os, "x");
  os << "x" << type.getElementType();
  return name;
}

struct HloNumberConstantGlobalsPass
    : hlo::impl::HloNumberConstantGlobalsPassBase<
          HloNumberConstantGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The globals of bufferized constants, by name.
    llvm::DenseMap<StringAttr, memref::GlobalOp> constants;
    for (auto global : module.getOps<memref::GlobalOp>())
      if (global.getConstant() && global.isPrivate() &&
          global.getSymName().starts_with(kPrefix))
        constants[global.getSymNameAttr()] = global;
    if (constants.empty())
      return;

    // Their uses in module order; any use but a memref.get_global would be
    // left with a stale name.
    llvm::MapVector<memref::GlobalOp, SmallVector<memref::GetGlobalOp>> uses;
    auto refersTo = [&](SymbolRefAttr ref) -> memref::GlobalOp {
      return constants.lookup(ref.getRootReference());
    };
    WalkResult walk = module.walk([&](Operation *op) {
      if (auto getGlobal = dyn_cast<memref::GetGlobalOp>(op))
        if (memref::GlobalOp global = refersTo(getGlobal.getNameAttr())) {
          uses[global].push_back(getGlobal);
          return WalkResult::advance();
        }
      memref::GlobalOp referenced;
      op->getAttrDictionary().walk([&](SymbolRefAttr ref) {
        if (!referenced)
          referenced = refersTo(ref);
      });
      if (!referenced)
        return WalkResult::advance();
      InFlightDiagnostic diag = op->emitOpError()
                                << "refers to the constant global "
                                << referenced.getSymNameAttr()
                                << ", which only memref.get_global may use";
      diag.attachNote(referenced.getLoc()) << "the global";
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    // Unused ones are dead (private).
    for (auto &entry : constants)
      if (!uses.count(entry.second))
        entry.second.erase();

    // Names: the base name, then `_0`, `_1`, ... in order of first use,
    // avoiding every other symbol of the module.
    llvm::StringSet<> taken;
    for (Operation &op : module.getBody()->getOperations())
      if (auto name = op.getAttrOfType<StringAttr>(
              SymbolTable::getSymbolAttrName()))
        if (!constants.count(name))
          taken.insert(name.getValue());
    Block &body = *module.getBody();
    Operation *insertionPoint = body.empty() ? nullptr : &body.front();
    for (auto &[global, getGlobals] : uses) {
      std::string base = getBaseName(global.getType());
      std::string name = base;
      for (unsigned suffix = 0; taken.contains(name); ++suffix)
        name = base + "_" + std::to_string(suffix);
      taken.insert(name);
      global.setSymName(name);
      auto reference = FlatSymbolRefAttr::get(&getContext(), name);
      for (memref::GetGlobalOp getGlobal : getGlobals)
        getGlobal.setNameAttr(reference);
      // At the start of the module (where bufferization puts them), in order.
      if (global.getOperation() != insertionPoint)
        global->moveBefore(insertionPoint);
      else
        insertionPoint = global->getNextNode();
    }
  }
};
} // namespace
