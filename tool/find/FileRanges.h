//===- FileRanges.h - map expressions to the file text an edit may touch -----===//
//
// An operation can be rewritten only where every piece of it is written, contiguously, in one
// file: in plain code, or entirely inside one argument of a macro invocation (perhaps nested in
// arguments of other macros, none of which stringises or pastes it). One macro-body form is
// rewritable from outside: a call that is the whole body of a function-like macro invoked in the
// file (PolyBench's SQRT_FUN(x) -> sqrtf(x)), by wrapping the invocation and the argument text.
// Everything else (macro bodies, pieces straddling a macro boundary, preprocessor directives
// inside the expression) is refused with a reason.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_FILERANGES_H
#define AUTOSCALE_TOOL_FIND_FILERANGES_H

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

#include <map>

#include <optional>
#include <string>

namespace autoscale::find {

/// A byte range [Begin, End) of one file.
struct FileSpan {
  clang::FileID File;
  unsigned Begin = 0, End = 0;
  unsigned size() const { return End - Begin; }
};

class FileRanges {
public:
  FileRanges(const clang::SourceManager &SM, const clang::LangOptions &LO,
             const clang::Preprocessor &PP)
      : SM(SM), LO(LO), PP(PP) {}

  /// The file text of a token range, or nullopt with Why set. InArgument: tokens that fill a
  /// macro's whole expansion from one argument are the argument's text, not the macro call.
  std::optional<FileSpan> span(clang::SourceRange Tokens, std::string &Why,
                               bool InArgument = false) const;
  std::optional<FileSpan> span(clang::SourceLocation Token, std::string &Why) const {
    return span(clang::SourceRange(Token, Token), Why);
  }
  /// Checks that the locations an operation is built from are rewritable as a whole: all in the
  /// file, or all inside one argument of one macro invocation that the macro neither stringises
  /// nor pastes. Returns the reason when not.
  std::string checkMacros(clang::SourceRange Whole, clang::SourceLocation Operator) const;
  /// Whether the call whose callee token is Callee is the whole expansion of a function-like
  /// macro invoked in the file, which neither stringises nor pastes; e.g. SQRT_FUN(x) with
  /// `#define SQRT_FUN(x) sqrtf(x)`. Its arguments still have to map to the invocation's text.
  bool isWholeMacroCall(clang::SourceRange Call, clang::SourceLocation Callee) const;
  /// Whether the text of the span contains a preprocessor directive.
  bool containsDirective(const FileSpan &S) const;
  llvm::StringRef text(const FileSpan &S) const;

private:
  /// The definition of the macro whose expansion produced Loc, or null.
  const clang::MacroInfo *macroAt(clang::SourceLocation Loc) const;
  bool stringisesOrPastes(const clang::MacroInfo &MI) const;
  /// Per macro, whether it stringises or pastes, itself or through a macro its body calls.
  mutable std::map<const clang::MacroInfo *, bool> Stringises;

  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
  const clang::Preprocessor &PP;
};

} // namespace autoscale::find

#endif
