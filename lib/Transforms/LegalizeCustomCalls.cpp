//===- LegalizeCustomCalls.cpp - JAX's custom calls as hlo ops ------------===//
//
// The custom calls JAX emits on the CPU, rewritten into ops every target
// compiles:
//
// - `lapack_?potrf_ffi` (Cholesky): `hlo.cholesky`; the opposite triangle
//   keeps the operand's values and `info` is computed from the factor's
//   diagonal, as LAPACK returns them;
// - `lapack_?trsm_ffi` (triangular solve): `hlo.triangular_solve`;
// - `TopK` (XLA's custom call, with its comparator) and the `topk`
//   instruction (imported as `xla.topk`): a stable sort of (operand, iota)
//   along the last dimension, then the first k;
// - `lapack_?getrf_ffi`, `lapack_?geqrf_ffi`, `lapack_?orgqr_ffi`,
//   `lapack_?syevd_ffi`, `lapack_?gesdd_ffi`: scf loop nests on tensors
//   (real types), one matrix of the batch at a time.
//
// LAPACK reads and writes column-major matrices (JAX's calls ask for those
// layouts): the lowerings work on the logical matrices LAPACK sees, and an
// operand or result laid out otherwise is reinterpreted first (the array
// LAPACK would see in that buffer; see honorLapackLayouts). Results follow LAPACK's conventions where they are defined
// (pivots 1-based, Householder reflectors with tau and the sign of beta as
// in `slarfg`, eigenvalues ascending, singular values descending); the signs
// of eigenvectors and singular vectors are whatever the algorithm gives,
// as LAPACK promises nothing more.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/LegalizeCustomCalls.h"
#include "HloDialect/Transforms/Layout.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Regex.h"

#include <limits>

using namespace mlir;
using namespace mlir::hlo;

namespace {

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

/// A LAPACK FFI target: the type letter (s, d, c, z) and the routine.
struct LapackTarget {
  char type;
  StringRef routine;
};

std::optional<LapackTarget> parseLapackTarget(StringRef target) {
  static const llvm::Regex pattern(
      "^lapack_([sdcz])(potrf|trsm|getrf|geqrf|orgqr|ungqr|syevd|heevd|"
      "gesdd)_ffi$");
  SmallVector<StringRef> groups;
  if (!pattern.match(target, &groups))
    return std::nullopt;
  return LapackTarget{groups[1][0], groups[2]};
}

/// The call's backend configuration: the dictionary StableHLO text keeps in
/// `mhlo.backend_config`, or XLA's HLO text's `backend_config` string (the
/// same dictionary, printed).
DictionaryAttr getBackendConfig(CustomCallOp call) {
  MLIRContext *context = call.getContext();
  if (auto dict = call->getAttrOfType<DictionaryAttr>("mhlo.backend_config"))
    return dict;
  Attribute config = call.getBackendConfigAttr();
  if (auto dict = dyn_cast_or_null<DictionaryAttr>(config))
    return dict;
  if (auto text = dyn_cast_or_null<StringAttr>(config)) {
    StringRef body = text.getValue().trim();
    if (body.starts_with("{"))
      if (auto dict =
              dyn_cast_or_null<DictionaryAttr>(parseAttribute(body, context)))
        return dict;
  }
  return DictionaryAttr::get(context);
}

/// A one-character option of a LAPACK call (`uplo = 76 : ui8` is 'L').
char getOption(DictionaryAttr config, StringRef name, char defaultValue) {
  if (auto value = config.getAs<IntegerAttr>(name))
    return static_cast<char>(value.getValue().getZExtValue());
  return defaultValue;
}

//===----------------------------------------------------------------------===//
// hlo helpers
//===----------------------------------------------------------------------===//

Value splat(OpBuilder &b, Location loc, RankedTensorType type, double value) {
  Type element = type.getElementType();
  Attribute scalar;
  if (isa<FloatType>(element))
    scalar = FloatAttr::get(element, value);
  else
    scalar = IntegerAttr::get(element, static_cast<int64_t>(value));
  return ConstantOp::create(b, loc, DenseElementsAttr::get(type, scalar));
}

/// The mask of a batch of matrices of shape `shape` where row `cmp` column
/// (the last two dimensions) holds.
Value triangleMask(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                   ComparisonDirection direction) {
  int64_t rank = shape.size();
  auto indexType = RankedTensorType::get(shape, b.getI32Type());
  Value rows = IotaOp::create(b, loc, indexType, rank - 2);
  Value columns = IotaOp::create(b, loc, indexType, rank - 1);
  return CompareOp::create(b, loc, rows, columns, direction,
                           ComparisonTypeAttr());
}

/// The transpose of the last two dimensions.
Value transposeMatrices(OpBuilder &b, Location loc, Value x) {
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> permutation =
      llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(permutation[rank - 1], permutation[rank - 2]);
  SmallVector<int64_t> shape(type.getShape());
  std::swap(shape[rank - 1], shape[rank - 2]);
  return TransposeOp::create(b, loc, type.clone(shape), x, permutation);
}

/// Identity matrices (ones where row == column) of type `type`.
Value identity(OpBuilder &b, Location loc, RankedTensorType type) {
  Value mask = triangleMask(b, loc, type.getShape(), ComparisonDirection::EQ);
  auto splat2 = splat(b, loc, type, 1.0);
  auto splat3 = splat(b, loc, type, 0.0);
  return SelectOp::create(b, loc, mask, splat2, splat3);
}

//===----------------------------------------------------------------------===//
// Scalar loop nests on tensors
//===----------------------------------------------------------------------===//

/// Builds scalar code on one matrix of a batch: every tensor index is
/// prefixed by the batch position, loops carry the tensors they update (so
/// one-shot bufferization makes them in place), and arithmetic is on the
/// real element type `f`.
struct Nest {
  OpBuilder &b;
  Location loc;
  FloatType f;
  SmallVector<Value> batch;
  /// The element type when the matrices are complex (f is then its parts').
  ComplexType complex = {};

  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value fc(double v) {
    return arith::ConstantOp::create(b, loc, f, b.getFloatAttr(f, v));
  }
  Value i32(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  }
  Value boolean(bool v) {
    return arith::ConstantIntOp::create(b, loc, b.getI1Type(), v);
  }

  SmallVector<Value> at(ArrayRef<Value> position) {
    SmallVector<Value> full(batch);
    full.append(position.begin(), position.end());
    return full;
  }
  Value get(Value t, ArrayRef<Value> position) {
    return tensor::ExtractOp::create(b, loc, t, at(position));
  }
  Value set(Value t, Value v, ArrayRef<Value> position) {
    return tensor::InsertOp::create(b, loc, v, t, at(position));
  }

