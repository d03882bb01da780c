//===- Dump.cpp - XLA-style dumps of a compilation ------------------------===//

#include "HloDialect/Dump/Dump.h"

#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Export/HloText.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ToolOutputFile.h"

#include <atomic>

using namespace mlir;
using namespace mlir::hlo;

namespace {

//===----------------------------------------------------------------------===//
// Names and small formatting helpers
//===----------------------------------------------------------------------===//

/// `text` with every character outside [A-Za-z0-9_.+-] replaced by `_`,
/// shortened to `limit` characters: a file name part.
std::string sanitize(StringRef text, size_t limit = 80) {
  std::string out;
  for (char c : text.take_front(limit))
    out += llvm::isAlnum(c) || StringRef("_.-+").contains(c) ? c : '_';
  return out.empty() ? "_" : out;
}

/// `file:line:col` of the first file location inside `loc`, or "".
std::string formatLocation(Location loc) {
  std::string out;
  loc->walk([&](Location nested) {
    if (auto file = dyn_cast<FileLineColLoc>(nested)) {
      out = llvm::formatv("{0}:{1}:{2}",
                          llvm::sys::path::filename(file.getFilename()),
                          file.getLine(), file.getColumn())
                .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out;
}

/// `f32[4,16]` for a ranked tensor or memref (as HLO text writes shapes).
std::string formatShape(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    type.print(os);
    return text;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  shaped.getElementType().print(os);
  os << "[";
  llvm::interleave(
      shaped.getShape(), os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          os << "?";
        else
          os << dim;
      },
      ",");
  os << "]";
  return text;
}

/// The bytes of a statically shaped value of `type`, or nullopt.
std::optional<int64_t> byteSize(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return std::nullopt;
  Type element = shaped.getElementType();
  int64_t bits = 0;
  if (auto complex = dyn_cast<ComplexType>(element))
    element = complex.getElementType(), bits = 2 * element.getIntOrFloatBitWidth();
  else if (element.isIntOrFloat())
    bits = element.getIntOrFloatBitWidth();
  else
    return std::nullopt;
  return shaped.getNumElements() * ((bits + 7) / 8);
}

std::string formatBytes(std::optional<int64_t> bytes) {
  if (!bytes)
    return "? B";
  if (*bytes >= (1 << 20))
    return llvm::formatv("{0:f1} MiB", *bytes / double(1 << 20)).str();
  if (*bytes >= (1 << 10))
    return llvm::formatv("{0:f1} KiB", *bytes / double(1 << 10)).str();
  return llvm::formatv("{0} B", *bytes).str();
}

/// `text` as the inside of a DOT string: quotes and backslashes escaped,
/// line breaks as `\n`.
std::string escapeDot(StringRef text) {
  std::string out;
  for (char c : text) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out;
}

/// Opens `path` for writing; reports failures on stderr (a dump is a side
/// product: it never fails the compilation).
std::unique_ptr<llvm::ToolOutputFile> openDumpFile(const Twine &path) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file =
      openOutputFile(path.str(), &error);
  if (!file)
    llvm::errs() << "hlo dump: " << error << "\n";
  return file;
}

} // namespace

//===----------------------------------------------------------------------===//
// The module graph
//===----------------------------------------------------------------------===//

void hlo::writeModuleGraph(ModuleOp module, raw_ostream &os) {
  os << "digraph \"" << escapeDot(module.getName().value_or("module"))
     << "\" {\n"
     << "  compound=true;\n"
     << "  node [shape=box, style=\"rounded,filled\", fillcolor=white, "
        "fontname=\"monospace\", fontsize=10];\n"
     << "  edge [fontname=\"monospace\", fontsize=9];\n";
  unsigned nextNode = 0, nextCluster = 0;
  // The node that produces each value (fusion results: the node of the
  // value the fusion's body yields; block arguments of a fusion: the node of
  // the fusion's operand).
  DenseMap<Value, std::string> producer;
  auto addNode = [&](StringRef label, StringRef attrs, StringRef indent) {
    std::string id = "n" + std::to_string(nextNode++);
    os << indent << id << " [label=\"" << escapeDot(label) << "\"" << attrs
       << "];\n";
    return id;
  };
  auto addEdges = [&](Operation *op, StringRef to, StringRef indent) {
    for (Value operand : op->getOperands()) {
      auto it = producer.find(operand);
      if (it == producer.end())
        continue;
      os << indent << it->second << " -> " << to << " [label=\""
         << escapeDot(formatShape(operand.getType()) + "\n" +
                      formatBytes(byteSize(operand.getType())))
         << "\"];\n";
    }
  };
  auto opLabel = [](Operation *op) {
    std::string label = op->getName().getStringRef().str();
    StringRef name(label);
    name.consume_front("hlo.");
    std::string text = name.str();
    for (Type type : op->getResultTypes())
      text += "\n" + formatShape(type);
    return text;
  };
  auto kindColor = [](FusionKind kind) -> StringRef {
    switch (kind) {
    case FusionKind::loop:
      return "#cfe2f3";
    case FusionKind::input:
      return "#fce5cd";
    case FusionKind::output:
      return "#d9ead3";
    case FusionKind::custom:
      return "#ead1dc";
    }
    return "#eeeeee";
  };

  std::function<void(Block &, StringRef)> emitBlock = [&](Block &block,
                                                         StringRef indent) {
    for (Operation &op : block) {
      if (auto fusion = dyn_cast<FusionOp>(&op)) {
        std::string inner = (indent + "  ").str();
        os << indent << "subgraph cluster_" << nextCluster++ << " {\n"
           << inner << "label=\""
           << escapeDot(llvm::formatv("fusion ({0}) {1}",
                                      stringifyFusionKind(fusion.getKind()),
                                      formatLocation(fusion.getLoc()))
                            .str())
           << "\";\n"
           << inner << "style=\"rounded,filled\"; fillcolor=\""
           << kindColor(fusion.getKind()) << "\";\n";
        Block &body = fusion.getBody().front();
        for (auto [arg, operand] :
             llvm::zip(body.getArguments(), fusion.getOperands()))
          if (auto it = producer.find(operand); it != producer.end()) {
            std::string node = it->second; // [] below may rehash
            producer[arg] = std::move(node);
          }
        emitBlock(body, inner);
        if (Operation *terminator = body.getTerminator())
          for (auto [result, yielded] :
               llvm::zip(fusion.getResults(), terminator->getOperands()))
            if (auto it = producer.find(yielded); it != producer.end()) {
              std::string node = it->second;
              producer[result] = std::move(node);
            }
        os << indent << "}\n";
        continue;
      }
      if (op.hasTrait<OpTrait::IsTerminator>()) {
        // A function's results: one node, edges from what it returns.
        if (isa<func::ReturnOp>(op)) {
          std::string id = addNode("ROOT", ", shape=ellipse", indent);
          addEdges(&op, id, indent);
        }
        continue;
      }
      std::string attrs;
      if (isa<DotGeneralOp, ConvolutionOp>(op))
        attrs = ", fillcolor=\"#fff2cc\"";
      std::string id = addNode(opLabel(&op), attrs, indent);
      addEdges(&op, id, indent);
      for (Value result : op.getResults())
        producer[result] = id;
    }
  };

  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    os << "  subgraph cluster_" << nextCluster++ << " {\n"
       << "    label=\"@" << escapeDot(func.getSymName()) << "\";\n"
       << "    style=dashed;\n";
    for (BlockArgument arg : func.getArguments())
      producer[arg] = addNode(llvm::formatv("parameter {0}\n{1}",
                                            arg.getArgNumber(),
                                            formatShape(arg.getType()))
                                  .str(),
                              ", shape=ellipse", "    ");
    emitBlock(func.getBody().front(), "    ");
    os << "  }\n";
  }
  os << "}\n";
}

