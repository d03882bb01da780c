//===- HloSortToSCF.cpp - sort to merge sort or partial selection ---------===//
//
// sort becomes, for every line along the sort dimension, one of two loop
// nests on tensors (one-shot bufferization makes their inserts in place):
//
// - Partial selection, when the analysis of the users shows that only a
//   prefix of k < n sorted elements is ever read (every user is an
//   `hlo.slice` starting at 0 with stride 1 along the sort dimension: top_k
//   is a sort followed by such slices). The first k positions of each line
//   hold a sorted buffer; every element x, in order, enters it when the
//   buffer is not full or comparator(x, last) holds, by shifting the
//   elements it strictly comes before one place down (insertion). That is
//   O(n) comparisons plus O(k) per element that enters, and, since an
//   element never passes one it does not strictly come before, the same
//   first k elements, in the same order, as a stable sort. Positions k..n-1
//   of the results are never written (no user reads them).
// - Otherwise a bottom-up merge sort: passes of widths 1, 2, 4, ... merge
//   neighbouring runs from one buffer into another, taking from the right
//   run only when its element strictly comes first (stable), so O(n log n)
//   comparator calls. Passes go in pairs (A to B, then B to A) so the result
//   ends in A; a pass whose width is at least n is a copy.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "Patterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The largest prefix length for which partial selection replaces a full
/// sort (its insertion costs O(k) per element entering the buffer).
constexpr int64_t kMaxSelection = 64;

/// The number of leading elements along `dim` that the users of `op` read:
/// k when every user of every result is a slice [0:k] with stride 1 along
/// `dim`, else the full length `n`.
int64_t readPrefixLength(SortOp op, int64_t dim, int64_t n) {
  int64_t k = 0;
  for (Value result : op.getResults()) {
    for (Operation *user : result.getUsers()) {
      auto slice = dyn_cast<SliceOp>(user);
      if (!slice || slice.getStartIndices()[dim] != 0 ||
          slice.getStrides()[dim] != 1)
        return n;
      k = std::max(k, slice.getLimitIndices()[dim]);
    }
  }
  return std::max<int64_t>(k, 1);
}

struct SortEmitter {
  mutable SortOp op;
  int64_t rank, dim, n;
  size_t numInputs;

  Value index(OpBuilder &b, Location l, int64_t v) const {
    return arith::ConstantIndexOp::create(b, l, v);
  }
  /// The full index of `position` along the sort dimension of line `outer`.
  SmallVector<Value> at(ValueRange outer, Value position) const {
    SmallVector<Value> indices;
    size_t next = 0;
    for (int64_t d = 0; d < rank; ++d)
      indices.push_back(d == dim ? position : outer[next++]);
    return indices;
  }
  SmallVector<Value> read(OpBuilder &b, Location l, ValueRange tensors,
                          ValueRange outer, Value position) const {
    SmallVector<Value> elements;
    for (Value t : tensors)
      elements.push_back(tensor::ExtractOp::create(b, l, t, at(outer, position)));
    return elements;
  }
  SmallVector<Value> write(OpBuilder &b, Location l, ValueRange elements,
                           ValueRange tensors, ValueRange outer,
                           Value position) const {
    SmallVector<Value> updated;
    for (auto [e, t] : llvm::zip_equal(elements, tensors))
      updated.push_back(tensor::InsertOp::create(b, l, e, t, at(outer, position)));
    return updated;
  }
  /// comparator(lhs, rhs): does lhs strictly come before rhs?
  Value comesFirst(OpBuilder &b, ValueRange lhs, ValueRange rhs) const {
    IRMapping mapping;
    Block &comparator = op.getComparator().front();
    for (size_t k = 0; k < numInputs; ++k) {
      mapping.map(comparator.getArgument(2 * k), lhs[k]);
      mapping.map(comparator.getArgument(2 * k + 1), rhs[k]);
    }
    return hlo::detail::emitScalarBody(b, op.getComparator(), mapping).front();
  }

