//===- FuzzNpy.cpp - the .npy reader (and a round trip of what it reads) --===//

#include "FuzzCommon.h"

#include "HloDialect/Runner/Npy.h"

#include "llvm/Support/Error.h"

#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hlo_fuzz::FuzzContext fuzz;
  llvm::StringRef contents(reinterpret_cast<const char *>(data), size);
  llvm::Expected<mlir::hlo::HostTensor> tensor =
      mlir::hlo::parseNpy(contents, &fuzz.context);
  if (!tensor) {
    llvm::consumeError(tensor.takeError());
    return 0;
  }
  // What was read writes back and reads again as the same bytes.
  llvm::Expected<std::string> written = mlir::hlo::serializeNpy(*tensor);
  if (!written) {
    llvm::consumeError(written.takeError());
    return 0;
  }
  llvm::Expected<mlir::hlo::HostTensor> again =
      mlir::hlo::parseNpy(*written, &fuzz.context);
  if (!again)
    std::abort(); // the reader refuses what the writer wrote
  llvm::Expected<std::string> rewritten = mlir::hlo::serializeNpy(*again);
  if (!rewritten || *rewritten != *written)
    std::abort(); // the round trip changed the tensor
  return 0;
}
