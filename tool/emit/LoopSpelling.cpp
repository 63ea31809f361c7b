//===- LoopSpelling.cpp - what the runtime's loop calls spell alike ----------===//
#include "emit/LoopSpelling.h"

#include "emit/CallSpelling.h"
#include "find/loops/VectorLoopShape.h"

#include <string>

namespace autoscale::emit {
std::string loopOperand(Span S, llvm::StringRef Text) { return spellFactor({S, ""}, Text); }

std::string firstAddress(const LoopElement &E, const std::string &Lower, llvm::StringRef Text) {
  std::string Where;
  unsigned At = E.Where.Begin;
  for (Span C : E.Counter) {
    Where += Text.slice(At, C.Begin).str() + Lower;
    At = C.End;
  }
  Where += Text.slice(At, E.Where.End).str();
  if (!E.Container)
    return "&" + Where;
  std::string Data = loopOperand(*E.Container, Text) + ".data()";
  std::string Index = spellFactor({std::nullopt, Where}, Text);
  return Index == "0" ? Data : Data + " + " + Index;
}

std::string loopCount(Span Upper, bool Inclusive, bool LowerZero, const std::string &Lower,
                      llvm::StringRef Text) {
  std::string U = loopOperand(Upper, Text);
  std::string Test = U + (Inclusive ? " >= " : " > ") + Lower;
  std::string N = "AUTOSCALE_CAST(size_t, " + (LowerZero ? U : U + " - " + Lower) + ")";
  return Test + " ? " + N + (Inclusive ? " + 1" : "") + " : 0";
}

std::string inPlaceOf(Span Piece, std::string Call, llvm::StringRef Text) {
  llvm::StringRef Old = Text.slice(Piece.Begin, Piece.End);
  size_t LastBreak = Old.rfind('\n');
  llvm::StringRef Indent = LastBreak == llvm::StringRef::npos ? "" : Old.substr(LastBreak + 1);
  if (!Indent.trim(" \t").empty())
    Indent = "";
  return Call + std::string(Old.count('\n'), '\n') + Indent.str();
}

} // namespace autoscale::emit
