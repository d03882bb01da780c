//===- Passes.td - the Vulkan/SPIR-V back end -------------*- tablegen -*-===//
//
// The passes of hlo-gpu-pipeline="target=vulkan" that upstream lacks: the
// outlined kernels of the target-neutral GPU stage are prepared for
// convert-gpu-to-spirv (target environment, entry point ABI, types the
// device can store), and the resulting spirv.modules are serialized into
// gpu.binary ops that the host code loads through our Vulkan runtime.
// docs/Passes/HloVulkanPasses.md is generated from these descriptions.
//
//===----------------------------------------------------------------------===//

#ifndef HLO_TARGET_VULKAN_PASSES_TD
#define HLO_TARGET_VULKAN_PASSES_TD

include "mlir/Pass/PassBase.td"

def HloVulkanLowerAllReducePass : Pass<"hlo-vulkan-lower-all-reduce",
                                       "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.all_reduce to a tree over workgroup memory";
  let description = [{
    Upstream's all-reduce lowering assumes 32-lane subgroups, and SPIR-V's
    shuffles need the width to be the device's subgroup size, which differs
    between devices (lavapipe 8, NVIDIA 32, AMD 64) and may vary between
    dispatches. This lowering does not depend on it: every thread stores its
    value into a workgroup buffer (one element per thread of the block, added
    as a workgroup attribution of the kernel), then log2(block) steps halve
    the active range, each followed by a `gpu.barrier`; all threads read the
    result from element 0, and a last barrier lets the buffer be reused.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def HloVulkanEmulateStorageTypesPass
    : Pass<"hlo-vulkan-emulate-storage-types", "ModuleOp"> {
  let summary = "Hold the element types SPIR-V lacks as types it has";
  let description = [{
    SPIR-V has no bf16 (without SPV_KHR_bfloat16), no 8-bit floats and no
    complex numbers, and upstream's type conversion widens the emulated
    narrow floats to f32, which breaks their storage. Their arithmetic is
    emulated before (in f32, and complex numbers as pairs of floats, by
    the float emulation passes shared with the other GPU back ends), so in
    the kernels only their bits move: this pass gives every value of the
    kernels its storage type, in place. bf16 and the 8-bit floats become
    integers of their width (i16, i8), complex numbers of f16, f32 or f64
    2-element vectors of their parts (the layout of complex numbers in
    memory), and vectors and memrefs of these accordingly: kernel
    arguments, workgroup buffers, views, loads, stores, selects, control
    flow. Constants and constant buffers keep their bits;
    `complex.create`/`re`/`im` become `vector.from_elements`/`extract`;
    bitcasts that become no-ops are removed. Each `gpu.launch_func` passes
    a buffer argument through an `unrealized_conversion_cast` to the new
    type (the same memory, and the same descriptor once lowered to the
    LLVM dialect) and a narrow float scalar as its bits (`arith.bitcast`).
    A complex scalar kernel argument (an initial value of a reduction, a
    padding value) becomes two arguments, its real and imaginary parts
    (push constants once lowered), which the launches take from the host's
    value with `complex.re`/`complex.im`.

    An op that would compute with such a value (arithmetic that was not
    emulated) or a complex constant buffer is an "unsupported on this
    device: <type>" error.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::complex::ComplexDialect",
                           "::mlir::vector::VectorDialect"];
}

def HloVulkanLegalizeStorageTypesPass
    : Pass<"hlo-vulkan-legalize-storage-types", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Make kernels' memory accesses and element types storable "
                "in Vulkan storage buffers";
  let description = [{
    Vulkan's logical addressing cannot reinterpret a pointer to a scalar
    as a pointer to a vector, so the 128-bit `vector.load`/`vector.store`
    of elementwise kernels become one scalar access per lane. Element types
    the device cannot hold in a storage buffer are rejected with one located
    "unsupported on this device: <type>" error: what
    hlo-vulkan-emulate-storage-types left of complex numbers and floats
    SPIR-V lacks (4- and 6-bit floats, complex numbers of bf16) and, by the
    `features` option, f16, f64, i64.
  }];
  let options = [
    ListOption<"features", "features", "std::string",
               "What the device has: f16, f64, i64, i16, i8">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def HloVulkanPrepareKernelsPass : Pass<"hlo-vulkan-prepare-kernels",
                                       "ModuleOp"> {
  let summary = "Attach the device's spirv.target_env to kernel modules and "
                "the entry point ABI to kernels";
  let description = [{
    Each `gpu.module` gets a `#spirv.target_env` (Vulkan, SPIR-V 1.3) built
    from the device's limits and features: the subgroup size (queried from
    the device by hlo-runner, never assumed), the workgroup memory size,
    and the capabilities Float16, Float64, Int64, Int16, Int8 and 8/16-bit
    storage where present. Each kernel gets `spirv.entry_point_abi` with its
    workgroup size (`known_block_size`). convert-gpu-to-spirv drops
    attributions: a kernel's workgroup attributions become `memref.alloc`s
    and its private ones `memref.alloca`s at its entry (Workgroup and
    Function variables once converted), and the GPU dialect's workgroup and
    private address spaces of every memref in the module become SPIR-V's
    Workgroup and Function storage classes. A kernel argument is a statically
    shaped memref with the identity layout (a descriptor binding of fixed
    size), a 1-D memref of dynamic size (a runtime array) or an integer,
    float or index scalar of up to 64 bits (a push constant:
    hlo-vulkan-push-constants; i1, i8, i16 and f16 scalars are passed as
    i32, which the kernel truncates on entry and every launch
    zero-extends). Bare-pointer kernel arguments keep only a buffer's
    pointer, so a view (an offset, strides, dynamic sizes read by
    `memref.dim`) is passed as its base buffer, a 1-D runtime array, plus
    its dynamic offset, strides and sizes as index arguments after the
    others: its loads and stores index the base, and every launch passes
    the base (`memref.extract_strided_metadata`, `memref.reinterpret_cast`)
    and the metadata. A view used otherwise, an unranked memref or any
    other argument is an error. Vector values of more than 4 elements
    (SPIR-V's largest without the Vector16 capability; 8 lanes of bf16
    widened to f32 come from 128-bit loads of 16-bit elements) are unrolled
    into vectors of at most 4 (upstream's SPIR-V vector unrolling).
  }];
  let options = [
    Option<"subgroupSize", "subgroup-size", "int64_t", /*default=*/"32",
           "The device's subgroup size">,
    Option<"sharedMemoryBytes", "shared-memory-bytes", "int64_t",
           /*default=*/"16384",
           "The device's workgroup memory per workgroup">,
    ListOption<"features", "features", "std::string",
               "What the device has: f16, f64, i64, i16, i8">,
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def HloVulkanPushConstantsPass : Pass<"hlo-vulkan-push-constants",
                                      "::mlir::spirv::ModuleOp"> {
  let summary = "Pass the scalar arguments of each entry point as one block "
                "of push constants";
  let description = [{
    `spirv-lower-abi-attrs` gives every scalar kernel argument a storage
    buffer of its own (`bind(0, i)` for argument i, a struct of the one
    scalar), which the host would have to allocate and fill for every
    launch. This pass moves the scalars of each entry point into one
    `PushConstant` variable, a struct with the scalars in argument order,
    each at an offset aligned to its size, and rewrites their loads to read
    its members. Buffers keep their bindings (`bind(0, i)` for argument i).
    The entry function records the layout for the runtime as
    `hlo.vulkan.push_constants = array<i32: argument, offset, bytes, ...>`
    (hlo-vulkan-serialize-kernels writes it next to the SPIR-V). A block
    larger than `max-bytes` (Vulkan guarantees 128) is an error.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "int64_t", /*default=*/"128",
           "The device's maxPushConstantsSize">,
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def HloVulkanExactFloatArithmeticPass
    : Pass<"hlo-vulkan-exact-float-arithmetic", "::mlir::spirv::ModuleOp"> {
  let summary = "Decorate float arithmetic NoContraction so that drivers "
                "keep each rounding";
  let description = [{
    Without decorations a Vulkan driver may reassociate, contract and
    simplify float arithmetic (Mesa's NIR applies its inexact algebraic
    rules, e.g. `(a + b) - b` to `a`, and fuses multiplies into adds),
    which breaks what our math expansions rely on (rounding to an integer
    by adding and subtracting 1.5 * 2^52, error-free sums and products) and
    makes results differ from the CPU path's separately rounded operations.
    This pass gives every float `spirv.FAdd`, `FSub`, `FMul`, `FDiv`,
    `FRem`, `FMod`, `FNegate` and `spirv.GL.Fma` the `no_contraction`
    attribute, which the serializer writes as the NoContraction decoration
    (Mesa marks such instructions exact).

    Example: `%r = spirv.FAdd %a, %b : f64` becomes
    `%r = spirv.FAdd %a, %b {no_contraction} : f64`.
  }];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def HloVulkanSerializeKernelsPass : Pass<"hlo-vulkan-serialize-kernels",
                                         "ModuleOp"> {
  let summary = "Serialize the spirv.module of each kernel module into a "
                "gpu.binary";
  let description = [{
    After `convert-gpu-to-spirv` each `gpu.module @name` has a sibling
    `spirv.module @__spv__name`. The SPIR-V module is serialized (it must
    already carry its version, capabilities and extensions:
    `spirv-update-vce`) and the pair is replaced by
    `gpu.binary @name [#gpu.object<#spirv.target_env<...>, bin = "...">]`,
    which the host code's `gpu.launch_func` loads at run time. The object
    is the SPIR-V behind a header that tells the runtime how to pass each
    kernel's arguments: `HLOVKSP1`, the number of kernels, and per kernel
    its name, its number of arguments and, per push-constant argument
    (`hlo.vulkan.push_constants`, from hlo-vulkan-push-constants), its
    index, offset and size in bytes; every other argument is a storage
    buffer bound at its index. All numbers are little-endian uint32.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // HLO_TARGET_VULKAN_PASSES_TD
