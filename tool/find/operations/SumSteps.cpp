//===- SumSteps.cpp - the operations that add into an assignment's target ----===//
#include "find/operations/SumSteps.h"

#include "find/Context.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>

using namespace clang;

namespace autoscale::find {
namespace {

/// The C library's fused multiply-add (fma, fmaf, fmal, std::fma): fma(a, b, c) is a * b + c
/// rounded once.
bool isFma(const CallExpr &C, const ASTContext &Ctx) {
  const FunctionDecl *FD = C.getDirectCallee();
  if (!FD || !FD->getIdentifier() || C.getNumArgs() != 3 ||
      !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
    return false;
  StringRef Name = FD->getName();
  return Name == "fma" || Name == "fmaf" || Name == "fmal";
}

/// The operations of E that add into the running sum, the leaf IsSum accepts.
std::vector<SumStep> stepsTo(const Expr *E, llvm::function_ref<bool(const Expr *)> IsSum,
                             const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<CallExpr>(E); C && isFma(*C, Ctx) && IsSum(C->getArg(2)))
    return {{C, C->getArg(0)}, {C, C->getArg(1)}};
  const auto *Op = dyn_cast<BinaryOperator>(E);
  if (!Op || !Op->isAdditiveOp())
    return {};
  std::vector<SumStep> Below;
  if (IsSum(Op->getLHS()) || !(Below = stepsTo(Op->getLHS(), IsSum, Ctx)).empty()) {
    Below.insert(Below.begin(), SumStep{Op, Op->getRHS()});
    return Below;
  }
  if (Op->getOpcode() == BO_Add &&
      (IsSum(Op->getRHS()) || !(Below = stepsTo(Op->getRHS(), IsSum, Ctx)).empty())) {
    Below.insert(Below.begin(), SumStep{Op, Op->getLHS()});
    return Below;
  }
  return {};
}

/// Whether X is an element of Target's array before it: a[i - c] for Target a[i], c a positive
/// constant.
bool earlierElement(const Expr *X, const Expr *Target, const ASTContext &Ctx) {
  const auto *A = dyn_cast<ArraySubscriptExpr>(X->IgnoreParenImpCasts());
  const auto *T = dyn_cast<ArraySubscriptExpr>(Target->IgnoreParenImpCasts());
  const auto *Back = A ? dyn_cast<BinaryOperator>(A->getIdx()->IgnoreParenImpCasts()) : nullptr;
  const auto *C = Back ? dyn_cast<IntegerLiteral>(Back->getRHS()->IgnoreParenImpCasts()) : nullptr;
  return T && Back && Back->getOpcode() == BO_Sub && C && C->getValue().isStrictlyPositive() &&
         sameExpr(A->getBase(), T->getBase(), Ctx) && sameExpr(Back->getLHS(), T->getIdx(), Ctx);
}

/// Whether FD is declared in namespace std or thrust (CUDA's thrust::reduce folds as std::reduce
/// does; both may sit in inline namespaces).
bool inStdOrThrust(const FunctionDecl &FD) {
  if (FD.isInStdNamespace())
    return true;
  for (const DeclContext *D = FD.getDeclContext(); D; D = D->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(D); N && !N->isInline())
      return N->getName() == "thrust" && N->getParent()->getRedeclContext()->isTranslationUnit();
  return false;
}

/// The lambda E passes: written there, or held by a local (`auto add = [](...) {...};`, or a
/// std::function made from one) that E names or copies.
const LambdaExpr *lambdaOf(const Expr *E) {
  E = E->IgnoreImplicit();
  if (const auto *Copy = dyn_cast<CXXConstructExpr>(E); Copy && Copy->getNumArgs() >= 1)
    E = Copy->getArg(0)->IgnoreImplicit();
  if (const auto *L = dyn_cast<LambdaExpr>(E))
    return L;
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || !V->getInit() || isa<ParmVarDecl>(V))
    return nullptr;
  const Expr *Init = V->getInit()->IgnoreImplicit();
  if (const auto *Make = dyn_cast<CXXConstructExpr>(Init); Make && Make->getNumArgs() >= 1)
    Init = Make->getArg(0)->IgnoreImplicit();
  return dyn_cast<LambdaExpr>(Init);
}

/// The argument of C that folds the range (its op, a lambda's for the folds written so):
/// std::accumulate's and std::reduce's last, std::inner_product's and std::transform_reduce's
/// second last (the last transforms the elements).
const Expr *foldOperator(const CallExpr &C) {
  const FunctionDecl *FD = C.getDirectCallee();
  if (!FD || !FD->getIdentifier() || !inStdOrThrust(*FD) || C.getNumArgs() < 4)
    return nullptr;
  const StringRef Name = FD->getName();
  if (Name == "accumulate" || Name == "reduce")
    return C.getArg(C.getNumArgs() - 1);
  // thrust's transform_reduce takes (first, last, transform, init, reduce): its fold is last.
  if (Name == "transform_reduce" && !FD->isInStdNamespace())
    return C.getArg(C.getNumArgs() - 1);
  if (Name == "inner_product" || Name == "transform_reduce")
    return C.getNumArgs() >= 5 ? C.getArg(C.getNumArgs() - 2) : nullptr;
  return nullptr;
}

} // namespace

