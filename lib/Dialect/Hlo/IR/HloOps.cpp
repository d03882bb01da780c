//===- HloOps.cpp - hlo dialect ops ---------------------------------------===//
//
// Op glue: custom assembly directives, verifiers and inferReturnTypes, which
// forward to the shape functions in HloTypeInference.cpp. Folders live in
// HloFolds.cpp.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloTypeInference.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::hlo;

bool hlo::isCompatibleForHloTypeInference(TypeRange lhs, TypeRange rhs) {
  if (lhs.size() != rhs.size())
    return false;
  for (auto [l, r] : llvm::zip_equal(lhs, rhs))
    if (!isCompatibleTensorType(l, r))
      return false;
  return true;
}

bool hlo::isElementwiseLike(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() || isa<SelectOp, ClampOp>(op);
}

//===----------------------------------------------------------------------===//
// Custom assembly directives
//===----------------------------------------------------------------------===//

namespace {

// `: T` when all types are equal, `: (T0, ..., Tn-1) -> Tn` otherwise.
ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operands,
                                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(type)) {
    if (fnType.getNumInputs() != operands.size())
      return parser.emitError(loc) << "expected " << operands.size()
                                   << " operand types, found "
                                   << fnType.getNumInputs();
    if (fnType.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected 1 result type, found " << fnType.getNumResults();
    for (auto [slot, t] : llvm::zip_equal(operands, fnType.getInputs()))
      *slot = t;
    result = fnType.getResult(0);
    return success();
  }
  for (Type *slot : operands)
    *slot = type;
  result = type;
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &p, TypeRange operands,
                                        Type result) {
  if (llvm::all_of(operands, [&](Type t) { return t == result; })) {
    p << result;
    return;
  }
  p.printFunctionalType(operands, TypeRange(result));
}

template <typename... Types>
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser,
                                           Types &...types) {
  Type *all[] = {&types...};
  ArrayRef<Type *> slots(all);
  return parseSameOperandsAndResultTypeImpl(parser, slots.drop_back(),
                                            *slots.back());
}

template <typename... Types>
void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *,
                                    Types... types) {
  Type all[] = {types...};
  ArrayRef<Type> list(all);
  printSameOperandsAndResultTypeImpl(p, list.drop_back(), list.back());
}

// `: tensor<Nxi1>, T` when on_true, on_false and result agree; functional
// type otherwise.
ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (parser.parseTypeList(types))
    return failure();
  if (types.size() == 2) {
    pred = types[0];
    onTrue = onFalse = result = types[1];
    return success();
  }
  if (types.size() == 1) {
    if (auto fnType = dyn_cast<FunctionType>(types[0]);
        fnType && fnType.getNumInputs() == 3 && fnType.getNumResults() == 1) {
      pred = fnType.getInput(0);
      onTrue = fnType.getInput(1);
      onFalse = fnType.getInput(2);
      result = fnType.getResult(0);
      return success();
    }
  }
  return parser.emitError(loc)
         << "expected `pred_type, value_type` or a function type with 3 "
            "inputs and 1 result";
}

void printSelectOpType(OpAsmPrinter &p, Operation *, Type pred, Type onTrue,
                       Type onFalse, Type result) {
  if (onTrue == onFalse && onTrue == result) {
    p << pred << ", " << result;
    return;
  }
  p.printFunctionalType(TypeRange{pred, onTrue, onFalse}, TypeRange{result});
}

// `%a, %b,`: each operand followed by a comma, the list ending at the first
// token after a comma that is not an SSA value (the attribute's keyword).
ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult result = parser.parseOptionalOperand(operand);
  while (result.has_value()) {
    if (failed(*result) || parser.parseComma())
      return failure();
    operands.push_back(operand);
    result = parser.parseOptionalOperand(operand);
  }
  return success();
}

void printVariadicOperandWithAttribute(OpAsmPrinter &p, Operation *,
                                       OperandRange operands) {
  llvm::interleaveComma(operands, p);
  if (!operands.empty())
    p << ",";
}

// `[start:limit:stride, ...]`, `:stride` omitted when 1.
ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t s, l, st = 1;
            if (parser.parseInteger(s) || parser.parseColon() ||
                parser.parseInteger(l))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(st))
              return failure();
            starts.push_back(s);
            limits.push_back(l);
            steps.push_back(st);
            return success();
          }))
    return failure();
  MLIRContext *ctx = parser.getContext();
  start = DenseI64ArrayAttr::get(ctx, starts);
  limit = DenseI64ArrayAttr::get(ctx, limits);
  strides = DenseI64ArrayAttr::get(ctx, steps);
  return success();
}

void printSliceRanges(OpAsmPrinter &p, Operation *, DenseI64ArrayAttr start,
                      DenseI64ArrayAttr limit, DenseI64ArrayAttr strides) {
  p << "[";
  // The three arrays may disagree in length on invalid IR that is printed
  // generically; print what exists.
  size_t n = std::min({start.size(), limit.size(), strides.size()});
  for (size_t i = 0; i < n; ++i) {
    if (i)
      p << ", ";
    p << start[i] << ":" << limit[i];
    if (strides[i] != 1)
      p << ":" << strides[i];
  }
  p << "]";
}

ParseResult parseDimsPair(OpAsmParser &parser, SmallVectorImpl<int64_t> &lhs,
                          SmallVectorImpl<int64_t> &rhs) {
  auto parseList = [&](SmallVectorImpl<int64_t> &dims) {
    return parser.parseCommaSeparatedList(
        OpAsmParser::Delimiter::Square,
        [&] { return parser.parseInteger(dims.emplace_back()); });
  };
  return failure(failed(parseList(lhs)) || parser.parseKeyword("x") ||
                 failed(parseList(rhs)));
}

// `batching_dims = [0] x [0], contracting_dims = [2] x [1]`; the batching
// part is omitted when empty.
ParseResult parsePrecisionList(OpAsmParser &parser, ArrayAttr &attr);
void printPrecisionConfig(OpAsmPrinter &p, ArrayAttr attr);

ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &attr,
                                     ArrayAttr &precisionConfig,
                                     DotAlgorithmAttr &algorithm) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parser.parseEqual() || parseDimsPair(parser, lhsBatch, rhsBatch) ||
        parser.parseComma())
      return failure();
  }
  if (parser.parseKeyword("contracting_dims") || parser.parseEqual() ||
      parseDimsPair(parser, lhsContract, rhsContract))
    return failure();
  attr = DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
  // `, precision = [...]` and `, algorithm = <...>`, each optional.
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("algorithm"))) {
      if (parser.parseEqual())
        return failure();
      Attribute parsed = DotAlgorithmAttr::parse(parser, Type());
      if (!parsed)
        return failure();
      algorithm = cast<DotAlgorithmAttr>(parsed);
      continue;
    }
    if (parser.parseKeyword("precision") || parser.parseEqual() ||
        parsePrecisionList(parser, precisionConfig))
      return failure();
  }
  return success();
}

void printDotDimensionNumbers(OpAsmPrinter &p, Operation *,
                              DotDimensionNumbersAttr attr,
                              ArrayAttr precisionConfig,
                              DotAlgorithmAttr algorithm) {
  auto printPair = [&](ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs) {
    p << "[";
    llvm::interleaveComma(lhs, p);
    p << "] x [";
    llvm::interleaveComma(rhs, p);
    p << "]";
  };
  if (!attr.getLhsBatchingDimensions().empty() ||
      !attr.getRhsBatchingDimensions().empty()) {
    p << "batching_dims = ";
    printPair(attr.getLhsBatchingDimensions(), attr.getRhsBatchingDimensions());
    p << ", ";
  }
  p << "contracting_dims = ";
  printPair(attr.getLhsContractingDimensions(),
            attr.getRhsContractingDimensions());
  printPrecisionConfig(p, precisionConfig);
  if (algorithm) {
    p << ", algorithm = ";
    algorithm.print(p);
  }
}

// `[DEFAULT, HIGHEST]`.
ParseResult parsePrecisionList(OpAsmParser &parser, ArrayAttr &attr) {
  SmallVector<Attribute> values;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            std::optional<Precision> precision = symbolizePrecision(keyword);
            if (!precision)
              return parser.emitError(loc)
                     << "expected DEFAULT, HIGH or HIGHEST, found '"
                     << keyword << "'";
            values.push_back(PrecisionAttr::get(parser.getContext(),
                                                *precision));
            return success();
          }))
    return failure();
  attr = ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printPrecisionConfig(OpAsmPrinter &p, ArrayAttr attr) {
  if (!attr)
    return;
  p << ", precision = [";
  llvm::interleaveComma(attr, p, [&](Attribute a) {
    if (auto precision = dyn_cast<PrecisionAttr>(a))
      p << stringifyPrecision(precision.getValue());
    else
      p << a;
  });
  p << "]";
}

// `: complex-tensor-type` when the operand types follow from it (the
// complex element's part type), the functional type otherwise.
ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(type)) {
    if (fnType.getNumInputs() != 2 || fnType.getNumResults() != 1)
      return parser.emitError(loc) << "expected 2 operand types and 1 result type";
    lhs = fnType.getInput(0);
    rhs = fnType.getInput(1);
    result = fnType.getResult(0);
    return success();
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto complex = tensor ? dyn_cast<ComplexType>(tensor.getElementType()) : nullptr;
  if (!complex)
    return parser.emitError(loc) << "expected a tensor of complex numbers, found " << type;
  lhs = rhs = tensor.clone(complex.getElementType());
  result = type;
  return success();
}

void printComplexOpType(OpAsmPrinter &p, Operation *, Type lhs, Type rhs,
                        Type result) {
  auto tensor = cast<RankedTensorType>(result);
  auto complex = dyn_cast<ComplexType>(tensor.getElementType());
  if (complex && lhs == rhs && lhs == tensor.clone(complex.getElementType())) {
    p << result;
    return;
  }
  p.printFunctionalType(TypeRange{lhs, rhs}, TypeRange{result});
}

