//===- TpuBase.td - the tpu dialect and its types -----------*- tablegen -*-===//

#ifndef TPU_BASE_TD
#define TPU_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def Tpu_Dialect : Dialect {
  let name = "tpu";
  let cppNamespace = "::mlir::tpu";
  let summary = "A TPU-like accelerator modeled on the public hardware facts";
  let description = [{
    The `tpu` dialect describes programs for a TPU TensorCore as the public
    documentation presents it (the Pallas TPU guides, Cloud TPU system
    architecture pages, JAX's Mosaic dialect for op semantics): a scalar
    unit, a vector unit (VPU) working on registers of 8 sublanes x 128 lanes
    of 32-bit values, matrix units (MXUs) fed from vector registers, and
    three on-chip or off-chip memories: HBM (large, off chip), VMEM (the
    vector memory, tens of MiB) and SMEM (scalar memory), plus semaphores
    for DMAs.

    * The target is an attribute, `#tpu.target<v5e>` (or written out field
      by field); ops find it on their `tpu.kernel` or as a `tpu.target`
      attribute on an enclosing op (a module or a function).
    * Memories are memref memory spaces: `#tpu.memory_space<vmem>`.
    * Data in VMEM is tiled: 32-bit elements in (8, 128) tiles, 16-bit
      elements packed two per 32-bit word in (16, 128) tiles, written as
      the target-neutral `#hlo.layout` with `tiles = [[8, 128]]` or
      `[[16, 128]]`. A VMEM memref without a layout has the native tiling
      of its element type.
    * A vector register is `vector<8x128xT>` for 32-bit `T` and
      `vector<16x128xT>` for 16-bit `T`; VPU ops take vectors of whole
      registers (rows a multiple of the sublane tile, columns a multiple of
      128).
    * `tpu.kernel` runs its body once per point of a grid, on VMEM blocks
      of its HBM operands that the hardware pipeline brings in and writes
      back (double-buffered); `tpu.dma_start`/`tpu.dma_wait` move data
      explicitly, with semaphores counting completed bytes.

    Verifiers enforce the hardware rules: tile alignment, VMEM capacity,
    MXU operand shapes and types, register shapes.
  }];
  let dependentDialects = ["::mlir::hlo::HloDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    /// The discardable attribute naming the target of the ops inside the op
    /// that carries it.
    static constexpr ::llvm::StringLiteral kTargetAttrName = "tpu.target";
  }];
}

class Tpu_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tpu_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tpu_SemaphoreType : Tpu_Type<"Semaphore", "semaphore",
                                 [MemRefElementTypeInterface]> {
  let summary = "a DMA semaphore";
  let description = [{
    A counter in the semaphore memory that DMAs increment as they complete
    and `tpu.dma_wait` decrements. Semaphores live in memrefs in the
    `semaphore` memory space: `memref<2x!tpu.semaphore,
    #tpu.memory_space<semaphore>>`, allocated with `tpu.sem_alloc`.
  }];
}

#endif // TPU_BASE_TD
