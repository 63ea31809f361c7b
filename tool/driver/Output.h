//===- Output.h - write every file or none -----------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_OUTPUT_H
#define AUTOSCALE_TOOL_DRIVER_OUTPUT_H

#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace autoscale::driver {

/// Writes every (path, text) or none: each text goes to a temporary file beside its target, and
/// only once all are written are they renamed over their targets (each rename is atomic), the
/// signals that end a run held back meanwhile. A failure, even of a rename after others, leaves
/// every target as it was, no temporary file and none of the directories this call made.
llvm::Error writeAll(const std::vector<std::pair<std::string, std::string>> &Files);

} // namespace autoscale::driver

#endif