//===----------------------------------------------------------------------===//
// The buffer report
//===----------------------------------------------------------------------===//

void hlo::writeBufferReport(ModuleOp module, raw_ostream &os) {
  os << "Buffers allocated by the compiled code (memref.alloc: heap, "
        "memref.alloca: stack), per function.\n"
        "Parameters and results are the caller's buffers and not listed.\n";
  int64_t moduleHeap = 0, moduleStack = 0, moduleCount = 0;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal())
      continue;
    struct Buffer {
      std::optional<int64_t> bytes;
      std::string kind, type, location;
    };
    SmallVector<Buffer> buffers;
    func.walk([&](Operation *op) {
      if (!isa<memref::AllocOp, memref::AllocaOp>(op))
        return;
      Type type = op->getResult(0).getType();
      std::string typeText;
      llvm::raw_string_ostream typeOs(typeText);
      type.print(typeOs);
      buffers.push_back({byteSize(type),
                         isa<memref::AllocOp>(op) ? "heap" : "stack", typeText,
                         formatLocation(op->getLoc())});
    });
    if (buffers.empty())
      continue;
    os << "\n@" << func.getSymName() << "\n";
    os << llvm::formatv("  {0,12}  {1,-5}  {2,-40}  {3}\n", "bytes", "where",
                        "type", "location");
    int64_t heap = 0, stack = 0;
    for (const Buffer &buffer : buffers) {
      os << llvm::formatv("  {0,12}  {1,-5}  {2,-40}  {3}\n",
                          buffer.bytes ? std::to_string(*buffer.bytes)
                                       : std::string("dynamic"),
                          buffer.kind, buffer.type, buffer.location);
      (buffer.kind == "heap" ? heap : stack) += buffer.bytes.value_or(0);
    }
    os << llvm::formatv("  total: {0} buffers, {1} on the heap, {2} on the "
                        "stack\n",
                        buffers.size(), formatBytes(heap), formatBytes(stack));
    moduleHeap += heap;
    moduleStack += stack;
    moduleCount += buffers.size();
  }
  os << llvm::formatv("\nmodule: {0} buffers, {1} on the heap, {2} on the "
                      "stack\n",
                      moduleCount, formatBytes(moduleHeap),
                      formatBytes(moduleStack));
}

