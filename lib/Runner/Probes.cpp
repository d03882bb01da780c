//===- Probes.cpp - recording check.probe values at run time --------------===//

#include "HloDialect/Runner/Probes.h"

#include "HloDialect/Dialect/Check/IR/CheckOps.h"
#include "HloDialect/Runner/Npy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <cstring>

using namespace mlir;
using namespace mlir::hlo;

namespace {
std::string getSiteFunctionName(size_t site) {
  return "__hlo_probe_" + std::to_string(site);
}

/// The host side of every probe call (C interface: memref descriptor
/// pointer, then the recorder's address and the probe site).
void hloRecordProbe(const int64_t *descriptor, int64_t recorder,
                               int64_t site) {
  reinterpret_cast<ProbeRecorder *>(recorder)->record(descriptor, site);
}
} // namespace

LogicalResult ProbeRecorder::instrument(ModuleOp module) {
  SmallVector<check::ProbeOp> probes;
  module.walk([&](check::ProbeOp probe) { probes.push_back(probe); });
  MLIRContext *context = module.getContext();
  OpBuilder moduleBuilder = OpBuilder::atBlockEnd(module.getBody());
  Type i64 = IntegerType::get(context, 64);
  for (check::ProbeOp probe : probes) {
    auto type = cast<RankedTensorType>(probe.getOperand().getType());
    if (!type.hasStaticShape())
      return probe.emitOpError("needs a statically shaped operand, found ")
             << type;
    size_t site = sites.size();
    sites.push_back({probe.getProbeId().str(), type});
    std::string name = getSiteFunctionName(site);
    auto declaration = func::FuncOp::create(
        moduleBuilder, probe.getLoc(), name,
        FunctionType::get(context, {type, i64, i64}, {}));
    declaration.setPrivate();
    declaration->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                         UnitAttr::get(context));

    OpBuilder b(probe);
    Value recorder = arith::ConstantOp::create(
        b, probe.getLoc(),
        b.getI64IntegerAttr(reinterpret_cast<int64_t>(this)));
    Value siteValue = arith::ConstantOp::create(
        b, probe.getLoc(), b.getI64IntegerAttr(static_cast<int64_t>(site)));
    func::CallOp::create(b, probe.getLoc(), declaration,
                         ValueRange{probe.getOperand(), recorder, siteValue});
    probe.getResult().replaceAllUsesWith(probe.getOperand());
    probe.erase();
  }
  return success();
}

llvm::StringMap<void *> ProbeRecorder::getSymbols() const {
  llvm::StringMap<void *> symbols;
  for (size_t site = 0; site < sites.size(); ++site)
    symbols["_mlir_ciface_" + getSiteFunctionName(site)] =
        reinterpret_cast<void *>(&hloRecordProbe);
  return symbols;
}

void ProbeRecorder::record(const int64_t *descriptor, int64_t site) {
  if (site < 0 || static_cast<size_t>(site) >= sites.size())
    return;
  const Site &probe = sites[site];
  HostTensor tensor(probe.type);
  size_t elementSize = tensor.getElementSize();
  ArrayRef<int64_t> shape = probe.type.getShape();
  size_t rank = shape.size();
  const char *aligned = reinterpret_cast<const char *>(descriptor[1]);
  int64_t offset = descriptor[2];
  const int64_t *strides = descriptor + 3 + rank;
  // Element by element through the strides (the buffer need not be
  // contiguous), in row-major order.
  SmallVector<int64_t> index(rank, 0);
  for (int64_t flat = 0, n = tensor.getNumElements(); flat < n; ++flat) {
    int64_t position = offset;
    for (size_t d = 0; d < rank; ++d)
      position += index[d] * strides[d];
    std::memcpy(tensor.data() + flat * elementSize,
                aligned + position * elementSize, elementSize);
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  auto [it, inserted] = records.try_emplace(probe.probeId);
  if (inserted)
    recordOrder.push_back(probe.probeId);
  it->second.push_back(std::move(tensor));
}

ArrayRef<HostTensor> ProbeRecorder::getRecords(StringRef probeId) const {
  auto it = records.find(probeId);
  if (it == records.end())
    return {};
  return it->second;
}

llvm::Error ProbeRecorder::writeNpyFiles(StringRef dir) const {
  for (const std::string &probeId : recordOrder) {
    std::string fileId;
    for (char c : probeId)
      fileId += llvm::isAlnum(c) || c == '-' || c == '_' ? c : '_';
    for (auto [iteration, tensor] : llvm::enumerate(getRecords(probeId))) {
      SmallString<128> path(dir);
      llvm::sys::path::append(path, fileId + "." + std::to_string(iteration) +
                                        ".npy");
      if (llvm::Error error = writeNpyFile(path, tensor))
        return error;
    }
  }
  return llvm::Error::success();
}
