//===- GemmShape.cpp - equality and spelling of a GEMM's extents and strides -===//
#include "substitutions/matmul/GemmShape.h"

#include "emit/LoopSpelling.h"

#include "llvm/ADT/StringExtras.h"

namespace autoscale {

using emit::spellFactor;
using emit::spellPoly;

bool GemmShape::operator==(const GemmShape &O) const {
  return From == O.From && Type == O.Type && M == O.M && N == O.N && K == O.K &&
         Batch == O.Batch && A == O.A && B == O.B && C == O.C && Addend == O.Addend &&
         SumThenAdd == O.SumThenAdd && RankOne == O.RankOne && ProductFactor == O.ProductFactor && NegatedProducts == O.NegatedProducts && CheckDistinct == O.CheckDistinct && SharedNest == O.SharedNest && GuardsLoopsLeft == O.GuardsLoopsLeft && D == O.D && DIf == O.DIf && ARowSums == O.ARowSums && Remove == O.Remove &&
         InsertAt == O.InsertAt && Statement == O.Statement && Order == O.Order &&
         Covers == O.Covers && ReadBack == O.ReadBack && Outputs == O.Outputs && Note == O.Note && Callee == O.Callee && Entry == O.Entry &&
         CallArgs == O.CallArgs;
}

std::vector<std::string> namesIn(llvm::StringRef Text) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Text.size();) {
    if (!llvm::isAlpha(Text[I]) && Text[I] != '_') {
      ++I;
      continue;
    }
    size_t End = I;
    while (End < Text.size() && (llvm::isAlnum(Text[End]) || Text[End] == '_'))
      ++End;
    llvm::StringRef Before = Text.take_front(I).rtrim();
    if (!Before.ends_with(".") && !Before.ends_with("->") &&
        !(I > 0 && llvm::isDigit(Text[I - 1])))
      Out.push_back(Text.slice(I, End).str());
    I = End;
  }
  return Out;
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
