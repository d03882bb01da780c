//===- HloLayout.cpp - #hlo.layout: dimension order and tiling ------------===//
//
// The physical layout of an array as XLA's Layout says it (minor_to_major and
// tiles), usable as a memref layout: its affine map takes logical indices to
// the physical ones, tiles splitting a dimension into a tile index
// (floordiv) and an index inside the tile (mod).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::hlo;

SmallVector<ArrayRef<int64_t>> LayoutAttr::getTiles() const {
  SmallVector<ArrayRef<int64_t>> tiles;
  ArrayRef<int64_t> sizes = getTileSizes();
  for (int64_t rank : getTileRanks()) {
    tiles.push_back(sizes.take_front(rank));
    sizes = sizes.drop_front(rank);
  }
  return tiles;
}

LogicalResult
LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                   ArrayRef<int64_t> minorToMajor, ArrayRef<int64_t> tileSizes,
                   ArrayRef<int64_t> tileRanks) {
  int64_t rank = minorToMajor.size();
  SmallVector<bool> seen(rank, false);
  for (int64_t dim : minorToMajor) {
    if (dim < 0 || dim >= rank || seen[dim])
      return emitError() << "minor_to_major [" << minorToMajor
                         << "] is not a permutation of the " << rank
                         << " dimensions";
    seen[dim] = true;
  }
  int64_t total = 0;
  // The rank of the shape each tile applies to: the array's, then the tiled
  // shape's (each tiling adds as many dimensions as its tile has).
  int64_t shapeRank = rank;
  for (int64_t tileRank : tileRanks) {
    if (tileRank < 1)
      return emitError() << "a tile needs at least one dimension";
    if (tileRank > shapeRank)
      return emitError() << "a tile of rank " << tileRank
                         << " applies to a shape of rank " << shapeRank;
    total += tileRank;
    shapeRank += tileRank;
  }
  if (total != static_cast<int64_t>(tileSizes.size()))
    return emitError() << "tile ranks add up to " << total << ", but "
                       << tileSizes.size() << " tile sizes are given";
  for (int64_t size : tileSizes)
    if (size < 1)
      return emitError() << "tile sizes must be positive, found " << size;
  return success();
}

AffineMap LayoutAttr::getAffineMap() const {
  MLIRContext *context = getContext();
  int64_t rank = getRank();
  // Physical order: major to minor.
  SmallVector<AffineExpr> exprs;
  for (int64_t dim : llvm::reverse(getMinorToMajor()))
    exprs.push_back(getAffineDimExpr(dim, context));
  for (ArrayRef<int64_t> tile : getTiles()) {
    // The tile covers the most minor tile.size() dimensions; they become
    // tile indices followed by indices inside the tile.
    int64_t first = exprs.size() - tile.size();
    SmallVector<AffineExpr> next(exprs.begin(), exprs.begin() + first);
    for (auto [i, size] : llvm::enumerate(tile))
      next.push_back(exprs[first + i].floorDiv(size));
    for (auto [i, size] : llvm::enumerate(tile))
      next.push_back(exprs[first + i] % size);
    exprs = std::move(next);
  }
  return AffineMap::get(rank, 0, exprs, context);
}

LogicalResult
LayoutAttr::verifyLayout(ArrayRef<int64_t> shape,
                         function_ref<InFlightDiagnostic()> emitError) const {
  if (static_cast<int64_t>(shape.size()) != getRank())
    return emitError() << "layout of rank " << getRank()
                       << " (minor_to_major has " << getRank()
                       << " dimensions) for a memref of rank " << shape.size();
  return success();
}

// `#hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128], [2, 1]]>`; tiles
// may be left out.
Attribute LayoutAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> minorToMajor, tileSizes, tileRanks;
  auto parseIntList = [&](SmallVectorImpl<int64_t> &values) {
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
      return parser.parseInteger(values.emplace_back());
    });
  };
  if (parser.parseLess() || parser.parseKeyword("minor_to_major") ||
      parser.parseEqual() || parseIntList(minorToMajor))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("tiles") || parser.parseEqual() ||
        parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
          size_t before = tileSizes.size();
          if (parseIntList(tileSizes))
            return failure();
          tileRanks.push_back(tileSizes.size() - before);
          return success();
        }))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return LayoutAttr::getChecked([&] { return parser.emitError(loc); },
                                parser.getContext(),
                                ArrayRef<int64_t>(minorToMajor),
                                ArrayRef<int64_t>(tileSizes),
                                ArrayRef<int64_t>(tileRanks));
}

void LayoutAttr::print(AsmPrinter &printer) const {
  printer << "<minor_to_major = [";
  llvm::interleaveComma(getMinorToMajor(), printer);
  printer << "]";
  if (!getTileRanks().empty()) {
    printer << ", tiles = [";
    llvm::interleaveComma(getTiles(), printer, [&](ArrayRef<int64_t> tile) {
      printer << "[";
      llvm::interleaveComma(tile, printer);
      printer << "]";
    });
    printer << "]";
  }
  printer << ">";
}