ParseResult parseConvDimensions(OpAsmParser &parser,
                                ConvDimensionNumbersAttr &attr) {
  return parseConvDimensionsBody(parser, attr);
}

void printConvDimensions(OpAsmPrinter &p, Operation *,
                         ConvDimensionNumbersAttr attr) {
  printConvDimensionsBody(p, attr);
}

// `stride = [..], pad = [[lo, hi], ...], lhs_dilate = [..], rhs_dilate =
// [..], reverse = [..]`, each optional, inside the `window = {...}` braces.
ParseResult parseWindowAttributes(OpAsmParser &parser,
                                  DenseI64ArrayAttr &strides,
                                  DenseIntElementsAttr &padding,
                                  DenseI64ArrayAttr &lhsDilation,
                                  DenseI64ArrayAttr &rhsDilation,
                                  DenseBoolArrayAttr &reversal) {
  Builder b(parser.getContext());
  auto parseInts = [&](SmallVectorImpl<int64_t> &values) {
    return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&] {
      return parser.parseInteger(values.emplace_back());
    });
  };
  StringRef key;
  while (succeeded(parser.parseOptionalKeyword(&key))) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseEqual())
      return failure();
    SmallVector<int64_t> values;
    if (key == "stride" || key == "lhs_dilate" || key == "rhs_dilate") {
      if (parseInts(values))
        return failure();
      DenseI64ArrayAttr attr = b.getDenseI64ArrayAttr(values);
      (key == "stride" ? strides : key == "lhs_dilate" ? lhsDilation : rhsDilation) = attr;
    } else if (key == "pad") {
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
                size_t before = values.size();
                if (parseInts(values))
                  return failure();
                if (values.size() != before + 2)
                  return parser.emitError(loc) << "expected [low, high] pairs";
                ++rows;
                return success();
              }))
        return failure();
      padding = DenseIntElementsAttr::get(
          RankedTensorType::get({rows, 2}, b.getI64Type()), values);
    } else if (key == "reverse") {
      SmallVector<bool> flags;
      if (parser.parseCommaSeparatedList(
              OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
                if (succeeded(parser.parseOptionalKeyword("true"))) {
                  flags.push_back(true);
                  return success();
                }
                if (succeeded(parser.parseOptionalKeyword("false"))) {
                  flags.push_back(false);
                  return success();
                }
                int64_t v;
                if (parser.parseInteger(v))
                  return failure();
                flags.push_back(v != 0);
                return success();
              }))
        return failure();
      reversal = b.getDenseBoolArrayAttr(flags);
    } else {
      return parser.emitError(loc) << "unknown window attribute '" << key << "'";
    }
    if (failed(parser.parseOptionalComma()))
      break;
  }
  return success();
}

void printWindowAttributes(OpAsmPrinter &p, Operation *,
                           DenseI64ArrayAttr strides,
                           DenseIntElementsAttr padding,
                           DenseI64ArrayAttr lhsDilation,
                           DenseI64ArrayAttr rhsDilation,
                           DenseBoolArrayAttr reversal) {
  SmallVector<std::string> parts;
  auto list = [](ArrayRef<int64_t> values) {
    std::string s = "[";
    for (auto [i, v] : llvm::enumerate(values))
      s += (i ? ", " : "") + std::to_string(v);
    return s + "]";
  };
  if (strides)
    parts.push_back("stride = " + list(strides.asArrayRef()));
  if (padding) {
    SmallVector<int64_t> values(padding.getValues<int64_t>());
    std::string s = "pad = [";
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      s += (i ? ", " : "") + list({values[i], values[i + 1]});
    parts.push_back(s + "]");
  }
  if (lhsDilation)
    parts.push_back("lhs_dilate = " + list(lhsDilation.asArrayRef()));
  if (rhsDilation)
    parts.push_back("rhs_dilate = " + list(rhsDilation.asArrayRef()));
  if (reversal) {
    std::string s = "reverse = [";
    for (auto [i, v] : llvm::enumerate(reversal.asArrayRef()))
      s += std::string(i ? ", " : "") + (v ? "true" : "false");
    parts.push_back(s + "]");
  }
  llvm::interleaveComma(parts, p);
}

// `e5m10`: exponent and mantissa bits.
ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  unsigned e, m;
  size_t split = keyword.find('m');
  if (!keyword.starts_with("e") || split == StringRef::npos ||
      keyword.substr(1, split - 1).getAsInteger(10, e) ||
      keyword.substr(split + 1).getAsInteger(10, m))
    return parser.emitError(loc)
           << "expected a format like e5m10, found '" << keyword << "'";
  Builder b(parser.getContext());
  exponent = b.getI32IntegerAttr(e);
  mantissa = b.getI32IntegerAttr(m);
  return success();
}

void printExponentMantissa(OpAsmPrinter &p, Operation *, IntegerAttr exponent,
                           IntegerAttr mantissa) {
  p << "e" << exponent.getInt() << "m" << mantissa.getInt();
}

// `@target`, printed as a symbol reference (quoted when it needs to be).
ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target) {
  return parser.parseSymbolName(target);
}

void printCustomCallTarget(OpAsmPrinter &p, Operation *, StringAttr target) {
  p.printSymbolName(target.getValue());
}

} // namespace

//===----------------------------------------------------------------------===//
// Type inference and verification
//===----------------------------------------------------------------------===//

namespace {
/// Bytes of one element of `type` (at least one; quantized types by their
/// storage type); 1 for types whose size is not known here.
int64_t elementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * elementBytes(complex.getElementType());
  if (auto quantized = dyn_cast<quant::QuantizedType>(type))
    type = quantized.getStorageType();
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 1;
}
} // namespace

LogicalResult mlir::hlo::traits::verifyAddressableShapes(Operation *op) {
  auto check = [&](Type type, StringRef kind, unsigned index) -> LogicalResult {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasRank())
      return success();
    int64_t bytes = elementBytes(shaped.getElementType());
    for (int64_t dim : shaped.getShape()) {
      if (ShapedType::isDynamic(dim))
        continue;
      if (llvm::MulOverflow(bytes, dim, bytes))
        return op->emitOpError()
               << kind << " #" << index << " of type " << type
               << " takes more bytes than a 64-bit size can count";
    }
    return success();
  };
  for (auto [i, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(check(type, "operand", i)))
      return failure();
  for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(check(type, "result", i)))
      return failure();
  return success();
}

LogicalResult IotaOp::verify() {
  return verifyIotaOp(getLoc(), getIotaDimension(), getOutput().getType());
}

// Every elementwise op (unary and binary) infers its result the same way.
#define HLO_ELEMENTWISE_INFER(OP)                                              \
  LogicalResult OP::inferReturnTypes(MLIRContext *,                           \
                                     std::optional<Location> loc,             \
                                     Adaptor adaptor,                         \
                                     SmallVectorImpl<Type> &inferred) {       \
    return inferElementwiseOp(loc, adaptor.getOperands().getTypes(),          \
                              inferred);                                       \
  }
HLO_ELEMENTWISE_INFER(NegOp)
HLO_ELEMENTWISE_INFER(NotOp)
HLO_ELEMENTWISE_INFER(SignOp)
HLO_ELEMENTWISE_INFER(ExpOp)
HLO_ELEMENTWISE_INFER(Expm1Op)
HLO_ELEMENTWISE_INFER(LogOp)
HLO_ELEMENTWISE_INFER(Log1pOp)
HLO_ELEMENTWISE_INFER(LogisticOp)
HLO_ELEMENTWISE_INFER(TanhOp)
HLO_ELEMENTWISE_INFER(SqrtOp)
HLO_ELEMENTWISE_INFER(RsqrtOp)
HLO_ELEMENTWISE_INFER(CbrtOp)
HLO_ELEMENTWISE_INFER(CosineOp)
HLO_ELEMENTWISE_INFER(SineOp)
HLO_ELEMENTWISE_INFER(TanOp)
HLO_ELEMENTWISE_INFER(FloorOp)
HLO_ELEMENTWISE_INFER(CeilOp)
HLO_ELEMENTWISE_INFER(RoundOp)
HLO_ELEMENTWISE_INFER(RoundNearestEvenOp)
HLO_ELEMENTWISE_INFER(PopulationCountOp)
HLO_ELEMENTWISE_INFER(ClzOp)
HLO_ELEMENTWISE_INFER(AddOp)
HLO_ELEMENTWISE_INFER(SubtractOp)
HLO_ELEMENTWISE_INFER(MulOp)
HLO_ELEMENTWISE_INFER(DivOp)
HLO_ELEMENTWISE_INFER(RemOp)
HLO_ELEMENTWISE_INFER(MaxOp)
HLO_ELEMENTWISE_INFER(MinOp)
HLO_ELEMENTWISE_INFER(PowOp)
HLO_ELEMENTWISE_INFER(Atan2Op)
HLO_ELEMENTWISE_INFER(AndOp)
HLO_ELEMENTWISE_INFER(OrOp)
HLO_ELEMENTWISE_INFER(XorOp)
HLO_ELEMENTWISE_INFER(ShiftLeftOp)
HLO_ELEMENTWISE_INFER(ShiftRightArithmeticOp)
HLO_ELEMENTWISE_INFER(ShiftRightLogicalOp)
#undef HLO_ELEMENTWISE_INFER

LogicalResult AbsOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  return inferAbsOp(loc, adaptor.getOperand().getType(), inferred);
}

LogicalResult IsFiniteOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &inferred) {
  return inferCompareOp(loc, adaptor.getOperand().getType(), inferred);
}

// real and imag map complex<E> to E and keep float types, as abs does.
LogicalResult RealOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  return inferAbsOp(loc, adaptor.getOperand().getType(), inferred);
}

LogicalResult ImagOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  return inferAbsOp(loc, adaptor.getOperand().getType(), inferred);
}

LogicalResult ComplexOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location>,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto tensor = cast<RankedTensorType>(adaptor.getLhs().getType());
  inferred.push_back(tensor.clone(ComplexType::get(tensor.getElementType())));
  return success();
}

