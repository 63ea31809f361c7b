//===- GemmShape.cpp - equality and spelling of a GEMM's extents and strides -===//
#include "find/gemm/GemmShape.h"

#include "llvm/ADT/StringExtras.h"

namespace autoscale {

bool GemmShape::operator==(const GemmShape &O) const {
  return From == O.From && Type == O.Type && M == O.M && N == O.N && K == O.K &&
         Batch == O.Batch && A == O.A && B == O.B && C == O.C && Addend == O.Addend &&
         SumThenAdd == O.SumThenAdd && RankOne == O.RankOne && ProductFactor == O.ProductFactor && CheckDistinct == O.CheckDistinct && SharedNest == O.SharedNest && GuardsLoopsLeft == O.GuardsLoopsLeft && D == O.D && DIf == O.DIf && ARowSums == O.ARowSums && Remove == O.Remove &&
         InsertAt == O.InsertAt && Statement == O.Statement && Order == O.Order &&
         Covers == O.Covers && Note == O.Note && Callee == O.Callee && Entry == O.Entry &&
         CallArgs == O.CallArgs;
}

bool sameGemm(const GemmShape *A, const GemmShape *B) {
  return A == B || (A && B && *A == *B);
}

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

std::string spellFactor(const GemmFactor &F, llvm::StringRef FileText) {
  std::string T = F.Source ? FileText.slice(F.Source->Begin, F.Source->End).str() : F.Text;
  return isPrimary(T) ? llvm::StringRef(T).trim().str() : "(" + T + ")";
}

std::string spellBase(const GemmMatrix &M, llvm::StringRef FileText) {
  std::string Base = spellFactor(M.Base, FileText);
  if (M.Container)
    return Base + ".data()";
  if (!M.ArrayRank)
    return Base;
  Base = "&" + Base;
  for (unsigned I = 0; I < M.ArrayRank; ++I)
    Base += "[0]";
  return Base;
}

std::string spellPoly(const GemmPoly &P, llvm::StringRef FileText) {
  if (P.Terms.empty())
    return "0";
  std::string Out;
  for (const GemmTerm &T : P.Terms) {
    int64_t Coeff = T.Coeff;
    if (!Out.empty()) {
      Out += Coeff < 0 ? " - " : " + ";
      Coeff = Coeff < 0 ? -Coeff : Coeff;
    } else if (Coeff < 0 && !T.Factors.empty()) {
      Out += "-";
      Coeff = -Coeff;
    }
    std::string Term = Coeff != 1 || T.Factors.empty() ? std::to_string(Coeff) : "";
    for (const GemmFactor &F : T.Factors)
      Term += (Term.empty() ? "" : " * ") + spellFactor(F, FileText);
    Out += Term;
  }
  return Out;
}

std::string spellExtent(const GemmExtent &E, llvm::StringRef FileText) {
  if (E.Factors.empty())
    return "1";
  std::string Out;
  for (const GemmExtent::Factor &F : E.Factors) {
    std::string Count = spellPoly(F.Count, FileText);
    if (F.Count.Terms.size() > 1 || Count.front() == '-')
      Count = "(" + Count + ")";
    if (!Out.empty())
      Out += " * ";
    // A signed count: the loop ran no iteration where it is <= 0.
    Out += F.Clamp ? "AUTOSCALE_CAST(size_t, " + Count + " > 0 ? " + Count + " : 0)" : Count;
  }
  return Out;
}

} // namespace autoscale
