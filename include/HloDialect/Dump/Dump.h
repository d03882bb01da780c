//===- Dump.h - XLA-style dumps of a compilation ----------------*- C++ -*-===//
//
// `--hlo-dump-to=DIR` (hlo-opt, hlo-runner, or the HLO_FLAGS environment
// variable) writes what XLA users find under XLA_FLAGS=--xla_dump_to: for
// each module compiled, named `module_NNNN.NAME.*` in compilation order,
//
//   before_optimizations.txt    the module as it came in, as HLO text
//   after_optimizations.txt     after the hlo passes (fusion...), as HLO text
//                               the HLO importer reads back (and .mlir, the
//                               same in the hlo form)
//   after_optimizations.dot     the module's graph, fusions as clusters
//                               colored by kind, edges labeled with shapes
//                               and bytes (.svg beside it when graphviz's
//                               `dot` is installed)
//   fusion_decisions.txt        every fusion made and every candidate
//                               rejected, with the reason
//   cost_report.txt             hlo-cost-report after optimizations
//   buffer_assignment.txt       the buffers bufferization allocated, with
//                               sizes, per function
//   PPPP.PASS.mlir              the IR after each pass, numbered in pipeline
//                               order (filtered by --hlo-dump-passes=REGEX)
//
// docs/Dumps.md shows how to read them.
//
//===----------------------------------------------------------------------===//

#ifndef HLODIALECT_DUMP_DUMP_H
#define HLODIALECT_DUMP_DUMP_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"

#include <string>

namespace mlir::hlo {

struct DumpOptions {
  /// Where the files go (created if missing, not its parents).
  std::string directory;
  /// Per-pass IR only for passes whose name matches (empty: every pass;
  /// "^$": none).
  std::string passFilter;
  /// The module's name when it has no sym_name (the input file's stem).
  std::string defaultModuleName = "module";
};

/// Installs on `pm` the instrumentation that writes the dumps of the module
/// it runs on. Fails (with a message on stderr) if the directory cannot be
/// created or the filter is not a valid regular expression.
LogicalResult enableDumps(PassManager &pm, const DumpOptions &options);

/// Writes the graph of `module` in graphviz's DOT language: one cluster per
/// function, one per fusion inside it (colored by kind), a node per op and
/// parameter, an edge per use labeled with the value's shape and bytes.
void writeModuleGraph(ModuleOp module, llvm::raw_ostream &os);

/// Writes the buffers of a bufferized `module` (memref.alloc and
/// memref.alloca) per function with their sizes and locations, and totals.
void writeBufferReport(ModuleOp module, llvm::raw_ostream &os);

/// The command line: registers --hlo-dump-to and --hlo-dump-passes (in the
/// returned category, for --help).
llvm::cl::OptionCategory &registerDumpCLOptions();

/// The dump options given on the command line, or nullopt without
/// --hlo-dump-to. `inputFilename` names modules without a sym_name.
std::optional<DumpOptions> getDumpCLOptions(llvm::StringRef inputFilename);

/// argv with the flags of the HLO_FLAGS environment variable (split as a
/// shell would) inserted after the program name, like XLA_FLAGS.
llvm::SmallVector<const char *> argvWithHloFlags(int argc, char **argv,
                                                 llvm::StringSaver &saver);

} // namespace mlir::hlo

#endif // HLODIALECT_DUMP_DUMP_H
