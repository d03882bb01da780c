//===- AsyncRuntime.cpp - MLIR's async runtime ABI on one thread pool -----===//
//
// The objects of the ABI (what convert-async-to-llvm's calls create and
// pass around), with the reference counts async-runtime-ref-counting
// assumes: a token or value starts with two references (its user's and its
// producer's, which emplacing it drops), a group with one; every object is
// deleted when its count reaches zero.
//
// A parallel loop (async-parallel-for with sequential dispatch) reaches the
// runtime as: create a group of N-1 tokens; N-1 times mlirAsyncRuntimeExecute
// of a coroutine computing one chunk (which emplaces its token when done);
// the caller's own chunk; mlirAsyncRuntimeAwaitAllInGroup.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Runtime/AsyncRuntime.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

using namespace hlo::runtime;

namespace {

//===----------------------------------------------------------------------===//
// The pool
//===----------------------------------------------------------------------===//

/// A suspended coroutine and the function that resumes it.
struct Task {
  void *handle;
  void (*resume)(void *);
};

/// How long a thread polls for work (a worker) or for what it waits for (a
/// caller awaiting a parallel loop's chunks) before blocking. Waking a
/// thread blocked in the kernel takes tens of microseconds (more on a
/// virtual machine), as long as a whole chunk of a small parallel loop: an
/// LSTM step's loops ran slower on two threads than on one. The workers of
/// a program's successive loops poll across the gap between them instead.
/// Only with more than one core: on one, polling takes the time of the
/// thread it waits for.
constexpr std::chrono::microseconds kPollTime{200};

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

/// Polls `done` for up to kPollTime; returns whether it became true.
template <typename Done> bool pollFor(Done done) {
  auto start = std::chrono::steady_clock::now();
  while (true) {
    for (int i = 0; i < 64; ++i) {
      if (done())
        return true;
      cpuRelax();
    }
    if (std::chrono::steady_clock::now() - start > kPollTime)
      return done();
  }
}

/// Whether this thread is running a task: tasks started from inside one run
/// inline.
thread_local bool insideTask = false;

std::atomic<unsigned long long> queuedCount{0}, inlinedCount{0},
    helpedCount{0};

class Pool {
public:
  /// The process's pool, started on first use.
  static Pool &get();
  /// The pool if it was started, else null.
  static Pool *getIfStarted() { return started.load(std::memory_order_acquire); }

  /// Queues `task` for the workers (and waiting callers).
  void submit(Task task);
  /// Blocks until `ready()`, running queued tasks meanwhile.
  template <typename Ready> void waitUntil(Ready ready);
  /// Wakes the threads blocked in waitUntil (after something they wait for
  /// changed).
  void notifyWaiters();
  /// Blocks until no task is queued or running.
  void waitIdle();

  unsigned threads() const { return workers.size() + 1; }

private:
  Pool();
  ~Pool();
  void work();
  /// Takes the first queued task and counts it as running; called with the
  /// lock held and the queue not empty.
  Task popQueued();
  /// Runs `task` (taken from the queue, `running` counted) and uncounts it;
  /// called and returns with `lock` held.
  void runQueued(Task task, std::unique_lock<std::mutex> &lock);

  static std::atomic<Pool *> started;

  std::mutex mutex;
  /// Workers wait for tasks; waiting callers for tasks or readiness; idle
  /// waiters for an empty, quiet pool.
  std::condition_variable workAvailable, waiters, idle;
  std::deque<Task> queue;
  /// The queue's length and `stopping`, for polling without the lock.
  std::atomic<size_t> queuedTasks{0};
  std::atomic<bool> stoppingFlag{false};
  /// Whether threads poll before blocking (more than one core).
  bool poll = false;
  unsigned running = 0;
  bool stopping = false;
  std::vector<std::thread> workers;
};

std::atomic<Pool *> Pool::started{nullptr};

void runTask(Task task) {
  bool outer = insideTask;
  insideTask = true;
  task.resume(task.handle);
  insideTask = outer;
}

Pool &Pool::get() {
  static Pool pool;
  return pool;
}

Pool::Pool() {
  unsigned count = getAvailableCores();
  // The caller of a parallel loop computes too: one worker fewer than the
  // cores, but at least one (a task queued must have a thread to run it).
  poll = count > 1;
  count = count > 1 ? count - 1 : 1;
  workers.reserve(count);
  for (unsigned i = 0; i < count; ++i)
    workers.emplace_back([this] { work(); });
  started.store(this, std::memory_order_release);
}

Pool::~Pool() {
  started.store(nullptr, std::memory_order_release);
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
    stoppingFlag.store(true, std::memory_order_release);
  }
  workAvailable.notify_all();
  for (std::thread &worker : workers)
    worker.join();
}