  using Body = function_ref<SmallVector<Value>(Value, ValueRange)>;
  /// for (i = lb; i < ub; ++i), carrying `init`.
  SmallVector<Value> loop(Value lb, Value ub, ValueRange init, Body body) {
    auto op = scf::ForOp::create(
        b, loc, lb, ub, idx(1), init,
        [&](OpBuilder &, Location, Value iv, ValueRange args) {
          scf::YieldOp::create(b, loc, body(iv, args));
        });
    return SmallVector<Value>(op.getResults().begin(), op.getResults().end());
  }
  SmallVector<Value> loop(int64_t lb, int64_t ub, ValueRange init, Body body) {
    auto idx2 = idx(lb);
    auto idx3 = idx(ub);
    return loop(idx2, idx3, init, body);
  }
  /// `then()` when `cond` holds, else the values `otherwise`.
  SmallVector<Value> when(Value cond, ValueRange otherwise,
                          function_ref<SmallVector<Value>()> then) {
    auto op = scf::IfOp::create(
        b, loc, cond,
        [&](OpBuilder &, Location) { scf::YieldOp::create(b, loc, then()); },
        [&](OpBuilder &, Location) {
          scf::YieldOp::create(b, loc, otherwise);
        });
    return SmallVector<Value>(op.getResults().begin(), op.getResults().end());
  }

  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value sqrt(Value x) { return math::SqrtOp::create(b, loc, x); }
  Value copysign(Value x, Value y) {
    return math::CopySignOp::create(b, loc, x, y);
  }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value land(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value lor(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value lnot(Value x) {
    return arith::XOrIOp::create(b, loc, x, boolean(true));
  }
  Value iadd(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value isub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value toI32(Value index) {
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), index);
  }

  // Arithmetic on elements, real or complex.
  Value kadd(Value x, Value y) {
    return complex ? Value(complex::AddOp::create(b, loc, x, y)) : add(x, y);
  }
  Value ksub(Value x, Value y) {
    return complex ? Value(complex::SubOp::create(b, loc, x, y)) : sub(x, y);
  }
  Value kmul(Value x, Value y) {
    return complex ? Value(complex::MulOp::create(b, loc, x, y)) : mul(x, y);
  }
  Value kdiv(Value x, Value y) {
    return complex ? Value(complex::DivOp::create(b, loc, x, y)) : div(x, y);
  }
  /// |x| for reals, |re x| + |im x| for complex (LAPACK's cabs1, which
  /// icamax and izamax maximize when choosing pivots).
  Value abs1(Value x) {
    if (!complex)
      return abs(x);
    auto re = abs(complex::ReOp::create(b, loc, x));
    auto im = abs(complex::ImOp::create(b, loc, x));
    return add(re, im);
  }
  /// x != 0 (either part, for complex).
  Value nonzero(Value x) {
    if (!complex)
      return cmp(arith::CmpFPredicate::UNE, x, fc(0.0));
    auto re3 = complex::ReOp::create(b, loc, x);
    auto fc2 = fc(0.0);
    auto re2 = cmp(arith::CmpFPredicate::UNE, re3, fc2);
    auto im3 = complex::ImOp::create(b, loc, x);
    auto fc3 = fc(0.0);
    auto im2 = cmp(arith::CmpFPredicate::UNE, im3, fc3);
    return lor(re2, im2);
  }

  /// sqrt(x^2 + 1) without overflow for large |x|.
  Value hypot1(Value x) {
    Value ax = abs(x);
    Value big = cmp(arith::CmpFPredicate::OGT, ax, fc(1.0));
    Value inv = div(fc(1.0), ax);
    auto fc4 = fc(1.0);
    auto mul2 = mul(inv, inv);
    Value large = mul(ax, sqrt(add(fc4, mul2)));
    auto mul3 = mul(x, x);
    auto fc5 = fc(1.0);
    Value small = sqrt(add(mul3, fc5));
    return select(big, large, small);
  }

  /// The Jacobi rotation (c, s) that zeroes the off-diagonal entry of the
  /// symmetric 2x2 [[app, apq], [apq, aqq]] (Golub and Van Loan's
  /// sym.schur2): t = sign(theta) / (|theta| + sqrt(theta^2 + 1)) with
  /// theta = (aqq - app) / (2 apq).
  std::pair<Value, Value> rotation(Value app, Value apq, Value aqq) {
    auto sub2 = sub(aqq, app);
    auto mul4 = mul(fc(2.0), apq);
    Value theta = div(sub2, mul4);
    auto copysign2 = copysign(fc(1.0), theta);
    auto abs2 = abs(theta);
    auto hypot12 = hypot1(theta);
    auto add2 = add(abs2, hypot12);
    Value t = div(copysign2, add2);
    auto fc6 = fc(1.0);
    auto hypot13 = hypot1(t);
    Value c = div(fc6, hypot13);
    return {c, mul(t, c)};
  }

  /// Replaces columns p and q of the matrix `t` (rows 0..rows) by
  /// c * col_p - s * col_q and s * col_p + c * col_q.
  Value rotateColumns(Value t, int64_t rows, Value p, Value q, Value c,
                      Value s) {
    return loop(0, rows, t, [&](Value k, ValueRange cur) -> SmallVector<Value> {
      Value xp = get(cur[0], {k, p}), xq = get(cur[0], {k, q});
      Value cp = mul(c, xp);
      Value sq = mul(s, xq);
      Value next = set(cur[0], sub(cp, sq), {k, p});
      Value sp = mul(s, xp);
      Value cq = mul(c, xq);
      return {set(next, add(sp, cq), {k, q})};
    })[0];
  }
  /// The same on rows p and q (columns 0..columns).
  Value rotateRows(Value t, int64_t columns, Value p, Value q, Value c,
                   Value s) {
    return loop(0, columns, t,
                [&](Value k, ValueRange cur) -> SmallVector<Value> {
                  Value xp = get(cur[0], {p, k}), xq = get(cur[0], {q, k});
                  Value cp = mul(c, xp);
                  Value sq = mul(s, xq);
                  Value next = set(cur[0], sub(cp, sq), {p, k});
                  Value sp = mul(s, xp);
                  Value cq = mul(c, xq);
                  return {set(next, add(sp, cq), {q, k})};
                })[0];
  }
  /// Swaps columns i and j of `t` (rows 0..rows).
  Value swapColumns(Value t, int64_t rows, Value i, Value j) {
    return loop(0, rows, t, [&](Value k, ValueRange cur) -> SmallVector<Value> {
      Value xi = get(cur[0], {k, i}), xj = get(cur[0], {k, j});
      return {set(set(cur[0], xj, {k, i}), xi, {k, j})};
    })[0];
  }
  /// sum_{k in [lb, ub)} term(k).
  Value sum(Value lb, Value ub, function_ref<Value(Value)> term) {
    return loop(lb, ub, ValueRange{fc(0.0)},
                [&](Value k, ValueRange acc) -> SmallVector<Value> {
                  return {add(acc[0], term(k))};
                })[0];
  }
};

/// Runs `body` once per matrix of the batch (the leading `batchShape`
/// dimensions), carrying `init` (whole batched tensors).
SmallVector<Value>
forEachMatrix(OpBuilder &b, Location loc, FloatType f,
              ArrayRef<int64_t> batchShape, ValueRange init,
              function_ref<SmallVector<Value>(Nest &, ValueRange)> body,
              ComplexType complex = {}) {
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t size : batchShape) {
    lbs.push_back(arith::ConstantIndexOp::create(b, loc, 0));
    ubs.push_back(arith::ConstantIndexOp::create(b, loc, size));
    steps.push_back(arith::ConstantIndexOp::create(b, loc, 1));
  }
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, init,
      [&](OpBuilder &, Location, ValueRange ivs,
          ValueRange iter) -> scf::ValueVector {
        Nest n{b, loc, f, llvm::to_vector(ivs), complex};
        SmallVector<Value> results = body(n, iter);
        return scf::ValueVector(results.begin(), results.end());
      });
  return llvm::to_vector(nest.results);
}

