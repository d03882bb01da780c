//===- HloDotToLinalg.cpp - dot_general to linalg contractions ------------===//

#include "HloDialect/Conversion/HloToLinalg/MapHloToScalarOp.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// Whether products of `from` elements can accumulate in `to` (converted
/// with convertScalar).
bool canAccumulate(Type from, Type to) {
  if (from.isInteger(1))
    return false;
  if (isa<ComplexType>(from) || isa<ComplexType>(to))
    return from == to;
  if (isa<FloatType>(from))
    return isa<FloatType>(to);
  return isa<IntegerType>(from) && isa<IntegerType, FloatType>(to);
}

/// Roles of the dimensions of a dot_general operand.
enum class Role { Batch, Free, Contracting };

/// The classification of a dot_general by its dimension numbers: which
/// loops (batch, lhs free = m, rhs free = n, contracting = k) exist, i.e.
/// have more than one iteration, and how each operand's dimensions are
/// ordered in memory. It drives the choice of the vectorizable form (a
/// matrix product, a matrix-vector product, batched or not, with either
/// operand transposed) independently of the ranks and of where the batch
/// and contracting dimensions are.
struct DotAnalysis {
  ArrayRef<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  SmallVector<int64_t> lhsFree, rhsFree;
  ArrayRef<int64_t> lhsShape, rhsShape;

  DotAnalysis(DotDimensionNumbersAttr dims, ArrayRef<int64_t> lhsShape,
              ArrayRef<int64_t> rhsShape)
      : lhsBatch(dims.getLhsBatchingDimensions()),
        rhsBatch(dims.getRhsBatchingDimensions()),
        lhsContract(dims.getLhsContractingDimensions()),
        rhsContract(dims.getRhsContractingDimensions()), lhsShape(lhsShape),
        rhsShape(rhsShape) {
    for (int64_t d = 0, e = lhsShape.size(); d < e; ++d)
      if (!llvm::is_contained(lhsBatch, d) &&
          !llvm::is_contained(lhsContract, d))
        lhsFree.push_back(d);
    for (int64_t d = 0, e = rhsShape.size(); d < e; ++d)
      if (!llvm::is_contained(rhsBatch, d) &&
          !llvm::is_contained(rhsContract, d))
        rhsFree.push_back(d);
  }

  static int64_t product(ArrayRef<int64_t> shape, ArrayRef<int64_t> dims) {
    int64_t p = 1;
    for (int64_t d : dims)
      p *= shape[d];
    return p;
  }
  /// Extents of the collapsed loops (1 when a loop is absent).
  int64_t batch() const { return product(lhsShape, lhsBatch); }
  int64_t m() const { return product(lhsShape, lhsFree); }
  int64_t n() const { return product(rhsShape, rhsFree); }
  int64_t k() const { return product(lhsShape, lhsContract); }
};

/// How one operand is brought into a collapsed form: the permutation of its
/// dimensions (identity when its memory order already is a valid order) and
/// the reassociation of the permuted dimensions into (batch?, x?, y?) where
/// absent groups (all extents 1) are merged into a neighbour.
struct OperandLayout {
  SmallVector<int64_t> permutation;
  SmallVector<ReassociationIndices> reassociation;
  SmallVector<int64_t> collapsedShape;
  bool isIdentity() const {
    return llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size()));
  }
};

