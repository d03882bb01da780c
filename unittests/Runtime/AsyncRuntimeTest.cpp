//===- AsyncRuntimeTest.cpp - MLIR's async runtime ABI on one pool --------===//
//
// The functions are called through the addresses the JIT gets
// (getAsyncRuntimeSymbols), with plain functions standing in for the
// resume functions of coroutines.

#include "HloDialect/Runtime/AsyncRuntime.h"

#include "gtest/gtest.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sched.h>
#endif

using namespace hlo::runtime;

namespace {

/// The ABI's functions by name.
struct Abi {
  static std::map<std::string, void *> load() {
    std::map<std::string, void *> functions;
    for (auto [name, address] : getAsyncRuntimeSymbols())
      functions[name] = address;
    return functions;
  }
  // (First: the members below are initialized from it.)
  std::map<std::string, void *> functions = load();

  template <typename Function> Function get(const char *name) const {
    auto it = functions.find(name);
    EXPECT_NE(it, functions.end()) << name;
    return it == functions.end() ? nullptr
                                 : reinterpret_cast<Function>(it->second);
  }

  using Ptr = void *;
  using Resume = void (*)(void *);
  void (*addRef)(Ptr, int64_t) =
      get<void (*)(Ptr, int64_t)>("mlirAsyncRuntimeAddRef");
  void (*dropRef)(Ptr, int64_t) =
      get<void (*)(Ptr, int64_t)>("mlirAsyncRuntimeDropRef");
  Ptr (*createToken)() = get<Ptr (*)()>("mlirAsyncRuntimeCreateToken");
  Ptr (*createValue)(int64_t) =
      get<Ptr (*)(int64_t)>("mlirAsyncRuntimeCreateValue");
  Ptr (*createGroup)(int64_t) =
      get<Ptr (*)(int64_t)>("mlirAsyncRuntimeCreateGroup");
  int64_t (*addTokenToGroup)(Ptr, Ptr) =
      get<int64_t (*)(Ptr, Ptr)>("mlirAsyncRuntimeAddTokenToGroup");
  void (*emplaceToken)(Ptr) = get<void (*)(Ptr)>("mlirAsyncRuntimeEmplaceToken");
  void (*emplaceValue)(Ptr) = get<void (*)(Ptr)>("mlirAsyncRuntimeEmplaceValue");
  void (*setTokenError)(Ptr) =
      get<void (*)(Ptr)>("mlirAsyncRuntimeSetTokenError");
  bool (*isTokenError)(Ptr) = get<bool (*)(Ptr)>("mlirAsyncRuntimeIsTokenError");
  bool (*isGroupError)(Ptr) = get<bool (*)(Ptr)>("mlirAsyncRuntimeIsGroupError");
  void (*awaitToken)(Ptr) = get<void (*)(Ptr)>("mlirAsyncRuntimeAwaitToken");
  void (*awaitValue)(Ptr) = get<void (*)(Ptr)>("mlirAsyncRuntimeAwaitValue");
  void (*awaitAllInGroup)(Ptr) =
      get<void (*)(Ptr)>("mlirAsyncRuntimeAwaitAllInGroup");
  Ptr (*getValueStorage)(Ptr) =
      get<Ptr (*)(Ptr)>("mlirAsyncRuntimeGetValueStorage");
  void (*execute)(Ptr, Resume) =
      get<void (*)(Ptr, Resume)>("mlirAsyncRuntimeExecute");
  void (*awaitTokenAndExecute)(Ptr, Ptr, Resume) =
      get<void (*)(Ptr, Ptr, Resume)>("mlirAsyncRuntimeAwaitTokenAndExecute");
  void (*awaitAllInGroupAndExecute)(Ptr, Ptr, Resume) =
      get<void (*)(Ptr, Ptr, Resume)>(
          "mlirAsyncRuntimeAwaitAllInGroupAndExecute");
  int64_t (*numWorkerThreads)() =
      get<int64_t (*)()>("mlirAsyncRuntimGetNumWorkerThreads");
};

const Abi &abi() {
  static Abi instance;
  return instance;
}

TEST(AsyncRuntimeTest, ExportsTheWholeAbi) {
  // Every function convert-async-to-llvm declares.
  EXPECT_EQ(abi().functions.size(), 22u);
  for (auto &[name, address] : abi().functions)
    EXPECT_NE(address, nullptr) << name;
}

TEST(AsyncRuntimeTest, AvailableCoresIsTheAffinityMask) {
  unsigned cores = getAvailableCores();
  EXPECT_GE(cores, 1u);
#if defined(__linux__)
  cpu_set_t saved;
  ASSERT_EQ(sched_getaffinity(0, sizeof(saved), &saved), 0);
  EXPECT_EQ(cores, static_cast<unsigned>(CPU_COUNT(&saved)));
  // This thread on one of its CPUs: one core (what taskset -c N gives).
  int first = 0;
  while (!CPU_ISSET(first, &saved))
    ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof(one), &one), 0);
  EXPECT_EQ(getAvailableCores(), 1u);
  ASSERT_EQ(sched_setaffinity(0, sizeof(saved), &saved), 0);
