//===- DeviceBranches.h - code a CUDA unit's host parse does not see ---------===//
//
// A .cu file is parsed for the host, where `__CUDA_ARCH__` is not defined: the branches of
// `#ifdef __CUDA_ARCH__` (`#if __CUDA_ARCH__ >= 800`, the `#else` of `#ifndef __CUDA_ARCH__`) that
// the GPU runs are skipped, and their operations stay as written. The report names their lines.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_DEVICEBRANCHES_H
#define AUTOSCALE_TOOL_DRIVER_DEVICEBRANCHES_H

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <map>
#include <set>
#include <string>
#include <utility>

namespace autoscale::driver {

/// Per real path, the first and last lines of each region the preprocessor skipped under a
/// conditional that tests __CUDA_ARCH__.
using SkippedLines = std::map<std::string, std::set<std::pair<unsigned, unsigned>>>;

/// Records into Out the device branches PP skips (outside system headers).
std::unique_ptr<clang::PPCallbacks> deviceBranchRecorder(const clang::Preprocessor &PP, SkippedLines &Out);

} // namespace autoscale::driver

#endif