  /// Partial selection of the first k elements of each line into `results`
  /// (full-size tensors of which only [0, k) along the sort dimension is
  /// written), reading `inputs`.
  SmallVector<Value> select(OpBuilder &b, Location l, ValueRange outer,
                            ValueRange inputs, ValueRange results,
                            int64_t k) const {
    Value zero = index(b, l, 0), one = index(b, l, 1);
    Value kValue = index(b, l, k), last = index(b, l, k - 1);
    SmallVector<Value> init(results);
    init.push_back(zero); // elements in the buffer
    auto loop = scf::ForOp::create(
        b, l, zero, index(b, l, n), one, init,
        [&](OpBuilder &fb, Location fl, Value i, ValueRange carried) {
          ValueRange buffers = carried.drop_back();
          Value count = carried.back();
          SmallVector<Value> x = read(fb, fl, inputs, outer, i);
          Value full = arith::CmpIOp::create(fb, fl, arith::CmpIPredicate::eq,
                                             count, kValue);
          // Enters when the buffer has room or x comes before its last.
          auto enters = scf::IfOp::create(
              fb, fl, full,
              [&](OpBuilder &tb, Location tl) {
                SmallVector<Value> tail = read(tb, tl, buffers, outer, last);
                scf::YieldOp::create(tb, tl, comesFirst(tb, x, tail));
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el,
                                     ValueRange{arith::ConstantIntOp::create(
                                         eb, el, 1, 1)});
              });
          auto inserted = scf::IfOp::create(
              fb, fl, enters.getResult(0),
              [&](OpBuilder &tb, Location tl) {
                // The free slot: the last one when full, else `count`.
                Value slot = arith::SelectOp::create(tb, tl, full, last, count);
                SmallVector<Value> whileInit(buffers);
                whileInit.push_back(slot);
                SmallVector<Type> types(ValueRange(whileInit).getTypes());
                auto shift = scf::WhileOp::create(
                    tb, tl, types, whileInit,
                    [&](OpBuilder &cb, Location cl, ValueRange args) {
                      // Go on while j > 0 and x strictly comes before
                      // buffer[j-1].
                      Value j = args.back();
                      Value positive = arith::CmpIOp::create(
                          cb, cl, arith::CmpIPredicate::sgt, j, zero);
                      Value previous = arith::SubIOp::create(cb, cl, j, one);
                      Value clamped =
                          arith::MaxSIOp::create(cb, cl, previous, zero);
                      SmallVector<Value> neighbour =
                          read(cb, cl, args.drop_back(), outer, clamped);
                      Value first = comesFirst(cb, x, neighbour);
                      Value go = arith::AndIOp::create(cb, cl, positive, first);
                      scf::ConditionOp::create(cb, cl, go, args);
                    },
                    [&](OpBuilder &ab, Location al, ValueRange args) {
                      // buffer[j] = buffer[j-1]; j -= 1.
                      Value j = args.back();
                      Value previous = arith::SubIOp::create(ab, al, j, one);
                      SmallVector<Value> moved =
                          read(ab, al, args.drop_back(), outer, previous);
                      SmallVector<Value> updated =
                          write(ab, al, moved, args.drop_back(), outer, j);
                      updated.push_back(previous);
                      scf::YieldOp::create(ab, al, updated);
                    });
                tb.setInsertionPointAfter(shift);
                ValueRange shifted = shift.getResults();
                SmallVector<Value> updated = write(
                    tb, tl, x, shifted.drop_back(), outer, shifted.back());
                Value grown = arith::AddIOp::create(tb, tl, count, one);
                updated.push_back(arith::MinSIOp::create(tb, tl, grown, kValue));
                scf::YieldOp::create(tb, tl, updated);
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, carried);
              });
          scf::YieldOp::create(fb, fl, inserted.getResults());
        });
    return SmallVector<Value>(loop.getResults().drop_back());
  }

  /// One merge pass of runs of `width` from `src` into `dst`.
  SmallVector<Value> mergePass(OpBuilder &b, Location l, ValueRange outer,
                               ValueRange src, ValueRange dst,
                               Value width) const {
    Value zero = index(b, l, 0), one = index(b, l, 1);
    Value size = index(b, l, n), lastIndex = index(b, l, n - 1);
    Value twice = arith::AddIOp::create(b, l, width, width);
    auto runs = scf::ForOp::create(
        b, l, zero, size, twice, dst,
        [&](OpBuilder &rb, Location rl, Value lo, ValueRange out) {
          Value midRaw = arith::AddIOp::create(rb, rl, lo, width);
          Value mid = arith::MinSIOp::create(rb, rl, midRaw, size);
          Value hiRaw = arith::AddIOp::create(rb, rl, lo, twice);
          Value hi = arith::MinSIOp::create(rb, rl, hiRaw, size);
          SmallVector<Value> init(out);
          init.append({lo, mid});
          auto merge = scf::ForOp::create(
              rb, rl, lo, hi, one, init,
              [&](OpBuilder &mb, Location ml, Value k, ValueRange carried) {
                ValueRange tensors = carried.drop_back(2);
                Value i = carried[carried.size() - 2], j = carried.back();
                Value ic = arith::MinSIOp::create(mb, ml, i, lastIndex);
                Value jc = arith::MinSIOp::create(mb, ml, j, lastIndex);
                SmallVector<Value> left = read(mb, ml, src, outer, ic);
                SmallVector<Value> right = read(mb, ml, src, outer, jc);
                // Right when it has elements and the left has none or the
                // right one strictly comes first.
                Value rightHas = arith::CmpIOp::create(
                    mb, ml, arith::CmpIPredicate::slt, j, hi);
                Value leftDone = arith::CmpIOp::create(
                    mb, ml, arith::CmpIPredicate::sge, i, mid);
                Value first = comesFirst(mb, right, left);
                Value either = arith::OrIOp::create(mb, ml, leftDone, first);
                Value takeRight = arith::AndIOp::create(mb, ml, rightHas, either);
                SmallVector<Value> chosen;
                for (auto [r, lft] : llvm::zip_equal(right, left))
                  chosen.push_back(
                      arith::SelectOp::create(mb, ml, takeRight, r, lft));
                SmallVector<Value> updated =
                    write(mb, ml, chosen, tensors, outer, k);
                Value step =
                    arith::SelectOp::create(mb, ml, takeRight, one, zero);
                Value stay = arith::SubIOp::create(mb, ml, one, step);
                updated.push_back(arith::AddIOp::create(mb, ml, i, stay));
                updated.push_back(arith::AddIOp::create(mb, ml, j, step));
                scf::YieldOp::create(mb, ml, updated);
              });
          scf::YieldOp::create(rb, rl, merge.getResults().drop_back(2));
        });
    return SmallVector<Value>(runs.getResults());
  }

  /// Merge sort of each line of `a` (sorted in place, as far as tensors go),
  /// with `b` as scratch.
  SmallVector<Value> mergeSort(OpBuilder &b, Location l, ValueRange outer,
                               ValueRange a, ValueRange scratch) const {
    int64_t passes = llvm::Log2_64_Ceil(n);
    int64_t pairs = (passes + 1) / 2;
    Value zero = index(b, l, 0), one = index(b, l, 1);
    SmallVector<Value> init(a);
    init.append(scratch.begin(), scratch.end());
    auto loop = scf::ForOp::create(
        b, l, zero, index(b, l, pairs), one, init,
        [&](OpBuilder &pb, Location pl, Value p, ValueRange carried) {
          ValueRange first = carried.take_front(numInputs);
          ValueRange second = carried.drop_front(numInputs);
          // Widths 4^p and 2 * 4^p.
          Value twoP = arith::AddIOp::create(pb, pl, p, p);
          Value width = arith::ShLIOp::create(pb, pl, one, twoP);
          SmallVector<Value> toSecond =
              mergePass(pb, pl, outer, first, second, width);
          Value width2 = arith::AddIOp::create(pb, pl, width, width);
          SmallVector<Value> toFirst =
              mergePass(pb, pl, outer, toSecond, first, width2);
          SmallVector<Value> yielded(toFirst);
          yielded.append(toSecond.begin(), toSecond.end());
          scf::YieldOp::create(pb, pl, yielded);
        });
    return SmallVector<Value>(loop.getResults().take_front(numInputs));
  }
};

