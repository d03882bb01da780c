//===- HloDialect.cpp - hlo dialect registration and attributes -----------===//

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::hlo;

#include "HloDialect/Dialect/Hlo/IR/HloOpsDialect.cpp.inc"
#include "HloDialect/Dialect/Hlo/IR/HloEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "HloDialect/Dialect/Hlo/IR/HloAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "HloDialect/Dialect/Hlo/IR/HloOpsTypes.cpp.inc"

namespace {
/// Every hlo op is a pure function of its operands (side effects are
/// explicit), so calls of functions made of hlo ops can be inlined.
struct HloInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void HloDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "HloDialect/Dialect/Hlo/IR/HloOps.cpp.inc"
      >();
  registerAttributes();
  registerTypes();
  addInterfaces<HloInlinerInterface>();
}

void HloDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "HloDialect/Dialect/Hlo/IR/HloOpsTypes.cpp.inc"
      >();
}

void HloDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "HloDialect/Dialect/Hlo/IR/HloAttrs.cpp.inc"
      >();
}

Operation *HloDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}

//===----------------------------------------------------------------------===//
// Dimension-number attributes (dot, gather, scatter)
//===----------------------------------------------------------------------===//

namespace {
/// Parses `name = [1, 2], other = 3, ...` (at least one field): each field
/// named in `lists` takes a list, each in `ints` an integer; absent fields
/// stay empty / 0.
ParseResult
parseDimensionFieldsBody(AsmParser &parser, StringRef attrName,
                         ArrayRef<StringRef> lists,
                         SmallVectorImpl<SmallVector<int64_t>> &listValues,
                         ArrayRef<StringRef> ints,
                         SmallVectorImpl<int64_t> &intValues) {
  listValues.assign(lists.size(), {});
  intValues.assign(ints.size(), 0);
  llvm::SmallDenseSet<StringRef> seen;
  do {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return failure();
    if (!seen.insert(key).second)
      return parser.emitError(keyLoc)
             << "duplicate " << attrName << " field '" << key << "'";
    if (parser.parseEqual())
      return failure();
    if (auto *it = llvm::find(lists, key); it != lists.end()) {
      SmallVector<int64_t> &values = listValues[it - lists.begin()];
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
            return parser.parseInteger(values.emplace_back());
          }))
        return failure();
    } else if (auto *it = llvm::find(ints, key); it != ints.end()) {
      if (parser.parseInteger(intValues[it - ints.begin()]))
        return failure();
    } else {
      return parser.emitError(keyLoc)
             << "unknown " << attrName << " field '" << key << "'";
    }
  } while (succeeded(parser.parseOptionalComma()));
  return success();
}
} // namespace

/// Parses `<name = [1, 2], other = 3, ...>`, possibly `<>`.
ParseResult hlo::parseDimensionFields(
    AsmParser &parser, StringRef attrName, ArrayRef<StringRef> lists,
    SmallVectorImpl<SmallVector<int64_t>> &listValues, ArrayRef<StringRef> ints,
    SmallVectorImpl<int64_t> &intValues) {
  listValues.assign(lists.size(), {});
  intValues.assign(ints.size(), 0);
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  if (parseDimensionFieldsBody(parser, attrName, lists, listValues, ints,
                               intValues))
    return failure();
  return parser.parseGreater();
}

void hlo::printDimensionFields(
    AsmPrinter &printer,
    ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> lists,
    ArrayRef<std::pair<StringRef, int64_t>> ints) {
  printer << "<";
  bool first = true;
  for (auto [name, dims] : lists) {
    if (dims.empty())
      continue;
    printer << (first ? "" : ", ") << name << " = [";
    llvm::interleaveComma(dims, printer);
    printer << "]";
    first = false;
  }
  for (auto [name, value] : ints) {
    if (value == 0)
      continue;
    printer << (first ? "" : ", ") << name << " = " << value;
    first = false;
  }
  printer << ">";
}

// `#hlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0,
// operand_tuple_indices = []>`, every field optional.
Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<SmallVector<int64_t>> lists;
  SmallVector<int64_t> ints;
  if (parseDimensionFields(parser, "output operand alias",
                           {"output_tuple_indices", "operand_tuple_indices"},
                           lists, {"operand_index"}, ints))
    return {};
  return get(parser.getContext(), lists[0], ints[0], lists[1]);
}

