//===- FileRanges.cpp - map expressions to the file text an edit may touch ---===//
#include "find/FileRanges.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace autoscale::find {

std::optional<FileSpan> FileRanges::span(SourceRange Tokens, std::string &Why, bool InArgument) const {
  CharSourceRange R = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Tokens), SM, LO);
  // Tokens that fill a macro's whole expansion from one argument (`ID(a * b)` with `#define
  // ID(x) x`) map to the macro call; in an argument, their text is the argument's.
  SourceLocation B = Tokens.getBegin(), E = Tokens.getEnd();
  if (InArgument && R.isValid() && B.isMacroID() && SM.isMacroArgExpansion(B) &&
      SM.isMacroArgExpansion(E) && R.getBegin() == SM.getExpansionLoc(B)) {
    CharSourceRange Argument = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(SM.getSpellingLoc(B), SM.getSpellingLoc(E)), SM, LO);
    if (Argument.isValid() && SM.getFileID(Argument.getBegin()) == SM.getFileID(R.getBegin()) &&
        !SM.isBeforeInTranslationUnit(Argument.getBegin(), R.getBegin()) &&
        !SM.isBeforeInTranslationUnit(R.getEnd(), Argument.getEnd()))
      R = Argument;
  }
  if (R.isInvalid()) {
    Why = "operation inside a macro body";
    return std::nullopt;
  }
  auto [BeginFile, Begin] = SM.getDecomposedLoc(R.getBegin());
  auto [EndFile, End] = SM.getDecomposedLoc(R.getEnd());
  if (BeginFile != EndFile || End < Begin) {
    Why = "operation spans several files";
    return std::nullopt;
  }
  return FileSpan{BeginFile, Begin, End};
}

llvm::StringRef FileRanges::text(const FileSpan &S) const {
  return SM.getBufferData(S.File).substr(S.Begin, S.size());
}

bool FileRanges::containsDirective(const FileSpan &S) const {
  llvm::StringRef T = text(S);
  for (size_t NL = T.find('\n'); NL != llvm::StringRef::npos; NL = T.find('\n', NL + 1)) {
    llvm::StringRef Line = T.substr(NL + 1).ltrim(" \t");
    if (Line.starts_with("#"))
      return true;
  }
  return false;
}

std::string FileRanges::checkMacros(SourceRange Whole, SourceLocation Operator) const {
  SourceLocation Locs[] = {Whole.getBegin(), Operator, Whole.getEnd()};
  bool AnyMacro = false;
  for (SourceLocation L : Locs)
    AnyMacro |= L.isMacroID();
  if (!AnyMacro)
    return {};
  if (Operator.isMacroID() && !SM.isMacroArgExpansion(Operator))
    return "operation inside a macro body";
  if (!Operator.isMacroID()) {
    // The operator is in the file and an operand comes from a macro: fine when that operand is a
    // whole expansion (span() checks), e.g. M_PI * r.
    return {};
  }
  // Written in a macro argument (perhaps an argument of a macro in an argument): every piece
  // must come from arguments; span() checks they map to one contiguous file range.
  for (SourceLocation L : Locs)
    if (!L.isMacroID() || !SM.isMacroArgExpansion(L))
      return "operation straddles a macro argument";
  if (SM.getExpansionLoc(Locs[0]) != SM.getExpansionLoc(Locs[2]))
    return "operation straddles a macro argument";
  // Each macro on the way must use the argument as plain tokens: a stringised or pasted copy
  // would change with the rewrite.
  for (SourceLocation L = Operator; L.isMacroID(); L = SM.getImmediateSpellingLoc(L)) {
    if (!SM.isMacroArgExpansion(L))
      return "operation inside a macro body";
    const MacroInfo *MI = macroAt(L);
    if (!MI)
      return "macro argument of an unknown macro";
    if (stringisesOrPastes(*MI))
      return "macro argument that the macro stringises or pastes";
  }
  return {};
}

const MacroInfo *FileRanges::macroAt(SourceLocation Loc) const {
  llvm::StringRef Name = Lexer::getImmediateMacroName(Loc, SM, LO);
  const IdentifierInfo *II = PP.getIdentifierInfo(Name);
  MacroDefinition Def =
      II ? const_cast<Preprocessor &>(PP).getMacroDefinitionAtLoc(II, SM.getExpansionLoc(Loc))
         : MacroDefinition();
  return Def.getMacroInfo();
}

bool FileRanges::stringisesOrPastes(const MacroInfo &MI) const {
  auto [It, New] = Stringises.try_emplace(&MI, false); // false while it is looked at: no cycle
  if (!New)
    return It->second;
  // An argument handed on to a macro that stringises it (`SHOW(e)` calling `STR(e)` for `#e`)
  // is stringised too.
  bool Result = llvm::any_of(MI.tokens(), [&](const Token &T) {
    if (T.isOneOf(tok::hash, tok::hashhash, tok::hashat))
      return true;
    const IdentifierInfo *II = T.is(tok::identifier) ? T.getIdentifierInfo() : nullptr;
    const MacroInfo *Inner = II && II->hasMacroDefinition() ? PP.getMacroInfo(II) : nullptr;
    return Inner && Inner->isFunctionLike() && stringisesOrPastes(*Inner);
  });
  Stringises[&MI] = Result;
  return Result;
}

bool FileRanges::isWholeMacroCall(SourceRange Call, SourceLocation Callee) const {
  if (!Callee.isMacroID() || SM.isMacroArgExpansion(Callee) ||
      !SM.getImmediateExpansionRange(Callee).getBegin().isFileID())
    return false; // not written by the body of a macro invoked in the file
  std::string Why;
  if (!span(Call, Why))
    return false; // the call is not the whole expansion
  const MacroInfo *MI = macroAt(Callee);
  return MI && MI->isFunctionLike() && !stringisesOrPastes(*MI);
}

} // namespace autoscale::find
