//===- Gemms.cpp - the operations a rewritten matmul site computes -----------===//
#include "decide/Decide.h"

#include "find/GemmShape.h"

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
  // FP32 rounds nothing: the loops (or the BLAS call) already compute the product exactly as
  // written, in their own order, which the runtime's GEMM would not keep.
  for (size_t I = 0; I < Ops.size(); ++I)
    if (Decision &D = Decisions[I];
        GemmOf(I) && D.rewrites() && D.Treatment.Format == rules::Format::FP32)
      keepAsWritten(D, "fp32: left as written");
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
        if (It->second != I)
          Decisions[It->second].InMatmul = Site;
  }
}

} // namespace autoscale
