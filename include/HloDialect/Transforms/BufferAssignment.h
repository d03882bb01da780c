//===- BufferAssignment.h - liveness and a heap simulator -------*- C++ -*-===//
//
// Buffer assignment after bufferization (`hlo-buffer-assignment`): the
// temporaries of a function (statically shaped `memref.alloc`s of its body
// that it also frees) get live ranges over the body's straight-line order
// and are packed into one arena by a heap simulator (decreasing size, best
// fit, like XLA's GlobalDecreasingSizeBestFitHeap); each becomes a
// `memref.view` into the arena.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_BUFFERASSIGNMENT_H
#define HLODIALECT_TRANSFORMS_BUFFERASSIGNMENT_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir {
class OpPassManager;
class ModuleOp;
class Operation;
class RewriterBase;
namespace func {
class FuncOp;
} // namespace func

namespace hlo {

/// One buffer for the heap simulator: its size and its live range, the
/// program points [start, end] (both included) where it holds a value.
struct HeapBuffer {
  int64_t bytes = 0;
  int64_t start = 0;
  int64_t end = 0;
  /// Set by packBuffers: the buffer's offset in the arena.
  int64_t offset = -1;
  /// The bins that may hold the buffer instead have this kind (an element
  /// type, say); 0: none may.
  int64_t kind = 0;
  /// Set by packBuffers: the bin holding the buffer (at offset 0), or -1
  /// when it is in the arena.
  int bin = -1;
};

/// A buffer outside the arena that temporaries may borrow while it holds
/// nothing: a result the function has not written yet, a donated parameter
/// after its last use. It holds one temporary at a time, at its start: one
/// of its `kind`, no bigger, live only within [freeFrom, freeTo].
struct HeapBin {
  int64_t bytes = 0;
  int64_t kind = 0;
  int64_t freeFrom = 0;
  int64_t freeTo = -1;
};

/// Places every buffer at an offset (a multiple of `alignment`, a power of
/// two) so that buffers whose live ranges overlap never share a byte: in
/// some order, each in the smallest (best fit) or lowest (first fit) gap
/// between the buffers already placed that overlap it in time and can hold
/// it, else above them. Five orders, each with both fits, are tried:
/// biggest first (ties: longest live range, then input order), biggest
/// bytes x live range first, longest-lived first, earliest first, widest
/// first (the most bytes live at a point of the buffer's range, TFLite's
/// greedy by breadth). Then, from the best of them on, a local search: a
/// buffer that reaches the arena's top is placed earlier in the order, and
/// the first such move that shrinks the arena is kept, until none does,
/// the arena is as small as the live bytes allow, or a budget of packings
/// (inversely proportional to the square of the number of buffers) is
/// spent. The smallest arena found is kept (the first on ties).
///
/// With `bins`, a buffer goes in a bin instead when one can take it (its
/// kind, no smaller, free over the buffer's live range and holding no
/// buffer live at the same time): the smallest such bin (then the first).
/// Returns the arena's size.
int64_t packBuffers(MutableArrayRef<HeapBuffer> buffers, int64_t alignment,
                    ArrayRef<HeapBin> bins = {});

/// The maximum over program points of the bytes of the buffers live there:
/// no arena can be smaller. `peak`, if given, is set to such a point.
int64_t liveBytesLowerBound(ArrayRef<HeapBuffer> buffers,
                            int64_t *peak = nullptr);

struct BufferAssignmentOptions {
  /// Of the arena and of every offset in it.
  int64_t alignment = 64;
  /// In public functions, a temporary whose last use copies it into a
  /// result (an argument used by nothing else) is computed in the result
  /// instead (the caller's buffers never alias one another).
  bool elideResultCopies = true;
  /// A private function called exactly once, by a call in the body of
  /// another function, puts its temporaries in its caller's arena (which it
  /// takes as a last argument) instead of an arena of its own: liveness runs
  /// over the program points of the caller with the callee's body in place
  /// of the call, so the callee's temporaries and the caller's share bytes
  /// when they are not live at the same time (outlined stages and fusions).
  /// A private function called more than once, each call in the body of
  /// another function (the copies `hlo-merge-identical-functions` merged),
  /// takes the arena of its temporaries as a last argument: each call
  /// passes one, a temporary of the caller live at the call (in the
  /// caller's arena), so no call allocates.
  bool shareCalleeArenas = true;
  /// In public functions, temporaries may borrow the buffer of a result
  /// (an argument marked `bufferize.result`) before the function first
  /// touches it, one at a time, at its start, of its element type and no
  /// bigger (XLA shares output allocations with earlier values so).
  bool lendResults = true;
  /// Likewise the buffer of a parameter donated without a result
  /// (`hlo.buffer_donor`, `jax.buffer_donor`) after its last use.
  bool lendDonors = true;
};

/// The argument attribute marking a result's out-parameter
/// (buffer-results-to-out-params' `add-result-attr`).
inline constexpr llvm::StringLiteral kResultBufferAttr = "bufferize.result";

/// What buffer assignment did to one function (`--hlo-buffer-report`).
struct FunctionBufferAssignment {
  /// Parameters and results (the function's buffer arguments), the arena,
  /// the constants it reads and the buffers left outside the arena, and
  /// those of the functions it calls (computeTotalBytes).
  int64_t totalBytes = 0;
  /// The function's buffer arguments.
  int64_t argumentBytes = 0;
  /// The arena and the buffers the function allocates outside it.
  int64_t localBytes = 0;
  /// The globals it reads (name, bytes) and the functions it calls.
  SmallVector<std::pair<std::string, int64_t>> constants;
  SmallVector<std::string> callees;
  int64_t arenaBytes = 0;
  int64_t tempLowerBoundBytes = 0;
  /// Temporaries placed in the arena.
  int64_t allocations = 0;
  /// Temporaries computed in a result instead.
  int64_t elidedCopies = 0;
  /// Temporaries held by result or donated parameter buffers (lendResults,
  /// lendDonors) instead of the arena, and their bytes.
  int64_t borrowed = 0;
  int64_t borrowedBytes = 0;
  struct Buffer {
    int64_t bytes;
    std::string type;
    std::string definingOp;
    Location loc;
  };
  /// The temporaries live at the peak of the lower bound, biggest first.
  SmallVector<Buffer> peakBuffers;
  /// The function whose arena holds this function's temporaries, when it
  /// is not this one (shareCalleeArenas); then arenaBytes is 0,
  /// tempLowerBoundBytes counts only this function's temporaries, and the
  /// root's numbers count them with its own.
  std::string arenaRoot;
  /// The function takes its arena (of arenaBytes) as a last argument, which
  /// each of its callers passes (shareCalleeArenas); its own localBytes do
  /// not count it, its callers' do.
  bool arenaPassed = false;
};

/// Assigns the temporaries of `func` (a single-block body) to one arena.
/// Buffers that escape (yielded, returned, freed conditionally or in a
/// nested region), dynamically shaped ones and those in nested regions are
/// left alone.
FunctionBufferAssignment assignBuffers(RewriterBase &rewriter,
                                       func::FuncOp func,
                                       const BufferAssignmentOptions &options);

/// Assigns the temporaries of every function of `module`, sharing arenas
/// between callers and callees as `options.shareCalleeArenas` says. Returns
/// what it did per defined function (by name).
llvm::StringMap<FunctionBufferAssignment>
assignModuleBuffers(RewriterBase &rewriter, ModuleOp module,
                    const BufferAssignmentOptions &options);

/// Replaces each `memref.copy` of a constant global whose value is a splat
/// by a `linalg.fill` of the target (the constant is not held in memory);
/// erases the private globals no longer read. Returns how many copies.
int64_t fillSplatConstantCopies(RewriterBase &rewriter, ModuleOp module);

/// `totalBytes` of `function`: its arguments, its own buffers plus the most
/// that the functions it calls hold at once (calls run one at a time,
/// recursively), and every constant read below it once.
int64_t
computeTotalBytes(StringRef function,
                  const llvm::StringMap<FunctionBufferAssignment> &assignments);

/// `buffer-report @NAME: total_bytes=T arena_bytes=A
/// temp_lower_bound_bytes=L allocations=K`, then one line per peak buffer.
void printBufferReport(StringRef function,
                       const FunctionBufferAssignment &assignment,
                       raw_ostream &os);

/// Sets the `report` option of every `hlo-buffer-assignment` pass in `pm`
/// (the tools' `--hlo-buffer-report`).
LogicalResult enableBufferReport(OpPassManager &pm);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_BUFFERASSIGNMENT_H
