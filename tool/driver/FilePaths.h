//===- FilePaths.h - absolute paths and the project root ---------------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_FILEPATHS_H
#define AUTOSCALE_TOOL_DRIVER_FILEPATHS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace autoscale::driver {

/// Path with links resolved; for a path that does not exist, its absolute form without dots.
std::string realPath(llvm::StringRef Path);

/// Whether A and B name the same file: the same file system object when both exist, else the
/// same real path.
bool sameFile(llvm::StringRef A, llvm::StringRef B);

/// Whether Path is Dir or lies below it.
bool isUnder(llvm::StringRef Path, llvm::StringRef Dir);

/// The directory output paths are relative to: the working directory when every source is
/// under it, else the deepest directory holding them all.
std::string projectRoot(const std::vector<std::string> &AbsSources);

} // namespace autoscale::driver

#endif
