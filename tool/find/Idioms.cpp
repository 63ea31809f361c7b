//===- Idioms.cpp - the rules' names for the parts of a reduction ------------===//
#include "find/Idioms.h"

#include "find/Context.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace autoscale::find {

static bool isFloatMul(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return B && B->getOpcode() == BO_Mul &&
         (B->getType()->isRealFloatingType() || B->isTypeDependent());
}

/// acc = acc + a*b: the add of a reduction written out.
static bool isWrittenOutAccumulation(const BinaryOperator *Add, ASTContext &Ctx) {
  if (Add->getOpcode() != BO_Add)
    return false;
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(valueParent(Add, Ctx));
  if (!Assign || Assign->getOpcode() != BO_Assign || Assign->getRHS()->IgnoreParenImpCasts() != Add)
    return false;
  const Expr *L = Add->getLHS(), *R = Add->getRHS();
  return (sameExpr(L, Assign->getLHS(), Ctx) && isFloatMul(R)) ||
         (sameExpr(R, Assign->getLHS(), Ctx) && isFloatMul(L));
}

/// acc += a*b (or -=).
static bool isCompoundAccumulation(const BinaryOperator *B) {
  return (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) &&
         isFloatMul(B->getRHS());
}

/// Whether a factor of Mul is a constant or a variable set outside the loops around it: then
/// acc += lr * g[i] scales what it adds (an optimizer step, an axpy), unlike the products of a
/// dot product or matrix product, whose factors both change from one iteration to the next.
static bool hasLoopInvariantFactor(const BinaryOperator *Mul, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Outermost = nullptr;
  DynTypedNode N = DynTypedNode::create(*static_cast<const Stmt *>(Mul));
  for (DynTypedNodeList P = Ctx.getParents(N); !P.empty(); P = Ctx.getParents(N)) {
    N = P[0];
    const Stmt *S = N.get<Stmt>();
    if (!S && N.get<FunctionDecl>())
      break;
    if (isa_and_nonnull<LambdaExpr>(S))
      break;
    if (isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      Outermost = S;
  }
  auto Invariant = [&](const Expr *F) {
    F = F->IgnoreParenCasts();
    if (isa<FloatingLiteral, IntegerLiteral>(F))
      return true;
    const auto *D = dyn_cast<DeclRefExpr>(F);
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && Outermost &&
           !SM.isPointWithin(V->getLocation(), Outermost->getBeginLoc(), Outermost->getEndLoc());
  };
  return Invariant(Mul->getLHS()) || Invariant(Mul->getRHS());
}

std::string reductionOpName(const BinaryOperator *B, llvm::StringRef Base, ASTContext &Ctx) {
  if (!B->isCompoundAssignmentOp() && B->getOpcode() == BO_Mul) {
    const auto *P = dyn_cast_or_null<BinaryOperator>(valueParent(B, Ctx));
    if (P && ((isCompoundAccumulation(P) && P->getRHS()->IgnoreParenImpCasts() == B) ||
              isWrittenOutAccumulation(P, Ctx)) &&
        contextOf(B, Ctx).InLoop && !hasLoopInvariantFactor(B, Ctx))
      return "dot_mul";
  } else if (isCompoundAccumulation(B) || isWrittenOutAccumulation(B, Ctx)) {
    if (contextOf(B, Ctx).InLoop)
      return "accumulate";
  }
  return Base.str();
}

} // namespace autoscale::find
