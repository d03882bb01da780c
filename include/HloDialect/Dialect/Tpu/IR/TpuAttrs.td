//===- TpuAttrs.td - tpu dialect attributes and enums --------*- tablegen -*-===//

#ifndef TPU_ATTRS_TD
#define TPU_ATTRS_TD

include "HloDialect/Dialect/Tpu/IR/TpuBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Tpu_MemorySpaceEnum : I32EnumAttr<"MemorySpace", "a TPU memory", [
    I32EnumAttrCase<"hbm", 0>,
    I32EnumAttrCase<"vmem", 1>,
    I32EnumAttrCase<"smem", 2>,
    I32EnumAttrCase<"semaphore", 3>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tpu";
}

def Tpu_MemorySpaceAttr : EnumAttr<Tpu_Dialect, Tpu_MemorySpaceEnum,
                                   "memory_space"> {
  let summary = "a TPU memory, as a memref memory space";
  let description = [{
    `#tpu.memory_space<hbm>`: the high-bandwidth memory off the core (the
    arrays of a program); `vmem`: the vector memory the VPU and MXUs load
    from and store to; `smem`: the scalar memory (indices, scalars);
    `semaphore`: DMA semaphores (`!tpu.semaphore` elements only).
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Tpu_DimensionSemanticsEnum : I32EnumAttr<"DimensionSemantics",
    "how the iterations of a grid dimension may run", [
    I32EnumAttrCase<"parallel", 0>,
    I32EnumAttrCase<"arbitrary", 1>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tpu";
}

def Tpu_DimensionSemanticsAttr : EnumAttr<Tpu_Dialect,
    Tpu_DimensionSemanticsEnum, "dimension_semantics"> {
  let summary = "parallel or arbitrary (sequential) grid dimension";
  let description = [{
    `parallel`: the iterations are independent and may be split across
    cores; `arbitrary`: they run in order on one core (an accumulation over
    the dimension, a block revisited by consecutive iterations), as Pallas's
    `dimension_semantics`.
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Tpu_ReductionKindEnum : I32EnumAttr<"ReductionKind",
    "the combiner of a cross-lane or cross-sublane reduction", [
    I32EnumAttrCase<"sum", 0>,
    I32EnumAttrCase<"max", 1>,
    I32EnumAttrCase<"min", 2>]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::tpu";
}

def Tpu_ReductionKindAttr : EnumAttr<Tpu_Dialect, Tpu_ReductionKindEnum,
                                     "reduction_kind"> {
  let summary = "sum, max or min";
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class Tpu_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tpu_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tpu_TargetAttr : Tpu_Attr<"Target", "target"> {
  let summary = "a TPU chip: its vector shape, MXUs, memories and speeds";
  let description = [{
    The numbers the verifiers and cost models of TPU code use, per
    TensorCore. `#tpu.target<v5e>` and `#tpu.target<v6e>` name presets
    (`tpu::getTargetPreset`); any other chip is written field by field:

    ```mlir
    #tpu.target<chip = "mine", generation = 5, lanes = 128, sublanes = 8,
                mxu_rows = 128, mxu_cols = 128, mxu_count = 4,
                vmem_bytes = 134217728, smem_bytes = 1048576,
                hbm_bytes_per_second = 819000000000,
                peak_bf16_flops = 197000000000000, clock_mhz = 1500>
    ```

    Presets and their sources:

    | chip | MXUs | VMEM | SMEM | HBM | peak bf16 | clock |
    | --- | --- | --- | --- | --- | --- | --- |
    | v5e | 4 of 128x128 | 128 MiB | 1 MiB | 819 GB/s | 197 TFLOP/s | 1500 MHz |
    | v6e | 4 of 256x256 | 128 MiB | 1 MiB | 1640 GB/s | 918 TFLOP/s | 1750 MHz |

    MXU shapes and counts, HBM bandwidth and peak bf16 throughput: Google
    Cloud's "TPU v5e" and "TPU v6e" system architecture pages
    (cloud.google.com/tpu/docs/v5e, cloud.google.com/tpu/docs/v6e; the v6e
    page gives 2 MXUs in some revisions and 4 in others, 4 being the count
    consistent with its peak at a clock below 2 GHz). VMEM and SMEM
    capacities: the Pallas TPU hardware reference
    (docs.jax.dev/en/latest/pallas/tpu/hardware.html, generated from JAX's
    `pltpu.get_tpu_info()`: 128 MiB VMEM and 1 MiB SMEM per core on both
    chips). Google publishes no clock; it is derived from the peak:
    clock = peak / (2 flops x MXU rows x MXU columns x MXU count), 197e12 /
    (2 x 128 x 128 x 4) = 1.50 GHz, 918e12 / (2 x 256 x 256 x 4) = 1.75 GHz.
  }];
  let parameters = (ins
    StringRefParameter<"the chip's name">:$chip,
    "int64_t":$generation,
    "int64_t":$lanes,
    "int64_t":$sublanes,
    "int64_t":$mxuRows,
    "int64_t":$mxuCols,
    "int64_t":$mxuCount,
    "int64_t":$vmemBytes,
    "int64_t":$smemBytes,
    "int64_t":$hbmBytesPerSecond,
    "int64_t":$peakBf16Flops,
    "int64_t":$clockMhz
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Rows of the (rows, 128) tile of one vector register holding
    /// elements of `bitWidth` bits: 32-bit values fill the sublanes, narrower
    /// ones pack 32 / bitWidth per 32-bit word; 0 for other widths.
    int64_t getSublaneTile(unsigned bitWidth) const;
  }];
}

def Tpu_BlockSpecAttr : Tpu_Attr<"BlockSpec", "block_spec"> {
  let summary = "the block of an operand each grid point of a kernel sees";
  let description = [{
    `#tpu.block_spec<[256, 128], affine_map<(i, j) -> (i, 0)>>`: at grid
    point (i, j) the kernel body sees the block of shape [256, 128] whose
    block indices the map gives (block (i, 0) starts at element (256 * i,
    0)), as a Pallas `BlockSpec`. The map has one dimension per grid
    dimension and one result per operand dimension.
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$blockShape,
                        "::mlir::AffineMap":$indexMap);
  let hasCustomAssemblyFormat = 1;
}

#endif // TPU_ATTRS_TD
