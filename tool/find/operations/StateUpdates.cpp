//===- StateUpdates.cpp - what is state, and the operations that update it ---===//
#include "find/operations/ReductionsImpl.h"

#include "find/Context.h"
#include "find/operations/WrittenVariables.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace autoscale::find {
using rules::Idiom;
namespace {

/// The arithmetic operators whose role this analysis may name.
bool isArithmeticOperator(const Stmt *S) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->isAdditiveOp() || B->isMultiplicativeOp() ||
           (B->isCompoundAssignmentOp() && !B->isShiftAssignOp() && !B->isBitwiseOp() &&
            B->getOpcode() != BO_RemAssign && B->getOpcode() != BO_AndAssign &&
            B->getOpcode() != BO_XorAssign && B->getOpcode() != BO_OrAssign);
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return U->getOpcode() == UO_Minus || U->isIncrementDecrementOp();
  return false;
}

} // namespace

void Reductions::Impl::storedBack(const Expr *Target, const Expr *Value) {
  // A struct's state given the result of a call that combines it with new data
  // (`pos[i] = drift(pos[i], vel[i], dt)`): the callee computes the update (UpdateHelpers.h).
  if (const auto *Call = dyn_cast<CallExpr>(Value->IgnoreImplicit());
      Call && outlivesFunction(Target) && readsOld(Call, Target))
    update(Call, Target);
  const VarDecl *Copy = varOf(Value->IgnoreParenCasts());
  const Expr *Init = Copy && Copy->getInit() ? Copy->getInit()->IgnoreImplicit() : nullptr;
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
      Construct && Construct->getNumArgs() == 1 && Construct->getConstructor()->isCopyOrMoveConstructor())
    Init = Construct->getArg(0)->IgnoreImplicit();
  if (!outlivesFunction(Target) || !Copy || !Copy->hasLocalStorage() || !Init ||
      !sameExpr(Init->IgnoreParenImpCasts(), Target, Ctx))
    return;
  for (const Assignment &Other : Assignments)
    if (writtenVar(Other.B->getLHS()) == Copy &&
        (Other.B->isCompoundAssignmentOp() || readsOld(Other.B->getRHS(), Other.B->getLHS())))
      update(Other.B, Other.B->getLHS());
}

bool Reductions::Impl::givenAnew(const Assignment &A) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Target = A.B->getLHS();
  if (llvm::any_of(Assignments, [&](const Assignment &X) {
        return X.B != A.B && X.Loop == A.Loop && X.B->getOpcode() == BO_Assign &&
               SM.isBeforeInTranslationUnit(X.B->getBeginLoc(), A.B->getBeginLoc()) &&
               sameExpr(X.B->getLHS(), Target, Ctx) && !readsOld(X.B->getRHS(), Target) && unconditional(X);
      }))
    return true;
  // The statements before A's, in each block around it up to its loop's body.
  const Stmt *Scope = A.Loop >= 0 ? Loops[A.Loop].S : nullptr;
  DynTypedNode N = DynTypedNode::create(*A.B);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    const Stmt *S = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!S || S == Scope || isLoop(S))
      return false;
    if (const auto *Block = dyn_cast<CompoundStmt>(S))
      for (const Stmt *Before : Block->body()) {
        if (Before == N.get<Stmt>())
          break;
        if (assignsAnew(Before, Target))
          return true;
      }
    N = Parents[0];
  }
}

bool Reductions::Impl::assignsAnew(const Stmt *S, const Expr *Target) const {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->getOpcode() == BO_Assign && sameExpr(B->getLHS(), Target, Ctx) && !readsOld(B->getRHS(), Target);
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return llvm::any_of(Block->body(), [&](const Stmt *C) { return assignsAnew(C, Target); });
  if (const auto *If = dyn_cast<IfStmt>(S))
    return If->getElse() && assignsAnew(If->getThen(), Target) && assignsAnew(If->getElse(), Target);
  return false;
}

bool Reductions::Impl::unconditional(const Assignment &X) const {
  const Stmt *Scope = X.Loop >= 0 ? Loops[X.Loop].S : nullptr;
  DynTypedNode N = DynTypedNode::create(*X.B);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    const Stmt *S = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!S || S == Scope)
      return true;
    if (isa<IfStmt, SwitchStmt, AbstractConditionalOperator, CaseStmt, DefaultStmt>(S))
      return false;
    if (const auto *Logic = dyn_cast<BinaryOperator>(S); Logic && Logic->isLogicalOp())
      return false;
    N = Parents[0];
  }
}

bool Reductions::Impl::carriedLocal(const Expr *LV, int L, bool Counting) const {
  LV = LV->IgnoreParenImpCasts();
  const auto *D = dyn_cast<DeclRefExpr>(LV);
  std::optional<Accessor> A = accessorOf(LV);
  const VarDecl *V = D                           ? variableNamed(D->getDecl())
                     : A && !A->ThroughPointer ? writtenVar(A->Object)
                                               : writtenVar(LV);
  if (!V || L < 0 || !V->hasLocalStorage() || declaredIn(V, L))
    return false;
  if (D || scatters(LV))
    return true;
  const Chain C = chainOf(L);
  return llvm::any_of(C, [&](int Around) {
    return (Around == L || Counting || !refilledIn(V, Around)) && !declaredIn(V, Around) &&
           !addressVaries(LV, Around, C);
  });
}

