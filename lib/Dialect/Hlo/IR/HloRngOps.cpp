//===- HloRngOps.cpp - verifiers of the random number ops -----------------===//
//
// The constraints of StableHLO's rng_bit_generator and rng that ODS cannot
// state. Each diagnostic names its constraint (`rng_bit_generator_c1`, ...).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::hlo;

LogicalResult RngBitGeneratorOp::verify() {
  auto stateType = cast<RankedTensorType>(getInitialState().getType());
  // rng_bit_generator_c1
  if (stateType != getOutputState().getType())
    return emitOpError() << "requires output_state to have the type of "
                            "initial_state (rng_bit_generator_c1), found "
                         << getOutputState().getType() << " and " << stateType;
  // rng_bit_generator_c2: DEFAULT is PHILOX on the CPU target, so it takes
  // the sizes PHILOX takes.
  if (stateType.isDynamicDim(0))
    return success();
  int64_t size = stateType.getDimSize(0);
  RngAlgorithm algorithm = getRngAlgorithm();
  if (algorithm == RngAlgorithm::THREE_FRY && size != 2)
    return emitOpError() << "requires an initial_state of 2 elements for "
                            "THREE_FRY (rng_bit_generator_c2), found "
                         << size;
  if (algorithm != RngAlgorithm::THREE_FRY && size != 2 && size != 3)
    return emitOpError() << "requires an initial_state of 2 or 3 elements for "
                         << stringifyRngAlgorithm(algorithm)
                         << " (rng_bit_generator_c2), found " << size;
  return success();
}

LogicalResult RngOp::verify() {
  Type element = getElementTypeOrSelf(getResult().getType());
  // rng_c1
  if (getElementTypeOrSelf(getA().getType()) != element ||
      getElementTypeOrSelf(getB().getType()) != element)
    return emitOpError() << "requires a, b and result to have one element "
                            "type (rng_c1), found "
                         << getElementTypeOrSelf(getA().getType()) << ", "
                         << getElementTypeOrSelf(getB().getType()) << " and "
                         << element;
  // rng_c2
  if (getRngDistribution() == RngDistribution::NORMAL &&
      !isa<FloatType>(element))
    return emitOpError() << "requires a floating-point element type for the "
                            "NORMAL distribution (rng_c2), found "
                         << element;
  // rng_c3: the rank always, the sizes when `shape` is a constant.
  auto resultType = cast<RankedTensorType>(getResult().getType());
  auto shapeType = cast<RankedTensorType>(getShape().getType());
  if (!shapeType.isDynamicDim(0) &&
      shapeType.getDimSize(0) != resultType.getRank())
    return emitOpError() << "requires the result rank to be the size of shape "
                            "(rng_c3), found rank "
                         << resultType.getRank() << " and "
                         << shapeType.getDimSize(0) << " sizes";
  DenseIntElementsAttr sizes;
  if (matchPattern(getShape(), m_Constant(&sizes))) {
    int64_t i = 0;
    for (APInt size : sizes.getValues<APInt>()) {
      int64_t expected = size.getSExtValue();
      int64_t actual = resultType.getDimSize(i);
      if (expected < 0)
        return emitOpError() << "requires non-negative sizes in shape "
                                "(rng_c3), found "
                             << expected;
      if (!ShapedType::isDynamic(actual) && actual != expected)
        return emitOpError() << "requires the result shape to be shape "
                                "(rng_c3), found size "
                             << actual << " for dimension " << i
                             << " where shape says " << expected;
      ++i;
    }
  }
  return success();
}
