//===- SelfCheck.cpp - running self-checking test programs ----------------===//

#include "HloDialect/Runner/SelfCheck.h"

#include "HloDialect/Runner/Probes.h"

#include "HloDialect/Dialect/Check/IR/CheckOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::hlo;

bool hlo::isSelfChecking(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    if (isa<check::CheckDialect>(op->getDialect()))
      found = true;
    else if (auto call = dyn_cast<CustomCallOp>(op))
      found |= call.getCallTargetName().starts_with("check.");
  });
  return found;
}

//===----------------------------------------------------------------------===//
// Constants to host tensors
//===----------------------------------------------------------------------===//

namespace {
void storeBits(char *dst, const APInt &bits, size_t bytes) {
  uint64_t raw = bits.getZExtValue();
  std::memcpy(dst, &raw, bytes); // little-endian host
}
} // namespace

FailureOr<HostTensor> hlo::hostTensorFromAttr(ElementsAttr attr, Location loc) {
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  auto type = dyn_cast<RankedTensorType>(attr.getType());
  if (!dense || !type || !type.hasStaticShape()) {
    emitError(loc) << "unsupported constant for a run-time input: " << attr;
    return failure();
  }
  HostTensor tensor(type);
  size_t size = tensor.getElementSize();
  char *out = tensor.data();
  Type elementType = type.getElementType();
  if (elementType.isInteger(1)) {
    for (auto [i, v] : llvm::enumerate(dense.getValues<bool>()))
      out[i] = v ? 1 : 0;
  } else if (auto intType = dyn_cast<IntegerType>(elementType)) {
    // Sub-byte values are widened to their byte: sign-extended unless
    // unsigned (compiled code reads only the low bits).
    for (auto [i, v] : llvm::enumerate(dense.getValues<APInt>()))
      storeBits(out + i * size,
                intType.isUnsigned() ? v.zextOrTrunc(size * 8)
                                     : v.sextOrTrunc(size * 8),
                size);
  } else if (isa<FloatType>(elementType)) {
    for (auto [i, v] : llvm::enumerate(dense.getValues<APFloat>()))
      storeBits(out + i * size, v.bitcastToAPInt().zextOrTrunc(size * 8), size);
  } else if (isa<ComplexType>(elementType)) {
    size_t half = size / 2;
    for (auto [i, v] :
         llvm::enumerate(dense.getValues<std::complex<APFloat>>())) {
      storeBits(out + i * size, v.real().bitcastToAPInt().zextOrTrunc(half * 8),
                half);
      storeBits(out + i * size + half,
                v.imag().bitcastToAPInt().zextOrTrunc(half * 8), half);
    }
  } else {
    emitError(loc) << "unsupported element type " << elementType;
    return failure();
  }
  return tensor;
}

//===----------------------------------------------------------------------===//
// Check semantics
//===----------------------------------------------------------------------===//

