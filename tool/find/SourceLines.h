//===- SourceLines.h - the lines around a piece of code, read as text ---------===//
//
// Where a loop's pragmas begin and where the code above a statement ends, read from the file's
// text: a GEMM call goes after the loops it replaces, a step ends before a pragma'd loop.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_SOURCELINES_H
#define AUTOSCALE_TOOL_FIND_SOURCELINES_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

#include <string>

#include <cstddef>
#include <optional>

namespace autoscale::find {

/// The start of the #pragma lines (or lines starting with the `_Pragma` operator) right before
/// Begin (Begin itself when there are none); a pragma may continue over lines ending in '\', and
/// blank and // comment lines may stand between the pragmas and Begin.
unsigned pragmaStart(llvm::StringRef Text, unsigned Begin);
/// The end of the last line of code above the line of At, when it is plain code: blank lines
/// and whole-line // comments are passed over; a directive, a comment after code, a block
/// comment (or a // line closing one), a string, or a line continued from or onto another
/// (a macro's body, a continued comment) gives nullopt: no guess at where its code ends.
std::optional<unsigned> endOfCodeLineAbove(llvm::StringRef Text, unsigned At);
/// The name of a macro invoked alone right before Begin (on its line, or as the whole line of code
/// above it: `IVDEP` or `UNROLL(4)`, no `;`), which may expand to a pragma for the statement at
/// Begin (`#define IVDEP _Pragma("GCC ivdep")`) that no text shows; empty when there is none.
/// Statement keywords (`else`, `if (c)`) are no macros.
std::string macroBefore(llvm::StringRef Text, unsigned Begin);
/// Whether the macro Name may expand to a pragma: a definition of it in the unit's own files holds
/// `_Pragma` (itself, or through a macro named in upper case it invokes, Depth levels down), or
/// none is found there (it came from the command line or a system header).
bool mayExpandToPragma(const clang::SourceManager &SM, llvm::StringRef Name, unsigned Depth = 3);
/// The start of the line holding offset Pos.
unsigned lineStart(llvm::StringRef Text, size_t Pos);
/// Whether a physical line continues on the next (ends in '\').
bool continues(llvm::StringRef Line);

} // namespace autoscale::find

#endif
