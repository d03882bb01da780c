//===- ChloOps.cpp - the chlo dialect -------------------------------------===//

#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"

#include "HloDialect/Dialect/Hlo/IR/HloTypeInference.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::chlo;

#include "HloDialect/Dialect/Chlo/IR/ChloEnums.cpp.inc"
#include "HloDialect/Dialect/Chlo/IR/ChloOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "HloDialect/Dialect/Chlo/IR/ChloAttrs.cpp.inc"

namespace {
struct ChloInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void ChloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "HloDialect/Dialect/Chlo/IR/ChloOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "HloDialect/Dialect/Chlo/IR/ChloAttrs.cpp.inc"
      >();
  addInterfaces<ChloInlinerInterface>();
}

//===----------------------------------------------------------------------===//
// #chlo.ragged_dot
//===----------------------------------------------------------------------===//

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<SmallVector<int64_t>> lists;
  SmallVector<int64_t> ints;
  if (hlo::parseDimensionFields(
          parser, "ragged dot dimension",
          {"lhs_batching_dimensions", "rhs_batching_dimensions",
           "lhs_contracting_dimensions", "rhs_contracting_dimensions",
           "lhs_ragged_dimensions", "rhs_group_dimensions"},
          lists, {}, ints))
    return {};
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3],
             lists[4], lists[5]);
}

void RaggedDotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  hlo::printDimensionFields(
      printer,
      {{"lhs_batching_dimensions", getLhsBatchingDimensions()},
       {"rhs_batching_dimensions", getRhsBatchingDimensions()},
       {"lhs_contracting_dimensions", getLhsContractingDimensions()},
       {"rhs_contracting_dimensions", getRhsContractingDimensions()},
       {"lhs_ragged_dimensions", getLhsRaggedDimensions()},
       {"rhs_group_dimensions", getRhsGroupDimensions()}},
      {});
}

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Chlo/IR/ChloOps.cpp.inc"