//===----------------------------------------------------------------------===//
// The instrumentation
//===----------------------------------------------------------------------===//

namespace {

/// Compilation order across the process: module_0000, module_0001, ...
std::atomic<unsigned> nextModuleId{0};

/// A pass's argument; for the pass managers nested in a pipeline
/// (`func.func(canonicalize{...},cse)`), their passes without options:
/// `func.func.canonicalize+cse`.
std::string passName(Pass *pass) {
  if (!pass->getArgument().empty())
    return pass->getArgument().str();
  std::string text;
  llvm::raw_string_ostream os(text);
  pass->printAsTextualPipeline(os);
  std::string name;
  int braces = 0;
  for (char c : text) {
    if (c == '{')
      ++braces;
    else if (c == '}')
      --braces;
    else if (braces == 0 && c == '(')
      name += '.';
    else if (braces == 0 && c == ',')
      name += '+';
    else if (braces == 0 && c != ')' && c != ' ')
      name += c;
  }
  return name;
}

class DumpInstrumentation : public PassInstrumentation {
public:
  DumpInstrumentation(DumpOptions options, llvm::Regex filter)
      : options(std::move(options)), filter(std::move(filter)) {}
  ~DumpInstrumentation() override { writeAfterOptimizations(); }

  void runBeforePass(Pass *pass, Operation *op) override {
    auto module = dyn_cast<ModuleOp>(op);
    if (!module || module->getParentOp())
      return;
    if (prefix.empty()) {
      prefix = llvm::formatv("module_{0:d4}.{1}", nextModuleId++,
                             sanitize(module.getName().value_or(
                                 options.defaultModuleName)))
                   .str();
      writeHloText(module, "before_optimizations");
    }
    StringRef name = pass->getArgument();
    // The hlo passes end where the module leaves the hlo dialect.
    if (name == "hlo-legalize-to-linalg") {
      inHloPasses = false;
      writeAfterOptimizations();
    }
    if (name == "hlo-fusion")
      writeFusionDecisions(module, pass);
  }

  void runAfterPass(Pass *pass, Operation *op) override {
    auto module = dyn_cast<ModuleOp>(op);
    if (!module || module->getParentOp())
      return;
    std::string name = passName(pass);
    unsigned index = passIndex++;
    if (filter.match(name))
      writeIR(module, llvm::formatv("{0:d4}.{1}", index, sanitize(name)).str());
    // What XLA calls the optimized module: the module after the last hlo
    // pass, written when the lowering starts or, in a pipeline of hlo passes
    // only (hlo-opt --hlo-fusion), when the pass manager is done.
    if (inHloPasses)
      optimized = module.clone();
    if (pass->getArgument() == "convert-bufferization-to-memref")
      if (auto file = openDumpFile(path("buffer_assignment.txt"))) {
        writeBufferReport(module, file->os());
        file->keep();
      }
  }

