//===- hlo-compile.cpp - ahead-of-time compilation to an object file ------===//
//
//   hlo-compile FILE -o prog.o [--header prog.h] [--function-name NAME]
//               [--entry main] [--target-cpu=x86-64|native|znver4...]
//   hlo-compile FILE -o prog.so ...
//
// Compiles a module (hlo, StableHLO or HLO text) with hlo-cpu-pipeline into
// an x86-64 object with one C entry point, `void NAME(void **buffers)`,
// and writes a header declaring it, with the shapes and dtypes of the
// buffers in comments and a buffer-size function. The object needs only the
// C library, libm and our small libhlo_aot_runtime.a (no MLIR, no LLVM):
//
//   cc main.c prog.o -Lbuild/lib -lhlo_aot_runtime -lm
//
// With `-o prog.so` the object is linked (by `cc`) into a shared object
// with the runtime inside.
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Hlo/IR/HloAliasing.h"
#include "HloDialect/Dump/Dump.h"
#include "HloDialect/Import/Diagnostics.h"
#include "HloDialect/Import/HloText.h"
#include "HloDialect/InitAll.h"
#include "HloDialect/Pipelines/Pipelines.h"
#include "HloDialect/Runner/DeviceCompiler.h"
#include "HloDialect/Runner/HostTensor.h"
#include "HloDialect/Tools/CommandLine.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::hlo;
namespace cl = llvm::cl;

// Named so that --help lists it first (categories are sorted by name).
static cl::OptionCategory compileCategory("Compile options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input file>"),
                                          cl::init("-"),
                                          cl::cat(compileCategory));
static cl::opt<std::string>
    outputFilename("o",
                   cl::desc("The object to write: FILE.o, or FILE.so for a "
                            "shared object linked with the AOT runtime"),
                   cl::value_desc("FILE"), cl::Required,
                   cl::cat(compileCategory));
static cl::opt<std::string>
    headerFilename("header",
                   cl::desc("Write a C header declaring the entry point"),
                   cl::value_desc("FILE.h"), cl::cat(compileCategory));
static cl::opt<std::string> entryName("entry",
                                      cl::desc("The function to compile"),
                                      cl::init("main"),
                                      cl::cat(compileCategory));
static cl::opt<std::string> functionName(
    "function-name",
    cl::desc("The C name of the entry point (default: the input file's "
             "stem, as a C identifier)"),
    cl::cat(compileCategory));
static cl::opt<std::string>
    targetCpu("target-cpu",
              cl::desc("The x86-64 CPU to compile for: x86-64 (any, the "
                       "default), native (this machine's CPU and "
                       "features) or an LLVM CPU name (znver4, "
                       "skylake-avx512, ...)"),
              cl::init("x86-64"), cl::cat(compileCategory));
static cl::opt<std::string>
    targetFeatures("target-features",
                   cl::desc("Extra CPU features, LLVM style (+avx2,+fma)"),
                   cl::cat(compileCategory));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of hlo-cpu-pipeline, e.g. 'fusion=false'"),
    cl::cat(compileCategory));
static cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("Verify the module after every pass of the pipeline (off: "
             "once, after the pipeline)"),
    cl::init(false), cl::cat(compileCategory));

namespace {

/// `text` as a C identifier: other characters become `_`, a leading digit
/// gets a `_` before it.
std::string toCIdentifier(StringRef text) {
  std::string out;
  for (char c : text)
    out += llvm::isAlnum(c) || c == '_' ? c : '_';
  if (out.empty() || llvm::isDigit(out.front()))
    out.insert(out.begin(), '_');
  return out;
}

FailureOr<SmallVector<RankedTensorType>>
getStaticTypes(func::FuncOp function, TypeRange types, StringRef what) {
  SmallVector<RankedTensorType> result;
  for (auto [i, type] : llvm::enumerate(types)) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return emitError(function.getLoc())
             << "ahead-of-time compilation needs statically shaped tensors; "
             << what << " #" << i << " is " << type;
    result.push_back(tensor);
  }
  return result;
}

std::string shapeText(RankedTensorType type) {
  std::string text = getAotTypeName(type.getElementType()) + "[";
  for (auto [d, size] : llvm::enumerate(type.getShape()))
    text += (d ? "," : "") + std::to_string(size);
  return text + "]";
}