LogicalResult BitcastConvertOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  auto bits = [](Type t) -> int64_t {
    if (auto complex = dyn_cast<ComplexType>(t))
      return 2 * complex.getElementType().getIntOrFloatBitWidth();
    if (auto quantized = dyn_cast<quant::QuantizedType>(t))
      return quantized.getStorageTypeIntegralWidth();
    return t.getIntOrFloatBitWidth();
  };
  Type from = operand.getElementType(), to = result.getElementType();
  // bitcast_convert_c2
  if (isa<ComplexType>(from) != isa<ComplexType>(to))
    return emitOpError() << "converts between complex and non-complex "
                            "element types (bitcast_convert_c2): "
                         << from << " to " << to;
  int64_t fromBits = bits(from), toBits = bits(to);
  // bitcast_convert_c1: equal widths keep the shape; a narrower result adds
  // a last dimension of fromBits / toBits elements, a wider one removes the
  // operand's last dimension of toBits / fromBits elements.
  RankedTensorType longer = fromBits > toBits ? result : operand;
  RankedTensorType shorter = fromBits > toBits ? operand : result;
  int64_t ratio = fromBits > toBits ? fromBits / toBits : toBits / fromBits;
  if (fromBits == toBits) {
    if (failed(verifyCompatibleShape(operand, result)))
      return emitOpError() << "operand and result must have the same shape "
                              "(bitcast_convert_c1), found "
                           << operand << " and " << result;
    return success();
  }
  int64_t last = longer.getRank() - 1;
  bool ok = (fromBits > toBits ? fromBits % toBits : toBits % fromBits) == 0 &&
            longer.getRank() == shorter.getRank() + 1 &&
            (longer.isDynamicDim(last) || longer.getDimSize(last) == ratio);
  for (int64_t d = 0; ok && d < shorter.getRank(); ++d)
    ok = longer.isDynamicDim(d) || shorter.isDynamicDim(d) ||
         longer.getDimSize(d) == shorter.getDimSize(d);
  if (!ok)
    return emitOpError() << "converting " << fromBits << "-bit to " << toBits
                         << "-bit elements, the "
                         << (fromBits > toBits ? "result" : "operand")
                         << " must have the other's shape and a last "
                            "dimension of "
                         << ratio << " (bitcast_convert_c1), found " << operand
                         << " and " << result;
  return success();
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
  int64_t rank = operand.getRank();
  ArrayRef<int64_t> low = adaptor.getEdgePaddingLow(),
                    high = adaptor.getEdgePaddingHigh(),
                    interior = adaptor.getInteriorPadding();
  // pad_c1
  if (getElementTypeOrSelf(adaptor.getPaddingValue().getType()) !=
      operand.getElementType())
    return emitOptionalError(loc, "padding_value must have the operand's "
                                  "element type (pad_c1)");
  // pad_c2
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank ||
      static_cast<int64_t>(interior.size()) != rank)
    return emitOptionalError(loc, "low, high and interior must have one entry "
                                  "per operand dimension (pad_c2), expected ",
                             rank);
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    // pad_c3
    if (interior[d] < 0)
      return emitOptionalError(loc, "interior padding must be non-negative "
                                    "(pad_c3), found ",
                               interior[d]);
    int64_t size = operand.getDimSize(d);
    if (ShapedType::isDynamic(size)) {
      shape.push_back(ShapedType::kDynamic);
      continue;
    }
    // pad_c4
    int64_t padded = low[d] + size + std::max<int64_t>(size - 1, 0) * interior[d] + high[d];
    if (padded < 0)
      return emitOptionalError(loc, "padding leaves dimension ", d,
                               " with negative size ", padded, " (pad_c4)");
    shape.push_back(padded);
  }
  inferred.push_back(operand.clone(shape));
  return success();
}

LogicalResult ReverseOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t d : adaptor.getDimensions()) {
    // reverse_c3
    if (d < 0 || d >= operand.getRank())
      return emitOptionalError(loc, "dimension ", d, " must be in [0, ",
                               operand.getRank(), ") (reverse_c3)");
    // reverse_c2
    if (!seen.insert(d).second)
      return emitOptionalError(loc, "dimensions must be unique (reverse_c2), "
                                    "found ",
                               d, " twice");
  }
  inferred.push_back(operand);
  return success();
}

LogicalResult DynamicSliceOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &inferred) {
  auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
  ArrayRef<int64_t> sizes = adaptor.getSliceSizes();
  // dynamic_slice_c2, dynamic_slice_c3
  if (failed(verifyStartIndices(loc, adaptor.getStartIndices().getTypes(),
                                operand.getRank(), "dynamic_slice_c2",
                                "dynamic_slice_c3")))
    return failure();
  // dynamic_slice_c4
  if (static_cast<int64_t>(sizes.size()) != operand.getRank())
    return emitOptionalError(loc, "slice_sizes must have one entry per operand "
                                  "dimension (dynamic_slice_c2), expected ",
                             operand.getRank(), ", found ", sizes.size());
  for (int64_t d = 0; d < operand.getRank(); ++d)
    if (sizes[d] < 0 || (!operand.isDynamicDim(d) && sizes[d] > operand.getDimSize(d)))
      return emitOptionalError(loc, "slice size ", sizes[d], " of dimension ", d,
                               " must be in [0, ", operand.getDimSize(d),
                               "] (dynamic_slice_c4)");
  // dynamic_slice_c1, dynamic_slice_c5
  inferred.push_back(operand.clone(sizes));
  return success();
}

LogicalResult DynamicUpdateSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
  auto update = cast<RankedTensorType>(adaptor.getUpdate().getType());
  // dynamic_update_slice_c2
  if (update.getElementType() != operand.getElementType())
    return emitOptionalError(loc, "update must have the operand's element type "
                                  "(dynamic_update_slice_c2), found ",
                             update.getElementType(), " and ",
                             operand.getElementType());
  // dynamic_update_slice_c3
  if (update.getRank() != operand.getRank())
    return emitOptionalError(loc, "update must have the operand's rank "
                                  "(dynamic_update_slice_c3), expected ",
                             operand.getRank(), ", found ", update.getRank());
  // dynamic_update_slice_c4, dynamic_update_slice_c5
  if (failed(verifyStartIndices(loc, adaptor.getStartIndices().getTypes(),
                                operand.getRank(), "dynamic_update_slice_c4",
                                "dynamic_update_slice_c5")))
    return failure();
  // dynamic_update_slice_c6
  for (int64_t d = 0; d < operand.getRank(); ++d)
    if (!operand.isDynamicDim(d) && !update.isDynamicDim(d) &&
        update.getDimSize(d) > operand.getDimSize(d))
      return emitOptionalError(loc, "update dimension ", d, " of size ",
                               update.getDimSize(d),
                               " exceeds the operand's ",
                               operand.getDimSize(d),
                               " (dynamic_update_slice_c6)");
  // dynamic_update_slice_c1
  inferred.push_back(operand);
  return success();
}

LogicalResult CompareOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferCompareOp(loc, adaptor.getLhs().getType(), inferred);
}

LogicalResult AddOp::verify() {
  return verifyAddOp(getLoc(), getLhs().getType(), getRhs().getType(),
                     getType());
}

LogicalResult CompareOp::verify() {
  std::optional<int32_t> compareType;
  if (auto type = getCompareType())
    compareType = static_cast<int32_t>(*type);
  return verifyCompareOp(getLoc(), getLhs().getType(), compareType);
}

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  return inferSelectOp(loc, adaptor.getPred().getType(),
                       adaptor.getOnTrue().getType(),
                       adaptor.getOnFalse().getType(), inferred);
}

LogicalResult ClampOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  return inferClampOp(loc, adaptor.getMin().getType(),
                      adaptor.getOperand().getType(),
                      adaptor.getMax().getType(), inferred);
}

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastInDimOp(getLoc(), getOperand().getType(),
                                getBroadcastDimensions(), getType());
}

LogicalResult ReshapeOp::verify() {
  return verifyReshapeOp(getLoc(), getOperand().getType(), getType());
}

LogicalResult TransposeOp::verify() {
  return verifyTransposeOp(getLoc(), getOperand().getType(), getPermutation(),
                           getType());
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  return inferTransposeOp(loc, adaptor.getOperand().getType(),
                          adaptor.getPermutation(), inferred);
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  return inferSliceOp(loc, adaptor.getOperand().getType(),
                      adaptor.getStartIndices(), adaptor.getLimitIndices(),
                      adaptor.getStrides(), inferred);
}

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &inferred) {
  return inferConcatenateOp(loc, adaptor.getInputs().getTypes(),
                            adaptor.getDimension(), inferred);
}

LogicalResult DotGeneralOp::verify() {
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  std::optional<size_t> precisionSize;
  if (auto config = getPrecisionConfig())
    precisionSize = config->size();
  if (DotAlgorithmAttr algorithm = getAlgorithmAttr()) {
    if (auto config = getPrecisionConfig())
      for (Attribute precision : *config)
        if (auto value = dyn_cast<PrecisionAttr>(precision);
            !value || value.getValue() != Precision::DEFAULT)
          return emitOpError() << "with an algorithm, every precision must "
                                  "be DEFAULT (dot_general_c21)";
    if (algorithm.getLhsComponentCount() <= 0)
      return emitOpError() << "lhs_component_count must be positive "
                              "(dot_general_c22)";
    if (algorithm.getRhsComponentCount() <= 0)
      return emitOpError() << "rhs_component_count must be positive "
                              "(dot_general_c23)";
    if (algorithm.getNumPrimitiveOperations() <= 0)
      return emitOpError() << "num_primitive_operations must be positive "
                              "(dot_general_c24)";
  }
  return verifyDotGeneralOp(
      getLoc(), getLhs().getType(), getRhs().getType(),
      dims.getLhsBatchingDimensions(), dims.getRhsBatchingDimensions(),
      dims.getLhsContractingDimensions(), dims.getRhsContractingDimensions(),
      precisionSize, getType());
}

void CustomCallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getHasSideEffect()) {
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
  }
}

