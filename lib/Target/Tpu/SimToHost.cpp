//===- SimToHost.cpp - the TPU simulator: tpu ops as host code ------------===//
//
// hlo-tpu-sim-to-host: VMEM and SMEM allocations become views of bounded
// per-function arenas, semaphores byte counters, DMAs copies, vector loads
// and stores row-by-row host vector loads and stores, cross-lane ops vector
// ops, MXU matmuls loops over host buffers; then no memref is left in a TPU
// memory space. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Target/Tpu/Passes.h"

#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/SymbolTable.h"

#include <atomic>
#include <mutex>
#include <vector>

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOTPUSIMTOHOSTPASS
#include "HloDialect/Target/Tpu/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

//===----------------------------------------------------------------------===//
// The runtime the simulated code calls
//===----------------------------------------------------------------------===//

namespace {
std::mutex simMutex;
std::string simError;
std::atomic<int64_t> simDmaBytes{0};
std::atomic<int64_t> simDmaCount{0};
std::atomic<int64_t> simMxuPushes{0};

extern "C" void hlo_tpu_sim_error(int64_t code, int64_t detail) {
  std::lock_guard<std::mutex> lock(simMutex);
  if (!simError.empty())
    return;
  if (code == 1)
    simError = "tpu.dma_wait on semaphore " + std::to_string(detail) +
               " without a DMA started (or fewer bytes than it waits for)";
  else
    simError = "simulator error " + std::to_string(code);
}

/// A DMA started and not yet waited for: the VMEM bytes it reads
/// (outgoing) or writes (incoming), and its semaphore.
struct InFlightDma {
  int64_t semaphore;
  int64_t semaphoreIndex;
  int64_t begin, end;
  bool incoming;
};
/// The DMAs in flight on this thread (simulated code runs on the thread
/// that calls it).
thread_local std::vector<InFlightDma> inFlight;

void recordError(std::string message) {
  std::lock_guard<std::mutex> lock(simMutex);
  if (simError.empty())
    simError = std::move(message);
}

extern "C" void hlo_tpu_sim_dma_begin(int64_t semaphore,
                                      int64_t semaphoreIndex, int64_t address,
                                      int64_t bytes, int64_t incoming) {
  inFlight.push_back({semaphore, semaphoreIndex, address, address + bytes,
                      incoming != 0});
}

/// A wait on `semaphore` completes the oldest DMA in flight on it.
extern "C" void hlo_tpu_sim_dma_end(int64_t semaphore) {
  for (auto it = inFlight.begin(); it != inFlight.end(); ++it)
    if (it->semaphore == semaphore) {
      inFlight.erase(it);
      return;
    }
}

/// A vector load (`write` 0) or store of VMEM bytes [address, address +
/// bytes): an error where a DMA in flight writes them, or reads them and
/// this is a store.
extern "C" void hlo_tpu_sim_check_access(int64_t address, int64_t bytes,
                                         int64_t write) {
  for (const InFlightDma &dma : inFlight) {
    if (address >= dma.end || address + bytes <= dma.begin)
      continue;
    if (!dma.incoming && !write)
      continue;
    recordError(
        std::string(write ? "tpu.store writes" : "tpu.load reads") +
        " VMEM that a DMA started on semaphore " +
        std::to_string(dma.semaphoreIndex) + " is still " +
        (dma.incoming ? "writing" : "reading") +
        " (no tpu.dma_wait for it yet)");
    return;
  }
}

extern "C" void hlo_tpu_sim_count_dma(int64_t bytes) {
  simDmaBytes += bytes;
  simDmaCount += 1;
}

extern "C" void hlo_tpu_sim_count_mxu(int64_t pushes) {
  simMxuPushes += pushes;
}
} // namespace

llvm::StringMap<void *> hlo::getTpuSimRuntimeSymbols() {
  llvm::StringMap<void *> symbols;
  symbols["hlo_tpu_sim_error"] = reinterpret_cast<void *>(&hlo_tpu_sim_error);
  symbols["hlo_tpu_sim_count_dma"] =
      reinterpret_cast<void *>(&hlo_tpu_sim_count_dma);
  symbols["hlo_tpu_sim_count_mxu"] =
      reinterpret_cast<void *>(&hlo_tpu_sim_count_mxu);
  symbols["hlo_tpu_sim_dma_begin"] =
      reinterpret_cast<void *>(&hlo_tpu_sim_dma_begin);
  symbols["hlo_tpu_sim_dma_end"] =
      reinterpret_cast<void *>(&hlo_tpu_sim_dma_end);
  symbols["hlo_tpu_sim_check_access"] =
      reinterpret_cast<void *>(&hlo_tpu_sim_check_access);
  return symbols;
}

void hlo::resetTpuSim() {
  std::lock_guard<std::mutex> lock(simMutex);
  simError.clear();
  simDmaBytes = 0;
  simDmaCount = 0;
  simMxuPushes = 0;
  inFlight.clear();
}

