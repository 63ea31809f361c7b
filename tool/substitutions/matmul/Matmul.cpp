//===- Matmul.cpp - a matrix product as one call of the runtime's GEMM ------===//
//
// GemmOps.h recognises a product (a loop nest, a BLAS or cuBLAS call, a declared kernel) and
// GemmNests.h proves it (GemmShape.h); its site then computes the operations written in the code it
// replaces, and is spelled as one call of the runtime's GEMM.
//
//===----------------------------------------------------------------------===//
#include "substitutions/Substitution.h"

#include "emit/CallSpelling.h"
#include "emit/LoopSpelling.h"
#include "substitutions/matmul/GemmOps.h"
#include "substitutions/matmul/GemmShape.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <set>
#include <string>
#include <utility>

namespace autoscale {
namespace {

using emit::Edit;
using namespace emit;

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

/// The edits of a nest whose loops stay to compute the values they store from the sums
/// (GemmShape::SumReadBack): the call before them opens a block with them, and where it computed
/// the sums (into a buffer laid out as C, whose first element C points to), each is read from
/// there instead of summed again; the buffer is freed where the block closes.
/// Outputs: `autoscale_matmul_output_apart_*(...)` for each other store the loops write
/// (GemmShape::Outputs), joined by &&: the call is made only where none shares memory with an
/// operand.
std::vector<Edit> readBackEdits(const GemmShape &G, const std::string &Outputs, const std::string &Call,
                                const std::string &C, llvm::StringRef Text) {
  const GemmShape::SumReadBack &R = *G.ReadBack;
  const std::string Type = G.Type == FloatKind::Float ? "float" : "double";
  const std::string Sums = Outputs.empty() ? Call : Outputs + " ? " + Call + " : AUTOSCALE_NULL";
  std::string Open = "{ " + Type + " *const autoscale_gemm_sums = " + Sums + ";";
  Open = *G.GuardAt == G.InsertAt ? Open + " " : " " + Open;
  const std::string ReadBack = "if (autoscale_gemm_sums) " + R.Accumulator +
                               " = autoscale_gemm_sums[&(" +
                               Text.slice(R.Element.Begin, R.Element.End).str() + ") - (" + C +
                               ")]; else ";
  const std::string Close =
      " " + rules::entryPoint(rules::EntryKind::MatmulSumsFree, rules::EntryType::None).str() +
      "(autoscale_gemm_sums); }";
  return {{*G.GuardAt, 0, Open, Edit::Open, 0, static_cast<int>(G.Order)},
          {R.SumAt, 0, ReadBack, Edit::Open, 0, 0},
          {R.NestEnd, 0, Close, Edit::Open, 0, 0}};
}

/// The edits of a matmul site: the code it replaces goes (its line breaks stay, so every later
/// line keeps its number) and the call takes its place.
std::vector<Edit> gemmEdits(const Operation &Op, llvm::StringRef Site, llvm::StringRef Text) {
  const GemmShape &G = *gemmShapeOf(Op);
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
  // The _factors calls take them, and so does the call of a nest's sums.
  const bool Factors = G.A.Factor || G.B.Factor || G.ProductFactor || G.NegatedProducts || G.ReadBack;
  auto Operand = [&](const GemmMatrix &M) {
    std::string Factor = !Factors ? "" : M.Factor ? spellFactor(*M.Factor, Text) + ", " : "1, ";
    return Factor + pointer(M, Text) + ", " + strides(M, Text);
  };
  const std::string Product = G.ProductFactor ? spellFactor(*G.ProductFactor, Text) : "1";
  const std::string ProductFactor =
      !Factors ? "" : (G.NegatedProducts ? (G.ProductFactor ? "-(" + Product + ")" : "-1") : Product) + ", ";
  std::string Args = "(" + Site.str() + ", " + spellExtent(G.M, Text) + ", " +
                     spellExtent(G.N, Text) + ", " + spellExtent(G.K, Text) + ", " + Operand(G.A) +
                     ", " + Operand(G.B) + ", " + ProductFactor + D + ", " + pointer(G.C, Text) +
                     ", " + strides(G.C, Text) + ")";
  // A template's nest calls the generic entry, which takes the instantiation's type.
  auto Entry = [&](rules::EntryKind K) {
    return rules::entryPoint(K, Op.Shape->Generic ? rules::EntryType::Generic : entryType(G.Type),
                             BaseOp::Matmul)
        .str();
  };
  if (G.guarded()) {
    // The loops stay, run where the call finds C sharing memory with an operand or its elements
    // not distinct; the call takes the nest's first line, or the end of the code line above its
    // pragmas.
    if (G.ReadBack) {
      std::string Outputs;
      for (const GemmMatrix &Out : G.Outputs)
        Outputs += (Outputs.empty() ? "" : " && ") + Entry(rules::EntryKind::MatmulOutputApart) + "(" + Site.str() + ", " +
                   spellExtent(G.M, Text) + ", " + spellExtent(G.N, Text) + ", " +
                   spellExtent(G.K, Text) + ", " + pointer(G.A, Text) + ", " + strides(G.A, Text) +
                   ", " + pointer(G.B, Text) + ", " + strides(G.B, Text) + ", " + D + ", " +
                   pointer(Out, Text) + ", " + strides(Out, Text) + ")";
      return readBackEdits(G, Outputs, Entry(rules::EntryKind::MatmulNestSums) + Args,
                           pointer(G.C, Text), Text);
    }
    const auto Kind = Factors ? rules::EntryKind::MatmulNestFactors : rules::EntryKind::MatmulNest;
    std::string Guard = "if (!" + Entry(Kind) + Args + ")";
    Guard = *G.GuardAt == G.InsertAt ? Guard + " " : " " + Guard;
    return {{*G.GuardAt, 0, Guard, Edit::Open, 0, static_cast<int>(G.Order)}};
  }
  std::string Call = Entry(Factors ? rules::EntryKind::MatmulFactors : rules::EntryKind::Matmul) + Args;
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


/// A matmul site left as written: the operations it would have computed are decided one by one.
void keepAsWritten(Decision &D, llvm::StringRef Why) {
  D.Treatment = rules::Treatment{};
  D.Treatment.Rounding = rules::Rounding::Output;
  D.Rule += (" (" + Why + ")").str();
}

const GemmShape *gemmOf(const Operation &Op) {
  return Op.Shape && Op.Shape->Kind == Form::Matmul ? gemmShapeOf(Op) : nullptr;
}

/// A rewritten matmul site computes the operations written in what it replaces: they are its
/// own, not rewritten one by one. It rounds its operands; the products of one kernel declaration
/// are rewritten together or kept together.
class MatmulSubstitution final : public SubstitutionKind {
public:
  llvm::StringRef name() const override { return MatmulKindName; }

  void recogniseFunction(find::OperationFinder &F, const clang::FunctionDecl &FD) const override {
    find::gemm::recogniseGemms(F, FD);
  }
  bool recogniseCall(find::OperationFinder &F, clang::CallExpr &Call) const override {
    return find::gemm::recogniseGemmCall(F, Call);
  }

  void assign(const std::vector<Operation> &Ops,
              std::vector<Decision> &Decisions) const override {
    // FP32 rounds nothing. A loop nest becomes the runtime's GEMM at fp32, which sums each
    // element as the loops do (from D, the products in order) and so computes the same bits,
    // fast, and records the operands' and the result's amax. A BLAS call or a declared kernel
    // keeps its own order, which the runtime cannot know, and loops that add D after the sum
    // round differently.
    for (size_t I = 0; I < Ops.size(); ++I)
      if (Decision &D = Decisions[I];
          gemmOf(Ops[I]) && D.rewrites() && D.Treatment.Format == rules::Format::FP32) {
        const GemmShape &G = *gemmOf(Ops[I]);
        if (G.From == GemmShape::BlasCall || G.From == GemmShape::CublasCall)
          keepAsWritten(D, "fp32: the BLAS call is left as written");
        else if (G.From == GemmShape::Kernel)
          keepAsWritten(D, "fp32: the kernel is left as written");
        else if (G.SumThenAdd)
          keepAsWritten(D, "fp32: left as written, its sums are added to C after the products");
      }
    // Each file's operations by offset, indexed once: a GEMM looks only at those its spans cover.
    std::map<std::string, std::vector<std::pair<unsigned, size_t>>> ByOffset;
    for (size_t J = 0; J < Ops.size(); ++J)
      ByOffset[Ops[J].Key.File].push_back({Ops[J].Key.Offset, J});
    for (auto &Entry : ByOffset)
      llvm::sort(Entry.second);
    const auto Covered = [&](size_t I, llvm::function_ref<void(size_t)> Each) {
      const auto &InFile = ByOffset.find(Ops[I].Key.File)->second;
      for (const Span &S : gemmOf(Ops[I])->Covers)
        for (auto It = llvm::lower_bound(InFile, std::pair<unsigned, size_t>{S.Begin, 0});
             It != InFile.end() && It->first < S.End; ++It)
          if (It->second != I)
            Each(It->second);
    };
    // A sum the loops read back that must stay exact (`if (z > 0) n++` counts with it, `sin(z)`
    // takes it as a phase) is what the program as written computes: no FP8 product gives it.
    for (size_t I = 0; I < Ops.size(); ++I)
      if (gemmOf(Ops[I]) && Decisions[I].rewrites()) {
        std::string Why;
        Covered(I, [&](size_t J) {
          llvm::StringRef Reason(Ops[J].SkipReason);
          if (Why.empty() && (Reason.starts_with("steers control flow") || Reason.starts_with("keeps a phase exact")))
            Why = Reason.str();
        });
        if (!Why.empty())
          keepAsWritten(Decisions[I], "left as written: a sum it computes " + Why.substr(0, Why.find(':')));
      }
    // One kernel's products replace its body together: kept if any is kept. The call guarding
    // the loops other products split away from is kept if any of those is.
    std::map<std::pair<std::string, unsigned>, bool> KernelKept, SplitKept;
    for (size_t I = 0; I < Ops.size(); ++I)
      if (const GemmShape *G = gemmOf(Ops[I]); G && G->From == GemmShape::Kernel)
        KernelKept[{Ops[I].Key.File, G->Covers[0].Begin}] |= !Decisions[I].rewrites();
      else if (G && G->SharedNest && !G->GuardsLoopsLeft)
        SplitKept[{Ops[I].Key.File, *G->SharedNest}] |= !Decisions[I].rewrites();
    for (size_t I = 0; I < Ops.size(); ++I) {
      const GemmShape *G = gemmOf(Ops[I]);
      if (!G)
        continue;
      Decision &D = Decisions[I];
      if (G->From == GemmShape::Kernel && D.rewrites() &&
          KernelKept[{Ops[I].Key.File, G->Covers[0].Begin}])
        keepAsWritten(D, "kept with the other products of its kernel");
      if (G->GuardsLoopsLeft && D.rewrites() && SplitKept[{Ops[I].Key.File, *G->SharedNest}])
        keepAsWritten(D, "kept with the products its loops' other work splits away as");
      if (D.rewrites()) {
        D.Treatment.Rounding = rules::Rounding::Inputs; // the runtime's GEMM rounds A and B
        D.RunsIn = MatmulKindName;
      }
    }
    for (size_t I = 0; I < Ops.size(); ++I) {
      if (!gemmOf(Ops[I]) || !Decisions[I].rewrites())
        continue;
      std::string Site = Ops[I].File + ":" + std::to_string(Ops[I].Line) + ":" +
                         std::to_string(Ops[I].Column);
      Covered(I, [&](size_t J) {
        if (!(gemmOf(Ops[J]) && Decisions[J].rewrites())) {
          Decisions[J].RunsIn = MatmulKindName;
          Decisions[J].ComputedAt = Site;
        }
      });
    }
  }

  std::optional<std::vector<Edit>> siteEdits(const Operation &Op, const Decision &D,
                                             llvm::StringRef Site,
                                             llvm::StringRef Text) const override {
    return gemmEdits(Op, Site, Text);
  }

  /// The call guarding the loops other products split away from leaves with any of them.
  void leaveWith(const std::vector<Operation> &Ops, const std::vector<Decision> &Decisions,
                 const std::string &File, unsigned Line,
                 std::vector<bool> &Leaving) const override {
    std::set<unsigned> SplitsLeaving;
    for (size_t I = 0; I < Ops.size(); ++I)
      if (const GemmShape *G = gemmOf(Ops[I]);
          G && Leaving[I] && G->SharedNest && !G->GuardsLoopsLeft)
        SplitsLeaving.insert(*G->SharedNest);
    for (size_t I = 0; I < Ops.size(); ++I)
      if (const GemmShape *G = gemmOf(Ops[I]); G && G->GuardsLoopsLeft && Ops[I].Key.File == File)
        Leaving[I] = Leaving[I] || SplitsLeaving.count(*G->SharedNest);
  }

  llvm::StringRef headerFor(const Operation &Op) const override {
    const GemmShape *G = gemmShapeOf(Op);
    return G && G->From == GemmShape::CublasCall ? "autoscale/cublas.h" : "";
  }

  void describe(const Operation &Op, const Decision &D,
                llvm::json::Object &Entry) const override {
    if (const GemmShape *G = gemmShapeOf(Op)) {
      static constexpr const char *From[] = {"loops", "blas", "kernel", "cublas"};
      Entry["gemm"] = From[G->From];
      if (!G->Note.empty())
        Entry["note"] = G->Note;
    }
  }
};

} // namespace

const SubstitutionKind &matmulSubstitution() {
  static const MatmulSubstitution Kind;
  return Kind;
}

} // namespace autoscale