LogicalResult GatherOp::verify() {
  GatherDimensionNumbersAttr dims = getDimensionNumbers();
  return verifyGatherOp(
      getLoc(), /*isDynamicGather=*/false, getOperand().getType(),
      getStartIndices().getType(), dims.getOffsetDims(),
      dims.getCollapsedSliceDims(), dims.getOperandBatchingDims(),
      dims.getStartIndicesBatchingDims(), dims.getStartIndexMap(),
      dims.getIndexVectorDim(), std::nullopt, getSliceSizes(), getType());
}

namespace {
/// Window attribute values, or ones when the attribute is absent.
SmallVector<int64_t> valuesOrOnes(std::optional<ArrayRef<int64_t>> values,
                                  size_t size) {
  return values ? SmallVector<int64_t>(*values) : SmallVector<int64_t>(size, 1);
}

/// (low, high) pairs of an [N, 2] padding attribute, or zeros when absent.
SmallVector<std::pair<int64_t, int64_t>>
paddingPairs(std::optional<DenseIntElementsAttr> padding, size_t size) {
  SmallVector<std::pair<int64_t, int64_t>> pairs(size, {0, 0});
  if (padding) {
    SmallVector<int64_t> values(padding->getValues<int64_t>());
    for (size_t i = 0; i < size && 2 * i + 1 < values.size(); ++i)
      pairs[i] = {values[2 * i], values[2 * i + 1]};
  }
  return pairs;
}
} // namespace

LogicalResult SelectAndScatterOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto source = cast<RankedTensorType>(getSource().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t rank = operand.getRank();
  // select_and_scatter_c1
  if (source.getElementType() != operand.getElementType())
    return emitOpError() << "source must have the operand's element type "
                            "(select_and_scatter_c1), found "
                         << source.getElementType() << " and "
                         << operand.getElementType();
  // select_and_scatter_c3
  if (getElementTypeOrSelf(getInitValue().getType()) !=
      operand.getElementType())
    return emitOpError() << "init_value must have the operand's element type "
                            "(select_and_scatter_c3), found "
                         << getInitValue().getType() << " and "
                         << operand.getElementType();
  // select_and_scatter_c4..c8
  if (failed(verifyWindowArray(getLoc(), "window_dimensions",
                               getWindowDimensions(), rank,
                               "select_and_scatter_c4",
                               "select_and_scatter_c5")) ||
      failed(verifyWindowArray(getLoc(), "window_strides", getWindowStrides(),
                               rank, "select_and_scatter_c6",
                               "select_and_scatter_c7")) ||
      failed(verifyWindowPadding(getLoc(), getPadding(), rank,
                                 "select_and_scatter_c8")))
    return failure();
  // select_and_scatter_c9, select_and_scatter_c10: the regions.
  auto scalar = RankedTensorType::get({}, operand.getElementType());
  auto pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  for (auto [region, name, resultType, tag] :
       {std::tuple<Region *, StringRef, Type, StringRef>{
            &getSelect(), "select", pred, "select_and_scatter_c9"},
        std::tuple<Region *, StringRef, Type, StringRef>{
            &getScatter(), "scatter", scalar, "select_and_scatter_c10"}}) {
    Block &block = region->front();
    if (block.getNumArguments() != 2 || block.getArgument(0).getType() != scalar ||
        block.getArgument(1).getType() != scalar || block.empty() ||
        !isa<ReturnOp>(block.back()) || block.back().getNumOperands() != 1 ||
        block.back().getOperand(0).getType() != resultType)
      return emitOpError() << name << " must map (" << scalar << ", " << scalar
                           << ") to " << resultType << " (" << tag << ")";
  }
  // select_and_scatter_c11
  if (failed(verifyCompatibleShape(operand, result)))
    return emitOpError() << "result must have the operand's shape "
                            "(select_and_scatter_c11), found "
                         << result << " and " << operand;
  // select_and_scatter_c12
  if (result.getElementType() != scalar.getElementType())
    return emitOpError() << "result must have the element type of scatter's "
                            "result "
                         << scalar.getElementType()
                         << " (select_and_scatter_c12), found "
                         << result.getElementType();
  // select_and_scatter_c2: one source element per window.
  if (!operand.hasStaticShape())
    return success();
  SmallVector<int64_t> window = valuesOrOnes(getWindowDimensions(), rank);
  SmallVector<int64_t> strides = valuesOrOnes(getWindowStrides(), rank);
  auto padding = paddingPairs(getPadding(), rank);
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < rank; ++d)
    expected.push_back(numWindows(operand.getDimSize(d), window[d], strides[d],
                                  padding[d], 1, 1));
  auto expectedType = RankedTensorType::get(expected, source.getElementType());
  if (!isCompatibleTensorType(expectedType, source))
    return emitOpError() << "source must have one element per window, "
                         << expectedType << " (select_and_scatter_c2), found "
                         << source;
  return success();
}

LogicalResult SortOp::verify() {
  // sort_c1
  if (getInputs().empty())
    return emitOpError() << "expects at least one input (sort_c1)";
  // sort_c2, sort_c3
  auto first = cast<RankedTensorType>(getInputs().front().getType());
  if (getResults().size() != getInputs().size() ||
      !isCompatibleForHloTypeInference(getInputs().getTypes(), getResultTypes()))
    return emitOpError() << "results must have the inputs' types (sort_c2)";
  for (Type t : getInputs().getTypes())
    if (failed(verifyCompatibleShape(t, first)))
      return emitOpError() << "inputs must have the same shape (sort_c3)";
  // sort_c4
  int64_t rank = first.getRank();
  int64_t dimension = getDimensionAttr().getInt();
  if (dimension < -rank || dimension >= rank)
    return emitOpError() << "dimension " << dimension << " must be in ["
                         << -rank << ", " << rank << ") (sort_c4)";
  return success();
}

LogicalResult SortOp::verifyRegions() {
  // sort_c5: (tensor<E0>, tensor<E0>, tensor<E1>, tensor<E1>, ...) -> tensor<i1>
  Block &block = getComparator().front();
  size_t n = getInputs().size();
  if (block.getNumArguments() != 2 * n)
    return emitOpError() << "comparator must take " << 2 * n
                         << " scalar tensor arguments (sort_c5), found "
                         << block.getNumArguments();
  for (size_t i = 0; i < 2 * n; ++i) {
    auto expected = RankedTensorType::get(
        {}, getElementTypeOrSelf(getInputs()[i / 2].getType()));
    if (block.getArgument(i).getType() != expected)
      return emitOpError() << "comparator argument #" << i << " must be "
                           << expected << " (sort_c5), found "
                           << block.getArgument(i).getType();
  }
  auto pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (block.empty() || !isa<ReturnOp>(block.back()) ||
      block.back().getNumOperands() != 1 ||
      block.back().getOperand(0).getType() != pred)
    return emitOpError() << "comparator must return one tensor<i1> (sort_c5)";
  return success();
}

LogicalResult ScatterOp::verify() {
  ScatterDimensionNumbersAttr dims = getScatterDimensionNumbers();
  return verifyScatterOp(getLoc(), getInputs().getTypes(),
                         getScatterIndices().getType(), getUpdates().getTypes(),
                         dims.getUpdateWindowDims(),
                         dims.getInsertedWindowDims(),
                         dims.getInputBatchingDims(),
                         dims.getScatterIndicesBatchingDims(),
                         dims.getScatterDimsToOperandDims(),
                         dims.getIndexVectorDim(), getResultTypes());
}

LogicalResult ScatterOp::verifyRegions() {
  if (failed(verifyScalarCombiner(getLoc(), getInputs().getTypes(),
                                  getUpdateComputation(), "scatter_c23")))
    return failure();
  // scatter_c25
  TypeRange bodyTypes = getUpdateComputation().front().back().getOperandTypes();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip_equal(getResultTypes(), bodyTypes)))
    if (getElementTypeOrSelf(std::get<0>(pair)) !=
        getElementTypeOrSelf(std::get<1>(pair)))
      return emitOpError() << "result #" << i << " " << std::get<0>(pair)
                           << " must have the element type of the "
                              "update_computation's result #"
                           << i << " " << std::get<1>(pair) << " (scatter_c25)";
  return success();
}

SmallVector<int64_t> ReduceWindowOp::getStridesOrDefault() {
  return valuesOrOnes(getWindowStrides(), getWindowDimensions().size());
}
SmallVector<int64_t> ReduceWindowOp::getBaseDilationsOrDefault() {
  return valuesOrOnes(getBaseDilations(), getWindowDimensions().size());
}
SmallVector<int64_t> ReduceWindowOp::getWindowDilationsOrDefault() {
  return valuesOrOnes(getWindowDilations(), getWindowDimensions().size());
}
SmallVector<std::pair<int64_t, int64_t>> ReduceWindowOp::getPaddingOrDefault() {
  return paddingPairs(getPadding(), getWindowDimensions().size());
}

