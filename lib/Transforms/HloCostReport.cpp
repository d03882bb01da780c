//===- HloCostReport.cpp - print the cost model of a module ---------------===//

#include "HloDialect/Analysis/CostModel.h"
#include "HloDialect/Dialect/Hlo/IR/HloOps.h"
#include "HloDialect/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::hlo {
#define GEN_PASS_DEF_HLOCOSTREPORTPASS
#include "HloDialect/Transforms/Passes.h.inc"
} // namespace mlir::hlo

using namespace mlir;
using namespace mlir::hlo;

namespace {
struct Row {
  std::string op;
  std::string kind;
  std::string location;
  OpCost cost;
};

struct FunctionReport {
  std::string name;
  SmallVector<Row> rows;
  OpCost total;
};

/// `file:line:col` of the first file location in `loc` (file name only).
std::string formatLocation(Location loc) {
  std::string result;
  loc->walk([&](Location inner) {
    if (auto fileLoc = dyn_cast<FileLineColLoc>(inner)) {
      result = llvm::formatv("{0}:{1}:{2}",
                             llvm::sys::path::filename(fileLoc.getFilename()),
                             fileLoc.getLine(), fileLoc.getColumn());
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.empty() ? "-" : result;
}

llvm::json::Object toJson(const OpCost &cost) {
  return llvm::json::Object{{"flops", cost.flops},
                            {"transcendentals", cost.transcendentals},
                            {"bytes_read", cost.bytesRead},
                            {"bytes_written", cost.bytesWritten},
                            {"elements_read", cost.elementsRead},
                            {"elements_written", cost.elementsWritten}};
}

void printRow(raw_ostream &os, StringRef op, StringRef location,
              const OpCost &cost) {
  os << llvm::formatv("{0,-24} {1,-20} {2,14} {3,10} {4,14} {5,14} {6,12} "
                      "{7,13}\n",
                      op, location, cost.flops, cost.transcendentals,
                      cost.bytesRead, cost.bytesWritten, cost.elementsRead,
                      cost.elementsWritten);
}

struct HloCostReportPass
    : hlo::impl::HloCostReportPassBase<HloCostReportPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<FunctionReport> functions;
    OpCost moduleTotal;
    getOperation().walk([&](func::FuncOp func) {
      FunctionReport &report = functions.emplace_back();
      report.name = func.getSymName().str();
      for (Operation &op : func.getFunctionBody().getOps()) {
        // Only the hlo ops are the program's computation; constants are
        // data (their readers pay for them).
        if (!isa<HloDialect>(op.getDialect()) || isa<ConstantOp>(op))
          continue;
        Row &row = report.rows.emplace_back();
        row.op = op.getName().getStringRef().str();
        if (auto fusion = dyn_cast<FusionOp>(op))
          row.kind = stringifyFusionKind(fusion.getKind()).str();
        row.location = formatLocation(op.getLoc());
        row.cost = computeOpCost(&op);
        report.total += row.cost;
      }
      moduleTotal += report.total;
    });

    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file;
    if (output != "-") {
      file = openOutputFile(output, &error);
      if (!file) {
        getOperation().emitError("hlo-cost-report: ") << error;
        return signalPassFailure();
      }
    }
    raw_ostream &os = file ? file->os() : llvm::errs();
    if (json) {
      llvm::json::Array functionArray;
      for (const FunctionReport &report : functions) {
        llvm::json::Array ops;
        for (const Row &row : report.rows) {
          llvm::json::Object object = toJson(row.cost);
          object["op"] = row.op;
          object["location"] = row.location;
          if (!row.kind.empty())
            object["kind"] = row.kind;
          ops.push_back(std::move(object));
        }
        functionArray.push_back(llvm::json::Object{
            {"name", report.name},
            {"ops", std::move(ops)},
            {"total", toJson(report.total)}});
      }
      os << llvm::formatv(
          "{0:2}\n", llvm::json::Value(llvm::json::Object{
                         {"functions", std::move(functionArray)},
                         {"total", toJson(moduleTotal)}}));
      if (file)
        file->keep();
      return;
    }

    os << llvm::formatv("{0,-24} {1,-20} {2,14} {3,10} {4,14} {5,14} {6,12} "
                        "{7,13}\n",
                        "op", "location", "flops", "transc.", "bytes_read",
                        "bytes_written", "elems_read", "elems_written");
    for (const FunctionReport &report : functions) {
      for (const Row &row : report.rows)
        printRow(os,
                 row.kind.empty() ? row.op : row.op + " (" + row.kind + ")",
                 row.location, row.cost);
      printRow(os, "total @" + report.name, "", report.total);
    }
    if (functions.size() > 1)
      printRow(os, "total (module)", "", moduleTotal);
    if (file)
      file->keep();
  }
};
} // namespace