LogicalResult TopKOp::verify() {
  auto operandType = cast<RankedTensorType>(getOperand().getType());
  if (operandType.getRank() < 1)
    return emitOpError("expects an operand of rank at least 1, got rank 0");
  int64_t k = getK();
  int64_t last = operandType.getShape().back();
  if (k < 0)
    return emitOpError("expects k >= 0, got ") << k;
  if (!ShapedType::isDynamic(last) && k > last)
    return emitOpError("expects k <= the size of the last dimension (")
           << last << "), got " << k;
  // The results have the operand's shape with the last dimension k; dynamic
  // dimensions match anything.
  SmallVector<int64_t> shape(operandType.getShape());
  shape.back() = k;
  auto compatible = [&](RankedTensorType got, RankedTensorType want) {
    if (got.getElementType() != want.getElementType() ||
        got.getRank() != want.getRank())
      return false;
    for (auto [g, w] : llvm::zip(got.getShape(), want.getShape()))
      if (!ShapedType::isDynamic(g) && !ShapedType::isDynamic(w) && g != w)
        return false;
    return true;
  };
  auto values = RankedTensorType::get(shape, operandType.getElementType());
  if (!compatible(getValues().getType(), values))
    return emitOpError("expects values of type ")
           << values << " (the operand's with the last dimension k), got "
           << getValues().getType();
  auto indices =
      RankedTensorType::get(shape, IntegerType::get(getContext(), 32));
  if (!compatible(getIndices().getType(), indices))
    return emitOpError("expects indices of type ")
           << indices << ", got " << getIndices().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// chlo.ragged_dot
//===----------------------------------------------------------------------===//

namespace {
bool sizesCompatible(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}
bool typesCompatible(Type a, Type b) {
  return hlo::isCompatibleForHloTypeInference(ArrayRef<Type>(a),
                                              ArrayRef<Type>(b));
}
} // namespace

RaggedDotOp::Mode RaggedDotOp::getMode() {
  auto numbers = getRaggedDotDimensionNumbers();
  int64_t ragged = numbers.getLhsRaggedDimensions().front();
  if (llvm::is_contained(numbers.getLhsContractingDimensions(), ragged))
    return Mode::Contracting;
  if (llvm::is_contained(numbers.getLhsBatchingDimensions(), ragged))
    return Mode::Batch;
  return Mode::NonContracting;
}

LogicalResult RaggedDotOp::verify() {
  auto numbers = getRaggedDotDimensionNumbers();
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto groupSizes = cast<RankedTensorType>(getGroupSizes().getType());
  auto result = cast<RankedTensorType>(getType());
  ArrayRef<int64_t> lhsBatch = numbers.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = numbers.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContracting = numbers.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContracting = numbers.getRhsContractingDimensions();
  ArrayRef<int64_t> ragged = numbers.getLhsRaggedDimensions();
  ArrayRef<int64_t> group = numbers.getRhsGroupDimensions();
  // ragged_dot_c1: exactly one ragged dimension, in range.
  if (ragged.size() != 1)
    return emitOpError("expects exactly one lhs ragged dimension "
                       "(ragged_dot_c1), found ")
           << ragged.size();
  if (ragged[0] < 0 || ragged[0] >= lhs.getRank())
    return emitOpError("expects the lhs ragged dimension to be in [0, ")
           << lhs.getRank() << ") (ragged_dot_c1), found " << ragged[0];
  Mode mode = getMode();
  // ragged_dot_c2: a group dimension exactly in the non-contracting mode,
  // in range and neither a batching nor a contracting dimension.
  if (mode == Mode::NonContracting) {
    if (group.size() != 1)
      return emitOpError("expects one rhs group dimension when the lhs "
                         "ragged dimension is non-contracting "
                         "(ragged_dot_c2), found ")
             << group.size();
    if (group[0] < 0 || group[0] >= rhs.getRank())
      return emitOpError("expects the rhs group dimension to be in [0, ")
             << rhs.getRank() << ") (ragged_dot_c2), found " << group[0];
    if (llvm::is_contained(rhsBatch, group[0]) ||
        llvm::is_contained(rhsContracting, group[0]))
      return emitOpError("expects the rhs group dimension ")
             << group[0]
             << " not to be a batching or contracting dimension "
                "(ragged_dot_c2)";
  } else if (!group.empty()) {
    return emitOpError("expects no rhs group dimension when the lhs ragged "
                       "dimension is a ")
           << (mode == Mode::Contracting ? "contracting" : "batching")
           << " dimension (ragged_dot_c2), found " << group.size();
  }
  // ragged_dot_c3: group_sizes is [g] or [lhs batch dimensions..., g], with
  // g the size of the rhs group dimension in the non-contracting mode.
  int64_t numBatch = lhsBatch.size();
  if (groupSizes.getRank() != 1 && groupSizes.getRank() != numBatch + 1)
    return emitOpError("expects group_sizes of rank 1 or ")
           << numBatch + 1
           << " (the lhs batching dimensions, then the groups) "
              "(ragged_dot_c3), found rank "
           << groupSizes.getRank();
  if (groupSizes.getRank() == numBatch + 1)
    for (auto [i, d] : llvm::enumerate(lhsBatch))
      if (d >= 0 && d < lhs.getRank() &&
          !sizesCompatible(groupSizes.getDimSize(i), lhs.getDimSize(d)))
        return emitOpError("expects group_sizes dimension ")
               << i << " of size " << groupSizes.getDimSize(i)
               << " to equal lhs batching dimension " << d << " of size "
               << lhs.getDimSize(d) << " (ragged_dot_c3)";
  int64_t numGroups = groupSizes.getShape().back();
  if (mode == Mode::NonContracting) {
    int64_t g = rhs.getDimSize(group[0]);
    if (!sizesCompatible(g, numGroups))
      return emitOpError("expects the last dimension of group_sizes (")
             << numGroups << ") to equal the rhs group dimension's size (" << g
             << ") (ragged_dot_c3)";
  }

  // The rest are dot_general's constraints on the operands without the
  // group dimension, and on the result without its group dimension in the
  // contracting mode.
  Type rhsType = rhs;
  SmallVector<int64_t> rhsBatchWithout(rhsBatch),
      rhsContractingWithout(rhsContracting);
  if (mode == Mode::NonContracting) {
    SmallVector<int64_t> shape(rhs.getShape());
    shape.erase(shape.begin() + group[0]);
    rhsType = rhs.clone(shape);
    for (int64_t &d : rhsBatchWithout)
      d -= d > group[0];
    for (int64_t &d : rhsContractingWithout)
      d -= d > group[0];
  }
  Type resultType = result;
  if (mode == Mode::Contracting) {
    // ragged_dot_c4: the result leads with the groups.
    if (result.getRank() < 1 ||
        !sizesCompatible(result.getDimSize(0), numGroups))
      return emitOpError("expects a result whose first dimension is the ")
             << numGroups
             << " groups when the lhs ragged dimension is contracting "
                "(ragged_dot_c4), found "
             << result;
    resultType = result.clone(result.getShape().drop_front());
  }
  std::optional<size_t> precisionSize;
  if (getPrecisionConfig())
    precisionSize = getPrecisionConfig()->size();
  return hlo::verifyDotGeneralOp(
      getLoc(), lhs, rhsType, lhsBatch, rhsBatchWithout, lhsContracting,
      rhsContractingWithout, precisionSize, resultType);
}

//===----------------------------------------------------------------------===//
// chlo.scan
//===----------------------------------------------------------------------===//

// chlo.scan(%a, %b) inits(%c) dimension=0 attributes {...} { body }
//     : (A, B, C) -> (X, Y, C)
ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  if (parser.parseOperandList(inputs, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("inits") ||
      parser.parseOperandList(inits, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("dimension") || parser.parseEqual())
    return failure();
  int64_t dimension;
  if (parser.parseInteger(dimension))
    return failure();
  result.addAttribute(getDimensionAttrName(result.name),
                      parser.getBuilder().getI64IntegerAttr(dimension));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, /*arguments=*/{}))
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseColonType(type))
    return failure();
  size_t numOperands = inputs.size() + inits.size();
  if (type.getNumInputs() != numOperands)
    return parser.emitError(typeLoc, "expected ")
           << numOperands << " operand types, found " << type.getNumInputs();
  if (type.getNumResults() < inits.size())
    return parser.emitError(typeLoc, "expected at least ")
           << inits.size() << " result types (one per init), found "
           << type.getNumResults();
  SmallVector<OpAsmParser::UnresolvedOperand> operands(inputs);
  llvm::append_range(operands, inits);
  if (parser.resolveOperands(operands, type.getInputs(), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  int32_t numInits = inits.size();
  Properties &properties = result.getOrAddProperties<Properties>();
  properties.operandSegmentSizes = {static_cast<int32_t>(inputs.size()),
                                    numInits};
  properties.resultSegmentSizes = {
      static_cast<int32_t>(type.getNumResults()) - numInits, numInits};
  return success();
}

void ScanOp::print(OpAsmPrinter &p) {
  p << "(" << getInputs() << ") inits(" << getInits()
    << ") dimension=" << getDimension();
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {getDimensionAttrName(),
                                      getOperandSegmentSizesAttrName(),
                                      "resultSegmentSizes"});
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/true);
  p << " : ";
  p.printFunctionalType(*this);
}

