//===- HloTypeInference.cpp - shape functions of hlo ops ------------------===//
//
// One function per op, each constraint tagged with the StableHLO spec's
// number. Verifiers and inferReturnTypes both call these, so a rule is
// written once.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloTypeInference.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
// emitOptionalError with a string built by streaming into it.
template <typename... Args>
LogicalResult error(std::optional<Location> loc, Args &&...args) {
  return emitOptionalError(loc, std::forward<Args>(args)...);
}

std::string listToString(ArrayRef<int64_t> values) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(values, os);
  os << "]";
  return s;
}

bool isDynamic(int64_t dim) { return ShapedType::isDynamic(dim); }

bool dimsCompatible(int64_t a, int64_t b) {
  return isDynamic(a) || isDynamic(b) || a == b;
}

// Checks that every value in `dims` is in [0, rank) and that none repeats.
LogicalResult checkDimensions(std::optional<Location> loc, StringRef what,
                              ArrayRef<int64_t> dims, int64_t rank,
                              StringRef rangeTag, StringRef uniqueTag) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return error(loc, what, " ", listToString(dims),
                   " must be in [0, ", rank, ") (", rangeTag, "), found ", d);
    if (!uniqueTag.empty() && !seen.insert(d).second)
      return error(loc, what, " ", listToString(dims),
                   " must not repeat a dimension (", uniqueTag, "), found ",
                   d, " twice");
  }
  return success();
}

// Checks that no value repeats across the concatenation of `a` and `b`.
LogicalResult checkUnique(std::optional<Location> loc, StringRef aName,
                          ArrayRef<int64_t> a, StringRef bName,
                          ArrayRef<int64_t> b, StringRef tag) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : llvm::concat<const int64_t>(a, b))
    if (!seen.insert(d).second)
      return error(loc, aName, " ", listToString(a), " and ", bName, " ",
                   listToString(b),
                   " must not repeat a dimension (", tag, "), found ", d,
                   " twice");
  return success();
}
} // namespace

bool hlo::isSameElementTypeUpToQuantization(Type lhs, Type rhs) {
  if (lhs == rhs)
    return true;
  auto l = dyn_cast<quant::QuantizedType>(lhs);
  auto r = dyn_cast<quant::QuantizedType>(rhs);
  return l && r && l.getStorageType() == r.getStorageType() &&
         l.getExpressedType() == r.getExpressedType() &&
         l.getStorageTypeMin() == r.getStorageTypeMin() &&
         l.getStorageTypeMax() == r.getStorageTypeMax() &&
         l.isSigned() == r.isSigned();
}

bool hlo::isCompatibleTensorType(Type lhs, Type rhs) {
  auto l = dyn_cast<RankedTensorType>(lhs);
  auto r = dyn_cast<RankedTensorType>(rhs);
  if (!l || !r)
    return lhs == rhs;
  if (!isSameElementTypeUpToQuantization(l.getElementType(),
                                         r.getElementType()) ||
      l.getRank() != r.getRank())
    return false;
  for (auto [a, b] : llvm::zip_equal(l.getShape(), r.getShape()))
    if (!dimsCompatible(a, b))
      return false;
  return true;
}

LogicalResult hlo::inferElementwiseOp(std::optional<Location> loc,
                                      TypeRange operandTypes,
                                      SmallVectorImpl<Type> &inferred) {
  if (operandTypes.empty())
    return error(loc, "expected at least one operand");
  // The most static of the operand types: a static dimension of any operand
  // pins the result's.
  auto first = cast<RankedTensorType>(operandTypes.front());
  SmallVector<int64_t> shape(first.getShape());
  for (Type t : operandTypes.drop_front()) {
    auto tensor = cast<RankedTensorType>(t);
    if (tensor.getRank() != first.getRank())
      return error(loc, "operands must have the same rank, found ", first,
                   " and ", t);
    for (auto [i, d] : llvm::enumerate(tensor.getShape())) {
      if (!dimsCompatible(shape[i], d))
        return error(loc, "operand shapes must match, found ", first, " and ",
                     t);
      if (isDynamic(shape[i]))
        shape[i] = d;
    }
  }
  inferred.push_back(RankedTensorType::get(shape, first.getElementType()));
  return success();
}

LogicalResult hlo::inferAbsOp(std::optional<Location> loc, Type operandType,
                              SmallVectorImpl<Type> &inferred) {
  auto tensor = cast<RankedTensorType>(operandType);
  Type elementType = tensor.getElementType();
  // abs_c1: complex<E> -> E, otherwise the element type is kept.
  if (auto complex = dyn_cast<ComplexType>(elementType))
    elementType = complex.getElementType();
  inferred.push_back(tensor.clone(elementType));
  return success();
}

LogicalResult hlo::inferCompareOp(std::optional<Location> loc, Type lhsType,
                                  SmallVectorImpl<Type> &inferred) {
  auto tensor = cast<RankedTensorType>(lhsType);
  inferred.push_back(
      tensor.clone(IntegerType::get(tensor.getContext(), /*width=*/1)));
  return success();
}

LogicalResult hlo::inferSelectOp(std::optional<Location> loc, Type predType,
                                 Type onTrueType, Type onFalseType,
                                 SmallVectorImpl<Type> &inferred) {
  auto pred = cast<RankedTensorType>(predType);
  auto onTrue = cast<RankedTensorType>(onTrueType);
  // select_c2
  if (!isCompatibleTensorType(onTrueType, onFalseType))
    return error(loc,
                 "on_true and on_false must have the same type (select_c2), "
                 "found ",
                 onTrueType, " and ", onFalseType);
  // select_c1
  if (pred.getRank() != 0) {
    if (pred.getRank() != onTrue.getRank() ||
        !llvm::all_of(llvm::zip_equal(pred.getShape(), onTrue.getShape()),
                      [](auto p) {
                        return dimsCompatible(std::get<0>(p), std::get<1>(p));
                      }))
      return error(loc,
                   "pred must be a scalar or have the shape of on_true "
                   "(select_c1), found ",
                   predType, " and ", onTrueType);
  }
  return inferElementwiseOp(loc, {onTrueType, onFalseType}, inferred);
}

LogicalResult hlo::inferClampOp(std::optional<Location> loc, Type minType,
                                Type operandType, Type maxType,
                                SmallVectorImpl<Type> &inferred) {
  auto operand = cast<RankedTensorType>(operandType);
  auto checkBound = [&](Type boundType, StringRef name,
                        StringRef tag) -> LogicalResult {
    auto bound = cast<RankedTensorType>(boundType);
    if (bound.getRank() == 0)
      return success();
    if (bound.getRank() != operand.getRank() ||
        !llvm::all_of(llvm::zip_equal(bound.getShape(), operand.getShape()),
                      [](auto p) {
                        return dimsCompatible(std::get<0>(p), std::get<1>(p));
                      }))
      return error(loc, name,
                   " must be a scalar or have the shape of the operand (", tag,
                   "), found ", boundType, " and ", operandType);
    return success();
  };
  // clamp_c1, clamp_c2
  if (failed(checkBound(minType, "min", "clamp_c1")) ||
      failed(checkBound(maxType, "max", "clamp_c2")))
    return failure();
  // clamp_c3
  if (getElementTypeOrSelf(minType) != operand.getElementType() ||
      getElementTypeOrSelf(maxType) != operand.getElementType())
    return error(loc,
                 "min, operand and max must have the same element type "
                 "(clamp_c3), found ",
                 minType, ", ", operandType, " and ", maxType);
  // clamp_c4
  inferred.push_back(operandType);
  return success();
}

LogicalResult hlo::inferTransposeOp(std::optional<Location> loc,
                                    Type operandType,
                                    ArrayRef<int64_t> permutation,
                                    SmallVectorImpl<Type> &inferred) {
  auto operand = cast<RankedTensorType>(operandType);
  // transpose_c2
  if (static_cast<int64_t>(permutation.size()) != operand.getRank())
    return error(loc, "permutation ", listToString(permutation),
                 " must have one entry per operand dimension (transpose_c2), "
                 "expected ",
                 operand.getRank(), " entries");
  if (failed(checkDimensions(loc, "permutation", permutation,
                             operand.getRank(), "transpose_c2",
                             "transpose_c2")))
    return failure();
  // transpose_c3
  SmallVector<int64_t> shape;
  for (int64_t d : permutation)
    shape.push_back(operand.getDimSize(d));
  inferred.push_back(operand.clone(shape));
  return success();
}

