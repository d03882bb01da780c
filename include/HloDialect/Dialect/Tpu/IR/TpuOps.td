//===- TpuOps.td - the tpu dialect's ops --------------------*- tablegen -*-===//

#ifndef TPU_OPS_TD
#define TPU_OPS_TD

include "HloDialect/Dialect/Tpu/IR/TpuAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

class Tpu_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tpu_Dialect, mnemonic, traits>;

def Tpu_SemaphoreMemRef : MemRefOf<[Tpu_SemaphoreType]>;

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

def Tpu_KernelOp : Tpu_Op<"kernel", [AttrSizedOperandSegments, SingleBlock,
                                     NoTerminator]> {
  let summary = "a grid of invocations on VMEM blocks of HBM operands";
  let description = [{
    The body runs once per point of `grid` (a Pallas `pallas_call`). Its
    arguments are the grid indices (one `index` per grid dimension), then
    one VMEM memref per operand: the block of that operand that the
    operand's `#tpu.block_spec` selects at this grid point. Blocks of
    `ins` are copied in from HBM before the body runs and blocks of `outs`
    copied back after it; the hardware pipeline double-buffers them (the
    next grid point's blocks move while the body computes on this one's).

    ```mlir
    tpu.kernel grid = [4, 2] semantics = [parallel, arbitrary]
        ins(%x : memref<1024x256xf32, #tpu.memory_space<hbm>>)
        outs(%y : memref<1024x256xf32, #tpu.memory_space<hbm>>)
        blocks = [#tpu.block_spec<[256, 128], affine_map<(i, j) -> (i, j)>>,
                  #tpu.block_spec<[256, 128], affine_map<(i, j) -> (i, j)>>]
        target = #tpu.target<v5e> {
    ^bb0(%i: index, %j: index,
         %xb: memref<256x128xf32, #tpu.memory_space<vmem>>,
         %yb: memref<256x128xf32, #tpu.memory_space<vmem>>):
      ...
    }
    ```

    Verified: `semantics` has one entry per grid dimension and the grid's
    bounds are positive; one block spec per operand, of the operand's rank,
    whose map has one dimension per grid dimension; operands are statically
    shaped HBM memrefs; a block is no larger than its operand, and its last
    dimension is a multiple of 128 lanes and its second-to-last a multiple
    of the sublane tile of its element type (8 for 32-bit, 16 for 16-bit,
    32 for 8-bit), unless the block spans the operand's whole dimension;
    the blocks at the first and the last grid point start inside their
    operands; the body's arguments are the grid indices and the blocks in
    VMEM; and twice the blocks' VMEM footprint (their sizes padded to whole
    tiles, double-buffered) plus the VMEM the body allocates fits the
    target's VMEM.
  }];
  let arguments = (ins
    Variadic<AnyStaticShapeMemRef>:$inputs,
    Variadic<AnyStaticShapeMemRef>:$outputs,
    DenseI64ArrayAttr:$grid,
    TypedArrayAttrBase<Tpu_DimensionSemanticsAttr,
                       "dimension semantics">:$dimension_semantics,
    TypedArrayAttrBase<Tpu_BlockSpecAttr, "block specs">:$block_specs,
    OptionalAttr<Tpu_TargetAttr>:$target
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `grid` `=` $grid `semantics` `=` custom<DimensionSemantics>($dimension_semantics)
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    (`outs` `(` $outputs^ `:` type($outputs) `)`)?
    `blocks` `=` $block_specs (`target` `=` $target^)?
    attr-dict-with-keyword $body
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The bytes of VMEM the kernel needs: its blocks, padded to whole tiles
    /// and double-buffered, plus the VMEM its body allocates.
    int64_t getVmemFootprint();
  }];
}

//===----------------------------------------------------------------------===//
// DMAs and semaphores
//===----------------------------------------------------------------------===//

