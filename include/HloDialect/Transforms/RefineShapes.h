//===- RefineShapes.h - static shapes from specialized arguments -*- C++ -*-===//
//
// Programs exported with symbolic dimensions (JAX's shape polymorphism)
// compute their shapes at run time: `get_dimension_size` of an argument
// feeds `dynamic_broadcast_in_dim`, `dynamic_reshape`, ... XLA compiles
// static shapes only, and so does the CPU target. Once the arguments'
// shapes are known, shape refinement makes the whole program static: shape
// computations fold to constants, every op's result type is inferred again
// from its operands, and the dynamic ops become their static counterparts.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_TRANSFORMS_REFINESHAPES_H
#define HLODIALECT_TRANSFORMS_REFINESHAPES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace func {
class FuncOp;
} // namespace func
namespace hlo {

/// Refines the result types of the ops of `module`'s functions from their
/// operands, folding shape computations and canonicalizing on the way, to a
/// fixed point; then each function's result types become those it returns.
/// JAX's `custom_call @shape_assertion` is removed where its condition
/// folds to true and reported (with its message) where it folds to false.
/// Callees should be inlined first: a call's result types are not refined.
LogicalResult refineShapes(ModuleOp module);

/// Gives `function`'s parameters the types `argumentTypes` (each a
/// refinement of the declared one: same rank and element type, static
/// where that is dynamic), inlines its callees and refines the shapes of
/// the module. Fails with a diagnostic when a type does not refine its
/// parameter's or when a result of `function` stays dynamic. Inlining
/// func.call needs the func dialect's inliner extension in the context's
/// registry (func::registerInlinerExtension, or registerAllExtensions).
LogicalResult specializeFunction(func::FuncOp function,
                                 TypeRange argumentTypes);

} // namespace hlo
} // namespace mlir

#endif // HLODIALECT_TRANSFORMS_REFINESHAPES_H
