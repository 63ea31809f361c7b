//===- UnknownOptions.h - compiler options Clang's driver does not know ------===//
//
// A compilation database written for GCC holds options Clang's driver rejects (-fconserve-stack,
// -fno-var-tracking-assignments): every parse would fail with "unknown argument". They only
// matter to GCC's code generation, so the parse goes without them and the run names each once.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_UNKNOWNOPTIONS_H
#define AUTOSCALE_TOOL_DRIVER_UNKNOWNOPTIONS_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace autoscale::driver {

/// The options of a command line (its compiler first) that Clang's driver does not know, as
/// written.
std::vector<std::string> optionsUnknownToClang(llvm::ArrayRef<std::string> CommandLine);

/// Drops the options Clang's driver does not know from every command.
clang::tooling::ArgumentsAdjuster unknownOptionsDropper();

/// The options the commands of Sources in DB hold that Clang does not know, each once, in the
/// order first met.
std::vector<std::string> unknownOptionsOf(const clang::tooling::CompilationDatabase &DB,
                                          const std::vector<std::string> &Sources);

} // namespace autoscale::driver

#endif
