//===- Glob.h - the glob patterns of rules files ------------------------------===//
//
// Override patterns use llvm::GlobPattern syntax with {a,b} alternatives. The parser validates
// them with compileGlob() and the matcher uses globMatches(), so both agree on the syntax.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_RULESET_GLOB_H
#define AUTOSCALE_TOOL_RULESET_GLOB_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/GlobPattern.h"

namespace autoscale::rules {

/// What a pattern is matched against; it decides which trailing parts also count as a match.
enum class GlobSubject {
  Name,          ///< a plain name (variable, callee): the whole name only
  QualifiedName, ///< "ns::Solver::step": the whole name or a trailing part after a "::"
  Path,          ///< "/src/solver.cpp": the whole path or a trailing part after a '/'
};

llvm::Expected<llvm::GlobPattern> compileGlob(llvm::StringRef Pattern);

/// Whether Subject matches Pattern. An empty Subject (an operation with no variable, or not a
/// call) never matches, so "variable: '*'" selects the operations that assign a variable.
bool globMatches(llvm::StringRef Pattern, llvm::StringRef Subject, GlobSubject Kind);

} // namespace autoscale::rules

#endif