std::string hlo::takeTpuSimError() {
  std::lock_guard<std::mutex> lock(simMutex);
  std::string error = std::move(simError);
  simError.clear();
  return error;
}

TpuSimCounters hlo::getTpuSimCounters() {
  return {simDmaBytes.load(), simDmaCount.load(), simMxuPushes.load()};
}

//===----------------------------------------------------------------------===//
// The lowering
//===----------------------------------------------------------------------===//

namespace {

constexpr int64_t kArenaAlignment = 64;

bool isIn(Type type, tpu::MemorySpace space) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return false;
  std::optional<tpu::MemorySpace> actual = tpu::getMemorySpace(memref);
  return actual && *actual == space;
}

int64_t getBytes(MemRefType type) {
  return type.getNumElements() *
         std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
}

/// Offsets of the VMEM and SMEM allocations of one function in its arenas,
/// a stack per memory: an alloca scope releases what it allocated.
struct ArenaPlan {
  DenseMap<Operation *, int64_t> offsets;
  int64_t peak[2] = {0, 0};
};

LogicalResult planRegion(Region &region, int64_t (&offset)[2], ArenaPlan &plan,
                         tpu::TargetAttr target) {
  for (Block &block : region) {
    for (Operation &op : block) {
      if (auto scope = dyn_cast<memref::AllocaScopeOp>(op)) {
        int64_t saved[2] = {offset[0], offset[1]};
        if (failed(planRegion(scope.getBodyRegion(), offset, plan, target)))
          return failure();
        offset[0] = saved[0];
        offset[1] = saved[1];
        continue;
      }
      if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
        Type type = op.getResult(0).getType();
        int which = isIn(type, tpu::MemorySpace::vmem)   ? 0
                    : isIn(type, tpu::MemorySpace::smem) ? 1
                                                         : -1;
        if (which >= 0) {
          auto memref = cast<MemRefType>(type);
          if (!memref.hasStaticShape() || !memref.getLayout().isIdentity())
            return op.emitError()
                   << "the TPU simulator allocates statically shaped "
                      "VMEM/SMEM buffers with the identity layout, found "
                   << type;
          int64_t start = (offset[which] + kArenaAlignment - 1) /
                          kArenaAlignment * kArenaAlignment;
          int64_t bytes = which == 0 ? tpu::getPaddedVmemBytes(memref)
                                     : getBytes(memref);
          int64_t capacity =
              which == 0 ? target.getVmemBytes() : target.getSmemBytes();
          if (start + bytes > capacity)
            return op.emitError()
                   << (which == 0 ? "VMEM" : "SMEM")
                   << " arena exhausted: this allocation needs bytes "
                   << start << " to " << start + bytes << ", "
                   << target.getChip() << " has " << capacity;
          plan.offsets[&op] = start;
          offset[which] = start + bytes;
          plan.peak[which] = std::max(plan.peak[which], offset[which]);
          continue;
        }
      }
      for (Region &nested : op.getRegions())
        if (failed(planRegion(nested, offset, plan, target)))
          return failure();
    }
  }
  return success();
}

func::FuncOp declareRuntime(ModuleOp module, StringRef name,
                            TypeRange inputs) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto func = func::FuncOp::create(
      b, module.getLoc(), name,
      FunctionType::get(module.getContext(), inputs, {}));
  func.setPrivate();
  return func;
}

/// The address (i64) of the element of the strided memref `ref` at
/// `indices` (its first element without indices), and the bytes from there
/// to the end of its last element, or failure for a memref with another
/// layout.
FailureOr<std::pair<Value, int64_t>>
getByteRange(OpBuilder &b, Location loc, Value ref, ValueRange indices,
             ArrayRef<int64_t> extents) {
  auto type = cast<MemRefType>(ref.getType());
  SmallVector<int64_t> strides;
  int64_t staticOffset;
  if (failed(type.getStridesAndOffset(strides, staticOffset)) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return failure();
  int64_t elementBytes =
      std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, ref);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(
      b, loc, metadata.getBaseBuffer());
  Value element = metadata.getOffset();
  for (auto [d, index] : llvm::enumerate(indices)) {
    Value stride = arith::ConstantIndexOp::create(b, loc, strides[d]);
    Value step = arith::MulIOp::create(b, loc, index, stride);
    element = arith::AddIOp::create(b, loc, element, step);
  }
  Value width = arith::ConstantIndexOp::create(b, loc, elementBytes);
  Value offset = arith::MulIOp::create(b, loc, element, width);
  Value address = arith::AddIOp::create(b, loc, base, offset);
  Value address64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  int64_t last = 0;
  for (auto [d, extent] : llvm::enumerate(extents))
    last += (extent - 1) * strides[d];
  return std::make_pair(address64, (last + 1) * elementBytes);
}