/// Groups `order` (dimensions of an operand of `shape`, by role `roles`,
/// the roles appearing as contiguous runs in `groupOrder`) into the
/// reassociation of a collapse: one group per role with a non-unit extent,
/// unit dimensions joining the group before them (or after, at the start).
/// Returns failure when the non-unit dimensions are not in `groupOrder`.
LogicalResult groupDims(ArrayRef<int64_t> order, ArrayRef<int64_t> shape,
                        function_ref<Role(int64_t)> roleOf,
                        ArrayRef<Role> groupOrder, OperandLayout &layout) {
  layout.reassociation.clear();
  layout.collapsedShape.clear();
  size_t nextGroup = 0;
  std::optional<Role> current;
  ReassociationIndices pendingUnits;
  for (auto [position, d] : llvm::enumerate(order)) {
    if (shape[d] == 1) {
      if (layout.reassociation.empty())
        pendingUnits.push_back(position);
      else
        layout.reassociation.back().push_back(position);
      continue;
    }
    Role role = roleOf(d);
    if (current != role) {
      while (nextGroup < groupOrder.size() && groupOrder[nextGroup] != role)
        ++nextGroup;
      if (nextGroup == groupOrder.size())
        return failure();
      ++nextGroup;
      current = role;
      ReassociationIndices group(pendingUnits);
      pendingUnits.clear();
      layout.reassociation.push_back(group);
      layout.collapsedShape.push_back(1);
    }
    layout.reassociation.back().push_back(position);
    layout.collapsedShape.back() *= shape[d];
  }
  // Only unit dimensions: a rank-0 collapse (empty reassociation).
  return success();
}

/// The type a dot of `lhs` and `rhs` elements with a `result` element
/// (hlo types: integers may be unsigned) accumulates in on the vectorized
/// path, if it takes it: f16/bf16/f32/f64 operands and result accumulate in
/// f32 (narrow floats, as XLA does) or f64; integer operands (not i1) with
/// an i32 or i64 result at least as wide accumulate in the result's
/// (signless) type, the operands sign- or zero-extended to it first: the
/// product is then a matmul of one integer type, wrapping as hlo.dot_general
/// does.
std::optional<Type> getAccumulatorType(Type lhs, Type rhs, Type result) {
  auto isFloat = [](Type t) {
    return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
  };
  MLIRContext *context = lhs.getContext();
  if (isFloat(lhs) && isFloat(rhs) && isFloat(result)) {
    if (lhs.isF64() || rhs.isF64() || result.isF64())
      return Float64Type::get(context);
    return Float32Type::get(context);
  }
  auto width = [](Type t) {
    auto integer = dyn_cast<IntegerType>(t);
    return integer && integer.getWidth() > 1 ? integer.getWidth() : 0u;
  };
  unsigned resultWidth = width(result);
  if ((resultWidth == 32 || resultWidth == 64) && width(lhs) && width(rhs) &&
      width(lhs) <= resultWidth && width(rhs) <= resultWidth)
    return IntegerType::get(context, resultWidth);
  return std::nullopt;
}

/// `value` with its dimensions permuted by `permutation` (result dimension
/// i is input dimension permutation[i]) and its elements converted from
/// `from` (its hlo element type: unsigned integers are zero-extended) to
/// `elementType`, in one elementwise pass (none when neither is needed).
Value permuteAndConvert(OpBuilder &b, Location loc, Value value,
                        ArrayRef<int64_t> permutation, Type from,
                        Type elementType) {
  auto type = cast<RankedTensorType>(value.getType());
  bool identity =
      llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size()));
  if (identity && type.getElementType() == elementType)
    return value;
  SmallVector<int64_t> shape;
  for (int64_t d : permutation)
    shape.push_back(type.getDimSize(d));
  auto resultType = RankedTensorType::get(shape, elementType);
  Value init = tensor::EmptyOp::create(b, loc, shape, elementType);
  MLIRContext *context = b.getContext();
  int64_t rank = type.getRank();
  // Output dimension i reads input dimension permutation[i]: the input map
  // sends loop i to input position permutation[i].
  SmallVector<AffineExpr> inputExprs(rank);
  for (int64_t i = 0; i < rank; ++i)
    inputExprs[permutation[i]] = getAffineDimExpr(i, context);
  SmallVector<AffineMap> maps = {
      AffineMap::get(rank, 0, inputExprs, context),
      AffineMap::getMultiDimIdentityMap(rank, context)};
  return linalg::GenericOp::create(
             b, loc, TypeRange{resultType}, ValueRange{value}, ValueRange{init},
             maps,
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nb, Location l, ValueRange args) {
               linalg::YieldOp::create(
                   nb, l, convertScalar(nb, l, args[0], from, elementType));
             })
      .getResult(0);
}

