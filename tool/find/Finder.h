//===- Finder.h - find the floating-point operations of a translation unit ---===//
//
// Walks the AST as written (template patterns, not instantiations) and records every
// floating-point operation in the project's files: + - * / and their compound assignments,
// unary minus, ++/--, and calls of the math functions the rules know; each with the shape of its
// rewrite or the reason it must stay as it is. Also the dataflow edges between them and the step
// points of the step functions the rules declare.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_FINDER_H
#define AUTOSCALE_TOOL_FIND_FINDER_H

#include "find/Operation.h"
#include "ruleset/RuleSet.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"

#include <optional>
#include <string>
#include <vector>

namespace autoscale::find {

class Recogniser;

struct FindOptions {
  /// Absolute directory; operations in files outside it (third-party headers) are not looked at.
  std::string Root;
  /// Absolute directory of the runtime's headers, whose inline code is never an operation.
  std::string RuntimeIncludeDir;
  /// Absolute directory of the tool's own stand-in headers (CUDA, OpenMP): not the project's.
  std::string ToolDataDir;
  /// Every substitution kind, in substitutionKinds()'s order: each recognises what it computes.
  std::vector<const Recogniser *> Recognisers;

  /// Abs relative to Root, or nullopt when Abs is not under it.
  std::optional<std::string> relative(llvm::StringRef Abs) const;
};

/// The first line of every file autoscale-rewrite has changed; a file starting with it is
/// recognised as rewritten already and left alone, so the tool is idempotent.
inline constexpr const char *RewrittenMarker = "/* autoscale-rewrite ";

/// The UTF-8 byte-order mark a file may start with (the marker then follows it).
inline constexpr const char *ByteOrderMark = "\xEF\xBB\xBF";

FoundUnit findOperations(clang::ASTContext &Ctx, clang::Preprocessor &PP,
                         const rules::RuleSet &Rules, const FindOptions &Opts);

} // namespace autoscale::find

#endif