LogicalResult hlo::inferSliceOp(std::optional<Location> loc, Type operandType,
                                ArrayRef<int64_t> startIndices,
                                ArrayRef<int64_t> limitIndices,
                                ArrayRef<int64_t> strides,
                                SmallVectorImpl<Type> &inferred) {
  auto operand = cast<RankedTensorType>(operandType);
  int64_t rank = operand.getRank();
  // slice_c2
  if (static_cast<int64_t>(startIndices.size()) != rank ||
      static_cast<int64_t>(limitIndices.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return error(loc,
                 "start_indices, limit_indices and strides must have one "
                 "entry per operand dimension (slice_c2), expected ",
                 rank, " entries, found ", startIndices.size(), ", ",
                 limitIndices.size(), " and ", strides.size());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t start = startIndices[d], limit = limitIndices[d],
            stride = strides[d];
    // slice_c3
    if (start < 0)
      return error(loc, "start index ", start, " of dimension ", d,
                   " must be non-negative (slice_c3)");
    if (limit < start)
      return error(loc, "limit index ", limit, " of dimension ", d,
                   " must not be smaller than its start index ", start,
                   " (slice_c3)");
    int64_t dimSize = operand.getDimSize(d);
    if (!isDynamic(dimSize) && limit > dimSize)
      return error(loc, "limit index ", limit, " of dimension ", d,
                   " must not exceed the dimension size ", dimSize,
                   " (slice_c3)");
    // slice_c4
    if (stride <= 0)
      return error(loc, "stride ", stride, " of dimension ", d,
                   " must be positive (slice_c4)");
    // slice_c5
    shape.push_back(llvm::divideCeil(limit - start, stride));
  }
  inferred.push_back(operand.clone(shape));
  return success();
}

LogicalResult hlo::inferConcatenateOp(std::optional<Location> loc,
                                      TypeRange inputTypes, int64_t dimension,
                                      SmallVectorImpl<Type> &inferred) {
  // concatenate_c3
  if (inputTypes.empty())
    return error(loc, "expected at least one input (concatenate_c3)");
  auto first = cast<RankedTensorType>(inputTypes.front());
  // concatenate_c4
  if (dimension < 0 || dimension >= first.getRank())
    return error(loc, "dimension ", dimension, " must be in [0, ",
                 first.getRank(), ") (concatenate_c4)");
  SmallVector<int64_t> shape(first.getShape());
  for (auto [i, type] : llvm::enumerate(inputTypes.drop_front())) {
    auto input = cast<RankedTensorType>(type);
    // concatenate_c1
    if (input.getElementType() != first.getElementType())
      return error(loc,
                   "inputs must have the same element type (concatenate_c1), "
                   "found ",
                   first, " and ", type);
    // concatenate_c2
    if (input.getRank() != first.getRank())
      return error(loc, "inputs must have the same rank (concatenate_c2), "
                        "found ",
                   first, " and ", type);
    for (int64_t d = 0; d < input.getRank(); ++d) {
      int64_t size = input.getDimSize(d);
      if (d == dimension) {
        // concatenate_c6
        shape[d] = isDynamic(shape[d]) || isDynamic(size)
                       ? ShapedType::kDynamic
                       : shape[d] + size;
        continue;
      }
      if (!dimsCompatible(shape[d], size))
        return error(loc,
                     "inputs must have the same shape except in dimension ",
                     dimension, " (concatenate_c2), found ", first, " and ",
                     type, " differing in dimension ", d);
      if (isDynamic(shape[d]))
        shape[d] = size;
    }
  }
  // concatenate_c5, concatenate_c6
  inferred.push_back(first.clone(shape));
  return success();
}

LogicalResult hlo::verifyReduceOpBody(std::optional<Location> loc,
                                      TypeRange inputTypes,
                                      TypeRange initTypes, Region &body) {
  size_t n = inputTypes.size();
  // reduce_c3
  if (n == 0)
    return error(loc, "expected at least one input (reduce_c3)");
  if (initTypes.size() != n)
    return error(loc, "expected one init value per input (reduce_c3), found ",
                 n, " inputs and ", initTypes.size(), " init values");
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(inputTypes, initTypes))) {
    auto [input, init] = pair;
    // reduce_c2
    if (getElementTypeOrSelf(input) != getElementTypeOrSelf(init))
      return error(loc, "init value #", i,
                   " must have the element type of input #", i,
                   " (reduce_c2), found ", init, " and ", input);
  }
  if (body.empty())
    return error(loc, "expected a reduction body (reduce_c6)");
  Block &block = body.front();
  // reduce_c6: (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ...) -> (...)
  if (block.getNumArguments() != 2 * n)
    return error(loc, "reduction body must take ", 2 * n,
                 " scalar tensor arguments (reduce_c6), found ",
                 block.getNumArguments());
  for (size_t i = 0; i < n; ++i) {
    Type acc = block.getArgument(i).getType();
    Type elem = block.getArgument(n + i).getType();
    auto expected = RankedTensorType::get({}, getElementTypeOrSelf(initTypes[i]));
    if (acc != expected || elem != expected)
      return error(loc, "reduction body arguments #", i, " and #", n + i,
                   " must be ", expected, " (reduce_c6), found ", acc, " and ",
                   elem);
  }
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
    return error(loc, "reduction body must end with hlo.return (reduce_c6)");
  Operation &terminator = block.back();
  if (terminator.getNumOperands() != n)
    return error(loc, "reduction body must return ", n,
                 " values (reduce_c6), found ", terminator.getNumOperands());
  for (auto [i, type] : llvm::enumerate(terminator.getOperandTypes())) {
    auto expected = RankedTensorType::get({}, getElementTypeOrSelf(initTypes[i]));
    if (type != expected)
      return error(loc, "reduction body result #", i, " must be ", expected,
                   " (reduce_c6), found ", type);
  }
  return success();
}

LogicalResult hlo::inferReduceOp(std::optional<Location> loc,
                                 TypeRange inputTypes,
                                 ArrayRef<int64_t> dimensions, Region &body,
                                 SmallVectorImpl<Type> &inferred) {
  // reduce_c3
  if (inputTypes.empty())
    return error(loc, "expected at least one input (reduce_c3)");
  auto first = cast<RankedTensorType>(inputTypes.front());
  // reduce_c1
  for (Type t : inputTypes.drop_front()) {
    auto input = cast<RankedTensorType>(t);
    if (input.getRank() != first.getRank() ||
        !llvm::all_of(llvm::zip_equal(input.getShape(), first.getShape()),
                      [](auto p) {
                        return dimsCompatible(std::get<0>(p), std::get<1>(p));
                      }))
      return error(loc, "inputs must have the same shape (reduce_c1), found ",
                   first, " and ", t);
  }
  // reduce_c4, reduce_c5
  if (failed(checkDimensions(loc, "dimensions", dimensions, first.getRank(),
                             "reduce_c4", "reduce_c5")))
    return failure();
  // reduce_c7
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < first.getRank(); ++d)
    if (!llvm::is_contained(dimensions, d))
      shape.push_back(first.getDimSize(d));
  // reduce_c8: the body's result element types; fall back on the inputs'
  // when the body is not yet well formed (its verifier reports that).
  for (auto [i, t] : llvm::enumerate(inputTypes)) {
    Type elementType = getElementTypeOrSelf(t);
    if (!body.empty() && !body.front().empty()) {
      Operation &terminator = body.front().back();
      if (i < terminator.getNumOperands())
        elementType = getElementTypeOrSelf(terminator.getOperand(i).getType());
    }
    inferred.push_back(RankedTensorType::get(shape, elementType));
  }
  return success();
}

LogicalResult hlo::verifyIotaOp(std::optional<Location> loc,
                                int64_t iotaDimension, Type outputType) {
  auto output = cast<RankedTensorType>(outputType);
  // iota_c1
  if (iotaDimension < 0 || iotaDimension >= output.getRank())
    return error(loc, "iota_dimension ", iotaDimension, " must be in [0, ",
                 output.getRank(), ") (iota_c1)");
  return success();
}

LogicalResult hlo::verifyAddOp(std::optional<Location> loc, Type lhsType,
                               Type rhsType, Type resultType) {
  auto perAxis = [](Type type) {
    return dyn_cast<quant::UniformQuantizedPerAxisType>(
        getElementTypeOrSelf(type));
  };
  if (!isa<quant::QuantizedType>(getElementTypeOrSelf(resultType)))
    return success();
  auto lhs = perAxis(lhsType), rhs = perAxis(rhsType);
  auto result = perAxis(resultType);
  // add_c5
  if (static_cast<bool>(lhs || rhs) != static_cast<bool>(result))
    return error(loc, "result must be per-axis quantized exactly when an "
                      "operand is (add_c5)");
  // add_c6, add_c7
  if (lhs && lhs.getQuantizedDimension() != result.getQuantizedDimension())
    return error(loc, "result quantization dimension ",
                 result.getQuantizedDimension(),
                 " must be lhs's quantization dimension ",
                 lhs.getQuantizedDimension(), " (add_c6)");
  if (rhs && rhs.getQuantizedDimension() != result.getQuantizedDimension())
    return error(loc, "result quantization dimension ",
                 result.getQuantizedDimension(),
                 " must be rhs's quantization dimension ",
                 rhs.getQuantizedDimension(), " (add_c7)");
  return success();
}