/// Brings an operand into its collapsed form: permuted if its memory order
/// is none of the orders in `orders` (into the first that keeps its
/// innermost dimension innermost, else the first of them), converted from
/// its hlo element type `from` to `elementType`, and collapsed into one
/// dimension per present role.
/// `layout` receives the reassociation. Returns the collapsed value and the
/// index of the order it has.
std::pair<Value, size_t>
collapseOperand(OpBuilder &b, Location loc, Value value,
                ArrayRef<SmallVector<int64_t>> orders,
                ArrayRef<SmallVector<Role>> groupOrders,
                function_ref<Role(int64_t)> roleOf, Type from,
                Type elementType) {
  auto type = cast<RankedTensorType>(value.getType());
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> memoryOrder =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  OperandLayout layout;
  size_t chosen = 0;
  bool inPlace = false;
  for (auto [i, groupOrder] : llvm::enumerate(groupOrders)) {
    // The memory order itself, checked against the role sequence with unit
    // dimensions ignored (they move freely). Within a role, the order of
    // the non-unit dimensions must be the one the target order gives.
    SmallVector<int64_t> significant, targetSignificant;
    for (int64_t d : memoryOrder)
      if (shape[d] != 1)
        significant.push_back(d);
    for (int64_t d : orders[i])
      if (shape[d] != 1)
        targetSignificant.push_back(d);
    if (significant == targetSignificant &&
        succeeded(groupDims(memoryOrder, shape, roleOf, groupOrder, layout))) {
      chosen = i;
      inPlace = true;
      break;
    }
  }
  SmallVector<int64_t> permutation = memoryOrder;
  if (!inPlace) {
    // The copy goes into the first order that keeps the operand's innermost
    // (non-unit) dimension innermost, when one does (attention's k and v,
    // whose heads dimension sits between the others): it then reads and
    // writes rows (vectors), and the product reads the copy transposed
    // instead of the copy transposing element by element.
    auto innermost = [&](ArrayRef<int64_t> order) -> std::optional<int64_t> {
      for (int64_t d : llvm::reverse(order))
        if (shape[d] != 1)
          return d;
      return std::nullopt;
    };
    for (auto [i, order] : llvm::enumerate(orders)) {
      if (innermost(order) == innermost(memoryOrder)) {
        chosen = i;
        break;
      }
    }
    permutation = orders[chosen];
    SmallVector<int64_t> permutedShape;
    for (int64_t d : permutation)
      permutedShape.push_back(shape[d]);
    SmallVector<int64_t> positions =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    (void)groupDims(
        positions, permutedShape,
        [&](int64_t p) { return roleOf(permutation[p]); }, groupOrders[chosen],
        layout);
  }
  Value prepared =
      permuteAndConvert(b, loc, value, permutation, from, elementType);
  auto collapsedType =
      RankedTensorType::get(layout.collapsedShape, elementType);
  if (collapsedType == prepared.getType())
    return {prepared, chosen};
  return {tensor::CollapseShapeOp::create(b, loc, collapsedType, prepared,
                                          layout.reassociation),
          chosen};
}

