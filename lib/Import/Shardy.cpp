//===- Shardy.cpp - Shardy (sdy) attributes kept opaque -------------------===//

#include "HloDialect/Import/Shardy.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::hlo;

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::hlo::ShardyDialect)

ShardyDialect::ShardyDialect(MLIRContext *context)
    : Dialect(getDialectNamespace(), context, TypeID::get<ShardyDialect>()) {}

Attribute ShardyDialect::parseAttribute(DialectAsmParser &parser,
                                        Type type) const {
  // The whole body (`op_sharding_rule<...>`) is the attribute; the printer
  // writes an OpaqueAttr of a registered namespace back in the same pretty
  // form, so the text round-trips.
  StringRef spec = parser.getFullSymbolSpec();
  StringAttr name = StringAttr::get(getContext(), getDialectNamespace());
  Type attrType = type ? type : NoneType::get(getContext());
  return OpaqueAttr::get(name, spec, attrType);
}

void ShardyDialect::printAttribute(Attribute attr,
                                   DialectAsmPrinter &printer) const {
  if (auto opaque = dyn_cast<OpaqueAttr>(attr))
    printer << opaque.getAttrData();
}
