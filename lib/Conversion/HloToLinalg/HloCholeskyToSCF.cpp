//===- HloCholeskyToSCF.cpp - cholesky to a Cholesky-Crout loop nest ------===//
//
// For each matrix of the batch, the factor is computed column by column
// (Cholesky-Crout): column j's pivot is d = a[j][j] - sum_{k<j} |l[j][k]|^2,
// l[j][j] = sqrt(re(d)), and below it l[i][j] = (a[i][j] - sum_{k<j}
// l[i][k] * conj(l[j][k])) / l[j][j]. Each entry is written once and each sum
// is an inner loop over a contiguous row prefix, so the nest bufferizes in
// place into the result, which starts as zeros: the opposite triangle stays
// zero, as XLA leaves it.
//
// The upper factor is the transpose of the lower factor of a's transpose
// (XLA's definition): the reads of a swap their two indices, so `lower =
// false` reads a's upper triangle, and the lower factor, computed with the
// same contiguous row accesses, is transposed at the end (a linalg.transpose
// of the last two dimensions): U = L^H for Hermitian a.
//
// A pivot that is not positive (or NaN) means the matrix is not positive
// definite; as in XLA, that matrix of the batch is then filled with NaN.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <limits>

using namespace mlir;
using namespace mlir::hlo;