#endif
}

/// A chunk of a parallel loop: writes its index, then emplaces its token.
struct Chunk {
  std::vector<int> *out;
  int index;
  void *token;
  std::thread::id ranOn;
};

void runChunk(void *handle) {
  auto *chunk = static_cast<Chunk *>(handle);
  chunk->ranOn = std::this_thread::get_id();
  (*chunk->out)[chunk->index] = chunk->index + 1;
  abi().emplaceToken(chunk->token);
}

/// What async-parallel-for with sequential dispatch does: a group of
/// n - 1 tokens, n - 1 tasks, the caller's chunk, await the group.
void parallelLoop(std::vector<int> &out, std::vector<Chunk> &chunks) {
  const Abi &a = abi();
  int n = out.size();
  chunks.assign(n, {});
  void *group = a.createGroup(n - 1);
  for (int i = 1; i < n; ++i) {
    void *token = a.createToken();
    chunks[i] = {&out, i, token, {}};
    EXPECT_EQ(a.addTokenToGroup(token, group), i - 1);
    a.execute(&chunks[i], runChunk);
  }
  out[0] = 1;
  chunks[0].ranOn = std::this_thread::get_id();
  a.awaitAllInGroup(group);
  EXPECT_FALSE(a.isGroupError(group));
  for (int i = 1; i < n; ++i)
    a.dropRef(chunks[i].token, 1);
  a.dropRef(group, 1);
}

TEST(AsyncRuntimeTest, RunsAParallelLoop) {
  for (int n : {1, 2, 3, 16, 257}) {
    std::vector<int> out(n, 0);
    std::vector<Chunk> chunks;
    parallelLoop(out, chunks);
    for (int i = 0; i < n; ++i)
      EXPECT_EQ(out[i], i + 1) << "chunk " << i << " of " << n;
  }
  waitForAsyncRuntimeIdle();
}

TEST(AsyncRuntimeTest, OnePoolForEveryLoop) {
  // Many loops one after another (as many programs' calls) use the same
  // threads: no more distinct threads than the pool has.
  std::set<std::thread::id> seen;
  for (int round = 0; round < 50; ++round) {
    std::vector<int> out(8, 0);
    std::vector<Chunk> chunks;
    parallelLoop(out, chunks);
    for (Chunk &chunk : chunks)
      seen.insert(chunk.ranOn);
  }
  EXPECT_LE(seen.size(), getAsyncRuntimeThreads());
  EXPECT_EQ(abi().numWorkerThreads(),
            static_cast<int64_t>(getAsyncRuntimeThreads()));
  EXPECT_GE(getAsyncRuntimeThreads(), 2u);
}

/// A chunk of an outer loop that runs an inner parallel loop.
struct OuterChunk {
  void *token;
  std::thread::id ranOn;
  std::vector<Chunk> inner;
  std::vector<int> innerOut;
};

