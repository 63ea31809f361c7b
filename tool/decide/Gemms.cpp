//===- Gemms.cpp - the operations a rewritten matmul site computes -----------===//
#include "decide/Decide.h"

#include "find/gemm/GemmShape.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <utility>
#include <vector>

namespace autoscale {

/// A matmul site left as written: the operations it would have computed are decided one by one.
static void keepAsWritten(Decision &D, llvm::StringRef Why) {
  D.Treatment = rules::Treatment{};
  D.Treatment.Rounding = rules::Rounding::Output;
  D.Rule += (" (" + Why + ")").str();
}

void assignToMatmuls(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions) {
  auto GemmOf = [&](size_t I) -> const GemmShape * {
    return Ops[I].Shape && Ops[I].Shape->Kind == Form::Matmul ? Ops[I].Shape->Gemm.get() : nullptr;
  };
  // FP32 rounds nothing. A loop nest becomes the runtime's GEMM at fp32, which sums each element
  // as the loops do (from D, the products in order) and so computes the same bits, fast, and
  // records the operands' and the result's amax. A BLAS call or a declared kernel keeps its own
  // order, which the runtime cannot know, and loops that add D after the sum round differently.
  for (size_t I = 0; I < Ops.size(); ++I)
    if (Decision &D = Decisions[I];
        GemmOf(I) && D.rewrites() && D.Treatment.Format == rules::Format::FP32) {
      const GemmShape &G = *GemmOf(I);
      if (G.From == GemmShape::BlasCall || G.From == GemmShape::CublasCall)
        keepAsWritten(D, "fp32: the BLAS call is left as written");
      else if (G.From == GemmShape::Kernel)
        keepAsWritten(D, "fp32: the kernel is left as written");
      else if (G.SumThenAdd)
        keepAsWritten(D, "fp32: left as written, its sums are added to C after the products");
    }
  // One kernel's products replace its body together: kept if any is kept.
  std::map<std::pair<std::string, unsigned>, bool> KernelKept;
  for (size_t I = 0; I < Ops.size(); ++I)
    if (const GemmShape *G = GemmOf(I); G && G->From == GemmShape::Kernel)
      KernelKept[{Ops[I].Key.File, G->Covers[0].Begin}] |= !Decisions[I].rewrites();
  for (size_t I = 0; I < Ops.size(); ++I) {
    const GemmShape *G = GemmOf(I);
    if (!G)
      continue;
    Decision &D = Decisions[I];
    if (G->From == GemmShape::Kernel && D.rewrites() &&
        KernelKept[{Ops[I].Key.File, G->Covers[0].Begin}])
      keepAsWritten(D, "kept with the other products of its kernel");
    if (D.rewrites())
      D.Treatment.Rounding = rules::Rounding::Inputs; // the runtime's GEMM rounds A and B
  }
  // Each file's operations by offset, indexed once: a GEMM looks only at those its spans cover.
  std::map<std::string, std::vector<std::pair<unsigned, size_t>>> ByOffset;
  for (size_t J = 0; J < Ops.size(); ++J)
    ByOffset[Ops[J].Key.File].push_back({Ops[J].Key.Offset, J});
  for (auto &Entry : ByOffset)
    llvm::sort(Entry.second);
  for (size_t I = 0; I < Ops.size(); ++I) {
    const GemmShape *G = GemmOf(I);
    if (!G || !Decisions[I].rewrites())
      continue;
    std::string Site = Ops[I].File + ":" + std::to_string(Ops[I].Line) + ":" +
                       std::to_string(Ops[I].Column);
    const auto &InFile = ByOffset.find(Ops[I].Key.File)->second;
    for (const Span &S : G->Covers)
      for (auto It = llvm::lower_bound(InFile, std::pair<unsigned, size_t>{S.Begin, 0});
           It != InFile.end() && It->first < S.End; ++It)
        if (It->second != I) {
          Decisions[It->second].RunsIn = Substitution::Matmul;
          Decisions[It->second].MatmulSite = Site;
        }
  }
}

} // namespace autoscale