namespace {

struct CholeskyToSCF : OpConversionPattern<CholeskyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CholeskyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(adaptor.getA().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static shape");
    Location loc = op.getLoc();
    Type elementType = type.getElementType();
    auto complexType = dyn_cast<ComplexType>(elementType);
    bool isComplex = static_cast<bool>(complexType);
    Type realType = isComplex ? complexType.getElementType() : elementType;
    int64_t rank = type.getRank();
    int64_t n = type.getDimSize(rank - 1);
    bool lower = op.getLower();
    Value a = adaptor.getA();

    auto index = [](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    auto mul = [&](OpBuilder &b, Location l, Value x, Value y) -> Value {
      return isComplex ? Value(complex::MulOp::create(b, l, x, y))
                       : Value(arith::MulFOp::create(b, l, x, y));
    };
    auto add = [&](OpBuilder &b, Location l, Value x, Value y) -> Value {
      return isComplex ? Value(complex::AddOp::create(b, l, x, y))
                       : Value(arith::AddFOp::create(b, l, x, y));
    };
    auto sub = [&](OpBuilder &b, Location l, Value x, Value y) -> Value {
      return isComplex ? Value(complex::SubOp::create(b, l, x, y))
                       : Value(arith::SubFOp::create(b, l, x, y));
    };
    auto conj = [&](OpBuilder &b, Location l, Value x) -> Value {
      return isComplex ? Value(complex::ConjOp::create(b, l, x)) : x;
    };
    auto realConstant = [&](OpBuilder &b, Location l, double v) -> Value {
      return arith::ConstantOp::create(b, l, realType,
                                       b.getFloatAttr(realType, v));
    };

    // The factor starts as zeros: the opposite triangle is never written.
    Value zero = hlo::detail::createZero(rewriter, loc, elementType);
    Value init =
        linalg::FillOp::create(rewriter, loc, ValueRange{zero},
                               ValueRange{hlo::detail::createEmptyTensor(
                                   rewriter, loc, type)})
            .getResult(0);

    Value c0 = index(rewriter, loc, 0), c1 = index(rewriter, loc, 1);
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d + 2 < rank; ++d) {
      lbs.push_back(c0);
      ubs.push_back(index(rewriter, loc, type.getDimSize(d)));
      steps.push_back(c1);
    }

    auto body = [&](OpBuilder &b, Location l, ValueRange batch,
                    ValueRange iter) -> scf::ValueVector {
      // Element (r, c) of a matrix of the batch.
      auto at = [&](Value r, Value c) {
        SmallVector<Value> position(batch);
        position.append({r, c});
        return position;
      };
      // Element (r, c) of a, or of a's transpose for the upper factor.
      auto atA = [&](Value r, Value c) { return lower ? at(r, c) : at(c, r); };
      // sum_{k<j} l[i][k] * conj(l[j][k]) over the columns already done.
      auto rowProduct = [&](OpBuilder &ob, Location ol, Value factor, Value i,
                            Value j) -> Value {
        Value kBegin = index(ob, ol, 0);
        Value kStep = index(ob, ol, 1);
        Value zeroSum = hlo::detail::createZero(ob, ol, elementType);
        auto loop = scf::ForOp::create(
            ob, ol, kBegin, j, kStep, ValueRange{zeroSum},
            [&](OpBuilder &sb, Location sl, Value k, ValueRange acc) {
              Value lik = tensor::ExtractOp::create(sb, sl, factor, at(i, k));
              Value ljk = tensor::ExtractOp::create(sb, sl, factor, at(j, k));
              Value next =
                  add(sb, sl, acc[0], mul(sb, sl, lik, conj(sb, sl, ljk)));
              scf::YieldOp::create(sb, sl, next);
            });
        return loop.getResult(0);
      };

      Value trueValue = arith::ConstantIntOp::create(b, l, b.getI1Type(), 1);
      Value columnBegin = index(b, l, 0);
      Value columnEnd = index(b, l, n);
      Value columnStep = index(b, l, 1);
      auto columns = scf::ForOp::create(
          b, l, columnBegin, columnEnd, columnStep,
          ValueRange{iter.front(), trueValue},
          [&](OpBuilder &cb, Location cl, Value j, ValueRange state) {
            Value factor = state[0];
            Value ajj = tensor::ExtractOp::create(cb, cl, a, atA(j, j));
            Value ljNormSquared = rowProduct(cb, cl, factor, j, j);
            Value pivot = sub(cb, cl, ajj, ljNormSquared);
            Value realPivot =
                isComplex ? Value(complex::ReOp::create(cb, cl, pivot)) : pivot;
            // False for a non-positive or NaN pivot.
            Value positive = arith::CmpFOp::create(
                cb, cl, arith::CmpFPredicate::OGT, realPivot,
                realConstant(cb, cl, 0.0));
            Value ok = arith::AndIOp::create(cb, cl, state[1], positive);
            Value root = math::SqrtOp::create(cb, cl, realPivot);
            Value diagonal =
                isComplex ? Value(complex::CreateOp::create(
                                cb, cl, complexType, root,
                                realConstant(cb, cl, 0.0)))
                          : root;
            factor = tensor::InsertOp::create(cb, cl, diagonal, factor,
                                              at(j, j));
            Value below = arith::AddIOp::create(cb, cl, j, index(cb, cl, 1));
            Value rowEnd = index(cb, cl, n);
            Value rowStep = index(cb, cl, 1);
            auto rows = scf::ForOp::create(
                cb, cl, below, rowEnd, rowStep, ValueRange{factor},
                [&](OpBuilder &rb, Location rl, Value i, ValueRange current) {
                  Value aij = tensor::ExtractOp::create(rb, rl, a, atA(i, j));
                  Value liDotLj = rowProduct(rb, rl, current[0], i, j);
                  Value numerator = sub(rb, rl, aij, liDotLj);
                  // A division by the real root, part by part for complex.
                  Value quotient;
                  if (isComplex) {
                    Value re = arith::DivFOp::create(
                        rb, rl, complex::ReOp::create(rb, rl, numerator), root);
                    Value im = arith::DivFOp::create(
                        rb, rl, complex::ImOp::create(rb, rl, numerator), root);
                    quotient =
                        complex::CreateOp::create(rb, rl, complexType, re, im);
                  } else {
                    quotient = arith::DivFOp::create(rb, rl, numerator, root);
                  }
                  Value next = tensor::InsertOp::create(rb, rl, quotient,
                                                        current[0], at(i, j));
                  scf::YieldOp::create(rb, rl, next);
                });
            scf::YieldOp::create(cb, cl, ValueRange{rows.getResult(0), ok});
          });

      // Not positive definite: the whole matrix becomes NaN.
      auto checked = scf::IfOp::create(
          b, l, columns.getResult(1),
          [&](OpBuilder &tb, Location tl) {
            scf::YieldOp::create(tb, tl, columns.getResult(0));
          },
          [&](OpBuilder &eb, Location el) {
            Value nanPart =
                realConstant(eb, el, std::numeric_limits<double>::quiet_NaN());
            Value nan = isComplex ? Value(complex::CreateOp::create(
                                        eb, el, complexType, nanPart,
                                        realConstant(eb, el, 0.0)))
                                  : nanPart;
            // The bounds as locals: arguments are evaluated in an
            // unspecified order, braced lists too (only their elements are
            // ordered).
            SmallVector<Value, 2> fillBegins{index(eb, el, 0),
                                             index(eb, el, 0)};
            SmallVector<Value, 2> fillEnds{index(eb, el, n), index(eb, el, n)};
            SmallVector<Value, 2> fillSteps{index(eb, el, 1), index(eb, el, 1)};
            scf::LoopNest fill = scf::buildLoopNest(
                eb, el, fillBegins, fillEnds, fillSteps,
                ValueRange{columns.getResult(0)},
                [&](OpBuilder &fb, Location fl, ValueRange rc,
                    ValueRange current) -> scf::ValueVector {
                  return {tensor::InsertOp::create(fb, fl, nan, current[0],
                                                   at(rc[0], rc[1]))};
                });
            scf::YieldOp::create(eb, el, fill.results);
          });
      return {checked.getResult(0)};
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            ValueRange{init}, body);
    Value result = nest.results.front();
    if (!lower) {
      SmallVector<int64_t> permutation =
          llvm::to_vector(llvm::seq<int64_t>(0, rank));
      std::swap(permutation[rank - 1], permutation[rank - 2]);
      result = linalg::TransposeOp::create(
                   rewriter, loc, result,
                   hlo::detail::createEmptyTensor(rewriter, loc, type),
                   permutation)
                   .getResult()
                   .front();
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void hlo::detail::populateCholeskyPatterns(const TypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<CholeskyToSCF>(converter, patterns.getContext());
}