  void runAfterPassFailed(Pass *pass, Operation *op) override {
    auto module = dyn_cast<ModuleOp>(op);
    if (!module || module->getParentOp())
      return;
    writeIR(module, llvm::formatv("{0:d4}.{1}.failed", passIndex++,
                                  sanitize(passName(pass)))
                        .str());
  }

private:
  std::string path(StringRef suffix) const {
    SmallString<256> file(options.directory);
    llvm::sys::path::append(file, prefix + "." + suffix);
    return file.str().str();
  }

  void writeIR(ModuleOp module, StringRef stem) {
    if (auto file = openDumpFile(path((stem + ".mlir").str()))) {
      // With locations, in the form the parser reads back.
      module.print(file->os(), OpPrintingFlags().enableDebugInfo());
      file->keep();
    }
  }

  /// STEM.txt as HLO text; a module HLO text cannot express (the check ops
  /// of a self-checking program, ...) goes to STEM.mlir, and STEM.txt says
  /// why.
  void writeHloText(ModuleOp module, StringRef stem) {
    std::string text, errors;
    llvm::raw_string_ostream os(text);
    LogicalResult exported = failure();
    {
      ScopedDiagnosticHandler capture(module.getContext(), [&](Diagnostic &d) {
        errors += formatLocation(d.getLocation()) + ": " + d.str() + "\n";
        return success();
      });
      exported = exportHloText(module, os);
    }
    if (auto file = openDumpFile(path((stem + ".txt").str()))) {
      if (succeeded(exported))
        file->os() << text;
      else
        file->os() << "// not expressible as HLO text; the module is in "
                   << prefix << "." << stem << ".mlir:\n// " << errors;
      file->keep();
    }
    if (failed(exported))
      writeIR(module, stem);
  }

  /// The files of the optimized module (once).
  void writeAfterOptimizations() {
    if (!optimized)
      return;
    OwningOpRef<ModuleOp> owned = std::move(optimized);
    ModuleOp module = *owned;
    writeHloText(module, "after_optimizations");
    writeIR(module, "after_optimizations");
    std::string dotPath = path("after_optimizations.dot");
    if (auto file = openDumpFile(dotPath)) {
      writeModuleGraph(module, file->os());
      file->keep();
    }
    renderGraph(dotPath);
    // The cost report, by the pass in a pass manager of its own.
    PassManager pm(module.getContext(), ModuleOp::getOperationName());
    HloCostReportPassOptions report;
    report.output = path("cost_report.txt");
    pm.addPass(createHloCostReportPass(report));
    (void)pm.run(module);
  }

  /// DOT.svg beside DOT when graphviz's `dot` is installed.
  void renderGraph(StringRef dotPath) {
    if (!dotProgram) {
      llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName("dot");
      dotProgram = found ? *found : std::string();
    }
    if (dotProgram->empty())
      return;
    std::string svg = (dotPath.drop_back(4) + ".svg").str();
    std::string error;
    StringRef args[] = {*dotProgram, "-Tsvg", dotPath, "-o", svg};
    if (llvm::sys::ExecuteAndWait(*dotProgram, args, std::nullopt, {}, 60, 0,
                                  &error) != 0)
      llvm::errs() << "hlo dump: dot -Tsvg " << dotPath << " failed"
                   << (error.empty() ? "" : ": " + error) << "\n";
  }

