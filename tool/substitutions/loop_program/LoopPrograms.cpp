//===- LoopPrograms.cpp - innermost loops of straight-line float arithmetic --===//
#include "substitutions/loop_program/LoopPrograms.h"

#include "find/OperationFinder.h"
#include "substitutions/loop_program/ProgramReader.h"

using namespace clang;

namespace autoscale {

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

void recogniseLoopProgram(OperationFinder &F, const Stmt &Loop, const FunctionDecl &FD,
                          llvm::ArrayRef<unsigned> Indices) {
  const auto *For = dyn_cast<ForStmt>(&Loop);
  const PrivateLocals *Private = F.privateLocalsOf(&FD);
  if (!For || !Private)
    return;
  std::set<const Expr *> Members;
  std::string Why;
  std::shared_ptr<LoopProgramShape> P =
      findLoopProgram(*For, FD, *Private, F.context(), F.ranges(),
                      [&](const Expr *E) { return F.recorded(E); }, Members, Why);
  if (P && Members.size() != Indices.size()) {
    P.reset();
    Why = "an operation of the loop is not in its straight-line float arithmetic";
  }
  for (unsigned I : Indices) {
    Operation &Op = F.operation(I);
    if (P && Op.Shape)
      Op.Shape->Substitutions[LoopProgramKindName.str()] = P;
    else if (!Why.empty())
      Op.NotSubstituted[LoopProgramKindName.str()] = Why;
  }
}

} // namespace find
} // namespace autoscale
