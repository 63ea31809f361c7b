//===- Verify.h - the rewritten text must still compile ----------------------===//
//
// A safety net for what no construct check foresaw: each translation unit whose files the run
// changes is parsed again, in memory, with its own compile command and the rewritten texts in
// place of the originals. The driver leaves as written what the first error points at and asks
// again, until every unit parses; nothing reaches the disk before this.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_VERIFY_H
#define AUTOSCALE_TOOL_DRIVER_VERIFY_H

#include "driver/InstallPaths.h"
#include "driver/Parse.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace autoscale::driver {

/// The first error of the first unit that does not parse with its rewritten files.
struct RewriteError {
  std::string File;     ///< real path of the file it lies in; empty when it has no location
  unsigned Line = 0;    ///< its line there (the rewritten text keeps the original's numbering)
  std::string Message;  ///< "file:line:col: message", as Clang says it
  std::vector<std::string> UnitChanged; ///< the changed files that unit reads
};

/// Changed: the new text of each changed file, by real path. None when every unit parses.
std::optional<RewriteError> firstRewriteError(const clang::tooling::CompilationDatabase &DB,
                                              const std::vector<UnitFiles> &Units,
                                              const InstallPaths &Paths,
                                              const std::map<std::string, std::string> &Changed);

} // namespace autoscale::driver

#endif