/// Calls the runtime's access check for a register of `rows` rows
/// `stride` rows apart at `indices` of the VMEM memref `ref`.
void checkAccess(OpBuilder &b, Location loc, func::FuncOp checkFn, Value ref,
                 ValueRange indices, int64_t rows, int64_t stride,
                 int64_t lanes, bool write) {
  auto type = cast<MemRefType>(ref.getType());
  SmallVector<int64_t> extents(type.getRank(), 1);
  extents[extents.size() - 2] = (rows - 1) * stride + 1;
  extents.back() = lanes;
  FailureOr<std::pair<Value, int64_t>> range =
      getByteRange(b, loc, ref, indices, extents);
  if (failed(range))
    return;
  Value bytes =
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(range->second));
  Value isWrite = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(write));
  func::CallOp::create(b, loc, checkFn,
                       ValueRange{range->first, bytes, isWrite});
}

/// Row `q` of a register access: the indices with the second-minor one
/// moved by q * stride.
SmallVector<Value> rowIndices(OpBuilder &b, Location loc, ValueRange indices,
                              int64_t q, int64_t stride) {
  SmallVector<Value> result(indices);
  if (q * stride != 0)
    result[result.size() - 2] = arith::AddIOp::create(
        b, loc, result[result.size() - 2],
        arith::ConstantIndexOp::create(b, loc, q * stride));
  return result;
}

/// The register's last dimension for one row of a load or store (its
/// lanes are columns j to j + lanes - 1).
LogicalResult lowerLoad(tpu::LoadOp op, Value bits) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  VectorType loaded = op.getResult().getType();
  Value base = bits ? bits : op.getBase();
  VectorType type =
      bits ? VectorType::get(loaded.getShape(), b.getI16Type()) : loaded;
  int64_t rows = type.getDimSize(0), lanes = type.getDimSize(1);
  auto rowType = VectorType::get({lanes}, type.getElementType());
  int64_t stride = op.getSublaneStride().value_or(1);
  Value result =
      arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
  Value zeroRow =
      arith::ConstantOp::create(b, loc, rowType, b.getZeroAttr(rowType));
  for (int64_t q = 0; q < rows; ++q) {
    SmallVector<Value> indices =
        rowIndices(b, loc, op.getIndices(), q, stride);
    Value row;
    if (Value mask = op.getMask()) {
      Value rowMask = vector::ExtractOp::create(b, loc, mask, ArrayRef<int64_t>{q});
      row = vector::MaskedLoadOp::create(b, loc, rowType, base, indices,
                                         rowMask, zeroRow);
    } else {
      row = vector::LoadOp::create(b, loc, rowType, base, indices);
    }
    result = vector::InsertOp::create(b, loc, row, result, ArrayRef<int64_t>{q});
  }
  if (bits)
    result = arith::BitcastOp::create(b, loc, loaded, result);
  op.replaceAllUsesWith(result);
  op.erase();
  return success();
}

LogicalResult lowerStore(tpu::StoreOp op, Value bits) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  VectorType type = op.getValue().getType();
  Value base = bits ? bits : op.getBase();
  Value value = op.getValue();
  if (bits)
    value = arith::BitcastOp::create(
        b, loc, VectorType::get(type.getShape(), b.getI16Type()), value);
  int64_t rows = type.getDimSize(0);
  int64_t stride = op.getSublaneStride().value_or(1);
  for (int64_t q = 0; q < rows; ++q) {
    SmallVector<Value> indices =
        rowIndices(b, loc, op.getIndices(), q, stride);
    Value row = vector::ExtractOp::create(b, loc, value, ArrayRef<int64_t>{q});
    if (Value mask = op.getMask()) {
      Value rowMask =
          vector::ExtractOp::create(b, loc, mask, ArrayRef<int64_t>{q});
      vector::MaskedStoreOp::create(b, loc, base, indices, rowMask, row);
    } else {
      vector::StoreOp::create(b, loc, row, base, indices);
    }
  }
  op.erase();
  return success();
}

vector::CombiningKind getCombiningKind(tpu::ReductionKind kind, Type element) {
  bool isFloat = isa<FloatType>(element);
  switch (kind) {
  case tpu::ReductionKind::sum:
    return vector::CombiningKind::ADD;
  case tpu::ReductionKind::max:
    return isFloat ? vector::CombiningKind::MAXIMUMF
                   : vector::CombiningKind::MAXSI;
  case tpu::ReductionKind::min:
    return isFloat ? vector::CombiningKind::MINIMUMF
                   : vector::CombiningKind::MINSI;
  }
  return vector::CombiningKind::ADD;
}