LogicalResult ReduceWindowOp::verify() {
  size_t n = getInputs().size();
  // reduce_window_c1 (SameVariadicOperandSize pairs inputs and init values)
  if (n == 0 || getResults().size() != n)
    return emitOpError() << "expects one init value and one result per input, "
                            "and at least one input (reduce_window_c1), found "
                         << n << " inputs and " << getResults().size()
                         << " results";
  auto input = cast<RankedTensorType>(getInputs().front().getType());
  int64_t rank = input.getRank();
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip_equal(getInputs().getTypes(), getInitValues().getTypes()))) {
    auto [in, init] = pair;
    // reduce_window_c2
    if (failed(verifyCompatibleShape(in, input)))
      return emitOpError() << "inputs must have the same shape "
                              "(reduce_window_c2), found "
                           << input << " and input #" << i << " " << in;
    // reduce_window_c3
    if (getElementTypeOrSelf(in) != getElementTypeOrSelf(init))
      return emitOpError() << "init value #" << i
                           << " must have the element type of input #" << i
                           << " (reduce_window_c3), found " << init << " and "
                           << in;
  }
  // reduce_window_c4..c12
  if (failed(verifyWindowArray(getLoc(), "window_dimensions",
                               getWindowDimensions(), rank, "reduce_window_c4",
                               "reduce_window_c5")) ||
      failed(verifyWindowArray(getLoc(), "window_strides", getWindowStrides(),
                               rank, "reduce_window_c6", "reduce_window_c7")) ||
      failed(verifyWindowArray(getLoc(), "base_dilations", getBaseDilations(),
                               rank, "reduce_window_c8", "reduce_window_c9")) ||
      failed(verifyWindowArray(getLoc(), "window_dilations",
                               getWindowDilations(), rank, "reduce_window_c10",
                               "reduce_window_c11")) ||
      failed(verifyWindowPadding(getLoc(), getPadding(), rank,
                                 "reduce_window_c12")))
    return failure();
  // reduce_window_c14
  Type firstResult = getResultTypes().front();
  for (auto [i, type] : llvm::enumerate(getResultTypes()))
    if (failed(verifyCompatibleShape(type, firstResult)))
      return emitOpError() << "results must have the same shape "
                              "(reduce_window_c14), found "
                           << firstResult << " and result #" << i << " "
                           << type;
  // reduce_window_c15
  if (!input.hasStaticShape())
    return success();
  SmallVector<int64_t> strides = getStridesOrDefault();
  SmallVector<int64_t> baseDilations = getBaseDilationsOrDefault();
  SmallVector<int64_t> windowDilations = getWindowDilationsOrDefault();
  auto padding = getPaddingOrDefault();
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < rank; ++d)
    expected.push_back(numWindows(input.getDimSize(d), getWindowDimensions()[d],
                                  strides[d], padding[d], baseDilations[d],
                                  windowDilations[d]));
  for (auto [i, type] : llvm::enumerate(getResultTypes())) {
    auto result = cast<RankedTensorType>(type);
    auto expectedType =
        RankedTensorType::get(expected, result.getElementType());
    if (!isCompatibleTensorType(expectedType, result))
      return emitOpError() << "result #" << i << " must have shape of "
                           << expectedType << " (reduce_window_c15), found "
                           << type;
  }
  return success();
}

LogicalResult ReduceWindowOp::verifyRegions() {
  if (failed(verifyScalarCombiner(getLoc(), getInputs().getTypes(), getBody(),
                                  "reduce_window_c13")))
    return failure();
  // reduce_window_c16
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(
           getResultTypes(), getBody().front().back().getOperandTypes())))
    if (getElementTypeOrSelf(std::get<0>(pair)) !=
        getElementTypeOrSelf(std::get<1>(pair)))
      return emitOpError() << "result #" << i
                           << " must have the body's result element type "
                              "(reduce_window_c16)";
  return success();
}

LogicalResult FftOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  ArrayRef<int64_t> length = getFftLength();
  int64_t l = length.size();
  // fft_c3
  if (l < 1 || l > 3)
    return emitOpError() << "fft_length must have 1 to 3 entries (fft_c3), "
                            "found "
                         << l;
  // fft_c1
  if (l > operand.getRank())
    return emitOpError() << "fft_length must not have more entries than the "
                            "operand's rank "
                         << operand.getRank() << " (fft_c1), found " << l;
  // fft_c2
  FftType type = getFftType();
  Type from = operand.getElementType(), to = result.getElementType();
  auto complexFrom = dyn_cast<ComplexType>(from);
  auto complexTo = dyn_cast<ComplexType>(to);
  bool ok = false;
  switch (type) {
  case FftType::FFT:
  case FftType::IFFT:
    ok = complexFrom && from == to;
    break;
  case FftType::RFFT:
    ok = !complexFrom && complexTo && complexTo.getElementType() == from;
    break;
  case FftType::IRFFT:
    ok = complexFrom && !complexTo && complexFrom.getElementType() == to;
    break;
  }
  if (!ok) {
    StringRef expected =
        type == FftType::RFFT    ? "a floating-point type to the complex type "
                                   "of its semantics"
        : type == FftType::IRFFT ? "a complex type to its floating-point type"
                                 : "a complex type to itself";
    return emitOpError() << stringifyFftType(type) << " maps " << expected
                         << " (fft_c2), found " << from << " to " << to;
  }
  // fft_c5
  bool real = type == FftType::RFFT || type == FftType::IRFFT;
  RankedTensorType realType = type == FftType::RFFT ? operand : result;
  RankedTensorType complexType = type == FftType::RFFT ? result : operand;
  if (operand.getRank() != result.getRank())
    return emitOpError() << "result must have the operand's rank (fft_c5), "
                            "found "
                         << operand << " and " << result;
  for (int64_t d = 0; d < operand.getRank(); ++d) {
    int64_t expected = operand.getDimSize(d), found = result.getDimSize(d);
    if (real && d == operand.getRank() - 1) {
      expected = realType.getDimSize(d);
      found = complexType.getDimSize(d);
      if (!ShapedType::isDynamic(expected))
        expected = expected == 0 ? 0 : expected / 2 + 1;
    }
    if (!ShapedType::isDynamic(expected) && !ShapedType::isDynamic(found) &&
        expected != found)
      return emitOpError() << "dimension " << d << " of the "
                           << (real && d == operand.getRank() - 1 &&
                                       type == FftType::IRFFT
                                   ? "operand"
                                   : "result")
                           << " must be " << expected
                           << " (fft_c5), found " << operand << " and "
                           << result;
  }
  // fft_c4: the trailing dimensions of the real side are fft_length. The
  // spec leaves those of FFT/IFFT free; the lowering transforms whole
  // dimensions, so they must be fft_length too (no zero-padding/truncation).
  for (RankedTensorType t : real ? SmallVector<RankedTensorType>{realType}
                                 : SmallVector<RankedTensorType>{operand}) {
    for (int64_t i = 0; i < l; ++i) {
      int64_t d = t.getRank() - l + i;
      if (!t.isDynamicDim(d) && t.getDimSize(d) != length[i])
        return emitOpError() << "dimension " << d << " of " << t
                             << " must be fft_length[" << i << "] = "
                             << length[i] << (real ? " (fft_c4)" : "");
    }
  }
  return success();
}

SmallVector<int64_t> ConvolutionOp::getStridesOrDefault() {
  return valuesOrOnes(getWindowStrides(),
                      getDimensionNumbers().getInputSpatialDimensions().size());
}
SmallVector<int64_t> ConvolutionOp::getLhsDilationOrDefault() {
  return valuesOrOnes(getLhsDilation(),
                      getDimensionNumbers().getInputSpatialDimensions().size());
}
SmallVector<int64_t> ConvolutionOp::getRhsDilationOrDefault() {
  return valuesOrOnes(getRhsDilation(),
                      getDimensionNumbers().getInputSpatialDimensions().size());
}
SmallVector<bool> ConvolutionOp::getReversalOrDefault() {
  size_t n = getDimensionNumbers().getInputSpatialDimensions().size();
  if (auto reversal = getWindowReversal())
    return SmallVector<bool>(*reversal);
  return SmallVector<bool>(n, false);
}
SmallVector<std::pair<int64_t, int64_t>> ConvolutionOp::getPaddingOrDefault() {
  return paddingPairs(getPadding(),
                      getDimensionNumbers().getInputSpatialDimensions().size());
}

LogicalResult ConvolutionOp::verify() {
  // An absent padding is zeros; one of the wrong shape fails convolution_c4.
  SmallVector<int64_t> padding;
  Type paddingType;
  if (auto attr = getPadding()) {
    paddingType = attr->getType();
    llvm::append_range(padding, attr->getValues<int64_t>());
  } else {
    int64_t rank = cast<RankedTensorType>(getLhs().getType()).getRank();
    padding.assign(2 * std::max<int64_t>(rank - 2, 0), 0);
  }
  std::optional<size_t> precisionConfigSize;
  if (auto config = getPrecisionConfig())
    precisionConfigSize = config->size();
  return verifyConvolutionOp(
      getLoc(), "convolution", getLhs().getType(), getRhs().getType(),
      getWindowStrides(), paddingType, ArrayRef<int64_t>(padding),
      getLhsDilation(), getRhsDilation(), getWindowReversal(),
      getDimensionNumbers(), getFeatureGroupCount(), getBatchGroupCount(),
      precisionConfigSize, getType());
}

LogicalResult TriangularSolveOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto a = cast<RankedTensorType>(adaptor.getA().getType());
  auto b = cast<RankedTensorType>(adaptor.getB().getType());
  // triangular_solve_c1
  if (a.getElementType() != b.getElementType())
    return emitOptionalError(loc, "a and b must have the same element type "
                                  "(triangular_solve_c1), found ",
                             a.getElementType(), " and ", b.getElementType());
  // triangular_solve_c2
  if (a.getRank() < 2 || a.getRank() != b.getRank())
    return emitOptionalError(loc, "a and b must have the same rank, at least 2 "
                                  "(triangular_solve_c2), found ",
                             a.getRank(), " and ", b.getRank());
  int64_t rank = a.getRank();
  // triangular_solve_c3
  if (!ShapedType::isDynamic(a.getDimSize(rank - 1)) &&
      !ShapedType::isDynamic(a.getDimSize(rank - 2)) &&
      a.getDimSize(rank - 1) != a.getDimSize(rank - 2))
    return emitOptionalError(loc, "a must be square in its last two dimensions "
                                  "(triangular_solve_c3)");
  int64_t solved = adaptor.getLeftSide() ? b.getDimSize(rank - 2)
                                         : b.getDimSize(rank - 1);
  if (!ShapedType::isDynamic(solved) &&
      !ShapedType::isDynamic(a.getDimSize(rank - 1)) &&
      solved != a.getDimSize(rank - 1))
    return emitOptionalError(loc, "b's ", adaptor.getLeftSide() ? "rows" : "columns",
                             " must match a's size (triangular_solve_c3)");
  for (int64_t d = 0; d + 2 < rank; ++d)
    if (!ShapedType::isDynamic(a.getDimSize(d)) &&
        !ShapedType::isDynamic(b.getDimSize(d)) &&
        a.getDimSize(d) != b.getDimSize(d))
      return emitOptionalError(loc, "a and b must have the same batch "
                                    "dimensions (triangular_solve_c3)");
  // triangular_solve_c4
  if (adaptor.getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return emitOptionalError(loc, "transpose_a must be NO_TRANSPOSE, TRANSPOSE "
                                  "or ADJOINT, found TRANSPOSE_INVALID");
  // triangular_solve_c4
  inferred.push_back(b);
  return success();
}