namespace {
APInt loadBits(const char *p, unsigned width, size_t size) {
  uint64_t raw = 0;
  std::memcpy(&raw, p, size);
  return APInt(width, raw, /*isSigned=*/false, /*implicitTrunc=*/true);
}

APFloat loadFloat(const char *p, FloatType type, size_t size) {
  return APFloat(type.getFloatSemantics(), loadBits(p, type.getWidth(), size));
}

/// Distance in units in the last place; two NaNs are 0 apart, a non-finite
/// value not bitwise equal to the other is infinitely far.
double ulpDistance(const APFloat &a, const APFloat &b) {
  if (a.isNaN() && b.isNaN())
    return 0;
  APInt ab = a.bitcastToAPInt(), bb = b.bitcastToAPInt();
  if (!a.isFinite() || !b.isFinite())
    return ab == bb ? 0 : std::numeric_limits<double>::infinity();
  unsigned width = ab.getBitWidth();
  auto key = [&](const APInt &bits) -> long double {
    if (!APFloat::semanticsHasSignedRepr(a.getSemantics()))
      return static_cast<long double>(bits.getZExtValue());
    APInt magnitude = bits;
    magnitude.clearBit(width - 1);
    long double m = static_cast<long double>(magnitude.getZExtValue());
    return bits[width - 1] ? -m : m;
  };
  return static_cast<double>(std::fabs(key(ab) - key(bb)));
}

double toDouble(APFloat v) {
  bool losesInfo;
  (void)v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
  return v.convertToDouble();
}

/// The error of one scalar part under `kind`: 0 when it passes, > 0 (or
/// infinity) when it does not. `tolerance`/`maxUlps` decide passing.
struct PartResult {
  bool pass;
  double error;
};

PartResult compareFloat(StringRef kind, const APFloat &a, const APFloat &e,
                        double tolerance, int64_t maxUlps) {
  if (kind == "expect_close") {
    double d = ulpDistance(a, e);
    return {d <= static_cast<double>(maxUlps), d};
  }
  double da = toDouble(a), de = toDouble(e);
  if (kind == "expect_almost_eq") {
    if (std::isnan(da) && std::isnan(de))
      return {true, 0};
    if (da == de)
      return {true, 0};
    double d = std::fabs(da - de);
    return {d <= tolerance, std::isnan(d) ? std::numeric_limits<double>::infinity() : d};
  }
  // expect_eq: by value (+0 == -0, NaN equals nothing).
  bool equal = a.compare(e) == APFloat::cmpEqual;
  double d = std::fabs(da - de);
  return {equal, equal ? 0 : (std::isnan(d) ? std::numeric_limits<double>::infinity() : d)};
}

std::string formatIndex(ArrayRef<int64_t> shape, int64_t flat) {
  SmallVector<int64_t> index(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    index[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  std::string s = "[";
  for (auto [i, v] : llvm::enumerate(index))
    s += (i ? ", " : "") + std::to_string(v);
  return s + "]";
}
} // namespace

std::optional<std::string> hlo::compareTensors(StringRef kind,
                                               const HostTensor &actual,
                                               const HostTensor &expected,
                                               double tolerance,
                                               int64_t maxUlps) {
  if (actual.getType() != expected.getType()) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "type mismatch: " << actual.getType() << " vs " << expected.getType();
    return s;
  }
  Type elementType = actual.getElementType();
  size_t size = actual.getElementSize();
  int64_t n = actual.getNumElements();
  double maxError = 0;
  int64_t firstBad = -1, numBad = 0;
  for (int64_t i = 0; i < n; ++i) {
    const char *a = actual.data() + i * size;
    const char *e = expected.data() + i * size;
    PartResult r{true, 0};
    if (auto intType = dyn_cast<IntegerType>(elementType)) {
      APInt av = loadBits(a, intType.getWidth(), size);
      APInt ev = loadBits(e, intType.getWidth(), size);
      bool isUnsigned = intType.isUnsigned() || intType.getWidth() == 1;
      double da = isUnsigned ? av.roundToDouble(false) : av.roundToDouble(true);
      double de = isUnsigned ? ev.roundToDouble(false) : ev.roundToDouble(true);
      bool pass = av == ev ||
                  (kind == "expect_almost_eq" && std::fabs(da - de) <= tolerance);
      r = {pass, std::fabs(da - de)};
    } else if (auto floatType = dyn_cast<FloatType>(elementType)) {
      r = compareFloat(kind, loadFloat(a, floatType, size),
                       loadFloat(e, floatType, size), tolerance, maxUlps);
    } else if (auto complexType = dyn_cast<ComplexType>(elementType)) {
      auto part = cast<FloatType>(complexType.getElementType());
      size_t half = size / 2;
      PartResult re = compareFloat(kind, loadFloat(a, part, half),
                                   loadFloat(e, part, half), tolerance, maxUlps);
      PartResult im =
          compareFloat(kind, loadFloat(a + half, part, half),
                       loadFloat(e + half, part, half), tolerance, maxUlps);
      r = {re.pass && im.pass, std::max(re.error, im.error)};
    }
    if (!r.pass) {
      ++numBad;
      if (firstBad < 0)
        firstBad = i;
    }
    maxError = std::max(maxError, r.error);
  }
  if (numBad == 0)
    return std::nullopt;
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "max error " << llvm::format("%g", maxError)
     << (kind == "expect_close" ? " ulp" : "") << ", " << numBad << " of " << n
     << " elements differ, first at index "
     << formatIndex(actual.getShape(), firstBad) << ": expected ";
  expected.printElement(os, firstBad);
  os << ", found ";
  actual.printElement(os, firstBad);
  return s;
}

//===----------------------------------------------------------------------===//
// Rewriting, compiling and running
//===----------------------------------------------------------------------===//

namespace {
std::string formatLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  std::string s;
  llvm::raw_string_ostream os(s);
  os << loc;
  return s;
}
} // namespace

