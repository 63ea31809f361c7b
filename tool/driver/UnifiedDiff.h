//===- UnifiedDiff.h - a unified diff of two texts ----------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_UNIFIEDDIFF_H
#define AUTOSCALE_TOOL_DRIVER_UNIFIEDDIFF_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace autoscale::driver {

/// `diff -u` output (3 lines of context) turning Old into New; empty when they are equal.
std::string unifiedDiff(llvm::StringRef OldName, llvm::StringRef NewName, llvm::StringRef Old,
                        llvm::StringRef New);

} // namespace autoscale::driver

#endif