LogicalResult hlo::verifyCompareOp(std::optional<Location> loc, Type lhsType,
                                   std::optional<int32_t> compareType) {
  if (!compareType)
    return success();
  // Values of ComparisonType; kept as integers so this file does not need the
  // generated enum header.
  enum { NoType = 0, Float = 1, TotalOrder = 2, Signed = 3, Unsigned = 4 };
  Type elementType = getElementTypeOrSelf(lhsType);
  int32_t expected[2] = {-1, -1};
  StringRef expectedName;
  if (elementType.isInteger(1) || elementType.isUnsignedInteger()) {
    expected[0] = Unsigned;
    expectedName = "UNSIGNED";
  } else if (elementType.isSignlessInteger() ||
             elementType.isSignedInteger()) {
    expected[0] = Signed;
    expectedName = "SIGNED";
  } else if (isa<FloatType>(elementType)) {
    expected[0] = Float;
    expected[1] = TotalOrder;
    expectedName = "FLOAT or TOTALORDER";
  } else if (isa<ComplexType>(elementType)) {
    expected[0] = Float;
    expectedName = "FLOAT";
  }
  // compare_c3 (NOTYPE is the spec's "unspecified" and always accepted)
  if (*compareType == NoType || *compareType == expected[0] ||
      *compareType == expected[1])
    return success();
  return error(loc, "compare_type for operands of element type ", elementType,
               " must be ", expectedName, " (compare_c3)");
}

bool hlo::isPerAxisQuantized(Type type) {
  return isa<quant::UniformQuantizedPerAxisType>(getElementTypeOrSelf(type));
}

namespace {
// The element type rule of the layout ops (broadcast_in_dim_c1,
// reshape_c1, transpose_c1): equal element types, except that per-axis
// quantized ones may differ in their quantization dimension and, when
// `scalesMayDiffer`, in their scales and zero points.
LogicalResult checkLayoutElementType(std::optional<Location> loc,
                                     RankedTensorType operand,
                                     RankedTensorType result, StringRef tag,
                                     bool scalesMayDiffer) {
  Type from = operand.getElementType(), to = result.getElementType();
  auto fromAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(from);
  auto toAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(to);
  bool ok = from == to;
  if (!ok && fromAxis && toAxis)
    ok = hlo::isSameElementTypeUpToQuantization(from, to) &&
         (scalesMayDiffer || (fromAxis.getScales() == toAxis.getScales() &&
                              fromAxis.getZeroPoints() ==
                                  toAxis.getZeroPoints()));
  if (ok)
    return success();
  return error(loc, "result must have the operand's element type",
               fromAxis ? (scalesMayDiffer
                               ? ", up to its quantization dimension, scales "
                                 "and zero points"
                               : ", up to its quantization dimension")
                        : "",
               " (", tag, "), found ", from, " and ", to);
}

// The product of `shape[begin, end)`, or std::nullopt if one is dynamic.
std::optional<int64_t> product(ArrayRef<int64_t> shape, int64_t begin,
                               int64_t end) {
  int64_t n = 1;
  for (int64_t d = begin; d < end; ++d) {
    if (isDynamic(shape[d]))
      return std::nullopt;
    n *= shape[d];
  }
  return n;
}
} // namespace

LogicalResult hlo::verifyBroadcastInDimOp(std::optional<Location> loc,
                                          Type operandType,
                                          ArrayRef<int64_t> broadcastDimensions,
                                          Type resultType, StringRef op) {
  auto operand = cast<RankedTensorType>(operandType);
  auto result = cast<RankedTensorType>(resultType);
  // broadcast_in_dim_c1
  if (failed(checkLayoutElementType(loc, operand, result, (op + "_c1").str(),
                                    /*scalesMayDiffer=*/true)))
    return failure();
  // broadcast_in_dim_c2
  if (static_cast<int64_t>(broadcastDimensions.size()) != operand.getRank())
    return error(loc, "broadcast_dimensions ",
                 listToString(broadcastDimensions),
                 " must have one entry per operand dimension "
                 "(", op, "_c2), expected ",
                 operand.getRank(), " entries");
  // broadcast_in_dim_c3, broadcast_in_dim_c4
  if (failed(checkDimensions(loc, "broadcast_dimensions", broadcastDimensions,
                             result.getRank(), (op + "_c3").str(),
                             (op + "_c4").str())))
    return failure();
  // broadcast_in_dim_c5
  for (auto [d, target] : llvm::enumerate(broadcastDimensions)) {
    int64_t from = operand.getDimSize(d), to = result.getDimSize(target);
    if (from == 1 || dimsCompatible(from, to))
      continue;
    return error(loc, "operand dimension ", d, " of size ", from,
                 " must be 1 or equal result dimension ", target, " of size ",
                 to, " (", op, "_c5)");
  }
  // broadcast_in_dim_c6 (c1 made the operand per-axis quantized too)
  if (auto to = dyn_cast<quant::UniformQuantizedPerAxisType>(
          result.getElementType())) {
    auto from = cast<quant::UniformQuantizedPerAxisType>(
        operand.getElementType());
    int64_t fromDim = from.getQuantizedDimension();
    if (fromDim < 0 || fromDim >= operand.getRank())
      return error(loc, "operand quantization dimension ", fromDim,
                   " must be in [0, ", operand.getRank(), ") (", op, "_c6)");
    if (to.getQuantizedDimension() != broadcastDimensions[fromDim])
      return error(loc, "result quantization dimension ",
                   to.getQuantizedDimension(),
                   " must be broadcast_dimensions[", fromDim, "] = ",
                   broadcastDimensions[fromDim], " (", op, "_c6)");
    if (operand.getDimSize(fromDim) == 1 && !from.getScales().empty() &&
        (llvm::any_of(to.getScales(),
                      [&](double s) { return s != from.getScales()[0]; }) ||
         llvm::any_of(to.getZeroPoints(), [&](int64_t z) {
           return z != from.getZeroPoints()[0];
         })))
      return error(loc, "result scales and zero points must all be the "
                        "operand's single scale and zero point, since operand "
                        "dimension ",
                   fromDim, " of size 1 is broadcast (", op, "_c6)");
  }
  return success();
}

LogicalResult hlo::verifyReshapeOp(std::optional<Location> loc,
                                   Type operandType, Type resultType,
                                   StringRef op) {
  auto operand = cast<RankedTensorType>(operandType);
  auto result = cast<RankedTensorType>(resultType);
  // reshape_c1
  if (failed(checkLayoutElementType(loc, operand, result, (op + "_c1").str(),
                                    /*scalesMayDiffer=*/false)))
    return failure();
  // reshape_c2
  if (operand.hasStaticShape() && result.hasStaticShape() &&
      operand.getNumElements() != result.getNumElements())
    return error(loc,
                 "operand and result must have the same number of elements "
                 "(", op, "_c2), found ",
                 operand.getNumElements(), " and ", result.getNumElements());
  // reshape_c3: the quantization dimension keeps its size, and the elements
  // before and after it stay before and after it.
  if (auto from = dyn_cast<quant::UniformQuantizedPerAxisType>(
          operand.getElementType())) {
    auto to = cast<quant::UniformQuantizedPerAxisType>(result.getElementType());
    int64_t fromDim = from.getQuantizedDimension(),
            toDim = to.getQuantizedDimension();
    if (fromDim < 0 || fromDim >= operand.getRank() || toDim < 0 ||
        toDim >= result.getRank())
      return error(loc, "quantization dimensions ", fromDim, " and ", toDim,
                   " must be dimensions of the operand and result (", op,
                   "_c3)");
    auto before = [](RankedTensorType t, int64_t d) {
      return product(t.getShape(), 0, d);
    };
    auto after = [](RankedTensorType t, int64_t d) {
      return product(t.getShape(), d + 1, t.getRank());
    };
    auto differ = [](std::optional<int64_t> a, std::optional<int64_t> b) {
      return a && b && *a != *b;
    };
    if (differ(before(operand, fromDim), before(result, toDim)) ||
        !dimsCompatible(operand.getDimSize(fromDim),
                        result.getDimSize(toDim)) ||
        differ(after(operand, fromDim), after(result, toDim)))
      return error(loc, "reshape must keep operand quantization dimension ",
                   fromDim, " as result dimension ", toDim,
                   ", with the same elements before and after it (", op,
                   "_c3), found ", operandType, " and ", resultType);
  }
  return success();
}

