//===- HloAttrs.td - hlo dialect attributes ----------------*- tablegen -*-===//

#ifndef HLO_ATTRS_TD
#define HLO_ATTRS_TD

include "HloDialect/Dialect/Hlo/IR/HloDialect.td"
include "HloDialect/Dialect/Hlo/IR/HloEnums.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class HLO_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Hlo_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def HLO_DotDimensionNumbers : HLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "dimension numbers of `hlo.dot_general`";
  let description = [{
    Which dimensions of the two operands are batch dimensions (paired one to
    one, they lead the result) and which are contracted (summed over).
    Printed as
    `#hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
    lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>`;
    empty lists are omitted.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_ScatterDimensionNumbers : HLO_Attr<"ScatterDimensionNumbers", "scatter"> {
  let summary = "dimension numbers of `hlo.scatter`";
  let description = [{
    How update elements map to result elements (StableHLO `scatter`):
    `update_window_dims` are the update dimensions that index within a
    window, `inserted_window_dims` the result dimensions of size 1 the
    windows leave out, `input_batching_dims`/`scatter_indices_batching_dims`
    pair batch dimensions, `scatter_dims_to_operand_dims` says which result
    dimension each component of an index vector addresses, and
    `index_vector_dim` is the dimension of `scatter_indices` holding the
    index vectors. Printed as
    `#hlo.scatter<update_window_dims = [1], inserted_window_dims = [0],
    scatter_dims_to_operand_dims = [0], index_vector_dim = 1>`; empty lists
    and a zero `index_vector_dim` are omitted.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$updateWindowDims,
    ArrayRefParameter<"int64_t">:$insertedWindowDims,
    ArrayRefParameter<"int64_t">:$inputBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$scatterDimsToOperandDims,
    "int64_t":$indexVectorDim
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_GatherDimensionNumbers : HLO_Attr<"GatherDimensionNumbers", "gather"> {
  let summary = "dimension numbers of `hlo.gather`";
  let description = [{
    How result elements map to operand elements (StableHLO `gather`):
    `offset_dims` are the result dimensions that index within a slice,
    `collapsed_slice_dims` the size-1 slice dimensions left out of the result,
    `operand_batching_dims`/`start_indices_batching_dims` pair batch
    dimensions, `start_index_map` says which operand dimension each component
    of an index vector addresses, and `index_vector_dim` is the dimension of
    `start_indices` holding the index vectors. Printed as
    `#hlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
    start_index_map = [0], index_vector_dim = 1>`; empty lists and a zero
    `index_vector_dim` are omitted.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$offsetDims,
    ArrayRefParameter<"int64_t">:$collapsedSliceDims,
    ArrayRefParameter<"int64_t">:$operandBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndicesBatchingDims,
    ArrayRefParameter<"int64_t">:$startIndexMap,
    "int64_t":$indexVectorDim
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_ConvDimensionNumbers : HLO_Attr<"ConvDimensionNumbers", "conv"> {
  let summary = "dimension numbers of `hlo.convolution`";
  let description = [{
    Which dimensions of the input, the kernel and the output are batch,
    feature and spatial dimensions, written as StableHLO does:
    `#hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` (the position of
    `b`/`f` in the first list is the input's batch/feature dimension, the
    position of spatial dimension `k` is where `k` appears; likewise `i`/`o`
    for the kernel). StableHLO's raw form, `#hlo.conv<raw
    input_batch_dimension = 0, input_feature_dimension = 3,
    input_spatial_dimensions = [1, 2], ..., output_spatial_dimensions = [1,
    2]>`, parses too; dimension numbers the compact form cannot say (a
    repeated or out-of-range dimension, which the verifier rejects) print in
    it.
  }];
  let parameters = (ins
    "int64_t":$inputBatchDimension,
    "int64_t":$inputFeatureDimension,
    ArrayRefParameter<"int64_t">:$inputSpatialDimensions,
    "int64_t":$kernelInputFeatureDimension,
    "int64_t":$kernelOutputFeatureDimension,
    ArrayRefParameter<"int64_t">:$kernelSpatialDimensions,
    "int64_t":$outputBatchDimension,
    "int64_t":$outputFeatureDimension,
    ArrayRefParameter<"int64_t">:$outputSpatialDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_ChannelHandle : HLO_Attr<"ChannelHandle", "channel_handle"> {
  let summary = "the channel of a cross-program communication";
  let description = [{
    `handle` identifies the channel (0: none), `type` its kind (StableHLO
    `channel_handle`: 0 invalid, 1 device to device, 2 device to host, 3
    host to device). Printed as
    `#hlo.channel_handle<handle = 1, type = 0>`.
  }];
  let parameters = (ins "int64_t":$handle, "int64_t":$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

def HLO_DotAlgorithm : HLO_Attr<"DotAlgorithm", "dot_algorithm"> {
  let summary = "the algorithm of a `hlo.dot_general`";
  let description = [{
    The precision of the operands as the products see them, the type they
    accumulate in, how many parts each operand is decomposed into, the
    number of primitive products, and whether accumulation may be less
    precise (StableHLO `DotAlgorithm`). The CPU target computes every
    product at least as precisely as the algorithm asks (in the result's
    own type). Printed after `algorithm = ` as
    `<lhs_precision_type = tf32, rhs_precision_type = tf32,
    accumulation_type = f32, lhs_component_count = 1,
    rhs_component_count = 1, num_primitive_operations = 1,
    allow_imprecise_accumulation = false>`.
  }];
  let parameters = (ins "::mlir::Type":$lhs_precision_type,
                        "::mlir::Type":$rhs_precision_type,
                        "::mlir::Type":$accumulation_type,
                        "int64_t":$lhs_component_count,
                        "int64_t":$rhs_component_count,
                        "int64_t":$num_primitive_operations,
                        "bool":$allow_imprecise_accumulation);
  let assemblyFormat = "`<` struct(params) `>`";
}

def HLO_OutputOperandAlias : HLO_Attr<"OutputOperandAlias",
                                      "output_operand_alias"> {
  let summary = "a custom call result that may reuse an operand's buffer";
  let description = [{
    StableHLO's `output_operand_alias` of `custom_call`: the result (or the
    tuple element of it at `output_tuple_indices`) may share the buffer of
    operand `operand_index` (of its element at `operand_tuple_indices`).
    JAX's LAPACK calls carry it because LAPACK works in place. It is a hint
    about buffers, not about values: lowerings read it as documentation and
    never rely on it. Printed as
    `#hlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0,
    operand_tuple_indices = []>`; empty lists and a zero index are omitted.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$outputTupleIndices,
    "int64_t":$operandIndex,
    ArrayRefParameter<"int64_t">:$operandTupleIndices
  );
  let hasCustomAssemblyFormat = 1;
}

def HLO_Layout : HLO_Attr<"Layout", "layout",
    [DeclareAttrInterfaceMethods<MemRefLayoutAttrInterface,
                                 ["verifyLayout"]>]> {
  let summary = "a physical layout: dimension order and tiling (XLA's Layout)";
  let description = [{
    How the elements of an array lie in memory, as XLA's `Layout` says it:
    `minor_to_major` lists the logical dimensions from the fastest varying
    to the slowest (`[1, 0]` is row-major for rank 2, `[0, 1]`
    column-major), and `tiles` (optional) cut the array into tiles, each
    tile stored contiguously, tiles in row-major order. The first tile
    applies to the most minor dimensions of the array in its physical
    (minor_to_major) order; each further tile applies to the most minor
    dimensions of the shape the tiling before it produced, as in XLA
    (`tiles = [[8, 128], [2, 1]]` is XLA's `T(8,128)(2,1)`). A dimension
    that is not a multiple of its tile is padded up to one.

    ```mlir
    memref<16x256xf32, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>>
    memref<4x3xf32, #hlo.layout<minor_to_major = [0, 1]>>
    ```

    It is target-neutral: TPU's (8, 128) tiles of 32-bit data and
    (16, 128) tiles of 16-bit data are this attribute with those tiles (see
    the `tpu` dialect). As a memref layout it implements
    `MemRefLayoutAttrInterface`: the affine map takes the logical indices to
    the physical ones, major to minor: the untiled dimensions in physical
    order, then the index of the tile (`floordiv`) and the index inside the
    tile (`mod`) of each tiled dimension; `minor_to_major = [0, 1]` is
    `(d0, d1) -> (d1, d0)`, `tiles = [[8, 128]]` on rank 2 is
    `(d0, d1) -> (d0 floordiv 8, d1 floordiv 128, d0 mod 8, d1 mod 128)`.

    Verified: `minor_to_major` is a permutation of the dimensions of the
    memref, tile sizes are positive and no tile has more dimensions than the
    shape it tiles. XLA's tile dimension -1 (combining dimensions) and
    element sizes in bits are not modeled.

    On tensors the same attribute says how XLA lays out a value, as
    discardable attributes (the values of the `hlo` ops stay logical,
    row-major arrays; only a layout's consumers read it):

    - `hlo.layout` on an op: the layout of its result (`#hlo.layout`), or
      one entry per result (`#hlo.layout`, or `unit` where none is given)
      for an op with several;
    - `hlo.layout` on a function argument or result: the layout of that
      parameter or result (XLA's `entry_computation_layout`);
    - `hlo.operand_layouts` on `hlo.custom_call`: one entry per operand
      (XLA's `operand_layout_constraints`, StableHLO's `operand_layouts`):
      the layout in which the call's implementation reads that operand;
      on `hlo.fusion`, the layouts of its fused computation's parameters.

    The dialect verifies that each is a `#hlo.layout` of the rank of the
    value it describes (a string is accepted too: layout text with parts
    this attribute does not model, such as memory spaces, element sizes
    or sparse dimension levels, kept from XLA's HLO text).
    `hlo-layout-normalization` makes them explicit transposes and drops
    them.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$minorToMajor,
    // Every tile's sizes, concatenated; `tileRanks` says how many each has.
    ArrayRefParameter<"int64_t">:$tileSizes,
    ArrayRefParameter<"int64_t">:$tileRanks
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The tiles, outermost tiling first.
    ::llvm::SmallVector<::llvm::ArrayRef<int64_t>> getTiles() const;
    /// The rank of the arrays this layout applies to.
    int64_t getRank() const { return getMinorToMajor().size(); }
    /// The row-major (default) layout of rank `rank`, untiled.
    static LayoutAttr getRowMajor(::mlir::MLIRContext *context,
                                  int64_t rank);
    /// Whether this is the row-major layout without tiles: the layout of
    /// every tensor of the `hlo` dialect's lowering.
    bool isRowMajor() const;
    /// The logical dimensions from the slowest varying to the fastest: the
    /// permutation a transpose applies to get the physical array.
    ::llvm::SmallVector<int64_t> getMajorToMinor() const;
  }];
}

#endif // HLO_ATTRS_TD