Task Pool::popQueued() {
  Task task = queue.front();
  queue.pop_front();
  queuedTasks.store(queue.size(), std::memory_order_release);
  ++running;
  return task;
}

void Pool::runQueued(Task task, std::unique_lock<std::mutex> &lock) {
  lock.unlock();
  runTask(task);
  lock.lock();
  if (--running == 0 && queue.empty())
    idle.notify_all();
}

void Pool::work() {
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    if (poll && !stopping && queue.empty()) {
      lock.unlock();
      pollFor([&] {
        return queuedTasks.load(std::memory_order_acquire) != 0 ||
               stoppingFlag.load(std::memory_order_acquire);
      });
      lock.lock();
    }
    workAvailable.wait(lock, [&] { return stopping || !queue.empty(); });
    if (queue.empty())
      return;
    runQueued(popQueued(), lock);
  }
}

void Pool::submit(Task task) {
  queuedCount.fetch_add(1, std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(mutex);
    queue.push_back(task);
    queuedTasks.store(queue.size(), std::memory_order_release);
  }
  workAvailable.notify_one();
  waiters.notify_all();
}

template <typename Ready> void Pool::waitUntil(Ready ready) {
  if (ready())
    return;
  if (poll && pollFor([&] {
        return ready() || queuedTasks.load(std::memory_order_acquire) != 0;
      }) && ready())
    return;
  std::unique_lock<std::mutex> lock(mutex);
  while (!ready()) {
    if (queue.empty()) {
      waiters.wait(lock);
      continue;
    }
    helpedCount.fetch_add(1, std::memory_order_relaxed);
    runQueued(popQueued(), lock);
  }
}

void Pool::notifyWaiters() {
  // Taking the lock orders the change before a waiter's check of it under
  // the lock: no waiter misses the notification.
  { std::lock_guard<std::mutex> lock(mutex); }
  waiters.notify_all();
}

void Pool::waitIdle() {
  std::unique_lock<std::mutex> lock(mutex);
  idle.wait(lock, [&] { return running == 0 && queue.empty(); });
}

//===----------------------------------------------------------------------===//
// Tokens, values and groups
//===----------------------------------------------------------------------===//

enum State : int { pending = 0, available = 1, error = 2 };

struct RefCounted {
  explicit RefCounted(int64_t count) : count(count) {}
  virtual ~RefCounted() = default;
  std::atomic<int64_t> count;
};

void addRef(RefCounted *object, int64_t count) {
  object->count.fetch_add(count, std::memory_order_relaxed);
}

void dropRef(RefCounted *object, int64_t count) {
  if (object->count.fetch_sub(count, std::memory_order_acq_rel) == count)
    delete object;
}

/// Something that becomes ready once, and the continuations to run then.
struct Awaitable : RefCounted {
  using RefCounted::RefCounted;
  bool isReady() const { return readiness() != pending; }
  virtual int readiness() const = 0;

  std::mutex mutex;
  std::vector<std::function<void()>> continuations;
};

/// Runs `continuation` once `object` is ready: now if it is.
void whenReady(Awaitable *object, std::function<void()> continuation) {
  {
    std::lock_guard<std::mutex> lock(object->mutex);
    if (!object->isReady()) {
      object->continuations.push_back(std::move(continuation));
      return;
    }
  }
  continuation();
}

/// Runs the continuations of `object`, which has just become ready.
void runContinuations(Awaitable *object) {
  std::vector<std::function<void()>> continuations;
  {
    std::lock_guard<std::mutex> lock(object->mutex);
    continuations.swap(object->continuations);
  }
  if (Pool *pool = Pool::getIfStarted())
    pool->notifyWaiters();
  for (std::function<void()> &continuation : continuations)
    continuation();
}

