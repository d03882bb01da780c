//===- Profiler.cpp - run time per kernel (hlo-runner --profile) ----------===//

#include "HloDialect/Runner/Profiler.h"

#include "HloDialect/Transforms/ProfileKernels.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <chrono>

using namespace mlir;
using namespace mlir::hlo;

namespace {
/// The profiler the hooks report to (the one whose symbols were taken
/// last; a runner profiles one compiled module at a time).
std::atomic<KernelProfiler *> activeProfiler{nullptr};

struct OpenCall {
  int64_t id;
  uint64_t start;
  /// Time spent in kernels this one called.
  uint64_t children;
};

/// This thread's open kernel calls, innermost last.
thread_local std::vector<OpenCall> openCalls;

uint64_t nowNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

extern "C" void hloProfileEnter(int64_t id) {
  openCalls.push_back({id, nowNanoseconds(), 0});
}

extern "C" void hloProfileExit(int64_t id) {
  uint64_t end = nowNanoseconds();
  // Unbalanced hooks (code not made by hlo-profile-kernels) are ignored.
  if (openCalls.empty() || openCalls.back().id != id)
    return;
  OpenCall call = openCalls.back();
  openCalls.pop_back();
  uint64_t total = end - call.start;
  uint64_t self = total > call.children ? total - call.children : 0;
  bool outermost = openCalls.empty();
  if (!outermost)
    openCalls.back().children += total;
  if (KernelProfiler *profiler = activeProfiler.load())
    profiler->record(id, total, self, outermost);
}
/// Whether `type` holds the elements of a tensor rather than addresses or
/// flags: floating point, or integers of 8, 16 or 32 bits.
bool isElementType(llvm::Type *type) {
  if (type->isFloatingPointTy())
    return true;
  auto *integer = dyn_cast<llvm::IntegerType>(type);
  return integer && integer->getBitWidth() >= 8 &&
         integer->getBitWidth() <= 32;
}

enum class Arithmetic { None, Scalar, Vector };

/// The type of the elements `instruction` computes on or moves: its
/// operand's for compares and conversions (whose results are flags or
/// another type), the stored value's for stores; null for what neither
/// computes on nor moves elements (address arithmetic, markers; block
/// copies are classified on their own).
llvm::Type *getElementWorkType(const llvm::Instruction &instruction) {
  if (isa<llvm::BitCastInst, llvm::PtrToIntInst, llvm::IntToPtrInst,
          llvm::AddrSpaceCastInst, llvm::GetElementPtrInst>(instruction))
    return nullptr;
  if (isa<llvm::CmpInst, llvm::CastInst>(instruction))
    return instruction.getOperand(0)->getType();
  if (auto *store = dyn_cast<llvm::StoreInst>(&instruction))
    return store->getValueOperand()->getType();
  if (isa<llvm::BinaryOperator, llvm::UnaryOperator, llvm::SelectInst,
          llvm::LoadInst>(instruction))
    return instruction.getType();
  auto *call = dyn_cast<llvm::CallBase>(&instruction);
  if (!call || isa<llvm::AssumeInst, llvm::DbgInfoIntrinsic,
                   llvm::MemIntrinsic>(call))
    return nullptr;
  // Math intrinsics (fma, exp, rotates, dot-product instructions), masked
  // vector loads and stores, library calls (expf).
  if (!call->getType()->isVoidTy())
    return call->getType();
  for (llvm::Value *operand : call->args())
    if (isa<llvm::VectorType>(operand->getType()))
      return operand->getType();
  return nullptr;
}

/// Whether `instruction` computes on or moves elements, and as what.
Arithmetic classifyInstruction(const llvm::Instruction &instruction) {
  // A block copy or fill (a row of a gather, a slice) moves its elements
  // with vector moves, whether LLVM expands it or libc's memcpy runs.
  if (isa<llvm::MemIntrinsic>(instruction))
    return Arithmetic::Vector;
  llvm::Type *type = getElementWorkType(instruction);
  if (!type)
    return Arithmetic::None;
  if (auto *vector = dyn_cast<llvm::VectorType>(type))
    return vector->getElementType()->isPointerTy() ? Arithmetic::None
                                                   : Arithmetic::Vector;
  return isElementType(type) ? Arithmetic::Scalar : Arithmetic::None;
}

/// Whether `block` calls a function defined in the module (another kernel).
bool callsDefinedFunction(const llvm::BasicBlock &block) {
  return llvm::any_of(block, [](const llvm::Instruction &instruction) {
    auto *call = dyn_cast<llvm::CallBase>(&instruction);
    llvm::Function *callee = call ? call->getCalledFunction() : nullptr;
    return callee && !callee->isDeclaration();
  });
}
} // namespace

std::string KernelCode::summary() const {
  if (vectorLoops || scalarLoops) {
    if (!scalarLoops)
      return "vector";
    if (!vectorLoops)
      return "scalar";
    return std::to_string(vectorLoops) + "v+" + std::to_string(scalarLoops) +
           "s";
  }
  if (straightScalar && !straightVector)
    return "scalar";
  if (straightVector)
    return "vector";
  return "-";
}