/// The vectorizable lowering of a floating-point or integer dot_general
/// with a contraction (element types: getAccumulatorType): each operand is
/// collapsed (a view when its dimensions are already grouped as batch, free and
/// contracting runs in either order, else one permuting copy) to at most three
/// dimensions, and the product is a named contraction the CPU vectorizer tiles
/// to registers: linalg.matmul / linalg.batch_matmul (with transposed indexing
/// maps when an operand's contracting dimension comes first or last),
/// linalg.matvec / vecmat and their batched forms when one side has no free
/// dimension. bf16 and f16 operands are widened to f32 and the result rounded
/// once, as XLA:CPU does; narrow integers are extended to the result's type in
/// the same pass. Fails (for the generic fallback) on other types, dots
/// without contraction, and dot products without free dimensions.
FailureOr<Value> lowerDotToContraction(OpBuilder &b, Location loc,
                                       DotGeneralOp op, Value lhs, Value rhs,
                                       RankedTensorType resultType) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  Type lhsElement = op.getLhs().getType().getElementType();
  Type rhsElement = op.getRhs().getType().getElementType();
  std::optional<Type> acc =
      getAccumulatorType(lhsElement, rhsElement, op.getType().getElementType());
  if (!acc)
    return failure();
  DotAnalysis dot(op.getDotDimensionNumbers(), lhsType.getShape(),
                  rhsType.getShape());
  bool hasBatch = dot.batch() > 1, hasM = dot.m() > 1, hasN = dot.n() > 1;
  if (dot.k() == 1 || (!hasM && !hasN))
    return failure();

  auto lhsRole = [&](int64_t d) {
    return llvm::is_contained(dot.lhsBatch, d)      ? Role::Batch
           : llvm::is_contained(dot.lhsContract, d) ? Role::Contracting
                                                    : Role::Free;
  };
  auto rhsRole = [&](int64_t d) {
    return llvm::is_contained(dot.rhsBatch, d)      ? Role::Batch
           : llvm::is_contained(dot.rhsContract, d) ? Role::Contracting
                                                    : Role::Free;
  };
  auto concat = [](std::initializer_list<ArrayRef<int64_t>> parts) {
    SmallVector<int64_t> all;
    for (ArrayRef<int64_t> part : parts)
      llvm::append_range(all, part);
    return all;
  };
  // Valid orders: lhs (batch, m, k) or (batch, k, m); rhs (batch, k, n) or
  // (batch, n, k). Batch and contracting dimensions pair up in the order of
  // the dimension numbers.
  SmallVector<SmallVector<int64_t>> lhsOrders = {
      concat({dot.lhsBatch, dot.lhsFree, dot.lhsContract}),
      concat({dot.lhsBatch, dot.lhsContract, dot.lhsFree})};
  SmallVector<SmallVector<int64_t>> rhsOrders = {
      concat({dot.rhsBatch, dot.rhsContract, dot.rhsFree}),
      concat({dot.rhsBatch, dot.rhsFree, dot.rhsContract})};
  SmallVector<SmallVector<Role>> lhsGroups = {
      {Role::Batch, Role::Free, Role::Contracting},
      {Role::Batch, Role::Contracting, Role::Free}};
  SmallVector<SmallVector<Role>> rhsGroups = {
      {Role::Batch, Role::Contracting, Role::Free},
      {Role::Batch, Role::Free, Role::Contracting}};
  auto [a, lhsOrder] = collapseOperand(b, loc, lhs, lhsOrders, lhsGroups,
                                       lhsRole, lhsElement, *acc);
  auto [bValue, rhsOrder] = collapseOperand(b, loc, rhs, rhsOrders, rhsGroups,
                                            rhsRole, rhsElement, *acc);
  bool lhsTransposed = hasM && lhsOrder == 1;
  bool rhsTransposed = hasN && rhsOrder == 1;

  // The collapsed result (batch?, m?, n?) and how it expands.
  SmallVector<int64_t> collapsedShape;
  if (hasBatch)
    collapsedShape.push_back(dot.batch());
  if (hasM)
    collapsedShape.push_back(dot.m());
  if (hasN)
    collapsedShape.push_back(dot.n());
  auto collapsedType = RankedTensorType::get(collapsedShape, *acc);
  SmallVector<ReassociationIndices> resultGroups;
  {
    OperandLayout layout;
    int64_t numBatch = dot.lhsBatch.size(), numM = dot.lhsFree.size();
    auto resultRole = [&](int64_t d) {
      return d < numBatch          ? Role::Batch
             : d < numBatch + numM ? Role::Free
                                   : Role::Contracting; // stands for n
    };
    SmallVector<int64_t> positions =
        llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank()));
    (void)groupDims(positions, resultType.getShape(), resultRole,
                    {Role::Batch, Role::Free, Role::Contracting}, layout);
    resultGroups = layout.reassociation;
  }
  // The accumulator is zeros of the result's shape seen collapsed, so that
  // after bufferization the product is computed in the result buffer itself
  // (expand_shape(collapse_shape(buffer)) folds to the buffer), not in a
  // temporary copied out.
  Value zero = hlo::detail::createZero(b, loc, *acc);
  Value init = linalg::FillOp::create(b, loc, ValueRange{zero},
                                      ValueRange{tensor::EmptyOp::create(
                                          b, loc, resultType.getShape(), *acc)})
                   .getResult(0);
  if (collapsedShape != resultType.getShape())
    init = tensor::CollapseShapeOp::create(b, loc, collapsedType, init,
                                           resultGroups);
  MLIRContext *context = b.getContext();
  Value product;
  if (hasM && hasN) {
    // Loops (batch?, m, n, k).
    unsigned base = hasBatch ? 1 : 0, numLoops = base + 3;
    AffineExpr bExpr = getAffineDimExpr(0, context);
    AffineExpr mExpr = getAffineDimExpr(base, context);
    AffineExpr nExpr = getAffineDimExpr(base + 1, context);
    AffineExpr kExpr = getAffineDimExpr(base + 2, context);
    auto map = [&](ArrayRef<AffineExpr> exprs) {
      SmallVector<AffineExpr> all;
      if (hasBatch)
        all.push_back(bExpr);
      llvm::append_range(all, exprs);
      return AffineMap::get(numLoops, 0, all, context);
    };
    SmallVector<Attribute> maps = {
        AffineMapAttr::get(lhsTransposed ? map({kExpr, mExpr})
                                         : map({mExpr, kExpr})),
        AffineMapAttr::get(rhsTransposed ? map({nExpr, kExpr})
                                         : map({kExpr, nExpr})),
        AffineMapAttr::get(map({mExpr, nExpr}))};
    linalg::LinalgOp contraction;
    if (hasBatch)
      contraction = linalg::BatchMatmulOp::create(
          b, loc, TypeRange{collapsedType}, ValueRange{a, bValue},
          ValueRange{init});
    else
      contraction =
          linalg::MatmulOp::create(b, loc, TypeRange{collapsedType},
                                   ValueRange{a, bValue}, ValueRange{init});
    contraction->setAttr("indexing_maps", ArrayAttr::get(context, maps));
    product = contraction->getResult(0);
  } else {
    // One side is a vector. The matrix side reads contiguously along k
    // (matvec: A(m, k) x(k)) or along its free dimension (vecmat: x(k)
    // A(k, n)); a transposed matrix side swaps the two.
    Value matrix = hasM ? a : bValue, vector = hasM ? bValue : a;
    bool kInner = hasM ? !lhsTransposed : rhsTransposed;
    linalg::LinalgOp contraction;
    if (kInner)
      contraction =
          hasBatch ? (linalg::LinalgOp)linalg::BatchMatvecOp::create(
                         b, loc, TypeRange{collapsedType},
                         ValueRange{matrix, vector}, ValueRange{init})
                   : linalg::MatvecOp::create(b, loc, TypeRange{collapsedType},
                                              ValueRange{matrix, vector},
                                              ValueRange{init});
    else
      contraction =
          hasBatch ? (linalg::LinalgOp)linalg::BatchVecmatOp::create(
                         b, loc, TypeRange{collapsedType},
                         ValueRange{vector, matrix}, ValueRange{init})
                   : linalg::VecmatOp::create(b, loc, TypeRange{collapsedType},
                                              ValueRange{vector, matrix},
                                              ValueRange{init});
    product = contraction->getResult(0);
  }

  // Expanded to the result's dimensions (a view), then rounded once to the
  // result type.
  if (collapsedShape != resultType.getShape())
    product = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(resultType.getShape(), *acc), product,
        resultGroups);
  if (*acc != resultType.getElementType())
    product = permuteAndConvert(
        b, loc, product,
        llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank())), *acc,
        resultType.getElementType());
  return product;
}

