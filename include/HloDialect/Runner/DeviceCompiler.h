//===- DeviceCompiler.h - compile an hlo module for a device ----*- C++ -*-===//
//
// The device side of hlo-runner: lowers a module with a device's pipeline
// (hlo-gpu-pipeline for cuda and rocm), writes its kernels' device code
// (PTX, cubin, AMDGPU assembly) and emits ahead-of-time program objects.
//
// An ahead-of-time program object (`--aot-output=FILE.o`, linked into a
// shared object with `cc -shared`) is what hlo-aot-run executes, on a
// machine without MLIR or LLVM. It exports
//
//   void hlo_aot_entry(void **buffers);
//   const char hlo_aot_signature[];   // "cuda;f32[4,8],i32[];f32[4,8]"
//
// buffers[0..n) are the inputs and buffers[n..n+m) the results, device
// pointers for GPU devices; the signature names the device, the inputs
// and the results. Kernels are embedded in the object and loaded by its
// global constructors through the runtime's `mgpu*` functions.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNNER_DEVICECOMPILER_H
#define HLODIALECT_RUNNER_DEVICECOMPILER_H

#include "HloDialect/Runner/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace mlir {
class PassManager;

namespace hlo {

struct DeviceCompileOptions {
  /// cuda or rocm.
  std::string device = "cuda";
  /// hlo-gpu-pipeline options in textual form (`chip=sm_80 format=isa`).
  std::string pipelineOptions;
  /// Called on the pass manager before it runs (timing, IR printing).
  std::function<LogicalResult(PassManager &)> configurePassManager;
  /// Verify after every pass (`--verify-each`) rather than once at the end.
  bool verifyEachPass = false;
};

/// Whether hlo-runner knows `device` as a GPU device.
bool isGpuDevice(llvm::StringRef device);

/// Lowers `module` in place to the LLVM dialect with its kernels serialized
/// into gpu.binary ops. With a non-empty `dumpDir`, first writes each
/// kernel module's readable device code there (DIR/<module>.ptx for cuda,
/// DIR/<module>.s for rocm), then, after the lowering, each binary object
/// (DIR/<module>.cubin for cuda).
LogicalResult lowerForDevice(ModuleOp module,
                             const DeviceCompileOptions &options,
                             llvm::StringRef dumpDir = "");

/// The element type's name in an AOT signature (f32, bf16, i1, ui8, c64).
std::string getAotTypeName(Type elementType);

/// The signature string of an entry with these types on `device`.
std::string getAotSignature(llvm::StringRef device,
                            ArrayRef<RankedTensorType> inputs,
                            ArrayRef<RankedTensorType> results);

/// What an ahead-of-time object exports and what it is compiled for.
struct AotObjectOptions {
  /// `void NAME(void **buffers)`, the entry point.
  std::string entrySymbol = "hlo_aot_entry";
  /// `const char NAME[]`, the signature (empty: none).
  std::string signatureSymbol = "hlo_aot_signature";
  /// The x86-64 CPU the code is for (`x86-64`: any; `native`: this host's
  /// CPU and features) and extra features (`+avx2,+fma`).
  std::string cpu = "x86-64";
  std::string features;
};

/// The width of the vector registers of the CPU `options` name (its
/// `cpu` and `features`): 512 with AVX-512 (avx512f), 256 with AVX, else
/// 128 (generic x86-64 has SSE2): hlo-cpu-pipeline's `vector-bits` for
/// code compiled for it. Fails for a CPU name LLVM does not know.
FailureOr<int64_t> getAotVectorBits(const AotObjectOptions &options);

/// Translates a lowered module to LLVM IR, adds the entry point (by default
/// `hlo_aot_entry`) calling `entry` and the signature (`hlo_aot_signature`),
/// and compiles it to a position-independent x86-64 object file at `path`
/// (or, with an empty path, only in memory: what --compile-only checks).
/// Every other symbol of the object is internal. For a "vulkan;..."
/// signature the runtime calls (mgpuX) become calls of hloVkX, the Vulkan
/// runtime's.
LogicalResult emitAotObject(ModuleOp module, llvm::StringRef entry,
                            llvm::StringRef signature,
                            ArrayRef<RankedTensorType> inputs,
                            ArrayRef<RankedTensorType> results,
                            llvm::StringRef path,
                            const AotObjectOptions &options = {});

struct AotRunOptions {
  /// hlo-aot-run; empty: the one beside the running executable.
  std::string aotRunner;
  /// Run N timed repetitions after a warm-up and print hlo-aot-run's
  /// timing line (0: run once).
  unsigned benchmarkRuns = 0;
  /// Print hlo-aot-run's per-kernel profile.
  bool profile = false;
};

/// Runs a lowered module on its device the way a machine without MLIR
/// does: emits the program object, links it into a shared object (with the
/// host's C compiler driver), and runs it under hlo-aot-run on `inputs`,
/// whose results it reads back. Whatever fails (no linker, no GPU or
/// driver, a kernel error) is one located error.
FailureOr<SmallVector<HostTensor>>
runOnDevice(ModuleOp module, llvm::StringRef entry, llvm::StringRef signature,
            ArrayRef<HostTensor> inputs, ArrayRef<RankedTensorType> resultTypes,
            const AotRunOptions &options, llvm::raw_ostream &os);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_RUNNER_DEVICECOMPILER_H
