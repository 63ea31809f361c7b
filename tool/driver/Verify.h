//===- Verify.h - the rewritten text must still compile ----------------------===//
//
// A safety net for what no construct check foresaw: each translation unit whose files the run
// changes is parsed again, in memory, with its own compile command and the rewritten texts in
// place of the originals. A file the first error lies in (or, for an error elsewhere, every
// changed file of that unit) is kept as it was, and the units are checked again until they
// parse; nothing reaches the disk before this.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_VERIFY_H
#define AUTOSCALE_TOOL_DRIVER_VERIFY_H

#include "driver/InstallPaths.h"
#include "driver/Parse.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <map>
#include <string>
#include <vector>

namespace autoscale::driver {

/// Changed: the new text of each changed file, by real path. Removes from it every file to keep
/// as it was and returns, for each, Clang's first error ("file:line:col: message").
std::map<std::string, std::string> verifyRewrites(const clang::tooling::CompilationDatabase &DB,
                                                  const std::vector<UnitFiles> &Units,
                                                  const InstallPaths &Paths,
                                                  std::map<std::string, std::string> &Changed);

} // namespace autoscale::driver

#endif
