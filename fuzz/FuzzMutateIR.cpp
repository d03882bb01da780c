//===- FuzzMutateIR.cpp - structural mutations of valid IR ----------------===//
//
// Byte-level mutations of MLIR text rarely get past the parser. This
// harness's mutator parses the input and changes the module's structure:
// swaps two operands of an op, replaces an operand by another value of the
// block, changes an integer (or integer array, or bool) attribute, or
// changes one dimension of a value's shape; it prints the module back as the
// new input. Inputs that do not parse get libFuzzer's byte mutations. Each
// input is then compiled as in FuzzPipeline.cpp.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

namespace {
using namespace mlir;

/// Values an integer attribute or a dimension is changed to.
int64_t mutateInteger(int64_t value, std::mt19937 &rng) {
  switch (rng() % 8) {
  case 0:
    return 0;
  case 1:
    return 1;
  case 2:
    return -1;
  case 3:
    return value + 1;
  case 4:
    return value - 1;
  case 5:
    return value * 2;
  case 6:
    return int64_t(1) << (rng() % 63);
  default:
    return std::numeric_limits<int64_t>::max() - (rng() % 2);
  }
}

/// Swaps two operands of `op`.
bool swapOperands(Operation *op, std::mt19937 &rng) {
  unsigned n = op->getNumOperands();
  if (n < 2)
    return false;
  unsigned i = rng() % n, j = rng() % n;
  if (i == j)
    j = (i + 1) % n;
  Value a = op->getOperand(i), b = op->getOperand(j);
  op->setOperand(i, b);
  op->setOperand(j, a);
  return true;
}

/// Replaces an operand of `op` by a value defined before `op` in its block
/// (a block argument or an earlier op's result), of the same type where one
/// exists.
bool replaceOperand(Operation *op, std::mt19937 &rng) {
  unsigned n = op->getNumOperands();
  if (n == 0)
    return false;
  unsigned i = rng() % n;
  std::vector<Value> candidates, sameType;
  Block *block = op->getBlock();
  for (BlockArgument arg : block->getArguments())
    candidates.push_back(arg);
  for (Operation &before : *block) {
    if (&before == op)
      break;
    for (Value result : before.getResults())
      candidates.push_back(result);
  }
  for (Value v : candidates)
    if (v.getType() == op->getOperand(i).getType() && v != op->getOperand(i))
      sameType.push_back(v);
  std::vector<Value> &from =
      !sameType.empty() && rng() % 4 != 0 ? sameType : candidates;
  if (from.empty())
    return false;
  op->setOperand(i, from[rng() % from.size()]);
  return true;
}

/// Changes one integer, integer array or bool attribute of `op`.
bool mutateAttribute(Operation *op, std::mt19937 &rng) {
  std::vector<NamedAttribute> attrs(op->getAttrs().begin(),
                                    op->getAttrs().end());
  if (attrs.empty())
    return false;
  NamedAttribute named = attrs[rng() % attrs.size()];
  Attribute attr = named.getValue();
  Attribute changed;
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    if (!integer.getType().isIntOrIndex())
      return false;
    unsigned width = integer.getType().isIndex()
                         ? 64
                         : integer.getType().getIntOrFloatBitWidth();
    int64_t value = mutateInteger(integer.getValue().getSExtValue(), rng);
    changed = IntegerAttr::get(
        integer.getType(),
        APInt(width, static_cast<uint64_t>(value), /*isSigned=*/false,
              /*implicitTrunc=*/true));
  } else if (auto array = dyn_cast<DenseI64ArrayAttr>(attr)) {
    std::vector<int64_t> values(array.asArrayRef().begin(),
                                array.asArrayRef().end());
    if (values.empty() || rng() % 4 == 0)
      values.push_back(rng() % 4);
    else if (rng() % 4 == 0)
      values.pop_back();
    else {
      size_t k = rng() % values.size();
      values[k] = mutateInteger(values[k], rng);
    }
    changed = DenseI64ArrayAttr::get(op->getContext(), values);
  } else if (auto boolean = dyn_cast<BoolAttr>(attr)) {
    changed = BoolAttr::get(op->getContext(), !boolean.getValue());
  } else {
    return false;
  }
  op->setAttr(named.getName(), changed);
  return true;
}

/// Changes one dimension of the shape of a result of `op`.
bool mutateShape(Operation *op, std::mt19937 &rng) {
  if (op->getNumResults() == 0)
    return false;
  Value result = op->getResult(rng() % op->getNumResults());
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || type.getRank() == 0)
    return false;
  std::vector<int64_t> shape(type.getShape().begin(), type.getShape().end());
  size_t k = rng() % shape.size();
  if (rng() % 8 == 0)
    shape[k] = ShapedType::kDynamic;
  else if (ShapedType::isDynamic(shape[k]))
    shape[k] = 1 + rng() % 8;
  else
    shape[k] = std::max<int64_t>(0, (mutateInteger(shape[k], rng) % 4096));
  result.setType(RankedTensorType::get(shape, type.getElementType(),
                                       type.getEncoding()));
  return true;
}

/// One structural mutation of `module`; false if the one tried did not
/// apply.
bool mutateModule(ModuleOp module, std::mt19937 &rng) {
  std::vector<Operation *> ops;
  module->walk([&](Operation *op) {
    if (op != module.getOperation())
      ops.push_back(op);
  });
  if (ops.empty())
    return false;
  Operation *op = ops[rng() % ops.size()];
  switch (rng() % 4) {
  case 0:
    return swapOperands(op, rng);
  case 1:
    return replaceOperand(op, rng);
  case 2:
    return mutateAttribute(op, rng);
  default:
    return mutateShape(op, rng);
  }
}
} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::mt19937 rng(seed);
  {
    hlo_fuzz::FuzzContext fuzz;
    auto sourceMgr = hlo_fuzz::makeSource(data, size, "input.mlir");
    OwningOpRef<ModuleOp> module =
        hlo_fuzz::parseAnyForm(*sourceMgr, &fuzz.context);
    if (module) {
      bool mutated = false;
      for (int tries = 0; tries < 8 && !mutated; ++tries)
        mutated = mutateModule(*module, rng);
      if (mutated) {
        std::string text;
        llvm::raw_string_ostream os(text);
        module->print(os);
        if (!text.empty() && text.size() <= maxSize) {
          std::memcpy(data, text.data(), text.size());
          return text.size();
        }
      }
    }
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hlo_fuzz::compileToLLVM(data, size);
  return 0;
}