LogicalResult CholeskyOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto a = cast<RankedTensorType>(adaptor.getA().getType());
  // cholesky_c2
  if (a.getRank() < 2)
    return emitOptionalError(loc, "a must have rank at least 2 (cholesky_c2), "
                                  "found rank ",
                             a.getRank());
  // cholesky_c3
  int64_t rows = a.getDimSize(a.getRank() - 2);
  int64_t cols = a.getDimSize(a.getRank() - 1);
  if (!ShapedType::isDynamic(rows) && !ShapedType::isDynamic(cols) &&
      rows != cols)
    return emitOptionalError(loc, "a must be square in its last two "
                                  "dimensions (cholesky_c3), found ",
                             rows, "x", cols);
  // cholesky_c1: the result has a's type.
  inferred.push_back(a);
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

namespace {
/// Checks that `region` ends in a return of values of `types`.
LogicalResult verifyRegionResults(Operation *op, Region &region,
                                  TypeRange types, StringRef what,
                                  StringRef tag) {
  Block &block = region.front();
  if (block.empty() || !isa<ReturnOp>(block.back()))
    return op->emitOpError() << what << " must end with hlo.return (" << tag
                             << ")";
  TypeRange returned = block.back().getOperandTypes();
  if (returned.size() != types.size() ||
      !isCompatibleForHloTypeInference(returned, types))
    return op->emitOpError()
           << what << " must return " << types.size() << " values of types ("
           << types << ") (" << tag << "), found (" << returned << ")";
  return success();
}
} // namespace

LogicalResult WhileOp::verifyRegions() {
  TypeRange types = getOperand().getTypes();
  // while_c1, while_c2: both regions take the loop-carried values.
  for (auto [region, name] :
       {std::pair<Region *, StringRef>{&getCond(), "cond"},
        std::pair<Region *, StringRef>{&getBody(), "body"}}) {
    if (region->front().getArgumentTypes() != types)
      return emitOpError() << name << " must take the operand types ("
                           << types << ") (while_c1, while_c2), found ("
                           << region->front().getArgumentTypes() << ")";
  }
  if (!isCompatibleForHloTypeInference(getResultTypes(), types))
    return emitOpError() << "results must have the operand types (while_c3)";
  auto predType = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (failed(verifyRegionResults(*this, getCond(), TypeRange(predType), "cond",
                                 "while_c1")) ||
      failed(verifyRegionResults(*this, getBody(), types, "body", "while_c2")))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &p) {
  p << "(";
  llvm::interleaveComma(llvm::zip_equal(getBody().getArguments(), getOperand()),
                        p, [&](auto pair) {
                          p.printRegionArgument(std::get<0>(pair), {},
                                                /*omitType=*/true);
                          p << " = " << std::get<1>(pair);
                        });
  p << ")";
  if (!getOperand().empty()) {
    p << " : ";
    llvm::interleaveComma(getOperand().getTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p.printNewline();
  p << " cond ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  p << " do ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            if (parser.parseArgument(args.emplace_back()) ||
                parser.parseEqual() ||
                parser.parseOperand(operands.emplace_back()))
              return failure();
            return success();
          }))
    return failure();
  SmallVector<Type> types;
  if (!args.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != args.size())
    return parser.emitError(loc) << "expected " << args.size()
                                 << " types, found " << types.size();
  for (auto [arg, type] : llvm::zip_equal(args, types))
    arg.type = type;
  if (parser.resolveOperands(operands, types, loc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addTypes(types);
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, args) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, args))
    return failure();
  return success();
}

LogicalResult IfOp::verifyRegions() {
  for (auto [region, name] :
       {std::pair<Region *, StringRef>{&getTrueBranch(), "true_branch"},
        std::pair<Region *, StringRef>{&getFalseBranch(), "false_branch"}}) {
    // if_c1
    if (region->front().getNumArguments() != 0)
      return emitOpError() << name << " must take no arguments (if_c1)";
    // if_c2, if_c3
    if (failed(verifyRegionResults(*this, *region, getResultTypes(), name,
                                   "if_c2, if_c3")))
      return failure();
  }
  return success();
}

LogicalResult CaseOp::verifyRegions() {
  // case_c1
  if (getBranches().empty())
    return emitOpError() << "expects at least one branch (case_c1)";
  for (auto [i, region] : llvm::enumerate(getBranches())) {
    std::string name = "branch #" + std::to_string(i);
    // case_c2
    if (region.front().getNumArguments() != 0)
      return emitOpError() << name << " must take no arguments (case_c2)";
    // case_c3, case_c4
    if (failed(verifyRegionResults(*this, region, getResultTypes(), name,
                                   "case_c3, case_c4")))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

void ReduceOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange inputs, ValueRange initValues,
                     ArrayRef<int64_t> dimensions) {
  state.addOperands(inputs);
  state.addOperands(initValues);
  Properties &props = state.getOrAddProperties<Properties>();
  props.dimensions = builder.getDenseI64ArrayAttr(dimensions);
  // The body is filled in by the caller; its block arguments are the
  // accumulators then the elements, as scalar tensors.
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (int pass = 0; pass < 2; ++pass)
    for (Value init : initValues)
      block->addArgument(
          RankedTensorType::get({}, getElementTypeOrSelf(init.getType())),
          state.location);
  SmallVector<Type> resultTypes;
  auto input = cast<RankedTensorType>(inputs.front().getType());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < input.getRank(); ++d)
    if (!llvm::is_contained(dimensions, d))
      shape.push_back(input.getDimSize(d));
  for (Value init : initValues)
    resultTypes.push_back(
        RankedTensorType::get(shape, getElementTypeOrSelf(init.getType())));
  state.addTypes(resultTypes);
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  Region *body = adaptor.getRegions().empty() ? nullptr
                                               : adaptor.getRegions().front();
  Region empty;
  return inferReduceOp(loc, adaptor.getInputs().getTypes(),
                       adaptor.getDimensions(), body ? *body : empty,
                       inferred);
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyReduceOpBody(getLoc(), getInputs().getTypes(),
                            getInitValues().getTypes(), getBody());
}

namespace {
// The body is a single binary hlo op applied to (accumulator, element) and
// returned: print it as `applies hlo.add`.
Operation *getCompactReducer(ReduceOp op) {
  if (op.getInputs().size() != 1 || op.getBody().empty())
    return nullptr;
  Block &block = op.getBody().front();
  if (block.getNumArguments() != 2 || !llvm::hasSingleElement(
                                           block.without_terminator()))
    return nullptr;
  Operation &inner = block.front();
  Operation &terminator = block.back();
  if (inner.getDialect() != op->getDialect() || inner.getNumOperands() != 2 ||
      inner.getNumResults() != 1 || inner.getNumRegions() != 0 ||
      !inner.getAttrs().empty() || inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1) ||
      inner.getResult(0).getType() != block.getArgument(0).getType() ||
      terminator.getNumOperands() != 1 ||
      terminator.getOperand(0) != inner.getResult(0))
    return nullptr;
  return &inner;
}
} // namespace

void ReduceOp::print(OpAsmPrinter &p) {
  size_t n = getInputs().size();
  for (size_t i = 0; i < n; ++i) {
    p << (i ? ", (" : "(") << getInputs()[i] << " init: " << getInitValues()[i]
      << ")";
  }
  Operation *compact = getCompactReducer(*this);
  if (compact)
    p << " applies " << compact->getName();
  p << " across dimensions = [";
  llvm::interleaveComma(getDimensions(), p);
  p << "]";
  p.printOptionalAttrDict((*this)->getAttrs(), {getDimensionsAttrName()});
  p << " : ";
  p.printFunctionalType(*this);
  if (compact)
    return;
  p.printNewline();
  p << "  reducer";
  Block &block = getBody().front();
  size_t numArgs = block.getNumArguments();
  // Pairs (accumulator i, element i); block arguments are all accumulators
  // then all elements. Invalid bodies are printed as far as they go.
  for (size_t i = 0; i < n && n + i < numArgs; ++i) {
    p << "(";
    p.printRegionArgument(block.getArgument(i));
    p << ", ";
    p.printRegionArgument(block.getArgument(n + i));
    p << ") ";
  }
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  do {
    if (parser.parseLParen() ||
        parser.parseOperand(inputs.emplace_back()) ||
        parser.parseKeyword("init") || parser.parseColon() ||
        parser.parseOperand(inits.emplace_back()) || parser.parseRParen())
      return failure();
  } while (succeeded(parser.parseOptionalComma()));

  FailureOr<OperationName> compactName = failure();
  SMLoc compactLoc;
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    compactLoc = parser.getCurrentLocation();
    compactName = parser.parseCustomOperationName();
    if (failed(compactName))
      return failure();
  }

  SmallVector<int64_t> dimensions;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square,
          [&] { return parser.parseInteger(dimensions.emplace_back()); }))
    return failure();
  result.getOrAddProperties<Properties>().dimensions =
      parser.getBuilder().getDenseI64ArrayAttr(dimensions);
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();

  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType fnType;
  if (parser.parseColonType(fnType))
    return failure();
  if (fnType.getNumInputs() != inputs.size() + inits.size())
    return parser.emitError(typeLoc)
           << "expected " << inputs.size() + inits.size()
           << " operand types, found " << fnType.getNumInputs();
  ArrayRef<Type> inputTypes = fnType.getInputs().take_front(inputs.size());
  ArrayRef<Type> initTypes = fnType.getInputs().drop_front(inputs.size());
  if (parser.resolveOperands(inputs, inputTypes, loc, result.operands) ||
      parser.resolveOperands(inits, initTypes, loc, result.operands))
    return failure();
  result.addTypes(fnType.getResults());

  Region *body = result.addRegion();
  if (succeeded(compactName)) {
    // Rebuild the one-op body: (acc, elem) -> op(acc, elem).
    if (inits.size() != 1)
      return parser.emitError(compactLoc)
             << "the compact `applies` form takes exactly one input";
    auto scalar = dyn_cast<ShapedType>(initTypes.front());
    if (!scalar)
      return parser.emitError(typeLoc) << "expected a tensor init value type";
    Type scalarType = RankedTensorType::get({}, scalar.getElementType());
    Location bodyLoc = result.location;
    OpBuilder builder(parser.getContext());
    Block *block = builder.createBlock(body);
    Value acc = block->addArgument(scalarType, bodyLoc);
    Value elem = block->addArgument(scalarType, bodyLoc);
    OperationState innerState(bodyLoc, *compactName);
    innerState.addOperands({acc, elem});
    innerState.addTypes(scalarType);
    Operation *inner = builder.create(innerState);
    ReturnOp::create(builder, bodyLoc, inner->getResults());
    return success();
  }

  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> accs, elems;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (parser.parseLParen() ||
        parser.parseArgument(accs.emplace_back(), /*allowType=*/true) ||
        parser.parseComma() ||
        parser.parseArgument(elems.emplace_back(), /*allowType=*/true) ||
        parser.parseRParen())
      return failure();
  }
  SmallVector<OpAsmParser::Argument> args(accs);
  llvm::append_range(args, elems);
  return parser.parseRegion(*body, args);
}

