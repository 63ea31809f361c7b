//===- LoopPrograms.cpp - innermost loops of straight-line float arithmetic --===//
#include "find/loops/LoopPrograms.h"

#include "find/OperationFinder.h"
#include "find/loops/ProgramReader.h"

using namespace clang;

namespace autoscale {

bool sameLoopProgram(const LoopProgramShape *A, const LoopProgramShape *B) {
  return A == B || (A && B && *A == *B);
}

namespace find {

std::shared_ptr<LoopProgramShape> findLoopProgram(const ForStmt &For, const FunctionDecl &FD,
                                                  const PrivateLocals &Private,
                                                  ASTContext &Ctx, const FileRanges &Ranges,
                                                  const OperationOf &Op,
                                                  std::set<const Expr *> &Members,
                                                  std::string &Why) {
  // The runtime's programs are host code; a template's pattern has no types yet.
  if (FD.isDependentContext() || FD.hasAttr<CUDAGlobalAttr>() || FD.hasAttr<CUDADeviceAttr>()) {
    Why = "the loop is in a template or device code";
    return nullptr;
  }
  return programs::ProgramReader(For, Private, Ctx, Ranges, Op, Members).run(Why);
}

void OperationFinder::findLoopPrograms() {
  auto Recorded = [&](const Expr *E) -> const Operation * {
    auto It = IndexOf.find(E);
    return It == IndexOf.end() ? nullptr : &Found.Ops[It->second];
  };
  for (const auto &[Loop, Indices] : OpsInLoop) {
    const auto *For = dyn_cast<ForStmt>(Loop);
    const FunctionDecl *FD = FunctionOfLoop[Loop];
    const PrivateLocals *Private = privateLocalsOf(FD);
    if (!For || !Private)
      continue;
    std::set<const Expr *> Members;
    std::string Why;
    std::shared_ptr<LoopProgramShape> P = findLoopProgram(*For, *FD, *Private, Ctx, Ranges, Recorded, Members, Why);
    if (P && Members.size() != Indices.size()) {
      P.reset();
      Why = "an operation of the loop is not in its straight-line float arithmetic";
    }
    for (unsigned I : Indices) {
      Operation &Op = Found.Ops[I];
      if (P && Op.Shape)
        Op.Shape->Program = P;
      else
        Op.ProgramNote = Why;
    }
  }
}

} // namespace find
} // namespace autoscale
