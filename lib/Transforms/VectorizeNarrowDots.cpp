//===- VectorizeNarrowDots.cpp - bf16 and int8 dots, AMX and AVX-512 ----===//
//
// See NarrowDots.h. Two halves: on tensors, a narrow product is kept as one
// linalg.matmul of its narrow operands (hlo-vectorize); on buffers, that
// matmul becomes loops of AMX tile loads, tile products and tile stores,
// or of AVX-512 dot instructions on register tiles (hlo-lower-vectors).
//
// The AMX kernel. An AMX tile is 16 rows of 64 bytes; tdpbf16ps / tdpbssd
// multiply a 16 x 64-byte tile of A (16 rows, 32 bf16 or 64 i8 of k) by a
// tile of B in "VNNI" layout (16 rows of k/2 or k/4 pairs/quads, each row
// holding 16 columns times 2 (bf16) or 4 (i8) consecutive k values) into a
// 16 x 16 f32/i32 accumulator tile. A is read in place (row-major, rows a
// pitch apart) when its shape is a whole number of tiles, else copied into
// a zero-padded buffer. B is always packed: panels P[N/16][K/vnni][16*vnni]
// (one panel = the 16 columns of one accumulator tile, k-interleaved),
// built with vector loads of `vnni` rows of B and interleaving shuffles
// (scalar loops for the tails). Results are computed in blocks of 2 x 2
// accumulator tiles (32 x 32), with 2 tiles of A and 2 of B: the 8 tile
// registers. LLVM cannot carry tiles across loop iterations (MLIR's AMX
// types have no lowering through block arguments), so each block loads its
// accumulators, runs up to `kUnroll` k steps unrolled, and stores them.
// The column blocks are the outer loop: the two panels of a column block
// (32 x K) stay in the L2 cache while every row block reads them.
//
// The AVX-512 kernel (Avx512Matmul) reads the same panels one zmm (one k
// group of 16 columns) at a time and A one broadcast word at a time.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Transforms/NarrowDots.h"

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::hlo;

NarrowDotFeatures NarrowDotFeatures::parse(StringRef features) {
  bool tile = false, bf16 = false, int8 = false;
  bool avx512Bf16 = false, avx512Vnni = false;
  SmallVector<StringRef> entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    entry = entry.trim();
    if (entry.size() < 2 || (entry[0] != '+' && entry[0] != '-'))
      continue;
    bool on = entry[0] == '+';
    StringRef name = entry.drop_front();
    if (name == "amx-tile")
      tile = on;
    else if (name == "amx-bf16")
      bf16 = on;
    else if (name == "amx-int8")
      int8 = on;
    else if (name == "avx512bf16")
      avx512Bf16 = on;
    else if (name == "avx512vnni")
      avx512Vnni = on;
  }
  NarrowDotFeatures result;
  result.amxBf16 = tile && bf16;
  result.amxInt8 = tile && int8;
  result.avx512Bf16 = avx512Bf16;
  result.avx512Vnni = avx512Vnni;
  return result;
}

StringRef NarrowDotFeatures::findMalformedEntry(StringRef features) {
  SmallVector<StringRef> entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    StringRef trimmed = entry.trim();
    if (trimmed.size() < 2 || (trimmed[0] != '+' && trimmed[0] != '-'))
      return entry;
  }
  return "";
}

namespace {

//===----------------------------------------------------------------------===//
// On tensors
//===----------------------------------------------------------------------===//

/// A value that is a narrow tensor widened (bf16 to f32, i8 to i32): the
/// widening generic and the slice of its result in between, if any.
struct Widened {
  Value source;                  // the narrow tensor
  tensor::ExtractSliceOp slice;  // null when the whole result is used
};

/// Whether `value` is the widening of a `narrow` tensor to `wide` elements
/// by one `ExtOp` (arith.extf, arith.extsi): an elementwise generic with
/// identity maps whose body is that one op, through at most one
/// extract_slice.
template <typename ExtOp>
std::optional<Widened> matchWidened(Value value, Type narrow, Type wide) {
  auto slice = value.getDefiningOp<tensor::ExtractSliceOp>();
  Value full = slice ? slice.getSource() : value;
  auto generic = full.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return std::nullopt;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 2)
    return std::nullopt;
  auto ext = dyn_cast<ExtOp>(body.front());
  if (!ext || ext.getIn() != body.getArgument(0) ||
      body.getTerminator()->getOperand(0) != ext.getResult())
    return std::nullopt;
  Value source = generic.getDpsInputs()[0];
  if (getElementTypeOrSelf(source) != narrow || ext.getType() != wide)
    return std::nullopt;
  return Widened{source, slice};
}

