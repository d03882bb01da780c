//===- Shardy.h - Shardy (sdy) attributes kept opaque -----------*- C++ -*-===//
//
// JAX 0.10 writes Shardy partitioning attributes on the ops it emits, even
// for one device: `sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k,
// l], []) {i=6, j=6, k=6, l=6}, custom>` on every LAPACK custom call, and
// `sdy.sharding = #sdy.sharding<...>` on sharded arguments. They say how a
// program may be split across devices, never what it computes, so this
// compiler (one process, one device) keeps them verbatim as opaque
// attributes of a registered `sdy` namespace: StableHLO text with them
// parses, and printing gives the same text back.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_IMPORT_SHARDY_H
#define HLODIALECT_IMPORT_SHARDY_H

#include "mlir/IR/Dialect.h"
#include "mlir/Support/TypeID.h"

namespace mlir::hlo {

/// The `sdy` namespace: no ops, and attributes held as `OpaqueAttr`s (the
/// text after `#sdy.`).
class ShardyDialect : public Dialect {
public:
  explicit ShardyDialect(MLIRContext *context);
  static StringRef getDialectNamespace() { return "sdy"; }

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override;
  void printAttribute(Attribute attr, DialectAsmPrinter &printer) const override;
};

} // namespace mlir::hlo

MLIR_DECLARE_EXPLICIT_TYPE_ID(mlir::hlo::ShardyDialect)

#endif // HLODIALECT_IMPORT_SHARDY_H