LogicalResult hlo::verifyTransposeOp(std::optional<Location> loc,
                                     Type operandType,
                                     ArrayRef<int64_t> permutation,
                                     Type resultType) {
  auto operand = cast<RankedTensorType>(operandType);
  auto result = cast<RankedTensorType>(resultType);
  // transpose_c1 (type inference already matches other element types up to
  // quantization parameters)
  if ((isPerAxisQuantized(operand) || isPerAxisQuantized(result)) &&
      failed(checkLayoutElementType(loc, operand, result, "transpose_c1",
                                    /*scalesMayDiffer=*/false)))
    return failure();
  // transpose_c4 (c1 made the operand per-axis quantized too)
  if (auto to = dyn_cast<quant::UniformQuantizedPerAxisType>(
          result.getElementType())) {
    auto from = cast<quant::UniformQuantizedPerAxisType>(
        operand.getElementType());
    int64_t toDim = to.getQuantizedDimension();
    if (toDim < 0 || toDim >= static_cast<int64_t>(permutation.size()) ||
        permutation[toDim] != from.getQuantizedDimension())
      return error(loc, "result quantization dimension ", toDim,
                   " must be the one permutation ",
                   listToString(permutation),
                   " maps operand quantization dimension ",
                   from.getQuantizedDimension(), " to (transpose_c4)");
  }
  return success();
}

namespace {
/// dot_general's element types: equal without quantization (c13); with it,
/// a quantized rhs whose zero points are 0 and whose quantized dimension is
/// not contracted, and either a quantized lhs and result matching its
/// storage and expressed types (c17-c19) or a float lhs and result of its
/// expressed type (c20, "hybrid" dots).
LogicalResult verifyDotGeneralElementTypes(std::optional<Location> loc,
                                           Type lhsElement, Type rhsElement,
                                           Type resultElement,
                                           ArrayRef<int64_t> rhsContracting) {
  auto lhsQuant = dyn_cast<quant::QuantizedType>(lhsElement);
  auto rhsQuant = dyn_cast<quant::QuantizedType>(rhsElement);
  auto resultQuant = dyn_cast<quant::QuantizedType>(resultElement);
  if (!lhsQuant && !rhsQuant && !resultQuant) {
    // dot_general_c13
    if (lhsElement != rhsElement)
      return error(loc,
                   "lhs and rhs must have the same element type "
                   "(dot_general_c13), found ",
                   lhsElement, " and ", rhsElement);
    return success();
  }
  // dot_general_c14
  if (!rhsQuant || static_cast<bool>(lhsQuant) != static_cast<bool>(resultQuant))
    return error(loc,
                 "a quantized dot_general needs a quantized rhs, and a "
                 "quantized result exactly when lhs is quantized "
                 "(dot_general_c14), found ",
                 lhsElement, ", ", rhsElement, " -> ", resultElement);
  // dot_general_c15, dot_general_c16
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(rhsQuant)) {
    if (perTensor.getZeroPoint() != 0)
      return error(loc, "rhs zero point must be 0 (dot_general_c15), found ",
                   perTensor.getZeroPoint());
  } else if (auto perAxis =
                 dyn_cast<quant::UniformQuantizedPerAxisType>(rhsQuant)) {
    if (llvm::any_of(perAxis.getZeroPoints(),
                     [](int64_t zeroPoint) { return zeroPoint != 0; }))
      return error(loc, "rhs zero points must be 0 (dot_general_c15)");
    if (llvm::is_contained(rhsContracting, perAxis.getQuantizedDimension()))
      return error(loc, "rhs quantization dimension ",
                   perAxis.getQuantizedDimension(),
                   " must not be a contracting dimension (dot_general_c16)");
  }
  if (lhsQuant) {
    // dot_general_c17
    if (lhsQuant.getStorageType() != rhsQuant.getStorageType())
      return error(loc, "lhs and rhs must have the same storage type "
                        "(dot_general_c17), found ",
                   lhsQuant.getStorageType(), " and ",
                   rhsQuant.getStorageType());
    // dot_general_c18
    if (lhsQuant.getExpressedType() != rhsQuant.getExpressedType() ||
        lhsQuant.getExpressedType() != resultQuant.getExpressedType())
      return error(loc, "lhs, rhs and result must have the same expressed "
                        "type (dot_general_c18), found ",
                   lhsQuant.getExpressedType(), ", ",
                   rhsQuant.getExpressedType(), " and ",
                   resultQuant.getExpressedType());
    // dot_general_c19
    if (isa<quant::UniformQuantizedType>(rhsQuant) &&
        !isa<quant::UniformQuantizedType>(resultQuant))
      return error(loc, "a per-tensor quantized rhs needs a per-tensor "
                        "quantized result (dot_general_c19), found ",
                   resultElement);
    return success();
  }
  // dot_general_c20
  if (lhsElement != rhsQuant.getExpressedType() || lhsElement != resultElement)
    return error(loc,
                 "with a float lhs, lhs and result must have rhs's expressed "
                 "type ",
                 rhsQuant.getExpressedType(), " (dot_general_c20), found ",
                 lhsElement, " and ", resultElement);
  return success();
}
} // namespace

LogicalResult hlo::verifyDotGeneralOp(
    std::optional<Location> loc, Type lhsType, Type rhsType,
    ArrayRef<int64_t> lhsBatchingDimensions,
    ArrayRef<int64_t> rhsBatchingDimensions,
    ArrayRef<int64_t> lhsContractingDimensions,
    ArrayRef<int64_t> rhsContractingDimensions,
    std::optional<size_t> precisionConfigSize, Type resultType) {
  auto lhs = cast<RankedTensorType>(lhsType);
  auto rhs = cast<RankedTensorType>(rhsType);
  auto result = cast<RankedTensorType>(resultType);
  // dot_general_c1, dot_general_c2
  if (lhsBatchingDimensions.size() != rhsBatchingDimensions.size())
    return error(loc,
                 "lhs and rhs must have the same number of batching "
                 "dimensions (dot_general_c1), found ",
                 listToString(lhsBatchingDimensions), " and ",
                 listToString(rhsBatchingDimensions));
  if (lhsContractingDimensions.size() != rhsContractingDimensions.size())
    return error(loc,
                 "lhs and rhs must have the same number of contracting "
                 "dimensions (dot_general_c2), found ",
                 listToString(lhsContractingDimensions), " and ",
                 listToString(rhsContractingDimensions));
  // dot_general_c5..c8
  if (failed(checkDimensions(loc, "lhs batching dimensions",
                             lhsBatchingDimensions, lhs.getRank(),
                             "dot_general_c5", "")) ||
      failed(checkDimensions(loc, "lhs contracting dimensions",
                             lhsContractingDimensions, lhs.getRank(),
                             "dot_general_c6", "")) ||
      failed(checkDimensions(loc, "rhs batching dimensions",
                             rhsBatchingDimensions, rhs.getRank(),
                             "dot_general_c7", "")) ||
      failed(checkDimensions(loc, "rhs contracting dimensions",
                             rhsContractingDimensions, rhs.getRank(),
                             "dot_general_c8", "")))
    return failure();
  // dot_general_c3, dot_general_c4
  auto checkUnique = [&](ArrayRef<int64_t> batching,
                         ArrayRef<int64_t> contracting, StringRef side,
                         StringRef tag) -> LogicalResult {
    SmallVector<int64_t> all(batching);
    llvm::append_range(all, contracting);
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t d : all)
      if (!seen.insert(d).second)
        return error(loc, side,
                     " batching and contracting dimensions must be unique (",
                     tag, "), found ", d, " twice");
    return success();
  };
  if (failed(checkUnique(lhsBatchingDimensions, lhsContractingDimensions,
                         "lhs", "dot_general_c3")) ||
      failed(checkUnique(rhsBatchingDimensions, rhsContractingDimensions,
                         "rhs", "dot_general_c4")))
    return failure();
  // dot_general_c9, dot_general_c10
  for (auto [l, r] : llvm::zip_equal(lhsBatchingDimensions,
                                     rhsBatchingDimensions))
    if (!dimsCompatible(lhs.getDimSize(l), rhs.getDimSize(r)))
      return error(loc, "lhs batching dimension ", l, " of size ",
                   lhs.getDimSize(l), " must equal rhs batching dimension ", r,
                   " of size ", rhs.getDimSize(r), " (dot_general_c9)");
  for (auto [l, r] : llvm::zip_equal(lhsContractingDimensions,
                                     rhsContractingDimensions))
    if (!dimsCompatible(lhs.getDimSize(l), rhs.getDimSize(r)))
      return error(loc, "lhs contracting dimension ", l, " of size ",
                   lhs.getDimSize(l), " must equal rhs contracting dimension ",
                   r, " of size ", rhs.getDimSize(r), " (dot_general_c10)");
  // dot_general_c11
  if (precisionConfigSize && *precisionConfigSize != 0 &&
      *precisionConfigSize != 2)
    return error(loc,
                 "precision_config must have 2 entries (dot_general_c11), "
                 "found ",
                 *precisionConfigSize);
  if (failed(verifyDotGeneralElementTypes(loc, lhs.getElementType(),
                                          rhs.getElementType(),
                                          result.getElementType(),
                                          rhsContractingDimensions)))
    return failure();
  // dot_general_c12
  SmallVector<int64_t> shape;
  for (int64_t d : lhsBatchingDimensions)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsBatchingDimensions, d) &&
        !llvm::is_contained(lhsContractingDimensions, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsBatchingDimensions, d) &&
        !llvm::is_contained(rhsContractingDimensions, d))
      shape.push_back(rhs.getDimSize(d));
  auto expected = RankedTensorType::get(shape, result.getElementType());
  if (!isCompatibleTensorType(expected, result))
    return error(loc, "result type must be ", expected,
                 " (dot_general_c12), found ", resultType);
  return success();
}

