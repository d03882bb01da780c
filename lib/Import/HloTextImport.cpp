//===- HloTextImport.cpp - XLA's HLO text format to hlo -------------------===//
//
// The semantic layer of the HLO text importer: turns the syntax tree of
// HloTextParser into hlo ops. Each XLA opcode has one entry in an opcode
// table, naming the op it becomes and the builder function that reads its
// attributes; ops are created with the result types the text declares and
// checked by the hlo verifier (type inference included) right away, so a
// wrong shape is reported at its instruction.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Import/HloText.h"

#include "HloDialect/Import/HloTextParser.h"
#include "HloDialect/Import/InputLimits.h"

#include "HloDialect/Dialect/Check/IR/CheckOps.h"
#include "HloDialect/Dialect/Chlo/IR/ChloOps.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Import/StableHLO.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Path.h"

#include <complex>

using namespace mlir;
using namespace mlir::hlo;
using namespace mlir::hlo::hlotext;
using llvm::SMLoc;
using llvm::StringRef;
using llvm::Twine;

namespace {

/// A value of the HLO program: an array (one SSA value) or a tuple of values.
struct ValueTree {
  Value leaf;
  std::vector<ValueTree> elements;
  bool isTuple = false;

  void flatten(SmallVectorImpl<Value> &out) const {
    if (!isTuple) {
      out.push_back(leaf);
      return;
    }
    for (const ValueTree &e : elements)
      e.flatten(out);
  }
};

ValueTree buildTree(const Shape &shape, ArrayRef<Value> &values) {
  ValueTree tree;
  if (!shape.isTuple) {
    tree.leaf = values.front();
    values = values.drop_front();
    return tree;
  }
  tree.isTuple = true;
  for (const Shape &e : shape.elements)
    tree.elements.push_back(buildTree(e, values));
  return tree;
}

bool sameTypes(ArrayRef<Value> values, ArrayRef<Type> types) {
  return values.size() == types.size() &&
         llvm::all_of(llvm::zip(values, types), [](auto pair) {
           return std::get<0>(pair).getType() == std::get<1>(pair);
         });
}

/// Attributes every instruction may carry; kept as `xla.<name>` strings
/// (metadata becomes the location).
bool isCommonAttribute(StringRef name) {
  return llvm::is_contained(
      {"sharding", "backend_config", "frontend_attributes",
       "control-predecessors", "statistics_viz", "original_value",
       "metadata", "origin", "schedule_name", "scheduling_name",
       "result_accuracy", "statistics", "output_to_operand_aliasing",
       "is_composite", "algorithm", "sparsity"},
      name) ||
         name.starts_with("composite.");
}

/// XLA opcodes the hlo dialect has no op for. They are imported as
/// `hlo.custom_call @xla.<opcode>`, keeping their attributes, so that a
/// module using them can still be inspected and exported.
struct OpaqueOpcode {
  StringRef name;
  /// Attributes naming computations that this opcode accepts.
  ArrayRef<StringRef> computationAttributes;
};

constexpr StringRef kToApply[] = {"to_apply"};
constexpr StringRef kCalls[] = {"calls"};

const OpaqueOpcode kOpaqueOpcodes[] = {
    {"add-dependency", {}},
    // The forms of collectives the hlo ops cannot express (tuple operands,
    // the combined and in-place collective-permute, reduce-scatter of
    // several operands); their other forms are real ops.
    {"all-reduce", kToApply},
    {"all-reduce-start", kToApply},
    {"all-gather", {}},
    {"all-gather-start", {}},
    {"all-to-all", {}},
    {"reduce-scatter", kToApply},
    {"collective-permute", {}},
    {"collective-permute-start", {}},
    {"collective-broadcast", {}},
    {"ragged-all-to-all", {}},
    {"async-start", kCalls},
    {"async-update", kCalls},
    {"async-done", kCalls},
    {"copy-start", {}},
    {"copy-done", {}},
    {"domain", {}},
    {"dynamic-reshape", {}},
    {"map", kToApply},
    {"rng-get-and-update-state", {}},
    {"set-dimension-size", {}},
    {"stochastic-convert", {}},
    {"topk", {}},
    {"scan", kToApply},
};

const OpaqueOpcode *lookupOpaque(StringRef opcode) {
  for (const OpaqueOpcode &o : kOpaqueOpcodes)
    if (o.name == opcode)
      return &o;
  return nullptr;
}

class Importer;

/// What a builder function sees of one instruction.
struct InstrContext {
  const Instruction &instr;
  Location loc;
  SmallVector<ValueTree> operands;
  SmallVector<Type> resultTypes; // the declared shape, flattened
  SmallVector<bool> used;        // per attribute: consumed by the builder
  bool inferred = false;         // no shape written: infer result types
  /// The shape the op's results take, when not the instruction's (the
  /// collective inside an async start).
  const Shape *shape = nullptr;

  InstrContext(const Instruction &instr, Location loc)
      : instr(instr), loc(loc), used(instr.attributes.size(), false) {}

  const Shape &resultShape() const { return shape ? *shape : instr.shape; }

  const hlotext::Attr *find(StringRef name) {
    for (auto [i, attr] : llvm::enumerate(instr.attributes))
      if (attr.name == name) {
        used[i] = true;
        return &attr;
      }
    return nullptr;
  }
  /// The leaves of all operands, in order.
  SmallVector<Value> flatOperands() const {
    SmallVector<Value> values;
    for (const ValueTree &t : operands)
      t.flatten(values);
    return values;
  }
};

using BuildFn = FailureOr<ValueTree> (Importer::*)(InstrContext &);

struct OpcodeEntry {
  BuildFn build;
  StringRef opName; // the op for builders shared by several opcodes
  int arity;        // -1: any number of operands
};

class Importer {
public:
  Importer(llvm::SourceMgr &sourceMgr, MLIRContext *context)
      : sourceMgr(sourceMgr), context(context), builder(context) {
    bufferName =
        sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBufferIdentifier();
    registerOpcodes();
  }

  OwningOpRef<ModuleOp> run();

  // Builders of the opcode table.
  FailureOr<ValueTree> buildSimple(InstrContext &ctx);
  FailureOr<ValueTree> buildConstant(InstrContext &ctx);
  FailureOr<DenseElementsAttr> parseLiteral(Lexer &lexer, Type type, SMLoc at);
  FailureOr<ValueTree> buildTupleConstant(InstrContext &ctx, Lexer &lexer,
                                          const Shape &shape,
                                          ArrayRef<Type> &types);
  FailureOr<ValueTree> buildTuple(InstrContext &ctx);
  FailureOr<ValueTree> buildGetTupleElement(InstrContext &ctx);
  FailureOr<ValueTree> buildCompare(InstrContext &ctx);
  FailureOr<ValueTree> buildIota(InstrContext &ctx);
  FailureOr<ValueTree> buildReducePrecision(InstrContext &ctx);
  FailureOr<ValueTree> buildBroadcast(InstrContext &ctx);
  FailureOr<ValueTree> buildDimensionsOp(InstrContext &ctx);
  FailureOr<ValueTree> buildSlice(InstrContext &ctx);
  FailureOr<ValueTree> buildConcatenate(InstrContext &ctx);
  FailureOr<ValueTree> buildPad(InstrContext &ctx);
  FailureOr<ValueTree> buildDynamicSlice(InstrContext &ctx);
  FailureOr<ValueTree> buildDynamicUpdateSlice(InstrContext &ctx);
  FailureOr<ValueTree> buildDot(InstrContext &ctx);
  FailureOr<ValueTree> buildConvolution(InstrContext &ctx);
  FailureOr<ValueTree> buildReduce(InstrContext &ctx);
  FailureOr<ValueTree> buildReduceWindow(InstrContext &ctx);
  FailureOr<ValueTree> buildSelectAndScatter(InstrContext &ctx);
  FailureOr<ValueTree> buildGather(InstrContext &ctx);
  FailureOr<ValueTree> buildScatter(InstrContext &ctx);
  FailureOr<ValueTree> buildSort(InstrContext &ctx);
  FailureOr<ValueTree> buildFft(InstrContext &ctx);
  FailureOr<ValueTree> buildTriangularSolve(InstrContext &ctx);
  FailureOr<ValueTree> buildCholesky(InstrContext &ctx);
  FailureOr<ValueTree> buildRngBitGenerator(InstrContext &ctx);
  FailureOr<ValueTree> buildRng(InstrContext &ctx);
  FailureOr<ValueTree> buildWhile(InstrContext &ctx);
  FailureOr<ValueTree> buildConditional(InstrContext &ctx);
  FailureOr<ValueTree> buildFusion(InstrContext &ctx);
  FailureOr<ValueTree> buildCall(InstrContext &ctx);
  FailureOr<ValueTree> buildCustomCall(InstrContext &ctx);
  FailureOr<ValueTree> buildCopy(InstrContext &ctx);
  FailureOr<ValueTree> buildOptimizationBarrier(InstrContext &ctx);
  FailureOr<ValueTree> buildAfterAll(InstrContext &ctx);
  FailureOr<ValueTree> buildGetDimensionSize(InstrContext &ctx);
  FailureOr<ValueTree> buildBatchNorm(InstrContext &ctx);
  FailureOr<ValueTree> buildBitcast(InstrContext &ctx);
  // Collectives, host transfers and asynchronous pairs.
  FailureOr<ValueTree> buildProcessId(InstrContext &ctx);
  FailureOr<ValueTree> buildAllReduce(InstrContext &ctx);
  FailureOr<ValueTree> buildAllGather(InstrContext &ctx);
  FailureOr<ValueTree> buildReduceScatter(InstrContext &ctx);
  FailureOr<ValueTree> buildAllToAll(InstrContext &ctx);
  FailureOr<ValueTree> buildCollectivePermute(InstrContext &ctx);
  FailureOr<ValueTree> buildCollectiveBroadcast(InstrContext &ctx);
  FailureOr<ValueTree> buildInfeed(InstrContext &ctx);
  FailureOr<ValueTree> buildOutfeed(InstrContext &ctx);
  FailureOr<ValueTree> buildSend(InstrContext &ctx);
  LogicalResult addTransferChannel(InstrContext &ctx, OperationState &state,
                                   bool hostToDevice);
  FailureOr<ValueTree> buildRecv(InstrContext &ctx);
  FailureOr<ValueTree> buildTransferDone(InstrContext &ctx);
  FailureOr<ValueTree> buildAsyncCollectiveStart(InstrContext &ctx);
  FailureOr<ValueTree> buildAsyncStart(InstrContext &ctx);
  FailureOr<ValueTree> buildAsyncUpdate(InstrContext &ctx);
  FailureOr<ValueTree> buildAsyncDone(InstrContext &ctx);
  /// The layout of `value` as written in the HLO text (an `hlo.layout`
  /// leaf: minor-to-major order, unit for none, text for a tiled layout),
  /// or null when nothing says.
  Attribute layoutOf(Value value);
  /// The layouts of the parameters of computations imported as regions.
  DenseMap<Value, Attribute> regionArgLayouts;
  FailureOr<ValueTree> buildOpaque(InstrContext &ctx);
  ArrayAttr operandStructures(InstrContext &ctx);

private:
  void registerOpcodes();

  // Diagnostics.
  Location fileLoc(SMLoc loc) {
    if (!loc.isValid())
      return UnknownLoc::get(context);
    auto [line, column] = sourceMgr.getLineAndColumn(loc);
    return FileLineColLoc::get(context, bufferName, line, column);
  }
  LogicalResult error(SMLoc loc, const Twine &message) {
    mlir::emitError(fileLoc(loc)) << message.str();
    hadError = true;
    return failure();
  }
  ErrorFn errorFn() {
    return [this](SMLoc loc, const Twine &message) { (void)error(loc, message); };
  }

  // Types.
  Type elementType(StringRef name);
  LogicalResult convertShape(const Shape &shape, SmallVectorImpl<Type> &types);
  LogicalResult checkLayout(const Shape &shape);
  Attribute layoutAttr(const Shape &shape);

  // Attribute values.
  Lexer valueLexer(const hlotext::Attr &attr) {
    return Lexer(StringRef(attr.value.begin(),
                           sourceBuffer().end() - attr.value.begin()),
                 errorFn());
  }
  StringRef sourceBuffer() {
    return sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  }
  /// The error for an attribute the instruction's opcode needs but lacks;
  /// success when it is optional.
  LogicalResult missingAttr(InstrContext &ctx, StringRef name, bool required);
  LogicalResult getIntList(InstrContext &ctx, StringRef name,
                           SmallVectorImpl<int64_t> &values, bool required);
  LogicalResult getInt(InstrContext &ctx, StringRef name, int64_t &value,
                       bool required);
  LogicalResult getBool(InstrContext &ctx, StringRef name, bool &value);
  LogicalResult getWord(InstrContext &ctx, StringRef name, StringRef &value,
                        bool required);
  struct Window {
    SmallVector<int64_t> size, stride, lhsDilate, rhsDilate;
    SmallVector<int64_t> padLow, padHigh;
    SmallVector<bool> reversal;
  };
  LogicalResult getWindow(InstrContext &ctx, Window &window, bool required);
  LogicalResult getPrecision(InstrContext &ctx, ArrayAttr &precision);
  Attribute i64Array(ArrayRef<int64_t> values) {
    return DenseI64ArrayAttr::get(context, values);
  }
  Attribute paddingAttr(ArrayRef<int64_t> low, ArrayRef<int64_t> high);
  SmallVector<Value> splitIndexVector(InstrContext &ctx, unsigned first);

  // Computations.
  const Computation *lookupComputation(InstrContext &ctx, StringRef attrName,
                                       bool required);
  LogicalResult parameterShapes(const Computation &comp,
                                SmallVectorImpl<const Shape *> &shapes);
  /// Emits the instructions of `comp` at the insertion point with the
  /// parameters bound to `params`; returns the root's value.
  FailureOr<ValueTree> emitBody(const Computation &comp,
                                ArrayRef<ValueTree> params);
  /// Fills `region` with a block whose arguments are the leaves of `comp`'s
  /// parameters, the body, and an hlo.return of the root's leaves.
  LogicalResult buildRegion(Region &region, const Computation &comp);
  /// Fills `region` (not isolated) with the body of `comp`, its parameters
  /// bound to `params`.
  LogicalResult buildBoundRegion(Region &region, const Computation &comp,
                                 ArrayRef<ValueTree> params);
  FailureOr<func::FuncOp> getOrCreateFunction(const Computation &comp,
                                              SMLoc useLoc);
  FailureOr<ValueTree> emitInstruction(const Instruction &instr,
                                       llvm::StringMap<ValueTree> &values,
                                       llvm::StringSet<> &poisoned,
                                       ArrayRef<ValueTree> params,
                                       const llvm::StringSet<> &names);
  Location instructionLoc(const Instruction &instr);
  /// The location of the parameter instruction whose shape is `shape`.
  Location parameterLoc(const Computation &comp, const Shape *shape,
                        Location fallback) {
    for (const Instruction &instr : comp.instructions)
      if (&instr.shape == shape)
        return instructionLoc(instr);
    return fallback;
  }
  FailureOr<ValueTree> finish(InstrContext &ctx, Operation *op);
  /// finish without the value: the layout and the remaining attributes
  /// recorded, the op verified (and erased when it fails).
  LogicalResult finishOp(InstrContext &ctx, Operation *op);
  // Attributes of collectives.
  /// `{}`, `{{0,1},{2,3}}` (groups of unequal size padded with -1) or the
  /// iota form `[G,S]<=[dims]` / `[G,S]<=[dims]T(perm)`, as a GxS array;
  /// null (no error) when absent.
  FailureOr<DenseIntElementsAttr> getReplicaGroups(InstrContext &ctx,
                                                   StringRef name);
  /// replica_groups, channel_id, use_global_device_ids (when `globalIds`)
  /// and constrain_layout onto `state`; `groups` receives the groups.
  LogicalResult addCollectiveAttrs(InstrContext &ctx, OperationState &state,
                                   bool globalIds,
                                   DenseIntElementsAttr &groups);
  /// Groups of no process stated (`{}`) as the one group of `count`
  /// processes, for the ops whose shapes depend on the group size.
  DenseIntElementsAttr oneGroup(int64_t count);
  /// The number of processes a collective with empty groups spans: the
  /// module's num_partitions with a channel, else its replica_count.
  std::optional<int64_t> processCount(bool hasChannel);
  /// The builders of collectives: their forms with tuple operands stay
  /// opaque custom calls.
  bool isCollectiveBuilder(BuildFn fn) {
    return fn == &Importer::buildAllReduce || fn == &Importer::buildAllGather ||
           fn == &Importer::buildReduceScatter ||
           fn == &Importer::buildAllToAll ||
           fn == &Importer::buildCollectivePermute ||
           fn == &Importer::buildCollectiveBroadcast ||
           fn == &Importer::buildAsyncCollectiveStart;
  }
  static bool anyTuple(const InstrContext &ctx) {
    return llvm::any_of(ctx.operands,
                        [](const ValueTree &t) { return t.isTuple; });
  }
  LogicalResult checkModuleAttributes();
  LogicalResult applyAliasing(func::FuncOp entry);
  /// One entry of input_output_alias (with an output index) or
  /// buffer_donor (without).
  struct AliasEntry {
    SMLoc loc;
    std::optional<SmallVector<int64_t>> output;
    int64_t param;
    SmallVector<int64_t> paramIndex;
    bool mustAlias = false;
  };
  SmallVector<AliasEntry> aliasEntries;
  LogicalResult applyEntryComputationLayout(func::FuncOp entry);
  Operation *createLayoutCopy(Value value, Attribute layout);
  LogicalResult checkAsync(const Computation &comp);

