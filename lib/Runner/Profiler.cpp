//===- Profiler.cpp - run time per kernel (hlo-runner --profile) ----------===//

#include "HloDialect/Runner/Profiler.h"

#include "HloDialect/Transforms/ProfileKernels.h"

#include "llvm/ADT/STLExtras.h"
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
} // namespace

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
  os << "  share   own ms   total ms  calls  kernel: what it computes\n";
  for (const Kernel *kernel : llvm::ArrayRef(order).take_front(top)) {
    double self = kernel->selfNanoseconds * 1e-9 / runs;
    double total = kernel->totalNanoseconds * 1e-9 / runs;
    os << llvm::format("  %5.1f%% %8.3f %10.3f %6.1f  ",
                       perRun > 0 ? 100.0 * self / perRun : 0.0, self * 1e3,
                       total * 1e3,
                       static_cast<double>(kernel->calls) / runs)
       << kernel->function << ": " << kernel->description << "\n";
  }
  if (order.size() > top)
    os << "  (" << order.size() - top << " more kernels)\n";
}
