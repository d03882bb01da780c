//===- Layout.h - layouts on hlo values: queries and rewrites ---*- C++ -*-===//
//
// The values of hlo ops are logical arrays; a `#hlo.layout` says how XLA
// lays one out in memory (`hlo.layout` on ops and function arguments and
// results, `hlo.operand_layouts` on custom calls; see HloAttrs.td). These
// helpers read those attributes and build what a layout means as hlo ops:
// the physical array of a value (a transpose into its major-to-minor
// order) and the reinterpretation of a buffer written in one layout and
// read in another (what an XLA bitcast or a custom call's layout
// constraint computes). The passes `hlo-layout-normalization` and
// `hlo-layout-assignment` are built on them.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_LAYOUT_H
#define HLODIALECT_TRANSFORMS_LAYOUT_H

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::hlo {

/// The `hlo.layout` written for `value` (an op result or a function
/// argument): a `#hlo.layout`, a string (kept layout text), or null when
/// none is written.
Attribute getLayoutAttrOf(Value value);

/// The layout in which custom call `call` reads operand `index`:
/// `hlo.operand_layouts`, or StableHLO's `operand_layouts` (minor-to-major
/// index vectors); null when neither says. Fails (with an error at the
/// call) on a layout that is not an untiled `#hlo.layout`.
FailureOr<LayoutAttr> getOperandLayout(CustomCallOp call, unsigned index);
/// The layout in which custom call `call` writes result `index`:
/// `hlo.layout`, or StableHLO's `result_layouts`; null when neither says.
FailureOr<LayoutAttr> getResultLayout(CustomCallOp call, unsigned index);

/// The physical array of `value` laid out in `layout` (untiled): `value`
/// transposed into the layout's major-to-minor order (no op for row-major).
Value buildToPhysical(OpBuilder &builder, Location loc, Value value,
                      LayoutAttr layout);
/// The logical array whose physical array in `layout` is `physical`.
Value buildFromPhysical(OpBuilder &builder, Location loc, Value physical,
                        LayoutAttr layout);

/// The array of `value`'s logical shape that a reader sees when the buffer
/// of `value` laid out in `from` is read in layout `to` (both untiled): the
/// physical array in `from`'s order reshaped to `to`'s physical shape and
/// transposed back. `value` itself when the layouts agree.
Value buildReinterpret(OpBuilder &builder, Location loc, Value value,
                       LayoutAttr from, LayoutAttr to);

/// Whether `op` is an hlo elementwise op with one statically shaped result
/// and operands of that shape: it computes in any order, the same for its
/// operands and its result (what a layout on it can change).
bool isSameShapeElementwise(Operation *op);

/// Whether `layout` is null, row-major or the text of a layout (nothing to
/// do, or nothing that can be done: callers check strings first).
bool isDefaultLayout(Attribute layout);

/// Whose preferences hlo-layout-assignment applies.
enum class LayoutTarget { Cpu, Gpu, Tpu };

/// hlo-layout-assignment on one function: chooses the layouts of its free
/// values (elementwise ops, transposes) given the fixed ones (signature,
/// custom-call constraints, layouts already on ops) and `target`'s
/// preferences, writes them as `hlo.layout`, and inserts layout-changing
/// copies where a fixed constraint reads another layout. Fails, with an
/// error at the function or the op, on fixed layouts the target cannot
/// honor (tiles off the tpu target, layout text).
LogicalResult assignLayouts(func::FuncOp func, LayoutTarget target);

/// Patterns of hlo-layout-normalization: elementwise ops with a
/// non-default result layout compute on the physical arrays of their
/// operands (explicit transposes around them), custom calls read and
/// write row-major buffers (their layout constraints become explicit
/// reinterpretations), and every other op's layout is dropped (its value
/// does not depend on it).
void populateHloLayoutNormalizationPatterns(RewritePatternSet &patterns);

} // namespace mlir::hlo

#endif // HLODIALECT_TRANSFORMS_LAYOUT_H
