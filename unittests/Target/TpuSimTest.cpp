//===- TpuSimTest.cpp - the TPU simulator's run-time checks ---------------===//
//
// Lowers hand-written tpu code with hlo-tpu-sim-to-host and the CPU's LLVM
// stage, runs it in the JIT with the simulator's runtime, and looks at what
// the runtime recorded: copied bytes, and a wait without a start.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/InitAll.h"
#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Runner/HostJit.h"
#include "HloDialect/Target/Tpu/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/TargetSelect.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::hlo;

namespace {

/// The head of every test program: a function copying `%x` to `%y`
/// (8x128 f32 in HBM) with two semaphores and a VMEM block `%b`; the body
/// and the end (`kTail`) follow.
constexpr const char *kHead = R"mlir(
module attributes {tpu.target = #tpu.target<v5e>} {
func.func @copy(%x: memref<8x128xf32, #tpu.memory_space<hbm>>,
                %y: memref<8x128xf32, #tpu.memory_space<hbm>>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sems = tpu.sem_alloc : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
  %b = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
)mlir";

constexpr const char *kTail = R"mlir(
  return
}
}
)mlir";

/// Copies a block in and out through VMEM; with `wait_only`, the second
/// semaphore is waited on although no DMA was started on it.
constexpr const char *kProgram = R"mlir(
  tpu.dma_start %x, %b, %sems[%c0] : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
  tpu.dma_wait %sems[%c0], %b : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  %v = tpu.load %b[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
  %w = arith.addf %v, %v : vector<8x128xf32>
  tpu.store %w, %b[%c0, %c0] : vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<vmem>>
  START
  tpu.dma_wait %sems[%c1], %y : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<8x128xf32, #tpu.memory_space<hbm>>
)mlir";

constexpr const char *kStart =
    "tpu.dma_start %b, %y, %sems[%c1] : memref<8x128xf32, "
    "#tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<hbm>>, "
    "memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>";

/// Misuse of a DMA's buffer: `EARLY` is a load of the block before the
/// wait for its DMA in, or a store into the block while its DMA out is in
/// flight; `LATE` is the same access after the wait (correct).
constexpr const char *kEarlyProgram = R"mlir(
  %c = memref.alloca() : memref<8x128xf32, #tpu.memory_space<vmem>>
  tpu.dma_start %x, %b, %sems[%c0] : memref<8x128xf32, #tpu.memory_space<hbm>>, memref<8x128xf32, #tpu.memory_space<vmem>>, memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
  EARLY_LOAD
  tpu.dma_wait %sems[%c0], %b : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<8x128xf32, #tpu.memory_space<vmem>>
  LATE_LOAD
  %w = arith.addf %v, %v : vector<8x128xf32>
  tpu.store %w, %c[%c0, %c0] : vector<8x128xf32>, memref<8x128xf32, #tpu.memory_space<vmem>>
  tpu.dma_start %c, %y, %sems[%c1] : memref<8x128xf32, #tpu.memory_space<vmem>>, memref<8x128xf32, #tpu.memory_space<hbm>>, memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>
  EARLY_STORE
  tpu.dma_wait %sems[%c1], %y : memref<2x!tpu.semaphore, #tpu.memory_space<semaphore>>, memref<8x128xf32, #tpu.memory_space<hbm>>
  LATE_STORE
)mlir";

constexpr const char *kLoad =
    "%v = tpu.load %b[%c0, %c0] : memref<8x128xf32, "
    "#tpu.memory_space<vmem>>, vector<8x128xf32>";
constexpr const char *kStore =
    "tpu.store %w, %c[%c0, %c0] : vector<8x128xf32>, memref<8x128xf32, "
    "#tpu.memory_space<vmem>>";

MLIRContext &getContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    registerAllDialects(registry);
    registerAllExtensions(registry);
    registerAllHloDialects(registry);
    registerBuiltinDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    auto *ctx = new MLIRContext(registry);
    ctx->loadAllAvailableDialects();
    return ctx;
  }();
  return *context;
}

/// `text` with the placeholder `name` replaced by `value`.
void substitute(std::string &text, StringRef name, StringRef value) {
  size_t at = text.find(name.str());
  ASSERT_NE(at, std::string::npos) << name.str();
  text.replace(at, name.size(), value.str());
}