struct SortToSCF : OpConversionPattern<SortOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(adaptor.getInputs().front().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    if (failed(hlo::detail::checkScalarBody(op.getComparator())))
      return failure();
    Location loc = op.getLoc();
    int64_t rank = type.getRank();
    int64_t dimension = op.getDimensionAttr().getInt();
    int64_t dim = dimension < 0 ? dimension + rank : dimension;
    int64_t n = type.getDimSize(dim);
    if (rank == 0 || n <= 1) {
      rewriter.replaceOp(op, adaptor.getInputs());
      return success();
    }
    SortEmitter emitter{op, rank, dim, n, op.getInputs().size()};
    int64_t k = readPrefixLength(op, dim, n);
    bool selection = k < n && k <= kMaxSelection;

    Value zero = emitter.index(rewriter, loc, 0);
    Value one = emitter.index(rewriter, loc, 1);
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == dim)
        continue;
      lbs.push_back(zero);
      ubs.push_back(emitter.index(rewriter, loc, type.getDimSize(d)));
      steps.push_back(one);
    }
    // Carried: the results, then (merge sort) the scratch buffers.
    SmallVector<Value> init;
    if (selection) {
      for (Value input : adaptor.getInputs())
        init.push_back(hlo::detail::createEmptyTensor(
            rewriter, loc, cast<RankedTensorType>(input.getType())));
    } else {
      init.append(adaptor.getInputs().begin(), adaptor.getInputs().end());
      for (Value input : adaptor.getInputs())
        init.push_back(hlo::detail::createEmptyTensor(
            rewriter, loc, cast<RankedTensorType>(input.getType())));
    }
    auto body = [&](OpBuilder &b, Location l, ValueRange outer,
                    ValueRange tensors) -> scf::ValueVector {
      if (selection) {
        SmallVector<Value> r =
            emitter.select(b, l, outer, adaptor.getInputs(), tensors, k);
        return scf::ValueVector(r.begin(), r.end());
      }
      ValueRange a = tensors.take_front(emitter.numInputs);
      ValueRange scratch = tensors.drop_front(emitter.numInputs);
      SmallVector<Value> sorted = emitter.mergeSort(b, l, outer, a, scratch);
      scf::ValueVector r(sorted.begin(), sorted.end());
      r.append(scratch.begin(), scratch.end());
      return r;
    };
    scf::LoopNest nest =
        scf::buildLoopNest(rewriter, loc, lbs, ubs, steps, init, body);
    rewriter.replaceOp(op, ValueRange(nest.results).take_front(
                               emitter.numInputs));
    return success();
  }
};

} // namespace

void hlo::detail::populateSortPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<SortToSCF>(converter, patterns.getContext());
}