/// The machine epsilon of `f`.
double epsilon(FloatType f) {
  return f.getWidth() == 64 ? std::numeric_limits<double>::epsilon()
                            : std::numeric_limits<float>::epsilon();
}

//===----------------------------------------------------------------------===//
// The lowerings
//===----------------------------------------------------------------------===//

struct Lowering {
  RewriterBase &rewriter;
  CustomCallOp call;
  Location loc;

  LogicalResult fail(const Twine &message) {
    return call.emitOpError()
           << "(target '" << call.getCallTargetName() << "') " << message;
  }
  RankedTensorType operandType(unsigned i) {
    return dyn_cast<RankedTensorType>(call.getOperand(i).getType());
  }
  RankedTensorType resultType(unsigned i) {
    return dyn_cast<RankedTensorType>(call.getResult(i).getType());
  }
  /// Checks operand and result counts and that every one is a static
  /// ranked tensor; `matrices` operands have rank >= 2.
  LogicalResult expectSignature(unsigned operands, unsigned results) {
    if (call.getNumOperands() != operands || call.getNumResults() != results)
      return fail("expects " + Twine(operands) + " operands and " +
                  Twine(results) + " results");
    for (Type type : llvm::concat<const Type>(call.getOperandTypes(),
                                              call.getResultTypes())) {
      auto ranked = dyn_cast<RankedTensorType>(type);
      if (!ranked || !ranked.hasStaticShape())
        return fail("expects statically shaped tensors");
    }
    if (operandType(0).getRank() < 2)
      return fail("expects a batch of matrices");
    return success();
  }
  /// The real element type of operand 0, or an error for the complex
  /// variants the scf lowerings do not cover.
  FailureOr<FloatType> realElementType() {
    auto f = dyn_cast<FloatType>(operandType(0).getElementType());
    if (!f)
      return fail("is lowered for real matrices only (complex LAPACK "
                  "routines are not supported yet)");
    return f;
  }
  ArrayRef<int64_t> batchShape() {
    return operandType(0).getShape().drop_back(2);
  }
  Value zeros(RankedTensorType type) { return splat(rewriter, loc, type, 0.0); }

  // potrf(a) -> (factor, info)
  LogicalResult potrf() {
    if (failed(expectSignature(1, 2)))
      return failure();
    Value a = call.getOperand(0);
    RankedTensorType type = operandType(0);
    bool lower = getOption(getBackendConfig(call), "uplo", 'L') == 'L';
    Value factor = CholeskyOp::create(rewriter, loc, type, a, lower);
    // LAPACK writes one triangle: the other keeps the operand's values.
    Value mask =
        triangleMask(rewriter, loc, type.getShape(),
                     lower ? ComparisonDirection::GE : ComparisonDirection::LE);
    Value result = SelectOp::create(rewriter, loc, mask, factor, a);
    // info: 0, or 1 + the first diagonal entry that is not positive (the
    // cholesky lowering fills a failed matrix with NaN, so a failure
    // reports 1 rather than the order of the failing minor).
    RankedTensorType infoType = resultType(1);
    auto f = dyn_cast<FloatType>(type.getElementType());
    if (!f)
      f = cast<FloatType>(
          cast<ComplexType>(type.getElementType()).getElementType());
    Value realFactor = factor;
    if (auto complexType = dyn_cast<ComplexType>(type.getElementType()))
      realFactor = RealOp::create(rewriter, loc, type.clone(f), factor);
    int64_t n = type.getShape().back();
    Value info = forEachMatrix(
        rewriter, loc, f, batchShape(), zeros(infoType),
        [&](Nest &m, ValueRange iter) -> SmallVector<Value> {
          Value code = m.loop(
              0, n, ValueRange{m.i32(0)},
              [&](Value i, ValueRange cur) -> SmallVector<Value> {
                Value d = m.get(realFactor, {i, i});
                Value bad = m.cmp(arith::CmpFPredicate::ULE, d, m.fc(0.0));
                Value first = arith::CmpIOp::create(
                    m.b, m.loc, arith::CmpIPredicate::eq, cur[0], m.i32(0));
                auto land2 = m.land(bad, first);
                auto toI322 = m.toI32(i);
                auto i322 = m.i32(1);
                auto iadd2 = m.iadd(toI322, i322);
                Value code = m.select(land2, iadd2, cur[0]);
                return {code};
              })[0];
          return {m.set(iter[0], code, {})};
        })[0];
    rewriter.replaceOp(call, {result, info});
    return success();
  }

  // trsm(a, b) -> x
  LogicalResult trsm() {
    if (failed(expectSignature(2, 1)))
      return failure();
    DictionaryAttr config = getBackendConfig(call);
    char side = getOption(config, "side", 'L');
    char uplo = getOption(config, "uplo", 'L');
    char diag = getOption(config, "diag", 'N');
    char trans = getOption(config, "trans_x", 'N');
    Transpose transpose = trans == 'N'   ? Transpose::NO_TRANSPOSE
                          : trans == 'T' ? Transpose::TRANSPOSE
                                         : Transpose::ADJOINT;
    if (!StringRef("NTC").contains(trans) || !StringRef("LR").contains(side) ||
        !StringRef("LU").contains(uplo) || !StringRef("NU").contains(diag))
      return fail("has an unknown side, uplo, diag or trans_x option");
    Value x = TriangularSolveOp::create(
        rewriter, loc, resultType(0), call.getOperand(0), call.getOperand(1),
        side == 'L', uplo == 'L', diag == 'U', transpose);
    rewriter.replaceOp(call, x);
    return success();
  }

