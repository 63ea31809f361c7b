//===- Glob.cpp - the glob patterns of rules files ----------------------------===//
#include "ruleset/Glob.h"

namespace autoscale::rules {

// Brace alternatives multiply; a small bound keeps a typo from expanding into thousands.
static constexpr size_t MaxSubPatterns = 64;

llvm::Expected<llvm::GlobPattern> compileGlob(llvm::StringRef Pattern) {
  return llvm::GlobPattern::create(Pattern, MaxSubPatterns);
}

bool globMatches(llvm::StringRef Pattern, llvm::StringRef Subject, GlobSubject Kind) {
  if (Subject.empty())
    return false;
  llvm::Expected<llvm::GlobPattern> Glob = compileGlob(Pattern);
  if (!Glob) {
    // The parser rejects bad patterns; a hand-built RuleSet with one matches nothing.
    llvm::consumeError(Glob.takeError());
    return false;
  }
  if (Glob->match(Subject))
    return true;
  llvm::StringRef Separator = Kind == GlobSubject::QualifiedName ? "::"
                              : Kind == GlobSubject::Path        ? "/"
                                                                 : "";
  if (Separator.empty())
    return false;
  for (size_t At = Subject.find(Separator); At != llvm::StringRef::npos;
       At = Subject.find(Separator, At + 1))
    if (Glob->match(Subject.substr(At + Separator.size())))
      return true;
  return false;
}

} // namespace autoscale::rules