//===----------------------------------------------------------------------===//
// Fusion
//===----------------------------------------------------------------------===//

void FusionOp::build(OpBuilder &builder, OperationState &state,
                     TypeRange resultTypes, ValueRange inputs,
                     FusionKind kind) {
  state.addOperands(inputs);
  state.addTypes(resultTypes);
  state.addAttribute(getKindAttrName(state.name),
                     FusionKindAttr::get(builder.getContext(), kind));
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Value input : inputs)
    block->addArgument(input.getType(), input.getLoc());
}

ReturnOp FusionOp::getReturnOp() {
  return cast<ReturnOp>(getBody().front().getTerminator());
}

LogicalResult FusionOp::verifyRegions() {
  Block &block = getBody().front();
  if (block.getArgumentTypes() != getInputs().getTypes())
    return emitOpError() << "body must take the input types ("
                         << getInputs().getTypes() << "), found ("
                         << block.getArgumentTypes() << ")";
  if (failed(verifyRegionResults(*this, getBody(), getResultTypes(), "body",
                                 "fusion")))
    return failure();
  // Exactly the result types, not only compatible ones: a fusion is lowered
  // to one loop nest over its results' shape, and a body result of another
  // (dynamic) shape has no size to take there.
  TypeRange returned = getReturnOp().getOperandTypes();
  if (returned != getResultTypes())
    return emitOpError() << "body must return the result types ("
                         << getResultTypes() << "), found (" << returned
                         << ")";
  return success();
}

// hlo.fusion kind = loop (%x = %a, ...) : (T, ...) -> (R, ...)
//     [attributes {...}] { body }
void FusionOp::print(OpAsmPrinter &p) {
  p << " kind = " << stringifyFusionKind(getKind()) << " (";
  llvm::interleaveComma(
      llvm::zip_equal(getBody().getArguments(), getInputs()), p,
      [&](auto pair) {
        p.printRegionArgument(std::get<0>(pair), {}, /*omitType=*/true);
        p << " = " << std::get<1>(pair);
      });
  p << ") : ";
  p.printFunctionalType(getInputs().getTypes(), getResultTypes());
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {getKindAttrName()});
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

ParseResult FusionOp::parse(OpAsmParser &parser, OperationState &result) {
  StringRef kindName;
  SMLoc kindLoc;
  if (parser.parseKeyword("kind") || parser.parseEqual())
    return failure();
  kindLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&kindName))
    return failure();
  std::optional<FusionKind> kind = symbolizeFusionKind(kindName);
  if (!kind)
    return parser.emitError(kindLoc)
           << "expected fusion kind loop, input, output or custom, found '"
           << kindName << "'";
  result.addAttribute(getKindAttrName(result.name),
                      FusionKindAttr::get(parser.getContext(), *kind));

  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            return failure(parser.parseArgument(args.emplace_back()) ||
                           parser.parseEqual() ||
                           parser.parseOperand(operands.emplace_back()));
          }))
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType type;
  if (parser.parseColonType(type))
    return failure();
  if (type.getNumInputs() != args.size())
    return parser.emitError(typeLoc)
           << "expected " << args.size() << " input types, found "
           << type.getNumInputs();
  for (auto [arg, argType] : llvm::zip_equal(args, type.getInputs()))
    arg.type = argType;
  if (parser.resolveOperands(operands, type.getInputs(), typeLoc,
                             result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addTypes(type.getResults());
  return parser.parseRegion(*result.addRegion(), args);
}

//===----------------------------------------------------------------------===//
// Map
//===----------------------------------------------------------------------===//

LogicalResult MapOp::verify() {
  // map_c1, map_c2: SameOperandsAndResultShape (which needs an operand).
  // map_c3
  int64_t rank = cast<RankedTensorType>(getInputs()[0].getType()).getRank();
  ArrayRef<int64_t> dims = getDimensions();
  if (static_cast<int64_t>(dims.size()) != rank ||
      llvm::any_of(llvm::enumerate(dims),
                   [](auto p) { return p.value() != int64_t(p.index()); }))
    return emitOpError() << "dimensions must be [0, ..., " << rank - 1
                         << "] (map_c3)";
  // map_c4
  Block &body = getComputation().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "computation must take " << getInputs().size()
                         << " arguments, one per input (map_c4), found "
                         << body.getNumArguments();
  for (auto [arg, input] : llvm::zip(body.getArguments(), getInputs())) {
    auto expected = RankedTensorType::get(
        {}, cast<RankedTensorType>(input.getType()).getElementType());
    if (arg.getType() != expected)
      return emitOpError() << "computation argument " << arg.getArgNumber()
                           << " must have type " << expected
                           << " (map_c4), found " << arg.getType();
  }
  Operation *terminator = body.getTerminator();
  auto expected = RankedTensorType::get(
      {}, cast<RankedTensorType>(getType()).getElementType());
  if (terminator->getNumOperands() != 1 ||
      terminator->getOperand(0).getType() != expected)
    return emitOpError() << "computation must return one value of type "
                         << expected << " (map_c4)";
  return success();
}

//===----------------------------------------------------------------------===//
// Quantization
//===----------------------------------------------------------------------===//

LogicalResult UniformQuantizeOp::verify() {
  // uniform_quantize_c1 is SameOperandsAndResultShape.
  Type operand = getElementTypeOrSelf(getOperand().getType());
  auto result = cast<quant::QuantizedType>(getElementTypeOrSelf(getType()));
  // uniform_quantize_c2
  Type expressed = isa<FloatType>(operand)
                       ? operand
                       : cast<quant::QuantizedType>(operand).getExpressedType();
  if (result.getExpressedType() != expressed)
    return emitOpError() << "result's expressed type must be "
                         << expressed << " (uniform_quantize_c2), found "
                         << result.getExpressedType();
  return success();
}

LogicalResult UniformDequantizeOp::verify() {
  // uniform_dequantize_c1 is SameOperandsAndResultShape.
  auto operand =
      cast<quant::QuantizedType>(getElementTypeOrSelf(getOperand().getType()));
  Type result = getElementTypeOrSelf(getType());
  // uniform_dequantize_c2
  if (result != operand.getExpressedType())
    return emitOpError() << "result element type must be the operand's "
                            "expressed type "
                         << operand.getExpressedType()
                         << " (uniform_dequantize_c2), found " << result;
  return success();
}

//===----------------------------------------------------------------------===//
// Tokens, tuples, barriers and composites
//===----------------------------------------------------------------------===//

namespace {
// `: tuple<T0, ..., Tn-1>`: the operand types are the tuple's elements.
ParseResult parseTupleOpType(OpAsmParser &parser,
                             SmallVectorImpl<Type> &operands, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc) << "expected a tuple type, found " << result;
  llvm::append_range(operands, tuple.getTypes());
  return success();
}

void printTupleOpType(OpAsmPrinter &p, Operation *, TypeRange, Type result) {
  p << result;
}

// `: T0, ..., Tn-1`: operand i and result i have type Ti.
ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                SmallVectorImpl<Type> &operands,
                                SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}

void printPairwiseOpType(OpAsmPrinter &p, Operation *, TypeRange operands,
                         TypeRange) {
  llvm::interleaveComma(operands, p);
}

// Whether a constant integer vector operand's values are known; fills them.
bool getConstantDims(Value v, SmallVectorImpl<int64_t> &values) {
  DenseIntElementsAttr attr;
  // A shape operand has one element per dimension: a longer one (a splat
  // of 2^32 elements, say) is not expanded here, the shape functions
  // reject its length.
  if (!matchPattern(v, m_Constant(&attr)) || attr.getNumElements() > 4096)
    return false;
  for (const APInt &x : attr.getValues<APInt>())
    values.push_back(x.getSExtValue());
  return true;
}

// The static size of a 1-D shape operand, or nullopt.
std::optional<int64_t> staticSize(Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.isDynamicDim(0))
    return std::nullopt;
  return type.getDimSize(0);
}
} // namespace

LogicalResult TupleOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  // tuple_c1
  inferred.push_back(TupleType::get(context, adaptor.getVal().getTypes()));
  return success();
}

LogicalResult
GetTupleElementOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &inferred) {
  auto tuple = cast<TupleType>(adaptor.getOperand().getType());
  int64_t index = adaptor.getIndex();
  // get_tuple_element_c1
  if (index < 0 || index >= static_cast<int64_t>(tuple.size()))
    return emitOptionalError(loc, "index ", index, " must be in [0, ",
                             tuple.size(), ") (get_tuple_element_c1)");
  // get_tuple_element_c2
  inferred.push_back(tuple.getType(index));
  return success();
}

