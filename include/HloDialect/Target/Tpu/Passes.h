//===- Passes.h - the TPU back end and its simulator ------------*- C++ -*-===//

#ifndef HLODIALECT_TARGET_TPU_PASSES_H
#define HLODIALECT_TARGET_TPU_PASSES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
namespace func {
class FuncDialect;
} // namespace func
namespace math {
class MathDialect;
} // namespace math
namespace memref {
class MemRefDialect;
} // namespace memref
namespace scf {
class SCFDialect;
} // namespace scf
namespace tpu {
class TpuDialect;
} // namespace tpu
namespace vector {
class VectorDialect;
} // namespace vector

namespace hlo {

#define GEN_PASS_DECL
#include "HloDialect/Target/Tpu/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "HloDialect/Target/Tpu/Passes.h.inc"

/// The runtime of the simulator's code (hlo-tpu-sim-to-host): the symbols
/// it calls (`hlo_tpu_sim_error`, `hlo_tpu_sim_count_dma`), for the JIT.
struct TpuSimCounters {
  int64_t dmaBytes = 0;
  int64_t dmaCount = 0;
  /// Rows pushed through the MXUs (tpu::getMxuPushes of each matmul run).
  int64_t mxuPushes = 0;
};
/// The functions the simulated code calls, by name.
llvm::StringMap<void *> getTpuSimRuntimeSymbols();
/// Clears the recorded error and the counters (before a run).
void resetTpuSim();
/// The first error the simulated code recorded since resetTpuSim, as a
/// sentence ("tpu.dma_wait on semaphore 2 without a DMA started"); empty
/// when there was none.
std::string takeTpuSimError();
/// What the simulated code counted since resetTpuSim.
TpuSimCounters getTpuSimCounters();

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TARGET_TPU_PASSES_H
