//===- HloAliasing.cpp - input/output aliasing of entry functions ---------===//

#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::hlo;

std::optional<int64_t> hlo::getResultAlias(FunctionOpInterface func,
                                           unsigned arg) {
  for (StringRef name : {kResultAliasAttr, kTfAliasingOutputAttr})
    if (auto index = func.getArgAttrOfType<IntegerAttr>(arg, name))
      return index.getValue().getSExtValue();
  return std::nullopt;
}

bool hlo::isBufferDonor(FunctionOpInterface func, unsigned arg) {
  if (getResultAlias(func, arg))
    return false;
  if (func.getArgAttr(arg, kBufferDonorAttr))
    return true;
  auto jax = func.getArgAttrOfType<BoolAttr>(arg, kJaxBufferDonorAttr);
  return jax && jax.getValue();
}

SmallVector<int64_t> hlo::getAliasedArguments(FunctionOpInterface func) {
  SmallVector<int64_t> aliased(func.getNumResults(), -1);
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (std::optional<int64_t> result = getResultAlias(func, i))
      if (*result >= 0 && *result < static_cast<int64_t>(aliased.size()) &&
          aliased[*result] < 0)
        aliased[*result] = i;
  return aliased;
}

LogicalResult hlo::verifyArgumentAliasing(FunctionOpInterface func,
                                          unsigned arg) {
  auto emit = [&]() {
    return func->emitOpError() << "argument #" << arg << ": ";
  };
  for (StringRef name : {kResultAliasAttr, kTfAliasingOutputAttr}) {
    Attribute attr = func.getArgAttr(arg, name);
    if (attr && !isa<IntegerAttr>(attr))
      return emit() << "'" << name << "' must be an integer (a result number)";
  }
  if (func.getArgAttr(arg, kResultAliasAttr) &&
      func.getArgAttr(arg, kTfAliasingOutputAttr))
    return emit() << "'" << kResultAliasAttr << "' and '"
                  << kTfAliasingOutputAttr << "' both given";
  if (Attribute donor = func.getArgAttr(arg, kBufferDonorAttr);
      donor && !isa<UnitAttr>(donor))
    return emit() << "'" << kBufferDonorAttr << "' must be a unit attribute";
  std::optional<int64_t> result = getResultAlias(func, arg);
  if (Attribute must = func.getArgAttr(arg, kMustAliasAttr)) {
    if (!isa<UnitAttr>(must))
      return emit() << "'" << kMustAliasAttr << "' must be a unit attribute";
    if (!result)
      return emit() << "'" << kMustAliasAttr << "' needs '"
                    << kResultAliasAttr << "'";
  }
  // Once bufferized, the entry's arguments and results are buffers whose
  // aliasing the bufferization has resolved (results may have become
  // out-parameters or gone): only tensors are checked.
  if (!result || !isa<TensorType>(func.getArgumentTypes()[arg]))
    return success();
  if (func.getArgAttr(arg, kBufferDonorAttr) ||
      func.getArgAttr(arg, kJaxBufferDonorAttr))
    return emit() << "aliased to result #" << *result
                  << " and a buffer donor: one or the other";
  if (*result < 0 || *result >= static_cast<int64_t>(func.getNumResults()))
    return emit() << "aliased to result #" << *result << ", but the function "
                  << "has " << func.getNumResults() << " results";
  for (unsigned other = 0; other < arg; ++other)
    if (getResultAlias(func, other) == result)
      return emit() << "aliased to result #" << *result
                    << ", which argument #" << other << " is aliased to";
  Type argType = func.getArgumentTypes()[arg];
  Type resultType = func.getResultTypes()[*result];
  if (argType != resultType)
    return emit() << "aliased to result #" << *result << " of type "
                  << resultType << ", but the argument is " << argType
                  << ": an aliased input and output must have the same "
                     "shape and element type";
  Attribute argLayout = func.getArgAttr(arg, "hlo.layout");
  Attribute resultLayout = func.getResultAttr(*result, "hlo.layout");
  if (argLayout && resultLayout && argLayout != resultLayout)
    return emit() << "aliased to result #" << *result << " with layout "
                  << resultLayout << ", but the argument's layout is "
                  << argLayout << ": an aliased input and output must have "
                     "the same layout";
  return success();
}

LogicalResult hlo::verifyAliasing(FunctionOpInterface func) {
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (failed(verifyArgumentAliasing(func, i)))
      return failure();
  return success();
}

void hlo::assignBufferDonors(FunctionOpInterface func) {
  SmallVector<int64_t> aliased = getAliasedArguments(func);
  Builder b(func->getContext());
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    if (!isBufferDonor(func, i))
      continue;
    for (auto [j, type] : llvm::enumerate(func.getResultTypes())) {
      if (aliased[j] >= 0 || type != func.getArgumentTypes()[i])
        continue;
      Attribute argLayout = func.getArgAttr(i, "hlo.layout");
      Attribute resultLayout = func.getResultAttr(j, "hlo.layout");
      if (argLayout && resultLayout && argLayout != resultLayout)
        continue;
      aliased[j] = i;
      func.removeArgAttr(i, b.getStringAttr(kBufferDonorAttr));
      func.removeArgAttr(i, b.getStringAttr(kJaxBufferDonorAttr));
      func.setArgAttr(i, kResultAliasAttr, b.getI64IntegerAttr(j));
      break;
    }
  }
}

FailureOr<Operation *>
hlo::getAliasedReturn(FunctionOpInterface func,
                      SmallVectorImpl<int64_t> &aliased) {
  SmallVector<int64_t> found = getAliasedArguments(func);
  aliased.assign(found.begin(), found.end());
  if (llvm::all_of(aliased, [](int64_t i) { return i < 0; }))
    return static_cast<Operation *>(nullptr);
  Region &body = func.getFunctionBody();
  if (!body.hasOneBlock())
    return func.emitError("input/output aliasing needs a function of one "
                          "block");
  return body.front().getTerminator();
}

LogicalResult hlo::diagnoseIgnoredAliasing(FunctionOpInterface func,
                                           StringRef what) {
  std::optional<unsigned> hinted;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    std::optional<int64_t> result = getResultAlias(func, i);
    if (result && func.getArgAttr(i, kMustAliasAttr))
      return func.emitError()
             << what << " gives every result a buffer of its own: argument #"
             << i << " must alias result #" << *result << " ('"
             << kMustAliasAttr << "'), which it cannot honor";
    if (!hinted && (result || isBufferDonor(func, i)))
      hinted = i;
  }
  if (hinted)
    func.emitWarning() << what
                       << " gives every result a buffer of its own: the "
                          "aliasing and donation of the arguments (#"
                       << *hinted << " first) are ignored";
  return success();
}
