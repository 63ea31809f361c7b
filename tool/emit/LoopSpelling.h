//===- LoopSpelling.h - what the runtime's loop calls spell alike ------------===//
#ifndef AUTOSCALE_TOOL_EMIT_LOOPSPELLING_H
#define AUTOSCALE_TOOL_EMIT_LOOPSPELLING_H

#include "emit/Edit.h"
#include "find/Operation.h"
#include "find/loops/LoopText.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace autoscale::emit {

// What the runtime's loop calls (GEMMs, vector loops, loop programs) spell alike, given the
// file's text.

/// C text of a factor and a polynomial (LoopText.h), given the text of the operation's file.
std::string spellFactor(const TextFactor &F, llvm::StringRef FileText);
std::string spellPoly(const TextPoly &P, llvm::StringRef FileText);

/// A piece of the loop as written (a bound), parenthesised where an operator could bind into it.
std::string loopOperand(Span S, llvm::StringRef Text);
/// The element's address at the first iteration: the counter's uses read the lower bound.
std::string firstAddress(const LoopElement &E, const std::string &Lower, llvm::StringRef Text);
/// The loop's lower bound as the call's operand.
std::string loopLower(const LoopSpans &L, llvm::StringRef Text);
/// Iterations of `for (i = L; i < U; ++i)` (or `i <= U`), 0 for an empty range, computed in the
/// types the loop compares in; Lower is loopLower's text.
std::string loopCount(const LoopSpans &L, const std::string &Lower, llvm::StringRef Text);
/// ` i = L + count;` where the loop assigns its counter i rather than declaring it (Counter, the
/// name's text): the value the loop as written leaves in it, for code after the loop; empty
/// where the loop declares its counter.
std::string counterExit(const std::optional<Span> &Counter, const std::string &Lower,
                        const std::string &Count, llvm::StringRef Text);
/// Call in place of Piece: its line breaks stay, so the lines below keep their numbers, and the
/// indentation of what follows it.
std::string inPlaceOf(Span Piece, std::string Call, llvm::StringRef Text);

} // namespace autoscale::emit

#endif