/// The neutral element of `kind` on `element`.
TypedAttr getNeutral(OpBuilder &b, tpu::ReductionKind kind, Type element) {
  if (auto floatType = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    if (kind == tpu::ReductionKind::sum)
      return b.getFloatAttr(element, 0.0);
    return b.getFloatAttr(
        element, llvm::APFloat::getInf(semantics,
                                       kind == tpu::ReductionKind::max));
  }
  unsigned width = element.getIntOrFloatBitWidth();
  if (kind == tpu::ReductionKind::sum)
    return b.getIntegerAttr(element, 0);
  return b.getIntegerAttr(element, kind == tpu::ReductionKind::max
                                       ? llvm::APInt::getSignedMinValue(width)
                                       : llvm::APInt::getSignedMaxValue(width));
}

template <typename ReduceOp>
void lowerReduce(ReduceOp op, int64_t dim) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  VectorType source = op.getSource().getType();
  Type element = source.getElementType();
  int64_t kept = source.getDimSize(1 - dim);
  auto accType = VectorType::get({kept}, element);
  Value acc = arith::ConstantOp::create(
      b, loc, accType,
      DenseElementsAttr::get(accType,
                             getNeutral(b, op.getKind(), element)));
  Value reduced = vector::MultiDimReductionOp::create(
      b, loc, op.getSource(), acc, ArrayRef<bool>{dim == 0, dim == 1},
      getCombiningKind(op.getKind(), element));
  Value result =
      vector::ShapeCastOp::create(b, loc, op.getResult().getType(), reduced);
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

/// `tpu.matmul` as loops over host buffers: the operands (in f32) and the
/// accumulator are stored row by row to stack buffers (allocated once in
/// the function's entry block, shared by the matmuls of one shape), and
/// every row of the result accumulates one product of a row of `lhs`
/// with `rhs` at a time (fused multiply-adds of rows of `rhs`, or dot
/// products of rows of a transposed `rhs`). Compiled code stays small
/// whatever the MXU's shape.
void lowerMatmul(tpu::MatmulOp op, DenseMap<Type, Value> &hostBuffers,
                 Block &entry) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type f32 = b.getF32Type();
  auto widen = [&](Value v) -> Value {
    auto type = cast<VectorType>(v.getType());
    if (type.getElementType().isF32())
      return v;
    return arith::ExtFOp::create(b, loc, type.clone(f32), v);
  };
  auto accType = cast<VectorType>(op.getAcc().getType());
  int64_t m = accType.getDimSize(0), n = accType.getDimSize(1);
  int64_t k = op.getLhs().getType().getDimSize(1);
  bool transposed = op.getTransposeRhs();
  auto spill = [&](Value v, int64_t role) -> Value {
    v = widen(v);
    auto type = cast<VectorType>(v.getType());
    // One buffer per shape and role (lhs, rhs, acc) in the function.
    auto bufferType = MemRefType::get(type.getShape(), f32);
    Type key = MemRefType::get(type.getShape(), f32,
                               MemRefLayoutAttrInterface(),
                               b.getI64IntegerAttr(role));
    Value &buffer = hostBuffers[key];
    if (!buffer) {
      OpBuilder eb = OpBuilder::atBlockBegin(&entry);
      buffer = memref::AllocaOp::create(eb, loc, bufferType);
    }
    Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
    for (int64_t q = 0; q < type.getDimSize(0); ++q) {
      Value row = vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{q});
      vector::StoreOp::create(
          b, loc, row, buffer,
          ValueRange{arith::ConstantIndexOp::create(b, loc, q), c0});
    }
    return buffer;
  };
  Value lhs = spill(op.getLhs(), 0);
  Value rhs = spill(op.getRhs(), 1);
  Value acc = spill(op.getAcc(), 2);
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
  auto rowLoop = scf::ForOp::create(
      b, loc, c0, arith::ConstantIndexOp::create(b, loc, m), c1);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(rowLoop.getBody()->getTerminator());
    Value i = rowLoop.getInductionVar();
    if (transposed) {
      // acc[i, j] += lhs[i, :] . rhs[j, :]
      auto loop = scf::ForOp::create(
          b, loc, c0, arith::ConstantIndexOp::create(b, loc, n), c1);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      Value j = loop.getInductionVar();
      auto rowType = VectorType::get({k}, f32);
      Value x = vector::LoadOp::create(b, loc, rowType, lhs, ValueRange{i, c0});
      Value y = vector::LoadOp::create(b, loc, rowType, rhs, ValueRange{j, c0});
      Value product = arith::MulFOp::create(b, loc, x, y);
      Value current = memref::LoadOp::create(b, loc, acc, ValueRange{i, j});
      Value sum = vector::ReductionOp::create(
          b, loc, vector::CombiningKind::ADD, product, current);
      memref::StoreOp::create(b, loc, sum, acc, ValueRange{i, j});
    } else {
      // acc[i, :] += lhs[i, l] * rhs[l, :]
      auto loop = scf::ForOp::create(
          b, loc, c0, arith::ConstantIndexOp::create(b, loc, k), c1);
      b.setInsertionPoint(loop.getBody()->getTerminator());
      Value l = loop.getInductionVar();
      auto rowType = VectorType::get({n}, f32);
      Value x = memref::LoadOp::create(b, loc, lhs, ValueRange{i, l});
      Value xs = vector::BroadcastOp::create(b, loc, rowType, x);
      Value y = vector::LoadOp::create(b, loc, rowType, rhs, ValueRange{l, c0});
      Value current =
          vector::LoadOp::create(b, loc, rowType, acc, ValueRange{i, c0});
      Value sum = vector::FMAOp::create(b, loc, xs, y, current);
      vector::StoreOp::create(b, loc, sum, acc, ValueRange{i, c0});
    }
  }
  Value result =
      arith::ConstantOp::create(b, loc, accType, b.getZeroAttr(accType));
  auto rowType = VectorType::get({n}, f32);
  for (int64_t q = 0; q < m; ++q) {
    Value row = vector::LoadOp::create(
        b, loc, rowType, acc,
        ValueRange{arith::ConstantIndexOp::create(b, loc, q), c0});
    result = vector::InsertOp::create(b, loc, row, result, ArrayRef<int64_t>{q});
  }
  op.getResult().replaceAllUsesWith(result);
  op.erase();
}