/// The narrow tensor a matched widening reads (sliced like the wide one).
Value narrowValue(RewriterBase &rewriter, const Widened &widened) {
  if (!widened.slice)
    return widened.source;
  tensor::ExtractSliceOp slice = widened.slice;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(slice);
  auto type =
      slice.getType().clone(getElementTypeOrSelf(widened.source.getType()));
  return tensor::ExtractSliceOp::create(
      rewriter, slice.getLoc(), type, widened.source, slice.getMixedOffsets(),
      slice.getMixedSizes(), slice.getMixedStrides());
}

bool hasMatmulMaps(linalg::LinalgOp op) {
  return op.getIndexingMapsArray() ==
         linalg::MatmulOp::getDefaultIndexingMaps(op->getContext());
}

bool isStatic(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && !op.hasDynamicShape();
}

/// An f32 matmul of two widened bf16 tensors (`ExtOp` arith.extf), or an
/// i32 matmul of two sign-extended i8 tensors (arith.extsi): how
/// hlo-legalize-to-linalg lowers bf16 and int8 dots.
template <typename ExtOp>
LogicalResult narrowWidenedMatmul(RewriterBase &rewriter, linalg::MatmulOp op,
                                  Type narrow) {
  Type wide = getElementTypeOrSelf(op.getDpsInits()[0]);
  if (!isStatic(op) || !hasMatmulMaps(op) ||
      (narrow.isBF16() ? !wide.isF32() : !wide.isInteger(32)))
    return failure();
  std::optional<Widened> lhs =
      matchWidened<ExtOp>(op.getDpsInputs()[0], narrow, wide);
  std::optional<Widened> rhs =
      matchWidened<ExtOp>(op.getDpsInputs()[1], narrow, wide);
  if (!lhs || !rhs)
    return failure();
  Value a = narrowValue(rewriter, *lhs);
  Value b = narrowValue(rewriter, *rhs);
  rewriter.setInsertionPoint(op);
  auto matmul = linalg::MatmulOp::create(rewriter, op.getLoc(),
                                         op->getResultTypes(), ValueRange{a, b},
                                         op.getDpsInits());
  rewriter.replaceOp(op, matmul->getResults());
  return success();
}

/// An i8 x i8 -> i32 contraction generic with a matmul's maps whose body is
/// `out + extsi(a) * extsi(b)`.
LogicalResult narrowInt8Matmul(RewriterBase &rewriter, linalg::GenericOp op) {
  if (!isStatic(op) || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !hasMatmulMaps(op) || op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray()[2] != utils::IteratorType::reduction)
    return failure();
  Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1];
  Value init = op.getDpsInits()[0];
  if (!getElementTypeOrSelf(a).isInteger(8) ||
      !getElementTypeOrSelf(b).isInteger(8) ||
      !getElementTypeOrSelf(init).isInteger(32))
    return failure();
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 5)
    return failure();
  auto add = dyn_cast<arith::AddIOp>(body.getTerminator()->getOperand(0)
                                         .getDefiningOp());
  if (!add)
    return failure();
  Value out = body.getArgument(2);
  Value product = add.getLhs() == out ? add.getRhs() : add.getLhs();
  if (add.getLhs() != out && add.getRhs() != out)
    return failure();
  auto mul = product.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return failure();
  auto isSignExtended = [&](Value v, unsigned arg) {
    auto ext = v.getDefiningOp<arith::ExtSIOp>();
    return ext && ext.getIn() == body.getArgument(arg);
  };
  if (!((isSignExtended(mul.getLhs(), 0) && isSignExtended(mul.getRhs(), 1)) ||
        (isSignExtended(mul.getLhs(), 1) && isSignExtended(mul.getRhs(), 0))))
    return failure();
  rewriter.setInsertionPoint(op);
  auto matmul = linalg::MatmulOp::create(rewriter, op.getLoc(),
                                         op->getResultTypes(), ValueRange{a, b},
                                         ValueRange{init});
  rewriter.replaceOp(op, matmul->getResults());
  return success();
}

//===----------------------------------------------------------------------===//
// On buffers: the AMX kernel
//===----------------------------------------------------------------------===//

constexpr int64_t kTileRows = 16;  // rows of every tile
constexpr int64_t kTileBytes = 64; // bytes of a tile row
constexpr int64_t kBlock = 32;     // rows and columns of a 2x2 tile block
constexpr int64_t kUnroll = 8;     // k steps per accumulator load/store