bool Reductions::Impl::refilledIn(const VarDecl *V, int L) const {
  auto [It, New] = Refilled.try_emplace({V, L});
  if (New)
    It->second = llvm::any_of(Assignments, [&](const Assignment &X) {
                   // Not one element (a boundary, `x[0] = 0.0f`): elements along an index.
                   std::optional<Subscript> A = subscriptOf(X.B->getLHS());
                   return within(X.Loop, L) && X.B->getOpcode() == BO_Assign &&
                          writtenVar(X.B->getLHS()) == V && !(A && A->Index->isIntegerConstantExpr(Ctx)) &&
                          !readsOld(X.B->getRHS(), X.B->getLHS());
                 }) ||
                 givenToCall(Loops[L].S, V);
  return It->second;
}

bool Reductions::Impl::givenToCall(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S);
      Call && llvm::any_of(Call->arguments(), [&](const Expr *A) { return bufferOf(A) == V; }))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *C) { return givenToCall(C, V); });
}

bool Reductions::Impl::outlivesFunction(const Expr *LV) const {
  LV = LV->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(LV)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    return V && (V->hasGlobalStorage() || V->getType()->isReferenceType());
  }
  if (std::optional<Subscript> A = subscriptOf(LV))
    return !A->OnObject || outlivesFunction(A->Base);
  if (const auto *M = dyn_cast<MemberExpr>(LV))
    return M->isArrow() || outlivesFunction(M->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(LV); U && U->getOpcode() == UO_Deref)
    return true;
  if (std::optional<Accessor> A = accessorOf(LV))
    return A->ThroughPointer || outlivesFunction(A->Object);
  return isa<CXXThisExpr>(LV);
}

bool Reductions::Impl::readsExchanged(const Stmt *E, const Expr *Target) const {
  std::optional<ElementPath> T = elementPathOf(Target);
  auto Partners = T ? Exchanged.find(T->Buffer) : Exchanged.end();
  return Partners != Exchanged.end() && readsWhere(E, [&](const Expr *X) {
           std::optional<ElementPath> R = elementPathOf(X);
           if (!R || !Partners->second.count(R->Buffer) || R->Indices.size() != T->Indices.size())
             return false;
           for (size_t I = 0; I < R->Indices.size(); ++I)
             if (!atOrBeside(R->Indices[I], T->Indices[I]))
               return false;
           return true;
         });
}

bool Reductions::Impl::atOrBeside(const Expr *Index, const Expr *At) const {
  Index = Index->IgnoreParenImpCasts();
  if (sameExpr(Index, At, Ctx))
    return true;
  const auto *B = dyn_cast<BinaryOperator>(Index);
  const auto Offset = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    const VarDecl *V = varOf(E);
    return E->isIntegerConstantExpr(Ctx) ||
           (V && (isSingleAssignmentLocal(V) || (isa<ParmVarDecl>(V) && !Modified.count(V))));
  };
  return B && B->isAdditiveOp() &&
         ((sameExpr(B->getLHS(), At, Ctx) && Offset(B->getRHS())) ||
          (B->getOpcode() == BO_Add && sameExpr(B->getRHS(), At, Ctx) && Offset(B->getLHS())));
}

bool Reductions::Impl::readsOld(const Stmt *E, const Expr *Target) const {
  return readsWhere(E, [&](const Expr *X) { return sameExpr(X, Target, Ctx); });
}

bool Reductions::Impl::readsWhere(const Stmt *E, llvm::function_ref<bool(const Expr *)> Is) const {
  if (!E)
    return false;
  if (const auto *X = dyn_cast<Expr>(E)) {
    if (Is(X))
      return true;
    if (const VarDecl *V = varOf(X); V && isSingleAssignmentLocal(V) && Visiting.insert(V).second) {
      bool R = readsWhere(V->getInit(), Is);
      Visiting.erase(V);
      if (R)
        return true;
    }
  }
  return llvm::any_of(E->children(), [&](const Stmt *S) { return readsWhere(S, Is); });
}

void Reductions::Impl::update(const Stmt *S, const Expr *Target) {
  if (!S)
    return;
  if (isArithmeticOperator(S) && !Roles.count(S))
    Roles[S] = Idiom::Update;
  // A call that combines the old value with new data (`lerp(g, m, beta1)`, g read from memory;
  // a running maximum, `m = fmaxf(m, fabsf(x[i]))`): not a transform of the old value alone
  // (`h[i] = relu(h[i])`, an activation in place). A library call's result is the new state; a
  // function of the project's computes its callers' updates (UpdateHelpers.h).
  if (const auto *Call = dyn_cast<CallExpr>(S);
      Call && llvm::any_of(Call->arguments(), [&](const Expr *A) { return readsOld(A, Target); }) &&
      llvm::any_of(Call->arguments(), [&](const Expr *A) { return !readsOld(A, Target) && readsData(A); })) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->isDefined() && !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
      UpdateCalls.insert(Call);
    else
      Roles.try_emplace(Call, Idiom::Update);
  }
  if (const auto *X = dyn_cast<Expr>(S))
    if (const VarDecl *V = varOf(X); V && isSingleAssignmentLocal(V) &&
                                     readsOld(V->getInit(), Target) && Updated.insert(V).second)
      update(V->getInit(), Target);
  for (const Stmt *C : S->children())
    update(C, Target);
}

} // namespace autoscale::find