namespace {
/// Operands of dynamic-shape ops that give a shape (or paddings, slice bounds
/// and sizes) rather than data.
bool isShapeOperand(OpOperand &use) {
  Operation *op = use.getOwner();
  unsigned i = use.getOperandNumber();
  if (isa<DynamicBroadcastInDimOp, DynamicReshapeOp>(op))
    return i == 1;
  if (isa<DynamicIotaOp>(op))
    return i == 0;
  if (isa<DynamicPadOp>(op))
    return i >= 2;
  if (isa<RealDynamicSliceOp>(op))
    return i >= 1;
  if (isa<DynamicGatherOp, DynamicConvOp>(op))
    return i == 2;
  return false;
}
} // namespace

FailureOr<SelfCheckProgram> hlo::prepareSelfChecking(ModuleOp module,
                                                    StringRef entryName) {
  MLIRContext *context = module.getContext();

  // Inline without simplifying: the inliner's default canonicalization
  // would fold the program's constants before they are made inputs.
  {
    PassManager pm(context, ModuleOp::getOperationName());
    pm.addPass(createHloInlineCompositesPass());
    pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
    if (failed(pm.run(module)))
      return failure();
  }
  auto entry = module.lookupSymbol<func::FuncOp>(entryName);
  if (!entry || entry.isExternal()) {
    emitError(module.getLoc()) << "entry function '@" << entryName
                               << "' not found";
    return failure();
  }
  if (entry.getNumArguments() != 0) {
    emitError(entry.getLoc())
        << "a self-checking entry takes no parameters, @" << entryName
        << " takes " << entry.getNumArguments();
    return failure();
  }
  // Only the entry is compiled.
  for (Operation &op : llvm::make_early_inc_range(module.getBody()->getOperations()))
    if (&op != entry.getOperation() && isa<func::FuncOp>(op))
      op.erase();

  Block &body = entry.getBody().front();
  SmallVector<Value> results;
  SelfCheckProgram program;
  SmallVector<SelfCheck> &checks = program.checks;
  auto expectedFrom = [&](Value v, SelfCheck &check) -> LogicalResult {
    if (auto constant = v.getDefiningOp<ConstantOp>()) {
      FailureOr<HostTensor> t = hostTensorFromAttr(constant.getValue(), check.loc);
      if (failed(t))
        return failure();
      check.expected = std::move(*t);
      return success();
    }
    check.expectedResult = results.size();
    results.push_back(v);
    return success();
  };
  SmallVector<Operation *> checkOps;
  for (Operation &op : body) {
    if (!isa<check::CheckDialect>(op.getDialect()) || isa<check::ProbeOp>(op))
      continue;
    checkOps.push_back(&op);
    SelfCheck check{op.getLoc(), op.getName().stripDialect().str()};
    check.actualResult = results.size();
    results.push_back(op.getOperand(0));
    LogicalResult status = success();
    if (auto eq = dyn_cast<check::ExpectEqOp>(op)) {
      status = expectedFrom(eq.getExpected(), check);
    } else if (auto close = dyn_cast<check::ExpectCloseOp>(op)) {
      check.maxUlps = close.getMaxUlpDifferenceAttr().getInt();
      status = expectedFrom(close.getExpected(), check);
    } else if (auto almost = dyn_cast<check::ExpectAlmostEqOp>(op)) {
      check.tolerance = almost.getTolerance().convertToDouble();
      status = expectedFrom(almost.getExpected(), check);
    } else if (auto eqConst = dyn_cast<check::ExpectEqConstOp>(op)) {
      check.kind = "expect_eq";
      FailureOr<HostTensor> t = hostTensorFromAttr(eqConst.getValue(), check.loc);
      status = failed(t) ? failure() : success();
      if (succeeded(t))
        check.expected = std::move(*t);
    } else if (auto almostConst = dyn_cast<check::ExpectAlmostEqConstOp>(op)) {
      check.kind = "expect_almost_eq";
      check.tolerance = almostConst.getTolerance().convertToDouble();
      FailureOr<HostTensor> t =
          hostTensorFromAttr(almostConst.getValue(), check.loc);
      status = failed(t) ? failure() : success();
      if (succeeded(t))
        check.expected = std::move(*t);
    } else if (auto serialized = dyn_cast<check::ExpectSerializedEqOp>(op)) {
      check.kind = "expect_eq";
      check.probeId = serialized.getProbeId().str();
      check.probeIteration = serialized.getIter().value_or(0);
    } else {
      return op.emitOpError("is not a check hlo-runner knows");
    }
    if (failed(status))
      return failure();
    checks.push_back(std::move(check));
  }
  for (Operation *op : checkOps)
    op->erase();

  // The checked values are the results now (`results` must not be used
  // after this: constants among them are replaced below).
  Operation *terminator = body.getTerminator();
  OpBuilder builder(terminator);
  func::ReturnOp::create(builder, terminator->getLoc(), results);
  terminator->erase();
  results.clear();
  // Constants that fed only the checks are dead now.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body)))
    if (isa<ConstantOp>(op) && op.use_empty())
      op.erase();

  // Every remaining top-level constant becomes a run-time input, except
  // shapes, paddings and slice bounds of dynamic-shape ops: they are part of
  // the program's shapes, which are compiled statically.
  SmallVector<HostTensor> &inputs = program.inputs;
  for (Operation &op : llvm::make_early_inc_range(body)) {
    auto constant = dyn_cast<ConstantOp>(op);
    if (!constant)
      continue;
    if (!constant->use_empty() &&
        llvm::all_of(constant->getUses(), isShapeOperand))
      continue;
    FailureOr<HostTensor> t =
        hostTensorFromAttr(constant.getValue(), constant.getLoc());
    if (failed(t))
      return failure();
    BlockArgument arg = body.addArgument(constant.getType(), constant.getLoc());
    constant.replaceAllUsesWith(arg);
    constant.erase();
    inputs.push_back(std::move(*t));
  }
  entry.setFunctionType(FunctionType::get(context, body.getArgumentTypes(),
                                          body.getTerminator()->getOperandTypes()));
  entry.removeArgAttrsAttr();
  entry.removeResAttrsAttr();
  if (failed(verify(module)))
    return failure();
  return program;
}