int64_t roundUp(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

/// Static strides with a unit innermost one (the offset may be dynamic).
bool hasUnitInnerStride(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1 &&
         llvm::none_of(strides, ShapedType::isDynamic);
}

/// Copies B (K x N, static, unit inner stride) into `panels`
/// P[ceil(N/16)][ceil(K/vnni)][16 * vnni]: panel p holds columns [16p,
/// 16p + 16), and row g of a panel the `vnni` consecutive k values
/// [vnni g, vnni g + vnni) of each of its 16 columns, column by column
/// (the "VNNI" layout both the AMX tile products and vdpbf16ps /
/// vpdpbusd read). Padding past K and N is zero. Whole groups of whole
/// panels are vector loads of `vnni` rows and interleaving shuffles; the
/// tails are copied element by element.
void packPanels(RewriterBase &rewriter, Location loc, Value b, Value panels,
                int64_t vnni) {
  auto bType = cast<MemRefType>(b.getType());
  auto panelsType = cast<MemRefType>(panels.getType());
  Type narrow = bType.getElementType();
  int64_t k = bType.getDimSize(0), n = bType.getDimSize(1);
  int64_t np = panelsType.getDimSize(0) * kTileRows;
  int64_t kp = panelsType.getDimSize(1) * vnni;
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  Value zeroNarrow = arith::ConstantOp::create(rewriter, loc, narrow,
                                               rewriter.getZeroAttr(narrow));
  if (n != np || k != kp)
    linalg::FillOp::create(rewriter, loc, ValueRange{zeroNarrow},
                           ValueRange{panels});
  Value c0 = index(0), c1 = index(1);
  Value cVnni = index(vnni), cRows = index(kTileRows);
  int64_t fullGroups = k / vnni, fullPanels = n / kTileRows;
  if (fullGroups > 0 && fullPanels > 0) {
    Value groups = index(fullGroups);
    Value panelCount = index(fullPanels);
    auto row = VectorType::get({kTileRows}, narrow);
    scf::ForOp::create(
        rewriter, loc, c0, groups, c1, ValueRange{},
        [&](OpBuilder &builder, Location loc, Value group, ValueRange) {
          Value firstRow = arith::MulIOp::create(builder, loc, group, cVnni);
          scf::ForOp::create(
              builder, loc, c0, panelCount, c1, ValueRange{},
              [&](OpBuilder &builder, Location loc, Value panel, ValueRange) {
                Value column =
                    arith::MulIOp::create(builder, loc, panel, cRows);
                SmallVector<Value> rows;
                for (int64_t p = 0; p < vnni; ++p) {
                  Value offset =
                      arith::ConstantIndexOp::create(builder, loc, p);
                  Value r =
                      arith::AddIOp::create(builder, loc, firstRow, offset);
                  Value loaded = vector::LoadOp::create(builder, loc, row, b,
                                                        ValueRange{r, column});
                  rows.push_back(loaded);
                }
                // vnni 2: (r0, r1); vnni 4: ((r0, r2), (r1, r3)).
                Value packed;
                if (vnni == 2) {
                  packed = vector::InterleaveOp::create(builder, loc, rows[0],
                                                        rows[1]);
                } else {
                  Value even = vector::InterleaveOp::create(builder, loc,
                                                            rows[0], rows[2]);
                  Value odd = vector::InterleaveOp::create(builder, loc,
                                                           rows[1], rows[3]);
                  packed =
                      vector::InterleaveOp::create(builder, loc, even, odd);
                }
                Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
                vector::StoreOp::create(builder, loc, packed, panels,
                                        ValueRange{panel, group, zero});
                scf::YieldOp::create(builder, loc);
              });
          scf::YieldOp::create(builder, loc);
        });
  }
  // The tails (rows of B past the last whole group, columns past the
  // last whole panel), element by element.
  auto packScalars = [&](int64_t rowBegin, int64_t rowEnd, int64_t columnBegin,
                         int64_t columnEnd) {
    if (rowBegin >= rowEnd || columnBegin >= columnEnd)
      return;
    Value rowLow = index(rowBegin), rowHigh = index(rowEnd);
    Value columnLow = index(columnBegin), columnHigh = index(columnEnd);
    scf::ForOp::create(
        rewriter, loc, rowLow, rowHigh, c1, ValueRange{},
        [&](OpBuilder &builder, Location loc, Value r, ValueRange) {
          scf::ForOp::create(
              builder, loc, columnLow, columnHigh, c1, ValueRange{},
              [&](OpBuilder &builder, Location loc, Value col, ValueRange) {
                Value value =
                    memref::LoadOp::create(builder, loc, b, ValueRange{r, col});
                Value panel = arith::DivUIOp::create(builder, loc, col, cRows);
                Value group = arith::DivUIOp::create(builder, loc, r, cVnni);
                Value lane = arith::RemUIOp::create(builder, loc, col, cRows);
                Value part = arith::RemUIOp::create(builder, loc, r, cVnni);
                Value scaled = arith::MulIOp::create(builder, loc, lane, cVnni);
                Value slot = arith::AddIOp::create(builder, loc, scaled, part);
                memref::StoreOp::create(builder, loc, value, panels,
                                        ValueRange{panel, group, slot});
                scf::YieldOp::create(builder, loc);
              });
          scf::YieldOp::create(builder, loc);
        });
  };
  packScalars(0, fullGroups * vnni, fullPanels * kTileRows, n);
  packScalars(fullGroups * vnni, k, 0, n);
}

/// A linalg.matmul on buffers that a narrow-dot kernel takes: default
/// maps, signed casts, static shapes with unit inner strides, bf16 x bf16
/// -> f32 (when `bf16`) or i8 x i8 -> i32 (when `int8`), no empty dimension.
struct NarrowMatmul {
  Value a, b, c;
  Type narrow, wide;
  bool isBf16;
  int64_t m, n, k;
};

std::optional<NarrowMatmul> matchNarrowMatmul(linalg::MatmulOp op, bool bf16,
                                              bool int8) {
  if (!op.hasPureBufferSemantics() || !hasMatmulMaps(op) ||
      op.getCast() != linalg::TypeFn::cast_signed)
    return std::nullopt;
  NarrowMatmul match;
  match.a = op.getDpsInputs()[0];
  match.b = op.getDpsInputs()[1];
  match.c = op.getDpsInits()[0];
  auto aType = cast<MemRefType>(match.a.getType());
  auto bType = cast<MemRefType>(match.b.getType());
  auto cType = cast<MemRefType>(match.c.getType());
  for (MemRefType type : {aType, bType, cType})
    if (!type.hasStaticShape() || !hasUnitInnerStride(type))
      return std::nullopt;
  match.narrow = aType.getElementType();
  match.wide = cType.getElementType();
  if (bType.getElementType() != match.narrow)
    return std::nullopt;
  match.isBf16 = match.narrow.isBF16() && match.wide.isF32() && bf16;
  bool isInt8 = match.narrow.isInteger(8) && match.wide.isInteger(32) && int8;
  if (!match.isBf16 && !isInt8)
    return std::nullopt;
  match.m = aType.getDimSize(0);
  match.k = aType.getDimSize(1);
  match.n = bType.getDimSize(1);
  if (match.m == 0 || match.n == 0 || match.k == 0)
    return std::nullopt;
  return match;
}

/// The `rows` x `columns` view at the top left corner of `buffer`.
Value topLeftView(OpBuilder &builder, Location loc, Value buffer, int64_t rows,
                  int64_t columns) {
  SmallVector<OpFoldResult> offsets(2, builder.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = {builder.getIndexAttr(rows),
                                     builder.getIndexAttr(columns)};
  SmallVector<OpFoldResult> strides(2, builder.getIndexAttr(1));
  return memref::SubViewOp::create(builder, loc, buffer, offsets, sizes,
                                   strides);
}

struct AmxMatmul : OpRewritePattern<linalg::MatmulOp> {
  AmxMatmul(MLIRContext *context, NarrowDotFeatures features)
      : OpRewritePattern(context), features(features) {}

  LogicalResult matchAndRewrite(linalg::MatmulOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<NarrowMatmul> match =
        matchNarrowMatmul(op, features.amxBf16, features.amxInt8);
    if (!match)
      return failure();
    Value a = match->a, b = match->b, c = match->c;
    Type narrow = match->narrow, wide = match->wide;
    bool isBf16 = match->isBf16;
    int64_t m = match->m, n = match->n, k = match->k;
    Location loc = op.getLoc();
    int64_t vnni = isBf16 ? 2 : 4;
    int64_t depth = kTileBytes / (isBf16 ? 2 : 1); // k per tile
    int64_t mp = roundUp(m, kBlock), np = roundUp(n, kBlock);
    int64_t kp = roundUp(k, depth);

    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    Value zeroNarrow = arith::ConstantOp::create(rewriter, loc, narrow,
                                                 rewriter.getZeroAttr(narrow));
    Value zeroWide = arith::ConstantOp::create(rewriter, loc, wide,
                                               rewriter.getZeroAttr(wide));
    SmallVector<Value> buffers;
    auto allocate = [&](ArrayRef<int64_t> shape, Type type) -> Value {
      auto memrefType = MemRefType::get(shape, type);
      Value buffer = memref::AllocOp::create(rewriter, loc, memrefType,
                                             rewriter.getI64IntegerAttr(64));
      buffers.push_back(buffer);
      return buffer;
    };
    auto topLeft = [&](Value buffer, int64_t rows, int64_t columns) {
      return topLeftView(rewriter, loc, buffer, rows, columns);
    };

    // A as whole tiles: in place or a zero-padded copy.
    Value aTiles = a;
    if (m != mp || k != kp) {
      aTiles = allocate({mp, kp}, narrow);
      linalg::FillOp::create(rewriter, loc, ValueRange{zeroNarrow},
                             ValueRange{aTiles});
      Value corner = topLeft(aTiles, m, k);
      linalg::CopyOp::create(rewriter, loc, a, corner);
    }
    // C likewise; copied back at the end.
    Value cTiles = c;
    bool padC = m != mp || n != np;
    if (padC) {
      cTiles = allocate({mp, np}, wide);
      linalg::FillOp::create(rewriter, loc, ValueRange{zeroWide},
                             ValueRange{cTiles});
      Value corner = topLeft(cTiles, m, n);
      linalg::CopyOp::create(rewriter, loc, c, corner);
    }

    // B packed into k-interleaved panels.
    Value panels = allocate({np / kTileRows, kp / vnni, kTileRows * vnni},
                            narrow);
    packPanels(rewriter, loc, b, panels, vnni);
    Value c0 = index(0), c1 = index(1), cRows = index(kTileRows);

    // The product, in 2x2 blocks of accumulator tiles.
    auto narrowTile = amx::TileType::get({kTileRows, depth}, narrow);
    auto wideTile = amx::TileType::get({kTileRows, kTileRows}, wide);
    int64_t steps = kp / depth;
    int64_t unroll = std::min(steps, kUnroll);
    Value cBlock = index(kBlock), cDepth = index(depth);
    // One load of the accumulators, `count` k steps from step `first`, one
    // store.
    auto emitSteps = [&](OpBuilder &builder, Location loc, Value row,
                         Value column, Value panel, Value first,
                         int64_t count) {
      Value sixteen = arith::ConstantIndexOp::create(builder, loc, kTileRows);
      Value one = arith::ConstantIndexOp::create(builder, loc, 1);
      Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
      Value rows[2] = {row, arith::AddIOp::create(builder, loc, row, sixteen)};
      Value columns[2] = {column,
                          arith::AddIOp::create(builder, loc, column, sixteen)};
      Value panelPair[2] = {panel,
                            arith::AddIOp::create(builder, loc, panel, one)};
      Value acc[2][2];
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          acc[i][j] = amx::TileLoadOp::create(builder, loc, wideTile, cTiles,
                                              ValueRange{rows[i], columns[j]});
      for (int64_t s = 0; s < count; ++s) {
        Value offset = arith::ConstantIndexOp::create(builder, loc, s);
        Value step = arith::AddIOp::create(builder, loc, first, offset);
        Value kColumn = arith::MulIOp::create(builder, loc, step, cDepth);
        Value kGroup = arith::MulIOp::create(builder, loc, step, sixteen);
        Value lhs[2], rhs[2];
        for (int i = 0; i < 2; ++i)
          lhs[i] = amx::TileLoadOp::create(builder, loc, narrowTile, aTiles,
                                           ValueRange{rows[i], kColumn});
        for (int j = 0; j < 2; ++j)
          rhs[j] = amx::TileLoadOp::create(
              builder, loc, narrowTile, panels,
              ValueRange{panelPair[j], kGroup, zero});
        for (int i = 0; i < 2; ++i)
          for (int j = 0; j < 2; ++j) {
            if (isBf16)
              acc[i][j] = amx::TileMulFOp::create(builder, loc, wideTile,
                                                  lhs[i], rhs[j], acc[i][j]);
            else
              acc[i][j] = amx::TileMulIOp::create(builder, loc, wideTile,
                                                  lhs[i], rhs[j], acc[i][j]);
          }
      }
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          amx::TileStoreOp::create(builder, loc, cTiles,
                                   ValueRange{rows[i], columns[j]}, acc[i][j]);
    };
    Value rowsEnd = index(mp), columnsEnd = index(np);
    Value chunkCount = index(steps / unroll);
    Value cUnroll = index(unroll);
    int64_t rest = steps % unroll;
    scf::ForOp::create(
        rewriter, loc, c0, columnsEnd, cBlock, ValueRange{},
        [&](OpBuilder &builder, Location loc, Value column, ValueRange) {
          Value panel = arith::DivUIOp::create(builder, loc, column, cRows);
          scf::ForOp::create(
              builder, loc, c0, rowsEnd, cBlock, ValueRange{},
              [&](OpBuilder &builder, Location loc, Value row, ValueRange) {
                scf::ForOp::create(
                    builder, loc, c0, chunkCount, c1, ValueRange{},
                    [&](OpBuilder &builder, Location loc, Value chunk,
                        ValueRange) {
                      Value first =
                          arith::MulIOp::create(builder, loc, chunk, cUnroll);
                      emitSteps(builder, loc, row, column, panel, first,
                                unroll);
                      scf::YieldOp::create(builder, loc);
                    });
                if (rest) {
                  Value first = arith::ConstantIndexOp::create(
                      builder, loc, steps - rest);
                  emitSteps(builder, loc, row, column, panel, first, rest);
                }
                scf::YieldOp::create(builder, loc);
              });
          scf::YieldOp::create(builder, loc);
        });
    if (padC) {
      Value corner = topLeft(cTiles, m, n);
      linalg::CopyOp::create(rewriter, loc, corner, c);
    }
    for (Value buffer : buffers)
      memref::DeallocOp::create(rewriter, loc, buffer);
    rewriter.eraseOp(op);
    return success();
  }

  NarrowDotFeatures features;
};

//===----------------------------------------------------------------------===//
// On buffers: the AVX-512 kernel
//===----------------------------------------------------------------------===//

constexpr int64_t kLanes = 16;        // f32 / i32 lanes of a zmm register
constexpr int64_t kPanelsPerTile = 2; // panels (of 16 columns) per tile
constexpr int64_t kRegisterRows = 8;  // rows of a register tile

/// One vdpbf16ps / vpdpbusd step: `acc` (16 x f32 or i32) plus the dot
/// products of the pairs / quads of `a` and `b` (one zmm each).
Value emitPackedDot(OpBuilder &builder, Location loc, Value acc, Value a,
                    Value b, bool isBf16) {
  if (isBf16)
    return x86vector::DotBF16Op::create(builder, loc, acc.getType(), acc, a, b);
  // u8 (a) x s8 (b) quads; no MLIR op carries the AVX512-VNNI form
  // (x86vector's avx.dot.i8 is AVX-VNNI-INT8's s8 x s8), so the intrinsic
  // (LLVM 22: <16 x i32> plus two <64 x i8>) is called directly.
  return LLVM::CallIntrinsicOp::create(
             builder, loc, acc.getType(),
             builder.getStringAttr("llvm.x86.avx512.vpdpbusd.512"),
             ValueRange{acc, a, b})
      .getResult(0);
}

/// The `vnni` narrow values at `a[row][column]` (one 32-bit word)
/// broadcast to all 16 words of a zmm register, as `vectorType`.
Value broadcastWord(OpBuilder &builder, Location loc, Value a, Value row,
                    Value column, int64_t vnni, VectorType vectorType) {
  Type narrow = vectorType.getElementType();
  Value group =
      vector::LoadOp::create(builder, loc, VectorType::get({vnni}, narrow), a,
                             ValueRange{row, column});
  Value word = vector::BitCastOp::create(
      builder, loc, VectorType::get({1}, builder.getI32Type()), group);
  Value scalar = vector::ExtractOp::create(builder, loc, word, 0);
  Value words = vector::BroadcastOp::create(
      builder, loc, VectorType::get({kLanes}, builder.getI32Type()), scalar);
  return vector::BitCastOp::create(builder, loc, vectorType, words);
}

/// bf16 x bf16 -> f32 and i8 x i8 -> i32 matmuls on AVX-512 register
/// tiles. B is packed as for AMX (packPanels); a register tile is
/// `rows` x 32 results (2 panels, 2 x `rows` zmm accumulators, carried
/// through the loop over k groups), and each k group loads one zmm of each
/// panel and broadcasts one word (a bf16 pair / i8 quad) of each row of A,
/// read in place when K is a whole number of groups (else from a
/// zero-padded copy). Column tiles are the outer loop: their panels stay in
/// the L2 cache while every row tile reads them. Rows past the last whole
/// register tile form one shorter tile; columns past the last whole tile
/// are computed into a padded copy of C.
///
/// vpdpbusd multiplies unsigned bytes by signed ones: A is made unsigned by
/// flipping the sign bits of its broadcast words (a + 128), and 128 times
/// the column sums of B (the same instruction on words of 0x80 bytes) is
/// subtracted from C once per column tile, before the products are added.
struct Avx512Matmul : OpRewritePattern<linalg::MatmulOp> {
  Avx512Matmul(MLIRContext *context, NarrowDotFeatures features)
      : OpRewritePattern(context), features(features) {}

  LogicalResult matchAndRewrite(linalg::MatmulOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<NarrowMatmul> match =
        matchNarrowMatmul(op, features.avx512Bf16, features.avx512Vnni);
    if (!match)
      return failure();
    Value a = match->a, b = match->b, c = match->c;
    Type narrow = match->narrow, wide = match->wide;
    bool isBf16 = match->isBf16, isInt8 = !isBf16;
    int64_t m = match->m, n = match->n, k = match->k;
    Location loc = op.getLoc();
    int64_t vnni = isBf16 ? 2 : 4;
    int64_t tileColumns = kPanelsPerTile * kLanes;
    int64_t np = roundUp(n, tileColumns), kp = roundUp(k, vnni);
    int64_t groups = kp / vnni;

    auto index = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, v);
    };
    SmallVector<Value> buffers;
    auto allocate = [&](ArrayRef<int64_t> shape, Type type) -> Value {
      Value buffer =
          memref::AllocOp::create(rewriter, loc, MemRefType::get(shape, type),
                                  rewriter.getI64IntegerAttr(64));
      buffers.push_back(buffer);
      return buffer;
    };
    auto topLeft = [&](Value buffer, int64_t rows, int64_t columns) {
      return topLeftView(rewriter, loc, buffer, rows, columns);
    };
    auto zeroOf = [&](Type type) -> Value {
      return arith::ConstantOp::create(rewriter, loc, type,
                                       rewriter.getZeroAttr(type));
    };

    // A with whole k groups: in place, or a copy with zero columns.
    Value aGroups = a;
    if (k != kp) {
      aGroups = allocate({m, kp}, narrow);
      linalg::FillOp::create(rewriter, loc, ValueRange{zeroOf(narrow)},
                             ValueRange{aGroups});
      linalg::CopyOp::create(rewriter, loc, a, topLeft(aGroups, m, k));
    }
    // C with whole column tiles: in place, or a padded copy.
    Value cTiles = c;
    if (n != np) {
      cTiles = allocate({m, np}, wide);
      linalg::FillOp::create(rewriter, loc, ValueRange{zeroOf(wide)},
                             ValueRange{cTiles});
      linalg::CopyOp::create(rewriter, loc, c, topLeft(cTiles, m, n));
    }
    Value panels = allocate({np / kLanes, groups, kLanes * vnni}, narrow);
    packPanels(rewriter, loc, b, panels, vnni);

    auto accType = VectorType::get({kLanes}, wide);
    auto operandType = VectorType::get({kLanes * vnni}, narrow);
    Value c0 = index(0), c1 = index(1);
    Value groupCount = index(groups);
    // 0x80 bytes: the sign flip of A's quads, and the operand that sums
    // B's columns times 128.
    Value signBits;
    if (isInt8)
      signBits = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(operandType,
                                 rewriter.getI8IntegerAttr(-128).getValue()));

    // One register tile of `rows` rows from `row`, columns of panels
    // `panel` and `panel` + 1 from `column`; `corrections` (int8) are
    // subtracted from the loaded accumulators.
    auto emitTile = [&](OpBuilder &builder, Location loc, Value row,
                        Value column, Value panel, int64_t rows,
                        ArrayRef<Value> corrections) {
      SmallVector<Value> rowIndex, columnIndex, panelIndex;
      for (int64_t i = 0; i < rows; ++i)
        rowIndex.push_back(arith::AddIOp::create(
            builder, loc, row,
            arith::ConstantIndexOp::create(builder, loc, i)));
      for (int64_t j = 0; j < kPanelsPerTile; ++j) {
        columnIndex.push_back(arith::AddIOp::create(
            builder, loc, column,
            arith::ConstantIndexOp::create(builder, loc, j * kLanes)));
        panelIndex.push_back(arith::AddIOp::create(
            builder, loc, panel,
            arith::ConstantIndexOp::create(builder, loc, j)));
      }
      SmallVector<Value> accumulators;
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < kPanelsPerTile; ++j) {
          Value loaded =
              vector::LoadOp::create(builder, loc, accType, cTiles,
                                     ValueRange{rowIndex[i], columnIndex[j]});
          if (!corrections.empty())
            loaded =
                arith::SubIOp::create(builder, loc, loaded, corrections[j]);
          accumulators.push_back(loaded);
        }
      Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
      Value groupWidth = arith::ConstantIndexOp::create(builder, loc, vnni);
      auto loop = scf::ForOp::create(
          builder, loc, c0, groupCount, c1, accumulators,
          [&](OpBuilder &builder, Location loc, Value group,
              ValueRange carried) {
            Value kColumn =
                arith::MulIOp::create(builder, loc, group, groupWidth);
            SmallVector<Value> rhs;
            for (int64_t j = 0; j < kPanelsPerTile; ++j)
              rhs.push_back(vector::LoadOp::create(
                  builder, loc, operandType, panels,
                  ValueRange{panelIndex[j], group, zero}));
            SmallVector<Value> next(carried.begin(), carried.end());
            for (int64_t i = 0; i < rows; ++i) {
              Value lhs = broadcastWord(builder, loc, aGroups, rowIndex[i],
                                        kColumn, vnni, operandType);
              if (isInt8)
                lhs = arith::XOrIOp::create(builder, loc, lhs, signBits);
              for (int64_t j = 0; j < kPanelsPerTile; ++j) {
                Value &acc = next[i * kPanelsPerTile + j];
                acc = emitPackedDot(builder, loc, acc, lhs, rhs[j], isBf16);
              }
            }
            scf::YieldOp::create(builder, loc, next);
          });
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < kPanelsPerTile; ++j)
          vector::StoreOp::create(
              builder, loc, loop.getResult(i * kPanelsPerTile + j), cTiles,
              ValueRange{rowIndex[i], columnIndex[j]});
    };

    int64_t tailRows = m % kRegisterRows, mainRows = m - tailRows;
    Value columnsEnd = index(np), columnStep = index(tileColumns);
    scf::ForOp::create(
        rewriter, loc, c0, columnsEnd, columnStep, ValueRange{},
        [&](OpBuilder &builder, Location loc, Value column, ValueRange) {
          Value panel = arith::DivUIOp::create(
              builder, loc, column,
              arith::ConstantIndexOp::create(builder, loc, kLanes));
          SmallVector<Value> corrections;
          if (isInt8) {
            // 128 x the column sums of the tile's panels.
            SmallVector<Value> panelIndex;
            for (int64_t j = 0; j < kPanelsPerTile; ++j)
              panelIndex.push_back(arith::AddIOp::create(
                  builder, loc, panel,
                  arith::ConstantIndexOp::create(builder, loc, j)));
            Value zeroWords = arith::ConstantOp::create(
                builder, loc, builder.getZeroAttr(accType));
            Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
            auto sums = scf::ForOp::create(
                builder, loc, c0, groupCount, c1,
                SmallVector<Value>(kPanelsPerTile, zeroWords),
                [&](OpBuilder &builder, Location loc, Value group,
                    ValueRange carried) {
                  SmallVector<Value> next;
                  for (int64_t j = 0; j < kPanelsPerTile; ++j) {
                    Value rhs = vector::LoadOp::create(
                        builder, loc, operandType, panels,
                        ValueRange{panelIndex[j], group, zero});
                    next.push_back(emitPackedDot(builder, loc, carried[j],
                                                 signBits, rhs, false));
                  }
                  scf::YieldOp::create(builder, loc, next);
                });
            corrections.assign(sums.getResults().begin(),
                               sums.getResults().end());
          }
          if (mainRows > 0) {
            Value rowsEnd =
                arith::ConstantIndexOp::create(builder, loc, mainRows);
            Value rowStep =
                arith::ConstantIndexOp::create(builder, loc, kRegisterRows);
            scf::ForOp::create(
                builder, loc, c0, rowsEnd, rowStep, ValueRange{},
                [&](OpBuilder &builder, Location loc, Value row, ValueRange) {
                  emitTile(builder, loc, row, column, panel, kRegisterRows,
                           corrections);
                  scf::YieldOp::create(builder, loc);
                });
          }
          if (tailRows > 0)
            emitTile(builder, loc,
                     arith::ConstantIndexOp::create(builder, loc, mainRows),
                     column, panel, tailRows, corrections);
          scf::YieldOp::create(builder, loc);
        });
    if (n != np)
      linalg::CopyOp::create(rewriter, loc, topLeft(cTiles, m, n), c);
    for (Value buffer : buffers)
      memref::DeallocOp::create(rewriter, loc, buffer);
    rewriter.eraseOp(op);
    return success();
  }

  NarrowDotFeatures features;
};

} // namespace