  // getrf(a) -> (lu, pivots, info): LU with partial pivoting (LAPACK's
  // sgetf2, cgetf2 for complex): at step k the row with the largest
  // |a[i][k]| (|re| + |im| for complex; the first of equals) is swapped into
  // row k, the column below is divided by the pivot and the trailing matrix
  // gets the rank-1 update. A zero pivot leaves its column unscaled and sets
  // info to its 1-based position (the first such).
  LogicalResult getrf() {
    if (failed(expectSignature(1, 3)))
      return failure();
    RankedTensorType type = operandType(0);
    auto complexType = dyn_cast<ComplexType>(type.getElementType());
    auto f = dyn_cast<FloatType>(complexType ? complexType.getElementType()
                                             : type.getElementType());
    if (!f)
      return fail("expects float or complex matrices");
    int64_t m = type.getShape().drop_back().back(), n = type.getShape().back();
    int64_t k = std::min(m, n);
    if (resultType(1).getShape().back() != k)
      return fail("expects min(m, n) pivots");
    Value a = call.getOperand(0);
    SmallVector<Value> results = forEachMatrix(
        rewriter, loc, f, batchShape(),
        ValueRange{a, zeros(resultType(1)), zeros(resultType(2))},
        [&](Nest &t, ValueRange iter) -> SmallVector<Value> {
          SmallVector<Value> state = t.loop(
              0, k, ValueRange{iter[0], iter[1], t.i32(0)},
              [&](Value j, ValueRange s) -> SmallVector<Value> {
                Value lu = s[0], pivots = s[1], info = s[2];
                // The pivot row: the first largest |a[i][j]|, i >= j.
                auto idx4 = t.idx(m);
                auto fc7 = t.fc(-1.0);
                SmallVector<Value> best =
                    t.loop(j, idx4, ValueRange{j, fc7},
                           [&](Value i, ValueRange cur) -> SmallVector<Value> {
                             Value v = t.abs1(t.get(lu, {i, j}));
                             Value better =
                                 t.cmp(arith::CmpFPredicate::OGT, v, cur[1]);
                             return {arith::SelectOp::create(t.b, t.loc, better,
                                                             i, cur[0]),
                                     t.select(better, v, cur[1])};
                           });
                Value p = best[0];
                auto toI323 = t.toI32(p);
                auto i323 = t.i32(1);
                pivots = t.set(pivots, t.iadd(toI323, i323), {j});
                lu = t.loop(
                    0, n, ValueRange{lu},
                    [&](Value c, ValueRange cur) -> SmallVector<Value> {
                      Value x = t.get(cur[0], {j, c});
                      Value y = t.get(cur[0], {p, c});
                      return {t.set(t.set(cur[0], y, {j, c}), x, {p, c})};
                    })[0];
                Value pivot = t.get(lu, {j, j});
                Value nonzero = t.nonzero(pivot);
                auto lnot2 = t.lnot(nonzero);
                auto cmpI = arith::CmpIOp::create(
                    t.b, t.loc, arith::CmpIPredicate::eq, info, t.i32(0));
                Value firstZero = t.land(lnot2, cmpI);
                auto toI324 = t.toI32(j);
                auto i324 = t.i32(1);
                info = t.select(firstZero, t.iadd(toI324, i324), info);
                Value below = t.iadd(j, t.idx(1));
                lu = t.loop(
                    below, t.idx(m), ValueRange{lu},
                    [&](Value i, ValueRange cur) -> SmallVector<Value> {
                      Value x = t.get(cur[0], {i, j});
                      Value l = arith::SelectOp::create(t.b, t.loc, nonzero,
                                                        t.kdiv(x, pivot), x);
                      Value next = t.set(cur[0], l, {i, j});
                      return t.loop(
                          below, t.idx(n), ValueRange{next},
                          [&](Value c, ValueRange row) -> SmallVector<Value> {
                            auto get2 = t.get(row[0], {i, c});
                            auto kmul2 = t.kmul(l, t.get(row[0], {j, c}));
                            Value updated = t.ksub(get2, kmul2);
                            return {t.set(row[0], updated, {i, c})};
                          });
                    })[0];
                return {lu, pivots, info};
              });
          return {state[0], state[1], t.set(iter[2], state[2], {})};
        },
        complexType);
    rewriter.replaceOp(call, results);
    return success();
  }

  // geqrf(a) -> (a with R above and reflectors below, tau): Householder QR
  // as LAPACK's sgeqr2: for column k, slarfg gives beta = -sign(alpha) *
  // ||(alpha, x)||, tau = (beta - alpha) / beta and v = x / (alpha - beta)
  // (tau = 0 when x is zero), and H = I - tau (1, v)(1, v)^T is applied to
  // the columns to the right.
  LogicalResult geqrf() {
    if (failed(expectSignature(1, 2)))
      return failure();
    FailureOr<FloatType> f = realElementType();
    if (failed(f))
      return failure();
    RankedTensorType type = operandType(0);
    int64_t m = type.getShape().drop_back().back(), n = type.getShape().back();
    int64_t k = std::min(m, n);
    if (resultType(1).getShape().back() != k)
      return fail("expects min(m, n) scalar factors");
    SmallVector<Value> results = forEachMatrix(
        rewriter, loc, *f, batchShape(),
        ValueRange{call.getOperand(0), zeros(resultType(1))},
        [&](Nest &t, ValueRange iter) -> SmallVector<Value> {
          return t.loop(
              0, k, iter, [&](Value j, ValueRange s) -> SmallVector<Value> {
                Value a = s[0], tau = s[1];
                Value below = t.iadd(j, t.idx(1));
                Value alpha = t.get(a, {j, j});
                Value xnorm2 = t.sum(below, t.idx(m), [&](Value i) {
                  Value x = t.get(a, {i, j});
                  return t.mul(x, x);
                });
                Value zero =
                    t.cmp(arith::CmpFPredicate::OEQ, xnorm2, t.fc(0.0));
                Value norm = t.sqrt(t.add(t.mul(alpha, alpha), xnorm2));
                Value beta = t.neg(t.copysign(norm, alpha));
                auto fc8 = t.fc(0.0);
                auto div2 = t.div(t.sub(beta, alpha), beta);
                Value tj = t.select(zero, fc8, div2);
                auto fc9 = t.fc(1.0);
                auto fc10 = t.fc(1.0);
                auto sub3 = t.sub(alpha, beta);
                auto div3 = t.div(fc10, sub3);
                Value scale = t.select(zero, fc9, div3);
                a = t.loop(below, t.idx(m), ValueRange{a},
                           [&](Value i, ValueRange cur) -> SmallVector<Value> {
                             return {t.set(cur[0],
                                           t.mul(t.get(cur[0], {i, j}), scale),
                                           {i, j})};
                           })[0];
                a = t.set(a, t.select(zero, alpha, beta), {j, j});
                tau = t.set(tau, tj, {j});
                // Apply H to the columns right of j.
                a = t.loop(
                    below, t.idx(n), ValueRange{a},
                    [&](Value c, ValueRange cur) -> SmallVector<Value> {
                      auto get3 = t.get(cur[0], {j, c});
                      auto sum2 = t.sum(below, t.idx(m), [&](Value i) {
                        auto get4 = t.get(cur[0], {i, j});
                        auto get5 = t.get(cur[0], {i, c});
                        return t.mul(get4, get5);
                      });
                      Value w = t.add(get3, sum2);
                      Value tw = t.mul(tj, w);
                      Value next = t.set(
                          cur[0], t.sub(t.get(cur[0], {j, c}), tw), {j, c});
                      return t.loop(
                          below, t.idx(m), ValueRange{next},
                          [&](Value i, ValueRange col) -> SmallVector<Value> {
                            auto get6 = t.get(col[0], {i, c});
                            auto mul13 = t.mul(t.get(col[0], {i, j}), tw);
                            Value x = t.sub(get6, mul13);
                            return {t.set(col[0], x, {i, c})};
                          });
                    })[0];
                return {a, tau};
              });
        });
    rewriter.replaceOp(call, results);
    return success();
  }