void awaitBlocking(Awaitable *object) {
  if (object->isReady())
    return;
  // Nothing was ever queued without the pool.
  Pool::get().waitUntil([object] { return object->isReady(); });
}

/// An async.token or async.value: ready when its producer emplaces it.
struct Future : Awaitable {
  explicit Future(int64_t storageSize)
      : Awaitable(/*count=*/2), storage(storageSize > 0 ? storageSize : 0) {}
  int readiness() const override {
    return state.load(std::memory_order_acquire);
  }
  std::atomic<int> state{pending};
  std::vector<std::byte> storage;
};

void setState(Future *future, State state) {
  {
    std::lock_guard<std::mutex> lock(future->mutex);
    future->state.store(state, std::memory_order_release);
  }
  runContinuations(future);
  // The producer's reference.
  dropRef(future, 1);
}

/// An async.group: ready once all of its `size` tokens are.
struct Group : Awaitable {
  explicit Group(int64_t size) : Awaitable(/*count=*/1), remaining(size) {}
  int readiness() const override {
    return remaining.load(std::memory_order_acquire) == 0 ? available
                                                          : pending;
  }
  std::atomic<int64_t> remaining;
  std::atomic<int64_t> errors{0};
  std::atomic<int64_t> nextRank{0};
};

void tokenReadyInGroup(Future *token, Group *group) {
  if (token->state.load(std::memory_order_acquire) == error)
    group->errors.fetch_add(1, std::memory_order_relaxed);
  if (group->remaining.fetch_sub(1, std::memory_order_acq_rel) == 1)
    runContinuations(group);
}

//===----------------------------------------------------------------------===//
// The ABI
//===----------------------------------------------------------------------===//

void hloAsyncAddRef(void *object, int64_t count) {
  addRef(static_cast<RefCounted *>(object), count);
}
void hloAsyncDropRef(void *object, int64_t count) {
  dropRef(static_cast<RefCounted *>(object), count);
}
void *hloAsyncCreateToken() { return static_cast<RefCounted *>(new Future(0)); }
void *hloAsyncCreateValue(int64_t size) {
  return static_cast<RefCounted *>(new Future(size));
}
void *hloAsyncCreateGroup(int64_t size) {
  return static_cast<RefCounted *>(new Group(size));
}
Future *asFuture(void *object) {
  return static_cast<Future *>(static_cast<RefCounted *>(object));
}
Group *asGroup(void *object) {
  return static_cast<Group *>(static_cast<RefCounted *>(object));
}
int64_t hloAsyncAddTokenToGroup(void *tokenPtr, void *groupPtr) {
  Future *token = asFuture(tokenPtr);
  Group *group = asGroup(groupPtr);
  int64_t rank = group->nextRank.fetch_add(1, std::memory_order_relaxed);
  // The group stays alive until the token has counted itself in it.
  addRef(group, 1);
  whenReady(token, [token, group] {
    tokenReadyInGroup(token, group);
    dropRef(group, 1);
  });
  return rank;
}
void hloAsyncEmplaceToken(void *token) { setState(asFuture(token), available); }
void hloAsyncEmplaceValue(void *value) { setState(asFuture(value), available); }
void hloAsyncSetTokenError(void *token) { setState(asFuture(token), error); }
void hloAsyncSetValueError(void *value) { setState(asFuture(value), error); }
bool hloAsyncIsTokenError(void *token) {
  return asFuture(token)->state.load(std::memory_order_acquire) == error;
}
bool hloAsyncIsValueError(void *value) { return hloAsyncIsTokenError(value); }
bool hloAsyncIsGroupError(void *group) {
  return asGroup(group)->errors.load(std::memory_order_acquire) > 0;
}
void hloAsyncAwaitToken(void *token) { awaitBlocking(asFuture(token)); }
void hloAsyncAwaitValue(void *value) { awaitBlocking(asFuture(value)); }
void hloAsyncAwaitAllInGroup(void *group) { awaitBlocking(asGroup(group)); }
void *hloAsyncGetValueStorage(void *value) {
  return asFuture(value)->storage.data();
}
void hloAsyncExecute(void *handle, void (*resume)(void *)) {
  // A task started by a task (a parallel loop inside a chunk of another)
  // runs here and now: the pool's threads are busy with the outer loop.
  if (insideTask) {
    inlinedCount.fetch_add(1, std::memory_order_relaxed);
    resume(handle);
    return;
  }
  Pool::get().submit({handle, resume});
}
void hloAsyncAwaitTokenAndExecute(void *token, void *handle,
                                  void (*resume)(void *)) {
  whenReady(asFuture(token), [handle, resume] { resume(handle); });
}
void hloAsyncAwaitValueAndExecute(void *value, void *handle,
                                  void (*resume)(void *)) {
  whenReady(asFuture(value), [handle, resume] { resume(handle); });
}
void hloAsyncAwaitAllInGroupAndExecute(void *group, void *handle,
                                       void (*resume)(void *)) {
  whenReady(asGroup(group), [handle, resume] { resume(handle); });
}
int64_t hloAsyncGetNumWorkerThreads() { return getAsyncRuntimeThreads(); }

} // namespace