size_t byteSize(RankedTensorType type) {
  return static_cast<size_t>(type.getNumElements()) *
         HostTensor::getStorageSize(type.getElementType());
}

/// The C header of the entry point `name`.
void writeHeader(llvm::raw_ostream &os, StringRef name,
                 ArrayRef<RankedTensorType> inputs,
                 ArrayRef<RankedTensorType> results) {
  std::string guard = "HLO_AOT_" + StringRef(name).upper() + "_H";
  size_t count = inputs.size() + results.size();
  os << "/* " << name << ": generated by hlo-compile from "
     << llvm::sys::path::filename(inputFilename) << " (entry @" << entryName
     << ", target " << targetCpu << "). */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stddef.h>\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
     << "/* Runs @" << entryName
     << " on dense row-major buffers the caller allocates:\n";
  unsigned index = 0;
  for (auto [i, type] : llvm::enumerate(inputs))
    os << llvm::formatv(" *   buffers[{0}]  input {1,-3} {2,-24} {3} bytes\n",
                        index++, i, shapeText(type), byteSize(type));
  for (auto [i, type] : llvm::enumerate(results))
    os << llvm::formatv(" *   buffers[{0}]  result {1,-2} {2,-24} {3} bytes\n",
                        index++, i, shapeText(type), byteSize(type));
  os << " * Booleans (i1) take a byte each. Temporaries are allocated with\n"
        " * malloc and freed before the function returns; the function keeps\n"
        " * no state, so concurrent calls on distinct buffers are safe.\n"
        " * Link with -lhlo_aot_runtime -lm. */\n"
     << "void " << name << "(void **buffers);\n\n"
     << "enum { " << name << "_num_inputs = " << inputs.size() << ", " << name
     << "_num_results = " << results.size() << " };\n\n"
     << "/* The size in bytes of buffers[index] (inputs, then results); 0 past\n"
        " * the end. */\n"
     << "static inline size_t " << name << "_buffer_size(int index) {\n"
     << "  static const size_t sizes[" << std::max<size_t>(count, 1)
     << "] = {";
  index = 0;
  for (RankedTensorType type : llvm::concat<const RankedTensorType>(inputs,
                                                                     results))
    os << (index++ ? ", " : "") << byteSize(type);
  if (count == 0)
    os << "0";
  os << "};\n"
     << "  return index >= 0 && index < " << count << " ? sizes[index] : 0;\n"
     << "}\n\n"
     << "#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
}

/// Links `object` and the AOT runtime into the shared object `path` with
/// the system's C compiler.
LogicalResult linkSharedObject(Location loc, StringRef object,
                               StringRef path) {
  llvm::ErrorOr<std::string> cc = llvm::sys::findProgramByName("cc");
  if (!cc)
    return emitError(loc) << "no C compiler (cc) on PATH to link '" << path
                          << "'; write an object (-o FILE.o) instead";
  std::string error;
  StringRef args[] = {*cc, "-shared", "-o", path, object,
                      HLO_AOT_RUNTIME_LIBRARY, "-lm"};
  if (llvm::sys::ExecuteAndWait(*cc, args, std::nullopt, {}, 0, 0, &error))
    return emitError(loc) << "linking '" << path << "' failed"
                          << (error.empty() ? "" : ": " + error);
  return success();
}