LogicalResult ScanOp::verifyRegions() {
  int64_t d = getDimension();
  // scan_c1: inputs and outputs have the scan dimension, all of one size.
  int64_t length = ShapedType::kDynamic;
  auto checkScanned = [&](Value v, StringRef what, size_t i) -> LogicalResult {
    auto type = cast<RankedTensorType>(v.getType());
    if (d >= type.getRank())
      return emitOpError("expects ")
             << what << " #" << i << " to have dimension " << d
             << " (scan_c1), found rank " << type.getRank();
    int64_t size = type.getDimSize(d);
    if (!ShapedType::isDynamic(size)) {
      if (!ShapedType::isDynamic(length) && size != length)
        return emitOpError("expects every input and output to have size ")
               << length << " along dimension " << d << " (scan_c1), found "
               << size << " for " << what << " #" << i;
      length = size;
    }
    return success();
  };
  for (auto [i, v] : llvm::enumerate(getInputs()))
    if (failed(checkScanned(v, "input", i)))
      return failure();
  for (auto [i, v] : llvm::enumerate(getOutputs()))
    if (failed(checkScanned(v, "output", i)))
      return failure();
  // scan_c2: the carries have the inits' types.
  for (auto [i, init, carry] :
       llvm::enumerate(getInits().getTypes(), getCarries().getTypes()))
    if (init != carry)
      return emitOpError("expects carry #")
             << i << " to have the type of init #" << i << " (scan_c2), "
             << init << ", found " << carry;
  // scan_c3: the body takes one slice per input, then the carries.
  auto slice = [&](Type type) {
    auto t = cast<RankedTensorType>(type);
    SmallVector<int64_t> shape(t.getShape());
    shape.erase(shape.begin() + d);
    return t.clone(shape);
  };
  SmallVector<Type> expectedArgs;
  for (Type t : getInputs().getTypes())
    expectedArgs.push_back(slice(t));
  llvm::append_range(expectedArgs, getInits().getTypes());
  Block &block = getBody().front();
  if (block.getNumArguments() != expectedArgs.size())
    return emitOpError("expects the body to take ")
           << expectedArgs.size()
           << " arguments (a slice of each input, then the carries) "
              "(scan_c3), found "
           << block.getNumArguments();
  for (auto [i, want, arg] :
       llvm::enumerate(expectedArgs, block.getArgumentTypes()))
    if (!typesCompatible(want, arg))
      return emitOpError("expects body argument #")
             << i << " to be " << want << " (scan_c3), found " << arg;
  // scan_c4: it returns one slice per output, then the next carries.
  auto ret = dyn_cast<hlo::ReturnOp>(block.getTerminator());
  if (!ret)
    return emitOpError("expects the body to end with hlo.return (scan_c4)");
  SmallVector<Type> expectedResults;
  for (Type t : getOutputs().getTypes())
    expectedResults.push_back(slice(t));
  llvm::append_range(expectedResults, getInits().getTypes());
  if (ret.getNumOperands() != expectedResults.size())
    return emitOpError("expects the body to return ")
           << expectedResults.size()
           << " values (a slice of each output, then the carries) "
              "(scan_c4), found "
           << ret.getNumOperands();
  for (auto [i, want, got] :
       llvm::enumerate(expectedResults, ret.getOperandTypes()))
    if (!typesCompatible(want, got))
      return emitOpError("expects body result #")
             << i << " to be " << want << " (scan_c4), found " << got;
  return success();
}
