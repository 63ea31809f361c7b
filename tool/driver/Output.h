//===- Output.h - write every file or none -----------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_OUTPUT_H
#define AUTOSCALE_TOOL_DRIVER_OUTPUT_H

#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace autoscale::driver {

/// Writes every (path, text) or none: each text goes to a temporary file beside its target, and
/// only once all are written are they renamed over their targets (each rename is atomic). A
/// failure, or a signal, leaves no temporary file; a failure also removes the directories this
/// call made.
llvm::Error writeAll(const std::vector<std::pair<std::string, std::string>> &Files);

} // namespace autoscale::driver

#endif