OpFoldResult GetTupleElementOp::fold(FoldAdaptor) {
  if (auto tuple = getOperand().getDefiningOp<TupleOp>())
    return tuple.getVal()[getIndex()];
  return {};
}

LogicalResult CompositeOp::verify() {
  // composite_c1: a namespaced name, `ns.op`.
  StringRef name = getName();
  auto [ns, rest] = name.split('.');
  if (ns.empty() || rest.empty())
    return emitOpError() << "name '" << name
                         << "' must be namespaced, as in 'ns.op' (composite_c1)";
  return success();
}

LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // composite_c2
  auto callee = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getDecompositionAttr());
  if (!callee)
    return emitOpError() << "decomposition " << getDecompositionAttr()
                         << " must name a function (composite_c2)";
  // composite_c3, composite_c4
  if (TypeRange(callee.getArgumentTypes()) != getOperandTypes())
    return emitOpError() << "operand types must be the decomposition's "
                            "argument types (composite_c3)";
  if (TypeRange(callee.getResultTypes()) != getResultTypes())
    return emitOpError() << "result types must be the decomposition's "
                            "result types (composite_c4)";
  return success();
}

//===----------------------------------------------------------------------===//
// Dynamic-shape ops
//===----------------------------------------------------------------------===//

LogicalResult DynamicBroadcastInDimOp::verify() {
  // dynamic_broadcast_in_dim_c1..c5
  if (failed(verifyBroadcastInDimOp(getLoc(), getOperand().getType(),
                                    getBroadcastDimensions(), getType(),
                                    "dynamic_broadcast_in_dim")))
    return failure();
  auto result = cast<RankedTensorType>(getType());
  // dynamic_broadcast_in_dim_c7
  if (std::optional<int64_t> n = staticSize(getOutputDimensions());
      n && *n != result.getRank())
    return emitOpError() << "output_dimensions must have one entry per result "
                            "dimension (dynamic_broadcast_in_dim_c7), found "
                         << *n << " for rank " << result.getRank();
  ArrayRef<int64_t> expanding, nonexpanding;
  if (auto attr = getKnownExpandingDimensions())
    expanding = *attr;
  if (auto attr = getKnownNonexpandingDimensions())
    nonexpanding = *attr;
  int64_t rank = cast<RankedTensorType>(getOperand().getType()).getRank();
  llvm::SmallDenseSet<int64_t> seen;
  for (auto [list, tag] : {std::pair{expanding, "c9"}, {nonexpanding, "c10"}})
    for (int64_t d : list) {
      // dynamic_broadcast_in_dim_c9, dynamic_broadcast_in_dim_c10
      if (d < 0 || d >= rank)
        return emitOpError() << "known (non)expanding dimension " << d
                             << " must be in [0, " << rank
                             << ") (dynamic_broadcast_in_dim_" << tag << ")";
      // dynamic_broadcast_in_dim_c8
      if (!seen.insert(d).second)
        return emitOpError() << "dimension " << d
                             << " is listed twice in known_expanding_dimensions"
                                " and known_nonexpanding_dimensions "
                                "(dynamic_broadcast_in_dim_c8)";
    }
  return success();
}

LogicalResult DynamicReshapeOp::verify() {
  // dynamic_reshape_c1, dynamic_reshape_c2
  if (failed(verifyReshapeOp(getLoc(), getOperand().getType(), getType(),
                             "dynamic_reshape")))
    return failure();
  // dynamic_reshape_c4
  int64_t rank = cast<RankedTensorType>(getType()).getRank();
  if (std::optional<int64_t> n = staticSize(getOutputShape()); n && *n != rank)
    return emitOpError() << "output_shape must have one entry per result "
                            "dimension (dynamic_reshape_c4), found "
                         << *n << " for rank " << rank;
  return success();
}

LogicalResult DynamicIotaOp::verify() {
  int64_t rank = cast<RankedTensorType>(getType()).getRank();
  // dynamic_iota_c2
  if (std::optional<int64_t> n = staticSize(getOutputShape()); n && *n != rank)
    return emitOpError() << "output_shape must have one entry per result "
                            "dimension (dynamic_iota_c2), found "
                         << *n << " for rank " << rank;
  // dynamic_iota_c1
  int64_t d = getIotaDimension();
  if (d < 0 || d >= rank)
    return emitOpError() << "iota_dimension " << d << " must be in [0, "
                         << rank << ") (dynamic_iota_c1)";
  return success();
}

LogicalResult DynamicPadOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  // dynamic_pad_c1
  if (operand.getElementType() != result.getElementType() ||
      getPaddingValue().getType().getElementType() != operand.getElementType())
    return emitOpError() << "operand, padding_value and result must have the "
                            "same element type (dynamic_pad_c1)";
  if (result.getRank() != operand.getRank())
    return emitOpError() << "result must have the operand's rank "
                            "(dynamic_pad_c4), found "
                         << result.getRank() << " and " << operand.getRank();
  // dynamic_pad_c2
  for (Value v : {getEdgePaddingLow(), getEdgePaddingHigh(),
                  getInteriorPadding()})
    if (std::optional<int64_t> n = staticSize(v); n && *n != operand.getRank())
      return emitOpError() << "paddings must have one entry per operand "
                              "dimension (dynamic_pad_c2), found "
                           << *n << " for rank " << operand.getRank();
  // dynamic_pad_c3
  SmallVector<int64_t> interior;
  if (getConstantDims(getInteriorPadding(), interior))
    for (int64_t p : interior)
      if (p < 0)
        return emitOpError() << "interior_padding must be non-negative "
                                "(dynamic_pad_c3), found "
                             << p;
  return success();
}

LogicalResult RealDynamicSliceOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  // real_dynamic_slice_c1
  if (operand.getElementType() != result.getElementType() ||
      operand.getRank() != result.getRank())
    return emitOpError() << "result must have the operand's element type and "
                            "rank (real_dynamic_slice_c1), found "
                         << result << " for " << operand;
  // real_dynamic_slice_c2
  for (Value v : {getStartIndices(), getLimitIndices(), getStrides()})
    if (std::optional<int64_t> n = staticSize(v); n && *n != operand.getRank())
      return emitOpError() << "start_indices, limit_indices and strides must "
                              "have one entry per operand dimension "
                              "(real_dynamic_slice_c2), found "
                           << *n << " for rank " << operand.getRank();
  // real_dynamic_slice_c3
  SmallVector<int64_t> strides;
  if (getConstantDims(getStrides(), strides))
    for (int64_t s : strides)
      if (s <= 0)
        return emitOpError() << "strides must be positive "
                                "(real_dynamic_slice_c3), found "
                             << s;
  return success();
}

LogicalResult DynamicGatherOp::verify() {
  GatherDimensionNumbersAttr dims = getDimensionNumbers();
  SmallVector<int64_t> sizes;
  bool constantSizes = getConstantDims(getSliceSizes(), sizes);
  return verifyGatherOp(
      getLoc(), /*isDynamicGather=*/true, getOperand().getType(),
      getStartIndices().getType(), dims.getOffsetDims(),
      dims.getCollapsedSliceDims(), dims.getOperandBatchingDims(),
      dims.getStartIndicesBatchingDims(), dims.getStartIndexMap(),
      dims.getIndexVectorDim(), staticSize(getSliceSizes()),
      constantSizes ? std::optional<ArrayRef<int64_t>>(sizes) : std::nullopt,
      getType());
}

LogicalResult DynamicConvOp::verify() {
  // The result's spatial sizes are checked when the padding is a constant.
  SmallVector<int64_t> padding;
  bool constantPadding = getConstantDims(getPadding(), padding);
  std::optional<size_t> precisionConfigSize;
  if (auto config = getPrecisionConfig())
    precisionConfigSize = config->size();
  return verifyConvolutionOp(
      getLoc(), "dynamic_conv", getLhs().getType(), getRhs().getType(),
      getWindowStrides(), getPadding().getType(),
      constantPadding ? std::optional<ArrayRef<int64_t>>(padding)
                      : std::nullopt,
      getLhsDilation(), getRhsDilation(), getWindowReversal(),
      getDimensionNumbers(), getFeatureGroupCount(), getBatchGroupCount(),
      precisionConfigSize, getType());
}

LogicalResult GetDimensionSizeOp::verify() {
  // get_dimension_size_c1
  int64_t rank = cast<RankedTensorType>(getOperand().getType()).getRank();
  int64_t d = getDimension();
  if (d < 0 || d >= rank)
    return emitOpError() << "dimension " << d << " must be in [0, " << rank
                         << ") (get_dimension_size_c1)";
  return success();
}

OpFoldResult GetDimensionSizeOp::fold(FoldAdaptor) {
  auto type = cast<RankedTensorType>(getOperand().getType());
  int64_t d = getDimension();
  if (d < 0 || d >= type.getRank() || type.isDynamicDim(d))
    return {};
  return DenseElementsAttr::get(cast<ShapedType>(getType()),
                                APInt(32, type.getDimSize(d)));
}

#define GET_OP_CLASSES
#include "HloDialect/Dialect/Hlo/IR/HloOps.cpp.inc"

LogicalResult ReturnOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (parent &&
      (isa<ReduceOp, ReduceWindowOp, ScatterOp, SortOp, MapOp,
           SelectAndScatterOp, WhileOp, IfOp, CaseOp, FusionOp, AllReduceOp,
           ReduceScatterOp, CollectiveReduceOp, AsyncStartOp>(parent) ||
       parent->getName().getStringRef() == "chlo.scan"))
    return success();
  return emitOpError(
      "expects parent op to be one of 'hlo.reduce, hlo.reduce_window, "
      "hlo.scatter, hlo.sort, hlo.map, hlo.select_and_scatter, hlo.while, "
      "hlo.if, hlo.case, hlo.fusion, hlo.all_reduce, hlo.reduce_scatter, "
      "hlo.collective_reduce, hlo.async_start, chlo.scan'");
}
