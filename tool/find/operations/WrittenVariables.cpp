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

} // namespace autoscale::find