def Tpu_SemAllocOp : Tpu_Op<"sem_alloc"> {
  let summary = "allocates DMA semaphores";
  let description = [{
    ```mlir
    %sems = tpu.sem_alloc : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
    ```
    A statically shaped memref of semaphores, each starting at zero, in the
    `semaphore` memory space.
  }];
  let results = (outs Arg<Tpu_SemaphoreMemRef, "the semaphores",
                          [MemAlloc<DefaultResource>]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Tpu_DmaStartOp : Tpu_Op<"dma_start"> {
  let summary = "starts an asynchronous copy between HBM and VMEM or SMEM";
  let description = [{
    ```mlir
    tpu.dma_start %src, %dst, %sems[%c0] : memref<256x128xf32, #tpu.memory_space<hbm>>,
        memref<256x128xf32, #tpu.memory_space<vmem>>,
        memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
    ```
    Copies `source` to `target` in the background; when the copy is done
    the semaphore (`semaphore` at `semaphore_indices`) counts its bytes.
    A `tpu.dma_wait` on the same semaphore with a buffer of the same size
    waits for it. Blocks of larger arrays are `memref.subview`s.

    Verified: one side in HBM and the other in VMEM or SMEM, equal static
    shapes and element types, a VMEM side in the native tiling of its
    element type or a window of such a buffer (a `memref.subview` with
    static strides, the innermost 1: the part of a block inside its array
    at the array's edge), a semaphore memref indexed by one index per
    dimension.
  }];
  let arguments = (ins
    Arg<AnyStaticShapeMemRef, "copied from", [MemRead]>:$source,
    Arg<AnyStaticShapeMemRef, "copied to", [MemWrite]>:$target,
    Arg<Tpu_SemaphoreMemRef, "signalled on completion",
        [MemRead, MemWrite]>:$semaphore,
    Variadic<Index>:$semaphore_indices
  );
  let assemblyFormat = [{
    $source `,` $target `,` $semaphore (`[` $semaphore_indices^ `]`)?
    attr-dict `:` type($source) `,` type($target) `,` type($semaphore)
  }];
  let hasVerifier = 1;
}

def Tpu_DmaWaitOp : Tpu_Op<"dma_wait"> {
  let summary = "waits for a DMA of a buffer's size on a semaphore";
  let description = [{
    ```mlir
    tpu.dma_wait %sems[%c0], %dst : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>,
        memref<256x128xf32, #tpu.memory_space<vmem>>
    ```
    Blocks until the semaphore has counted the bytes of `ref` (the
    destination of the awaited DMA), then takes them off the count.

    Verified: a semaphore memref indexed by one index per dimension; `ref`
    statically shaped, in HBM, VMEM or SMEM.
  }];
  let arguments = (ins
    Arg<Tpu_SemaphoreMemRef, "waited on", [MemRead, MemWrite]>:$semaphore,
    Variadic<Index>:$semaphore_indices,
    Arg<AnyStaticShapeMemRef, "the awaited DMA's destination",
        [MemRead]>:$ref
  );
  let assemblyFormat = [{
    $semaphore (`[` $semaphore_indices^ `]`)? `,` $ref
    attr-dict `:` type($semaphore) `,` type($ref)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Vector loads and stores
//===----------------------------------------------------------------------===//

def Tpu_LoadOp : Tpu_Op<"load", [AttrSizedOperandSegments,
    OptionalTypesMatchWith<"the mask has the shape of the result",
        "result", "mask",
        "::mlir::VectorType::get(::llvm::cast<::mlir::VectorType>($_self).getShape(), ::mlir::IntegerType::get($_self.getContext(), 1))">]> {
  let summary = "loads one vector register from VMEM";
  let description = [{
    ```mlir
    %v = tpu.load %ref[%i, %j] masked %m sublane_stride 2
        : memref<64x256xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    ```
    Loads `vector<8x128xT>` (32-bit `T`) or `vector<16x128xT>` (16-bit
    `T`, packed) starting at the indices: row r of the register is row
    `i + r * sublane_stride` of the two most minor dimensions, lanes are
    columns `j` to `j + 127`. Where the mask (one bit per element) is
    false the result is unspecified (the simulator writes zeros).

    Verified: `base` in VMEM in the native tiling of its element type, one
    index per dimension, at least 2 dimensions, the register shape of the
    element type, element types equal, `sublane_stride` at least 1.
  }];
  let arguments = (ins
    Arg<AnyStaticShapeMemRef, "loaded from", [MemRead]>:$base,
    Variadic<Index>:$indices,
    Optional<VectorOfRankAndType<[2], [I1]>>:$mask,
    OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$sublane_stride
  );
  let results = (outs VectorOfRank<[2]>:$result);
  let assemblyFormat = [{
    $base `[` $indices `]` (`masked` $mask^)?
    (`sublane_stride` $sublane_stride^)? attr-dict `:` type($base) `,`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tpu_StoreOp : Tpu_Op<"store", [AttrSizedOperandSegments,
    OptionalTypesMatchWith<"the mask has the shape of the stored value",
        "value", "mask",
        "::mlir::VectorType::get(::llvm::cast<::mlir::VectorType>($_self).getShape(), ::mlir::IntegerType::get($_self.getContext(), 1))">]> {
  let summary = "stores one vector register to VMEM";
  let description = [{
    ```mlir
    tpu.store %v, %ref[%i, %j] masked %m
        : vector<8x128xf32>, memref<64x256xf32, #tpu.memory_space<vmem>>
    ```
    The inverse of `tpu.load`: row r of the register goes to row
    `i + r * sublane_stride`; where the mask is false memory is left as it
    was. Verified as `tpu.load`.
  }];
  let arguments = (ins
    VectorOfRank<[2]>:$value,
    Arg<AnyStaticShapeMemRef, "stored to", [MemWrite]>:$base,
    Variadic<Index>:$indices,
    Optional<VectorOfRankAndType<[2], [I1]>>:$mask,
    OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$sublane_stride
  );
  let assemblyFormat = [{
    $value `,` $base `[` $indices `]` (`masked` $mask^)?
    (`sublane_stride` $sublane_stride^)? attr-dict `:` type($value) `,`
    type($base)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// MXU
//===----------------------------------------------------------------------===//

def Tpu_MatmulOp : Tpu_Op<"matmul", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "a matrix product with accumulation on the MXUs";
  let description = [{
    ```mlir
    %r = tpu.matmul %lhs, %rhs, %acc : vector<256x256xbf16>, vector<256x128xbf16>,
        vector<256x128xf32> -> vector<256x128xf32>
    ```
    `result = acc + lhs x rhs`, products and sums in f32. The MXU holds a
    (rows x columns) block of `rhs` (the weights) and streams the rows of
    `lhs` through it. With `transpose_rhs` the right-hand side is N x K
    (`result = acc + lhs x rhs^T`): the MXU loads its weights transposed.

    Verified against the target in scope: `lhs` is M x K, `rhs` K x N (N x
    K with `transpose_rhs`),
    `acc` and the result M x N; `lhs` and `rhs` both bf16 or both f32,
    `acc` f32; K a multiple of the MXU's rows, N of its columns, M of the
    sublane tile of `lhs` (8 for f32, 16 for bf16).
  }];
  let arguments = (ins VectorOfRankAndType<[2], [BF16, F32]>:$lhs,
                       VectorOfRankAndType<[2], [BF16, F32]>:$rhs,
                       VectorOfRankAndType<[2], [F32]>:$acc,
                       UnitAttr:$transpose_rhs);
  let results = (outs VectorOfRankAndType<[2], [F32]>:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $acc (`transpose_rhs` $transpose_rhs^)? attr-dict `:`
    type($lhs) `,` type($rhs) `,` type($acc) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Cross-lane and cross-sublane reductions and broadcasts
//===----------------------------------------------------------------------===//

class Tpu_ReduceOp<string mnemonic> : Tpu_Op<mnemonic, [Pure]> {
  let arguments = (ins Tpu_ReductionKindAttr:$kind,
                       VectorOfRankAndType<[2], [AnyInteger, AnyFloat]>:$source);
  let results = (outs VectorOfRankAndType<[2], [AnyInteger, AnyFloat]>:$result);
  let assemblyFormat = [{
    $kind $source attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tpu_ReduceLanesOp : Tpu_ReduceOp<"reduce_lanes"> {
  let summary = "reduces across the lanes (the minor dimension)";
  let description = [{
    ```mlir
    %r = tpu.reduce_lanes <sum> %v : vector<8x256xf32> -> vector<8x1xf32>
    ```
    Combines the elements of each row (a cross-lane reduction on the XLU).
    Verified: the source is whole registers (rows a multiple of the
    sublane tile of its element type, columns of 128), the result has the
    source's rows, one column and its element type; `max`/`min`/`sum` on
    integers or floats.
  }];
}

def Tpu_ReduceSublanesOp : Tpu_ReduceOp<"reduce_sublanes"> {
  let summary = "reduces across the sublanes (the second-minor dimension)";
  let description = [{
    ```mlir
    %r = tpu.reduce_sublanes <max> %v : vector<16x128xf32> -> vector<1x128xf32>
    ```
    Combines the elements of each column. Verified: the source is whole
    registers, the result has one row, the source's columns and its
    element type.
  }];
}

class Tpu_BroadcastOp<string mnemonic> : Tpu_Op<mnemonic, [Pure]> {
  let arguments = (ins VectorOfRankAndType<[2], [AnyInteger, AnyFloat]>:$source);
  let results = (outs VectorOfRankAndType<[2], [AnyInteger, AnyFloat]>:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def Tpu_BroadcastLanesOp : Tpu_BroadcastOp<"broadcast_lanes"> {
  let summary = "repeats one column across the lanes";
  let description = [{
    ```mlir
    %r = tpu.broadcast_lanes %v : vector<8x1xf32> -> vector<8x128xf32>
    ```
    Verified: the source has one column; the result is whole registers with
    the source's rows and element type.
  }];
}

def Tpu_BroadcastSublanesOp : Tpu_BroadcastOp<"broadcast_sublanes"> {
  let summary = "repeats one row across the sublanes";
  let description = [{
    ```mlir
    %r = tpu.broadcast_sublanes %v : vector<1x128xf32> -> vector<8x128xf32>
    ```
    Verified: the source has one row; the result is whole registers with
    the source's columns and element type.
  }];
}

//===----------------------------------------------------------------------===//
// Relayouts
//===----------------------------------------------------------------------===//

def Tpu_RelayoutOp : Tpu_Op<"relayout"> {
  let summary = "copies a VMEM buffer into another tiling";
  let description = [{
    ```mlir
    tpu.relayout %src, %dst
        : memref<16x256xbf16, #hlo.layout<minor_to_major = [1, 0], tiles = [[8, 128]]>, #tpu.memory_space<vmem>>,
          memref<16x256xbf16, #tpu.memory_space<vmem>>
    ```
    Copies the elements of `source` to the same logical positions of
    `target`, whose tiling differs (a DMA'd block of bf16 data in (8, 128)
    tiles into the native packed (16, 128) tiling, or a layout with another
    dimension order). A VMEM memref without a layout is in the native
    tiling of its element type.

    Verified: both in VMEM, equal static shapes and element types, both
    layouts `#hlo.layout`s or native, and different (a relayout that
    changes nothing is an error).
  }];
  let arguments = (ins Arg<AnyStaticShapeMemRef, "read", [MemRead]>:$source,
                       Arg<AnyStaticShapeMemRef, "written", [MemWrite]>:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `,` type($target)
  }];
  let hasVerifier = 1;
}

#endif // TPU_OPS_TD