SelfCheckResult hlo::evaluateSelfChecks(const SelfCheckProgram &program,
                                        ArrayRef<HostTensor> outputs,
                                        const ProbeRecorder *probes,
                                        llvm::raw_ostream &os) {
  SelfCheckResult result;
  for (const SelfCheck &check : program.checks) {
    std::optional<std::string> failure;
    if (check.actualResult >= outputs.size() ||
        (check.expectedResult && *check.expectedResult >= outputs.size())) {
      failure = "the program produced " + std::to_string(outputs.size()) +
                " results, fewer than its checks read";
    } else if (check.probeId) {
      const HostTensor &actual = outputs[check.actualResult];
      ArrayRef<HostTensor> records;
      if (probes)
        records = probes->getRecords(*check.probeId);
      if (check.probeIteration < 0 ||
          static_cast<size_t>(check.probeIteration) >= records.size())
        failure = "probe '" + *check.probeId + "' recorded " +
                  std::to_string(records.size()) + " values, iteration " +
                  std::to_string(check.probeIteration) + " checked";
      else if (records[check.probeIteration].getType() != actual.getType())
        failure = "probe '" + *check.probeId + "' recorded a different type";
      else
        failure = compareTensors(check.kind, actual,
                                 records[check.probeIteration], 0, 0);
    } else {
      const HostTensor &actual = outputs[check.actualResult];
      const HostTensor &expected = check.expectedResult
                                       ? outputs[*check.expectedResult]
                                       : *check.expected;
      if (actual.getType() != expected.getType())
        failure = "the result has another type than the expected value";
      else
        failure = compareTensors(check.kind, actual, expected,
                                 check.tolerance, check.maxUlps);
    }
    if (!failure) {
      ++result.passed;
      continue;
    }
    ++result.failed;
    os << formatLocation(check.loc) << ": check failed: " << check.kind << ": "
       << *failure << "\n";
  }
  return result;
}

FailureOr<SelfCheckResult> hlo::runSelfChecking(ModuleOp module,
                                                StringRef entryName,
                                                const RunnerOptions &options,
                                                llvm::raw_ostream &os) {
  FailureOr<SelfCheckProgram> program = prepareSelfChecking(module, entryName);
  if (failed(program))
    return failure();
  // The location is taken now: compiling lowers `module` in place, which
  // erases the entry function.
  Location entryLoc = module.lookupSymbol<func::FuncOp>(entryName).getLoc();
  RunnerOptions compileOptions = options;
  compileOptions.entry = entryName.str();
  FailureOr<CompiledModule> compiled =
      CompiledModule::compile(module, compileOptions);
  if (failed(compiled))
    return failure();
  FailureOr<SmallVector<HostTensor>> outputs =
      compiled->run(program->inputs, entryLoc);
  if (failed(outputs))
    return failure();
  return evaluateSelfChecks(*program, *outputs, &compiled->getProbes(), os);
}
