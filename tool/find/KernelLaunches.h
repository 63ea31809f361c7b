//===- KernelLaunches.h - the block sizes a unit launches its kernels with ---===//
//
// A rewritten kernel needs more registers than its original, and a launch fails ("too many
// resources requested") when a block's threads times the kernel's registers pass the
// multiprocessor's 64K. `__launch_bounds__(N)` makes nvcc fit the kernel to blocks of N threads
// (spilling if it must): what a unit's launches say of each kernel decides whether the rewrite may
// add it (Operation.h's KernelRecord).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_KERNELLAUNCHES_H
#define AUTOSCALE_TOOL_FIND_KERNELLAUNCHES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "find/Operation.h"

#include <cstdint>
#include <map>
#include <optional>

namespace autoscale::find {

struct LaunchFacts {
  /// The most threads a block of its launches of constant block size has.
  uint64_t MaxThreads = 0;
  bool UnknownThreads = false; ///< some launch's block size is not a constant
  bool Launched = false;
  /// Named other than as a launch's callee (its address taken for cudaLaunchKernel, a pointer):
  /// launched where the block size is not seen.
  bool Escapes = false;
};

/// What the unit's launches say of each kernel it launches, names or defines, by its definition (a
/// template's pattern for its instantiations).
std::map<const clang::FunctionDecl *, LaunchFacts> kernelLaunches(clang::ASTContext &Ctx);

/// The threads of a block of the launch configuration's block dimension Block, when it is a
/// constant: an integer, a dim3 of constants, a local given one and not written after, or the
/// device's limit (`prop.maxThreadsPerBlock`); Depth: locals followed so far.
std::optional<uint64_t> blockThreads(const clang::Expr *Block, clang::ASTContext &Ctx, unsigned Depth = 0);

} // namespace autoscale::find

#endif