/// Math ops whose host lowering to LLVM handles 1-D vectors only
/// (math.absi, and math.isfinite/isinf/isnan, which become
/// llvm.intr.is.fpclass), on registers (2-D vectors): as arith ops.
void expandRegisterMath(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (!isa<math::AbsIOp, math::IsFiniteOp, math::IsInfOp, math::IsNaNOp>(op))
      return;
    auto type = dyn_cast<VectorType>(op->getOperand(0).getType());
    if (type && type.getRank() >= 2)
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value x = op->getOperand(0);
    auto type = cast<VectorType>(x.getType());
    Value result;
    if (isa<math::AbsIOp>(op)) {
      // |x| wraps at the minimum, as math.absi.
      Value zero = arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type));
      Value negative =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero);
      Value negated = arith::SubIOp::create(b, loc, zero, x);
      result = arith::SelectOp::create(b, loc, negative, negated, x);
    } else if (isa<math::IsNaNOp>(op)) {
      result = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    } else {
      auto element = cast<FloatType>(type.getElementType());
      Value magnitude = math::AbsFOp::create(b, loc, x);
      Value infinity = arith::ConstantOp::create(
          b, loc, type,
          DenseElementsAttr::get(
              type, b.getFloatAttr(element, llvm::APFloat::getInf(
                                                element.getFloatSemantics()))));
      // Finite: ordered and not infinite (false for NaN).
      result = arith::CmpFOp::create(b, loc,
                                     isa<math::IsInfOp>(op)
                                         ? arith::CmpFPredicate::OEQ
                                         : arith::CmpFPredicate::ONE,
                                     magnitude, infinity);
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }
}

/// Selects of vectors of 16-bit (or narrower) floats as selects of their
/// bits: the host's LLVM selects bf16 vectors element by element through
/// f32 (on x86 without AVX-512 BF16), and a block of such selects takes
/// its instruction selection tens of seconds.
void selectNarrowFloatBits(func::FuncOp func) {
  SmallVector<arith::SelectOp> selects;
  func.walk([&](arith::SelectOp op) {
    auto type = dyn_cast<VectorType>(op.getType());
    if (type && isa<FloatType>(type.getElementType()) &&
        type.getElementTypeBitWidth() <= 16)
      selects.push_back(op);
  });
  for (arith::SelectOp op : selects) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    auto type = cast<VectorType>(op.getType());
    auto bitsType =
        type.clone(b.getIntegerType(type.getElementTypeBitWidth()));
    Value trueBits =
        arith::BitcastOp::create(b, loc, bitsType, op.getTrueValue());
    Value falseBits =
        arith::BitcastOp::create(b, loc, bitsType, op.getFalseValue());
    Value bits = arith::SelectOp::create(b, loc, op.getCondition(), trueBits,
                                         falseBits);
    Value result = arith::BitcastOp::create(b, loc, type, bits);
    op.getResult().replaceAllUsesWith(result);
    op.erase();
  }
}

struct HloTpuSimToHostPass
    : public hlo::impl::HloTpuSimToHostPassBase<HloTpuSimToHostPass> {
  void runOnOperation() override;
  LogicalResult lowerFunction(func::FuncOp func, tpu::TargetAttr target);
};

