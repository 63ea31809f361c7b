//===- LaunchChevrons.h - kernel launches with spaced chevrons ----------------===//
#ifndef AUTOSCALE_TOOL_DRIVER_LAUNCHCHEVRONS_H
#define AUTOSCALE_TOOL_DRIVER_LAUNCHCHEVRONS_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>

namespace autoscale::driver {

/// nvcc accepts a kernel launch whose chevrons are spaced apart, `k << <g, b >> >(x)` (Visual
/// Studio's formatter writes them so); Clang lexes `<<<` and `>>>` only when unspaced. Returns
/// Text with each such launch's chevrons joined in place (`k <<<g, b >>> (x)`), or nothing when it
/// has none. The text keeps its length, lines and offsets, so what is found in it and the edits made
/// from it hold for the file as written. Chevrons split across lines stay as they are.
std::optional<std::string> joinLaunchChevrons(llvm::StringRef Text);

/// Base, reading every file with its launch chevrons joined: what Clang parses the sources and
/// headers through.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withLaunchChevronsJoined(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

} // namespace autoscale::driver

#endif
