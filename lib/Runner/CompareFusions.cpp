//===- CompareFusions.cpp - find the fusion that computes wrong -----------===//

#include "HloDialect/Runner/CompareFusions.h"

#include "HloDialect/Dialect/Check/IR/CheckOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Runner/Npy.h"
#include "HloDialect/Runner/Probes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::hlo;

namespace {

std::string formatLocation(Location loc) {
  std::string out;
  loc->walk([&](Location nested) {
    if (auto file = dyn_cast<FileLineColLoc>(nested)) {
      out = llvm::formatv("{0}:{1}:{2}",
                          llvm::sys::path::filename(file.getFilename()),
                          file.getLine(), file.getColumn())
                .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out.empty() ? "unknown location" : out;
}

std::string probeId(unsigned fusion, StringRef what, unsigned index) {
  return llvm::formatv("fusion{0}.{1}{2}", fusion, what, index).str();
}

/// Element `index` of `tensor` as a double (complex: part `part`), or the
/// integer value.
struct Element {
  bool isFloat = false;
  double value = 0;
  int64_t integer = 0;
};

Element readElement(const HostTensor &tensor, int64_t index, int part) {
  Type type = tensor.getElementType();
  size_t size = tensor.getElementSize();
  const char *at = tensor.data() + index * size;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    type = complex.getElementType();
    size /= 2;
    at += part * size;
  }
  Element element;
  if (auto floatType = dyn_cast<FloatType>(type)) {
    unsigned width = floatType.getWidth();
    uint64_t bits = 0;
    std::memcpy(&bits, at, (width + 7) / 8);
    APFloat value(floatType.getFloatSemantics(), APInt(width, bits));
    element.isFloat = true;
    element.value = value.convertToDouble();
    return element;
  }
  auto integer = cast<IntegerType>(type);
  uint64_t bits = 0;
  std::memcpy(&bits, at, size);
  unsigned width = integer.getWidth() == 1 ? 8 : integer.getWidth();
  APInt value(64, bits);
  value = value.trunc(width);
  element.integer = integer.isUnsigned() || integer.getWidth() == 1
                        ? static_cast<int64_t>(value.getZExtValue())
                        : value.getSExtValue();
  return element;
}

/// The first element where `fused` and `reference` disagree, described, or
/// "" when they agree; `maxError` is the largest absolute difference.
std::string findDifference(const HostTensor &fused,
                           const HostTensor &reference,
                           const CompareFusionsOptions &options,
                           double &maxError) {
  int parts = isa<ComplexType>(fused.getElementType()) ? 2 : 1;
  std::string first;
  for (int64_t i = 0, n = fused.getNumElements(); i < n; ++i) {
    for (int part = 0; part < parts; ++part) {
      Element a = readElement(fused, i, part), b = readElement(reference, i, part);
      bool agree;
      if (a.isFloat) {
        if (std::isnan(a.value) || std::isnan(b.value)) {
          agree = std::isnan(a.value) && std::isnan(b.value);
        } else if (std::isinf(a.value) || std::isinf(b.value)) {
          agree = a.value == b.value;
        } else {
          double error = std::fabs(a.value - b.value);
          maxError = std::max(maxError, error);
          agree = error <= options.atol + options.rtol * std::fabs(b.value);
        }
      } else {
        agree = a.integer == b.integer;
        maxError = std::max(maxError, std::fabs(double(a.integer - b.integer)));
      }
      if (!agree && first.empty()) {
        // The row-major index as coordinates.
        SmallVector<int64_t> coords(fused.getShape().size());
        int64_t rest = i;
        for (int64_t d = static_cast<int64_t>(coords.size()) - 1; d >= 0;
             --d) {
          coords[d] = rest % fused.getShape()[d];
          rest /= fused.getShape()[d];
        }
        std::string where;
        llvm::raw_string_ostream os(where);
        os << "[";
        llvm::interleaveComma(coords, os);
        os << "]" << (parts == 2 ? (part ? " (imaginary)" : " (real)") : "");
        first = a.isFloat
                    ? llvm::formatv("element {0}: fused {1}, reference {2}",
                                    where, llvm::format("%.9g", a.value),
                                    llvm::format("%.9g", b.value))
                          .str()
                    : llvm::formatv("element {0}: fused {1}, reference {2}",
                                    where, a.integer, b.integer)
                          .str();
      }
    }
  }
  return first;
}

/// The fusion as a module of its own: `@main` takes the fusion's inputs and
/// returns what its body yields, the body's ops unfused.
OwningOpRef<ModuleOp> extractFusion(FusionOp fusion) {
  Location loc = fusion.getLoc();
  OpBuilder b(fusion.getContext());
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  auto function = func::FuncOp::create(
      b, loc, "main",
      b.getFunctionType(fusion.getOperandTypes(), fusion.getResultTypes()));
  Block *entry = function.addEntryBlock();
  b.setInsertionPointToEnd(entry);
  IRMapping mapping;
  Block &body = fusion.getBody().front();
  for (auto [arg, value] : llvm::zip(body.getArguments(), entry->getArguments()))
    mapping.map(arg, value);
  for (Operation &op : body.without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> results;
  for (Value yielded : body.getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(yielded));
  func::ReturnOp::create(b, loc, results);
  return module;
}

LogicalResult writeTensor(Location loc, const Twine &path,
                          const HostTensor &tensor) {
  if (llvm::Error error = writeNpyFile(path.str(), tensor))
    return emitError(loc) << llvm::toString(std::move(error));
  return success();
}

} // namespace

FailureOr<std::optional<unsigned>>
hlo::compareFusions(ModuleOp module, ArrayRef<HostTensor> inputs,
                    const CompareFusionsOptions &options,
                    llvm::raw_ostream &os) {
  MLIRContext *context = module.getContext();
  Location loc = module.getLoc();
  StringRef entryName = options.runner.entry;

  // The program after the hlo passes: its fusions are the ones compared.
  OwningOpRef<ModuleOp> fused = module.clone();
  {
    PassManager pm(context, ModuleOp::getOperationName());
    buildHloGraphPipeline(pm, options.runner.canonicalize, /*fusion=*/true);
    if (failed(pm.run(*fused)))
      return failure();
  }
  auto entry = fused->lookupSymbol<func::FuncOp>(entryName);
  if (!entry || entry.isExternal())
    return emitError(loc) << "entry function '@" << entryName << "' not found";
  SmallVector<FusionOp> fusions(entry.getBody().front().getOps<FusionOp>());
  os << "compare-fusions: " << fusions.size()
     << " fusion(s) in @" << entryName << "\n";
  if (fusions.empty())
    return std::optional<unsigned>();

  // Each fusion's inputs and results recorded as the program runs.
  SmallVector<OwningOpRef<ModuleOp>> references;
  for (auto [k, fusion] : llvm::enumerate(fusions)) {
    references.push_back(extractFusion(fusion));
    OpBuilder b(fusion);
    for (OpOperand &operand : fusion->getOpOperands()) {
      Value input = operand.get();
      std::string id = probeId(k, "in", operand.getOperandNumber());
      auto probe =
          check::ProbeOp::create(b, fusion.getLoc(), input.getType(), input, id);
      operand.set(probe);
    }
    b.setInsertionPointAfter(fusion);
    for (OpResult result : fusion->getResults()) {
      std::string id = probeId(k, "out", result.getResultNumber());
      auto probe = check::ProbeOp::create(b, fusion.getLoc(), result.getType(),
                                          result, id);
      result.replaceAllUsesExcept(probe, probe);
    }
  }
  RunnerOptions programOptions = options.runner;
  programOptions.probeOutputDir.clear();
  // Compiling lowers a module in place: a copy, the fusions stay.
  OwningOpRef<ModuleOp> instrumented = fused->clone();
  FailureOr<CompiledModule> program =
      CompiledModule::compile(*instrumented, programOptions);
  if (failed(program))
    return failure();
  if (failed(program->run(inputs, loc)))
    return failure();
  const ProbeRecorder &probes = program->getProbes();

  RunnerOptions referenceOptions = options.runner;
  referenceOptions.entry = "main";
  referenceOptions.probeOutputDir.clear();
  referenceOptions.pipelineOptions += " fusion=false";
  for (auto [k, fusion] : llvm::enumerate(fusions)) {
    std::string heading = llvm::formatv(
        "fusion #{0} ({1}, {2} ops) at {3}", k,
        stringifyFusionKind(fusion.getKind()),
        fusion.getBody().front().getOperations().size() - 1,
        formatLocation(fusion.getLoc()));
    SmallVector<HostTensor> fusionInputs, fusedResults;
    for (unsigned i = 0; i < fusion->getNumOperands(); ++i) {
      ArrayRef<HostTensor> records = probes.getRecords(probeId(k, "in", i));
      if (records.empty())
        return emitError(fusion.getLoc()) << heading << ": input #" << i
                                          << " was not recorded";
      fusionInputs.push_back(records.front());
    }
    for (unsigned r = 0; r < fusion->getNumResults(); ++r) {
      ArrayRef<HostTensor> records = probes.getRecords(probeId(k, "out", r));
      if (records.empty())
        return emitError(fusion.getLoc()) << heading << ": result #" << r
                                          << " was not recorded";
      fusedResults.push_back(records.front());
    }

    OwningOpRef<ModuleOp> reference = references[k]->clone();
    FailureOr<CompiledModule> compiled =
        CompiledModule::compile(*reference, referenceOptions);
    if (failed(compiled))
      return failure();
    FailureOr<SmallVector<HostTensor>> referenceResults =
        compiled->run(fusionInputs, fusion.getLoc());
    if (failed(referenceResults))
      return failure();

    std::string difference;
    double maxError = 0;
    for (auto [r, pair] :
         llvm::enumerate(llvm::zip(fusedResults, *referenceResults))) {
      auto &[got, want] = pair;
      std::string first = findDifference(got, want, options, maxError);
      if (!first.empty() && difference.empty())
        difference = llvm::formatv("result #{0} {1}", r, first).str();
    }
    if (difference.empty()) {
      os << heading << ": agrees (max abs error "
         << llvm::format("%.3g", maxError) << ")\n";
      continue;
    }
    os << heading << ": DIFFERS: " << difference << " (max abs error "
       << llvm::format("%.3g", maxError) << ")\n";

    // The reproducer.
    StringRef dir = options.reproducerDir;
    if (std::error_code ec = llvm::sys::fs::create_directory(dir))
      return emitError(loc) << "cannot create '" << dir
                            << "': " << ec.message();
    std::string modulePath =
        (llvm::Twine(dir) + "/fusion" + llvm::Twine(k) + ".mlir").str();
    std::error_code ec;
    llvm::raw_fd_ostream moduleOs(modulePath, ec);
    if (ec)
      return emitError(loc) << "cannot write '" << modulePath
                            << "': " << ec.message();
    references[k]->print(moduleOs,
                         OpPrintingFlags().enableDebugInfo());
    for (auto [i, tensor] : llvm::enumerate(fusionInputs))
      if (failed(writeTensor(loc, dir + "/input" + Twine(i) + ".npy",
                             tensor)))
        return failure();
    for (auto [r, tensor] : llvm::enumerate(fusedResults))
      if (failed(writeTensor(loc, dir + "/fused_result" + Twine(r) + ".npy",
                             tensor)))
        return failure();
    for (auto [r, tensor] : llvm::enumerate(*referenceResults))
      if (failed(writeTensor(
              loc, dir + "/reference_result" + Twine(r) + ".npy", tensor)))
        return failure();
    os << "reproducer: " << modulePath << " with " << dir
       << "/input<N>.npy (hlo-runner " << modulePath
       << " --input ...; the fused results: fused_result<N>.npy, the "
          "reference's: reference_result<N>.npy)\n";
    return std::optional<unsigned>(k);
  }
  return std::optional<unsigned>();
}