KernelCode hlo::classifyKernelCode(const llvm::Function &function) {
  KernelCode code;
  if (function.isDeclaration())
    return code;
  llvm::DominatorTree dominators(const_cast<llvm::Function &>(function));
  llvm::LoopInfo loops(dominators);
  for (const llvm::BasicBlock &block : function) {
    if (loops.getLoopFor(&block))
      continue;
    for (const llvm::Instruction &instruction : block) {
      Arithmetic kind = classifyInstruction(instruction);
      code.straightVector |= kind == Arithmetic::Vector;
      code.straightScalar |= kind == Arithmetic::Scalar;
    }
  }
  for (llvm::Loop *loop : loops.getLoopsInPreorder()) {
    if (!loop->isInnermost() ||
        llvm::any_of(loop->blocks(), [](const llvm::BasicBlock *block) {
          return callsDefinedFunction(*block);
        }))
      continue;
    bool vector = false, scalar = false;
    for (const llvm::BasicBlock *block : loop->blocks())
      for (const llvm::Instruction &instruction : *block) {
        Arithmetic kind = classifyInstruction(instruction);
        vector |= kind == Arithmetic::Vector;
        scalar |= kind == Arithmetic::Scalar;
      }
    if (vector)
      ++code.vectorLoops;
    else if (scalar &&
             !llvm::getBooleanLoopAttribute(loop, "llvm.loop.isvectorized"))
      ++code.scalarLoops;
  }
  return code;
}

KernelProfiler::KernelProfiler(ArrayAttr list) {
  if (!list)
    return;
  for (auto entry : list.getAsRange<StringAttr>()) {
    auto [function, description] = entry.getValue().split('\t');
    auto kernel = std::make_unique<Kernel>();
    kernel->function = function.str();
    kernel->description = description.str();
    kernels.push_back(std::move(kernel));
  }
}

KernelProfiler::~KernelProfiler() {
  KernelProfiler *self = this;
  activeProfiler.compare_exchange_strong(self, nullptr);
}

llvm::StringMap<void *> KernelProfiler::getSymbols() {
  activeProfiler = this;
  llvm::StringMap<void *> symbols;
  symbols[kProfileEnterHook] = reinterpret_cast<void *>(&hloProfileEnter);
  symbols[kProfileExitHook] = reinterpret_cast<void *>(&hloProfileExit);
  return symbols;
}

void KernelProfiler::inspectOptimizedModule(llvm::Module &module) {
  for (auto &kernel : kernels) {
    llvm::Function *function = module.getFunction(kernel->function);
    if (!function || function->isDeclaration())
      continue;
    KernelCode code = classifyKernelCode(*function);
    std::lock_guard<std::mutex> lock(codeMutex);
    kernel->code = code;
  }
}

void KernelProfiler::reset() {
  for (auto &kernel : kernels) {
    kernel->calls = 0;
    kernel->totalNanoseconds = 0;
    kernel->selfNanoseconds = 0;
    kernel->outermostNanoseconds = 0;
  }
}

void KernelProfiler::record(int64_t id, uint64_t total, uint64_t self,
                            bool outermost) {
  if (id < 0 || static_cast<size_t>(id) >= kernels.size())
    return;
  Kernel &kernel = *kernels[id];
  kernel.calls += 1;
  kernel.totalNanoseconds += total;
  kernel.selfNanoseconds += self;
  if (outermost)
    kernel.outermostNanoseconds += total;
}

void KernelProfiler::print(llvm::raw_ostream &os, unsigned runs,
                           double wallSeconds, unsigned top) const {
  runs = std::max(runs, 1u);
  double perRun = wallSeconds / runs;
  double inKernels = 0;
  for (const auto &kernel : kernels)
    inKernels += kernel->outermostNanoseconds * 1e-9;
  inKernels /= runs;
  os << llvm::format("profile: %u runs, %.3f ms per run, %.3f ms in %zu "
                     "kernels, %.3f ms outside them\n",
                     runs, perRun * 1e3, inKernels * 1e3, kernels.size(),
                     std::max(0.0, perRun - inKernels) * 1e3);
  std::vector<const Kernel *> order;
  for (const auto &kernel : kernels)
    if (kernel->calls)
      order.push_back(kernel.get());
  llvm::stable_sort(order, [](const Kernel *a, const Kernel *b) {
    return a->selfNanoseconds > b->selfNanoseconds;
  });
  os << "  share   own ms   total ms  code    calls  kernel: what it computes\n";
  auto share = [&](const Kernel *kernel) {
    double self = kernel->selfNanoseconds * 1e-9 / runs;
    return perRun > 0 ? 100.0 * self / perRun : 0.0;
  };
  for (const Kernel *kernel : llvm::ArrayRef(order).take_front(top)) {
    double self = kernel->selfNanoseconds * 1e-9 / runs;
    double total = kernel->totalNanoseconds * 1e-9 / runs;
    std::string code = kernel->code ? kernel->code->summary() : "?";
    os << llvm::format("  %5.1f%% %8.3f %10.3f  %-6s %6.1f  ", share(kernel),
                       self * 1e3, total * 1e3, code.c_str(),
                       static_cast<double>(kernel->calls) / runs)
       << kernel->function << ": " << kernel->description << "\n";
  }
  if (order.size() > top)
    os << "  (" << order.size() - top << " more kernels)\n";
  // Scalar loops anywhere in the run, the listed kernels or not.
  std::string scalar;
  llvm::raw_string_ostream scalarOs(scalar);
  double scalarShare = 0;
  for (const Kernel *kernel : order) {
    if (!kernel->code || !kernel->code->hasScalarCode())
      continue;
    scalarShare += share(kernel);
    scalarOs << (scalar.empty() ? "" : ", ") << kernel->function
             << llvm::format(" (%.1f%%)", share(kernel));
  }
  if (!scalar.empty())
    os << llvm::format("  scalar loops in %.1f%% of the run: ", scalarShare)
       << scalar << "\n";
}