void runOuterChunk(void *handle) {
  auto *chunk = static_cast<OuterChunk *>(handle);
  chunk->ranOn = std::this_thread::get_id();
  chunk->innerOut.assign(4, 0);
  parallelLoop(chunk->innerOut, chunk->inner);
  abi().emplaceToken(chunk->token);
}

TEST(AsyncRuntimeTest, NestedLoopsRunInline) {
  const Abi &a = abi();
  AsyncRuntimeStats before = getAsyncRuntimeStats();
  constexpr int n = 6;
  std::vector<OuterChunk> chunks(n);
  void *group = a.createGroup(n);
  for (OuterChunk &chunk : chunks) {
    chunk.token = a.createToken();
    a.addTokenToGroup(chunk.token, group);
    a.execute(&chunk, runOuterChunk);
  }
  a.awaitAllInGroup(group);
  for (OuterChunk &chunk : chunks) {
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(chunk.innerOut[i], i + 1);
    // Every chunk of the inner loop ran on the thread of its outer chunk.
    for (Chunk &inner : chunk.inner)
      EXPECT_EQ(inner.ranOn, chunk.ranOn);
    a.dropRef(chunk.token, 1);
  }
  a.dropRef(group, 1);
  AsyncRuntimeStats after = getAsyncRuntimeStats();
  EXPECT_EQ(after.queued - before.queued, static_cast<unsigned long long>(n));
  EXPECT_EQ(after.inlined - before.inlined, n * 3ull);
}

void setFlag(void *handle) {
  static_cast<std::atomic<int> *>(handle)->fetch_add(1);
}

TEST(AsyncRuntimeTest, ContinuationsRunWhenReady) {
  const Abi &a = abi();
  std::atomic<int> flag{0};
  void *token = a.createToken();
  a.awaitTokenAndExecute(token, &flag, setFlag);
  EXPECT_EQ(flag.load(), 0);
  a.emplaceToken(token);
  EXPECT_EQ(flag.load(), 1);
  // Ready already: runs now.
  a.awaitTokenAndExecute(token, &flag, setFlag);
  EXPECT_EQ(flag.load(), 2);
  a.dropRef(token, 1);

  void *group = a.createGroup(2);
  void *first = a.createToken(), *second = a.createToken();
  a.addTokenToGroup(first, group);
  a.addTokenToGroup(second, group);
  a.awaitAllInGroupAndExecute(group, &flag, setFlag);
  a.emplaceToken(first);
  EXPECT_EQ(flag.load(), 2);
  a.setTokenError(second);
  EXPECT_EQ(flag.load(), 3);
  EXPECT_TRUE(a.isGroupError(group));
  EXPECT_FALSE(a.isTokenError(first));
  EXPECT_TRUE(a.isTokenError(second));
  a.dropRef(first, 1);
  a.dropRef(second, 1);
  a.dropRef(group, 1);

  // An empty group is ready.
  void *empty = a.createGroup(0);
  a.awaitAllInGroup(empty);
  a.dropRef(empty, 1);
}

struct Producer {
  void *value;
};

void produce(void *handle) {
  auto *producer = static_cast<Producer *>(handle);
  int64_t answer = 42;
  std::memcpy(abi().getValueStorage(producer->value), &answer, sizeof(answer));
  abi().emplaceValue(producer->value);
}

TEST(AsyncRuntimeTest, ValuesCarryTheirStorage) {
  const Abi &a = abi();
  Producer producer{a.createValue(sizeof(int64_t))};
  a.addRef(producer.value, 1);
  a.execute(&producer, produce);
  a.awaitValue(producer.value);
  int64_t result = 0;
  std::memcpy(&result, a.getValueStorage(producer.value), sizeof(result));
  EXPECT_EQ(result, 42);
  a.dropRef(producer.value, 2);
}

TEST(AsyncRuntimeTest, BlockingAwaitOfAToken) {
  const Abi &a = abi();
  void *token = a.createToken();
  std::thread producer([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    a.emplaceToken(token);
  });
  a.awaitToken(token);
  producer.join();
  a.dropRef(token, 1);
}

} // namespace