unsigned hlo::runtime::getAvailableCores() {
#if defined(__linux__)
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int count = CPU_COUNT(&set);
    if (count > 0)
      return static_cast<unsigned>(count);
  }
#endif
  unsigned count = std::thread::hardware_concurrency();
  return count ? count : 1;
}

std::vector<std::pair<const char *, void *>>
hlo::runtime::getAsyncRuntimeSymbols() {
  auto address = [](auto function) { return reinterpret_cast<void *>(function); };
  return {
      {"mlirAsyncRuntimeAddRef", address(&hloAsyncAddRef)},
      {"mlirAsyncRuntimeDropRef", address(&hloAsyncDropRef)},
      {"mlirAsyncRuntimeCreateToken", address(&hloAsyncCreateToken)},
      {"mlirAsyncRuntimeCreateValue", address(&hloAsyncCreateValue)},
      {"mlirAsyncRuntimeCreateGroup", address(&hloAsyncCreateGroup)},
      {"mlirAsyncRuntimeAddTokenToGroup", address(&hloAsyncAddTokenToGroup)},
      {"mlirAsyncRuntimeEmplaceToken", address(&hloAsyncEmplaceToken)},
      {"mlirAsyncRuntimeEmplaceValue", address(&hloAsyncEmplaceValue)},
      {"mlirAsyncRuntimeSetTokenError", address(&hloAsyncSetTokenError)},
      {"mlirAsyncRuntimeSetValueError", address(&hloAsyncSetValueError)},
      {"mlirAsyncRuntimeIsTokenError", address(&hloAsyncIsTokenError)},
      {"mlirAsyncRuntimeIsValueError", address(&hloAsyncIsValueError)},
      {"mlirAsyncRuntimeIsGroupError", address(&hloAsyncIsGroupError)},
      {"mlirAsyncRuntimeAwaitToken", address(&hloAsyncAwaitToken)},
      {"mlirAsyncRuntimeAwaitValue", address(&hloAsyncAwaitValue)},
      {"mlirAsyncRuntimeAwaitAllInGroup", address(&hloAsyncAwaitAllInGroup)},
      {"mlirAsyncRuntimeGetValueStorage", address(&hloAsyncGetValueStorage)},
      {"mlirAsyncRuntimeExecute", address(&hloAsyncExecute)},
      {"mlirAsyncRuntimeAwaitTokenAndExecute",
       address(&hloAsyncAwaitTokenAndExecute)},
      {"mlirAsyncRuntimeAwaitValueAndExecute",
       address(&hloAsyncAwaitValueAndExecute)},
      {"mlirAsyncRuntimeAwaitAllInGroupAndExecute",
       address(&hloAsyncAwaitAllInGroupAndExecute)},
      // (The ABI's name has this typo.)
      {"mlirAsyncRuntimGetNumWorkerThreads",
       address(&hloAsyncGetNumWorkerThreads)},
  };
}

unsigned hlo::runtime::getAsyncRuntimeThreads() {
  if (Pool *pool = Pool::getIfStarted())
    return pool->threads();
  unsigned cores = getAvailableCores();
  return cores > 1 ? cores : 2;
}

void hlo::runtime::waitForAsyncRuntimeIdle() {
  if (Pool *pool = Pool::getIfStarted())
    pool->waitIdle();
}

AsyncRuntimeStats hlo::runtime::getAsyncRuntimeStats() {
  return {queuedCount.load(), inlinedCount.load(), helpedCount.load()};
}
