//===- HloTriangularSolveToSCF.cpp - triangular_solve to substitution -----===//
//
// Forward or back substitution as a loop nest on tensors: for each batch and
// each right-hand side, the unknowns are solved one at a time in the order
// the triangle allows, each from b minus the contributions of those already
// solved (a masked loop over the row), divided by the diagonal (1 with
// unit_diagonal). op(a)[r][c] reads a[r][c], a[c][r] or conj(a[c][r]).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

struct TriangularSolveToSCF : OpConversionPattern<TriangularSolveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TriangularSolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(adaptor.getA().getType());
    auto bType = cast<RankedTensorType>(adaptor.getB().getType());
    if (!aType.hasStaticShape() || !bType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Location loc = op.getLoc();
    Type elementType = bType.getElementType();
    bool isComplex = isa<ComplexType>(elementType);
    int64_t rank = bType.getRank();
    int64_t m = aType.getDimSize(rank - 1);
    bool left = op.getLeftSide();
    Transpose transpose = op.getTransposeA();
    bool transposed = transpose != Transpose::NO_TRANSPOSE;
    bool effectiveLower = op.getLower() != transposed;
    bool ascending = left ? effectiveLower : !effectiveLower;
    int64_t others = left ? bType.getDimSize(rank - 1) : bType.getDimSize(rank - 2);

    auto index = [](OpBuilder &b, Location l, int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, l, v);
    };
    auto mul = [&](OpBuilder &b, Location l, Value x, Value y) -> Value {
      return isComplex ? Value(complex::MulOp::create(b, l, x, y))
                       : Value(arith::MulFOp::create(b, l, x, y));
    };
    auto sub = [&](OpBuilder &b, Location l, Value x, Value y) -> Value {
      return isComplex ? Value(complex::SubOp::create(b, l, x, y))
                       : Value(arith::SubFOp::create(b, l, x, y));
    };
    auto div = [&](OpBuilder &b, Location l, Value x, Value y) -> Value {
      return isComplex ? Value(complex::DivOp::create(b, l, x, y))
                       : Value(arith::DivFOp::create(b, l, x, y));
    };
    auto zeroOf = [&](OpBuilder &b, Location l) {
      return hlo::detail::createZero(b, l, elementType);
    };

    Value zero = index(rewriter, loc, 0), one = index(rewriter, loc, 1);
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d + 2 < rank; ++d) {
      lbs.push_back(zero);
      ubs.push_back(index(rewriter, loc, bType.getDimSize(d)));
      steps.push_back(one);
    }
    // Then the right-hand sides, then the unknowns in solving order.
    lbs.append({zero, zero});
    ubs.append({index(rewriter, loc, others), index(rewriter, loc, m)});
    steps.append({one, one});

    auto body = [&](OpBuilder &b, Location l, ValueRange ivs,
                    ValueRange iter) -> scf::ValueVector {
      ValueRange batch = ivs.drop_back(2);
      Value j = ivs[ivs.size() - 2], t = ivs.back();
      Value i = ascending ? t
                          : Value(arith::SubIOp::create(b, l, index(b, l, m - 1), t));
      Value x = iter.front();
      auto at = [&](Value r, Value c) {
        SmallVector<Value> position(batch);
        position.append({r, c});
        return position;
      };
      auto opA = [&](OpBuilder &ob, Location ol, Value r, Value c) -> Value {
        Value v = tensor::ExtractOp::create(
            ob, ol, adaptor.getA(), transposed ? at(c, r) : at(r, c));
        if (transpose == Transpose::ADJOINT && isComplex)
          v = complex::ConjOp::create(ob, ol, v);
        return v;
      };
      // The unknown (i, j) for left_side, (j, i) otherwise.
      SmallVector<Value> target = left ? at(i, j) : at(j, i);
      Value rhs = tensor::ExtractOp::create(b, l, adaptor.getB(), target);
      Value kBegin = index(b, l, 0);
      Value kEnd = index(b, l, m);
      Value kStep = index(b, l, 1);
      Value zeroSum = zeroOf(b, l);
      auto sum = scf::ForOp::create(
          b, l, kBegin, kEnd, kStep, ValueRange{zeroSum},
          [&](OpBuilder &sb, Location sl, Value k, ValueRange acc) {
            Value solved = arith::CmpIOp::create(
                sb, sl, ascending ? arith::CmpIPredicate::ult : arith::CmpIPredicate::ugt,
                k, i);
            auto term = scf::IfOp::create(
                sb, sl, solved,
                [&](OpBuilder &tb, Location tl) {
                  // op(a)[i][k] * x[k][j] (or x[j][k] * op(a)[k][i]), the
                  // factors created in this order whatever compiles this.
                  Value product;
                  if (left) {
                    Value aik = opA(tb, tl, i, k);
                    Value xkj = tensor::ExtractOp::create(tb, tl, x, at(k, j));
                    product = mul(tb, tl, aik, xkj);
                  } else {
                    Value xjk = tensor::ExtractOp::create(tb, tl, x, at(j, k));
                    Value aki = opA(tb, tl, k, i);
                    product = mul(tb, tl, xjk, aki);
                  }
                  Value next = isComplex
                                   ? Value(complex::AddOp::create(tb, tl, acc[0], product))
                                   : Value(arith::AddFOp::create(tb, tl, acc[0], product));
                  scf::YieldOp::create(tb, tl, next);
                },
                [&](OpBuilder &eb, Location el) {
                  scf::YieldOp::create(eb, el, acc[0]);
                });
            scf::YieldOp::create(sb, sl, term.getResults());
          });
      Value numerator = sub(b, l, rhs, sum.getResult(0));
      Value solution = op.getUnitDiagonal()
                           ? numerator
                           : div(b, l, numerator, opA(b, l, i, i));
      return {tensor::InsertOp::create(b, l, solution, x, target)};
    };
    scf::LoopNest nest = scf::buildLoopNest(rewriter, loc, lbs, ubs, steps,
                                            ValueRange{adaptor.getB()}, body);
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void hlo::detail::populateTriangularSolvePatterns(const TypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  patterns.add<TriangularSolveToSCF>(converter, patterns.getContext());
}
