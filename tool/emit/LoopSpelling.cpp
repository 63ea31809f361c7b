//===- LoopSpelling.cpp - what the runtime's loop calls spell alike ----------===//
#include "emit/LoopSpelling.h"

#include "emit/CallSpelling.h"
#include "find/loops/LoopText.h"

#include "llvm/ADT/StringExtras.h"

#include <string>

namespace autoscale::emit {

/// Whether Text reads as one operand in any expression: a name, a number, a member chain, or
/// one parenthesised expression.
static bool isPrimary(llvm::StringRef Text) {
  Text = Text.trim();
  if (Text.empty())
    return false;
  if (Text.front() == '(' && Text.back() == ')') {
    int Depth = 0;
    for (size_t I = 0; I < Text.size(); ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0 && I + 1 < Text.size())
        return false; // (a) + (b)
    }
    return true;
  }
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (llvm::isAlnum(C) || C == '_' || C == '.')
      continue;
    if (C == '-' && I + 1 < Text.size() && Text[I + 1] == '>') {
      ++I;
      continue;
    }
    return false;
  }
  return true;
}

std::string spellFactor(const TextFactor &F, llvm::StringRef FileText) {
  std::string T = F.Source ? FileText.slice(F.Source->Begin, F.Source->End).str() : F.Text;
  return isPrimary(T) ? llvm::StringRef(T).trim().str() : "(" + T + ")";
}

std::string spellPoly(const TextPoly &P, llvm::StringRef FileText) {
  if (P.Terms.empty())
    return "0";
  std::string Out;
  for (const TextTerm &T : P.Terms) {
    int64_t Coeff = T.Coeff;
    if (!Out.empty()) {
      Out += Coeff < 0 ? " - " : " + ";
      Coeff = Coeff < 0 ? -Coeff : Coeff;
    } else if (Coeff < 0 && !T.Factors.empty()) {
      Out += "-";
      Coeff = -Coeff;
    }
    std::string Term = Coeff != 1 || T.Factors.empty() ? std::to_string(Coeff) : "";
    for (const TextFactor &F : T.Factors)
      Term += (Term.empty() ? "" : " * ") + spellFactor(F, FileText);
    Out += Term;
  }
  return Out;
}

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

std::string loopLower(const LoopSpans &L, llvm::StringRef Text) {
  return L.LowerZero ? "0" : loopOperand(L.Lower, Text);
}

std::string loopCount(const LoopSpans &L, const std::string &Lower, llvm::StringRef Text) {
  std::string U = loopOperand(L.Upper, Text);
  std::string Test = U + (L.Inclusive ? " >= " : " > ") + Lower;
  std::string N = "AUTOSCALE_CAST(size_t, " + (L.LowerZero ? U : U + " - " + Lower) + ")";
  return Test + " ? " + N + (L.Inclusive ? " + 1" : "") + " : 0";
}

std::string counterExit(const std::optional<Span> &Counter, const std::string &Lower,
                        const std::string &Count, llvm::StringRef Text) {
  if (!Counter)
    return {};
  // In ptrdiff_t: a negative lower bound plus the count, exactly.
  return " " + Text.slice(Counter->Begin, Counter->End).str() + " = " + Lower +
         " + AUTOSCALE_CAST(ptrdiff_t, " + Count + ");";
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