  // orgqr(a, tau) -> q: the first n columns of H_0 H_1 ... H_{k-1}, by
  // applying the reflectors from the last to the first to the identity
  // (LAPACK's sorg2r).
  LogicalResult orgqr() {
    if (failed(expectSignature(2, 1)))
      return failure();
    FailureOr<FloatType> f = realElementType();
    if (failed(f))
      return failure();
    RankedTensorType type = operandType(0);
    int64_t m = type.getShape().drop_back().back(), n = type.getShape().back();
    int64_t k = operandType(1).getShape().back();
    if (resultType(0) != type || k > n || n > m)
      return fail("expects a result like the reflectors and k <= n <= m");
    Value a = call.getOperand(0), tau = call.getOperand(1);
    SmallVector<Value> results = forEachMatrix(
        rewriter, loc, *f, batchShape(),
        ValueRange{identity(rewriter, loc, type)},
        [&](Nest &t, ValueRange iter) -> SmallVector<Value> {
          return t.loop(
              0, k, iter, [&](Value r, ValueRange s) -> SmallVector<Value> {
                Value j = t.isub(t.idx(k - 1), r);
                Value below = t.iadd(j, t.idx(1));
                Value tj = t.get(tau, {j});
                return t.loop(
                    j, t.idx(n), s,
                    [&](Value c, ValueRange cur) -> SmallVector<Value> {
                      auto get7 = t.get(cur[0], {j, c});
                      auto sum3 = t.sum(below, t.idx(m), [&](Value i) {
                        auto get8 = t.get(a, {i, j});
                        auto get9 = t.get(cur[0], {i, c});
                        return t.mul(get8, get9);
                      });
                      Value w = t.add(get7, sum3);
                      Value tw = t.mul(tj, w);
                      Value next = t.set(
                          cur[0], t.sub(t.get(cur[0], {j, c}), tw), {j, c});
                      return t.loop(
                          below, t.idx(m), ValueRange{next},
                          [&](Value i, ValueRange col) -> SmallVector<Value> {
                            auto get10 = t.get(col[0], {i, c});
                            auto mul14 = t.mul(t.get(a, {i, j}), tw);
                            Value x = t.sub(get10, mul14);
                            return {t.set(col[0], x, {i, c})};
                          });
                    });
              });
        });
    rewriter.replaceOp(call, results);
    return success();
  }

  // syevd(a) -> (eigenvectors, eigenvalues, info): cyclic two-sided Jacobi
  // on the symmetric matrix read from the `uplo` triangle, sweeps until the
  // off-diagonal mass is below (n eps)^2 of the total (at most 100), then
  // eigenvalues sorted ascending with their vectors (columns). info is 1
  // when the sweeps did not converge.
  LogicalResult syevd() {
    if (failed(expectSignature(1, 3)))
      return failure();
    FailureOr<FloatType> f = realElementType();
    if (failed(f))
      return failure();
    RankedTensorType type = operandType(0);
    int64_t n = type.getShape().back();
    if (type.getShape().drop_back().back() != n || resultType(0) != type ||
        resultType(1).getShape().back() != n)
      return fail("expects a square matrix, its eigenvectors and n values");
    bool lower = getOption(getBackendConfig(call), "uplo", 'L') == 'L';
    Value a = call.getOperand(0);
    Value mask =
        triangleMask(rewriter, loc, type.getShape(),
                     lower ? ComparisonDirection::GE : ComparisonDirection::LE);
    Value symmetric = SelectOp::create(rewriter, loc, mask, a,
                                       transposeMatrices(rewriter, loc, a));
    double tolerance = static_cast<double>(n) * epsilon(*f);
    tolerance *= tolerance;
    constexpr int64_t kMaxSweeps = 100;
    SmallVector<Value> results = forEachMatrix(
        rewriter, loc, *f, batchShape(),
        ValueRange{identity(rewriter, loc, type), zeros(resultType(1)),
                   zeros(resultType(2))},
        [&](Nest &t, ValueRange iter) -> SmallVector<Value> {
          // Copy this matrix of the batch into the iterated one.
          auto offMass = [&](Value s) {
            SmallVector<Value> sums = t.loop(
                0, n, ValueRange{t.fc(0.0), t.fc(0.0)},
                [&](Value i, ValueRange acc) -> SmallVector<Value> {
                  return t.loop(
                      0, n, acc,
                      [&](Value j, ValueRange acc2) -> SmallVector<Value> {
                        Value x = t.get(s, {i, j});
                        Value x2 = t.mul(x, x);
                        Value off = arith::CmpIOp::create(
                            t.b, t.loc, arith::CmpIPredicate::ne, i, j);
                        return {t.add(acc2[0], t.select(off, x2, t.fc(0.0))),
                                t.add(acc2[1], x2)};
                      });
                });
            // off <= tolerance * total
            return t.cmp(arith::CmpFPredicate::OLE, sums[0],
                         t.mul(sums[1], t.fc(tolerance)));
          };
          SmallVector<Value> state = t.loop(
              0, kMaxSweeps, ValueRange{symmetric, iter[0], offMass(symmetric)},
              [&](Value, ValueRange s) -> SmallVector<Value> {
                return t.when(t.lnot(s[2]), s, [&]() -> SmallVector<Value> {
                  SmallVector<Value> sv = t.loop(
                      0, n - 1, ValueRange{s[0], s[1]},
                      [&](Value p, ValueRange pv) -> SmallVector<Value> {
                        auto iadd3 = t.iadd(p, t.idx(1));
                        auto idx5 = t.idx(n);
                        return t.loop(
                            iadd3, idx5, pv,
                            [&](Value q, ValueRange qv) -> SmallVector<Value> {
                              Value apq = t.get(qv[0], {p, q});
                              Value nonzero = t.cmp(arith::CmpFPredicate::UNE,
                                                    apq, t.fc(0.0));
                              return t.when(
                                  nonzero, qv, [&]() -> SmallVector<Value> {
                                    auto get11 = t.get(qv[0], {p, p});
                                    auto get12 = t.get(qv[0], {q, q});
                                    auto [c, sn] =
                                        t.rotation(get11, apq, get12);
                                    Value m1 =
                                        t.rotateColumns(qv[0], n, p, q, c, sn);
                                    m1 = t.rotateRows(m1, n, p, q, c, sn);
                                    auto set2 = t.set(m1, t.fc(0.0), {p, q});
                                    auto fc11 = t.fc(0.0);
                                    m1 = t.set(set2, fc11, {q, p});
                                    Value v =
                                        t.rotateColumns(qv[1], n, p, q, c, sn);
                                    return {m1, v};
                                  });
                            });
                      });
                  return {sv[0], sv[1], offMass(sv[0])};
                });
              });
          Value s = state[0], vectors = state[1];
          // Eigenvalues ascending (selection sort, first of equals).
          Value values =
              t.loop(0, n, ValueRange{iter[1]},
                     [&](Value i, ValueRange cur) -> SmallVector<Value> {
                       return {t.set(cur[0], t.get(s, {i, i}), {i})};
                     })[0];
          SmallVector<Value> sorted = t.loop(
              0, n, ValueRange{values, vectors},
              [&](Value i, ValueRange cur) -> SmallVector<Value> {
                SmallVector<Value> best = t.loop(
                    i, t.idx(n), ValueRange{i, t.get(cur[0], {i})},
                    [&](Value j, ValueRange b) -> SmallVector<Value> {
                      Value v = t.get(cur[0], {j});
                      Value smaller = t.cmp(arith::CmpFPredicate::OLT, v, b[1]);
                      return {
                          arith::SelectOp::create(t.b, t.loc, smaller, j, b[0]),
                          t.select(smaller, v, b[1])};
                    });
                Value vi = t.get(cur[0], {i});
                Value w = t.set(t.set(cur[0], best[1], {i}), vi, {best[0]});
                return {w, t.swapColumns(cur[1], n, i, best[0])};
              });
          auto i325 = t.i32(0);
          auto i326 = t.i32(1);
          Value info =
              arith::SelectOp::create(t.b, t.loc, state[2], i325, i326);
          return {sorted[1], sorted[0], t.set(iter[2], info, {})};
        });
    rewriter.replaceOp(call, results);
    return success();
  }

