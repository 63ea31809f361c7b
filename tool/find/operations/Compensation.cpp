//===- Compensation.cpp - compensated summation: the error of an add, kept exact -===//
#include "find/operations/Compensation.h"

#include "find/Context.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <vector>

using namespace clang;

namespace autoscale::find {
namespace {

const BinaryOperator *floatOp(const Expr *E, BinaryOperatorKind K) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return B && B->getOpcode() == K && B->getType()->isRealFloatingType() ? B : nullptr;
}

bool same(const Expr *A, const Expr *B) { return Expr::isSameComparisonOperand(A, B); }

/// The values a function gives its float locals (initialisers, `v = e`), and its float adds and
/// subtracts.
struct Walk : RecursiveASTVisitor<Walk> {
  std::map<const VarDecl *, std::vector<const Expr *>> Values;
  std::vector<const BinaryOperator *> AddsAndSubs;
  bool VisitVarDecl(VarDecl *V) {
    if (V->getInit() && isFloatLocal(V))
      Values[V].push_back(V->getInit());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      if (const VarDecl *V = floatLocalOf(B->getLHS()))
        Values[V].push_back(B->getRHS());
    if ((B->isAdditiveOp() || B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) &&
        B->getType()->isRealFloatingType())
      AddsAndSubs.push_back(B);
    return true;
  }
};

/// The add giving T the value S + Y (either order), or null.
const BinaryOperator *sumOf(const VarDecl *T, const Expr *S, const Expr *Y, const Walk &W) {
  auto It = W.Values.find(T);
  if (It == W.Values.end())
    return nullptr;
  for (const Expr *V : It->second)
    if (const BinaryOperator *Add = floatOp(V, BO_Add))
      if ((same(Add->getLHS(), S) && same(Add->getRHS(), Y)) ||
          (same(Add->getLHS(), Y) && same(Add->getRHS(), S)))
        return Add;
  return nullptr;
}

} // namespace

std::set<const Expr *> compensationOps(const FunctionDecl &FD, ASTContext &Ctx) {
  std::set<const Expr *> Out;
  if (!FD.getBody())
    return Out;
  Walk W;
  W.TraverseStmt(FD.getBody());
  std::set<const VarDecl *> Compensations;
  for (const BinaryOperator *Outer : W.AddsAndSubs) {
    if (!Outer->isAdditiveOp())
      continue;
    // The error of t = s + y: (t - s) - y, or (s - t) + y (the add in either order).
    for (int Side = 0; Side < 2; ++Side) {
      const Expr *Inner = Side ? Outer->getRHS() : Outer->getLHS();
      const Expr *Y = Side ? Outer->getLHS() : Outer->getRHS();
      const BinaryOperator *Diff = floatOp(Inner, BO_Sub);
      if (!Diff || (Side == 1 && Outer->getOpcode() == BO_Sub))
        continue;
      bool Kahan = Outer->getOpcode() == BO_Sub; // (t - s) - y
      const VarDecl *T = floatLocalOf(Kahan ? Diff->getLHS() : Diff->getRHS());
      const Expr *S = Kahan ? Diff->getRHS() : Diff->getLHS();
      const BinaryOperator *Add = T ? sumOf(T, S, Y, W) : nullptr;
      if (!Add)
        continue;
      Out.insert({Outer, Diff, Add});
      const BinaryOperator *Assign = nullptr;
      if (const VarDecl *C = receivingLocal(Outer, Ctx, &Assign)) {
        Compensations.insert(C);
        if (Assign && Assign->isCompoundAssignmentOp())
          Out.insert(Assign);
      }
    }
  }
  // The terms take the compensation back: `y = x - c`, `s + c`.
  for (const BinaryOperator *B : W.AddsAndSubs) {
    const VarDecl *L = floatLocalOf(B->getLHS()), *R = floatLocalOf(B->getRHS());
    if ((L && Compensations.count(L)) || (R && Compensations.count(R)))
      Out.insert(B);
  }
  return Out;
}

} // namespace autoscale::find