  llvm::SourceMgr &sourceMgr;
  MLIRContext *context;
  OpBuilder builder;
  StringRef bufferName;
  hlotext::Module syntax;
  ModuleOp module;
  bool hadError = false;
  llvm::StringMap<OpcodeEntry> opcodes;
  llvm::StringMap<const Computation *> computations;
  llvm::StringMap<func::FuncOp> functions;
  llvm::StringSet<> inProgress;
  llvm::StringSet<> referenced;
  /// The hlo.send and hlo.recv ops whose done instruction was seen.
  llvm::DenseSet<Operation *> doneOf;
};

//===----------------------------------------------------------------------===//
// The opcode table
//===----------------------------------------------------------------------===//

void Importer::registerOpcodes() {
  auto add = [&](StringRef opcode, BuildFn fn, StringRef opName = "",
                 int arity = -1) {
    opcodes[opcode] = OpcodeEntry{fn, opName, arity};
  };
  // Elementwise ops: the same builder, the op named by the table.
  struct Simple {
    StringRef opcode, op;
    int arity;
  };
  static const Simple simple[] = {
#define HLO_TEXT_OPCODE(opcode, op, arity) {opcode, op, arity},
#include "HloDialect/Import/HloTextOpcodes.def"
  };

  for (const Simple &s : simple)
    add(s.opcode, &Importer::buildSimple, s.op, s.arity);
  add("constant", &Importer::buildConstant, "hlo.constant", 0);
  add("tuple", &Importer::buildTuple);
  add("get-tuple-element", &Importer::buildGetTupleElement, "", 1);
  add("compare", &Importer::buildCompare, "hlo.compare", 2);
  add("iota", &Importer::buildIota, "hlo.iota", 0);
  add("reduce-precision", &Importer::buildReducePrecision,
      "hlo.reduce_precision", 1);
  add("broadcast", &Importer::buildBroadcast, "hlo.broadcast_in_dim", 1);
  add("transpose", &Importer::buildDimensionsOp, "hlo.transpose", 1);
  add("reverse", &Importer::buildDimensionsOp, "hlo.reverse", 1);
  add("slice", &Importer::buildSlice, "hlo.slice", 1);
  add("concatenate", &Importer::buildConcatenate, "hlo.concatenate");
  add("pad", &Importer::buildPad, "hlo.pad", 2);
  add("dynamic-slice", &Importer::buildDynamicSlice, "hlo.dynamic_slice");
  add("dynamic-update-slice", &Importer::buildDynamicUpdateSlice,
      "hlo.dynamic_update_slice");
  add("dot", &Importer::buildDot, "hlo.dot_general", 2);
  add("convolution", &Importer::buildConvolution, "hlo.convolution", 2);
  add("reduce", &Importer::buildReduce, "hlo.reduce");
  add("reduce-window", &Importer::buildReduceWindow, "hlo.reduce_window");
  add("select-and-scatter", &Importer::buildSelectAndScatter,
      "hlo.select_and_scatter", 3);
  add("gather", &Importer::buildGather, "hlo.gather", 2);
  add("scatter", &Importer::buildScatter, "hlo.scatter");
  add("sort", &Importer::buildSort, "hlo.sort");
  add("fft", &Importer::buildFft, "hlo.fft", 1);
  add("triangular-solve", &Importer::buildTriangularSolve,
      "hlo.triangular_solve", 2);
  add("cholesky", &Importer::buildCholesky, "hlo.cholesky", 1);
  add("rng-bit-generator", &Importer::buildRngBitGenerator,
      "hlo.rng_bit_generator", 1);
  add("rng", &Importer::buildRng, "hlo.rng", 2);
  add("while", &Importer::buildWhile, "hlo.while", 1);
  add("conditional", &Importer::buildConditional);
  add("fusion", &Importer::buildFusion, "hlo.fusion");
  add("call", &Importer::buildCall);
  add("custom-call", &Importer::buildCustomCall, "hlo.custom_call");
  add("copy", &Importer::buildCopy, "hlo.convert", 1);
  add("bitcast", &Importer::buildBitcast, "", 1);
  add("after-all", &Importer::buildAfterAll, "hlo.after_all");
  add("optimization-barrier", &Importer::buildOptimizationBarrier,
      "hlo.optimization_barrier", 1);
  add("get-dimension-size", &Importer::buildGetDimensionSize,
      "hlo.get_dimension_size", 1);
  add("batch-norm-inference", &Importer::buildBatchNorm,
      "hlo.batch_norm_inference", 5);
  add("batch-norm-training", &Importer::buildBatchNorm,
      "hlo.batch_norm_training", 3);
  add("batch-norm-grad", &Importer::buildBatchNorm, "hlo.batch_norm_grad", 5);
  for (const OpaqueOpcode &o : kOpaqueOpcodes)
    add(o.name, &Importer::buildOpaque, "hlo.custom_call");
  add("replica-id", &Importer::buildProcessId, "hlo.replica_id", 0);
  add("partition-id", &Importer::buildProcessId, "hlo.partition_id", 0);
  add("all-reduce", &Importer::buildAllReduce, "hlo.all_reduce");
  add("all-gather", &Importer::buildAllGather, "hlo.all_gather");
  add("reduce-scatter", &Importer::buildReduceScatter, "hlo.reduce_scatter");
  add("all-to-all", &Importer::buildAllToAll, "hlo.all_to_all");
  add("collective-permute", &Importer::buildCollectivePermute,
      "hlo.collective_permute");
  add("collective-broadcast", &Importer::buildCollectiveBroadcast,
      "hlo.collective_broadcast");
  add("infeed", &Importer::buildInfeed, "hlo.infeed", 1);
  add("outfeed", &Importer::buildOutfeed, "hlo.outfeed", 2);
  add("send", &Importer::buildSend, "hlo.send", 2);
  add("recv", &Importer::buildRecv, "hlo.recv", 1);
  add("send-done", &Importer::buildTransferDone, "hlo.send", 1);
  add("recv-done", &Importer::buildTransferDone, "hlo.recv", 1);
  // The asynchronous pairs: hlo.async_start around the collective (or the
  // wrapped computation's one op), hlo.async_done.
  add("all-reduce-start", &Importer::buildAsyncCollectiveStart,
      "hlo.all_reduce");
  add("all-gather-start", &Importer::buildAsyncCollectiveStart,
      "hlo.all_gather");
  add("collective-permute-start", &Importer::buildAsyncCollectiveStart,
      "hlo.collective_permute");
  add("all-reduce-done", &Importer::buildAsyncDone, "hlo.all_reduce", 1);
  add("all-gather-done", &Importer::buildAsyncDone, "hlo.all_gather", 1);
  add("collective-permute-done", &Importer::buildAsyncDone,
      "hlo.collective_permute", 1);
  add("async-start", &Importer::buildAsyncStart, "hlo.custom_call");
  add("async-update", &Importer::buildAsyncUpdate, "hlo.custom_call", 1);
  add("async-done", &Importer::buildAsyncDone, "", 1);
}

//===----------------------------------------------------------------------===//
// Types and layouts
//===----------------------------------------------------------------------===//

Type Importer::elementType(StringRef name) {
  MLIRContext *ctx = context;
  if (name == "pred")
    return IntegerType::get(ctx, 1);
  unsigned width;
  if (name.size() > 1 && (name[0] == 's' || name[0] == 'u') &&
      !name.drop_front().getAsInteger(10, width) &&
      llvm::is_contained({2u, 4u, 8u, 16u, 32u, 64u}, width))
    return IntegerType::get(ctx, width,
                            name[0] == 's' ? IntegerType::Signless
                                           : IntegerType::Unsigned);
  return llvm::StringSwitch<Type>(name)
      .Case("f16", Float16Type::get(ctx))
      .Case("bf16", BFloat16Type::get(ctx))
      .Case("f32", Float32Type::get(ctx))
      .Case("f64", Float64Type::get(ctx))
      .Case("c64", ComplexType::get(Float32Type::get(ctx)))
      .Case("c128", ComplexType::get(Float64Type::get(ctx)))
      .Case("f8e5m2", Float8E5M2Type::get(ctx))
      .Case("f8e4m3", Float8E4M3Type::get(ctx))
      .Case("f8e4m3fn", Float8E4M3FNType::get(ctx))
      .Case("f8e4m3fnuz", Float8E4M3FNUZType::get(ctx))
      .Case("f8e5m2fnuz", Float8E5M2FNUZType::get(ctx))
      .Case("f8e4m3b11fnuz", Float8E4M3B11FNUZType::get(ctx))
      .Case("f8e3m4", Float8E3M4Type::get(ctx))
      .Case("f8e8m0fnu", Float8E8M0FNUType::get(ctx))
      .Case("f4e2m1fn", Float4E2M1FNType::get(ctx))
      .Case("f6e2m3fn", Float6E2M3FNType::get(ctx))
      .Case("f6e3m2fn", Float6E3M2FNType::get(ctx))
      .Case("token", TokenType::get(ctx))
      .Default(Type());
}

LogicalResult Importer::checkLayout(const Shape &shape) {
  if (!shape.hasLayout)
    return success();
  if (shape.elementType == "token")
    return success();
  size_t rank = shape.dims.size();
  if (!shape.minorToMajor.empty() || shape.layoutTail.empty()) {
    SmallVector<bool> seen(rank, false);
    if (shape.minorToMajor.size() != rank)
      return error(shape.loc, "layout {" +
                                  llvm::join(llvm::map_range(
                                                 shape.minorToMajor,
                                                 [](int64_t d) {
                                                   return std::to_string(d);
                                                 }),
                                             ",") +
                                  "} does not have one entry per dimension "
                                  "of a rank-" +
                                  Twine(rank) + " shape");
    for (int64_t d : shape.minorToMajor) {
      if (d < 0 || d >= static_cast<int64_t>(rank) || seen[d])
        return error(shape.loc, "layout is not a permutation of the "
                                "dimensions 0.." +
                                    Twine(rank - 1));
      seen[d] = true;
    }
  }
  // Dimension level types D(...): dense, compressed, singleton, loose.
  StringRef tail = shape.layoutTail;
  bool sparse = false;
  size_t d = tail.find("D(");
  if (d != StringRef::npos) {
    StringRef levels = tail.substr(d + 2).take_until([](char c) {
      return c == ')';
    });
    for (StringRef level : llvm::split(levels, ',')) {
      level = level.trim().rtrim("+~");
      if (!llvm::is_contained({"D", "C", "S", "H"}, level))
        return error(shape.loc, "unknown dimension level type '" + level +
                                    "' in layout (expected D, C, S or H)");
      sparse |= level != "D";
    }
  }
  if (tail.contains("P(") && !sparse)
    return error(shape.loc,
                 "a physical shape P(...) is only allowed in sparse layouts");
  return success();
}

LogicalResult Importer::convertShape(const Shape &shape,
                                     SmallVectorImpl<Type> &types) {
  if (shape.isTuple) {
    for (const Shape &e : shape.elements)
      if (failed(convertShape(e, types)))
        return failure();
    return success();
  }
  Type element = elementType(shape.elementType);
  if (!element)
    return error(shape.loc, "unknown element type '" + shape.elementType + "'");
  if (failed(checkLayout(shape)))
    return failure();
  if (isa<TokenType>(element)) {
    if (!shape.dims.empty())
      return error(shape.loc, "a token shape has no dimensions");
    types.push_back(element);
    return success();
  }
  SmallVector<int64_t> dims;
  SmallVector<int64_t> bounds;
  bool anyBound = false;
  for (auto [size, dynamic] : llvm::zip(shape.dims, shape.dynamic)) {
    dims.push_back(dynamic ? ShapedType::kDynamic : size);
    // The encoding holds each bounded dimension's bound, -1 elsewhere.
    bounds.push_back(dynamic && size >= 0 ? size : -1);
    anyBound |= dynamic && size >= 0;
  }
  Attribute encoding;
  if (anyBound) {
    // `[-1, 8]`: an array attribute (a dense array does not parse here).
    SmallVector<Attribute> values;
    for (int64_t b : bounds)
      values.push_back(IntegerAttr::get(IntegerType::get(context, 64), b));
    encoding = ArrayAttr::get(context, values);
  }
  types.push_back(RankedTensorType::get(dims, element, encoding));
  return success();
}

/// The tiles of a layout tail made of tilings only (`T(8,128)(2,1)`), as
/// `#hlo.layout`'s sizes and ranks; nullopt for any other part (element
/// size, memory space, dimension level types, ...) or a combined (-1) or
/// malformed tile.
static std::optional<std::pair<SmallVector<int64_t>, SmallVector<int64_t>>>
parseTiles(StringRef tail) {
  SmallVector<int64_t> sizes, ranks;
  tail = tail.trim();
  if (!tail.consume_front("T"))
    return std::nullopt;
  while (tail.consume_front("(")) {
    size_t end = tail.find(')');
    if (end == StringRef::npos)
      return std::nullopt;
    int64_t rank = 0;
    for (StringRef part : llvm::split(tail.take_front(end), ',')) {
      int64_t size;
      if (part.trim().getAsInteger(10, size) || size < 1)
        return std::nullopt;
      sizes.push_back(size);
      ++rank;
    }
    ranks.push_back(rank);
    tail = tail.drop_front(end + 1).ltrim();
  }
  if (!tail.empty() || ranks.empty())
    return std::nullopt;
  return std::make_pair(sizes, ranks);
}

/// The `hlo.layout` of one array shape: `#hlo.layout` with its
/// minor-to-major order and tiles; the text of a layout with parts that
/// attribute does not model (element size, memory space, sparse
/// dimension levels), kept for the exporter; unit for none (and for
/// tokens).
static Attribute leafLayout(MLIRContext *context, const Shape &shape) {
  if (!shape.hasLayout || shape.elementType == "token")
    return UnitAttr::get(context);
  SmallVector<int64_t> sizes, ranks;
  if (!shape.layoutTail.empty()) {
    auto tiles = parseTiles(shape.layoutTail);
    StringRef text = shape.text;
    if (!tiles || shape.minorToMajor.size() != shape.dims.size())
      return StringAttr::get(context, text.substr(text.find('{')));
    std::tie(sizes, ranks) = *tiles;
    if (failed(LayoutAttr::verify(
            [] { return InFlightDiagnostic(); }, shape.minorToMajor, sizes,
            ranks)))
      return StringAttr::get(context, text.substr(text.find('{')));
  }
  return LayoutAttr::get(context, shape.minorToMajor, sizes, ranks);
}

static void collectLayouts(MLIRContext *context, const Shape &shape,
                           SmallVectorImpl<Attribute> &out, bool &any) {
  if (shape.isTuple) {
    for (const Shape &e : shape.elements)
      collectLayouts(context, e, out, any);
    return;
  }
  out.push_back(leafLayout(context, shape));
  any |= !isa<UnitAttr>(out.back());
}

Attribute Importer::layoutAttr(const Shape &shape) {
  SmallVector<Attribute> leaves;
  bool any = false;
  collectLayouts(context, shape, leaves, any);
  if (!any)
    return {};
  if (!shape.isTuple)
    return leaves.front();
  return ArrayAttr::get(context, leaves);
}

//===----------------------------------------------------------------------===//
// Attribute values
//===----------------------------------------------------------------------===//

LogicalResult Importer::missingAttr(InstrContext &ctx, StringRef name,
                                    bool required) {
  if (!required)
    return success();
  return error(ctx.instr.opcodeLoc,
               "'" + ctx.instr.opcode + "' requires attribute '" + name + "'");
}

LogicalResult Importer::getIntList(InstrContext &ctx, StringRef name,
                                   SmallVectorImpl<int64_t> &values,
                                   bool required) {
  const hlotext::Attr *attr = ctx.find(name);
  if (!attr)
    return missingAttr(ctx, name, required);
  Lexer lexer = valueLexer(*attr);
  return success(lexer.parseIntList(values, "'" + name + "'"));
}

LogicalResult Importer::getInt(InstrContext &ctx, StringRef name,
                               int64_t &value, bool required) {
  const hlotext::Attr *attr = ctx.find(name);
  if (!attr)
    return missingAttr(ctx, name, required);
  Lexer lexer = valueLexer(*attr);
  return success(lexer.parseInt(value, "an integer for '" + name + "'"));
}

LogicalResult Importer::getBool(InstrContext &ctx, StringRef name,
                                bool &value) {
  const hlotext::Attr *attr = ctx.find(name);
  if (!attr)
    return success();
  if (attr->value == "true" || attr->value == "false") {
    value = attr->value == "true";
    return success();
  }
  return error(attr->valueLoc, "expected true or false for '" + name + "'");
}

LogicalResult Importer::getWord(InstrContext &ctx, StringRef name,
                                StringRef &value, bool required) {
  const hlotext::Attr *attr = ctx.find(name);
  if (!attr)
    return missingAttr(ctx, name, required);
  value = attr->value;
  return success();
}

/// `window={size=3x3 stride=2x2 pad=0_1x0_1 lhs_dilate=1x1 rhs_dilate=1x1
/// rhs_reversal=0x0}`.
LogicalResult Importer::getWindow(InstrContext &ctx, Window &window,
                                  bool required) {
  const hlotext::Attr *attr = ctx.find("window");
  if (!attr)
    return missingAttr(ctx, "window", required);
  Lexer lexer = valueLexer(*attr);
  if (!lexer.expect('{', "to start the window"))
    return failure();
  auto parseDims = [&](StringRef text, SMLoc at,
                       SmallVectorImpl<int64_t> &out) -> LogicalResult {
    for (StringRef part : llvm::split(text, 'x')) {
      int64_t v;
      if (part.getAsInteger(10, v))
        return error(at, "expected sizes like 3x3 in the window, found '" +
                             text + "'");
      out.push_back(v);
    }
    return success();
  };
  while (!lexer.consumeIf('}')) {
    StringRef key;
    if (!lexer.parseName(key, "a window field") ||
        !lexer.expect('=', "after window field '" + key + "'"))
      return failure();
    SMLoc at = lexer.loc();
    StringRef text = lexer.lexWord();
    if (key == "size") {
      if (failed(parseDims(text, at, window.size)))
        return failure();
    } else if (key == "stride") {
      if (failed(parseDims(text, at, window.stride)))
        return failure();
    } else if (key == "lhs_dilate") {
      if (failed(parseDims(text, at, window.lhsDilate)))
        return failure();
    } else if (key == "rhs_dilate") {
      if (failed(parseDims(text, at, window.rhsDilate)))
        return failure();
    } else if (key == "rhs_reversal") {
      SmallVector<int64_t> r;
      if (failed(parseDims(text, at, r)))
        return failure();
      for (int64_t v : r)
        window.reversal.push_back(v != 0);
    } else if (key == "pad") {
      for (StringRef part : llvm::split(text, 'x')) {
        SmallVector<StringRef> lh;
        part.split(lh, '_');
        int64_t lo, hi;
        if (lh.size() != 2 || lh[0].getAsInteger(10, lo) ||
            lh[1].getAsInteger(10, hi))
          return error(at, "expected window padding like 0_1x1_0 "
                           "(low_high per dimension), found '" +
                               text + "'");
        window.padLow.push_back(lo);
        window.padHigh.push_back(hi);
      }
    } else {
      return error(at, "unknown window field '" + key + "'");
    }
  }
  size_t rank = window.size.size();
  auto check = [&](size_t n, StringRef field) -> LogicalResult {
    if (n != 0 && n != rank)
      return error(attr->valueLoc, "window field '" + field + "' has " +
                                       Twine(n) + " entries, 'size' has " +
                                       Twine(rank));
    return success();
  };
  if (failed(check(window.stride.size(), "stride")) ||
      failed(check(window.padLow.size(), "pad")) ||
      failed(check(window.lhsDilate.size(), "lhs_dilate")) ||
      failed(check(window.rhsDilate.size(), "rhs_dilate")) ||
      failed(check(window.reversal.size(), "rhs_reversal")))
    return failure();
  return success();
}

Attribute Importer::paddingAttr(ArrayRef<int64_t> low, ArrayRef<int64_t> high) {
  SmallVector<int64_t> values;
  for (auto [l, h] : llvm::zip(low, high)) {
    values.push_back(l);
    values.push_back(h);
  }
  auto type = RankedTensorType::get({static_cast<int64_t>(low.size()), 2},
                                    IntegerType::get(context, 64));
  return DenseIntElementsAttr::get(type, values);
}

LogicalResult Importer::getPrecision(InstrContext &ctx, ArrayAttr &precision) {
  const hlotext::Attr *attr = ctx.find("operand_precision");
  if (!attr)
    return success();
  Lexer lexer = valueLexer(*attr);
  if (!lexer.expect('{', "to start 'operand_precision'"))
    return failure();
  SmallVector<Attribute> values;
  if (!lexer.consumeIf('}')) {
    do {
      SMLoc at = lexer.loc();
      StringRef word;
      if (!lexer.parseName(word, "a precision"))
        return failure();
      std::optional<Precision> p =
          symbolizePrecision(StringRef(word.upper()));
      if (!p)
        return error(at, "unknown precision '" + word +
                             "' (expected default, high or highest)");
      values.push_back(PrecisionAttr::get(context, *p));
    } while (lexer.consumeIf(','));
    if (!lexer.expect('}', "to end 'operand_precision'"))
      return failure();
  }
  precision = ArrayAttr::get(context, values);
  return success();
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

namespace {
/// Parses a literal for one array shape into APInts / APFloats.
class LiteralParser {
public:
  LiteralParser(Lexer &lexer, Type elementType, ArrayRef<int64_t> dims,
                function_ref<LogicalResult(SMLoc, const Twine &)> error)
      : lexer(lexer), elementType(elementType), dims(dims), error(error) {}

  LogicalResult parse() {
    if (dims.empty())
      return parseScalar();
    return parseLevel(0);
  }

  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;
  SmallVector<std::complex<APFloat>> complexes;

private:
  LogicalResult parseLevel(size_t level) {
    SMLoc at = lexer.loc();
    if (!lexer.consumeIf('{'))
      return error(at, "expected '{' for dimension " + Twine(level) +
                           " of the literal (size " + Twine(dims[level]) +
                           ")");
    if (lexer.consumeIf("...}"))
      return error(at, "the literal is elided ({...}); the text was printed "
                       "without large constants, their values are unknown");
    int64_t count = 0;
    if (!lexer.consumeIf('}')) {
      do {
        if (level + 1 == dims.size()) {
          if (lexer.peek() == '{')
            return error(lexer.loc(), "too many nested braces: the literal "
                                      "has more dimensions than the shape");
          if (failed(parseScalar()))
            return failure();
        } else if (failed(parseLevel(level + 1))) {
          return failure();
        }
        ++count;
      } while (lexer.consumeIf(','));
      if (!lexer.consumeIf('}'))
        return error(lexer.loc(), "expected ',' or '}' in the literal");
    }
    if (count != dims[level])
      return error(at, "literal has " + Twine(count) +
                           " elements in dimension " + Twine(level) +
                           ", the shape says " + Twine(dims[level]));
    return success();
  }

  LogicalResult parseFloat(const llvm::fltSemantics &sem, APFloat &value,
                           StringRef what) {
    SMLoc at = lexer.loc();
    bool negative = lexer.consumeIf('-');
    if (!negative)
      lexer.consumeIf('+');
    StringRef word = lexer.lexWord();
    if (word == "inf") {
      if (!llvm::APFloat::semanticsHasInf(sem))
        return error(at, "infinity is not representable in " + what);
      value = APFloat::getInf(sem, negative);
      return success();
    }
    if (word.starts_with("nan")) {
      if (!llvm::APFloat::semanticsHasNaN(sem))
        return error(at, "NaN is not representable in " + what);
      value = APFloat::getNaN(sem, negative);
      if (word.size() > 3) {
        // `nan(0x...)`: the payload (the lexer stops at '(').
        return error(at, "unexpected text after 'nan'");
      }
      if (lexer.peekRaw() == '(') {
        lexer.consumeIf('(');
        int64_t payload;
        if (!lexer.parseInt(payload, "a NaN payload") ||
            !lexer.expect(')', "after the NaN payload"))
          return failure();
        unsigned mantissa = llvm::APFloat::semanticsPrecision(sem) - 1;
        bool singleNaN =
            llvm::APFloat::semanticsHasNaN(sem) &&
            !llvm::APFloat::semanticsHasInf(sem);
        if (payload <= 0 || mantissa >= 64 || singleNaN ||
            static_cast<uint64_t>(payload) >= (uint64_t(1) << mantissa))
          return error(at, "invalid NaN payload " + Twine(payload) +
                               " for " + what);
        APInt bits(mantissa, payload);
        value = APFloat::getQNaN(sem, negative, &bits);
        if (!(payload >> (mantissa - 1)))
          value = APFloat::getSNaN(sem, negative, &bits);
      }
      return success();
    }
    if (word.empty())
      return error(at, "expected a number in the literal");
    value = APFloat(sem);
    auto status = value.convertFromString(word, APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      return error(at, "invalid number '" + word + "'");
    }
    if (*status & APFloat::opOverflow)
      return error(at, "constant " + Twine(negative ? "-" : "") + word +
                           " is out of range for " + what);
    if (negative)
      value.changeSign();
    return success();
  }

  LogicalResult parseScalar() {
    SMLoc at = lexer.loc();
    std::string what;
    llvm::raw_string_ostream(what) << elementType;
    if (auto complex = dyn_cast<ComplexType>(elementType)) {
      auto &sem = cast<FloatType>(complex.getElementType()).getFloatSemantics();
      APFloat re(sem), im(sem);
      if (!lexer.expect('(', "to start a complex number (re, im)") ||
          failed(parseFloat(sem, re, what)) ||
          !lexer.expect(',', "between the parts of a complex number") ||
          failed(parseFloat(sem, im, what)) ||
          !lexer.expect(')', "to end a complex number"))
        return failure();
      complexes.emplace_back(re, im);
      return success();
    }
    if (auto f = dyn_cast<FloatType>(elementType)) {
      APFloat v(f.getFloatSemantics());
      if (failed(parseFloat(f.getFloatSemantics(), v, what)))
        return failure();
      floats.push_back(v);
      return success();
    }
    auto i = cast<IntegerType>(elementType);
    unsigned width = i.getWidth();
    if (width == 1) {
      StringRef word = lexer.lexWord();
      if (word == "true" || word == "1")
        ints.push_back(APInt(1, 1));
      else if (word == "false" || word == "0")
        ints.push_back(APInt(1, 0));
      else
        return error(at, "expected true or false in a pred literal");
      return success();
    }
    bool negative = lexer.consumeIf('-');
    StringRef word = lexer.lexWord();
    APInt magnitude;
    // Floats written for integers (e.g. `1.0`) are not accepted by XLA.
    if (word.empty() || word.getAsInteger(0, magnitude))
      return error(at, "expected an integer in the literal");
    bool isUnsigned = i.isUnsigned();
    bool ok;
    if (isUnsigned)
      // XLA reads u64 literals through int64, so -1 is 2^64 - 1.
      ok = negative ? width == 64 && magnitude.getActiveBits() <= 63
                    : magnitude.getActiveBits() <= width;
    else
      ok = negative ? magnitude.getActiveBits() <= width - 1 ||
                          (magnitude.isPowerOf2() &&
                           magnitude.logBase2() == width - 1)
                    : magnitude.getActiveBits() <= width - 1;
    if (!ok || magnitude.getActiveBits() > 64 + 1)
      return error(at, "constant " + Twine(negative ? "-" : "") + word +
                           " is out of range for " + what);
    APInt v = magnitude.zextOrTrunc(width);
    if (negative)
      v.negate();
    ints.push_back(v);
    return success();
  }

  Lexer &lexer;
  Type elementType;
  ArrayRef<int64_t> dims;
  function_ref<LogicalResult(SMLoc, const Twine &)> error;
};
} // namespace

FailureOr<DenseElementsAttr> Importer::parseLiteral(Lexer &lexer, Type t,
                                                   SMLoc at) {
  auto type = dyn_cast<RankedTensorType>(t);
  if (!type || !type.hasStaticShape())
    return error(at, "a constant needs a static array shape");
  auto err = [&](SMLoc loc, const Twine &message) { return error(loc, message); };
  LiteralParser parser(lexer, type.getElementType(), type.getShape(), err);
  if (failed(parser.parse()))
    return failure();
  DenseElementsAttr value;
  if (!parser.complexes.empty())
    value = DenseElementsAttr::get(type, parser.complexes);
  else if (!parser.floats.empty())
    value = DenseElementsAttr::get(type, parser.floats);
  else if (type.getNumElements() == 0)
    value = DenseElementsAttr::get(type, ArrayRef<Attribute>());
  else
    value = DenseElementsAttr::get(type, parser.ints);
  return value;
}

FailureOr<ValueTree> Importer::buildTupleConstant(InstrContext &ctx,
                                                  Lexer &lexer,
                                                  const Shape &shape,
                                                  ArrayRef<Type> &types) {
  if (!shape.isTuple) {
    FailureOr<DenseElementsAttr> value =
        parseLiteral(lexer, types.front(), lexer.loc());
    if (failed(value))
      return failure();
    types = types.drop_front();
    OperationState state(ctx.loc, "hlo.constant");
    state.addTypes(value->getType());
    state.addAttribute("value", *value);
    ValueTree leaf;
    leaf.leaf = builder.create(state)->getResult(0);
    return leaf;
  }
  ValueTree tree;
  tree.isTuple = true;
  if (!lexer.expect('(', "to start a tuple literal"))
    return failure();
  for (auto [i, element] : llvm::enumerate(shape.elements)) {
    if (i > 0 && !lexer.expect(',', "between tuple literal elements"))
      return failure();
    FailureOr<ValueTree> e = buildTupleConstant(ctx, lexer, element, types);
    if (failed(e))
      return failure();
    tree.elements.push_back(*e);
  }
  if (!lexer.expect(')', "to end a tuple literal"))
    return failure();
  return tree;
}

FailureOr<ValueTree> Importer::buildConstant(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  if (ctx.inferred)
    return error(instr.loc, "a constant needs a shape");
  Lexer lexer(StringRef(instr.literal.begin(),
                        sourceBuffer().end() - instr.literal.begin()),
              errorFn());
  if (instr.shape.isTuple) {
    ArrayRef<Type> types(ctx.resultTypes);
    return buildTupleConstant(ctx, lexer, instr.shape, types);
  }
  FailureOr<DenseElementsAttr> parsed =
      parseLiteral(lexer, ctx.resultTypes.front(), instr.literalLoc);
  if (failed(parsed))
    return failure();
  if (lexer.position() < instr.literal.end())
    return error(lexer.loc(), "unexpected text after the literal");
  DenseElementsAttr value = *parsed;
  OperationState state(ctx.loc, "hlo.constant");
  state.addTypes(value.getType());
  state.addAttribute("value", value);
  return finish(ctx, builder.create(state));
}

//===----------------------------------------------------------------------===//
// Builders
//===----------------------------------------------------------------------===//

/// Records the layout and the remaining attributes on `op` and verifies it.
LogicalResult Importer::finishOp(InstrContext &ctx, Operation *op) {
  const Instruction &instr = ctx.instr;
  if (Attribute layout = layoutAttr(ctx.resultShape()))
    op->setAttr("hlo.layout", layout);
  for (auto [i, attr] : llvm::enumerate(instr.attributes)) {
    if (ctx.used[i])
      continue;
    if (attr.name == "metadata")
      continue;
    if (!isCommonAttribute(attr.name)) {
      op->erase();
      return error(attr.nameLoc, "unexpected attribute '" + attr.name +
                                     "' for opcode '" + instr.opcode + "'");
    }
    op->setAttr(("xla." + attr.name).str(),
                StringAttr::get(context, attr.value));
  }
  if (failed(mlir::verify(op))) {
    op->erase();
    hadError = true;
    return failure();
  }
  return success();
}

/// Records the layout and the remaining attributes on `op`, verifies it and
/// returns its results as the instruction's value.
FailureOr<ValueTree> Importer::finish(InstrContext &ctx, Operation *op) {
  const Instruction &instr = ctx.instr;
  if (failed(finishOp(ctx, op)))
    return failure();
  SmallVector<Value> values(op->getResults());
  ArrayRef<Value> range(values);
  if (ctx.inferred) {
    ValueTree tree;
    if (values.size() == 1) {
      tree.leaf = values.front();
      return tree;
    }
    tree.isTuple = true;
    for (Value v : values)
      tree.elements.push_back(ValueTree{v, {}, false});
    return tree;
  }
  const Shape &shape = ctx.resultShape();
  if (shape.numLeaves() != values.size()) {
    op->erase();
    return error(instr.loc, "'" + instr.opcode + "' produces " +
                                Twine(values.size()) +
                                " values, the shape has " +
                                Twine(shape.numLeaves()));
  }
  return buildTree(shape, range);
}

FailureOr<ValueTree> Importer::buildSimple(InstrContext &ctx) {
  OperationState state(ctx.loc, opcodes[ctx.instr.opcode].opName);
  SmallVector<Value> operands = ctx.flatOperands();
  if (ctx.inferred && !operands.empty()) {
    // Elementwise: the shape of the (first non-predicate) operand.
    bool ternary = ctx.instr.opcode == "select" || ctx.instr.opcode == "clamp";
    Type type = operands[ternary && operands.size() > 1 ? 1 : 0].getType();
    if (ctx.instr.opcode == "complex")
      if (auto t = dyn_cast<RankedTensorType>(type))
        type = t.clone(ComplexType::get(t.getElementType()));
    if (ctx.instr.opcode == "real" || ctx.instr.opcode == "imag")
      if (auto t = dyn_cast<RankedTensorType>(type))
        if (auto c = dyn_cast<ComplexType>(t.getElementType()))
          type = t.clone(c.getElementType());
    if (ctx.instr.opcode == "is-finite")
      if (auto t = dyn_cast<RankedTensorType>(type))
        type = t.clone(builder.getI1Type());
    ctx.resultTypes = {type};
  }
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildAfterAll(InstrContext &ctx) {
  // XLA also accepts arrays as after-all operands; hlo.after_all joins
  // tokens only, so such a use stays opaque.
  SmallVector<Value> operands = ctx.flatOperands();
  if (!llvm::all_of(operands,
                    [](Value v) { return isa<TokenType>(v.getType()); }))
    return buildOpaque(ctx);
  if (ctx.inferred)
    ctx.resultTypes = {TokenType::get(context)};
  OperationState state(ctx.loc, "hlo.after_all");
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildOptimizationBarrier(InstrContext &ctx) {
  // One (tuple) operand, the same shape out: the barrier over its leaves.
  OperationState state(ctx.loc, "hlo.optimization_barrier");
  state.addOperands(ctx.flatOperands());
  if (ctx.inferred)
    ctx.resultTypes =
        llvm::to_vector(ValueRange(ctx.flatOperands()).getTypes());
  state.addTypes(ctx.resultTypes);
  if (ctx.operands.front().isTuple)
    state.addAttribute("xla.operand_shapes", operandStructures(ctx));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildGetDimensionSize(InstrContext &ctx) {
  SmallVector<int64_t> dims;
  if (failed(getIntList(ctx, "dimensions", dims, true)))
    return failure();
  if (dims.size() != 1)
    return error(ctx.instr.loc, "get-dimension-size needs exactly one "
                                "dimension");
  OperationState state(ctx.loc, "hlo.get_dimension_size");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("dimension", builder.getI64IntegerAttr(dims[0]));
  return finish(ctx, builder.create(state));
}

/// batch-norm-inference / -training / -grad: `epsilon=` (a float, rounded
/// to f32 as XLA stores it) and `feature_index=`; training and grad produce
/// a tuple (output, mean, variance) / (grad_operand, grad_scale,
/// grad_offset), which becomes the op's three results.
FailureOr<ValueTree> Importer::buildBatchNorm(InstrContext &ctx) {
  int64_t featureIndex;
  if (failed(getInt(ctx, "feature_index", featureIndex, true)))
    return failure();
  const hlotext::Attr *eps = ctx.find("epsilon");
  if (!eps)
    return missingAttr(ctx, "epsilon", true);
  APFloat epsilon(APFloat::IEEEsingle());
  auto status =
      epsilon.convertFromString(eps->value, APFloat::rmNearestTiesToEven);
  if (!status)
    llvm::consumeError(status.takeError());
  if (!status || eps->value.empty())
    return error(eps->valueLoc,
                 "expected a float for 'epsilon', found '" + eps->value + "'");
  OperationState state(ctx.loc, opcodes[ctx.instr.opcode].opName);
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("epsilon", builder.getF32FloatAttr(
                                    epsilon.convertToFloat()));
  state.addAttribute("feature_index", builder.getI64IntegerAttr(featureIndex));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildCopy(InstrContext &ctx) {
  // An identity conversion (XLA copies change layouts, not values).
  OperationState state(ctx.loc, "hlo.convert");
  state.addOperands(ctx.flatOperands());
  if (ctx.inferred)
    ctx.resultTypes = {ctx.flatOperands().front().getType()};
  state.addTypes(ctx.resultTypes);
  state.addAttribute("xla.opcode", builder.getStringAttr("copy"));
  return finish(ctx, builder.create(state));
}

Attribute Importer::layoutOf(Value value) {
  if (auto result = dyn_cast<OpResult>(value)) {
    Attribute layout = result.getOwner()->getAttr("hlo.layout");
    if (auto list = dyn_cast_or_null<ArrayAttr>(layout))
      return result.getResultNumber() < list.size()
                 ? list[result.getResultNumber()]
                 : Attribute();
    return layout;
  }
  auto arg = cast<BlockArgument>(value);
  if (auto func = dyn_cast_or_null<func::FuncOp>(arg.getOwner()->getParentOp()))
    return func.getArgAttr(arg.getArgNumber(), "hlo.layout");
  return regionArgLayouts.lookup(value);
}

/// The minor-to-major order `layout` (an `hlo.layout` leaf) gives an array
/// of rank `rank`: row-major when none is written; nullopt for a layout
/// with tiling or other parts.
static std::optional<SmallVector<int64_t>> minorToMajor(Attribute layout,
                                                        int64_t rank) {
  if (auto order = dyn_cast_or_null<LayoutAttr>(layout)) {
    if (!order.getTileRanks().empty())
      return std::nullopt;
    return SmallVector<int64_t>(order.getMinorToMajor());
  }
  if (isa_and_nonnull<StringAttr>(layout))
    return std::nullopt;
  SmallVector<int64_t> rowMajor;
  for (int64_t d = rank - 1; d >= 0; --d)
    rowMajor.push_back(d);
  return rowMajor;
}

FailureOr<ValueTree> Importer::buildBitcast(InstrContext &ctx) {
  // A bitcast reinterprets the operand's buffer: its value depends on the
  // layouts of both sides (it is the one XLA instruction that does). It is
  // a physical-order transpose of the operand, a reshape of that, and a
  // transpose back to the logical order of the result; with row-major
  // layouts on both sides, a reshape (same element type) or a
  // bitcast_convert (same shape).
  SmallVector<Value> operands = ctx.flatOperands();
  auto from = dyn_cast<RankedTensorType>(operands.front().getType());
  auto to = dyn_cast<RankedTensorType>(ctx.resultTypes.front());
  if (!from || !to || ctx.resultTypes.size() != 1)
    return error(ctx.instr.loc, "bitcast of tuples or tokens is not supported");
  std::optional<SmallVector<int64_t>> fromOrder =
      minorToMajor(layoutOf(operands.front()), from.getRank());
  std::optional<SmallVector<int64_t>> toOrder =
      minorToMajor(layoutAttr(ctx.instr.shape), to.getRank());
  if (!fromOrder || !toOrder || fromOrder->size() != size_t(from.getRank()) ||
      toOrder->size() != size_t(to.getRank()))
    return error(ctx.instr.loc,
                 "bitcast between tiled or malformed layouts is not supported");
  auto isRowMajor = [](ArrayRef<int64_t> order) {
    for (auto [i, d] : llvm::enumerate(order))
      if (d != static_cast<int64_t>(order.size() - 1 - i))
        return false;
    return true;
  };
  bool physical = !isRowMajor(*fromOrder) || !isRowMajor(*toOrder);
  if (from.getElementType() != to.getElementType() &&
      (from.getShape() != to.getShape() || physical)) {
    // Both change: a bitcast_convert to the new element type, then a
    // reshape (same bit widths only).
    OperationState convert(ctx.loc, "hlo.bitcast_convert");
    convert.addOperands(operands);
    convert.addTypes(from.clone(to.getElementType()));
    Operation *op = builder.create(convert);
    if (failed(mlir::verify(op))) {
      op->erase();
      return failure();
    }
    operands = {op->getResult(0)};
  }
  if (physical) {
    // operand (logical) -> physical order (major to minor) -> reshape to
    // the result's physical shape -> the result's logical order.
    auto create = [&](StringRef name, Value input, Type type,
                      ArrayRef<int64_t> permutation) -> FailureOr<Value> {
      OperationState state(ctx.loc, name);
      state.addOperands(input);
      state.addTypes(type);
      if (name == "hlo.transpose")
        state.addAttribute("permutation",
                           builder.getDenseI64ArrayAttr(permutation));
      Operation *op = builder.create(state);
      if (failed(mlir::verify(op))) {
        op->erase();
        return failure();
      }
      return op->getResult(0);
    };
    Value input = operands.front();
    auto inputType = cast<RankedTensorType>(input.getType());
    SmallVector<int64_t> fromMajor(llvm::reverse(*fromOrder));
    SmallVector<int64_t> physicalIn, physicalOut, back(to.getRank());
    for (int64_t d : fromMajor)
      physicalIn.push_back(inputType.getDimSize(d));
    SmallVector<int64_t> toMajor(llvm::reverse(*toOrder));
    for (auto [i, d] : llvm::enumerate(toMajor)) {
      physicalOut.push_back(to.getDimSize(d));
      back[d] = i;
    }
    FailureOr<Value> value = create("hlo.transpose", input,
                                    inputType.clone(physicalIn), fromMajor);
    if (succeeded(value))
      value = create("hlo.reshape", *value, to.clone(physicalOut), {});
    if (failed(value))
      return failure();
    OperationState state(ctx.loc, "hlo.transpose");
    state.addOperands(*value);
    state.addTypes(ctx.resultTypes);
    state.addAttribute("permutation", builder.getDenseI64ArrayAttr(back));
    // Untagged: these ops are what the bitcast computes, and export and
    // import them as themselves.
    return finish(ctx, builder.create(state));
  }
  OperationState state(ctx.loc,
                       cast<RankedTensorType>(operands.front().getType())
                                   .getElementType() == to.getElementType()
                           ? "hlo.reshape"
                           : "hlo.bitcast_convert");
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  state.addAttribute("xla.opcode", builder.getStringAttr("bitcast"));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildTuple(InstrContext &ctx) {
  ValueTree tree;
  tree.isTuple = true;
  tree.elements.assign(ctx.operands.begin(), ctx.operands.end());
  // Check the declared shape against the operands.
  SmallVector<Value> values;
  tree.flatten(values);
  if (ctx.inferred)
    ctx.resultTypes = llvm::to_vector(ValueRange(values).getTypes());
  if (values.size() != ctx.resultTypes.size() ||
      !llvm::all_of(llvm::zip(values, ctx.resultTypes), [](auto pair) {
        return std::get<0>(pair).getType() == std::get<1>(pair);
      }))
    return error(ctx.instr.loc, "the tuple's shape does not match the shapes "
                                "of its operands");
  for (auto [i, attr] : llvm::enumerate(ctx.instr.attributes))
    if (!ctx.used[i] && !isCommonAttribute(attr.name))
      return error(attr.nameLoc, "unexpected attribute '" + attr.name +
                                     "' for opcode 'tuple'");
  return tree;
}

FailureOr<ValueTree> Importer::buildGetTupleElement(InstrContext &ctx) {
  int64_t index;
  if (failed(getInt(ctx, "index", index, /*required=*/true)))
    return failure();
  const ValueTree &tuple = ctx.operands.front();
  if (!tuple.isTuple)
    return error(ctx.instr.operands.front().loc,
                 "the operand of get-tuple-element is not a tuple");
  if (index < 0 || index >= static_cast<int64_t>(tuple.elements.size()))
    return error(ctx.instr.loc, "tuple index " + Twine(index) +
                                    " is out of range for a tuple of " +
                                    Twine(tuple.elements.size()));
  ValueTree element = tuple.elements[index];
  SmallVector<Value> values;
  element.flatten(values);
  if (ctx.inferred)
    ctx.resultTypes = llvm::to_vector(ValueRange(values).getTypes());
  if (values.size() != ctx.resultTypes.size() ||
      !llvm::all_of(llvm::zip(values, ctx.resultTypes), [](auto pair) {
        return std::get<0>(pair).getType() == std::get<1>(pair);
      }))
    return error(ctx.instr.loc, "the shape of get-tuple-element does not "
                                "match tuple element " +
                                    Twine(index));
  return element;
}

FailureOr<ValueTree> Importer::buildCompare(InstrContext &ctx) {
  StringRef direction, type;
  if (failed(getWord(ctx, "direction", direction, true)) ||
      failed(getWord(ctx, "type", type, false)))
    return failure();
  std::optional<ComparisonDirection> dir = symbolizeComparisonDirection(direction);
  if (!dir)
    return error(ctx.instr.loc, "unknown comparison direction '" + direction +
                                    "' (expected EQ, NE, GE, GT, LE or LT)");
  OperationState state(ctx.loc, "hlo.compare");
  state.addOperands(ctx.flatOperands());
  if (ctx.inferred)
    if (auto t = dyn_cast<RankedTensorType>(ctx.flatOperands()[0].getType()))
      ctx.resultTypes = {t.clone(builder.getI1Type())};
  state.addTypes(ctx.resultTypes);
  state.addAttribute("comparison_direction",
                     ComparisonDirectionAttr::get(context, *dir));
  if (!type.empty()) {
    std::optional<ComparisonType> t = symbolizeComparisonType(type);
    if (!t)
      return error(ctx.instr.loc, "unknown comparison type '" + type + "'");
    state.addAttribute("compare_type", ComparisonTypeAttr::get(context, *t));
  }
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildIota(InstrContext &ctx) {
  int64_t dim;
  if (failed(getInt(ctx, "iota_dimension", dim, true)))
    return failure();
  OperationState state(ctx.loc, "hlo.iota");
  state.addTypes(ctx.resultTypes);
  state.addAttribute("iota_dimension", builder.getI64IntegerAttr(dim));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildReducePrecision(InstrContext &ctx) {
  int64_t e, m;
  if (failed(getInt(ctx, "exponent_bits", e, true)) ||
      failed(getInt(ctx, "mantissa_bits", m, true)))
    return failure();
  OperationState state(ctx.loc, "hlo.reduce_precision");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("exponent_bits", builder.getI32IntegerAttr(e));
  state.addAttribute("mantissa_bits", builder.getI32IntegerAttr(m));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildBroadcast(InstrContext &ctx) {
  SmallVector<int64_t> dims;
  // A scalar operand needs no dimensions.
  auto operandType =
      dyn_cast<RankedTensorType>(ctx.flatOperands().front().getType());
  bool scalar = operandType && operandType.getRank() == 0;
  if (failed(getIntList(ctx, "dimensions", dims, !scalar)))
    return failure();
  OperationState state(ctx.loc, "hlo.broadcast_in_dim");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("broadcast_dimensions", i64Array(dims));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildDimensionsOp(InstrContext &ctx) {
  SmallVector<int64_t> dims;
  if (failed(getIntList(ctx, "dimensions", dims, true)))
    return failure();
  StringRef opName = opcodes[ctx.instr.opcode].opName;
  OperationState state(ctx.loc, opName);
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute(opName == "hlo.transpose" ? "permutation" : "dimensions",
                     i64Array(dims));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildSlice(InstrContext &ctx) {
  const hlotext::Attr *attr = ctx.find("slice");
  if (!attr)
    return error(ctx.instr.opcodeLoc, "'slice' requires attribute 'slice'");
  Lexer lexer = valueLexer(*attr);
  SmallVector<int64_t> starts, limits, strides;
  if (!lexer.expect('{', "to start 'slice'"))
    return failure();
  if (!lexer.consumeIf('}')) {
    do {
      int64_t start, limit, stride = 1;
      if (!lexer.expect('[', "to start a slice range [start:limit:stride]") ||
          !lexer.parseInt(start, "a slice start") ||
          !lexer.expect(':', "after the slice start") ||
          !lexer.parseInt(limit, "a slice limit"))
        return failure();
      if (lexer.consumeIf(':') && !lexer.parseInt(stride, "a slice stride"))
        return failure();
      if (!lexer.expect(']', "to end a slice range"))
        return failure();
      starts.push_back(start);
      limits.push_back(limit);
      strides.push_back(stride);
    } while (lexer.consumeIf(','));
    if (!lexer.expect('}', "to end 'slice'"))
      return failure();
  }
  OperationState state(ctx.loc, "hlo.slice");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("start_indices", i64Array(starts));
  state.addAttribute("limit_indices", i64Array(limits));
  state.addAttribute("strides", i64Array(strides));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildConcatenate(InstrContext &ctx) {
  SmallVector<int64_t> dims;
  if (failed(getIntList(ctx, "dimensions", dims, true)))
    return failure();
  if (dims.size() != 1)
    return error(ctx.instr.loc, "concatenate needs exactly one dimension");
  OperationState state(ctx.loc, "hlo.concatenate");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("dimension", builder.getI64IntegerAttr(dims[0]));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildPad(InstrContext &ctx) {
  const hlotext::Attr *attr = ctx.find("padding");
  if (!attr)
    return error(ctx.instr.opcodeLoc, "'pad' requires attribute 'padding'");
  SmallVector<int64_t> low, high, interior;
  if (attr->value != "{}") {
    for (StringRef part : llvm::split(attr->value, 'x')) {
      SmallVector<StringRef> fields;
      part.split(fields, '_');
      int64_t l, h, i = 0;
      if ((fields.size() != 2 && fields.size() != 3) ||
          fields[0].getAsInteger(10, l) || fields[1].getAsInteger(10, h) ||
          (fields.size() == 3 && fields[2].getAsInteger(10, i)))
        return error(attr->valueLoc,
                     "expected padding like 0_0_0x1_1_0 "
                     "(low_high[_interior] per dimension), found '" +
                         attr->value + "'");
      low.push_back(l);
      high.push_back(h);
      interior.push_back(i);
    }
  }
  OperationState state(ctx.loc, "hlo.pad");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("edge_padding_low", i64Array(low));
  state.addAttribute("edge_padding_high", i64Array(high));
  state.addAttribute("interior_padding", i64Array(interior));
  return finish(ctx, builder.create(state));
}

/// The old form of dynamic-slice and dynamic-update-slice takes the start
/// indices as one rank-1 array (operand `first`); split it into scalars.
SmallVector<Value> Importer::splitIndexVector(InstrContext &ctx,
                                              unsigned first) {
  SmallVector<Value> operands = ctx.flatOperands();
  if (operands.size() != first + 1)
    return operands;
  auto indices = dyn_cast<RankedTensorType>(operands[first].getType());
  if (!indices || indices.getRank() != 1 || !indices.hasStaticShape())
    return operands;
  Value vector = operands.pop_back_val();
  auto scalar = RankedTensorType::get({}, indices.getElementType());
  auto one = RankedTensorType::get({1}, indices.getElementType());
  for (int64_t i = 0; i < indices.getDimSize(0); ++i) {
    OperationState slice(ctx.loc, "hlo.slice");
    slice.addOperands(vector);
    slice.addTypes(one);
    slice.addAttribute("start_indices", i64Array({i}));
    slice.addAttribute("limit_indices", i64Array({i + 1}));
    slice.addAttribute("strides", i64Array({1}));
    Operation *s = builder.create(slice);
    OperationState reshape(ctx.loc, "hlo.reshape");
    reshape.addOperands(s->getResult(0));
    reshape.addTypes(scalar);
    operands.push_back(builder.create(reshape)->getResult(0));
  }
  return operands;
}

FailureOr<ValueTree> Importer::buildDynamicUpdateSlice(InstrContext &ctx) {
  OperationState state(ctx.loc, "hlo.dynamic_update_slice");
  state.addOperands(splitIndexVector(ctx, 2));
  if (ctx.inferred)
    ctx.resultTypes = {ctx.flatOperands().front().getType()};
  state.addTypes(ctx.resultTypes);
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildDynamicSlice(InstrContext &ctx) {
  SmallVector<int64_t> sizes;
  if (failed(getIntList(ctx, "dynamic_slice_sizes", sizes, true)))
    return failure();
  OperationState state(ctx.loc, "hlo.dynamic_slice");
  state.addOperands(splitIndexVector(ctx, 1));
  state.addTypes(ctx.resultTypes);
  state.addAttribute("slice_sizes", i64Array(sizes));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildDot(InstrContext &ctx) {
  SmallVector<int64_t> lb, rb, lc, rc;
  ArrayAttr precision;
  if (failed(getIntList(ctx, "lhs_batch_dims", lb, false)) ||
      failed(getIntList(ctx, "rhs_batch_dims", rb, false)) ||
      failed(getIntList(ctx, "lhs_contracting_dims", lc, false)) ||
      failed(getIntList(ctx, "rhs_contracting_dims", rc, false)) ||
      failed(getPrecision(ctx, precision)))
    return failure();
  OperationState state(ctx.loc, "hlo.dot_general");
  SmallVector<Value> operands = ctx.flatOperands();
  if (ctx.inferred) {
    // Batch dimensions, then the free dimensions of lhs, then of rhs.
    auto lhs = dyn_cast<RankedTensorType>(operands[0].getType());
    auto rhs = dyn_cast<RankedTensorType>(operands[1].getType());
    if (!lhs || !rhs)
      return error(ctx.instr.loc, "dot operands must be arrays");
    SmallVector<int64_t> shape;
    for (int64_t d : lb)
      if (d >= 0 && d < lhs.getRank())
        shape.push_back(lhs.getDimSize(d));
    for (int64_t d = 0; d < lhs.getRank(); ++d)
      if (!llvm::is_contained(lb, d) && !llvm::is_contained(lc, d))
        shape.push_back(lhs.getDimSize(d));
    for (int64_t d = 0; d < rhs.getRank(); ++d)
      if (!llvm::is_contained(rb, d) && !llvm::is_contained(rc, d))
        shape.push_back(rhs.getDimSize(d));
    ctx.resultTypes = {RankedTensorType::get(shape, lhs.getElementType())};
  }
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  state.addAttribute("dot_dimension_numbers",
                     DotDimensionNumbersAttr::get(context, lb, rb, lc, rc));
  if (precision)
    state.addAttribute("precision_config", precision);
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildConvolution(InstrContext &ctx) {
  Window window;
  if (failed(getWindow(ctx, window, false)))
    return failure();
  StringRef labels;
  if (failed(getWord(ctx, "dim_labels", labels, true)))
    return failure();
  const hlotext::Attr *labelsAttr = nullptr;
  for (const hlotext::Attr &a : ctx.instr.attributes)
    if (a.name == "dim_labels")
      labelsAttr = &a;
  // `b01f_01io->b01f`: input, kernel and output dimension labels.
  SmallVector<StringRef> parts;
  StringRef inKernel, output;
  std::tie(inKernel, output) = labels.split("->");
  StringRef input, kernel;
  std::tie(input, kernel) = inKernel.split('_');
  auto bad = [&](const Twine &why) {
    return error(labelsAttr->valueLoc,
                 "invalid dim_labels '" + labels + "': " + why);
  };
  if (input.empty() || kernel.empty() || output.empty())
    return bad("expected input_kernel->output, e.g. b01f_01io->b01f");
  size_t rank = input.size();
  if (kernel.size() != rank || output.size() != rank)
    return bad("the three parts must have the same length");
  if (rank < 2 || rank > 12)
    return bad("expected 2 to 12 dimensions");
  int64_t ib = -1, iff = -1, ki = -1, ko = -1, ob = -1, of = -1;
  SmallVector<int64_t> is(rank - 2, -1), ks(rank - 2, -1), os(rank - 2, -1);
  auto assign = [&](StringRef part, char a, char b, int64_t &pa, int64_t &pb,
                    SmallVectorImpl<int64_t> &spatial) -> bool {
    if (rank < 2)
      return false;
    for (auto [i, c] : llvm::enumerate(part)) {
      if (c == a && pa < 0)
        pa = i;
      else if (c == b && pb < 0)
        pb = i;
      else if (llvm::isDigit(c) && static_cast<size_t>(c - '0') < rank - 2 &&
               spatial[c - '0'] < 0)
        spatial[c - '0'] = i;
      else
        return false;
    }
    return pa >= 0 && pb >= 0;
  };
  if (!assign(input, 'b', 'f', ib, iff, is))
    return bad("the input part needs b, f and the spatial dimensions once");
  if (!assign(kernel, 'i', 'o', ki, ko, ks))
    return bad("the kernel part needs i, o and the spatial dimensions once");
  if (!assign(output, 'b', 'f', ob, of, os))
    return bad("the output part needs b, f and the spatial dimensions once");
  size_t spatial = rank - 2;
  if (!window.size.empty() && window.size.size() != spatial)
    return error(ctx.instr.loc, "the window has " + Twine(window.size.size()) +
                                    " dimensions, dim_labels " +
                                    Twine(spatial));
  if (window.size.empty() && spatial != 0 && !ctx.find("window"))
    return error(ctx.instr.loc, "convolution requires attribute 'window'");
  int64_t featureGroups = 1, batchGroups = 1;
  ArrayAttr precision;
  if (failed(getInt(ctx, "feature_group_count", featureGroups, false)) ||
      failed(getInt(ctx, "batch_group_count", batchGroups, false)) ||
      failed(getPrecision(ctx, precision)))
    return failure();
  OperationState state(ctx.loc, "hlo.convolution");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  if (!window.stride.empty())
    state.addAttribute("window_strides", i64Array(window.stride));
  if (!window.padLow.empty())
    state.addAttribute("padding", paddingAttr(window.padLow, window.padHigh));
  if (!window.lhsDilate.empty())
    state.addAttribute("lhs_dilation", i64Array(window.lhsDilate));
  if (!window.rhsDilate.empty())
    state.addAttribute("rhs_dilation", i64Array(window.rhsDilate));
  if (!window.reversal.empty())
    state.addAttribute("window_reversal",
                       DenseBoolArrayAttr::get(context, window.reversal));
  state.addAttribute("dimension_numbers",
                     ConvDimensionNumbersAttr::get(context, ib, iff, is, ki, ko,
                                                   ks, ob, of, os));
  state.addAttribute("feature_group_count",
                     builder.getI64IntegerAttr(featureGroups));
  state.addAttribute("batch_group_count",
                     builder.getI64IntegerAttr(batchGroups));
  if (precision)
    state.addAttribute("precision_config", precision);
  Operation *op = builder.create(state);
  // The window size is the kernel's spatial shape; keep a differing one.
  if (auto kernelType = dyn_cast<RankedTensorType>(op->getOperand(1).getType()))
    for (auto [i, d] : llvm::enumerate(ks))
      if (i < window.size.size() && kernelType.getDimSize(d) != window.size[i])
        return (op->erase(),
                error(ctx.instr.loc, "window size " + Twine(window.size[i]) +
                                         " differs from the kernel's spatial "
                                         "dimension " +
                                         Twine(kernelType.getDimSize(d))));
  return finish(ctx, op);
}

//===----------------------------------------------------------------------===//
// Computations as regions and functions
//===----------------------------------------------------------------------===//

const Computation *Importer::lookupComputation(InstrContext &ctx,
                                               StringRef attrName,
                                               bool required) {
  const hlotext::Attr *attr = ctx.find(attrName);
  if (!attr) {
    (void)missingAttr(ctx, attrName, required);
    return nullptr;
  }
  StringRef name = attr->value;
  name.consume_front("%");
  auto it = computations.find(name);
  if (it == computations.end()) {
    (void)error(attr->valueLoc, "computation '" + name + "' is not defined");
    return nullptr;
  }
  return it->second;
}

LogicalResult
Importer::parameterShapes(const Computation &comp,
                          SmallVectorImpl<const Shape *> &shapes) {
  for (const Instruction &instr : comp.instructions) {
    if (instr.opcode != "parameter")
      continue;
    size_t n = instr.parameterNumber;
    if (n >= comp.instructions.size())
      return error(instr.literalLoc,
                   "parameter number " + Twine(n) + " is out of range");
    if (shapes.size() <= n)
      shapes.resize(n + 1, nullptr);
    if (shapes[n])
      return error(instr.literalLoc, "parameter number " + Twine(n) +
                                         " is used more than once");
    if (!instr.shape.isWritten())
      return error(instr.loc, "a parameter needs a shape");
    shapes[n] = &instr.shape;
  }
  for (auto [i, s] : llvm::enumerate(shapes))
    if (!s)
      return error(comp.loc, "computation '" + comp.name +
                                 "' has no parameter number " + Twine(i));
  return success();
}

Location Importer::instructionLoc(const Instruction &instr) {
  Location textLoc = NameLoc::get(builder.getStringAttr(instr.name),
                                  fileLoc(instr.loc));
  for (const hlotext::Attr &attr : instr.attributes) {
    if (attr.name != "metadata")
      continue;
    // `{op_type="..." op_name="..." source_file="..." source_line=N}`.
    Lexer lexer = valueLexer(attr);
    std::string opName, sourceFile;
    int64_t sourceLine = 0, sourceColumn = 0;
    if (!lexer.consumeIf('{'))
      break;
    while (!lexer.consumeIf('}')) {
      StringRef key;
      if (!lexer.parseName(key, "a metadata field") ||
          !lexer.expect('=', "after metadata field '" + key + "'"))
        return textLoc;
      std::string s;
      int64_t v;
      if (lexer.peek() == '"') {
        if (!lexer.parseString(s, "a string"))
          return textLoc;
      } else if (lexer.peek() == '{') {
        if (!lexer.skipBalanced())
          return textLoc;
      } else {
        StringRef word = lexer.lexWord();
        if (!word.getAsInteger(10, v)) {
          if (key == "source_line")
            sourceLine = v;
          else if (key == "source_column")
            sourceColumn = v;
        }
      }
      if (key == "op_name")
        opName = s;
      else if (key == "source_file")
        sourceFile = s;
      lexer.consumeIf(',');
    }
    Location source = UnknownLoc::get(context);
    if (!sourceFile.empty())
      source = FileLineColLoc::get(context, sourceFile, sourceLine,
                                   sourceColumn);
    Location meta = opName.empty()
                        ? source
                        : NameLoc::get(builder.getStringAttr(opName), source);
    return FusedLoc::get(context, {textLoc, meta},
                         builder.getStringAttr(attr.value));
  }
  return textLoc;
}

FailureOr<ValueTree>
Importer::emitInstruction(const Instruction &instr,
                          llvm::StringMap<ValueTree> &values,
                          llvm::StringSet<> &poisoned,
                          ArrayRef<ValueTree> params,
                          const llvm::StringSet<> &names) {
  InstrContext ctx(instr, instructionLoc(instr));
  if (!instr.shape.isWritten()) {
    bool inferable =
        llvm::is_contained({"tuple", "get-tuple-element", "copy", "dot",
                            "compare", "conditional", "after-all",
                            "optimization-barrier"},
                           instr.opcode) ||
        (opcodes.count(instr.opcode) &&
         opcodes[instr.opcode].build == &Importer::buildSimple &&
         !llvm::is_contained({"convert", "bitcast-convert", "reshape"},
                             instr.opcode));
    if (!inferable)
      return error(instr.opcodeLoc, "the shape of '" + instr.opcode +
                                        "' cannot be inferred; write it");
    ctx.inferred = true;
  } else if (failed(convertShape(instr.shape, ctx.resultTypes))) {
    return failure();
  }
  if (instr.opcode == "parameter") {
    const ValueTree &param = params[instr.parameterNumber];
    for (const hlotext::Attr &attr : instr.attributes)
      if (!isCommonAttribute(attr.name) &&
          attr.name != "parameter_replication")
        return error(attr.nameLoc, "unexpected attribute '" + attr.name +
                                       "' for opcode 'parameter'");
    return param;
  }
  // Operands: report every undefined name, then skip the instruction if an
  // operand could not be built (its error is already reported).
  bool undefined = false, poison = false;
  for (const Operand &operand : instr.operands) {
    auto it = values.find(operand.name);
    if (it != values.end()) {
      if (operand.shape) {
        SmallVector<Type> written, actual;
        if (failed(convertShape(*operand.shape, written)))
          return failure();
        SmallVector<Value> leaves;
        it->second.flatten(leaves);
        // A send or recv is written with its (data, context, token) tuple;
        // its value here is its token.
        Operation *def = leaves.size() == 1 ? leaves[0].getDefiningOp()
                                            : nullptr;
        bool transfer = def && isa<SendOp, RecvOp>(def);
        if (!transfer && !sameTypes(leaves, written))
          return error(operand.loc, "operand '" + operand.name +
                                        "' is written with shape " +
                                        operand.shape->text +
                                        " but has a different shape");
      }
      ctx.operands.push_back(it->second);
      continue;
    }
    if (poisoned.contains(operand.name)) {
      poison = true;
      continue;
    }
    (void)error(operand.loc,
                names.contains(operand.name)
                    ? "'" + operand.name + "' is used before it is defined"
                    : "use of undefined value '%" + operand.name + "'");
    undefined = true;
  }
  if (undefined || poison)
    return failure();
  auto it = opcodes.find(instr.opcode);
  if (it == opcodes.end()) {
    // `X-start`, `X-update`, `X-done`: async forms of opcode X.
    for (StringRef suffix : {"-start", "-update", "-done"}) {
      StringRef base = instr.opcode;
      if (!base.consume_back(suffix) || !opcodes.count(base))
        continue;
      // The ops hlo.async_start runs: real ops; the others stay opaque.
      if (!llvm::is_contained({"all-to-all", "reduce-scatter",
                               "collective-broadcast", "slice",
                               "dynamic-slice", "dynamic-update-slice"},
                              base))
        return buildOpaque(ctx);
      if (ctx.operands.size() != (suffix == "-start" ? ctx.operands.size()
                                                     : 1))
        return error(instr.loc, "'" + instr.opcode + "' expects one operand");
      if (suffix == "-start")
        return buildAsyncCollectiveStart(ctx);
      if (suffix == "-update")
        return buildAsyncUpdate(ctx);
      return buildAsyncDone(ctx);
    }
    return error(instr.opcodeLoc, "unknown opcode '" + instr.opcode + "'");
  }
  const OpcodeEntry &entry = it->second;
  if (entry.arity >= 0 &&
      static_cast<int>(instr.operands.size()) != entry.arity)
    return error(instr.loc, "'" + instr.opcode + "' expects " +
                                Twine(entry.arity) + " operand" +
                                (entry.arity == 1 ? "" : "s") + ", found " +
                                Twine(instr.operands.size()));
  if (entry.build != &Importer::buildTuple &&
      entry.build != &Importer::buildGetTupleElement &&
      entry.build != &Importer::buildOpaque &&
      entry.build != &Importer::buildWhile &&
      entry.build != &Importer::buildConditional &&
      entry.build != &Importer::buildCall &&
      entry.build != &Importer::buildCustomCall &&
      entry.build != &Importer::buildFusion &&
      entry.build != &Importer::buildOptimizationBarrier &&
      entry.build != &Importer::buildAfterAll &&
      entry.build != &Importer::buildOutfeed &&
      entry.build != &Importer::buildSend &&
      entry.build != &Importer::buildTransferDone &&
      entry.build != &Importer::buildAsyncStart &&
      entry.build != &Importer::buildAsyncUpdate &&
      entry.build != &Importer::buildAsyncDone &&
      !isCollectiveBuilder(entry.build))
    for (auto [i, operand] : llvm::enumerate(ctx.operands))
      if (operand.isTuple)
        return error(instr.operands[i].loc, "operand '" +
                                                instr.operands[i].name +
                                                "' of '" + instr.opcode +
                                                "' is a tuple");
  // result_accuracy is only meaningful for unary transcendental ops.
  if (const hlotext::Attr *acc = ctx.find("result_accuracy")) {
    bool unary = llvm::is_contained(
        {"exponential", "exponential-minus-one", "log", "log-plus-one",
         "logistic", "tanh", "sqrt", "rsqrt", "cbrt", "cosine", "sine", "tan",
         "erf"},
        instr.opcode);
    if (!unary)
      return error(acc->nameLoc, "result_accuracy is not allowed for '" +
                                     instr.opcode + "'");
    Lexer lexer = valueLexer(*acc);
    bool ok = lexer.consumeIf('{');
    StringRef key;
    ok = ok && lexer.parseName(key, "'mode' or 'tolerance'") &&
         lexer.expect('=', "in result_accuracy");
    if (ok && key == "mode") {
      StringRef mode = lexer.lexWord();
      if (mode != "highest" && mode != "default" && mode != "HIGHEST" &&
          mode != "DEFAULT")
        return error(acc->valueLoc, "unknown result_accuracy mode '" + mode +
                                        "' (expected default or highest)");
    } else if (ok && key == "tolerance") {
      ok = lexer.consumeIf('{');
      while (ok && !lexer.consumeIf('}')) {
        StringRef field;
        ok = lexer.parseName(field, "atol, rtol or ulps");
        if (ok && !llvm::is_contained({"atol", "rtol", "ulps"}, field))
          return error(acc->valueLoc, "unknown result_accuracy tolerance "
                                      "field '" +
                                          field + "'");
        ok = ok && lexer.expect('=', "in a tolerance");
        lexer.lexWord();
        lexer.consumeIf(',');
      }
    } else if (ok) {
      return error(acc->valueLoc, "unknown result_accuracy field '" + key +
                                      "' (expected mode or tolerance)");
    }
    if (!ok)
      return failure();
    ctx.used[&*acc - &instr.attributes.front()] = false;
  }
  // control-predecessors must name instructions of this computation.
  for (const hlotext::Attr &attr : instr.attributes) {
    if (attr.name != "control-predecessors")
      continue;
    Lexer lexer = valueLexer(attr);
    if (!lexer.expect('{', "to start control-predecessors"))
      return failure();
    if (!lexer.consumeIf('}')) {
      do {
        SMLoc at = lexer.loc();
        StringRef name;
        if (!lexer.parseName(name, "an instruction name"))
          return failure();
        if (!names.contains(name))
          return error(at, "control predecessor '" + name +
                               "' is not an instruction of this computation");
      } while (lexer.consumeIf(','));
      if (!lexer.expect('}', "to end control-predecessors"))
        return failure();
    }
  }
  return (this->*entry.build)(ctx);
}

FailureOr<ValueTree> Importer::emitBody(const Computation &comp,
                                        ArrayRef<ValueTree> params) {
  llvm::StringMap<ValueTree> values;
  llvm::StringSet<> poisoned, names;
  for (const Instruction &instr : comp.instructions)
    names.insert(instr.name);
  bool failedAny = false;
  for (const Instruction &instr : comp.instructions) {
    FailureOr<ValueTree> value =
        emitInstruction(instr, values, poisoned, params, names);
    if (failed(value)) {
      hadError = true;
      failedAny = true;
      poisoned.insert(instr.name);
      continue;
    }
    values[instr.name] = *value;
  }
  if (failedAny)
    return failure();
  if (failed(checkAsync(comp)))
    return failure();
  const Instruction &root = comp.instructions[comp.root];
  if (comp.signatureResult) {
    SmallVector<Type> declared, actual;
    SmallVector<Value> rootValues;
    values[root.name].flatten(rootValues);
    actual = llvm::to_vector(ValueRange(rootValues).getTypes());
    if (failed(convertShape(*comp.signatureResult, declared)))
      return failure();
    if (declared != actual)
      return error(root.loc, "the root's shape " + root.shape.text +
                                 " does not match the result shape " +
                                 comp.signatureResult->text +
                                 " of computation '" + comp.name + "'");
  }
  return values[root.name];
}

LogicalResult Importer::buildRegion(Region &region, const Computation &comp) {
  SmallVector<const Shape *> shapes;
  if (failed(parameterShapes(comp, shapes)))
    return failure();
  Block *block = new Block();
  region.push_back(block);
  SmallVector<ValueTree> params;
  Location loc = fileLoc(comp.loc);
  for (const Shape *shape : shapes) {
    SmallVector<Type> types;
    if (failed(convertShape(*shape, types)))
      return failure();
    SmallVector<Value> args;
    for (Type t : types)
      args.push_back(block->addArgument(t, parameterLoc(comp, shape, loc)));
    SmallVector<Attribute> layouts;
    bool anyLayout = false;
    collectLayouts(context, *shape, layouts, anyLayout);
    for (auto [arg, layout] : llvm::zip(args, layouts))
      regionArgLayouts[arg] = layout;
    ArrayRef<Value> range(args);
    params.push_back(buildTree(*shape, range));
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(block);
  FailureOr<ValueTree> root = emitBody(comp, params);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  OperationState ret(fileLoc(comp.instructions[comp.root].loc), "hlo.return");
  ret.addOperands(results);
  builder.create(ret);
  return success();
}

LogicalResult Importer::buildBoundRegion(Region &region,
                                         const Computation &comp,
                                         ArrayRef<ValueTree> params) {
  SmallVector<const Shape *> shapes;
  if (failed(parameterShapes(comp, shapes)))
    return failure();
  if (shapes.size() != params.size())
    return error(comp.loc, "computation '" + comp.name + "' takes " +
                               Twine(shapes.size()) + " parameters, given " +
                               Twine(params.size()));
  for (auto [shape, param] : llvm::zip(shapes, params)) {
    SmallVector<Type> types;
    SmallVector<Value> values;
    if (failed(convertShape(*shape, types)))
      return failure();
    param.flatten(values);
    if (!sameTypes(values, types))
      return error(shape->loc, "parameter shape " + shape->text +
                                   " of computation '" + comp.name +
                                   "' does not match its operand");
  }
  Block *block = new Block();
  region.push_back(block);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(block);
  FailureOr<ValueTree> root = emitBody(comp, params);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  OperationState ret(fileLoc(comp.instructions[comp.root].loc), "hlo.return");
  ret.addOperands(results);
  builder.create(ret);
  return success();
}

FailureOr<func::FuncOp> Importer::getOrCreateFunction(const Computation &comp,
                                                      SMLoc useLoc) {
  auto it = functions.find(comp.name);
  if (it != functions.end())
    return it->second;
  // The import recurses once per level of calls: bound it as the nesting of
  // MLIR text is bounded (HloDialect/Import/InputLimits.h).
  if (inProgress.size() >= kMaxNestingDepth)
    return error(useLoc, "computations call each other more than " +
                             std::to_string(kMaxNestingDepth) +
                             " levels deep here: refusing to import (the "
                             "importer recurses once per level)");
  if (!inProgress.insert(comp.name).second)
    return error(useLoc, "computation '" + comp.name + "' calls itself");
  SmallVector<const Shape *> shapes;
  if (failed(parameterShapes(comp, shapes)))
    return failure();
  SmallVector<Type> argTypes, resultTypes;
  for (const Shape *shape : shapes)
    if (failed(convertShape(*shape, argTypes)))
      return failure();
  if (comp.instructions[comp.root].shape.isWritten() &&
      failed(convertShape(comp.instructions[comp.root].shape, resultTypes)))
    return failure();
  bool isEntry = &comp == &syntax.computations[syntax.entry];
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module.getBody());
  auto func = func::FuncOp::create(builder, fileLoc(comp.loc),
                                   isEntry ? "main" : comp.name,
                                   builder.getFunctionType(argTypes,
                                                           resultTypes));
  if (isEntry) {
    if (comp.name != "main")
      func->setAttr("xla.name", builder.getStringAttr(comp.name));
  } else {
    func.setPrivate();
  }
  functions[comp.name] = func;
  // Argument attributes: layouts and the parameters' attributes.
  unsigned argIndex = 0;
  bool flattened = comp.instructions[comp.root].shape.isTuple &&
                   llvm::any_of(comp.instructions[comp.root].shape.elements,
                                [](const Shape &s) { return s.isTuple; });
  const Shape &rootShape = comp.instructions[comp.root].shape;
  flattened |= rootShape.isTuple && rootShape.elements.size() < 2;
  for (const Shape *shape : shapes) {
    flattened |= shape->isTuple;
    SmallVector<Attribute> layouts;
    bool any = false;
    collectLayouts(context, *shape, layouts, any);
    const Instruction *param = nullptr;
    for (const Instruction &instr : comp.instructions)
      if (&instr.shape == shape)
        param = &instr;
    for (auto [i, layout] : llvm::enumerate(layouts)) {
      if (!isa<UnitAttr>(layout))
        func.setArgAttr(argIndex + i, "hlo.layout", layout);
      if (i == 0 && param)
        for (const hlotext::Attr &attr : param->attributes)
          if (attr.name != "metadata")
            func.setArgAttr(argIndex, ("xla." + attr.name).str(),
                            builder.getStringAttr(attr.value));
    }
    argIndex += layouts.size();
  }
  if (flattened) {
    // The tuple structure, for the exporter to rebuild the signature.
    SmallVector<Attribute> paramShapes;
    for (const Shape *shape : shapes)
      paramShapes.push_back(builder.getStringAttr(shape->text));
    func->setAttr("xla.param_shapes", builder.getArrayAttr(paramShapes));
    func->setAttr("xla.result_shape", builder.getStringAttr(rootShape.text));
  }
  SmallVector<Attribute> resultLayouts;
  bool anyResultLayout = false;
  collectLayouts(context, rootShape, resultLayouts, anyResultLayout);
  for (auto [i, layout] : llvm::enumerate(resultLayouts))
    if (!isa<UnitAttr>(layout))
      func.setResultAttr(i, "hlo.layout", layout);

  Block *block = func.addEntryBlock();
  SmallVector<ValueTree> params;
  ArrayRef<Value> args(block->getArguments().begin(),
                       block->getArguments().end());
  for (const Shape *shape : shapes) {
    Location argLoc = parameterLoc(comp, shape, func.getLoc());
    for (Value arg : args.take_front(shape->numLeaves()))
      cast<BlockArgument>(arg).setLoc(argLoc);
    params.push_back(buildTree(*shape, args));
  }
  builder.setInsertionPointToEnd(block);
  FailureOr<ValueTree> root = emitBody(comp, params);
  inProgress.erase(comp.name);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  func::ReturnOp::create(builder, fileLoc(comp.instructions[comp.root].loc),
                         results);
  func.setFunctionType(builder.getFunctionType(
      argTypes, llvm::to_vector(ValueRange(results).getTypes())));
  // A root written without its shape (inferred, e.g. a get-tuple-element)
  // returns its operands' values in their layouts: the results take them,
  // as the exporter, writing the forwarded value as the root, will.
  if (!comp.instructions[comp.root].shape.isWritten())
    for (auto [i, result] : llvm::enumerate(results))
      if (Attribute layout = layoutOf(result))
        func.setResultAttr(i, "hlo.layout", layout);
  return func;
}

//===----------------------------------------------------------------------===//
// Ops with computations
//===----------------------------------------------------------------------===//

FailureOr<ValueTree> Importer::buildReduce(InstrContext &ctx) {
  SmallVector<int64_t> dims;
  if (failed(getIntList(ctx, "dimensions", dims, true)))
    return failure();
  const Computation *comp = lookupComputation(ctx, "to_apply", true);
  if (!comp)
    return failure();
  SmallVector<Value> operands = ctx.flatOperands();
  if (operands.size() % 2 != 0 || operands.empty())
    return error(ctx.instr.loc, "reduce expects inputs and as many init "
                                "values, found " +
                                    Twine(operands.size()) + " operands");
  OperationState state(ctx.loc, "hlo.reduce");
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  state.addAttribute("dimensions", i64Array(dims));
  Region *body = state.addRegion();
  if (failed(buildRegion(*body, *comp)))
    return failure();
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildReduceWindow(InstrContext &ctx) {
  Window window;
  if (failed(getWindow(ctx, window, false)))
    return failure();
  const Computation *comp = lookupComputation(ctx, "to_apply", true);
  if (!comp)
    return failure();
  OperationState state(ctx.loc, "hlo.reduce_window");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("window_dimensions", i64Array(window.size));
  if (!window.stride.empty())
    state.addAttribute("window_strides", i64Array(window.stride));
  if (!window.lhsDilate.empty())
    state.addAttribute("base_dilations", i64Array(window.lhsDilate));
  if (!window.rhsDilate.empty())
    state.addAttribute("window_dilations", i64Array(window.rhsDilate));
  if (!window.padLow.empty())
    state.addAttribute("padding", paddingAttr(window.padLow, window.padHigh));
  Region *body = state.addRegion();
  if (failed(buildRegion(*body, *comp)))
    return failure();
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildSelectAndScatter(InstrContext &ctx) {
  Window window;
  if (failed(getWindow(ctx, window, false)))
    return failure();
  const Computation *select = lookupComputation(ctx, "select", true);
  const Computation *scatter = select ? lookupComputation(ctx, "scatter", true)
                                      : nullptr;
  if (!select || !scatter)
    return failure();
  OperationState state(ctx.loc, "hlo.select_and_scatter");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("window_dimensions", i64Array(window.size));
  if (!window.stride.empty())
    state.addAttribute("window_strides", i64Array(window.stride));
  if (!window.padLow.empty())
    state.addAttribute("padding", paddingAttr(window.padLow, window.padHigh));
  if (failed(buildRegion(*state.addRegion(), *select)) ||
      failed(buildRegion(*state.addRegion(), *scatter)))
    return failure();
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildGather(InstrContext &ctx) {
  SmallVector<int64_t> offset, collapsed, operandBatch, indicesBatch, startMap,
      sizes;
  int64_t indexVectorDim = 0;
  bool sorted = false;
  if (failed(getIntList(ctx, "offset_dims", offset, true)) ||
      failed(getIntList(ctx, "collapsed_slice_dims", collapsed, false)) ||
      failed(getIntList(ctx, "operand_batching_dims", operandBatch, false)) ||
      failed(getIntList(ctx, "start_indices_batching_dims", indicesBatch,
                        false)) ||
      failed(getIntList(ctx, "start_index_map", startMap, true)) ||
      failed(getInt(ctx, "index_vector_dim", indexVectorDim, true)) ||
      failed(getIntList(ctx, "slice_sizes", sizes, true)) ||
      failed(getBool(ctx, "indices_are_sorted", sorted)))
    return failure();
  OperationState state(ctx.loc, "hlo.gather");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("dimension_numbers",
                     GatherDimensionNumbersAttr::get(
                         context, offset, collapsed, operandBatch, indicesBatch,
                         startMap, indexVectorDim));
  state.addAttribute("slice_sizes", i64Array(sizes));
  if (sorted)
    state.addAttribute("indices_are_sorted", builder.getBoolAttr(true));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildScatter(InstrContext &ctx) {
  SmallVector<int64_t> window, inserted, inputBatch, indicesBatch, toOperand;
  int64_t indexVectorDim = 0;
  bool sorted = false, unique = false;
  if (failed(getIntList(ctx, "update_window_dims", window, true)) ||
      failed(getIntList(ctx, "inserted_window_dims", inserted, false)) ||
      failed(getIntList(ctx, "input_batching_dims", inputBatch, false)) ||
      failed(getIntList(ctx, "scatter_indices_batching_dims", indicesBatch,
                        false)) ||
      failed(getIntList(ctx, "scatter_dims_to_operand_dims", toOperand,
                        true)) ||
      failed(getInt(ctx, "index_vector_dim", indexVectorDim, true)) ||
      failed(getBool(ctx, "indices_are_sorted", sorted)) ||
      failed(getBool(ctx, "unique_indices", unique)))
    return failure();
  const Computation *comp = lookupComputation(ctx, "to_apply", true);
  if (!comp)
    return failure();
  SmallVector<Value> operands = ctx.flatOperands();
  if (operands.size() < 3 || operands.size() % 2 != 1)
    return error(ctx.instr.loc, "scatter expects inputs, indices and as many "
                                "updates as inputs, found " +
                                    Twine(operands.size()) + " operands");
  OperationState state(ctx.loc, "hlo.scatter");
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  state.addAttribute("scatter_dimension_numbers",
                     ScatterDimensionNumbersAttr::get(
                         context, window, inserted, inputBatch, indicesBatch,
                         toOperand, indexVectorDim));
  if (sorted)
    state.addAttribute("indices_are_sorted", builder.getBoolAttr(true));
  if (unique)
    state.addAttribute("unique_indices", builder.getBoolAttr(true));
  if (failed(buildRegion(*state.addRegion(), *comp)))
    return failure();
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildSort(InstrContext &ctx) {
  SmallVector<int64_t> dims;
  bool stable = false;
  if (failed(getIntList(ctx, "dimensions", dims, true)) ||
      failed(getBool(ctx, "is_stable", stable)))
    return failure();
  if (dims.size() != 1)
    return error(ctx.instr.loc, "sort needs exactly one dimension");
  const Computation *comp = lookupComputation(ctx, "to_apply", true);
  if (!comp)
    return failure();
  OperationState state(ctx.loc, "hlo.sort");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("dimension", builder.getI64IntegerAttr(dims[0]));
  if (stable)
    state.addAttribute("is_stable", builder.getBoolAttr(true));
  if (failed(buildRegion(*state.addRegion(), *comp)))
    return failure();
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildFft(InstrContext &ctx) {
  StringRef type;
  SmallVector<int64_t> length;
  if (failed(getWord(ctx, "fft_type", type, true)) ||
      failed(getIntList(ctx, "fft_length", length, true)))
    return failure();
  std::optional<FftType> t = symbolizeFftType(type);
  if (!t)
    return error(ctx.instr.loc, "unknown fft_type '" + type +
                                    "' (expected FFT, IFFT, RFFT or IRFFT)");
  OperationState state(ctx.loc, "hlo.fft");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("fft_type", FftTypeAttr::get(context, *t));
  state.addAttribute("fft_length", i64Array(length));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildTriangularSolve(InstrContext &ctx) {
  bool left = false, lower = false, unit = false;
  StringRef transpose = "NO_TRANSPOSE";
  if (failed(getBool(ctx, "left_side", left)) ||
      failed(getBool(ctx, "lower", lower)) ||
      failed(getBool(ctx, "unit_diagonal", unit)) ||
      failed(getWord(ctx, "transpose_a", transpose, false)))
    return failure();
  std::optional<Transpose> t = symbolizeTranspose(transpose);
  if (!t)
    return error(ctx.instr.loc, "unknown transpose_a '" + transpose + "'");
  OperationState state(ctx.loc, "hlo.triangular_solve");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("left_side", builder.getBoolAttr(left));
  state.addAttribute("lower", builder.getBoolAttr(lower));
  state.addAttribute("unit_diagonal", builder.getBoolAttr(unit));
  state.addAttribute("transpose_a", TransposeAttr::get(context, *t));
  return finish(ctx, builder.create(state));
}

/// `cholesky(a), lower=true`; XLA omits `lower` when it is false.
FailureOr<ValueTree> Importer::buildCholesky(InstrContext &ctx) {
  bool lower = false;
  if (failed(getBool(ctx, "lower", lower)))
    return failure();
  OperationState state(ctx.loc, "hlo.cholesky");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  if (lower)
    state.addAttribute("lower", builder.getBoolAttr(true));
  return finish(ctx, builder.create(state));
}

/// `algorithm=rng_three_fry` (rng_philox, rng_default; default: rng_default),
/// a tuple (state, output) out.
FailureOr<ValueTree> Importer::buildRngBitGenerator(InstrContext &ctx) {
  StringRef name = "rng_default";
  if (failed(getWord(ctx, "algorithm", name, false)))
    return failure();
  std::optional<RngAlgorithm> algorithm =
      llvm::StringSwitch<std::optional<RngAlgorithm>>(name)
          .Case("rng_default", RngAlgorithm::DEFAULT)
          .Case("rng_three_fry", RngAlgorithm::THREE_FRY)
          .Case("rng_philox", RngAlgorithm::PHILOX)
          .Default(std::nullopt);
  if (!algorithm)
    return error(ctx.instr.loc, "unknown rng-bit-generator algorithm '" +
                                    name +
                                    "' (expected rng_default, rng_three_fry "
                                    "or rng_philox)");
  if (ctx.resultTypes.size() != 2)
    return error(ctx.instr.loc,
                 "rng-bit-generator must produce a tuple (state, output)");
  OperationState state(ctx.loc, "hlo.rng_bit_generator");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("rng_algorithm",
                     RngAlgorithmAttr::get(context, *algorithm));
  return finish(ctx, builder.create(state));
}

/// `distribution=rng_uniform` (or rng_normal); the result shape becomes the
/// op's shape operand.
FailureOr<ValueTree> Importer::buildRng(InstrContext &ctx) {
  StringRef name;
  if (failed(getWord(ctx, "distribution", name, true)))
    return failure();
  std::optional<RngDistribution> distribution =
      llvm::StringSwitch<std::optional<RngDistribution>>(name)
          .Case("rng_uniform", RngDistribution::UNIFORM)
          .Case("rng_normal", RngDistribution::NORMAL)
          .Default(std::nullopt);
  if (!distribution)
    return error(ctx.instr.loc, "unknown rng distribution '" + name +
                                    "' (expected rng_uniform or rng_normal)");
  auto resultType = ctx.resultTypes.size() == 1
                        ? dyn_cast<RankedTensorType>(ctx.resultTypes[0])
                        : RankedTensorType();
  if (!resultType || !resultType.hasStaticShape())
    return error(ctx.instr.loc, "rng must produce one array of static shape");
  auto shapeType = RankedTensorType::get({resultType.getRank()},
                                         builder.getI64Type());
  OperationState shapeState(ctx.loc, "hlo.constant");
  shapeState.addTypes(shapeType);
  shapeState.addAttribute(
      "value", DenseIntElementsAttr::get(shapeType, resultType.getShape()));
  Value shape = builder.create(shapeState)->getResult(0);
  OperationState state(ctx.loc, "hlo.rng");
  state.addOperands(ctx.flatOperands());
  state.addOperands(shape);
  state.addTypes(ctx.resultTypes);
  state.addAttribute("rng_distribution",
                     RngDistributionAttr::get(context, *distribution));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildWhile(InstrContext &ctx) {
  const Computation *cond = lookupComputation(ctx, "condition", true);
  const Computation *body = cond ? lookupComputation(ctx, "body", true)
                                 : nullptr;
  if (!cond || !body)
    return failure();
  SmallVector<Value> operands = ctx.flatOperands();
  OperationState state(ctx.loc, "hlo.while");
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  if (failed(buildRegion(*state.addRegion(), *cond)) ||
      failed(buildRegion(*state.addRegion(), *body)))
    return failure();
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildConditional(InstrContext &ctx) {
  SmallVector<const Computation *> branches;
  const hlotext::Attr *list = ctx.find("branch_computations");
  bool hasTrue = false, hasFalse = false;
  for (const hlotext::Attr &a : ctx.instr.attributes) {
    hasTrue |= a.name == "true_computation";
    hasFalse |= a.name == "false_computation";
  }
  const Computation *onTrue =
      hasTrue ? lookupComputation(ctx, "true_computation", true) : nullptr;
  const Computation *onFalse =
      hasFalse ? lookupComputation(ctx, "false_computation", true) : nullptr;
  if ((hasTrue && !onTrue) || (hasFalse && !onFalse))
    return failure();
  bool predicated = hasTrue || hasFalse;
  if (predicated && list)
    return error(list->nameLoc, "a conditional has either "
                                "true_computation/false_computation or "
                                "branch_computations, not both");
  if (predicated) {
    if (!onTrue || !onFalse)
      return error(ctx.instr.loc, "a predicated conditional needs both "
                                  "true_computation and false_computation");
    branches = {onTrue, onFalse};
  } else if (list) {
    Lexer lexer = valueLexer(*list);
    if (!lexer.expect('{', "to start branch_computations"))
      return failure();
    do {
      SMLoc at = lexer.loc();
      StringRef name;
      if (!lexer.parseName(name, "a computation name"))
        return failure();
      auto it = computations.find(name);
      if (it == computations.end())
        return error(at, "computation '" + name + "' is not defined");
      branches.push_back(it->second);
    } while (lexer.consumeIf(','));
    if (!lexer.expect('}', "to end branch_computations"))
      return failure();
  } else {
    return error(ctx.instr.opcodeLoc,
                 "conditional requires true_computation/false_computation or "
                 "branch_computations");
  }
  if (ctx.operands.size() != branches.size() + 1)
    return error(ctx.instr.loc, "conditional with " + Twine(branches.size()) +
                                    " branches expects " +
                                    Twine(branches.size() + 1) +
                                    " operands, found " +
                                    Twine(ctx.operands.size()));
  const ValueTree &selector = ctx.operands.front();
  auto selectorType =
      selector.isTuple ? RankedTensorType()
                       : dyn_cast<RankedTensorType>(selector.leaf.getType());
  bool isPred = selectorType && selectorType.getRank() == 0 &&
                selectorType.getElementType().isInteger(1);
  bool isIndex = selectorType && selectorType.getRank() == 0 &&
                 selectorType.getElementType().isSignlessInteger(32);
  if (predicated && !isPred)
    return error(ctx.instr.operands.front().loc,
                 "the predicate of a conditional with true_computation/"
                 "false_computation must be pred[]");
  if (!predicated && !isIndex)
    return error(ctx.instr.operands.front().loc,
                 "the branch index of a conditional with branch_computations "
                 "must be s32[]");
  OperationState state(ctx.loc, predicated ? "hlo.if" : "hlo.case");
  state.addOperands(selector.leaf);
  for (auto [i, branch] : llvm::enumerate(branches)) {
    Region *region = state.addRegion();
    if (failed(buildBoundRegion(*region, *branch, {ctx.operands[i + 1]})))
      return failure();
  }
  if (ctx.inferred)
    ctx.resultTypes = llvm::to_vector(
        state.regions.front()->front().getTerminator()->getOperandTypes());
  state.addTypes(ctx.resultTypes);
  Operation *op = builder.create(state);
  if (predicated)
    op->setAttr("xla.predicated", builder.getUnitAttr());
  return finish(ctx, op);
}

FailureOr<ValueTree> Importer::buildFusion(InstrContext &ctx) {
  StringRef kindText;
  if (failed(getWord(ctx, "kind", kindText, true)))
    return failure();
  std::optional<FusionKind> kind =
      llvm::StringSwitch<std::optional<FusionKind>>(kindText)
          .Case("kLoop", FusionKind::loop)
          .Case("kInput", FusionKind::input)
          .Case("kOutput", FusionKind::output)
          .Case("kCustom", FusionKind::custom)
          .Default(std::nullopt);
  if (!kind)
    return error(ctx.instr.loc, "unknown fusion kind '" + kindText +
                                    "' (expected kLoop, kInput, kOutput or "
                                    "kCustom)");
  const Computation *comp = lookupComputation(ctx, "calls", true);
  if (!comp)
    return failure();
  OperationState state(ctx.loc, "hlo.fusion");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("kind", FusionKindAttr::get(context, *kind));
  Region *region = state.addRegion();
  if (failed(buildRegion(*region, *comp)))
    return failure();
  // The fused computation's parameter layouts (its parameters are the
  // fusion's operands): `hlo.operand_layouts`, for the exporter.
  SmallVector<Attribute> paramLayouts;
  bool anyParamLayout = false;
  for (BlockArgument arg : region->getArguments()) {
    Attribute layout = regionArgLayouts.lookup(arg);
    paramLayouts.push_back(layout ? layout : UnitAttr::get(context));
    anyParamLayout |= !isa<UnitAttr>(paramLayouts.back());
  }
  if (anyParamLayout && paramLayouts.size() == state.operands.size())
    state.addAttribute("hlo.operand_layouts",
                       builder.getArrayAttr(paramLayouts));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildCall(InstrContext &ctx) {
  const Computation *comp = lookupComputation(ctx, "to_apply", true);
  if (!comp)
    return failure();
  FailureOr<func::FuncOp> callee = getOrCreateFunction(*comp, ctx.instr.loc);
  if (failed(callee))
    return failure();
  OperationState state(ctx.loc, "func.call");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("callee", FlatSymbolRefAttr::get(*callee));
  return finish(ctx, builder.create(state));
}

/// The XLA custom-call API versions.
static std::optional<int> apiVersion(StringRef name) {
  return llvm::StringSwitch<std::optional<int>>(name)
      .Case("API_VERSION_ORIGINAL", 1)
      .Case("API_VERSION_STATUS_RETURNING", 2)
      .Case("API_VERSION_STATUS_RETURNING_UNIFIED", 3)
      .Case("API_VERSION_TYPED_FFI", 4)
      .Default(std::nullopt);
}

FailureOr<ValueTree> Importer::buildCustomCall(InstrContext &ctx) {
  const hlotext::Attr *target = ctx.find("custom_call_target");
  if (!target)
    return error(ctx.instr.opcodeLoc,
                 "custom-call requires attribute 'custom_call_target'");
  std::string targetName;
  Lexer lexer = valueLexer(*target);
  if (!lexer.parseString(targetName, "a quoted custom_call_target"))
    return failure();
  SmallVector<Value> operands = ctx.flatOperands();
  OperationState state(ctx.loc, "hlo.custom_call");
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  state.addAttribute("call_target_name", builder.getStringAttr(targetName));
  bool sideEffect = false;
  if (failed(getBool(ctx, "custom_call_has_side_effect", sideEffect)))
    return failure();
  if (sideEffect)
    state.addAttribute("has_side_effect", builder.getBoolAttr(true));
  if (const hlotext::Attr *config = ctx.find("backend_config")) {
    std::string text;
    Lexer configLexer = valueLexer(*config);
    if (config->value.starts_with("\"")) {
      if (!configLexer.parseString(text, "a backend_config string"))
        return failure();
    } else {
      text = config->value.str();
    }
    state.addAttribute("backend_config", builder.getStringAttr(text));
  }
  if (const hlotext::Attr *version = ctx.find("api_version")) {
    std::optional<int> v = apiVersion(version->value);
    if (!v)
      return error(version->valueLoc,
                   "unknown custom-call api_version '" + version->value +
                       "' (expected API_VERSION_ORIGINAL, "
                       "API_VERSION_STATUS_RETURNING, "
                       "API_VERSION_STATUS_RETURNING_UNIFIED or "
                       "API_VERSION_TYPED_FFI)");
    state.addAttribute("api_version", builder.getI32IntegerAttr(*v));
  }
  if (const hlotext::Attr *constraints =
          ctx.find("operand_layout_constraints")) {
    Lexer cl = valueLexer(*constraints);
    SmallVector<Type> types;
    SmallVector<Attribute> operandLayouts;
    if (!cl.expect('{', "to start operand_layout_constraints"))
      return failure();
    size_t count = 0;
    if (!cl.consumeIf('}')) {
      do {
        Shape shape;
        if (!parseShape(cl, shape))
          return failure();
        SmallVector<Type> t;
        if (failed(convertShape(shape, t)))
          return failure();
        SmallVector<Value> leaves;
        if (count < ctx.operands.size())
          ctx.operands[count].flatten(leaves);
        if (count < ctx.operands.size() && !sameTypes(leaves, t))
          return error(shape.loc, "operand layout constraint " + shape.text +
                                      " does not match the shape of operand " +
                                      Twine(count));
        bool any = false;
        size_t before = operandLayouts.size();
        collectLayouts(context, shape, operandLayouts, any);
        // A constraint without a layout constrains nothing; every leaf of
        // one with a layout must have one.
        for (size_t i = before; i < operandLayouts.size(); ++i)
          if (any && isa<UnitAttr>(operandLayouts[i]))
            return error(shape.loc, "operand layout constraint " +
                                        shape.text +
                                        " has a leaf without a layout");
        ++count;
      } while (cl.consumeIf(','));
      if (!cl.expect('}', "to end operand_layout_constraints"))
        return failure();
    }
    if (count != ctx.operands.size())
      return error(constraints->valueLoc,
                   "operand_layout_constraints has " + Twine(count) +
                       " shapes for " + Twine(ctx.operands.size()) +
                       " operands");
    // One layout per operand leaf, in the operands' flattened order.
    state.addAttribute("hlo.operand_layouts",
                       builder.getArrayAttr(operandLayouts));
  }
  // Any other custom-call attribute is kept as text.
  for (auto [i, attr] : llvm::enumerate(ctx.instr.attributes)) {
    if (ctx.used[i] || isCommonAttribute(attr.name) || attr.name == "metadata")
      continue;
    if (attr.name == "called_computations") {
      Lexer cc = valueLexer(attr);
      SmallVector<Attribute> refs;
      if (!cc.expect('{', "to start called_computations"))
        return failure();
      if (!cc.consumeIf('}')) {
        do {
          SMLoc at = cc.loc();
          StringRef name;
          if (!cc.parseName(name, "a computation name"))
            return failure();
          auto it = computations.find(name);
          if (it == computations.end())
            return error(at, "computation '" + name + "' is not defined");
          FailureOr<func::FuncOp> f = getOrCreateFunction(*it->second, at);
          if (failed(f))
            return failure();
          refs.push_back(FlatSymbolRefAttr::get(*f));
        } while (cc.consumeIf(','));
        if (!cc.expect('}', "to end called_computations"))
          return failure();
      }
      state.addAttribute("xla.called_computations",
                         builder.getArrayAttr(refs));
    } else {
      state.addAttribute(("xla." + attr.name).str(),
                         builder.getStringAttr(attr.value));
    }
    ctx.used[i] = true;
  }
  if (ctx.instr.shape.isTuple)
    state.addAttribute("xla.shape", builder.getStringAttr(ctx.instr.shape.text));
  if (llvm::any_of(ctx.operands, [](const ValueTree &t) { return t.isTuple; }))
    state.addAttribute("xla.operand_shapes", operandStructures(ctx));
  return finish(ctx, builder.create(state));
}

/// The tuple structure of each operand (`_` a leaf, `(_, (_))` tuples),
/// for the exporter to rebuild tuple operands.
ArrayAttr Importer::operandStructures(InstrContext &ctx) {
  SmallVector<Attribute> operandShapes;
  std::function<void(const ValueTree &, std::string &)> structure =
      [&](const ValueTree &t, std::string &out) {
        if (!t.isTuple) {
          out += "_";
          return;
        }
        out += "(";
        for (auto [i, e] : llvm::enumerate(t.elements)) {
          if (i)
            out += ",";
          structure(e, out);
        }
        out += ")";
      };
  for (const ValueTree &operand : ctx.operands) {
    std::string text;
    structure(operand, text);
    operandShapes.push_back(builder.getStringAttr(text));
  }
  return builder.getArrayAttr(operandShapes);
}

FailureOr<ValueTree> Importer::buildOpaque(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  const OpaqueOpcode *info = lookupOpaque(instr.opcode);
  OperationState state(ctx.loc, "hlo.custom_call");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  state.addAttribute("call_target_name",
                     builder.getStringAttr(("xla." + instr.opcode).str()));
  state.addAttribute("has_side_effect", builder.getBoolAttr(true));
  state.addAttribute("xla.shape", builder.getStringAttr(instr.shape.text));
  state.addAttribute("xla.operand_shapes", operandStructures(ctx));
  for (auto [i, attr] : llvm::enumerate(instr.attributes)) {
    if (attr.name == "metadata" || isCommonAttribute(attr.name))
      continue;
    bool isComputation = llvm::is_contained(
        {"to_apply", "calls", "condition", "body", "select", "scatter",
         "branch_computations", "called_computations", "true_computation",
         "false_computation"},
        attr.name);
    if (isComputation) {
      bool allowed = info && llvm::is_contained(info->computationAttributes,
                                                attr.name);
      // The async sugar `X-start` (X-update, X-done) calls nothing.
      if (!allowed)
        return error(attr.nameLoc, "unexpected attribute '" + attr.name +
                                       "' for opcode '" + instr.opcode + "'");
      StringRef name = attr.value;
      name.consume_front("%");
      auto it = computations.find(name);
      if (it == computations.end())
        return error(attr.valueLoc, "computation '" + name +
                                        "' is not defined");
      FailureOr<func::FuncOp> f = getOrCreateFunction(*it->second,
                                                      attr.valueLoc);
      if (failed(f))
        return failure();
      state.addAttribute(("xla." + attr.name).str(),
                         FlatSymbolRefAttr::get(*f));
    } else {
      state.addAttribute(("xla." + attr.name).str(),
                         builder.getStringAttr(attr.value));
    }
    ctx.used[i] = true;
  }
  return finish(ctx, builder.create(state));
}

//===----------------------------------------------------------------------===//
// Collectives, host transfers and asynchronous pairs
//===----------------------------------------------------------------------===//

/// XLA's asynchronous collective opcodes, whose start and done pair has a
/// shape of its own (not the generic async-start's).
bool isCollectiveAsyncOpcode(StringRef opcode) {
  return llvm::is_contained(
      {"all-reduce-start", "all-reduce-done", "all-gather-start",
       "all-gather-done", "collective-permute-start",
       "collective-permute-done"},
      opcode);
}

FailureOr<DenseIntElementsAttr>
Importer::getReplicaGroups(InstrContext &ctx, StringRef name) {
  const hlotext::Attr *attr = ctx.find(name);
  if (!attr)
    return DenseIntElementsAttr();
  Lexer lexer = valueLexer(*attr);
  SmallVector<SmallVector<int64_t>> groups;
  int64_t width = 0;
  if (lexer.peek() == '[') {
    // [G,S]<=[d0,d1,...] or [G,S]<=[d0,d1,...]T(p0,p1,...): iota(prod d)
    // reshaped to d, transposed by p, read as G groups of S.
    auto intList = [&](char open, char close, SmallVectorImpl<int64_t> &out,
                       StringRef what) {
      if (!lexer.expect(open, "to start " + what))
        return false;
      do {
        int64_t v;
        if (!lexer.parseInt(v, "an integer in " + what))
          return false;
        out.push_back(v);
      } while (lexer.consumeIf(','));
      return lexer.expect(close, "to end " + what);
    };
    SmallVector<int64_t> shape, dims, perm;
    if (!intList('[', ']', shape, "the iota groups' shape") ||
        !lexer.expect("<=", "in iota replica groups") ||
        !intList('[', ']', dims, "the iota's dimensions"))
      return failure();
    if (lexer.consumeIf('T') && !intList('(', ')', perm, "the transpose"))
      return failure();
    if (shape.size() != 2 || shape[0] < 0 || shape[1] < 0)
      return error(attr->valueLoc, "iota replica groups need a shape of two "
                                   "non-negative sizes [groups,size], found " +
                                       Twine(shape.size()) + " sizes");
    int64_t total = 1;
    for (int64_t d : dims) {
      if (d < 0 || (d && total > (int64_t(1) << 40) / d))
        return error(attr->valueLoc, "iota replica groups are too large");
      total *= d;
    }
    if (total != shape[0] * shape[1])
      return error(attr->valueLoc,
                   "iota replica groups of shape [" + Twine(shape[0]) + "," +
                       Twine(shape[1]) + "] need " +
                       Twine(shape[0] * shape[1]) + " ids, the iota has " +
                       Twine(total));
    if (perm.empty())
      for (size_t i = 0; i < dims.size(); ++i)
        perm.push_back(i);
    SmallVector<bool> seen(dims.size(), false);
    bool isPermutation = perm.size() == dims.size();
    for (int64_t p : perm)
      if (isPermutation && (p < 0 || p >= static_cast<int64_t>(dims.size()) ||
                            seen[p]))
        isPermutation = false;
      else if (isPermutation)
        seen[p] = true;
    if (!isPermutation)
      return error(attr->valueLoc, "the transpose of iota replica groups "
                                   "must be a permutation of its " +
                                       Twine(dims.size()) + " dimensions");
    // Element i of the transposed array: its index in the transposed shape,
    // mapped back to the row-major offset in the iota.
    SmallVector<int64_t> strides(dims.size(), 1);
    for (int64_t i = static_cast<int64_t>(dims.size()) - 2; i >= 0; --i)
      strides[i] = strides[i + 1] * dims[i + 1];
    SmallVector<int64_t> ids;
    SmallVector<int64_t> index(dims.size(), 0);
    for (int64_t n = 0; n < total; ++n) {
      int64_t offset = 0;
      for (size_t i = 0; i < dims.size(); ++i)
        offset += index[i] * strides[perm[i]];
      ids.push_back(offset);
      for (int64_t i = static_cast<int64_t>(dims.size()) - 1; i >= 0; --i) {
        if (++index[i] < dims[perm[i]])
          break;
        index[i] = 0;
      }
    }
    width = shape[1];
    for (int64_t g = 0; g < shape[0]; ++g)
      groups.emplace_back(ArrayRef<int64_t>(ids).slice(g * width, width));
  } else {
    if (!lexer.expect('{', "to start '" + name + "'"))
      return failure();
    if (!lexer.consumeIf('}')) {
      do {
        SmallVector<int64_t> group;
        if (!lexer.parseIntList(group, "a group of '" + name + "'"))
          return failure();
        width = std::max<int64_t>(width, group.size());
        groups.push_back(std::move(group));
      } while (lexer.consumeIf(','));
      if (!lexer.expect('}', "to end '" + name + "'"))
        return failure();
    }
  }
  SmallVector<int64_t> flat;
  for (const SmallVector<int64_t> &group : groups) {
    for (int64_t id : group)
      if (id < 0)
        return error(attr->valueLoc, "'" + name + "' holds the negative "
                                     "process id " +
                                         Twine(id));
    flat.append(group.begin(), group.end());
    flat.append(width - group.size(), -1);
  }
  auto type = RankedTensorType::get(
      {static_cast<int64_t>(groups.size()), width}, builder.getI64Type());
  return DenseIntElementsAttr::get(type, flat);
}

DenseIntElementsAttr Importer::oneGroup(int64_t count) {
  SmallVector<int64_t> ids;
  for (int64_t i = 0; i < count; ++i)
    ids.push_back(i);
  return DenseIntElementsAttr::get(
      RankedTensorType::get({1, count}, builder.getI64Type()), ids);
}

std::optional<int64_t> Importer::processCount(bool hasChannel) {
  StringRef name = hasChannel ? "num_partitions" : "replica_count";
  for (const hlotext::Attr &attr : syntax.attributes) {
    int64_t value;
    if (attr.name == name && !attr.value.getAsInteger(10, value))
      return value;
  }
  return std::nullopt;
}

LogicalResult Importer::addCollectiveAttrs(InstrContext &ctx,
                                           OperationState &state,
                                           bool globalIds,
                                           DenseIntElementsAttr &groups) {
  FailureOr<DenseIntElementsAttr> parsed =
      getReplicaGroups(ctx, "replica_groups");
  if (failed(parsed))
    return failure();
  groups = *parsed;
  if (!groups)
    groups = DenseIntElementsAttr::get(
        RankedTensorType::get({0, 0}, builder.getI64Type()),
        ArrayRef<int64_t>{});
  int64_t channel;
  bool hasChannel = ctx.find("channel_id");
  if (hasChannel) {
    if (failed(getInt(ctx, "channel_id", channel, true)))
      return failure();
    // XLA's channels between devices; host transfers set their own type.
    state.addAttribute("channel_handle",
                       ChannelHandleAttr::get(context, channel, 1));
  }
  if (globalIds) {
    bool global = false;
    if (failed(getBool(ctx, "use_global_device_ids", global)))
      return failure();
    if (global)
      state.addAttribute("use_global_device_ids", builder.getUnitAttr());
  }
  // A layout constraint: kept for the exporter, nothing to compute.
  bool constrain = false;
  if (failed(getBool(ctx, "constrain_layout", constrain)))
    return failure();
  if (constrain)
    state.addAttribute("xla.constrain_layout", builder.getStringAttr("true"));
  return success();
}

FailureOr<ValueTree> Importer::buildProcessId(InstrContext &ctx) {
  OperationState state(ctx.loc, opcodes[ctx.instr.opcode].opName);
  state.addTypes(ctx.resultTypes);
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildAllReduce(InstrContext &ctx) {
  if (anyTuple(ctx))
    return buildOpaque(ctx);
  OperationState state(ctx.loc, "hlo.all_reduce");
  DenseIntElementsAttr groups;
  if (failed(addCollectiveAttrs(ctx, state, /*globalIds=*/true, groups)))
    return failure();
  const Computation *comp = lookupComputation(ctx, "to_apply", true);
  if (!comp)
    return failure();
  state.addAttribute("replica_groups", groups);
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  if (failed(buildRegion(*state.addRegion(), *comp)))
    return failure();
  return finish(ctx, builder.create(state));
}

/// The one dimension of `dimensions={d}`.
static FailureOr<int64_t> oneDimension(ArrayRef<int64_t> dims) {
  if (dims.size() != 1)
    return failure();
  return dims.front();
}

FailureOr<ValueTree> Importer::buildAllGather(InstrContext &ctx) {
  if (anyTuple(ctx))
    return buildOpaque(ctx);
  OperationState state(ctx.loc, "hlo.all_gather");
  DenseIntElementsAttr groups;
  if (failed(addCollectiveAttrs(ctx, state, /*globalIds=*/true, groups)))
    return failure();
  SmallVector<int64_t> dims;
  if (failed(getIntList(ctx, "dimensions", dims, true)))
    return failure();
  FailureOr<int64_t> dim = oneDimension(dims);
  if (failed(dim))
    return error(ctx.instr.loc, "all-gather needs one dimension, found " +
                                    Twine(dims.size()));
  SmallVector<Value> operands = ctx.flatOperands();
  if (groups.empty() && !operands.empty() && !ctx.resultTypes.empty()) {
    // All processes: as many as the gathered dimension grows by.
    auto in = dyn_cast<RankedTensorType>(operands.front().getType());
    auto out = dyn_cast<RankedTensorType>(ctx.resultTypes.front());
    if (in && out && *dim >= 0 && *dim < in.getRank() &&
        *dim < out.getRank() && in.getDimSize(*dim) > 0 &&
        out.getDimSize(*dim) % in.getDimSize(*dim) == 0)
      groups = oneGroup(out.getDimSize(*dim) / in.getDimSize(*dim));
  }
  state.addAttribute("all_gather_dim", builder.getI64IntegerAttr(*dim));
  state.addAttribute("replica_groups", groups);
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildReduceScatter(InstrContext &ctx) {
  if (anyTuple(ctx) || ctx.operands.size() != 1)
    return buildOpaque(ctx);
  OperationState state(ctx.loc, "hlo.reduce_scatter");
  DenseIntElementsAttr groups;
  if (failed(addCollectiveAttrs(ctx, state, /*globalIds=*/true, groups)))
    return failure();
  SmallVector<Value> operands = ctx.flatOperands();
  if (operands.size() != 1)
    return error(ctx.instr.loc, "reduce-scatter of " +
                                    Twine(operands.size()) +
                                    " operands is not supported: "
                                    "hlo.reduce_scatter takes one operand");
  SmallVector<int64_t> dims;
  if (failed(getIntList(ctx, "dimensions", dims, true)))
    return failure();
  FailureOr<int64_t> dim = oneDimension(dims);
  if (failed(dim))
    return error(ctx.instr.loc, "reduce-scatter needs one dimension, found " +
                                    Twine(dims.size()));
  const Computation *comp = lookupComputation(ctx, "to_apply", true);
  if (!comp)
    return failure();
  if (groups.empty() && ctx.resultTypes.size() == 1) {
    auto in = cast<RankedTensorType>(operands.front().getType());
    auto out = dyn_cast<RankedTensorType>(ctx.resultTypes.front());
    if (out && *dim >= 0 && *dim < in.getRank() && *dim < out.getRank() &&
        out.getDimSize(*dim) > 0 &&
        in.getDimSize(*dim) % out.getDimSize(*dim) == 0)
      groups = oneGroup(in.getDimSize(*dim) / out.getDimSize(*dim));
  }
  state.addAttribute("scatter_dimension", builder.getI64IntegerAttr(*dim));
  state.addAttribute("replica_groups", groups);
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  if (failed(buildRegion(*state.addRegion(), *comp)))
    return failure();
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildAllToAll(InstrContext &ctx) {
  if (anyTuple(ctx))
    return buildOpaque(ctx);
  const Instruction &instr = ctx.instr;
  OperationState state(ctx.loc, "hlo.all_to_all");
  DenseIntElementsAttr groups;
  if (failed(addCollectiveAttrs(ctx, state, /*globalIds=*/false, groups)))
    return failure();
  bool hasChannel = state.attributes.get("channel_handle") != nullptr;
  SmallVector<Value> operands = ctx.flatOperands();
  SmallVector<int64_t> dims;
  if (failed(getIntList(ctx, "dimensions", dims, false)))
    return failure();
  auto groupOf = [&](int64_t count) -> LogicalResult {
    if (!groups.empty())
      return success();
    groups = oneGroup(count);
    return success();
  };
  if (!dims.empty()) {
    // The array form: split, exchange and concatenate along one dimension.
    FailureOr<int64_t> dim = oneDimension(dims);
    if (failed(dim))
      return error(instr.loc, "all-to-all needs one dimension, found " +
                                  Twine(dims.size()));
    if (operands.size() != 1)
      return error(instr.loc, "all-to-all with dimensions takes one operand, "
                              "found " +
                                  Twine(operands.size()));
    int64_t count = groups.empty() ? 0 : groups.getType().getDimSize(1);
    if (groups.empty()) {
      std::optional<int64_t> n = processCount(hasChannel);
      if (!n)
        return error(instr.loc,
                     Twine("all-to-all with empty replica_groups spans every "
                           "process; the module must state how many (") +
                         (hasChannel ? "num_partitions" : "replica_count") +
                         ")");
      count = *n;
      groups = oneGroup(count);
    }
    state.addAttribute("split_dimension", builder.getI64IntegerAttr(*dim));
    state.addAttribute("concat_dimension", builder.getI64IntegerAttr(*dim));
    state.addAttribute("split_count", builder.getI64IntegerAttr(count));
    state.addAttribute("replica_groups", groups);
    state.addOperands(operands);
    state.addTypes(ctx.resultTypes);
    return finish(ctx, builder.create(state));
  }
  // The tuple form: operand i goes to the i-th process of the group, result
  // i comes from it. As hlo.all_to_all: the operands stacked on a new
  // leading dimension, exchanged along it, and unstacked.
  size_t n = operands.size();
  if (n == 0)
    return error(instr.loc, "all-to-all needs operands");
  auto type = dyn_cast<RankedTensorType>(operands.front().getType());
  for (Value v : operands)
    if (v.getType() != type || !type || !type.hasStaticShape())
      return error(instr.loc, "the tuple form of all-to-all needs operands "
                              "of one static shape");
  if (ctx.resultTypes.size() != n ||
      llvm::any_of(ctx.resultTypes, [&](Type t) { return t != type; }))
    return error(instr.loc, "the tuple form of all-to-all needs one result "
                            "per operand, of the operands' shape");
  if (failed(groupOf(n)))
    return failure();
  SmallVector<int64_t> stackedShape{static_cast<int64_t>(n)};
  SmallVector<int64_t> oneShape{1};
  stackedShape.append(type.getShape().begin(), type.getShape().end());
  oneShape.append(type.getShape().begin(), type.getShape().end());
  auto oneType = RankedTensorType::get(oneShape, type.getElementType());
  auto stackedType = RankedTensorType::get(stackedShape, type.getElementType());
  SmallVector<Value> parts;
  for (Value v : operands) {
    OperationState reshape(ctx.loc, "hlo.reshape");
    reshape.addOperands(v);
    reshape.addTypes(oneType);
    parts.push_back(builder.create(reshape)->getResult(0));
  }
  OperationState concat(ctx.loc, "hlo.concatenate");
  concat.addOperands(parts);
  concat.addTypes(stackedType);
  concat.addAttribute("dimension", builder.getI64IntegerAttr(0));
  Value stacked = builder.create(concat)->getResult(0);
  state.addAttribute("split_dimension", builder.getI64IntegerAttr(0));
  state.addAttribute("concat_dimension", builder.getI64IntegerAttr(0));
  state.addAttribute("split_count",
                     builder.getI64IntegerAttr(static_cast<int64_t>(n)));
  state.addAttribute("replica_groups", groups);
  state.addOperands(stacked);
  state.addTypes(stackedType);
  Operation *exchange = builder.create(state);
  // The instruction's layouts describe the unstacked results.
  Shape noLayout;
  ctx.shape = &noLayout;
  if (failed(finishOp(ctx, exchange)))
    return failure();
  SmallVector<Value> results;
  int64_t rank = type.getRank();
  for (size_t i = 0; i < n; ++i) {
    SmallVector<int64_t> start(rank + 1, 0), limit(stackedShape), strides(
                                                         rank + 1, 1);
    start[0] = i;
    limit[0] = i + 1;
    OperationState slice(ctx.loc, "hlo.slice");
    slice.addOperands(exchange->getResult(0));
    slice.addTypes(oneType);
    slice.addAttribute("start_indices", i64Array(start));
    slice.addAttribute("limit_indices", i64Array(limit));
    slice.addAttribute("strides", i64Array(strides));
    Value part = builder.create(slice)->getResult(0);
    OperationState reshape(ctx.loc, "hlo.reshape");
    reshape.addOperands(part);
    reshape.addTypes(type);
    results.push_back(builder.create(reshape)->getResult(0));
  }
  ArrayRef<Value> range(results);
  return buildTree(instr.shape, range);
}

FailureOr<ValueTree> Importer::buildCollectivePermute(InstrContext &ctx) {
  if (anyTuple(ctx) || ctx.operands.size() != 1)
    return buildOpaque(ctx);
  const Instruction &instr = ctx.instr;
  OperationState state(ctx.loc, "hlo.collective_permute");
  DenseIntElementsAttr groups;
  if (failed(addCollectiveAttrs(ctx, state, /*globalIds=*/false, groups)))
    return failure();
  if (!groups.empty() || ctx.find("replica_groups"))
    return error(instr.loc, "collective-permute takes source_target_pairs, "
                            "not replica_groups");
  SmallVector<Value> operands = ctx.flatOperands();
  if (operands.size() != 1)
    return error(instr.loc,
                 "collective-permute of " + Twine(operands.size()) +
                     " operands (the combined or in-place form) is not "
                     "supported: hlo.collective_permute takes one operand");
  FailureOr<DenseIntElementsAttr> pairs =
      getReplicaGroups(ctx, "source_target_pairs");
  if (failed(pairs))
    return failure();
  DenseIntElementsAttr value = *pairs;
  if (!value || value.empty())
    value = DenseIntElementsAttr::get(
        RankedTensorType::get({0, 2}, builder.getI64Type()),
        ArrayRef<int64_t>{});
  else if (value.getType().getDimSize(1) != 2 ||
           llvm::any_of(value.getValues<int64_t>(),
                        [](int64_t id) { return id < 0; }))
    return error(instr.loc, "source_target_pairs must be pairs "
                            "{source,target}");
  state.addAttribute("source_target_pairs", value);
  state.addOperands(operands);
  state.addTypes(ctx.resultTypes);
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildCollectiveBroadcast(InstrContext &ctx) {
  if (anyTuple(ctx))
    return buildOpaque(ctx);
  OperationState state(ctx.loc, "hlo.collective_broadcast");
  DenseIntElementsAttr groups;
  if (failed(addCollectiveAttrs(ctx, state, /*globalIds=*/false, groups)))
    return failure();
  state.addAttribute("replica_groups", groups);
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildInfeed(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  // `(data, token[]) infeed(token)`: data an array or a tuple.
  if (!instr.shape.isTuple || instr.shape.elements.size() != 2 ||
      instr.shape.elements[1].isTuple ||
      instr.shape.elements[1].elementType != "token")
    return error(instr.loc, "infeed must produce a tuple (data, token), "
                            "found " +
                                instr.shape.text);
  OperationState state(ctx.loc, "hlo.infeed");
  state.addOperands(ctx.flatOperands());
  state.addTypes(ctx.resultTypes);
  std::string config;
  if (const hlotext::Attr *attr = ctx.find("infeed_config")) {
    Lexer lexer = valueLexer(*attr);
    if (!lexer.parseString(config, "a string for 'infeed_config'"))
      return failure();
  }
  state.addAttribute("infeed_config", builder.getStringAttr(config));
  state.addAttribute("xla.shape", builder.getStringAttr(instr.shape.text));
  return finish(ctx, builder.create(state));
}

FailureOr<ValueTree> Importer::buildOutfeed(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  // `token[] outfeed(data, token)`: data an array or a tuple.
  SmallVector<Value> data;
  ctx.operands[0].flatten(data);
  SmallVector<Value> token;
  ctx.operands[1].flatten(token);
  if (token.size() != 1 || !isa<TokenType>(token.front().getType()))
    return error(instr.operands[1].loc, "the second operand of outfeed must "
                                        "be a token");
  OperationState state(ctx.loc, "hlo.outfeed");
  state.addOperands(data);
  state.addOperands(token);
  state.addTypes(ctx.resultTypes);
  std::string config;
  if (const hlotext::Attr *attr = ctx.find("outfeed_config")) {
    Lexer lexer = valueLexer(*attr);
    if (!lexer.parseString(config, "a string for 'outfeed_config'"))
      return failure();
  }
  state.addAttribute("outfeed_config", builder.getStringAttr(config));
  if (const hlotext::Attr *attr = ctx.find("outfeed_shape")) {
    // The shape of the data, as the data operand has it.
    Lexer lexer = valueLexer(*attr);
    Shape shape;
    SmallVector<Type> types;
    if (!parseShape(lexer, shape) || failed(convertShape(shape, types)))
      return failure();
    if (!sameTypes(data, types))
      return error(attr->valueLoc, "outfeed_shape " + shape.text +
                                       " does not match the data operand");
    state.addAttribute("xla.outfeed_shape", builder.getStringAttr(attr->value));
  }
  state.addAttribute("xla.operand_shapes", operandStructures(ctx));
  return finish(ctx, builder.create(state));
}

/// The channel of a send or recv: `channel_id` (optional) and
/// `is_host_transfer` as the op's channel_handle (type 2, device to host,
/// for a send and 3, host to device, for a recv when is_host_transfer is
/// set; 1, device to device, otherwise) and is_host_transfer attributes.
LogicalResult Importer::addTransferChannel(InstrContext &ctx,
                                           OperationState &state,
                                           bool hostToDevice) {
  int64_t channel = 0;
  bool hasChannel = ctx.find("channel_id");
  if (hasChannel && failed(getInt(ctx, "channel_id", channel, true)))
    return failure();
  bool host = false;
  if (failed(getBool(ctx, "is_host_transfer", host)))
    return failure();
  int64_t type = !host ? 1 : hostToDevice ? 3 : 2;
  if (hasChannel)
    state.addAttribute("channel_handle",
                       ChannelHandleAttr::get(context, channel, type));
  state.addAttribute("is_host_transfer", builder.getBoolAttr(host));
  return success();
}

FailureOr<ValueTree> Importer::buildSend(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  // `(data, u32[], token[]) send(data, token)`; its send-done gives the
  // token. hlo.send stands for both: the instruction's value is its token,
  // which only the send-done may use.
  SmallVector<Value> data, token;
  ctx.operands[0].flatten(data);
  ctx.operands[1].flatten(token);
  if (token.size() != 1 || !isa<TokenType>(token.front().getType()))
    return error(instr.operands[1].loc, "the second operand of send must "
                                        "be a token");
  if (!instr.shape.isTuple || instr.shape.elements.size() != 3 ||
      instr.shape.elements[2].elementType != "token")
    return error(instr.loc, "send must produce a tuple (data, u32[] context, "
                            "token), found " +
                                instr.shape.text);
  OperationState state(ctx.loc, "hlo.send");
  state.addOperands(data);
  state.addOperands(token);
  state.addTypes(TokenType::get(context));
  if (failed(addTransferChannel(ctx, state, /*hostToDevice=*/false)))
    return failure();
  if (ctx.operands[0].isTuple)
    state.addAttribute("xla.operand_shapes", operandStructures(ctx));
  Shape none;
  ctx.shape = &none;
  Operation *op = builder.create(state);
  if (failed(finishOp(ctx, op)))
    return failure();
  return ValueTree{op->getResult(0), {}, false};
}

FailureOr<ValueTree> Importer::buildRecv(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  // `(data, u32[], token[]) recv(token)`; its recv-done gives (data,
  // token). hlo.recv stands for both: the instruction's value is the
  // token, which only the recv-done may use.
  if (!instr.shape.isTuple || instr.shape.elements.size() != 3 ||
      instr.shape.elements[2].elementType != "token")
    return error(instr.loc, "recv must produce a tuple (data, u32[] context, "
                            "token), found " +
                                instr.shape.text);
  SmallVector<Type> dataTypes;
  if (failed(convertShape(instr.shape.elements[0], dataTypes)))
    return failure();
  OperationState state(ctx.loc, "hlo.recv");
  state.addOperands(ctx.flatOperands());
  state.addTypes(dataTypes);
  state.addTypes(TokenType::get(context));
  if (failed(addTransferChannel(ctx, state, /*hostToDevice=*/true)))
    return failure();
  // The shape of the data (a tuple or an array), for the exporter.
  state.addAttribute("xla.shape",
                     builder.getStringAttr(instr.shape.elements[0].text));
  Shape none;
  ctx.shape = &none;
  Operation *op = builder.create(state);
  if (failed(finishOp(ctx, op)))
    return failure();
  return ValueTree{op->getResults().back(), {}, false};
}

/// send-done and recv-done: the channel and host transfer flag must be
/// the start's; the attributes every instruction may carry are kept on the
/// op as `xla.done.<name>`.
FailureOr<ValueTree> Importer::buildTransferDone(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  StringRef opName = opcodes[instr.opcode].opName;
  StringRef startOpcode = instr.opcode.drop_back(5);
  const ValueTree &operand = ctx.operands.front();
  Operation *start = operand.isTuple ? nullptr : operand.leaf.getDefiningOp();
  if (!start || start->getName().getStringRef() != opName ||
      operand.leaf != start->getResults().back())
    return error(instr.operands.front().loc,
                 "the operand of " + instr.opcode + " must be a " +
                     startOpcode);
  if (doneOf.count(start))
    return error(instr.loc, "the " + startOpcode + " '" +
                                instr.operands.front().name +
                                "' already has a " + instr.opcode);
  auto channel = start->getAttrOfType<ChannelHandleAttr>("channel_handle");
  int64_t id = 0;
  bool hasId = ctx.find("channel_id");
  if (hasId && failed(getInt(ctx, "channel_id", id, true)))
    return failure();
  bool host = false;
  if (failed(getBool(ctx, "is_host_transfer", host)))
    return failure();
  auto startHost = start->getAttrOfType<BoolAttr>("is_host_transfer");
  if (bool(channel) != hasId || (channel && channel.getHandle() != id) ||
      (startHost && startHost.getValue() != host))
    return error(instr.loc, instr.opcode +
                                " must have the channel_id and "
                                "is_host_transfer of its " +
                                startOpcode);
  for (auto [i, attr] : llvm::enumerate(instr.attributes)) {
    if (ctx.used[i] || attr.name == "metadata")
      continue;
    if (!isCommonAttribute(attr.name))
      return error(attr.nameLoc, "unexpected attribute '" + attr.name +
                                     "' for opcode '" + instr.opcode + "'");
    start->setAttr(("xla.done." + attr.name).str(),
                   StringAttr::get(context, attr.value));
  }
  doneOf.insert(start);
  if (instr.opcode == "send-done") {
    if (!ctx.inferred &&
        (ctx.resultTypes.size() != 1 || !isa<TokenType>(ctx.resultTypes[0])))
      return error(instr.loc, "send-done must produce a token, found " +
                                  instr.shape.text);
    return operand;
  }
  // recv-done: (data, token).
  SmallVector<Value> results(start->getResults());
  if (!ctx.inferred && !sameTypes(results, ctx.resultTypes))
    return error(instr.loc, "recv-done must produce (data, token) of its "
                            "recv's data, found " +
                                instr.shape.text);
  ValueTree tree;
  tree.isTuple = true;
  ArrayRef<Value> data = ArrayRef<Value>(results).drop_back();
  if (!ctx.inferred && instr.shape.isTuple && instr.shape.elements.size() == 2) {
    tree.elements.push_back(buildTree(instr.shape.elements[0], data));
  } else {
    ValueTree leaf;
    leaf.leaf = data.front();
    tree.elements.push_back(leaf);
  }
  tree.elements.push_back(ValueTree{results.back(), {}, false});
  return tree;
}

/// `all-reduce-start`, `all-gather-start`, `collective-permute-start`: the
/// collective in an hlo.async_start. all-reduce-start has the shape of the
/// all-reduce; the others a tuple (operands, results[, contexts]).
FailureOr<ValueTree> Importer::buildAsyncCollectiveStart(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  StringRef base = instr.opcode.drop_back(6);
  if (anyTuple(ctx) ||
      (llvm::is_contained({"reduce-scatter", "collective-permute"}, base) &&
       ctx.operands.size() != 1))
    return buildOpaque(ctx);
  const Shape *inner = &instr.shape;
  if (base != "all-reduce") {
    if (!instr.shape.isTuple || instr.shape.elements.size() < 2)
      return error(instr.loc, instr.opcode +
                                  " must produce a tuple (operands, results, "
                                  "...), found " +
                                  instr.shape.text);
    inner = &instr.shape.elements[1];
  }
  SmallVector<Type> innerTypes;
  if (failed(convertShape(*inner, innerTypes)))
    return failure();
  OperationState state(ctx.loc, "hlo.async_start");
  SmallVector<Value> operands = ctx.flatOperands();
  state.addOperands(operands);
  Region *region = state.addRegion();
  Block *block = new Block();
  region->push_back(block);
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(block);
    InstrContext innerCtx(instr, ctx.loc);
    innerCtx.operands = ctx.operands;
    innerCtx.resultTypes = innerTypes;
    innerCtx.shape = inner;
    FailureOr<ValueTree> value =
        (this->*opcodes[base].build)(innerCtx);
    if (failed(value))
      return failure();
    SmallVector<Value> results;
    value->flatten(results);
    OperationState ret(ctx.loc, "hlo.return");
    ret.addOperands(results);
    builder.create(ret);
  }
  state.addTypes(FutureType::get(context, innerTypes));
  // The start's own shape, with its contexts and layouts.
  state.addAttribute("xla.shape", builder.getStringAttr(instr.shape.text));
  Operation *start = builder.create(state);
  if (failed(mlir::verify(start))) {
    start->erase();
    hadError = true;
    return failure();
  }
  return ValueTree{start->getResult(0), {}, false};
}

/// `async-start(operands), calls=%c` where %c is one operation that
/// hlo.async_start can run asynchronously (a collective or a slice) on the
/// parameters; another computation stays an opaque custom call.
FailureOr<ValueTree> Importer::buildAsyncStart(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  const Computation *comp = nullptr;
  for (const hlotext::Attr &attr : instr.attributes)
    if (attr.name == "calls") {
      StringRef name = attr.value;
      name.consume_front("%");
      auto it = computations.find(name);
      if (it != computations.end())
        comp = it->second;
    }
  auto isParameter = [](const Instruction &i) {
    return i.opcode == "parameter";
  };
  bool runnable = false;
  for (const hlotext::Attr &attr : instr.attributes)
    if (attr.name == "async_execution_thread" && attr.value != "\"main\"")
      comp = nullptr; // another thread: kept opaque
  if (comp && !comp->instructions.empty()) {
    const Instruction &root = comp->instructions[comp->root];
    size_t params = llvm::count_if(comp->instructions, isParameter);
    runnable =
        comp->instructions.size() == params + 1 &&
        llvm::is_contained({"all-reduce", "all-gather", "all-to-all",
                            "collective-permute", "reduce-scatter",
                            "collective-broadcast", "slice", "dynamic-slice",
                            "dynamic-update-slice"},
                           root.opcode) &&
        root.operands.size() == params &&
        // The tuple form of all-to-all is several ops here.
        (root.opcode != "all-to-all" ||
         llvm::any_of(root.attributes,
                      [](const hlotext::Attr &a) {
                        return a.name == "dimensions";
                      })) &&
        llvm::all_of(llvm::enumerate(root.operands), [&](auto pair) {
          for (const Instruction &i : comp->instructions)
            if (i.name == pair.value().name)
              return isParameter(i) &&
                     i.parameterNumber == static_cast<int64_t>(pair.index());
          return false;
        });
  }
  if (!runnable ||
      llvm::any_of(ctx.operands, [](const ValueTree &t) { return t.isTuple; }))
    return buildOpaque(ctx);
  // Only the async-start's calls, and its thread when it is the main one.
  for (auto [i, attr] : llvm::enumerate(instr.attributes)) {
    if (attr.name == "calls")
      ctx.used[i] = true;
    if (attr.name == "async_execution_thread" && attr.value == "\"main\"")
      ctx.used[i] = true;
  }
  OperationState state(ctx.loc, "hlo.async_start");
  state.addOperands(ctx.flatOperands());
  Region *region = state.addRegion();
  if (failed(buildBoundRegion(*region, *comp, ctx.operands)))
    return failure();
  Operation *ret = region->front().getTerminator();
  state.addTypes(FutureType::get(
      context, llvm::to_vector(ret->getOperandTypes())));
  state.addAttribute("xla.shape", builder.getStringAttr(instr.shape.text));
  Shape none;
  ctx.shape = &none;
  Operation *start = builder.create(state);
  if (failed(finishOp(ctx, start)))
    return failure();
  return ValueTree{start->getResult(0), {}, false};
}

/// async-update passes the future on: the operation runs from the start to
/// the done.
FailureOr<ValueTree> Importer::buildAsyncUpdate(InstrContext &ctx) {
  const ValueTree &operand = ctx.operands.front();
  if (operand.isTuple || !isa<FutureType>(operand.leaf.getType()))
    return buildOpaque(ctx);
  for (auto [i, attr] : llvm::enumerate(ctx.instr.attributes))
    if (!ctx.used[i] && attr.name != "metadata" && attr.name != "calls" &&
        attr.name != "async_execution_thread" && !isCommonAttribute(attr.name))
      return error(attr.nameLoc, "unexpected attribute '" + attr.name +
                                     "' for opcode 'async-update'");
  return operand;
}

FailureOr<ValueTree> Importer::buildAsyncDone(InstrContext &ctx) {
  const Instruction &instr = ctx.instr;
  const ValueTree &operand = ctx.operands.front();
  auto start = operand.isTuple ? AsyncStartOp()
                               : operand.leaf.getDefiningOp<AsyncStartOp>();
  if (!start && (operand.isTuple || !isCollectiveAsyncOpcode(instr.opcode)))
    return buildOpaque(ctx);
  if (instr.opcode == "async-done") {
    for (auto [i, attr] : llvm::enumerate(instr.attributes))
      if (attr.name == "calls" || (attr.name == "async_execution_thread" &&
                                   attr.value == "\"main\""))
        ctx.used[i] = true;
  } else {
    StringRef opName = opcodes[instr.opcode.drop_back(5)].opName;
    Operation *inner = start ? start.getAsyncOp() : nullptr;
    if (!inner || inner->getName().getStringRef() != opName ||
        !start->hasAttr("xla.shape"))
      return error(instr.operands.front().loc,
                   "the operand of " + instr.opcode + " must be " +
                       (instr.opcode.starts_with("a") ? "an " : "a ") +
                       instr.opcode.drop_back(5).str() +
                       "-start");
  }
  OperationState state(ctx.loc, "hlo.async_done");
  state.addOperands(operand.leaf);
  state.addTypes(ctx.resultTypes);
  return finish(ctx, builder.create(state));
}

//===----------------------------------------------------------------------===//
// Module-level checks
//===----------------------------------------------------------------------===//

/// The asynchronous forms: `async-start` produces `((operands), result,
/// ...)`, `async-update` and `async-done` consume an async-start or
/// async-update wrapping the same computation; the `X-start`/`X-update`/
/// `X-done` sugar names the wrapped opcode X.
LogicalResult Importer::checkAsync(const Computation &comp) {
  struct Async {
    StringRef computation;
    StringRef base;
    StringRef thread;
    const Shape *shape;
  };
  llvm::StringMap<Async> starts;
  auto attrValue = [](const Instruction &instr, StringRef name) -> StringRef {
    for (const hlotext::Attr &a : instr.attributes)
      if (a.name == name) {
        StringRef v = a.value;
        v.consume_front("%");
        return v;
      }
    return {};
  };
  for (const Instruction &instr : comp.instructions) {
    StringRef op = instr.opcode, base;
    bool isStart = op.ends_with("-start"), isUpdate = op.ends_with("-update"),
         isDone = op.ends_with("-done");
    if (!isStart && !isUpdate && !isDone)
      continue;
    base = op.take_front(op.rfind('-'));
    // Only the generic async ops and the sugar forms of other opcodes.
    bool generic = base == "async";
    bool sugar = !generic && opcodes.count(base) && !lookupOpaque(op) &&
                 !isCollectiveAsyncOpcode(op) && base != "send" &&
                 base != "recv";
    if (!generic && !sugar)
      continue;
    StringRef thread = attrValue(instr, "async_execution_thread");
    if (thread.empty() && isStart)
      thread = "\"main\"";
    if (isStart) {
      if (!instr.shape.isTuple || instr.shape.elements.size() < 2 ||
          !instr.shape.elements[0].isTuple)
        return error(instr.loc, "an async-start must produce a tuple whose "
                                "first element is the tuple of its operand "
                                "shapes and whose second is the result, "
                                "found " +
                                    instr.shape.text);
      StringRef called = attrValue(instr, "calls");
      if (generic && !called.empty()) {
        for (auto &entry : starts)
          if (entry.second.computation == called)
            return error(instr.loc, "computation '" + called +
                                        "' is already wrapped by async op '" +
                                        entry.first() + "'");
      }
      starts[instr.name] = {called, base, thread, &instr.shape};
      continue;
    }
    if (instr.operands.size() != 1)
      return error(instr.loc, "'" + op + "' expects one operand");
    auto it = starts.find(instr.operands[0].name);
    if (it == starts.end())
      return error(instr.operands[0].loc,
                   "the operand of '" + op +
                       "' must be an async-start or async-update");
    Async &start = it->second;
    if (start.base != base)
      return error(instr.opcodeLoc, "'" + op + "' does not match '" +
                                        start.base + "-start'");
    StringRef called = attrValue(instr, "calls");
    if (!called.empty() && called != start.computation)
      return error(instr.loc, "'" + op + "' calls '" + called +
                                  "' but its async-start calls '" +
                                  start.computation + "'");
    if (!thread.empty() && thread != start.thread)
      return error(instr.loc, "async_execution_thread " + thread +
                                  " differs from the async-start's " +
                                  start.thread);
    if (isUpdate) {
      if (instr.shape.text.str() != start.shape->text.str()) {
        SmallVector<Type> a, b;
        if (failed(convertShape(instr.shape, a)) ||
            failed(convertShape(*start.shape, b)))
          return failure();
        if (a != b || !instr.shape.isTuple ||
            instr.shape.elements.empty() || !instr.shape.elements[0].isTuple)
          return error(instr.loc, "an async-update must have the shape of "
                                  "its async-start, " +
                                      start.shape->text);
      }
      starts[instr.name] = start;
    }
  }
  return success();
}

LogicalResult Importer::checkModuleAttributes() {
  for (const hlotext::Attr &attr : syntax.attributes) {
    if (attr.name != "input_output_alias" && attr.name != "buffer_donor")
      continue;
    // input_output_alias={ {out_index}: (param, {param_index}[, kind]), ...}
    // buffer_donor={ (param, {param_index}), ... }
    Lexer lexer = valueLexer(attr);
    bool alias = attr.name == "input_output_alias";
    if (!lexer.expect('{', "to start " + attr.name))
      return failure();
    if (lexer.consumeIf('}'))
      continue;
    do {
      AliasEntry entry;
      lexer.skipTrivia();
      entry.loc = lexer.loc();
      if (alias) {
        entry.output.emplace();
        if (!lexer.parseIntList(*entry.output, "a shape index") ||
            !lexer.expect(':', "after the output index"))
          return failure();
      }
      if (!lexer.expect('(', "to start (parameter, {index})") ||
          !lexer.parseInt(entry.param, "a parameter number") ||
          !lexer.expect(',', "after the parameter number") ||
          !lexer.parseIntList(entry.paramIndex, "a shape index"))
        return failure();
      if (alias && lexer.consumeIf(',')) {
        StringRef kind = lexer.lexWord();
        if (kind != "may-alias" && kind != "must-alias")
          return error(lexer.loc(), "expected may-alias or must-alias");
        entry.mustAlias = kind == "must-alias";
      }
      if (!lexer.expect(')', "to end (parameter, {index})"))
        return failure();
      aliasEntries.push_back(std::move(entry));
    } while (lexer.consumeIf(','));
    if (!lexer.expect('}', "to end " + attr.name))
      return failure();
  }
  return success();
}

/// An HLO copy of `value` into `layout`: an identity conversion carrying
/// the layout of its result.
Operation *Importer::createLayoutCopy(Value value, Attribute layout) {
  OperationState state(value.getLoc(), "hlo.convert");
  state.addOperands(value);
  state.addTypes(value.getType());
  state.addAttribute("hlo.layout", layout);
  state.addAttribute("xla.opcode", builder.getStringAttr("copy"));
  return builder.create(state);
}

/// The leaf of `shape` at `index` (a path of tuple element numbers): its
/// number among the leaves, counted from `first`; nullopt when the path
/// leaves the shape or ends at a tuple.
static std::optional<unsigned> leafNumber(const Shape &shape,
                                          ArrayRef<int64_t> index,
                                          unsigned first) {
  if (index.empty())
    return shape.isTuple ? std::nullopt : std::optional<unsigned>(first);
  if (!shape.isTuple || index.front() < 0 ||
      index.front() >= static_cast<int64_t>(shape.elements.size()))
    return std::nullopt;
  for (const Shape &element : ArrayRef(shape.elements).take_front(index.front()))
    first += element.numLeaves();
  return leafNumber(shape.elements[index.front()], index.drop_front(), first);
}

static std::string indexText(ArrayRef<int64_t> index) {
  std::string text = "{";
  for (auto [i, v] : llvm::enumerate(index))
    text += (i ? "," : "") + std::to_string(v);
  return text + "}";
}

/// input_output_alias and buffer_donor as argument attributes of the
/// entry, whose parameters and results are the flattened leaves of the
/// parameters' and the root's tuples: `hlo.result_alias = N` (the
/// argument's buffer is result N's; `hlo.must_alias` for must-alias) and
/// `hlo.buffer_donor`. Only leaves (arrays) can be named: a whole tuple
/// has no buffer of its own here.
LogicalResult Importer::applyAliasing(func::FuncOp entry) {
  if (aliasEntries.empty())
    return success();
  const Computation &comp = syntax.computations[syntax.entry];
  SmallVector<const Shape *> shapes;
  if (failed(parameterShapes(comp, shapes)))
    return failure();
  const Shape &rootShape = comp.instructions[comp.root].shape;
  bool aliasAcrossBitcast = false;
  for (const AliasEntry &e : aliasEntries) {
    if (e.param < 0 || e.param >= static_cast<int64_t>(shapes.size()))
      return error(e.loc, "parameter " + Twine(e.param) +
                              " does not exist: the entry has " +
                              Twine(shapes.size()) + " parameters");
    unsigned base = 0;
    for (const Shape *shape : ArrayRef(shapes).take_front(e.param))
      base += shape->numLeaves();
    std::optional<unsigned> arg =
        leafNumber(*shapes[e.param], e.paramIndex, base);
    if (!arg)
      return error(e.loc, "parameter " + Twine(e.param) + " index " +
                              indexText(e.paramIndex) +
                              " is not an array of the parameter's shape " +
                              shapes[e.param]->text +
                              " (a whole tuple cannot alias or be donated: "
                              "name each of its arrays)");
    if (entry.getArgAttr(*arg, "hlo.result_alias") ||
        entry.getArgAttr(*arg, "hlo.buffer_donor"))
      return error(e.loc, "parameter " + Twine(e.param) + " index " +
                              indexText(e.paramIndex) +
                              " is named twice in input_output_alias and "
                              "buffer_donor");
    if (!e.output) {
      entry.setArgAttr(*arg, "hlo.buffer_donor", builder.getUnitAttr());
      continue;
    }
    std::optional<unsigned> result;
    if (rootShape.isWritten())
      result = leafNumber(rootShape, *e.output, 0);
    else if (e.output->empty() && entry.getNumResults() == 1)
      result = 0;
    else if (e.output->size() == 1 && (*e.output)[0] >= 0 &&
             (*e.output)[0] < entry.getNumResults())
      result = (*e.output)[0];
    if (!result)
      return error(e.loc, "output index " + indexText(*e.output) +
                              " is not an array of the entry's result " +
                              (rootShape.isWritten() ? rootShape.text.str()
                                                     : std::string()) +
                              " (a whole tuple cannot alias: name each of "
                              "its arrays)");
    for (unsigned i = 0; i < entry.getNumArguments(); ++i)
      if (auto other = entry.getArgAttrOfType<IntegerAttr>(i, "hlo.result_alias"))
        if (other.getInt() == *result)
          return error(e.loc, "output index " + indexText(*e.output) +
                                  " aliases two parameters");
    // XLA lets a parameter alias an output of another shape whose buffer
    // has the same size (through a bitcast). The aliasing attributes (and
    // the passes that compute in place) take identical types only: such a
    // module keeps its aliasing as the text it was written in, exported
    // again unchanged, and runs without computing in place.
    auto argType = dyn_cast<RankedTensorType>(entry.getArgument(*arg).getType());
    auto resultType =
        dyn_cast<RankedTensorType>(entry.getResultTypes()[*result]);
    auto bufferBits = [](RankedTensorType type) -> int64_t {
      Type element = type.getElementType();
      int64_t parts = 1;
      if (auto complex = dyn_cast<ComplexType>(element)) {
        element = complex.getElementType();
        parts = 2;
      }
      if (!type.hasStaticShape() || !element.isIntOrFloat())
        return -1;
      return type.getNumElements() * parts *
             static_cast<int64_t>(element.getIntOrFloatBitWidth());
    };
    if (argType && resultType && argType != resultType &&
        bufferBits(argType) >= 0 &&
        bufferBits(argType) == bufferBits(resultType))
      aliasAcrossBitcast = true;
    entry.setArgAttr(*arg, "hlo.result_alias",
                     builder.getI64IntegerAttr(*result));
    if (e.mustAlias)
      entry.setArgAttr(*arg, "hlo.must_alias", builder.getUnitAttr());
  }
  if (aliasAcrossBitcast) {
    for (unsigned i = 0; i < entry.getNumArguments(); ++i)
      for (StringRef name :
           {"hlo.result_alias", "hlo.must_alias", "hlo.buffer_donor"})
        entry.removeArgAttr(i, name);
    for (const hlotext::Attr &attr : syntax.attributes)
      if (attr.name == "input_output_alias" || attr.name == "buffer_donor")
        module->setAttr(("xla." + attr.name).str(),
                        builder.getStringAttr(attr.value));
  }
  return success();
}

/// `entry_computation_layout={(params)->result}`: the layouts of the
/// entry's parameters and results as the caller passes them. A leaf whose
/// parameter (or root) has no layout written gets this one; one that
/// writes another is copied from (to) the caller's layout.
LogicalResult Importer::applyEntryComputationLayout(func::FuncOp entry) {
  const hlotext::Attr *attr = nullptr;
  for (const hlotext::Attr &a : syntax.attributes)
    if (a.name == "entry_computation_layout")
      attr = &a;
  if (!attr)
    return success();
  Lexer lexer = valueLexer(*attr);
  Shape params, result;
  if (!lexer.expect('{', "to start entry_computation_layout") ||
      !parseShape(lexer, params) ||
      !lexer.expect("->", "after the parameter shapes") ||
      !parseShape(lexer, result) ||
      !lexer.expect('}', "to end entry_computation_layout"))
    return failure();
  if (!params.isTuple)
    return error(params.loc, "entry_computation_layout's parameters must be "
                             "a parenthesized list");
  SmallVector<Attribute> paramLayouts, resultLayouts;
  bool any = false;
  SmallVector<Type> paramTypes, resultTypes;
  for (const Shape &p : params.elements) {
    collectLayouts(context, p, paramLayouts, any);
    if (failed(convertShape(p, paramTypes)))
      return failure();
  }
  collectLayouts(context, result, resultLayouts, any);
  if (failed(convertShape(result, resultTypes)))
    return failure();
  FunctionType type = entry.getFunctionType();
  if (TypeRange(paramTypes) != type.getInputs() ||
      TypeRange(resultTypes) != type.getResults())
    return error(attr->valueLoc,
                 "entry_computation_layout does not match the entry "
                 "computation's signature");
  auto apply = [&](ArrayRef<Attribute> layouts, bool isArg) -> LogicalResult {
    for (auto [i, layout] : llvm::enumerate(layouts)) {
      if (isa<UnitAttr>(layout))
        continue;
      Attribute written = isArg ? entry.getArgAttr(i, "hlo.layout")
                                : entry.getResultAttr(i, "hlo.layout");
      if (!written) {
        if (isArg)
          entry.setArgAttr(i, "hlo.layout", layout);
        else
          entry.setResultAttr(i, "hlo.layout", layout);
        continue;
      }
      if (written == layout)
        continue;
      // The caller's layout differs from the one the computation works in:
      // XLA relayouts at the boundary. The argument (result) takes the
      // caller's layout and a copy, an identity conversion like an HLO
      // copy, changes it to (from) the computation's.
      Block &body = entry.getBody().front();
      if (isArg) {
        BlockArgument arg = entry.getArgument(i);
        entry.setArgAttr(i, "hlo.layout", layout);
        builder.setInsertionPointToStart(&body);
        Operation *copy = createLayoutCopy(arg, written);
        arg.replaceAllUsesExcept(copy->getResult(0), copy);
      } else {
        Operation *terminator = body.getTerminator();
        entry.setResultAttr(i, "hlo.layout", layout);
        builder.setInsertionPoint(terminator);
        Operation *copy = createLayoutCopy(terminator->getOperand(i), layout);
        terminator->setOperand(i, copy->getResult(0));
      }
    }
    return success();
  };
  return failure(failed(apply(paramLayouts, true)) ||
                 failed(apply(resultLayouts, false)));
}

OwningOpRef<ModuleOp> Importer::run() {
  context->getOrLoadDialect<HloDialect>();
  context->getOrLoadDialect<chlo::ChloDialect>();
  context->getOrLoadDialect<func::FuncDialect>();
  if (!parseModule(sourceBuffer(), errorFn(), syntax))
    return nullptr;
  for (const Computation &comp : syntax.computations)
    computations[comp.name] = &comp;
  OwningOpRef<ModuleOp> owned =
      ModuleOp::create(fileLoc(syntax.loc),
                       syntax.name.empty() ? std::optional<StringRef>()
                                           : syntax.name);
  module = *owned;
  if (failed(checkModuleAttributes()))
    return nullptr;
  // The aliasing becomes argument attributes of the entry (applyAliasing),
  // which the exporter writes back.
  for (const hlotext::Attr &attr : syntax.attributes)
    if (attr.name != "input_output_alias" && attr.name != "buffer_donor")
      module->setAttr(("xla." + attr.name).str(),
                      builder.getStringAttr(attr.value));
  const Computation &entry = syntax.computations[syntax.entry];
  FailureOr<func::FuncOp> entryFunc = getOrCreateFunction(entry, entry.loc);
  if (failed(entryFunc) || hadError ||
      failed(applyEntryComputationLayout(*entryFunc)) ||
      failed(applyAliasing(*entryFunc)))
    return nullptr;
  // Computations nobody refers to are kept as private functions. A
  // computation is referred to if its name is an attribute value.
  llvm::StringSet<> used;
  for (const Computation &comp : syntax.computations)
    for (const Instruction &instr : comp.instructions)
      for (const hlotext::Attr &attr : instr.attributes) {
        StringRef v = attr.value.trim("{}% ");
        for (StringRef part : llvm::split(v, ','))
          used.insert(part.trim().ltrim('%'));
      }
  for (const Computation &comp : syntax.computations)
    if (!used.contains(comp.name) && !functions.count(comp.name))
      if (failed(getOrCreateFunction(comp, comp.loc)))
        return nullptr;
  if (hadError)
    return nullptr;
  // `custom-call(...), custom_call_target="check.expect_eq"` and the other
  // conformance checks become check ops, as in StableHLO text.
  context->getOrLoadDialect<check::CheckDialect>();
  legalizeCheckCustomCalls(module);
  if (failed(mlir::verify(module)))
    return nullptr;
  return owned;
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

bool hlo::looksLikeHloText(StringRef text, StringRef filename) {
  StringRef ext = llvm::sys::path::extension(filename);
  if (ext == ".hlo")
    return true;
  // The first token after comments and white space.
  Lexer lexer(text, [](SMLoc, const Twine &) {});
  if (!lexer.skipTrivia())
    return false;
  const char *start = lexer.position();
  if (lexer.consumeIf("HloModule") || lexer.consumeIf("ENTRY"))
    return true;
  lexer.reset(start);
  // `name {` or `name (params) -> shape {`: MLIR text never starts so.
  std::optional<StringRef> name = lexer.lexName();
  if (!name)
    return false;
  if (lexer.peek() == '{')
    return *name != "module";
  if (lexer.peek() == '(') {
    if (!lexer.skipBalanced())
      return false;
    return lexer.consumeIf("->");
  }
  return false;
}

OwningOpRef<ModuleOp> hlo::importHloText(llvm::SourceMgr &sourceMgr,
                                         MLIRContext *context) {
  Importer importer(sourceMgr, context);
  return importer.run();
}

OwningOpRef<ModuleOp> hlo::importHloTextOrMlir(llvm::SourceMgr &sourceMgr,
                                               MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (looksLikeHloText(buffer->getBuffer(), buffer->getBufferIdentifier()))
    return importHloText(sourceMgr, context);
  return importStableHlo(sourceMgr, context);
}