LogicalResult hlo::verifyScatterOp(
    std::optional<Location> loc, TypeRange inputTypes, Type indicesType,
    TypeRange updateTypes, ArrayRef<int64_t> updateWindowDims,
    ArrayRef<int64_t> insertedWindowDims, ArrayRef<int64_t> inputBatchingDims,
    ArrayRef<int64_t> scatterIndicesBatchingDims,
    ArrayRef<int64_t> scatterDimsToOperandDims, int64_t indexVectorDim,
    TypeRange resultTypes) {
  // scatter_c5
  if (inputTypes.empty() || inputTypes.size() != updateTypes.size())
    return error(loc, "expected as many updates as inputs, and at least one "
                      "(scatter_c5), found ",
                 inputTypes.size(), " inputs and ", updateTypes.size(),
                 " updates");
  auto input = cast<RankedTensorType>(inputTypes.front());
  auto update = cast<RankedTensorType>(updateTypes.front());
  auto indices = cast<RankedTensorType>(indicesType);
  int64_t inputRank = input.getRank(), updateRank = update.getRank(),
          indicesRank = indices.getRank();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip_equal(inputTypes, updateTypes))) {
    auto [in, up] = pair;
    // scatter_c1
    if (failed(verifyCompatibleShape(in, input)))
      return error(loc, "inputs must have the same shape (scatter_c1), found ",
                   inputTypes.front(), " and input #", i, " ", in);
    // scatter_c3
    if (failed(verifyCompatibleShape(up, update)))
      return error(loc, "updates must have the same shape (scatter_c3), found ",
                   updateTypes.front(), " and update #", i, " ", up);
    // scatter_c6
    if (getElementTypeOrSelf(in) != getElementTypeOrSelf(up))
      return error(loc, "update #", i, " must have the element type of input #",
                   i, " (scatter_c6), found ", up, " and ", in);
  }
  // scatter_c24 (the element types are scatter_c25, checked with the body)
  if (resultTypes.size() != inputTypes.size())
    return error(loc, "expected one result per input (scatter_c24), found ",
                 resultTypes.size(), " results for ", inputTypes.size(),
                 " inputs");
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip_equal(inputTypes, resultTypes)))
    if (failed(verifyCompatibleShape(std::get<0>(pair), std::get<1>(pair))))
      return error(loc, "result #", i, " ", std::get<1>(pair),
                   " must have the shape of input #", i,
                   " (scatter_c24), found ", std::get<0>(pair));
  // scatter_c2
  if (static_cast<int64_t>(updateWindowDims.size() + insertedWindowDims.size() +
                           inputBatchingDims.size()) != inputRank)
    return error(loc, "update_window_dims, inserted_window_dims and "
                      "input_batching_dims must together have one entry per "
                      "input dimension (scatter_c2), expected ",
                 inputRank, " entries, found ",
                 updateWindowDims.size() + insertedWindowDims.size() +
                     inputBatchingDims.size());
  // scatter_c7, scatter_c8
  if (failed(checkDimensions(loc, "update_window_dims", updateWindowDims,
                             updateRank, "scatter_c8", "scatter_c7")))
    return failure();
  if (!llvm::is_sorted(updateWindowDims))
    return error(loc, "update_window_dims ", listToString(updateWindowDims),
                 " must be sorted (scatter_c7)");
  // scatter_c11, scatter_c13
  if (failed(checkDimensions(loc, "inserted_window_dims", insertedWindowDims,
                             inputRank, "scatter_c11", "")) ||
      failed(checkDimensions(loc, "input_batching_dims", inputBatchingDims,
                             inputRank, "scatter_c13", "")))
    return failure();
  // scatter_c9
  if (failed(checkUnique(loc, "inserted_window_dims", insertedWindowDims,
                         "input_batching_dims", inputBatchingDims,
                         "scatter_c9")))
    return failure();
  // scatter_c10, scatter_c12
  if (!llvm::is_sorted(insertedWindowDims))
    return error(loc, "inserted_window_dims ", listToString(insertedWindowDims),
                 " must be sorted (scatter_c10)");
  if (!llvm::is_sorted(inputBatchingDims))
    return error(loc, "input_batching_dims ", listToString(inputBatchingDims),
                 " must be sorted (scatter_c12)");
  // scatter_c22
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return error(loc, "index_vector_dim ", indexVectorDim, " must be in [0, ",
                 indicesRank, "] (scatter_c22)");
  // scatter_c14, scatter_c15
  if (failed(checkDimensions(loc, "scatter_indices_batching_dims",
                             scatterIndicesBatchingDims, indicesRank,
                             "scatter_c15", "scatter_c14")))
    return failure();
  // scatter_c16
  if (llvm::is_contained(scatterIndicesBatchingDims, indexVectorDim))
    return error(loc, "index_vector_dim ", indexVectorDim,
                 " must not be in scatter_indices_batching_dims ",
                 listToString(scatterIndicesBatchingDims), " (scatter_c16)");
  // scatter_c17
  if (inputBatchingDims.size() != scatterIndicesBatchingDims.size())
    return error(loc, "input_batching_dims ", listToString(inputBatchingDims),
                 " and scatter_indices_batching_dims ",
                 listToString(scatterIndicesBatchingDims),
                 " must have the same size (scatter_c17)");
  // scatter_c18
  for (auto [inDim, indexDim] :
       llvm::zip_equal(inputBatchingDims, scatterIndicesBatchingDims))
    if (!dimsCompatible(input.getDimSize(inDim), indices.getDimSize(indexDim)))
      return error(loc, "input batching dimension ", inDim, " of size ",
                   input.getDimSize(inDim),
                   " must equal scatter_indices batching dimension ", indexDim,
                   " of size ", indices.getDimSize(indexDim), " (scatter_c18)");
  // scatter_c19
  int64_t indexVectorSize =
      indexVectorDim < indicesRank ? indices.getDimSize(indexVectorDim) : 1;
  if (!isDynamic(indexVectorSize) &&
      static_cast<int64_t>(scatterDimsToOperandDims.size()) != indexVectorSize)
    return error(loc, "scatter_dims_to_operand_dims must have ", indexVectorSize,
                 " entries, one per index vector component (scatter_c19)");
  // scatter_c21, scatter_c20
  if (failed(checkDimensions(loc, "scatter_dims_to_operand_dims",
                             scatterDimsToOperandDims, inputRank, "scatter_c21",
                             "")) ||
      failed(checkUnique(loc, "scatter_dims_to_operand_dims",
                         scatterDimsToOperandDims, "input_batching_dims",
                         inputBatchingDims, "scatter_c20")))
    return failure();
  // scatter_c4: the update rank, then its scatter and window dimensions.
  int64_t scatterDims = indicesRank - (indexVectorDim < indicesRank ? 1 : 0);
  if (updateRank != scatterDims + static_cast<int64_t>(updateWindowDims.size()))
    return error(loc, "updates must have rank ",
                 scatterDims + static_cast<int64_t>(updateWindowDims.size()),
                 " (the index dimensions plus update_window_dims) (scatter_c4), "
                 "found ",
                 updateRank);
  SmallVector<int64_t> indexDims, windowBounds;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim)
      indexDims.push_back(d);
  for (int64_t d = 0; d < inputRank; ++d)
    if (!llvm::is_contained(insertedWindowDims, d) &&
        !llvm::is_contained(inputBatchingDims, d))
      windowBounds.push_back(d);
  size_t nextScatter = 0, nextWindow = 0;
  for (int64_t d = 0; d < updateRank; ++d) {
    int64_t size = update.getDimSize(d);
    if (llvm::is_contained(updateWindowDims, d)) {
      int64_t inDim = windowBounds[nextWindow++];
      int64_t bound = input.getDimSize(inDim);
      if (!isDynamic(size) && !isDynamic(bound) && size > bound)
        return error(loc, "update window dimension ", d, " of size ", size,
                     " must not exceed input dimension ", inDim, " of size ",
                     bound, " (scatter_c4)");
      continue;
    }
    int64_t indexDim = indexDims[nextScatter++];
    if (!dimsCompatible(size, indices.getDimSize(indexDim)))
      return error(loc, "update scatter dimension ", d, " of size ", size,
                   " must equal scatter_indices dimension ", indexDim,
                   " of size ", indices.getDimSize(indexDim), " (scatter_c4)");
  }
  return success();
}

