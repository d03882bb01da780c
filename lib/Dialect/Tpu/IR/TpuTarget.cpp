//===- TpuTarget.cpp - #tpu.target: chips and their presets ---------------===//
//
// The numbers of a TPU TensorCore and the named presets; sources are cited
// in TpuAttrs.td (the attribute's description).
//
//===----------------------------------------------------------------------===//

#include "HloDialect/Dialect/Tpu/IR/TpuOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::tpu;

namespace {
struct TargetNumbers {
  StringRef chip;
  int64_t generation, lanes, sublanes, mxuRows, mxuCols, mxuCount, vmemBytes,
      smemBytes, hbmBytesPerSecond, peakBf16Flops, clockMhz;
};

constexpr int64_t kMiB = 1024 * 1024;

// Per TensorCore (v5e and v6e have one per chip).
const TargetNumbers kPresets[] = {
    {"v5e", 5, 128, 8, 128, 128, 4, 128 * kMiB, 1 * kMiB, 819'000'000'000,
     197'000'000'000'000, 1500},
    {"v6e", 6, 128, 8, 256, 256, 4, 128 * kMiB, 1 * kMiB, 1'640'000'000'000,
     918'000'000'000'000, 1750},
};

constexpr StringRef kPresetNames[] = {"v5e", "v6e"};

TargetAttr makeChecked(function_ref<InFlightDiagnostic()> emitError,
                      MLIRContext *context, const TargetNumbers &n) {
  return TargetAttr::getChecked(
      emitError, context, n.chip, n.generation, n.lanes, n.sublanes,
      n.mxuRows, n.mxuCols, n.mxuCount, n.vmemBytes, n.smemBytes,
      n.hbmBytesPerSecond, n.peakBf16Flops, n.clockMhz);
}
} // namespace

TargetAttr tpu::getTargetPreset(MLIRContext *context, StringRef chip) {
  for (const TargetNumbers &preset : kPresets)
    if (preset.chip == chip)
      return TargetAttr::get(context, preset.chip, preset.generation,
                             preset.lanes, preset.sublanes, preset.mxuRows,
                             preset.mxuCols, preset.mxuCount, preset.vmemBytes,
                             preset.smemBytes, preset.hbmBytesPerSecond,
                             preset.peakBf16Flops, preset.clockMhz);
  return {};
}

ArrayRef<StringRef> tpu::getTargetPresetNames() { return kPresetNames; }

LogicalResult
TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, StringRef chip,
                   int64_t generation, int64_t lanes, int64_t sublanes,
                   int64_t mxuRows, int64_t mxuCols, int64_t mxuCount,
                   int64_t vmemBytes, int64_t smemBytes,
                   int64_t hbmBytesPerSecond, int64_t peakBf16Flops,
                   int64_t clockMhz) {
  if (chip.empty())
    return emitError() << "a target needs a chip name";
  std::pair<StringRef, int64_t> fields[] = {
      {"generation", generation},
      {"lanes", lanes},
      {"sublanes", sublanes},
      {"mxu_rows", mxuRows},
      {"mxu_cols", mxuCols},
      {"mxu_count", mxuCount},
      {"vmem_bytes", vmemBytes},
      {"smem_bytes", smemBytes},
      {"hbm_bytes_per_second", hbmBytesPerSecond},
      {"peak_bf16_flops", peakBf16Flops},
      {"clock_mhz", clockMhz}};
  for (auto [name, value] : fields)
    if (value < 1)
      return emitError() << "target field '" << name
                         << "' must be positive, found " << value;
  // Registers and tiles are whole 32-bit words of (sublanes x lanes): the
  // lane count is what tiles' minor dimension is, and MXU operand shapes are
  // whole registers.
  if (mxuRows % sublanes != 0 || mxuCols % lanes != 0)
    return emitError() << "an MXU of " << mxuRows << "x" << mxuCols
                       << " is not a whole number of " << sublanes << "x"
                       << lanes << " registers";
  return success();
}

int64_t TargetAttr::getSublaneTile(unsigned bitWidth) const {
  if (bitWidth != 8 && bitWidth != 16 && bitWidth != 32)
    return 0;
  return getSublanes() * (32 / bitWidth);
}

namespace {
/// The fields of the written-out form, in printing order.
constexpr StringRef kFieldNames[] = {
    "generation", "lanes",     "sublanes",
    "mxu_rows",   "mxu_cols",  "mxu_count",
    "vmem_bytes", "smem_bytes", "hbm_bytes_per_second",
    "peak_bf16_flops", "clock_mhz"};
} // namespace

// `#tpu.target<v5e>`, or `#tpu.target<chip = "name", generation = 5, ...>`
// with every field.
Attribute TargetAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  SMLoc loc = parser.getCurrentLocation();
  auto emitError = [&] { return parser.emitError(loc); };
  StringRef first;
  if (parser.parseLess() || parser.parseKeyword(&first))
    return {};
  if (succeeded(parser.parseOptionalGreater())) {
    if (TargetAttr preset = getTargetPreset(context, first))
      return preset;
    InFlightDiagnostic diag = emitError();
    diag << "unknown TPU chip '" << first << "' (known:";
    for (StringRef name : getTargetPresetNames())
      diag << " " << name;
    diag << ")";
    return {};
  }
  if (first != "chip") {
    parser.emitError(loc) << "expected a chip name or 'chip = \"...\"'";
    return {};
  }
  std::string chip;
  if (parser.parseEqual() || parser.parseString(&chip))
    return {};
  int64_t values[std::size(kFieldNames)];
  for (auto [i, name] : llvm::enumerate(kFieldNames)) {
    if (parser.parseComma() || parser.parseKeyword(name) ||
        parser.parseEqual() || parser.parseInteger(values[i]))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return makeChecked(emitError, context,
                    {chip, values[0], values[1], values[2], values[3],
                     values[4], values[5], values[6], values[7], values[8],
                     values[9], values[10]});
}

void TargetAttr::print(AsmPrinter &printer) const {
  if (getTargetPreset(getContext(), getChip()) == *this) {
    printer << "<" << getChip() << ">";
    return;
  }
  printer << "<chip = ";
  printer.printString(getChip());
  int64_t values[] = {getGeneration(), getLanes(),     getSublanes(),
                      getMxuRows(),    getMxuCols(),   getMxuCount(),
                      getVmemBytes(),  getSmemBytes(), getHbmBytesPerSecond(),
                      getPeakBf16Flops(), getClockMhz()};
  for (auto [name, value] : llvm::zip_equal(kFieldNames, values))
    printer << ", " << name << " = " << value;
  printer << ">";
}