void OutputOperandAliasAttr::print(AsmPrinter &printer) const {
  printDimensionFields(
      printer,
      {{"output_tuple_indices", getOutputTupleIndices()},
       {"operand_tuple_indices", getOperandTupleIndices()}},
      {{"operand_index", getOperandIndex()}});
}

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<SmallVector<int64_t>> lists;
  SmallVector<int64_t> ints;
  if (parseDimensionFields(
          parser, "gather",
          {"offset_dims", "collapsed_slice_dims", "operand_batching_dims",
           "start_indices_batching_dims", "start_index_map"},
          lists, {"index_vector_dim"}, ints))
    return {};
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3],
             lists[4], ints[0]);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printDimensionFields(
      printer,
      {{"offset_dims", getOffsetDims()},
       {"collapsed_slice_dims", getCollapsedSliceDims()},
       {"operand_batching_dims", getOperandBatchingDims()},
       {"start_indices_batching_dims", getStartIndicesBatchingDims()},
       {"start_index_map", getStartIndexMap()}},
      {{"index_vector_dim", getIndexVectorDim()}});
}

namespace mlir::hlo {
/// Parses `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
ParseResult parseConvDimensionsBody(AsmParser &parser,
                                    ConvDimensionNumbersAttr &attr) {
  struct Side {
    int64_t first = -1, second = -1; // b/f, or i/o for the kernel
    SmallVector<int64_t> spatial;
  };
  auto parseSide = [&](StringRef firstName, StringRef secondName,
                       Side &side) -> ParseResult {
    SmallVector<std::pair<int64_t, int64_t>> spatial; // (spatial #, position)
    int64_t position = 0;
    if (parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              SMLoc loc = parser.getCurrentLocation();
              StringRef keyword;
              if (succeeded(parser.parseOptionalKeyword(&keyword))) {
                int64_t *slot = keyword == firstName    ? &side.first
                                : keyword == secondName ? &side.second
                                                        : nullptr;
                if (!slot || *slot != -1)
                  return parser.emitError(loc)
                         << "unexpected '" << keyword << "' in dimension numbers";
                *slot = position++;
                return success();
              }
              int64_t index;
              if (parser.parseInteger(index))
                return failure();
              spatial.push_back({index, position++});
              return success();
            }))
      return failure();
    if (side.first < 0 || side.second < 0)
      return parser.emitError(parser.getCurrentLocation())
             << "dimension numbers need both '" << firstName << "' and '"
             << secondName << "'";
    llvm::sort(spatial);
    for (auto [i, entry] : llvm::enumerate(spatial)) {
      if (entry.first != static_cast<int64_t>(i))
        return parser.emitError(parser.getCurrentLocation())
               << "spatial dimensions must be numbered 0.." << spatial.size() - 1;
      side.spatial.push_back(entry.second);
    }
    return success();
  };
  Side input, kernel, output;
  if (parseSide("b", "f", input) || parser.parseKeyword("x") ||
      parseSide("i", "o", kernel) || parser.parseArrow() ||
      parseSide("b", "f", output))
    return failure();
  attr = ConvDimensionNumbersAttr::get(
      parser.getContext(), input.first, input.second, input.spatial,
      kernel.first, kernel.second, kernel.spatial, output.first, output.second,
      output.spatial);
  return success();
}

void printConvDimensionsBody(AsmPrinter &printer, ConvDimensionNumbersAttr attr) {
  auto printSide = [&](int64_t first, StringRef firstName, int64_t second,
                       StringRef secondName, ArrayRef<int64_t> spatial) {
    int64_t rank = spatial.size() + 2;
    SmallVector<std::string> names(rank, "?");
    if (first >= 0 && first < rank)
      names[first] = firstName.str();
    if (second >= 0 && second < rank)
      names[second] = secondName.str();
    for (auto [i, d] : llvm::enumerate(spatial))
      if (d >= 0 && d < rank)
        names[d] = std::to_string(i);
    printer << "[";
    llvm::interleaveComma(names, printer);
    printer << "]";
  };
  printSide(attr.getInputBatchDimension(), "b", attr.getInputFeatureDimension(),
            "f", attr.getInputSpatialDimensions());
  printer << "x";
  printSide(attr.getKernelInputFeatureDimension(), "i",
            attr.getKernelOutputFeatureDimension(), "o",
            attr.getKernelSpatialDimensions());
  printer << "->";
  printSide(attr.getOutputBatchDimension(), "b",
            attr.getOutputFeatureDimension(), "f",
            attr.getOutputSpatialDimensions());
}
} // namespace mlir::hlo