LogicalResult hlo::verifyScalarCombiner(std::optional<Location> loc,
                                        TypeRange inputTypes, Region &body,
                                        StringRef tag) {
  size_t n = inputTypes.size();
  if (body.empty())
    return error(loc, "expected a combiner region (", tag, ")");
  Block &block = body.front();
  if (block.getNumArguments() != 2 * n)
    return error(loc, "combiner must take ", 2 * n,
                 " scalar tensor arguments (", tag, "), found ",
                 block.getNumArguments());
  for (size_t i = 0; i < 2 * n; ++i) {
    auto expected =
        RankedTensorType::get({}, getElementTypeOrSelf(inputTypes[i % n]));
    if (block.getArgument(i).getType() != expected)
      return error(loc, "combiner argument #", i, " must be ", expected, " (",
                   tag, "), found ", block.getArgument(i).getType());
  }
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>() ||
      block.back().getNumOperands() != n)
    return error(loc, "combiner must return ", n, " values (", tag, ")");
  for (auto [i, type] : llvm::enumerate(block.back().getOperandTypes())) {
    auto expected = RankedTensorType::get({}, getElementTypeOrSelf(inputTypes[i]));
    if (type != expected)
      return error(loc, "combiner result #", i, " must be ", expected, " (",
                   tag, "), found ", type);
  }
  return success();
}

LogicalResult hlo::verifyWindowArray(std::optional<Location> loc,
                                     StringRef name,
                                     std::optional<ArrayRef<int64_t>> values,
                                     int64_t rank, StringRef sizeTag,
                                     StringRef positiveTag) {
  if (!values)
    return success();
  if (static_cast<int64_t>(values->size()) != rank)
    return error(loc, name, " must have one entry per input dimension (",
                 sizeTag, "), expected ", rank, ", found ", values->size());
  for (int64_t v : *values)
    if (v <= 0)
      return error(loc, name, " must be positive (", positiveTag, "), found ",
                   v);
  return success();
}

LogicalResult
hlo::verifyWindowPadding(std::optional<Location> loc,
                         std::optional<DenseIntElementsAttr> padding,
                         int64_t rank, StringRef tag) {
  if (!padding)
    return success();
  auto type = cast<ShapedType>(padding->getType());
  if (type.getRank() != 2 || type.getDimSize(0) != rank ||
      type.getDimSize(1) != 2)
    return error(loc, "padding must have shape [", rank, ", 2] (", tag,
                 "), found ", type);
  return success();
}

LogicalResult hlo::verifyStartIndices(std::optional<Location> loc,
                                      TypeRange indexTypes, int64_t rank,
                                      StringRef countTag,
                                      StringRef sameTypeTag) {
  if (static_cast<int64_t>(indexTypes.size()) != rank)
    return error(loc, "expected one start index per operand dimension (",
                 countTag, "), expected ", rank, ", found ", indexTypes.size());
  for (auto [i, type] : llvm::enumerate(indexTypes))
    if (type != indexTypes.front())
      return error(loc, "start indices must have one type (", sameTypeTag,
                   "), found ", indexTypes.front(), " and ", type,
                   " at index #", i);
  return success();
}

int64_t hlo::numWindows(int64_t size, int64_t window, int64_t stride,
                        std::pair<int64_t, int64_t> padding,
                        int64_t baseDilation, int64_t windowDilation) {
  if (isDynamic(size) || isDynamic(window))
    return ShapedType::kDynamic;
  int64_t dilated = size == 0 ? 0 : (size - 1) * baseDilation + 1;
  int64_t padded = padding.first + dilated + padding.second;
  int64_t dilatedWindow = window == 0 ? 0 : (window - 1) * windowDilation + 1;
  if (padded <= 0 || dilatedWindow > padded)
    return 0;
  return (padded - dilatedWindow) / stride + 1;
}

namespace {
std::string tag(StringRef op, int number) {
  return (op + "_c" + Twine(number)).str();
}

} // namespace