/// dot_general -> the vectorizable forms of lowerDotToContraction where it
/// applies, otherwise (complex numbers, i1, dots without contraction) a
/// linalg.generic over (batch..., lhs free..., rhs free..., contracting...)
/// loops.
struct DotGeneralToLinalg : OpConversionPattern<DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(adaptor.getRhs().getType());
    if (!resultType || !resultType.hasStaticShape() ||
        !lhsType.hasStaticShape() || !rhsType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Type lhsElement = op.getLhs().getType().getElementType();
    Type resultElement = op.getType().getElementType();
    if (!canAccumulate(lhsElement, resultElement) ||
        !canAccumulate(op.getRhs().getType().getElementType(), resultElement))
      return rewriter.notifyMatchFailure(op, "unsupported element types");
    Location loc = op.getLoc();
    FailureOr<Value> fast = lowerDotToContraction(
        rewriter, loc, op, adaptor.getLhs(), adaptor.getRhs(), resultType);
    if (succeeded(fast)) {
      rewriter.replaceOp(op, *fast);
      return success();
    }
    DotDimensionNumbersAttr dims = op.getDotDimensionNumbers();
    ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
    ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
    ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
    ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();

    Value zero =
        hlo::detail::createZero(rewriter, loc, resultType.getElementType());
    Value empty = hlo::detail::createEmptyTensor(rewriter, loc, resultType);
    Value init = linalg::FillOp::create(rewriter, loc, ValueRange{zero},
                                        ValueRange{empty})
                     .getResult(0);

    // Loop order: batch, lhs free, rhs free (= the result dims), then the
    // contracting dims.
    MLIRContext *context = op.getContext();
    int64_t numBatch = lhsBatch.size();
    SmallVector<int64_t> lhsFree, rhsFree;
    for (int64_t d = 0; d < lhsType.getRank(); ++d)
      if (!llvm::is_contained(lhsBatch, d) &&
          !llvm::is_contained(lhsContract, d))
        lhsFree.push_back(d);
    for (int64_t d = 0; d < rhsType.getRank(); ++d)
      if (!llvm::is_contained(rhsBatch, d) &&
          !llvm::is_contained(rhsContract, d))
        rhsFree.push_back(d);
    int64_t numParallel = resultType.getRank();
    int64_t numLoops = numParallel + lhsContract.size();
    SmallVector<AffineExpr> lhsExprs(lhsType.getRank()),
        rhsExprs(rhsType.getRank()), outExprs;
    for (int64_t i = 0; i < numBatch; ++i) {
      lhsExprs[lhsBatch[i]] = getAffineDimExpr(i, context);
      rhsExprs[rhsBatch[i]] = getAffineDimExpr(i, context);
    }
    for (auto [i, d] : llvm::enumerate(lhsFree))
      lhsExprs[d] = getAffineDimExpr(numBatch + i, context);
    for (auto [i, d] : llvm::enumerate(rhsFree))
      rhsExprs[d] = getAffineDimExpr(numBatch + lhsFree.size() + i, context);
    for (size_t i = 0; i < lhsContract.size(); ++i) {
      lhsExprs[lhsContract[i]] = getAffineDimExpr(numParallel + i, context);
      rhsExprs[rhsContract[i]] = getAffineDimExpr(numParallel + i, context);
    }
    for (int64_t i = 0; i < numParallel; ++i)
      outExprs.push_back(getAffineDimExpr(i, context));
    SmallVector<AffineMap> maps = {
        AffineMap::get(numLoops, 0, lhsExprs, context),
        AffineMap::get(numLoops, 0, rhsExprs, context),
        AffineMap::get(numLoops, 0, outExprs, context)};
    SmallVector<utils::IteratorType> iterators(numParallel,
                                               utils::IteratorType::parallel);
    iterators.append(lhsContract.size(), utils::IteratorType::reduction);

    Type rhsElement = op.getRhs().getType().getElementType();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType},
        ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Type acc = args[2].getType();
          Value x = convertScalar(b, l, args[0], lhsElement, resultElement);
          Value y = convertScalar(b, l, args[1], rhsElement, resultElement);
          Value sum;
          if (isa<ComplexType>(acc)) {
            sum = complex::AddOp::create(b, l, args[2],
                                         complex::MulOp::create(b, l, x, y));
          } else if (isa<FloatType>(acc)) {
            sum = arith::AddFOp::create(b, l, args[2],
                                        arith::MulFOp::create(b, l, x, y));
          } else {
            sum = arith::AddIOp::create(b, l, args[2],
                                        arith::MulIOp::create(b, l, x, y));
          }
          linalg::YieldOp::create(b, l, sum);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void hlo::detail::populateDotPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<DotGeneralToLinalg>(converter, patterns.getContext());
}
