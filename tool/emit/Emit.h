//===- Emit.h - decisions -> the edits of one file ---------------------------===//
//
// Numbers the rewritten operations of a file as its sites, spells each as its runtime call
// (CallSpelling.h) or has the substitution that computes it spell it (the kinds are handed in:
// emit/ knows their interface, substitutions/Substitution.h, not the kinds), writes the site
// table at the top of the file (SiteTable.h), and folds all edits (nested operations meet at the
// same offsets) into one set of non-overlapping clang::tooling::Replacements.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_EMIT_EMIT_H
#define AUTOSCALE_TOOL_EMIT_EMIT_H

#include "decide/Decide.h"
#include "find/Operation.h"
#include "substitutions/Substitution.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <array>
#include <set>
#include <string>
#include <vector>

namespace autoscale::emit {

/// A rewritten operation and its decision.
struct Site {
  const Operation *Op;
  const Decision *D;
  /// Per operand slot, the index in the same table of the site whose result feeds it, or -1.
  std::array<int, 3> FedBy = {-1, -1, -1};
  /// In a loop of a kernel that declares its copy of the table (FileEdits::KernelBodies): its
  /// values are tallied there (autoscale_site.tallied).
  bool Tallied = false;
};

/// A kernel given `__launch_bounds__(Threads)` before its name (KernelRecord::boundsThreads).
struct LaunchBound {
  std::string Kernel;
  unsigned NameOffset;
  uint64_t Threads;
};

/// What is rewritten in one project file.
struct FileEdits {
  std::string AbsPath;
  std::string Display;     ///< path relative to the project root: the sites' file name
  std::vector<Site> Sites; ///< operations rewritten in this file, in offset order
  std::vector<StepPoint> Steps;
  bool Cuda = false;   ///< some unit that saw the file is CUDA: sites exist on host and device
  bool Header = false; ///< not a source: units that include it may use none of its sites
  std::vector<LaunchBound> Bounds;
  /// The `for` keywords of device loops to unroll (Operation::DeviceUnrolls).
  std::set<unsigned> Unrolls;
  /// Kernels whose loops round values: where their body opens (KernelRecord::BodyBegin) and
  /// their sites, [First, End) of the table; each declares its copy of those records there
  /// (AUTOSCALE_KERNEL_SITES).
  struct KernelSites {
    unsigned First, End;
  };
  std::map<unsigned, KernelSites> KernelBodies;
};

/// The replacements that rewrite Text (the file's current contents); none when nothing changes.
/// Substitutions: every kind a decision may name (substitutionKinds()).
llvm::Expected<clang::tooling::Replacements>
buildReplacements(const FileEdits &F, llvm::StringRef Text,
                  llvm::ArrayRef<const SubstitutionKind *> Substitutions);

} // namespace autoscale::emit

#endif