  // gesdd(a) -> (a, s, u, vt, info): one-sided Jacobi (Hestenes) on the
  // columns of a (of a^T when m < n): pairs of columns are rotated until
  // every pair is orthogonal to eps (at most 100 sweeps); the column norms
  // are the singular values, sorted descending, the normalized columns the
  // left vectors and the accumulated rotations the right ones. Economy
  // ('S') or full ('A') vectors.
  LogicalResult gesdd() {
    if (failed(expectSignature(1, 5)))
      return failure();
    FailureOr<FloatType> f = realElementType();
    if (failed(f))
      return failure();
    RankedTensorType type = operandType(0);
    int64_t rank = type.getRank();
    int64_t m = type.getShape()[rank - 2], n = type.getShape()[rank - 1];
    bool wide = m < n;
    int64_t p = wide ? n : m, q = wide ? m : n; // w is p x q, p >= q
    SmallVector<int64_t> batch(batchShape());
    auto shaped = [&](ArrayRef<int64_t> tail) {
      SmallVector<int64_t> shape(batch);
      shape.append(tail.begin(), tail.end());
      return RankedTensorType::get(shape, *f);
    };
    // Economy ('S'): u is m x q and vt q x n. Full ('A'): u is m x m and vt
    // n x n, the left vectors of w completed to an orthonormal basis.
    bool full = resultType(2) == shaped({m, m}) &&
                resultType(3) == shaped({n, n}) && m != n;
    if (resultType(1) != shaped({q}) ||
        (!full &&
         (resultType(2) != shaped({m, q}) || resultType(3) != shaped({q, n}))))
      return fail("expects singular vectors of the economy (m x k, k x n) or "
                  "full (m x m, n x n) sizes");
    Value w = call.getOperand(0);
    if (wide)
      w = transposeMatrices(rewriter, loc, w);
    double tolerance = epsilon(*f);
    constexpr int64_t kMaxSweeps = 100;
    RankedTensorType vType = shaped({q, q});
    SmallVector<Value> results = forEachMatrix(
        rewriter, loc, *f, batch,
        ValueRange{w, identity(rewriter, loc, vType), zeros(resultType(1)),
                   zeros(resultType(4)), zeros(shaped({p, p}))},
        [&](Nest &t, ValueRange iter) -> SmallVector<Value> {
          auto dot = [&](Value x, Value i, Value j) {
            auto idx6 = t.idx(0);
            auto idx7 = t.idx(p);
            return t.sum(idx6, idx7, [&](Value k) {
              auto get13 = t.get(x, {k, i});
              auto get14 = t.get(x, {k, j});
              return t.mul(get13, get14);
            });
          };
          // (w, v, done)
          SmallVector<Value> state = t.loop(
              0, kMaxSweeps, ValueRange{iter[0], iter[1], t.boolean(false)},
              [&](Value, ValueRange s) -> SmallVector<Value> {
                return t.when(t.lnot(s[2]), s, [&]() -> SmallVector<Value> {
                  SmallVector<Value> sweep = t.loop(
                      0, q - 1, ValueRange{s[0], s[1], t.boolean(true)},
                      [&](Value i, ValueRange iv) -> SmallVector<Value> {
                        auto iadd4 = t.iadd(i, t.idx(1));
                        auto idx8 = t.idx(q);
                        return t.loop(
                            iadd4, idx8, iv,
                            [&](Value j, ValueRange jv) -> SmallVector<Value> {
                              Value alpha = dot(jv[0], i, i);
                              Value beta = dot(jv[0], j, j);
                              Value gamma = dot(jv[0], i, j);
                              auto fc12 = t.fc(tolerance);
                              auto sqrt2 = t.sqrt(t.mul(alpha, beta));
                              Value limit = t.mul(fc12, sqrt2);
                              Value rotate = t.cmp(arith::CmpFPredicate::OGT,
                                                   t.abs(gamma), limit);
                              SmallVector<Value> rotated = t.when(
                                  rotate, ValueRange{jv[0], jv[1]},
                                  [&]() -> SmallVector<Value> {
                                    auto [c, sn] =
                                        t.rotation(alpha, gamma, beta);
                                    return {
                                        t.rotateColumns(jv[0], p, i, j, c, sn),
                                        t.rotateColumns(jv[1], q, i, j, c, sn)};
                                  });
                              return {rotated[0], rotated[1],
                                      t.land(jv[2], t.lnot(rotate))};
                            });
                      });
                  return sweep;
                });
              });
          Value u = state[0], v = state[1];
          Value sigma =
              t.loop(0, q, ValueRange{iter[2]},
                     [&](Value j, ValueRange cur) -> SmallVector<Value> {
                       return {t.set(cur[0], t.sqrt(dot(u, j, j)), {j})};
                     })[0];
          // Singular values descending, columns of u and v with them.
          SmallVector<Value> sorted = t.loop(
              0, q, ValueRange{sigma, u, v},
              [&](Value i, ValueRange cur) -> SmallVector<Value> {
                SmallVector<Value> best = t.loop(
                    i, t.idx(q), ValueRange{i, t.get(cur[0], {i})},
                    [&](Value j, ValueRange b) -> SmallVector<Value> {
                      Value x = t.get(cur[0], {j});
                      Value larger = t.cmp(arith::CmpFPredicate::OGT, x, b[1]);
                      return {
                          arith::SelectOp::create(t.b, t.loc, larger, j, b[0]),
                          t.select(larger, x, b[1])};
                    });
                Value si = t.get(cur[0], {i});
                Value s2 = t.set(t.set(cur[0], best[1], {i}), si, {best[0]});
                return {s2, t.swapColumns(cur[1], p, i, best[0]),
                        t.swapColumns(cur[2], q, i, best[0])};
              });
          // Normalize the columns of u (a zero column stays zero).
          Value normalized = t.loop(
              0, q, ValueRange{sorted[1]},
              [&](Value j, ValueRange cur) -> SmallVector<Value> {
                Value s = t.get(sorted[0], {j});
                Value positive = t.cmp(arith::CmpFPredicate::OGT, s, t.fc(0.0));
                auto div4 = t.div(t.fc(1.0), s);
                auto fc13 = t.fc(1.0);
                Value scale = t.select(positive, div4, fc13);
                return t.loop(
                    0, p, cur,
                    [&](Value k, ValueRange col) -> SmallVector<Value> {
                      return {t.set(col[0], t.mul(t.get(col[0], {k, j}), scale),
                                    {k, j})};
                    });
              })[0];
          auto i327 = t.i32(0);
          auto i328 = t.i32(1);
          Value info =
              arith::SelectOp::create(t.b, t.loc, state[2], i327, i328);
          Value basis =
              full ? completeBasis(t, normalized, iter[4], p, q) : iter[4];
          return {normalized, sorted[2], sorted[0], t.set(iter[3], info, {}),
                  basis};
        });
    Value left = full ? results[4] : results[0], right = results[1];
    // a = w (m >= n): u = left, vt = right^T; a = w^T: u = right, vt = left^T.
    Value u = wide ? right : left;
    Value vt = transposeMatrices(rewriter, loc, wide ? left : right);
    rewriter.replaceOp(call,
                       {call.getOperand(0), results[2], u, vt, results[3]});
    return success();
  }

