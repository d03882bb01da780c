//===- HloLayout.cpp - #hlo.layout: dimension order and tiling ------------===//
//
// The physical layout of an array as XLA's Layout says it (minor_to_major and
// tiles), usable as a memref layout: its affine map takes logical indices to
// the physical ones, tiles splitting a dimension into a tile index
// (floordiv) and an index inside the tile (mod).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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
  // shape's (each tiling adds as many dimensions as its tile has). A tile of
  // more dimensions than the shape has applies to the shape with leading
  // dimensions of size 1 added, as in XLA (`s32[]{:T(128)}`,
  // `f32[8]{0:T(2,128)}` on TPUs).
  int64_t shapeRank = rank;
  for (int64_t tileRank : tileRanks) {
    if (tileRank < 1)
      return emitError() << "a tile needs at least one dimension";
    total += tileRank;
    shapeRank = std::max(shapeRank, tileRank) + tileRank;
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
    // tile indices followed by indices inside the tile. Missing major
    // dimensions are of size 1: index 0.
    while (exprs.size() < tile.size())
      exprs.insert(exprs.begin(), getAffineConstantExpr(0, context));
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

LayoutAttr LayoutAttr::getRowMajor(MLIRContext *context, int64_t rank) {
  SmallVector<int64_t> order;
  for (int64_t d = rank - 1; d >= 0; --d)
    order.push_back(d);
  return LayoutAttr::get(context, order, {}, {});
}

bool LayoutAttr::isRowMajor() const {
  if (!getTileRanks().empty())
    return false;
  int64_t rank = getRank();
  for (auto [i, d] : llvm::enumerate(getMinorToMajor()))
    if (d != rank - 1 - static_cast<int64_t>(i))
      return false;
  return true;
}

SmallVector<int64_t> LayoutAttr::getMajorToMinor() const {
  return SmallVector<int64_t>(llvm::reverse(getMinorToMajor()));
}

//===----------------------------------------------------------------------===//
// `hlo.layout` and `hlo.operand_layouts` on ops and functions
//===----------------------------------------------------------------------===//

/// Checks that `layout` (a `#hlo.layout`, or kept layout text) describes a
/// value of type `type`.
static LogicalResult verifyLayoutOf(Attribute layout, Type type,
                                    function_ref<InFlightDiagnostic()> emit,
                                    StringRef what) {
  if (isa<StringAttr>(layout))
    return success();
  auto attr = dyn_cast<LayoutAttr>(layout);
  if (!attr)
    return emit() << what << " must be a #hlo.layout, found " << layout;
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return emit() << what << " describes a value of type " << type
                  << ", which has no layout";
  if (attr.getRank() != shaped.getRank())
    return emit() << what << " " << layout << " has rank " << attr.getRank()
                  << ", but the value has rank " << shaped.getRank();
  return success();
}

LogicalResult HloDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto emit = [&] { return op->emitOpError(); };
  if (name == "hlo.layout") {
    if (isa<FunctionOpInterface>(op))
      return emit() << "'hlo.layout' belongs on the function's arguments "
                       "and results, not on the function";
    if (op->getNumResults() == 1 && !isa<ArrayAttr>(attr.getValue()))
      return verifyLayoutOf(attr.getValue(), op->getResult(0).getType(), emit,
                            "'hlo.layout'");
    auto list = dyn_cast<ArrayAttr>(attr.getValue());
    if (!list || list.size() != op->getNumResults())
      return emit() << "'hlo.layout' must have one entry per result ("
                    << op->getNumResults() << ")";
    for (auto [layout, result] : llvm::zip(list, op->getResults()))
      if (!isa<UnitAttr>(layout) &&
          failed(verifyLayoutOf(layout, result.getType(), emit,
                                "'hlo.layout' of result #" +
                                    std::to_string(result.getResultNumber()))))
        return failure();
    return success();
  }
  if (name == "hlo.operand_layouts") {
    auto list = dyn_cast<ArrayAttr>(attr.getValue());
    if (!list || list.size() != op->getNumOperands())
      return emit() << "'hlo.operand_layouts' must have one entry per operand ("
                    << op->getNumOperands() << ")";
    for (auto [i, layout] : llvm::enumerate(list))
      if (!isa<UnitAttr>(layout) &&
          failed(verifyLayoutOf(layout, op->getOperand(i).getType(), emit,
                                "'hlo.operand_layouts' of operand #" +
                                    std::to_string(i))))
        return failure();
    return success();
  }
  return success();
}

LogicalResult HloDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kResultAliasAttr || name == kMustAliasAttr ||
      name == kBufferDonorAttr) {
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return op->emitOpError() << "'" << name
                               << "' belongs on a function's arguments";
    return verifyArgumentAliasing(func, argIndex);
  }
  if (name != "hlo.layout")
    return success();
  Region &region = op->getRegion(regionIndex);
  Type type;
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    type = func.getArgumentTypes()[argIndex];
  else if (!region.empty() && argIndex < region.getNumArguments())
    type = region.getArgument(argIndex).getType();
  // Once lowered, an argument is a pointer to (or a descriptor of) the
  // buffer the layout describes: only tensors and memrefs are checked.
  if (!type || !isa<ShapedType>(type))
    return success();
  return verifyLayoutOf(
      attr.getValue(), type, [&] { return op->emitOpError(); },
      "'hlo.layout' of argument #" + std::to_string(argIndex));
}

LogicalResult HloDialect::verifyRegionResultAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned resultIndex,
                                                      NamedAttribute attr) {
  if (attr.getName().getValue() != "hlo.layout")
    return success();
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || resultIndex >= func.getResultTypes().size() ||
      !isa<ShapedType>(func.getResultTypes()[resultIndex]))
    return success();
  return verifyLayoutOf(
      attr.getValue(), func.getResultTypes()[resultIndex],
      [&] { return op->emitOpError(); },
      "'hlo.layout' of result #" + std::to_string(resultIndex));
}