LogicalResult compile(MLIRContext &context) {
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << "hlo-compile: " << errorMessage << "\n";
    return failure();
  }
  llvm::SourceMgr sourceMgr;
  InputForm form =
      detectInputForm(file->getBuffer(), file->getBufferIdentifier());
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  UserWordsDiagnosticHandler userWords(&context, form);

  OwningOpRef<ModuleOp> module = importHloTextOrMlir(sourceMgr, &context);
  if (!module)
    return failure();
  Location loc = module->getLoc();
  auto entry = module->lookupSymbol<func::FuncOp>(entryName);
  if (!entry || entry.isExternal())
    return emitError(loc) << "entry function '@" << entryName
                          << "' not found";
  auto inputs = getStaticTypes(entry, entry.getArgumentTypes(), "parameter");
  auto results = getStaticTypes(entry, entry.getResultTypes(), "result");
  if (failed(inputs) || failed(results))
    return failure();

  HloCpuPipelineOptions options;
  if (failed(options.parseFromString(pipelineOptions)))
    return emitError(loc) << "invalid hlo-cpu-pipeline options '"
                          << pipelineOptions << "'";
  // Objects built ahead of time run on one thread unless told otherwise
  // (the cores of the compiling machine say nothing of the running one),
  // and only one: the async runtime is not part of libhlo_aot_runtime.
  if (!options.threads.hasValue())
    options.threads = 1;
  if (options.threads != 1)
    return emitError(loc)
           << "ahead-of-time objects run on one thread: threads="
           << static_cast<int64_t>(options.threads)
           << " needs MLIR's async runtime, which libhlo_aot_runtime does "
              "not provide";
  // The object's ABI gives every result a buffer of its own (the header
  // declares them all): input/output aliasing is not applied (must-alias
  // pairs are an error, other aliasing a warning).
  options.aliasing = false;
  if (failed(diagnoseIgnoredAliasing(
          cast<FunctionOpInterface>(entry.getOperation()),
          "an ahead-of-time object")))
    return failure();
  AotObjectOptions objectOptions;
  objectOptions.signatureSymbol = "";
  objectOptions.cpu = targetCpu;
  objectOptions.features = targetFeatures;
  // Vectors and register tiles as wide as the target CPU's registers
  // unless vector-bits is given: 512-bit vectors on generic x86-64 (SSE2)
  // would be split into quarters by LLVM, slowly and into slow code.
  FailureOr<int64_t> vectorBits = getAotVectorBits(objectOptions);
  if (failed(vectorBits))
    return emitError(loc) << "unknown x86-64 CPU '" << targetCpu
                          << "' (--target-cpu takes x86-64, native or an "
                             "LLVM CPU name such as znver4)";
  if (!options.vectorBits.hasValue())
    options.vectorBits = *vectorBits;
  PassManager pm(&context, ModuleOp::getOperationName());
  buildHloCpuPipeline(pm, options);
  if (std::optional<DumpOptions> dump = getDumpCLOptions(inputFilename))
    if (failed(enableDumps(pm, *dump)))
      return failure();
  if (failed(runPipeline(pm, *module, verifyEach, "hlo-cpu-pipeline")))
    return failure();

  std::string name = functionName.empty()
                         ? toCIdentifier(llvm::sys::path::stem(inputFilename)
                                             .split('.')
                                             .first)
                         : functionName.getValue();
  if (name == "main")
    return emitError(loc) << "the entry point cannot be called 'main' (the C "
                             "program's own); use --function-name";
  objectOptions.entrySymbol = name;

  bool shared = StringRef(outputFilename).ends_with(".so");
  SmallString<128> objectPath(outputFilename);
  if (shared) {
    int fd;
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
            "hlo-compile", "o", fd, objectPath))
      return emitError(loc) << "cannot create a temporary object: "
                            << ec.message();
    llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  }
  LogicalResult emitted = emitAotObject(*module, entryName, "", *inputs,
                                        *results, objectPath, objectOptions);
  if (succeeded(emitted) && shared)
    emitted = linkSharedObject(loc, objectPath, outputFilename);
  if (shared)
    llvm::sys::fs::remove(objectPath);
  if (failed(emitted))
    return failure();

  if (!headerFilename.empty()) {
    std::unique_ptr<llvm::ToolOutputFile> header =
        openOutputFile(headerFilename, &errorMessage);
    if (!header) {
      llvm::errs() << "hlo-compile: " << errorMessage << "\n";
      return failure();
    }
    writeHeader(header->os(), name, *inputs, *results);
    header->keep();
  }
  return success();
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::OptionCategory &dumpCategory = registerDumpCLOptions();
  hideLibraryOptions({&compileCategory, &dumpCategory});
  // HLO_FLAGS holds flags too, like XLA_FLAGS (e.g. --hlo-dump-to=DIR).
  llvm::BumpPtrAllocator flagStorage;
  llvm::StringSaver flagSaver(flagStorage);
  SmallVector<const char *> args = argvWithHloFlags(argc, argv, flagSaver);
  cl::ParseCommandLineOptions(
      args.size(), args.data(),
      "hlo-compile: compile a module ahead of time to an object file with a "
      "C entry point and a header\n");

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllHloDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  return failed(compile(context)) ? 1 : 0;
}