/// Lowers and runs the test programs; the simulator's state starts fresh
/// for each test.
class TpuSimTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    resetTpuSim();
  }

  /// Runs the program `body` (between kHead and kTail) on x = 0, 1, 2, ...
  /// and returns y; the simulator's error and counters are left to look
  /// at.
  std::vector<float> runSource(const std::string &body) {
    std::string source = std::string(kHead) + body + kTail;
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &getContext());
    EXPECT_TRUE(module);
    if (!module)
      return {};
    PassManager pm(&getContext());
    pm.addPass(createHloTpuSimToHostPass());
    HloCpuPipelineOptions cpu;
    cpu.threads = 1;
    buildHloCpuToLLVMPipeline(pm, cpu);
    EXPECT_TRUE(succeeded(pm.run(*module)));
    HostCodegenOptions codegen;
    HostCodegenTimings timings;
    auto objects =
        compileToObjects(*module, {"_mlir_ciface_copy"}, codegen, timings);
    EXPECT_TRUE(succeeded(objects));
    if (failed(objects))
      return {};
    auto jit = HostJit::create(*objects, {HLO_MLIR_C_RUNNER_UTILS},
                               getTpuSimRuntimeSymbols());
    EXPECT_TRUE(static_cast<bool>(jit));
    if (!jit) {
      llvm::consumeError(jit.takeError());
      return {};
    }
    auto entry = (*jit)->lookupPacked("_mlir_ciface_copy");
    EXPECT_TRUE(static_cast<bool>(entry));
    if (!entry) {
      llvm::consumeError(entry.takeError());
      return {};
    }
    std::vector<float> x(8 * 128), y(8 * 128, -1.0f);
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = static_cast<float>(i);
    // Memref descriptors {allocated, aligned, offset, sizes[2], strides[2]}.
    struct Descriptor {
      float *allocated, *aligned;
      int64_t offset, sizes[2], strides[2];
    };
    Descriptor dx{x.data(), x.data(), 0, {8, 128}, {128, 1}};
    Descriptor dy{y.data(), y.data(), 0, {8, 128}, {128, 1}};
    void *px = &dx, *py = &dy;
    void *args[] = {&px, &py};
    resetTpuSim();
    (**entry)(args);
    return y;
  }

  /// Runs the program (with or without the second DMA).
  std::vector<float> run(bool withStart) {
    std::string source = kProgram;
    substitute(source, "START", withStart ? kStart : "");
    return runSource(source);
  }

  /// Runs the misuse program with the load and the store before or after
  /// the waits for their DMAs.
  std::vector<float> runEarly(bool earlyLoad, bool earlyStore) {
    std::string source = kEarlyProgram;
    substitute(source, "EARLY_LOAD", earlyLoad ? kLoad : "");
    substitute(source, "LATE_LOAD", earlyLoad ? "" : kLoad);
    // The second store rewrites the block (a second write of the same
    // values): misuse only while the DMA out reads it.
    substitute(source, "EARLY_STORE", earlyStore ? kStore : "");
    substitute(source, "LATE_STORE", earlyStore ? "" : kStore);
    return runSource(source);
  }
};

TEST_F(TpuSimTest, DmasCopyAndCountTheirBytes) {
  std::vector<float> y = run(/*withStart=*/true);
  ASSERT_EQ(y.size(), 1024u);
  for (size_t i = 0; i < y.size(); ++i)
    ASSERT_EQ(y[i], 2.0f * static_cast<float>(i)) << "element " << i;
  EXPECT_EQ(takeTpuSimError(), "");
  TpuSimCounters counters = getTpuSimCounters();
  EXPECT_EQ(counters.dmaCount, 2);
  EXPECT_EQ(counters.dmaBytes, 2 * 8 * 128 * 4);
}

TEST_F(TpuSimTest, AWaitWithoutAStartIsReported) {
  std::vector<float> y = run(/*withStart=*/false);
  ASSERT_EQ(y.size(), 1024u);
  // Nothing was copied out.
  EXPECT_EQ(y[5], -1.0f);
  EXPECT_EQ(takeTpuSimError(),
            "tpu.dma_wait on semaphore 1 without a DMA started (or fewer "
            "bytes than it waits for)");
  // Taken: the next look finds none.
  EXPECT_EQ(takeTpuSimError(), "");
  EXPECT_EQ(getTpuSimCounters().dmaCount, 1);
}

TEST_F(TpuSimTest, AccessesAfterTheWaitsAreFine) {
  std::vector<float> y = runEarly(/*earlyLoad=*/false, /*earlyStore=*/false);
  ASSERT_EQ(y.size(), 1024u);
  EXPECT_EQ(y[5], 10.0f);
  EXPECT_EQ(takeTpuSimError(), "");
}

TEST_F(TpuSimTest, AReadBeforeTheWaitForItsDmaFails) {
  runEarly(/*earlyLoad=*/true, /*earlyStore=*/false);
  EXPECT_EQ(takeTpuSimError(),
            "tpu.load reads VMEM that a DMA started on semaphore 0 is still "
            "writing (no tpu.dma_wait for it yet)");
}

TEST_F(TpuSimTest, AWriteToABlockBeingCopiedOutFails) {
  runEarly(/*earlyLoad=*/false, /*earlyStore=*/true);
  EXPECT_EQ(takeTpuSimError(),
            "tpu.store writes VMEM that a DMA started on semaphore 1 is still "
            "reading (no tpu.dma_wait for it yet)");
}

} // namespace