  /// `basis` (p x p) with the q orthonormal columns of `u` (p x q) first and
  /// p - q more: for each, the unit vector e_i farthest from the span so far
  /// (largest 1 - sum_j basis[i][j]^2, the first of equals), orthogonalized
  /// twice against the columns so far (Gram-Schmidt) and normalized.
  Value completeBasis(Nest &t, Value u, Value basis, int64_t p, int64_t q) {
    basis = t.loop(0, p, ValueRange{basis},
                   [&](Value i, ValueRange cur) -> SmallVector<Value> {
                     return t.loop(
                         0, q, cur,
                         [&](Value j, ValueRange c2) -> SmallVector<Value> {
                           return {t.set(c2[0], t.get(u, {i, j}), {i, j})};
                         });
                   })[0];
    return t.loop(
        q, p, ValueRange{basis},
        [&](Value c, ValueRange cur) -> SmallVector<Value> {
          Value b = cur[0];
          auto idx9 = t.idx(0);
          auto idx10 = t.idx(p);
          auto idx11 = t.idx(0);
          auto fc14 = t.fc(-1.0);
          SmallVector<Value> best = t.loop(
              idx9, idx10, ValueRange{idx11, fc14},
              [&](Value i, ValueRange bi) -> SmallVector<Value> {
                auto fc15 = t.fc(1.0);
                auto sum4 = t.sum(t.idx(0), c, [&](Value j) {
                  Value x = t.get(b, {i, j});
                  return t.mul(x, x);
                });
                Value residual = t.sub(fc15, sum4);
                Value larger =
                    t.cmp(arith::CmpFPredicate::OGT, residual, bi[1]);
                return {arith::SelectOp::create(t.b, t.loc, larger, i, bi[0]),
                        t.select(larger, residual, bi[1])};
              });
          // Column c := e_best.
          b = t.loop(0, p, ValueRange{b},
                     [&](Value k, ValueRange col) -> SmallVector<Value> {
                       Value hit = arith::CmpIOp::create(
                           t.b, t.loc, arith::CmpIPredicate::eq, k, best[0]);
                       Value one = t.fc(1.0);
                       Value zero = t.fc(0.0);
                       return {t.set(col[0], t.select(hit, one, zero), {k, c})};
                     })[0];
          for (int pass = 0; pass < 2; ++pass)
            b = t.loop(t.idx(0), c, ValueRange{b},
                       [&](Value j, ValueRange col) -> SmallVector<Value> {
                         auto idx12 = t.idx(0);
                         auto idx13 = t.idx(p);
                         Value d = t.sum(idx12, idx13, [&](Value k) {
                           auto get15 = t.get(col[0], {k, j});
                           auto get16 = t.get(col[0], {k, c});
                           return t.mul(get15, get16);
                         });
                         return t.loop(
                             0, p, col,
                             [&](Value k, ValueRange c2) -> SmallVector<Value> {
                               auto get17 = t.get(c2[0], {k, c});
                               auto mul15 = t.mul(d, t.get(c2[0], {k, j}));
                               Value x = t.sub(get17, mul15);
                               return {t.set(c2[0], x, {k, c})};
                             });
                       })[0];
          auto idx14 = t.idx(0);
          auto idx15 = t.idx(p);
          Value norm = t.sqrt(t.sum(idx14, idx15, [&](Value k) {
            Value x = t.get(b, {k, c});
            return t.mul(x, x);
          }));
          return t.loop(0, p, ValueRange{b},
                        [&](Value k, ValueRange col) -> SmallVector<Value> {
                          return {t.set(col[0],
                                        t.div(t.get(col[0], {k, c}), norm),
                                        {k, c})};
                        });
        })[0];
  }

  // TopK(x) with XLA's comparator, and topk(x) with k and largest: a stable
  // sort of (x, iota) along the last dimension, then the first k.
  LogicalResult topK() {
    if (call.getNumOperands() != 1 || call.getNumResults() != 2)
      return fail("expects 1 operand and 2 results");
    auto type = operandType(0);
    auto valuesType = resultType(0), indicesType = resultType(1);
    if (!type || !type.hasStaticShape() || !valuesType || !indicesType ||
        !valuesType.hasStaticShape() || type.getRank() < 1 ||
        !indicesType.getElementType().isInteger(32))
      return fail("expects statically shaped operands and i32 indices");
    int64_t rank = type.getRank(), last = rank - 1;
    int64_t k = valuesType.getShape().back();
    func::FuncOp comparator;
    if (call.getCallTargetName() == "TopK") {
      auto called = call->getAttrOfType<ArrayAttr>("xla.called_computations");
      if (!called || called.size() != 1 || !isa<FlatSymbolRefAttr>(called[0]))
        return fail("expects one comparator in xla.called_computations");
      comparator = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, cast<FlatSymbolRefAttr>(called[0]));
      if (!comparator || comparator.getNumArguments() != 4 ||
          !comparator.getBody().hasOneBlock())
        return fail("expects a comparator of four scalars");
    } else {
      auto largest = call->getAttrOfType<StringAttr>("xla.largest");
      if (largest && largest.getValue() != "true")
        return fail("is lowered for largest = true only");
    }
    auto iotaType = type.clone(rewriter.getI32Type());
    Value iota = IotaOp::create(rewriter, loc, iotaType, last);
    auto sort = SortOp::create(rewriter, loc, TypeRange{type, iotaType},
                               ValueRange{call.getOperand(0), iota}, last,
                               /*is_stable=*/true);
    Block *block = rewriter.createBlock(&sort.getComparator());
    auto scalar = RankedTensorType::get({}, type.getElementType());
    auto scalarIndex = RankedTensorType::get({}, rewriter.getI32Type());
    for (Type t :
         {Type(scalar), Type(scalar), Type(scalarIndex), Type(scalarIndex)})
      block->addArgument(t, loc);
    rewriter.setInsertionPointToStart(block);
    if (comparator) {
      // The comparator's body, inlined: the sort lowering needs its ops.
      IRMapping mapping;
      Block &body = comparator.getBody().front();
      for (auto [from, to] :
           llvm::zip(body.getArguments(), block->getArguments()))
        mapping.map(from, to);
      for (Operation &op : body.without_terminator())
        rewriter.clone(op, mapping);
      SmallVector<Value> returned;
      for (Value v : body.getTerminator()->getOperands())
        returned.push_back(mapping.lookupOrDefault(v));
      ReturnOp::create(rewriter, loc, returned);
    } else {
      ComparisonTypeAttr order;
      if (isa<FloatType>(type.getElementType()))
        order = ComparisonTypeAttr::get(rewriter.getContext(),
                                        ComparisonType::TOTALORDER);
      Value greater = CompareOp::create(rewriter, loc, block->getArgument(0),
                                        block->getArgument(1),
                                        ComparisonDirection::GT, order);
      ReturnOp::create(rewriter, loc, ValueRange{greater});
    }
    rewriter.setInsertionPointAfter(sort);
    SmallVector<int64_t> start(rank, 0), limit(type.getShape()),
        strides(rank, 1);
    limit[last] = k;
    Value values = SliceOp::create(rewriter, loc, sort.getResult(0), start,
                                   limit, strides);
    Value indices = SliceOp::create(rewriter, loc, sort.getResult(1), start,
                                    limit, strides);
    rewriter.replaceOp(call, {values, indices});
    return success();
  }
};

} // namespace

