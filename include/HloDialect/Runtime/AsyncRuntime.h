//===- AsyncRuntime.h - the thread pool of compiled programs ----*- C++ -*-===//
//
// Multi-threaded code (hlo-cpu-pipeline threads=N: hlo-emit-fusions and
// hlo-parallelize split loop nests into chunks, async-parallel-for makes
// each chunk a task, convert-async-to-llvm calls the `mlirAsyncRuntime*`
// functions of MLIR's async runtime ABI) runs on this implementation of
// that ABI, which the tools link instead of libmlir_async_runtime.so:
//
//  - one pool of worker threads for the whole process, started on first use
//    and kept until exit: no thread is created per call or per program, and
//    compiling, running and discarding programs one after another (the JIT
//    of hlo-runner --compare-fusions, self-checks, unit tests) keeps using
//    the same pool (libmlir_async_runtime's destroy hook deletes its global
//    runtime, after which every later program crashed in
//    mlirAsyncRuntimeCreateGroup);
//  - the pool has one thread fewer than the cores available to the process
//    (sched_getaffinity): the thread that starts a parallel loop computes
//    one chunk itself and, while it waits for the others, runs queued tasks;
//  - nested parallelism does not oversubscribe: a task started from inside
//    a task (a parallel loop in a chunk of another) runs inline on the
//    thread that starts it, so no thread ever blocks on a task queued
//    behind it;
//  - waitForAsyncRuntimeIdle() returns once no task is queued or running:
//    the JIT calls it before it frees a program's code, which worker
//    threads may still be returning through.
//
// Free of MLIR and LLVM (lib/Runtime), C++ standard library threads only.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_RUNTIME_ASYNCRUNTIME_H
#define HLODIALECT_RUNTIME_ASYNCRUNTIME_H

#include <utility>
#include <vector>

namespace hlo::runtime {

/// The number of cores this process may run on: the size of its CPU
/// affinity mask (sched_getaffinity; taskset and cgroup cpusets shrink it),
/// else std::thread::hardware_concurrency(); at least 1.
unsigned getAvailableCores();

/// Name and address of every function of MLIR's async runtime ABI
/// (mlirAsyncRuntimeCreateToken, ..., the names convert-async-to-llvm calls),
/// for a JIT to resolve compiled code's calls with.
std::vector<std::pair<const char *, void *>> getAsyncRuntimeSymbols();

/// Threads that run tasks: the pool's workers plus the waiting caller.
unsigned getAsyncRuntimeThreads();

/// Blocks until no task is queued or running (every worker is back in the
/// pool's own code).
void waitForAsyncRuntimeIdle();

/// Counters of the pool since the process started, for tests: tasks queued
/// for the workers, tasks run inline because they were started from inside
/// a task, and tasks the waiting caller ran itself.
struct AsyncRuntimeStats {
  unsigned long long queued = 0;
  unsigned long long inlined = 0;
  unsigned long long helped = 0;
};
AsyncRuntimeStats getAsyncRuntimeStats();

} // namespace hlo::runtime

#endif // HLODIALECT_RUNTIME_ASYNCRUNTIME_H