std::vector<SumStep> foldedSteps(const FunctionDecl &Op, const ASTContext &Ctx) {
  const auto IsSum = [Sum = Op.getParamDecl(0)](const Expr *X) {
    const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return D && D->getDecl() == Sum;
  };
  std::vector<SumStep> Steps;
  std::function<void(const Stmt *)> Returns = [&](const Stmt *S) {
    if (const auto *R = dyn_cast_or_null<ReturnStmt>(S); R && R->getRetValue()) {
      std::vector<SumStep> More = stepsTo(R->getRetValue(), IsSum, Ctx);
      Steps.insert(Steps.end(), More.begin(), More.end());
    }
    for (const Stmt *Child : S ? S->children() : Stmt::const_child_range(nullptr, nullptr))
      if (!isa_and_nonnull<LambdaExpr>(Child))
        Returns(Child);
  };
  Returns(Op.getBody());
  return Steps;
}

FoldSteps foldSteps(const CallExpr &C, const ASTContext &Ctx) {
  const Expr *Fold = foldOperator(C);
  const LambdaExpr *L = Fold ? lambdaOf(Fold) : nullptr;
  const CXXMethodDecl *Op = L ? L->getCallOperator() : nullptr;
  if (!Op || Op->getNumParams() != 2)
    return {};
  return {L, foldedSteps(*Op, Ctx)};
}

const CXXMethodDecl *foldFunctor(const CallExpr &C) {
  const Expr *Fold = foldOperator(C);
  const CXXRecordDecl *Class = Fold ? Fold->IgnoreImplicit()->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Class || Class->isLambda() || !Class->hasDefinition())
    return nullptr;
  // Of overloads, the one whose running sum is of the fold's type (its result's: the initial
  // value's).
  const QualType Sum = C.getType().getCanonicalType().getUnqualifiedType();
  for (const CXXMethodDecl *M : Class->methods())
    if (M->getOverloadedOperator() == OO_Call && M->getNumParams() == 2 && M->hasBody() &&
        M->getParamDecl(0)->getType().getNonReferenceType().getCanonicalType().getUnqualifiedType() == Sum)
      return M;
  return nullptr;
}

InPlaceTransform inPlaceTransform(const CallExpr &C, const ASTContext &Ctx) {
  const FunctionDecl *FD = C.getDirectCallee();
  if (!FD || !FD->getIdentifier() || FD->getName() != "transform" || !inStdOrThrust(*FD) || C.getNumArgs() != 5)
    return {};
  const LambdaExpr *L = lambdaOf(C.getArg(4));
  const CXXMethodDecl *Op = L ? L->getCallOperator() : nullptr;
  if (!Op || Op->getNumParams() != 2)
    return {};
  // (first1, last1, first2, d_first, op): the output starts where an input does.
  const Expr *Out = C.getArg(3)->IgnoreImplicit();
  for (unsigned I : {0u, 2u})
    if (sameExpr(C.getArg(I)->IgnoreImplicit(), Out, Ctx))
      return {L, Op->getParamDecl(I == 0 ? 0 : 1)};
  return {};
}

std::vector<SumStep> scanSteps(const BinaryOperator &B, const ASTContext &Ctx) {
  if (B.getOpcode() != BO_Assign)
    return {};
  return stepsTo(B.getRHS(), [&](const Expr *X) { return earlierElement(X, B.getLHS(), Ctx); }, Ctx);
}

std::vector<SumStep> sumSteps(const BinaryOperator &B, const ASTContext &Ctx) {
  if (B.getOpcode() == BO_AddAssign || B.getOpcode() == BO_SubAssign)
    return {{&B, B.getRHS()}};
  if (B.getOpcode() == BO_Assign)
    return stepsTo(B.getRHS(), [&](const Expr *X) { return sameExpr(X, B.getLHS(), Ctx); }, Ctx);
  return {};
}

} // namespace autoscale::find
