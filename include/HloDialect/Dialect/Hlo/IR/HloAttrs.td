//===- HloAttrs.td - hlo dialect attributes ----------------*- tablegen -*-===//

#ifndef HLO_ATTRS_TD
#define HLO_ATTRS_TD

include "HloDialect/Dialect/Hlo/IR/HloDialect.td"
include "HloDialect/Dialect/Hlo/IR/HloEnums.td"

class HLO_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Hlo_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def HLO_DotDimensionNumbers : HLO_Attr<"DotDimensionNumbers", "dot"> {
  let summary = "dimension numbers of `hlo.dot_general`";
  let description = [{
    Which dimensions of the two operands are batch dimensions (paired one to
    one, they lead the result) and which are contracted (summed over).
    Printed as
    `#hlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
    lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>`;
    empty lists are omitted.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$lhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$rhsBatchingDimensions,
    ArrayRefParameter<"int64_t">:$lhsContractingDimensions,
    ArrayRefParameter<"int64_t">:$rhsContractingDimensions
  );
  let hasCustomAssemblyFormat = 1;
}

#endif // HLO_ATTRS_TD
