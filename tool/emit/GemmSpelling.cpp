//===- GemmSpelling.cpp - the runtime GEMM call of a matmul site -------------===//
#include "emit/GemmSpelling.h"

#include "emit/CallSpelling.h"

#include "find/gemm/GemmShape.h"

#include <string>

namespace autoscale::emit {
namespace {

std::string batchVar(size_t I) { return "autoscale_batch" + std::to_string(I); }

/// `base + offset + batch0 * stride...`, the address of the matrix's element (0, 0).
std::string pointer(const GemmMatrix &M, llvm::StringRef Text) {
  std::string Out = spellBase(M, Text);
  auto Add = [&](const std::string &Term) {
    Out += Term.front() == '-' ? " - " + Term.substr(1) : " + " + Term;
  };
  if (!M.Offset.Terms.empty())
    Add(M.Offset.Terms.size() > 1 ? "(" + spellPoly(M.Offset, Text) + ")"
                                  : spellPoly(M.Offset, Text));
  for (size_t I = 0; I < M.Batch.size(); ++I)
    if (!M.Batch[I].Terms.empty()) {
      std::string Stride = spellPoly(M.Batch[I], Text);
      Add(batchVar(I) + " * " + (M.Batch[I].Terms.size() > 1 || Stride.front() == '-'
                                     ? "(" + Stride + ")"
                                     : Stride));
    }
  return Out;
}

std::string strides(const GemmMatrix &M, llvm::StringRef Text) {
  return spellPoly(M.Rows, Text) + ", " + spellPoly(M.Cols, Text);
}

/// `if (v) for (...) for (...) v[i] += A(i, p);`: the row sums a kernel declares, in A's type
/// and order, as the code it replaces added them.
std::string rowSums(const GemmShape &G, llvm::StringRef Text) {
  std::string V = spellFactor(*G.ARowSums, Text);
  std::string A = pointer(G.A, Text);
  return " if (" + V + ") for (size_t autoscale_i = 0; autoscale_i < " + spellExtent(G.M, Text) +
         "; ++autoscale_i) for (size_t autoscale_p = 0; autoscale_p < " + spellExtent(G.K, Text) +
         "; ++autoscale_p) " + V + "[autoscale_i] += (" + A +
         ")[AUTOSCALE_CAST(ptrdiff_t, autoscale_i) * (" + spellPoly(G.A.Rows, Text) +
         ") + AUTOSCALE_CAST(ptrdiff_t, autoscale_p) * (" + spellPoly(G.A.Cols, Text) + ")];";
}

} // namespace

std::vector<Edit> gemmEdits(const Operation &Op, llvm::StringRef Site, llvm::StringRef Text) {
  const GemmShape &G = *Op.Shape->Gemm;
  if (G.From == GemmShape::CublasCall)
    return {{G.Callee.Begin, G.Callee.End - G.Callee.Begin, G.Entry, Edit::Replace, 0, 0},
            {G.CallArgs, 0, Site.str() + ", ", Edit::Open, 0, 1}};
  std::string D;
  switch (G.Addend) {
  case GemmShape::NoAddend:
    D = "AUTOSCALE_NULL, 0, 0";
    break;
  case GemmShape::AddC:
    D = pointer(G.C, Text) + ", " + strides(G.C, Text);
    break;
  case GemmShape::AddMatrix:
    D = G.DIf ? spellFactor(*G.DIf, Text) + " ? " + pointer(G.D, Text) + " : AUTOSCALE_NULL"
              : pointer(G.D, Text);
    D += ", " + strides(G.D, Text);
    break;
  }
  const bool Factors = G.A.Factor || G.B.Factor; // only a guarded call takes them
  auto Operand = [&](const GemmMatrix &M) {
    std::string Factor = !Factors ? "" : M.Factor ? spellFactor(*M.Factor, Text) + ", " : "1, ";
    return Factor + pointer(M, Text) + ", " + strides(M, Text);
  };
  std::string Args = "(" + Site.str() + ", " + spellExtent(G.M, Text) + ", " +
                     spellExtent(G.N, Text) + ", " + spellExtent(G.K, Text) + ", " + Operand(G.A) +
                     ", " + Operand(G.B) + ", " + D + ", " + pointer(G.C, Text) + ", " +
                     strides(G.C, Text) + ")";
  auto Entry = [&](rules::EntryKind K) {
    return rules::entryPoint(K, entryType(G.Type), BaseOp::Matmul).str();
  };
  if (G.guarded()) {
    // The loops stay, run where the call finds C sharing memory with an operand or its elements
    // not distinct; the call takes the nest's first line, or the end of the code line above its
    // pragmas.
    const auto Kind = Factors ? rules::EntryKind::MatmulNestFactors : rules::EntryKind::MatmulNest;
    std::string Guard = "if (!" + Entry(Kind) + Args + ")";
    Guard = *G.GuardAt == G.InsertAt ? Guard + " " : " " + Guard;
    return {{*G.GuardAt, 0, Guard, Edit::Open, 0, static_cast<int>(G.Order)}};
  }
  std::string Call = Entry(rules::EntryKind::Matmul) + Args;
  std::string Loops;
  for (size_t I = 0; I < G.Batch.size(); ++I)
    Loops += "for (size_t " + batchVar(I) + " = 0; " + batchVar(I) + " < " +
             spellExtent(G.Batch[I], Text) + "; ++" + batchVar(I) + ") ";
  std::string Statement = G.Statement ? Loops + Call + ";" : Call;
  if (G.ARowSums)
    Statement += rowSums(G, Text);
  // After a nest the call follows its closing brace on the same line; in place of code it takes
  // that code's first line.
  bool After = !G.Remove.empty() && G.InsertAt != G.Remove.front().Begin;
  if ((After || G.From == GemmShape::Kernel) && G.Statement)
    Statement = " " + Statement;
  std::vector<Edit> Out;
  Out.push_back({G.InsertAt, 0, Statement, Edit::Open, 0, static_cast<int>(G.Order)});
  for (Span R : G.Remove) {
    // Code removed from lines of its own takes their indentation with it (not the call's place).
    if (R.Begin != G.InsertAt) {
      unsigned Begin = R.Begin, End = R.End;
      while (Begin > 0 && (Text[Begin - 1] == ' ' || Text[Begin - 1] == '\t'))
        --Begin;
      while (End < Text.size() && (Text[End] == ' ' || Text[End] == '\t'))
        ++End;
      if ((Begin == 0 || Text[Begin - 1] == '\n') && (End == Text.size() || Text[End] == '\n'))
        R = {Begin, End};
    }
    llvm::StringRef Old = Text.slice(R.Begin, R.End);
    Out.push_back({R.Begin, R.End - R.Begin, std::string(Old.count('\n'), '\n'), Edit::Replace,
                   0, 0});
  }
  return Out;
}

} // namespace autoscale::emit