LogicalResult hlo::verifyConvolutionOp(
    std::optional<Location> loc, StringRef op, Type lhsType, Type rhsType,
    std::optional<ArrayRef<int64_t>> windowStrides, Type paddingType,
    std::optional<ArrayRef<int64_t>> paddingValues,
    std::optional<ArrayRef<int64_t>> lhsDilation,
    std::optional<ArrayRef<int64_t>> rhsDilation,
    std::optional<ArrayRef<bool>> windowReversal,
    ConvDimensionNumbersAttr dims, int64_t featureGroupCount,
    int64_t batchGroupCount, std::optional<size_t> precisionConfigSize,
    Type resultType) {
  auto lhs = cast<RankedTensorType>(lhsType);
  auto rhs = cast<RankedTensorType>(rhsType);
  auto result = cast<RankedTensorType>(resultType);
  int64_t n = lhs.getRank();
  // C1, C26
  if (rhs.getRank() != n)
    return error(loc, "lhs and rhs must have the same rank (", tag(op, 1),
                 "), found ", n, " and ", rhs.getRank());
  if (result.getRank() != n)
    return error(loc, "result must have the rank of lhs and rhs, ", n, " (",
                 tag(op, 26), "), found ", result.getRank());
  // C12, C17, C19
  int64_t spatial = n - 2;
  for (auto [name, dimsList, number] :
       {std::tuple<StringRef, ArrayRef<int64_t>, int>{
            "input_spatial_dimensions", dims.getInputSpatialDimensions(), 12},
        {"kernel_spatial_dimensions", dims.getKernelSpatialDimensions(), 17},
        {"output_spatial_dimensions", dims.getOutputSpatialDimensions(), 19}})
    if (static_cast<int64_t>(dimsList.size()) != spatial)
      return error(loc, name, " must have ", spatial,
                   " entries, the rank minus 2 (", tag(op, number),
                   "), found ", dimsList.size());
  // C13, C18, C20
  SmallVector<int64_t> inputDims = {dims.getInputBatchDimension()};
  llvm::append_range(inputDims, dims.getInputSpatialDimensions());
  inputDims.push_back(dims.getInputFeatureDimension());
  SmallVector<int64_t> kernelDims(dims.getKernelSpatialDimensions());
  kernelDims.push_back(dims.getKernelInputFeatureDimension());
  kernelDims.push_back(dims.getKernelOutputFeatureDimension());
  SmallVector<int64_t> outputDims = {dims.getOutputBatchDimension()};
  llvm::append_range(outputDims, dims.getOutputSpatialDimensions());
  outputDims.push_back(dims.getOutputFeatureDimension());
  if (failed(checkDimensions(loc, "input batch, spatial and feature dimensions",
                             inputDims, n, tag(op, 13), tag(op, 13))) ||
      failed(checkDimensions(loc,
                             "kernel spatial, input and output feature "
                             "dimensions",
                             kernelDims, n, tag(op, 18), tag(op, 18))) ||
      failed(checkDimensions(loc,
                             "output batch, spatial and feature dimensions",
                             outputDims, n, tag(op, 20), tag(op, 20))))
    return failure();
  // C2, C3, C5..C8
  auto checkWindow = [&](std::optional<ArrayRef<int64_t>> values,
                         StringRef name, int sizeNumber) -> LogicalResult {
    if (!values)
      return success();
    if (static_cast<int64_t>(values->size()) != spatial)
      return error(loc, name, " must have ", spatial,
                   " entries, one per spatial dimension (", tag(op, sizeNumber),
                   "), found ", values->size());
    for (int64_t v : *values)
      if (v <= 0)
        return error(loc, name, " must be positive (", tag(op, sizeNumber + 1),
                     "), found ", listToString(*values));
    return success();
  };
  if (failed(checkWindow(windowStrides, "window_strides", 2)) ||
      failed(checkWindow(lhsDilation, "lhs_dilation", 5)) ||
      failed(checkWindow(rhsDilation, "rhs_dilation", 7)))
    return failure();
  // C4
  if (auto padding = dyn_cast_if_present<ShapedType>(paddingType))
    if (padding.getRank() != 2 ||
        !dimsCompatible(padding.getDimSize(0), spatial) ||
        !dimsCompatible(padding.getDimSize(1), 2))
      return error(loc, "padding must have shape [", spatial, ", 2] (",
                   tag(op, 4), "), found ", paddingType);
  // C9
  if (windowReversal &&
      static_cast<int64_t>(windowReversal->size()) != spatial)
    return error(loc, "window_reversal must have ", spatial,
                 " entries, one per spatial dimension (", tag(op, 9),
                 "), found ", windowReversal->size());
  // C21, C22 (also ODS constraints), C23
  if (featureGroupCount <= 0)
    return error(loc, "feature_group_count must be positive (", tag(op, 21),
                 "), found ", featureGroupCount);
  if (batchGroupCount <= 0)
    return error(loc, "batch_group_count must be positive (", tag(op, 22),
                 "), found ", batchGroupCount);
  if (featureGroupCount != 1 && batchGroupCount != 1)
    return error(loc, "feature_group_count ", featureGroupCount,
                 " or batch_group_count ", batchGroupCount, " must be 1 (",
                 tag(op, 23), ")");
  // C24
  if (precisionConfigSize && *precisionConfigSize != 0 &&
      *precisionConfigSize != 2)
    return error(loc, "precision_config must have 2 entries (", tag(op, 24),
                 "), found ", *precisionConfigSize);
  // C10, C11, C14, C15, C16 (on static sizes)
  int64_t batch = lhs.getDimSize(dims.getInputBatchDimension());
  int64_t inFeatures = lhs.getDimSize(dims.getInputFeatureDimension());
  int64_t kernelIn = rhs.getDimSize(dims.getKernelInputFeatureDimension());
  int64_t kernelOut = rhs.getDimSize(dims.getKernelOutputFeatureDimension());
  auto checkMultiple = [&](int64_t size, StringRef name, int64_t count,
                           StringRef countName, int number) -> LogicalResult {
    if (!isDynamic(size) && size % count != 0)
      return error(loc, name, " size ", size, " must be a multiple of ",
                   countName, " ", count, " (", tag(op, number), ")");
    return success();
  };
  if (failed(checkMultiple(batch, "input batch dimension", batchGroupCount,
                           "batch_group_count", 10)) ||
      failed(checkMultiple(inFeatures, "input feature dimension",
                           featureGroupCount, "feature_group_count", 11)))
    return failure();
  if (!isDynamic(inFeatures) && !isDynamic(kernelIn) &&
      kernelIn != inFeatures / featureGroupCount)
    return error(loc, "kernel input feature dimension size ", kernelIn,
                 " must be the input feature dimension size ", inFeatures,
                 " divided by feature_group_count ", featureGroupCount, " (",
                 tag(op, 14), ")");
  if (failed(checkMultiple(kernelOut, "kernel output feature dimension",
                           batchGroupCount, "batch_group_count", 15)) ||
      failed(checkMultiple(kernelOut, "kernel output feature dimension",
                           featureGroupCount, "feature_group_count", 16)))
    return failure();
  // C27..C34: element types.
  Type lhsElement = lhs.getElementType(), rhsElement = rhs.getElementType(),
       resultElement = result.getElementType();
  auto lhsQuant = dyn_cast<quant::QuantizedType>(lhsElement);
  auto rhsQuant = dyn_cast<quant::QuantizedType>(rhsElement);
  auto resultQuant = dyn_cast<quant::QuantizedType>(resultElement);
  if (!lhsQuant && !rhsQuant && !resultQuant) {
    // C27. The result's element type may differ (i8 x i8 -> i32, bf16 x
    // bf16 -> f32: XLA's and JAX's preferred element type, which StableHLO
    // accepts too); the lowering converts the operands to it.
    if (lhsElement != rhsElement)
      return error(loc, "lhs and rhs must have the same element type (",
                   tag(op, 27), "), found ", lhsElement, " and ", rhsElement);
  } else {
    // C28
    if (!rhsQuant || static_cast<bool>(lhsQuant) != static_cast<bool>(resultQuant))
      return error(loc,
                   "with quantized tensors, rhs must be quantized and lhs and "
                   "result both quantized or both not (",
                   tag(op, 28), "), found ", lhsElement, ", ", rhsElement,
                   " and ", resultElement);
    if (isPerAxisQuantized(lhsElement))
      return error(loc, "lhs must be a tensor or a per-tensor quantized "
                        "tensor, found ",
                   lhsType);
    // C29, C30
    if (auto axis = dyn_cast<quant::UniformQuantizedPerAxisType>(rhsElement);
        axis &&
        axis.getQuantizedDimension() != dims.getKernelOutputFeatureDimension())
      return error(loc, "per-axis quantized rhs must be quantized along "
                        "kernel_output_feature_dimension ",
                   dims.getKernelOutputFeatureDimension(), " (", tag(op, 29),
                   "), found ", axis.getQuantizedDimension());
    if (auto axis = dyn_cast<quant::UniformQuantizedPerAxisType>(resultElement);
        axis && axis.getQuantizedDimension() != dims.getOutputFeatureDimension())
      return error(loc, "per-axis quantized result must be quantized along "
                        "output_feature_dimension ",
                   dims.getOutputFeatureDimension(), " (", tag(op, 30),
                   "), found ", axis.getQuantizedDimension());
    if (lhsQuant) {
      // C31, C32, C33
      if (lhsQuant.getStorageType() != rhsQuant.getStorageType())
        return error(loc, "lhs and rhs must have the same storage type (",
                     tag(op, 31), "), found ", lhsQuant.getStorageType(),
                     " and ", rhsQuant.getStorageType());
      if (lhsQuant.getExpressedType() != rhsQuant.getExpressedType() ||
          lhsQuant.getExpressedType() != resultQuant.getExpressedType())
        return error(loc,
                     "lhs, rhs and result must have the same expressed type (",
                     tag(op, 32), "), found ", lhsQuant.getExpressedType(),
                     ", ", rhsQuant.getExpressedType(), " and ",
                     resultQuant.getExpressedType());
      if (!isPerAxisQuantized(rhsElement) &&
          isPerAxisQuantized(resultElement))
        return error(loc, "result must be per-tensor quantized when rhs is (",
                     tag(op, 33), "), found ", resultElement);
    } else if (lhsElement != rhsQuant.getExpressedType() ||
               resultElement != rhsQuant.getExpressedType()) {
      // C34
      return error(loc,
                   "lhs and result element types must be the expressed type ",
                   rhsQuant.getExpressedType(), " of rhs (", tag(op, 34),
                   "), found ", lhsElement, " and ", resultElement);
    }
  }
  // C25: the result shape.
  SmallVector<int64_t> expected(n, ShapedType::kDynamic);
  expected[dims.getOutputBatchDimension()] =
      isDynamic(batch) ? batch : batch / batchGroupCount;
  expected[dims.getOutputFeatureDimension()] = kernelOut;
  for (int64_t s = 0; s < spatial; ++s) {
    if (!paddingValues ||
        static_cast<int64_t>(paddingValues->size()) != 2 * spatial)
      break;
    auto value = [](std::optional<ArrayRef<int64_t>> values, int64_t i) {
      return values ? (*values)[i] : 1;
    };
    expected[dims.getOutputSpatialDimensions()[s]] = numWindows(
        lhs.getDimSize(dims.getInputSpatialDimensions()[s]),
        rhs.getDimSize(dims.getKernelSpatialDimensions()[s]),
        value(windowStrides, s),
        {(*paddingValues)[2 * s], (*paddingValues)[2 * s + 1]},
        value(lhsDilation, s), value(rhsDilation, s));
  }
  for (auto [want, have] : llvm::zip_equal(expected, result.getShape()))
    if (!dimsCompatible(want, have))
      return error(loc, "result type must be ",
                   RankedTensorType::get(expected, resultElement), " (",
                   tag(op, 25), "), found ", resultType);
  return success();
}

