//===- SourceLines.cpp - the lines around a piece of code, read as text -------===//
#include "find/SourceLines.h"

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

std::string macroBefore(llvm::StringRef Text, unsigned Begin) {
  const unsigned Start = lineStart(Text, Begin);
  llvm::StringRef Code = Text.slice(Start, Begin).trim();
  for (unsigned Line = Start; Code.empty() && Line > 0;) {
    Line = lineStart(Text, Line - 1);
    Code = Text.slice(Line, Text.find('\n', Line)).trim();
    if (Code.starts_with("//"))
      Code = "";
  }
  const llvm::StringRef Name = Code.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
  const llvm::StringRef Rest = Code.drop_front(Name.size()).ltrim();
  static constexpr llvm::StringLiteral Keywords[] = {"if",   "else",  "while", "for",    "do",
                                                     "switch", "catch", "return", "case", "default"};
  if (Name.empty() || llvm::isDigit(Name.front()) || llvm::is_contained(Keywords, Name) ||
      !(Rest.empty() || (Rest.starts_with("(") && Rest.ends_with(")"))))
    return {};
  return Name.str();
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