namespace {
// The fields of the raw form, in StableHLO's order.
constexpr StringLiteral kConvRawLists[] = {"input_spatial_dimensions",
                                           "kernel_spatial_dimensions",
                                           "output_spatial_dimensions"};
constexpr StringLiteral kConvRawInts[] = {
    "input_batch_dimension",          "input_feature_dimension",
    "kernel_input_feature_dimension", "kernel_output_feature_dimension",
    "output_batch_dimension",         "output_feature_dimension"};

/// Whether `[b, 0, 1, f]` can say where each dimension is: the two named
/// dimensions and the spatial ones are a permutation of 0..rank-1.
bool isCompactSide(int64_t first, int64_t second, ArrayRef<int64_t> spatial) {
  int64_t rank = spatial.size() + 2;
  SmallVector<bool> seen(rank, false);
  SmallVector<int64_t> all = {first, second};
  llvm::append_range(all, spatial);
  for (int64_t d : all) {
    if (d < 0 || d >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}
} // namespace

// `#hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`, or StableHLO's raw
// form `#hlo.conv<raw input_batch_dimension = 0, ...>`, which can also hold
// dimension numbers the compact form cannot (the verifier rejects them).
Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    SmallVector<StringRef> lists(std::begin(kConvRawLists),
                                 std::end(kConvRawLists));
    SmallVector<StringRef> ints(std::begin(kConvRawInts),
                                std::end(kConvRawInts));
    SmallVector<SmallVector<int64_t>> l;
    SmallVector<int64_t> i;
    if (parseDimensionFieldsBody(parser, "conv", lists, l, ints, i) ||
        parser.parseGreater())
      return {};
    return get(parser.getContext(), i[0], i[1], l[0], i[2], i[3], l[1], i[4],
               i[5], l[2]);
  }
  ConvDimensionNumbersAttr attr;
  if (parseConvDimensionsBody(parser, attr) || parser.parseGreater())
    return {};
  return attr;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << "<";
  if (isCompactSide(getInputBatchDimension(), getInputFeatureDimension(),
                    getInputSpatialDimensions()) &&
      isCompactSide(getKernelInputFeatureDimension(),
                    getKernelOutputFeatureDimension(),
                    getKernelSpatialDimensions()) &&
      isCompactSide(getOutputBatchDimension(), getOutputFeatureDimension(),
                    getOutputSpatialDimensions())) {
    printConvDimensionsBody(printer, *this);
    printer << ">";
    return;
  }
  auto list = [&](StringRef name, ArrayRef<int64_t> dims) {
    printer << name << " = [";
    llvm::interleaveComma(dims, printer);
    printer << "]";
  };
  printer << "raw input_batch_dimension = " << getInputBatchDimension()
          << ", input_feature_dimension = " << getInputFeatureDimension()
          << ", ";
  list("input_spatial_dimensions", getInputSpatialDimensions());
  printer << ", kernel_input_feature_dimension = "
          << getKernelInputFeatureDimension()
          << ", kernel_output_feature_dimension = "
          << getKernelOutputFeatureDimension() << ", ";
  list("kernel_spatial_dimensions", getKernelSpatialDimensions());
  printer << ", output_batch_dimension = " << getOutputBatchDimension()
          << ", output_feature_dimension = " << getOutputFeatureDimension()
          << ", ";
  list("output_spatial_dimensions", getOutputSpatialDimensions());
  printer << ">";
}

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<SmallVector<int64_t>> lists;
  SmallVector<int64_t> ints;
  if (parseDimensionFields(
          parser, "scatter",
          {"update_window_dims", "inserted_window_dims", "input_batching_dims",
           "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"},
          lists, {"index_vector_dim"}, ints))
    return {};
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3],
             lists[4], ints[0]);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printDimensionFields(
      printer,
      {{"update_window_dims", getUpdateWindowDims()},
       {"inserted_window_dims", getInsertedWindowDims()},
       {"input_batching_dims", getInputBatchingDims()},
       {"scatter_indices_batching_dims", getScatterIndicesBatchingDims()},
       {"scatter_dims_to_operand_dims", getScatterDimsToOperandDims()}},
      {{"index_vector_dim", getIndexVectorDim()}});
}

// `#hlo.dot<lhs_batching_dimensions = [0], ..., rhs_contracting_dimensions =
// [1]>`, every field optional and empty when absent.
Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<SmallVector<int64_t>> lists;
  SmallVector<int64_t> ints;
  if (parseDimensionFields(parser, "dot dimension",
                           {"lhs_batching_dimensions", "rhs_batching_dimensions",
                            "lhs_contracting_dimensions",
                            "rhs_contracting_dimensions"},
                           lists, {}, ints))
    return {};
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3]);
}

void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printDimensionFields(
      printer,
      {{"lhs_batching_dimensions", getLhsBatchingDimensions()},
       {"rhs_batching_dimensions", getRhsBatchingDimensions()},
       {"lhs_contracting_dimensions", getLhsContractingDimensions()},
       {"rhs_contracting_dimensions", getRhsContractingDimensions()}},
      {});
}