namespace {
/// The tag of gather's constraint `number`, or of the same rule of
/// dynamic_gather (whose spec numbers them differently and has no batching
/// dimensions: those rules keep gather's number).
std::string gatherTag(bool isDynamicGather, int number) {
  // dynamic_gather's number of gather's C1..C23 (0: none).
  static constexpr int kDynamic[] = {0, 1, 2, 3, 4, 5, 6, 6, 7, 8, 0, 0, 0,
                                     0, 0, 0, 0, 0, 9, 10, 11, 12, 13, 14};
  if (isDynamicGather && kDynamic[number] != 0)
    return tag("dynamic_gather", kDynamic[number]);
  return tag("gather", number);
}
} // namespace

LogicalResult hlo::verifyGatherOp(
    std::optional<Location> loc, bool isDynamicGather, Type operandType,
    Type startIndicesType, ArrayRef<int64_t> offsetDims,
    ArrayRef<int64_t> collapsedSliceDims, ArrayRef<int64_t> operandBatchingDims,
    ArrayRef<int64_t> startIndicesBatchingDims,
    ArrayRef<int64_t> startIndexMap, int64_t indexVectorDim,
    std::optional<int64_t> sliceSizesCount,
    std::optional<ArrayRef<int64_t>> sliceSizes, Type resultType) {
  auto operand = cast<RankedTensorType>(operandType);
  auto indices = cast<RankedTensorType>(startIndicesType);
  auto result = cast<RankedTensorType>(resultType);
  int64_t operandRank = operand.getRank(), indicesRank = indices.getRank();
  auto t = [&](int number) { return gatherTag(isDynamicGather, number); };
  // C1
  if (static_cast<int64_t>(offsetDims.size() + collapsedSliceDims.size() +
                           operandBatchingDims.size()) != operandRank)
    return error(loc,
                 "offset_dims, collapsed_slice_dims and operand_batching_dims "
                 "must together have one entry per operand dimension (",
                 t(1), "), found ", offsetDims.size(), " + ",
                 collapsedSliceDims.size(), " + ", operandBatchingDims.size(),
                 " for rank ", operandRank);
  // C2
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return error(loc, "index_vector_dim ", indexVectorDim, " must be in [0, ",
                 indicesRank, "] (", t(2), ")");
  // C3
  int64_t indexVectorSize =
      indexVectorDim < indicesRank ? indices.getDimSize(indexVectorDim) : 1;
  if (!isDynamic(indexVectorSize) &&
      static_cast<int64_t>(startIndexMap.size()) != indexVectorSize)
    return error(loc, "start_index_map must have ", indexVectorSize,
                 " entries, one per index vector component (", t(3),
                 "), found ", startIndexMap.size());
  // C4, C5
  if (failed(checkDimensions(loc, "offset_dims", offsetDims, result.getRank(),
                             t(5), t(4))))
    return failure();
  if (!llvm::is_sorted(offsetDims))
    return error(loc, "offset_dims ", listToString(offsetDims),
                 " must be sorted (", t(4), ")");
  // C6, C7, C8, C10, C11
  if (failed(checkDimensions(loc, "collapsed_slice_dims", collapsedSliceDims,
                             operandRank, t(8), t(6))) ||
      failed(checkDimensions(loc, "operand_batching_dims", operandBatchingDims,
                             operandRank, t(11), t(6))))
    return failure();
  for (int64_t d : collapsedSliceDims)
    if (llvm::is_contained(operandBatchingDims, d))
      return error(loc, "dimension ", d,
                   " must not be both in collapsed_slice_dims and "
                   "operand_batching_dims (",
                   t(6), ")");
  if (!llvm::is_sorted(collapsedSliceDims))
    return error(loc, "collapsed_slice_dims ", listToString(collapsedSliceDims),
                 " must be sorted (", t(7), ")");
  if (!llvm::is_sorted(operandBatchingDims))
    return error(loc, "operand_batching_dims ",
                 listToString(operandBatchingDims), " must be sorted (", t(10),
                 ")");
  // C13, C14, C15, C16, C17
  if (failed(checkDimensions(loc, "start_indices_batching_dims",
                             startIndicesBatchingDims, indicesRank, t(14),
                             t(13))))
    return failure();
  if (llvm::is_contained(startIndicesBatchingDims, indexVectorDim))
    return error(loc, "index_vector_dim ", indexVectorDim,
                 " must not be in start_indices_batching_dims (", t(15), ")");
  if (operandBatchingDims.size() != startIndicesBatchingDims.size())
    return error(loc,
                 "operand_batching_dims and start_indices_batching_dims must "
                 "have the same size (",
                 t(16), "), found ", operandBatchingDims.size(), " and ",
                 startIndicesBatchingDims.size());
  for (auto [o, i] : llvm::zip_equal(operandBatchingDims,
                                     startIndicesBatchingDims))
    if (!dimsCompatible(operand.getDimSize(o), indices.getDimSize(i)))
      return error(loc, "operand batching dimension ", o, " of size ",
                   operand.getDimSize(o),
                   " must equal start_indices batching dimension ", i,
                   " of size ", indices.getDimSize(i), " (", t(17), ")");
  // C18, C19
  if (failed(checkDimensions(loc, "start_index_map", startIndexMap,
                             operandRank, t(19), t(18))))
    return failure();
  for (int64_t d : startIndexMap)
    if (llvm::is_contained(operandBatchingDims, d))
      return error(loc, "dimension ", d,
                   " must not be both in start_index_map and "
                   "operand_batching_dims (",
                   t(18), ")");
  // C20
  if (sliceSizes)
    sliceSizesCount = sliceSizes->size();
  if (sliceSizesCount && *sliceSizesCount != operandRank)
    return error(loc, "slice_sizes must have one entry per operand dimension (",
                 t(20), "), found ", *sliceSizesCount, " for rank ",
                 operandRank);
  if (sliceSizes) {
    // C21
    for (auto [d, size] : llvm::enumerate(*sliceSizes))
      if (size < 0 || (!operand.isDynamicDim(d) && size > operand.getDimSize(d)))
        return error(loc, "slice size ", size, " of dimension ", d,
                     " must be in [0, ", operand.getDimSize(d), "] (", t(21),
                     ")");
    // C9, C12
    for (int64_t d : collapsedSliceDims)
      if ((*sliceSizes)[d] > 1)
        return error(loc, "collapsed dimension ", d,
                     " must have slice size 0 or 1 (", t(9), "), found ",
                     (*sliceSizes)[d]);
    for (int64_t d : operandBatchingDims)
      if ((*sliceSizes)[d] > 1)
        return error(loc, "operand batching dimension ", d,
                     " must have slice size 0 or 1 (", t(12), "), found ",
                     (*sliceSizes)[d]);
  }
  // C23
  if (operand.getElementType() != result.getElementType())
    return error(loc, "result must have the operand's element type ",
                 operand.getElementType(), " (", t(23), "), found ",
                 result.getElementType());
  // C22: the result shape.
  SmallVector<int64_t> batchSizes;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim)
      batchSizes.push_back(indices.getDimSize(d));
  SmallVector<int64_t> offsetSizes, offsetOperandDims;
  for (int64_t d = 0; d < operandRank; ++d)
    if (!llvm::is_contained(collapsedSliceDims, d) &&
        !llvm::is_contained(operandBatchingDims, d)) {
      offsetSizes.push_back(sliceSizes ? (*sliceSizes)[d]
                                       : ShapedType::kDynamic);
      offsetOperandDims.push_back(d);
    }
  int64_t expectedRank = batchSizes.size() + offsetSizes.size();
  if (result.getRank() != expectedRank)
    return error(loc, "result must have rank ", expectedRank,
                 ", the batch dimensions of start_indices plus offset_dims (",
                 t(22), "), found ", result.getRank());
  SmallVector<int64_t> expected;
  size_t nextBatch = 0, nextOffset = 0;
  for (int64_t d = 0; d < expectedRank; ++d) {
    if (!llvm::is_contained(offsetDims, d)) {
      expected.push_back(batchSizes[nextBatch++]);
      continue;
    }
    // C21 through the result when the slice sizes are not known: an offset
    // dimension's size is a slice size, at most the operand's dimension.
    int64_t operandDim = offsetOperandDims[nextOffset];
    int64_t bound = operand.getDimSize(operandDim);
    if (!sliceSizes && !result.isDynamicDim(d) && !isDynamic(bound) &&
        result.getDimSize(d) > bound)
      return error(loc, "result dimension ", d, " of size ",
                   result.getDimSize(d), " is a slice of operand dimension ",
                   operandDim, " and must be in [0, ", bound, "] (", t(21),
                   ")");
    expected.push_back(offsetSizes[nextOffset++]);
  }
  for (auto [want, have] : llvm::zip_equal(expected, result.getShape()))
    if (!dimsCompatible(want, have))
      return error(loc, "result type must be ",
                   RankedTensorType::get(expected, result.getElementType()),
                   " (", t(22), "), found ", resultType);
  return success();
}