bool hlo::isLegalizableCustomCallTarget(StringRef target) {
  return target == "TopK" || target == "xla.topk" ||
         parseLapackTarget(target).has_value();
}

/// The layout in which LAPACK reads or writes a value of `type` of a call
/// whose first operand has rank `matrixRank`: column-major matrices with the
/// batch dimensions major, row-major vectors (tau, pivots, eigenvalues,
/// singular values) and info.
static LayoutAttr lapackLayout(MLIRContext *context, Type type,
                               int64_t matrixRank) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return {};
  int64_t rank = ranked.getRank();
  LayoutAttr rowMajor = LayoutAttr::getRowMajor(context, rank);
  if (rank < 2 || rank != matrixRank)
    return rowMajor;
  SmallVector<int64_t> order = {rank - 2, rank - 1};
  for (int64_t d = rank - 3; d >= 0; --d)
    order.push_back(d);
  return LayoutAttr::get(context, order, {}, {});
}

/// Makes the LAPACK call `call` read and write in LAPACK's layouts: an
/// operand laid out otherwise becomes the array LAPACK sees in its buffer,
/// and each use of a result laid out otherwise reads LAPACK's column-major
/// buffer in that layout. The layouts are then LAPACK's.
static LogicalResult honorLapackLayouts(RewriterBase &rewriter,
                                        CustomCallOp call) {
  MLIRContext *context = call.getContext();
  Location loc = call.getLoc();
  if (call.getNumOperands() == 0)
    return success();
  int64_t matrixRank = -1;
  if (auto first = dyn_cast<RankedTensorType>(call.getOperand(0).getType()))
    matrixRank = first.getRank();
  SmallVector<LayoutAttr> operandLayouts, resultLayouts;
  for (unsigned i = 0; i < call.getNumOperands(); ++i) {
    FailureOr<LayoutAttr> layout = getOperandLayout(call, i);
    if (failed(layout))
      return failure();
    operandLayouts.push_back(*layout);
  }
  for (unsigned i = 0; i < call.getNumResults(); ++i) {
    FailureOr<LayoutAttr> layout = getResultLayout(call, i);
    if (failed(layout))
      return failure();
    resultLayouts.push_back(*layout);
  }
  SmallVector<Attribute> lapackOperandLayouts, lapackResultLayouts;
  rewriter.setInsertionPoint(call);
  for (auto [i, layout] : llvm::enumerate(operandLayouts)) {
    Value operand = call.getOperand(i);
    LayoutAttr lapack = lapackLayout(context, operand.getType(), matrixRank);
    lapackOperandLayouts.push_back(lapack ? Attribute(lapack)
                                          : Attribute(UnitAttr::get(context)));
    if (!layout || !lapack || layout == lapack)
      continue;
    Value seen = buildReinterpret(rewriter, loc, operand, layout, lapack);
    rewriter.modifyOpInPlace(call, [&] { call->setOperand(i, seen); });
  }
  rewriter.setInsertionPointAfter(call);
  for (auto [result, layout] : llvm::zip(call.getResults(), resultLayouts)) {
    LayoutAttr lapack = lapackLayout(context, result.getType(), matrixRank);
    lapackResultLayouts.push_back(lapack ? Attribute(lapack)
                                         : Attribute(UnitAttr::get(context)));
    if (!layout || !lapack || layout == lapack)
      continue;
    llvm::SmallPtrSet<Operation *, 4> readers(result.getUsers().begin(),
                                              result.getUsers().end());
    Value read = buildReinterpret(rewriter, loc, result, lapack, layout);
    rewriter.replaceUsesWithIf(result, read, [&](OpOperand &use) {
      return readers.contains(use.getOwner());
    });
  }
  rewriter.modifyOpInPlace(call, [&] {
    call->removeAttr("operand_layouts");
    call->removeAttr("result_layouts");
    call->setAttr("hlo.operand_layouts",
                  ArrayAttr::get(context, lapackOperandLayouts));
    call->setAttr("hlo.layout", call.getNumResults() == 1
                                    ? lapackResultLayouts.front()
                                    : ArrayAttr::get(context,
                                                     lapackResultLayouts));
  });
  return success();
}

LogicalResult hlo::legalizeCustomCall(RewriterBase &rewriter,
                                      CustomCallOp call) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(call);
  Lowering lowering{rewriter, call, call.getLoc()};
  StringRef target = call.getCallTargetName();
  if (target == "TopK" || target == "xla.topk")
    return lowering.topK();
  std::optional<LapackTarget> lapack = parseLapackTarget(target);
  if (!lapack)
    return call.emitOpError()
           << "has no lowering for target '" << target << "'";
  if (failed(honorLapackLayouts(rewriter, call)))
    return failure();
  rewriter.setInsertionPoint(call);
  StringRef routine = lapack->routine;
  if (routine == "potrf")
    return lowering.potrf();
  if (routine == "trsm")
    return lowering.trsm();
  if (routine == "getrf")
    return lowering.getrf();
  if (routine == "geqrf")
    return lowering.geqrf();
  if (routine == "orgqr" || routine == "ungqr")
    return lowering.orgqr();
  if (routine == "syevd" || routine == "heevd")
    return lowering.syevd();
  return lowering.gesdd();
}
