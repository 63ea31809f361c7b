//===- Guards.cpp - a small value added to keep a divisor away from zero -----===//
#include "find/operations/Guards.h"

#include "find/Context.h"

#include "clang/AST/ExprCXX.h"

#include <optional>

using namespace clang;

namespace autoscale::find {
namespace {

/// The value of a constant: a literal, or a variable declared const with a constant value.
std::optional<double> constantOf(const Expr *X, ASTContext &Ctx) {
  X = X->IgnoreParenImpCasts();
  if (const VarDecl *V = varOf(X); V && V->getType().isConstQualified() && V->getInit())
    X = V->getInit();
  llvm::APFloat F(0.0);
  if (X->isValueDependent() || !X->EvaluateAsFloat(F, Ctx))
    return std::nullopt;
  return F.convertToDouble();
}

/// Whether Base reaches the function's inputs: a parameter, a global, `this`, or a member or
/// the pointee of one.
bool isInput(const Expr *Base) {
  Base = Base->IgnoreParenImpCasts();
  if (const VarDecl *V = varOf(Base))
    return isa<ParmVarDecl>(V) || V->hasGlobalStorage();
  if (const auto *M = dyn_cast<MemberExpr>(Base))
    return isInput(M->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(Base); U && U->getOpcode() == UO_Deref)
    return isInput(U->getSubExpr());
  return isa<CXXThisExpr>(Base);
}

bool isSetting(const Expr *X, const VariableFacts &Facts) {
  X = X->IgnoreParenImpCasts();
  if (!X->getType()->isRealFloatingType())
    return false;
  if (const VarDecl *V = varOf(X)) {
    if (Facts.GivenOnce(V))
      return isSetting(V->getInit(), Facts);
    return (isa<ParmVarDecl>(V) || V->hasGlobalStorage()) && !Facts.Written(V);
  }
  if (const auto *M = dyn_cast<MemberExpr>(X))
    return isInput(M->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(X); U && U->getOpcode() == UO_Deref)
    return isInput(U->getSubExpr());
  return false;
}

} // namespace

const Expr *guardingOp(const Expr *G, ASTContext &Ctx, const VariableFacts &Facts) {
  const Expr *E = G->IgnoreParenImpCasts();
  if (const VarDecl *V = varOf(E); V && Facts.GivenOnce(V))
    E = V->getInit()->IgnoreParenImpCasts();
  if (!E->getType()->isRealFloatingType())
    return nullptr;
  const Expr *L = nullptr, *R = nullptr;
  if (const auto *Add = dyn_cast<BinaryOperator>(E); Add && Add->getOpcode() == BO_Add) {
    L = Add->getLHS(), R = Add->getRHS();
  } else if (const auto *Call = dyn_cast<CallExpr>(E); Call && Call->getNumArgs() == 2) {
    const FunctionDecl *F = Call->getDirectCallee();
    const llvm::StringRef Name = F && F->getIdentifier() ? F->getName() : "";
    if (Name == "fmaxf" || Name == "fmax" || Name == "fmaxl" || (Name == "max" && F->isInStdNamespace()))
      L = Call->getArg(0), R = Call->getArg(1);
  } else if (const auto *Fma = dyn_cast<CallExpr>(E); Fma && Fma->getNumArgs() == 3) {
    // A fused multiply-add's addend, `fmaf(x, x, 1e-8f)`: the product takes the place of a value.
    const FunctionDecl *F = Fma->getDirectCallee();
    const llvm::StringRef Name = F && F->getIdentifier() ? F->getName() : "";
    if (Name == "fmaf" || Name == "fma" || Name == "fmal" || Name == "__fmaf_rn" || Name == "__fma_rn")
      L = Fma->getArg(0), R = Fma->getArg(2);
  }
  if (!L)
    return nullptr;
  const std::optional<double> Left = constantOf(L, Ctx), Right = constantOf(R, Ctx);
  const auto small = [](std::optional<double> C) { return C && *C > 0 && *C < 1; };
  if ((small(Left) && !Right) || (small(Right) && !Left) ||
      (!Left && !Right && isSetting(L, Facts) != isSetting(R, Facts)))
    return E;
  return nullptr;
}

} // namespace autoscale::find