LogicalResult hlo::narrowDotOperands(RewriterBase &rewriter,
                                     linalg::LinalgOp op,
                                     const NarrowDotFeatures &features) {
  if (auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation())) {
    Builder b(op.getContext());
    if (features.bf16() &&
        succeeded(narrowWidenedMatmul<arith::ExtFOp>(rewriter, matmul,
                                                     b.getBF16Type())))
      return success();
    if (features.int8() &&
        succeeded(narrowWidenedMatmul<arith::ExtSIOp>(rewriter, matmul,
                                                      b.getI8Type())))
      return success();
    return failure();
  }
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return features.int8() ? narrowInt8Matmul(rewriter, generic) : failure();
  return failure();
}

void hlo::populateHloNarrowDotKernelPatterns(
    RewritePatternSet &patterns, const NarrowDotFeatures &features) {
  // AMX where the target has it; AVX-512 for the types it lacks.
  if (features.amxBf16 || features.amxInt8)
    patterns.add<AmxMatmul>(patterns.getContext(), features);
  NarrowDotFeatures avx512 = features;
  avx512.avx512Bf16 &= !features.amxBf16;
  avx512.avx512Vnni &= !features.amxInt8;
  if (avx512.avx512Bf16 || avx512.avx512Vnni)
    patterns.add<Avx512Matmul>(patterns.getContext(), avx512);
}
