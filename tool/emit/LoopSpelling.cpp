//===- LoopSpelling.cpp - the runtime loop call of a vector loop -------------===//
#include "emit/LoopSpelling.h"

#include "emit/CallSpelling.h"
#include "find/loops/VectorLoopShape.h"

#include <string>

namespace autoscale::emit {
namespace {

std::string textOf(Span S, llvm::StringRef Text) { return Text.slice(S.Begin, S.End).str(); }

std::string count(const VectorLoopShape &L, const std::string &Lower, llvm::StringRef Text) {
  return loopCount(L.Upper, L.Inclusive, L.LowerZero, Lower, Text);
}

} // namespace

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

std::vector<Edit> vectorLoopEdits(const Operation &Op, const Decision &D, llvm::StringRef Site,
                                  llvm::StringRef Text) {
  const RewriteShape &S = *Op.Shape;
  const VectorLoopShape &L = *S.Loop;
  std::string Lower = L.LowerZero ? "0" : loopOperand(L.Lower, Text);
  std::vector<std::string> Keys = tensorKeys(S, D);
  if (Keys.empty())
    Keys = {"AUTOSCALE_NULL", "AUTOSCALE_NULL"};
  auto Walk = [&](const LoopElement &E) {
    return firstAddress(E, Lower, Text) + ", " + spellPoly(E.Stride, Text);
  };
  std::string Call;
  if (L.Form == VectorLoopShape::Dot) {
    std::string T = textOf(L.Target, Text);
    Call = T + " = " + rules::entryPoint(rules::EntryKind::Dot, entryType(S.Compute), BaseOp::Mul).str() +
           "(" + Site.str() + ", " + T + ", " +
           count(L, Lower, Text) + ", " + Walk(L.X) + ", " + Walk(L.Y) + ", " + Keys[0] + ", " +
           Keys[1] + ");";
  } else {
    Call = rules::entryPoint(rules::EntryKind::Axpy, entryType(S.Compute), BaseOp::Mul).str() + "(" +
           Site.str() + ", " + count(L, Lower, Text) + ", " +
           textOf(L.Alpha, Text) + ", " + std::to_string(L.AlphaSlot) + ", " + Walk(L.X) +
           ", " + Walk(L.Y) + ", " + Keys[L.AlphaSlot] + ", " + Keys[1 - L.AlphaSlot] + ");";
  }
  // Each call takes the place of its piece of the loop (its statement's line), keeping the line
  // breaks, so the lines below keep their numbers, and the indentation of the next statement.
  // Several calls are one block: still one statement, the body of the loop around.
  bool Block = L.Statements > 1;
  if (Block && L.Order == 0)
    Call = "{ " + Call;
  if (Block && L.Order + 1 == L.Statements)
    Call += " }";
  return {{L.Piece.Begin, L.Piece.End - L.Piece.Begin, inPlaceOf(L.Piece, Call, Text),
           Edit::Replace, 0, 0}};
}

} // namespace autoscale::emit