LogicalResult HloTpuSimToHostPass::lowerFunction(func::FuncOp func,
                                                 tpu::TargetAttr target) {
  if (func.isExternal())
    return success();
  ModuleOp module = getOperation();
  MLIRContext *context = &getContext();
  WalkResult kernels = func.walk([&](tpu::KernelOp kernel) {
    kernel.emitError() << "the TPU simulator runs expanded kernels: run "
                          "hlo-tpu-expand-kernels first";
    return WalkResult::interrupt();
  });
  if (kernels.wasInterrupted())
    return failure();
  expandRegisterMath(func);
  selectNarrowFloatBits(func);

  // Arenas.
  ArenaPlan plan;
  int64_t offset[2] = {0, 0};
  if (failed(planRegion(func.getBody(), offset, plan, target)))
    return failure();
  OpBuilder b = OpBuilder::atBlockBegin(&func.getBody().front());
  Value arenas[2];
  tpu::MemorySpace spaces[2] = {tpu::MemorySpace::vmem,
                                tpu::MemorySpace::smem};
  for (int which = 0; which < 2; ++which) {
    if (plan.peak[which] == 0)
      continue;
    auto type = MemRefType::get(
        {plan.peak[which]}, b.getI8Type(), MemRefLayoutAttrInterface(),
        tpu::MemorySpaceAttr::get(context, spaces[which]));
    arenas[which] = memref::AllocOp::create(b, func.getLoc(), type,
                                            b.getI64IntegerAttr(kArenaAlignment));
    func.walk([&](func::ReturnOp ret) {
      OpBuilder rb(ret);
      memref::DeallocOp::create(rb, ret.getLoc(), arenas[which]);
    });
  }
  DenseMap<Value, Value> bitsViews;
  for (auto [op, start] : plan.offsets) {
    OpBuilder ob(op);
    Value result = op->getResult(0);
    int which = isIn(result.getType(), tpu::MemorySpace::vmem) ? 0 : 1;
    Value shift = arith::ConstantIndexOp::create(ob, op->getLoc(), start);
    Value view = memref::ViewOp::create(ob, op->getLoc(), result.getType(),
                                        arenas[which], shift, ValueRange());
    // 16-bit floats are read and written as their bits (the host has no
    // vector registers of them): an integer view of the same bytes.
    auto type = cast<MemRefType>(result.getType());
    if (isa<FloatType>(type.getElementType()) &&
        type.getElementTypeBitWidth() == 16)
      bitsViews[view] = memref::ViewOp::create(
          ob, op->getLoc(),
          MemRefType::get(type.getShape(), ob.getI16Type(),
                          MemRefLayoutAttrInterface(), type.getMemorySpace()),
          arenas[which], shift, ValueRange());
    // Arena memory is released with the arena.
    for (OpOperand &use : llvm::make_early_inc_range(result.getUses()))
      if (isa<memref::DeallocOp>(use.getOwner()))
        use.getOwner()->erase();
    result.replaceAllUsesWith(view);
    op->erase();
  }

  // A buffer chosen at run time (one of a block's two buffers) keeps its
  // bits view.
  func.walk([&](arith::SelectOp select) {
    Value whenTrue = bitsViews.lookup(select.getTrueValue());
    Value whenFalse = bitsViews.lookup(select.getFalseValue());
    if (!whenTrue || !whenFalse)
      return;
    OpBuilder sb(select);
    bitsViews[select.getResult()] = arith::SelectOp::create(
        sb, select.getLoc(), select.getCondition(), whenTrue, whenFalse);
  });

  // Semaphores: byte counters.
  auto i64 = b.getI64Type();
  func::FuncOp errorFn =
      declareRuntime(module, "hlo_tpu_sim_error", {i64, i64});
  func::FuncOp countFn = declareRuntime(module, "hlo_tpu_sim_count_dma", {i64});
  func::FuncOp countMxuFn =
      declareRuntime(module, "hlo_tpu_sim_count_mxu", {i64});
  func::FuncOp beginFn = declareRuntime(module, "hlo_tpu_sim_dma_begin",
                                        {i64, i64, i64, i64, i64});
  func::FuncOp endFn = declareRuntime(module, "hlo_tpu_sim_dma_end", {i64});
  func::FuncOp checkFn =
      declareRuntime(module, "hlo_tpu_sim_check_access", {i64, i64, i64});
  SmallVector<tpu::SemAllocOp> semAllocs;
  func.walk([&](tpu::SemAllocOp op) { semAllocs.push_back(op); });
  DenseMap<Value, Value> counters;
  for (tpu::SemAllocOp op : semAllocs) {
    OpBuilder ob(op);
    Location loc = op.getLoc();
    MemRefType type = op.getType();
    auto counterType = MemRefType::get(type.getShape(), i64);
    Value counter = memref::AllocaOp::create(ob, loc, counterType);
    // All zero: a loop over the flattened counters.
    Value flat = counter;
    if (counterType.getRank() != 1) {
      SmallVector<ReassociationIndices> all(1);
      for (int64_t d = 0; d < counterType.getRank(); ++d)
        all.front().push_back(d);
      if (counterType.getRank() == 0)
        flat = memref::ExpandShapeOp::create(
            ob, loc, MemRefType::get({1}, i64), counter,
            ArrayRef<ReassociationIndices>{});
      else
        flat = memref::CollapseShapeOp::create(ob, loc, counter, all);
    }
    Value zero = arith::ConstantOp::create(ob, loc, ob.getI64IntegerAttr(0));
    Value first = arith::ConstantIndexOp::create(ob, loc, 0);
    Value end =
        arith::ConstantIndexOp::create(ob, loc, counterType.getNumElements());
    Value step = arith::ConstantIndexOp::create(ob, loc, 1);
    auto loop = scf::ForOp::create(ob, loc, first, end, step);
    OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
    memref::StoreOp::create(lb, loc, zero, flat, loop.getInductionVar());
    counters[op.getResult()] = counter;
  }

  auto counterOf = [&](Operation *op, Value semaphore) -> Value {
    Value counter = counters.lookup(semaphore);
    if (!counter)
      op->emitError() << "the TPU simulator needs the semaphores of a "
                         "tpu.sem_alloc in the same function";
    return counter;
  };
  /// The semaphore's position in its allocation, for messages.
  auto linearIndex = [&](OpBuilder &ob, Location loc, Value counter,
                         ValueRange indices) -> Value {
    ArrayRef<int64_t> shape = cast<MemRefType>(counter.getType()).getShape();
    Value linear = arith::ConstantIndexOp::create(ob, loc, 0);
    for (auto [d, index] : llvm::enumerate(indices)) {
      linear = arith::MulIOp::create(
          ob, loc, linear, arith::ConstantIndexOp::create(ob, loc, shape[d]));
      linear = arith::AddIOp::create(ob, loc, linear, index);
    }
    return arith::IndexCastOp::create(ob, loc, ob.getI64Type(), linear);
  };

  /// A semaphore's identity: the address of its counter.
  auto semaphoreId = [&](OpBuilder &ob, Location loc, Value counter,
                         ValueRange indices) -> Value {
    FailureOr<std::pair<Value, int64_t>> range =
        getByteRange(ob, loc, counter, indices, {});
    return range->first;
  };

  DenseMap<Type, Value> hostBuffers;
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<tpu::DmaStartOp, tpu::DmaWaitOp, tpu::LoadOp, tpu::StoreOp,
            tpu::BroadcastLanesOp, tpu::BroadcastSublanesOp,
            tpu::ReduceLanesOp, tpu::ReduceSublanesOp, tpu::MatmulOp,
            tpu::RelayoutOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder ob(op);
    Location loc = op->getLoc();
    if (auto start = dyn_cast<tpu::DmaStartOp>(op)) {
      Value counter = counterOf(op, start.getSemaphore());
      if (!counter)
        return failure();
      memref::CopyOp::create(ob, loc, start.getSource(), start.getTarget());
      // The VMEM side stays busy until the wait.
      bool incoming = isIn(start.getTarget().getType(), tpu::MemorySpace::vmem);
      Value vmemSide = incoming ? start.getTarget() : start.getSource();
      if (isIn(vmemSide.getType(), tpu::MemorySpace::vmem)) {
        ArrayRef<int64_t> shape =
            cast<MemRefType>(vmemSide.getType()).getShape();
        FailureOr<std::pair<Value, int64_t>> range =
            getByteRange(ob, loc, vmemSide, {}, shape);
        if (succeeded(range)) {
          Value id =
              semaphoreId(ob, loc, counter, start.getSemaphoreIndices());
          Value index =
              linearIndex(ob, loc, counter, start.getSemaphoreIndices());
          Value span = arith::ConstantOp::create(
              ob, loc, ob.getI64IntegerAttr(range->second));
          Value direction = arith::ConstantOp::create(
              ob, loc, ob.getI64IntegerAttr(incoming));
          func::CallOp::create(
              ob, loc, beginFn,
              ValueRange{id, index, range->first, span, direction});
        }
      }
      int64_t bytes = getBytes(start.getTarget().getType());
      Value size = arith::ConstantOp::create(ob, loc, ob.getI64IntegerAttr(bytes));
      Value count = memref::LoadOp::create(ob, loc, counter,
                                           start.getSemaphoreIndices());
      memref::StoreOp::create(ob, loc,
                              arith::AddIOp::create(ob, loc, count, size),
                              counter, start.getSemaphoreIndices());
      func::CallOp::create(ob, loc, countFn, ValueRange{size});
      op->erase();
      continue;
    }
    if (auto wait = dyn_cast<tpu::DmaWaitOp>(op)) {
      Value counter = counterOf(op, wait.getSemaphore());
      if (!counter)
        return failure();
      Value id = semaphoreId(ob, loc, counter, wait.getSemaphoreIndices());
      func::CallOp::create(ob, loc, endFn, ValueRange{id});
      int64_t bytes = getBytes(wait.getRef().getType());
      Value size = arith::ConstantOp::create(ob, loc, ob.getI64IntegerAttr(bytes));
      Value count = memref::LoadOp::create(ob, loc, counter,
                                           wait.getSemaphoreIndices());
      Value enough = arith::CmpIOp::create(ob, loc, arith::CmpIPredicate::sge,
                                           count, size);
      auto ifOp = scf::IfOp::create(ob, loc, enough, /*withElse=*/true);
      OpBuilder tb = OpBuilder::atBlockBegin(ifOp.thenBlock());
      memref::StoreOp::create(tb, loc, arith::SubIOp::create(tb, loc, count, size),
                              counter, wait.getSemaphoreIndices());
      OpBuilder eb = OpBuilder::atBlockBegin(ifOp.elseBlock());
      Value code = arith::ConstantOp::create(eb, loc, eb.getI64IntegerAttr(1));
      func::CallOp::create(
          eb, loc, errorFn,
          ValueRange{code, linearIndex(eb, loc, counter,
                                       wait.getSemaphoreIndices())});
      memref::StoreOp::create(
          eb, loc, arith::ConstantOp::create(eb, loc, eb.getI64IntegerAttr(0)),
          counter, wait.getSemaphoreIndices());
      op->erase();
      continue;
    }
    if (auto load = dyn_cast<tpu::LoadOp>(op)) {
      VectorType type = load.getResult().getType();
      checkAccess(ob, loc, checkFn, load.getBase(), load.getIndices(),
                  type.getDimSize(0), load.getSublaneStride().value_or(1),
                  type.getDimSize(1), /*write=*/false);
      (void)lowerLoad(load, bitsViews.lookup(load.getBase()));
      continue;
    }
    if (auto store = dyn_cast<tpu::StoreOp>(op)) {
      VectorType type = store.getValue().getType();
      checkAccess(ob, loc, checkFn, store.getBase(), store.getIndices(),
                  type.getDimSize(0), store.getSublaneStride().value_or(1),
                  type.getDimSize(1), /*write=*/true);
      (void)lowerStore(store, bitsViews.lookup(store.getBase()));
      continue;
    }
    if (isa<tpu::BroadcastLanesOp, tpu::BroadcastSublanesOp>(op)) {
      Value result = vector::BroadcastOp::create(
          ob, loc, op->getResult(0).getType(), op->getOperand(0));
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
      continue;
    }
    if (auto reduce = dyn_cast<tpu::ReduceLanesOp>(op)) {
      lowerReduce(reduce, 1);
      continue;
    }
    if (auto reduce = dyn_cast<tpu::ReduceSublanesOp>(op)) {
      lowerReduce(reduce, 0);
      continue;
    }
    if (auto matmul = dyn_cast<tpu::MatmulOp>(op)) {
      Value pushes = arith::ConstantOp::create(
          ob, loc, ob.getI64IntegerAttr(tpu::getMxuPushes(matmul, target)));
      func::CallOp::create(ob, loc, countMxuFn, ValueRange{pushes});
      lowerMatmul(matmul, hostBuffers, func.getBody().front());
      continue;
    }
    return op->emitError() << "not yet supported by the TPU simulator";
  }
  // The arena plan is made: scopes are no longer needed (and the lowering
  // of their loops to branches would make them invalid).
  SmallVector<memref::AllocaScopeOp> scopes;
  func.walk([&](memref::AllocaScopeOp scope) { scopes.push_back(scope); });
  for (memref::AllocaScopeOp scope : llvm::reverse(scopes)) {
    if (scope.getNumResults() != 0)
      continue;
    Block &inner = scope.getBodyRegion().front();
    inner.getTerminator()->erase();
    scope->getBlock()->getOperations().splice(Block::iterator(scope),
                                              inner.getOperations());
    scope.erase();
  }
  for (tpu::SemAllocOp op : semAllocs) {
    if (!op->use_empty())
      return op.emitError() << "the TPU simulator handles semaphores that "
                               "DMAs use, found another use";
    op.erase();
  }
  return success();
}

void HloTpuSimToHostPass::runOnOperation() {
  ModuleOp module = getOperation();
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    if (func.isExternal())
      continue;
    tpu::TargetAttr target = tpu::lookupTarget(func);
    if (!target)
      target = tpu::getTargetPreset(&getContext(), "v5e");
    if (failed(lowerFunction(func, target)))
      return signalPassFailure();
  }
  WalkResult leftover = module.walk([](Operation *op) {
    if (isa<tpu::TpuDialect>(op->getDialect())) {
      op->emitError() << "not yet supported by the TPU simulator";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (leftover.wasInterrupted())
    return signalPassFailure();

  // Host memory only: no value stays in a TPU memory space.
  AttrTypeReplacer replacer;
  replacer.addReplacement([](MemRefType type) -> std::optional<Type> {
    if (!isa_and_nonnull<tpu::MemorySpaceAttr>(type.getMemorySpace()))
      return std::nullopt;
    return MemRefType::get(type.getShape(), type.getElementType(),
                           type.getLayout());
  });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true,
                                        /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  module->removeAttr("tpu.target");
}

} // namespace