  /// Runs the fusion pass about to run, with explain=true, on a clone: its
  /// remarks (each fusion made, each candidate rejected and why) go to
  /// fusion_decisions.txt.
  void writeFusionDecisions(ModuleOp module, Pass *pass) {
    // `hlo-fusion{explain=false max-fused-ops=128 ...}`: the same options
    // with explain=true.
    std::string pipeline;
    llvm::raw_string_ostream pipelineOs(pipeline);
    pass->printAsTextualPipeline(pipelineOs);
    StringRef optionsText = StringRef(pipeline).split('{').second;
    optionsText.consume_back("}");
    std::string explaining = optionsText.str();
    size_t at = explaining.find("explain=false");
    if (at != std::string::npos)
      explaining.replace(at, strlen("explain=false"), "explain=true");
    else
      explaining += " explain=true";
    std::unique_ptr<Pass> explainingPass = createHloFusionPass();
    if (failed(explainingPass->initializeOptions(
            explaining, [](const Twine &) { return failure(); })))
      return;
    OwningOpRef<ModuleOp> clone = module.clone();
    PassManager pm(module.getContext(), ModuleOp::getOperationName());
    pm.addPass(std::move(explainingPass));
    auto file = openDumpFile(path("fusion_decisions.txt"));
    if (!file)
      return;
    raw_ostream &os = file->os();
    os << "// " << pipeline
       << ": each fusion made and each candidate not fused, with why.\n";
    {
      ScopedDiagnosticHandler capture(module.getContext(), [&](Diagnostic &d) {
        if (d.getSeverity() != DiagnosticSeverity::Remark)
          return failure();
        os << formatLocation(d.getLocation()) << ": " << d.str() << "\n";
        for (Diagnostic &note : d.getNotes())
          os << "    " << formatLocation(note.getLocation()) << ": "
             << note.str() << "\n";
        return success();
      });
      (void)pm.run(*clone);
    }
    file->keep();
  }

  DumpOptions options;
  llvm::Regex filter;
  std::string prefix;
  unsigned passIndex = 0;
  bool inHloPasses = true;
  /// The module after the last hlo pass so far.
  OwningOpRef<ModuleOp> optimized;
  std::optional<std::string> dotProgram;
};

} // namespace

LogicalResult hlo::enableDumps(PassManager &pm, const DumpOptions &options) {
  if (std::error_code ec = llvm::sys::fs::create_directory(options.directory)) {
    llvm::errs() << "hlo dump: cannot create '" << options.directory
                 << "': " << ec.message() << "\n";
    return failure();
  }
  // No filter: every pass.
  llvm::Regex filter(options.passFilter.empty() ? "." : options.passFilter);
  std::string error;
  if (!filter.isValid(error)) {
    llvm::errs() << "hlo dump: invalid --hlo-dump-passes '"
                 << options.passFilter << "': " << error << "\n";
    return failure();
  }
  pm.addInstrumentation(
      std::make_unique<DumpInstrumentation>(options, std::move(filter)));
  return success();
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

namespace {
struct DumpCLOptions {
  llvm::cl::OptionCategory category{"Dump options"};
  llvm::cl::opt<std::string> dumpTo{
      "hlo-dump-to",
      llvm::cl::desc("Write XLA-style dumps of each compiled module to DIR "
                     "(HLO text before and after optimizations, per-pass "
                     "IR, fusion decisions, cost and buffer reports, "
                     "graphs; see docs/Dumps.md)"),
      llvm::cl::value_desc("DIR"), llvm::cl::cat(category)};
  llvm::cl::opt<std::string> dumpPasses{
      "hlo-dump-passes",
      llvm::cl::desc("With --hlo-dump-to: the IR after each pass whose name "
                     "matches REGEX only (default: every pass; '^$': none)"),
      llvm::cl::value_desc("REGEX"), llvm::cl::cat(category)};
};
llvm::ManagedStatic<DumpCLOptions> dumpCLOptions;
} // namespace

llvm::cl::OptionCategory &hlo::registerDumpCLOptions() {
  return dumpCLOptions->category;
}

std::optional<DumpOptions> hlo::getDumpCLOptions(StringRef inputFilename) {
  if (!dumpCLOptions.isConstructed() || dumpCLOptions->dumpTo.empty())
    return std::nullopt;
  DumpOptions options;
  options.directory = dumpCLOptions->dumpTo;
  options.passFilter = dumpCLOptions->dumpPasses;
  StringRef stem = llvm::sys::path::stem(inputFilename);
  // `f.stablehlo.mlir` -> `f`; stdin -> `module`.
  stem = stem.split('.').first;
  if (!stem.empty() && stem != "-")
    options.defaultModuleName = stem.str();
  return options;
}

SmallVector<const char *> hlo::argvWithHloFlags(int argc, char **argv,
                                                llvm::StringSaver &saver) {
  SmallVector<const char *> args(argv, argv + argc);
  if (const char *flags = std::getenv("HLO_FLAGS")) {
    SmallVector<const char *> extra;
    llvm::cl::TokenizeGNUCommandLine(flags, saver, extra);
    args.insert(args.begin() + std::min(argc, 1), extra.begin(), extra.end());
  }
  return args;
}
