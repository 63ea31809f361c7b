//===- SourceLines.cpp - the lines around a piece of code, read as text -------===//
#include "find/SourceLines.h"

#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace autoscale::find {

unsigned lineStart(llvm::StringRef Text, size_t Pos) {
  size_t Newline = Text.rfind('\n', Pos); // the last one before Pos
  return Newline == llvm::StringRef::npos ? 0 : static_cast<unsigned>(Newline + 1);
}

bool continues(llvm::StringRef Line) { return Line.rtrim().ends_with("\\"); }

unsigned pragmaStart(llvm::StringRef Text, unsigned Begin) {
  unsigned Pos = Begin; // the start of the pragma lines found so far
  unsigned Scan = Begin; // where the search goes on upwards: above blank and // comment lines too
  while (true) {
    unsigned LineStart = lineStart(Text, Scan);
    if (!Text.slice(LineStart, Scan).trim().empty() || LineStart == 0)
      return Pos;
    // The logical line above: from the first of its physical lines (those above ending in '\').
    unsigned PrevStart = lineStart(Text, LineStart - 1);
    while (PrevStart > 0) {
      unsigned Above = lineStart(Text, PrevStart - 1);
      if (!continues(Text.slice(Above, PrevStart - 1)))
        break;
      PrevStart = Above;
    }
    llvm::StringRef Prev = Text.slice(PrevStart, LineStart - 1);
    llvm::StringRef Line = Prev.ltrim();
    Scan = PrevStart + static_cast<unsigned>(Prev.size() - Line.size());
    if (Line.trim().empty() || Line.starts_with("//"))
      continue; // a pragma above still applies to the loop
    if (!Line.starts_with("_Pragma") && (!Line.consume_front("#") || !Line.ltrim().starts_with("pragma")))
      return Pos;
    Pos = Scan;
  }
}

namespace {

/// Text without its comments: a trailing `// ...`, and `/* ... */` anywhere on the line.
std::string withoutComments(llvm::StringRef Line) {
  std::string Out;
  while (!Line.empty()) {
    if (Line.starts_with("//"))
      break;
    if (Line.starts_with("/*")) {
      size_t Close = Line.find("*/", 2);
      Line = Close == llvm::StringRef::npos ? llvm::StringRef() : Line.drop_front(Close + 2);
      Out += ' ';
      continue;
    }
    Out += Line.front();
    Line = Line.drop_front();
  }
  return Out;
}

/// Whether Text is one balanced parenthesised group, `( ... )`.
bool oneGroup(llvm::StringRef Text) {
  int Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
    if (Depth == 0)
      return I + 1 == Text.size() && Text.front() == '(';
  }
  return false;
}

} // namespace

std::string macroBefore(llvm::StringRef Text, unsigned Begin) {
  const unsigned Start = lineStart(Text, Begin);
  std::string Code = llvm::StringRef(withoutComments(Text.slice(Start, Begin))).trim().str();
  for (unsigned Line = Start; Code.empty() && Line > 0;) {
    Line = lineStart(Text, Line - 1);
    llvm::StringRef Whole = Text.slice(Line, Text.find('\n', Line)).trim();
    if (Whole.ends_with("*/") && !Whole.contains("/*"))
      return {}; // the end of a block comment: no guess at what it holds
    Code = llvm::StringRef(withoutComments(Whole)).trim().str();
  }
  const llvm::StringRef Name = llvm::StringRef(Code).take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
  const llvm::StringRef Rest = llvm::StringRef(Code).drop_front(Name.size()).trim();
  static constexpr llvm::StringLiteral Keywords[] = {"if",   "else",  "while", "for",    "do",
                                                     "switch", "catch", "return", "case", "default"};
  if (Name.empty() || llvm::isDigit(Name.front()) || llvm::is_contained(Keywords, Name) ||
      !(Rest.empty() || oneGroup(Rest)))
    return {};
  return Name.str();
}

bool mayExpandToPragma(const clang::SourceManager &SM, llvm::StringRef Name, unsigned Depth) {
  // The macro's definitions in the unit's own files (not the system's): a body with `_Pragma`, or
  // naming a macro that may expand to one. Not found (a -D on the command line): it may.
  bool Found = false;
  for (unsigned I = 0; I < SM.local_sloc_entry_size(); ++I) {
    const clang::SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isFile() || E.getFile().getFileCharacteristic() != clang::SrcMgr::C_User)
      continue;
    std::optional<llvm::StringRef> Buffer = E.getFile().getContentCache().getBufferDataIfLoaded();
    if (!Buffer)
      continue;
    for (size_t At = Buffer->find("define"); At != llvm::StringRef::npos; At = Buffer->find("define", At + 6)) {
      const unsigned LineAt = lineStart(*Buffer, At);
      llvm::StringRef Head = Buffer->slice(LineAt, At).trim();
      llvm::StringRef After = Buffer->drop_front(At + 6);
      if (Head != "#" || !After.starts_with(" ") || !After.ltrim().starts_with(Name))
        continue;
      llvm::StringRef Tail = After.ltrim().drop_front(Name.size());
      if (!Tail.empty() && (llvm::isAlnum(Tail.front()) || Tail.front() == '_'))
        continue; // another name starting with this one
      Found = true;
      // The body, over the lines its backslashes continue.
      size_t End = At;
      do
        End = Buffer->find('\n', End + 1);
      while (End != llvm::StringRef::npos && continues(Buffer->slice(lineStart(*Buffer, End - 1), End)));
      llvm::StringRef Body = Buffer->slice(At, End);
      if (Body.contains("_Pragma"))
        return true;
      if (Depth > 0)
        for (llvm::StringRef Word : llvm::split(Body, ' '))
          if (Word = Word.trim(" \t()\\;,"); !Word.empty() && Word != Name && llvm::all_of(Word, [](char C) {
                return llvm::isAlnum(C) || C == '_';
              }) && llvm::isUpper(Word.front()) && mayExpandToPragma(SM, Word, Depth - 1))
            return true;
    }
  }
  return !Found;
}

std::optional<unsigned> endOfCodeLineAbove(llvm::StringRef Text, unsigned At) {
  for (unsigned Start = lineStart(Text, At); Start > 0;) {
    const unsigned End = Start - 1; // the newline that ends the line above
    Start = lineStart(Text, End);
    llvm::StringRef Line = Text.slice(Start, End), Code = Line.trim();
    if (continues(Line) || Code.contains("*/") ||
        (Start > 0 && continues(Text.slice(lineStart(Text, Start - 1), Start - 1))))
      return std::nullopt;
    if (Code.empty() || Code.starts_with("//"))
      continue;
    if (Code.starts_with("#") || Code.contains("//") || Code.contains("/*") || Code.contains('"') ||
        Code.contains("_Pragma"))
      return std::nullopt;
    return static_cast<unsigned>(Start + Line.rtrim().size());
  }
  return std::nullopt;
}

} // namespace autoscale::find
