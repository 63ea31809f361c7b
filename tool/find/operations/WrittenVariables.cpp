//===- WrittenVariables.cpp - the variable an expression names or writes ----===//
#include "find/operations/WrittenVariables.h"

#include "find/Context.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace autoscale::find {

const VarDecl *variableNamed(const ValueDecl *D) {
  if (const auto *B = dyn_cast<BindingDecl>(D))
    return dyn_cast_or_null<VarDecl>(B->getDecomposedDecl());
  return dyn_cast<VarDecl>(D);
}

const VarDecl *writtenVariable(const Expr *LV) {
  if (const auto *D = dyn_cast<DeclRefExpr>(LV->IgnoreParenImpCasts()))
    return variableNamed(D->getDecl());
  return writtenVar(LV);
}

const VarDecl *variableWrittenBy(const Stmt *S) {
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
    return writtenVariable(U->getSubExpr());
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp())
    return writtenVariable(B->getLHS());
  if (const auto *O = dyn_cast<CXXOperatorCallExpr>(S);
      O && O->getNumArgs() >= 1 &&
      (O->isAssignmentOp() || O->getOperator() == OO_PlusPlus || O->getOperator() == OO_MinusMinus))
    return writtenVariable(O->getArg(0));
  return nullptr;
}

const BinaryOperator *startOf(const Stmt *S, const VarDecl *V) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(S);
  return B && B->getOpcode() == BO_Assign && varOf(B->getLHS()) == V && !refersTo(B->getRHS(), V) ? B : nullptr;
}

const BinaryOperator *startBefore(const Stmt *S, const VarDecl *V,
                                  llvm::function_ref<const Stmt *(const Stmt *)> Parent) {
  for (const Stmt *P = Parent(S); P; S = P, P = Parent(P)) {
    const auto *Block = dyn_cast<CompoundStmt>(P);
    if (!Block)
      continue;
    const BinaryOperator *Last = nullptr;
    for (const Stmt *Child : Block->body()) {
      if (Child == S)
        break;
      if (const BinaryOperator *B = startOf(Child, V))
        Last = B;
    }
    if (Last)
      return Last;
  }
  return nullptr;
}

} // namespace autoscale::find
