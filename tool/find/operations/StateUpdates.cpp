//===- StateUpdates.cpp - what is state, and the operations that update it ---===//
#include "find/operations/ReductionsImpl.h"

#include "find/Context.h"
#include "find/loops/Affine.h"
#include "find/operations/WrittenVariables.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <functional>

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

bool sameUpToClamp(const Expr *A, const Expr *B, const ASTContext &Ctx, unsigned Depth = 0);

/// Whether Init, an integer local's initialiser, is Index kept in range (`g < n ? g : n - 1`,
/// `min(g, n - 1)`, `max(0, min(g, n - 1))`, a MIN macro's `?:`): where Index is in range, the local is Index.
bool clampsTo(const Expr *Init, const Expr *Index, const ASTContext &Ctx, unsigned Depth) {
  Init = Init->IgnoreParenImpCasts();
  if (sameUpToClamp(Init, Index, Ctx, Depth + 1))
    return true;
  if (const auto *C = dyn_cast<ConditionalOperator>(Init))
    return clampsTo(C->getTrueExpr(), Index, Ctx, Depth + 1) || clampsTo(C->getFalseExpr(), Index, Ctx, Depth + 1);
  const auto *Call = dyn_cast<CallExpr>(Init);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  return F && F->getIdentifier() && llvm::is_contained({"min", "max", "umin", "umax", "clamp"}, F->getName()) &&
         llvm::any_of(Call->arguments(), [&](const Expr *Arg) { return clampsTo(Arg, Index, Ctx, Depth + 1); });
}

/// Whether A and B index the same element wherever it is in range: the same expression, or one
/// with a local clamped from the other's in its place (a tile's copy `in[y * nx + cx]`, `int cx = gx
/// < nx ? gx : nx - 1`, of the element `out[y * nx + gx]`; at the edge it copies a neighbour).
bool sameUpToClamp(const Expr *A, const Expr *B, const ASTContext &Ctx, unsigned Depth) {
  if (sameExpr(A, B, Ctx))
    return true;
  if (Depth > 8)
    return false;
  A = A->IgnoreParenImpCasts();
  B = B->IgnoreParenImpCasts();
  for (auto [X, Y] : {std::pair(A, B), std::pair(B, A)}) {
    if (isa<ConditionalOperator, CallExpr>(X) && clampsTo(X, Y, Ctx, Depth)) // in[min(i, n - 1)]
      return true;
    if (const auto *D = dyn_cast<DeclRefExpr>(X))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
          V && V->hasLocalStorage() && V->getType()->isIntegerType() && V->getInit() &&
          clampsTo(V->getInit(), Y, Ctx, Depth))
        return true;
  }
  const auto *BA = dyn_cast<BinaryOperator>(A), *BB = dyn_cast<BinaryOperator>(B);
  return BA && BB && BA->getOpcode() == BB->getOpcode() && sameUpToClamp(BA->getLHS(), BB->getLHS(), Ctx, Depth + 1) &&
         sameUpToClamp(BA->getRHS(), BB->getRHS(), Ctx, Depth + 1);
}

} // namespace

void Reductions::Impl::storedBack(const Expr *Target, const Expr *Value, int L) {
  // A struct's state given the result of a call that combines it with new data
  // (`pos[i] = drift(pos[i], vel[i], dt)`, a loop's `pos = pos + vel * dt` of a local): the callee
  // computes the update (UpdateHelpers.h).
  if (const auto *Call = dyn_cast<CallExpr>(Value->IgnoreImplicit());
      Call && (outlivesFunction(Target) || carriedLocal(Target, L, /*Counting=*/false)) && readsOld(Call, Target)) {
    // A local the loop carries, moved by a vector quantity of locals (`pos = pos + vel * dt`).
    if (!outlivesFunction(Target) && programFunction(Call->getDirectCallee()) &&
        llvm::any_of(Call->arguments(), [&](const Expr *A) {
          return !readsOld(A, Target) && A->getType()->isRecordType() && !isCompileTimeConstant(A, Ctx);
        }))
      UpdateCalls.insert(Call);
    // A whole variable the loop carries (a local declared outside it, a global), not given a fresh
    // value earlier in the iteration, given a function of its old value whatever else the
    // function is given: an iterated map, `y = euler(y, h)`, `x = drift(x, 1.0f, dt)` (bf16 held
    // x at 0.03125), also within another call (`x = clampf(drift(x, dt), lo, hi)`).
    const auto Fresh = llvm::find_if(Assignments, [&](const Assignment &A) { return A.B->getRHS() == Value; });
    if (carriedVariable(Target, L) && (Fresh == Assignments.end() || !givenAnew(*Fresh))) {
      std::function<void(const CallExpr *)> Map = [&](const CallExpr *C) {
        if (programFunction(C->getDirectCallee()))
          IteratedMapCalls.insert(C);
        for (const Expr *A : C->arguments())
          if (const auto *Inner = dyn_cast<CallExpr>(A->IgnoreParenImpCasts()); Inner && readsOld(Inner, Target))
            Map(Inner);
      };
      Map(Call);
    }
    update(Call, Target);
  }
  const VarDecl *Copy = varOf(Value->IgnoreParenCasts());
  const Expr *Init = Copy && Copy->getInit() ? Copy->getInit()->IgnoreImplicit() : nullptr;
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
      Construct && Construct->getNumArgs() == 1 && Construct->getConstructor()->isCopyOrMoveConstructor())
    Init = Construct->getArg(0)->IgnoreImplicit();
  // The copy is of the target's element, or of the element at its place (or beside it) in a
  // buffer exchanged with it (`float p = oldPos[i]; p += vel[i] * dt; newPos[i] = p;` and a swap
  // of the two).
  if (!outlivesFunction(Target) || !Copy || !Copy->hasLocalStorage() || !Init ||
      !(sameExpr(Init->IgnoreParenImpCasts(), Target, Ctx) ||
        (elementPathOf(Init->IgnoreParenImpCasts()) && readsExchanged(Init, Target))))
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

const Reductions::Impl::AssignmentIndex &Reductions::Impl::assignmentIndex() const {
  if (!Indexed) {
    Indexed.emplace();
    for (const Assignment &X : Assignments) {
      if (X.B->getOpcode() != BO_Assign)
        continue;
      Indexed->Stored.insert(X.B->getLHS()->IgnoreParens());
      Indexed->ByRoot.insert({storageRoot(X.B->getLHS()), X.B});
      // A padded tile's copy holds a constant outside the grid (`s[l] = i < n ? u[i] : 0.0f`).
      const Expr *Value = X.B->getRHS()->IgnoreParenImpCasts();
      if (const auto *C = dyn_cast<ConditionalOperator>(Value)) {
        if (isCompileTimeConstant(C->getFalseExpr(), Ctx))
          Value = C->getTrueExpr()->IgnoreParenImpCasts();
        else if (isCompileTimeConstant(C->getTrueExpr(), Ctx))
          Value = C->getFalseExpr()->IgnoreParenImpCasts();
      }
      std::optional<ElementPath> To = elementPathOf(X.B->getLHS()), From = elementPathOf(Value);
      if (To && From)
        Indexed->Copies.insert({To->Buffer, {*To, *From, &X}});
    }
  }
  return *Indexed;
}

bool Reductions::Impl::isDelayElement(const Assignment &A) const {
  const AssignmentIndex &Index = assignmentIndex();
  // A delay in a recurrence: the new value depends on other floats the function writes (y on
  // f->z1, which the function gives z2's old value), not a copy of data kept for the next
  // iteration (`previous = x[i] * 0.5f`).
  const bool Feedback = readsWhere(A.B->getRHS(), [&](const Expr *X) {
    if (!X->getType()->isRealFloatingType())
      return false;
    auto [First, Last] = Index.ByRoot.equal_range(storageRoot(X));
    return std::any_of(First, Last, [&](const auto &Y) { return Y.second != A.B && sameExpr(Y.second->getLHS(), X, Ctx); });
  });
  if (!Feedback)
    return false;
  // Its old value read before it, in its loop's body or the function's.
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Target = A.B->getLHS();
  std::function<bool(const Stmt *)> Reads = [&](const Stmt *S) {
    if (!S || !SM.isBeforeInTranslationUnit(S->getBeginLoc(), A.B->getBeginLoc()))
      return false;
    if (const auto *E = dyn_cast<Expr>(S); E && !Index.Stored.count(E->IgnoreParens()) && sameExpr(E, Target, Ctx))
      return true;
    return llvm::any_of(S->children(), Reads);
  };
  return Reads(A.Loop >= 0 ? Loops[A.Loop].S : Body);
}

bool Reductions::Impl::sweptAgain(const Assignment &A) const {
  std::optional<ElementPath> T = elementPathOf(A.B->getLHS());
  return T && A.Loop >= 0 && llvm::any_of(chainOf(A.Loop), [&](int L) {
           return llvm::none_of(Loops[L].Induction, [&](const VarDecl *V) {
             return llvm::any_of(T->Indices, [&](const Expr *I) { return refersTo(I, V); });
           });
         });
}

bool Reductions::Impl::programFunction(const FunctionDecl *F) const {
  return F && F->isDefined() && !Ctx.getSourceManager().isInSystemHeader(F->getLocation());
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
  const Chain C = chainOf(L);
  if (D || scatters(LV, C))
    return true;
  return llvm::any_of(C, [&](int Around) {
    return (Around == L || Counting || !refilledIn(V, Around)) && !declaredIn(V, Around) &&
           !addressVaries(LV, Around, C);
  });
}

bool Reductions::Impl::carriedVariable(const Expr *LV, int L) const {
  const Expr *E = LV->IgnoreParenImpCasts();
  // A member of a variable (`s.x`), or of the object a method works on (`x` of `this`).
  while (const auto *M = dyn_cast<MemberExpr>(E)) {
    E = M->getBase()->IgnoreParenImpCasts();
    if (M->isArrow() && !isa<CXXThisExpr>(E))
      return false;
  }
  if (isa<CXXThisExpr>(E))
    return true; // the object's state, carried from one call of its methods to the next
  const auto *D = dyn_cast<DeclRefExpr>(E);
  const VarDecl *V = D ? variableNamed(D->getDecl()) : nullptr;
  // A global or static is carried from one call of the function to the next, in a loop or not.
  return V && (V->hasGlobalStorage() || (L >= 0 && carriedLocal(LV, L, /*Counting=*/false)));
}

bool Reductions::Impl::refilledIn(const VarDecl *V, int L) const {
  auto [It, New] = Refilled.try_emplace({V, L});
  if (New)
    It->second = llvm::any_of(Assignments, [&](const Assignment &X) {
                   // Not one element (a boundary, `x[0] = 0.0f`): elements along an index.
                   std::optional<Subscript> A = subscriptOf(X.B->getLHS());
                   return within(X.Loop, L) && X.B->getOpcode() == BO_Assign &&
                          writtenVar(X.B->getLHS()) == V && !(A && A->Index->isIntegerConstantExpr(Ctx)) &&
                          !readsOld(X.B->getRHS(), X.B->getLHS()) && !readsBeside(X.B->getRHS(), X.B->getLHS());
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
    // A structured binding names a part of its decomposed object: state where that object is
    // (`for (auto &[x, v] : particles) x += dt * v;`).
    const VarDecl *V = variableNamed(D->getDecl());
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

bool Reductions::Impl::readsNear(const Stmt *E, const Expr *Target,
                                 llvm::function_ref<bool(const ElementPath &Written, const ElementPath &Read)> Near) const {
  std::optional<ElementPath> T = pathThroughRows(Target);
  const auto Beside = [&](const ElementPath &R, const ElementPath &At) {
    const size_t N = At.Indices.size();
    return R.Indices.size() == N && llvm::all_of(llvm::seq<size_t>(0, N), [&](size_t I) {
             const bool Last = I + 1 == N;
             return atOrBeside(R.Indices[I], Last ? R.RowOffset : nullptr, At.Indices[I], Last ? At.RowOffset : nullptr);
           });
  };
  return T && readsWhere(E, [&](const Expr *X) {
           std::optional<ElementPath> R = pathThroughRows(X);
           if (!R)
             return false;
           if (Near(*T, *R))
             return Beside(*R, *T);
           // Through a tile the function copies the element into (`s[l] = u[i]; ... s[l - 1]`,
           // shared memory, the element's index clamped or not): a read beside the copy's place
           // reads beside the element.
           auto [First, Last] = assignmentIndex().Copies.equal_range(R->Buffer);
           return std::any_of(First, Last, [&](const auto &Copy) {
             const auto &[To, From, By] = Copy.second;
             return Near(*T, From) && From.Indices.size() == T->Indices.size() &&
                    llvm::all_of(llvm::seq<size_t>(0, From.Indices.size()),
                                 [&](size_t I) { return sameUpToClamp(From.Indices[I], T->Indices[I], Ctx); }) &&
                    Beside(*R, To);
           });
         });
}

bool Reductions::Impl::readsExchanged(const Stmt *E, const Expr *Target) const {
  return readsNear(E, Target, [&](const ElementPath &Written, const ElementPath &Read) {
    auto Partners = Exchanged.find(Written.Buffer);
    return Partners != Exchanged.end() && Partners->second.count(Read.Buffer);
  });
}

bool Reductions::Impl::sameBuffer(const ElementPath &Written, const ElementPath &Read) const {
  const auto *W = dyn_cast<MemberExpr>(Written.Base), *R = dyn_cast<MemberExpr>(Read.Base);
  return Written.Buffer == Read.Buffer && (!W || (R && sameExpr(W->getBase(), R->getBase(), Ctx)));
}

bool Reductions::Impl::readsBeside(const Stmt *E, const Expr *Target) const {
  return readsNear(E, Target, [&](const ElementPath &Written, const ElementPath &Read) { return sameBuffer(Written, Read); });
}

bool Reductions::Impl::readsOwnBuffer(const Stmt *E, const Expr *Target, int L, const Chain &C, bool SameSlice) const {
  std::optional<ElementPath> T = pathThroughRows(Target);
  const auto Fixed = [&](const Expr *Offset) {
    return !Offset || llvm::none_of(C, [&](int Around) { return exprVaries(Offset, Around, C); });
  };
  const auto Apart = [&](const ElementPath &R) {
    return (R.RowOffset || T->RowOffset) && Fixed(R.RowOffset) && Fixed(T->RowOffset) &&
           !(R.RowOffset && T->RowOffset && sameExpr(R.RowOffset, T->RowOffset, Ctx));
  };
  const auto Leading = [&](const ElementPath &R) {
    return R.Indices.size() == T->Indices.size() &&
           (R.Indices.empty() || llvm::all_of(llvm::seq<size_t>(1, R.Indices.size()), [&](size_t I) {
             return sameExpr(R.Indices[I - 1], T->Indices[I - 1], Ctx) || exprVaries(R.Indices[I - 1], L, C);
           }));
  };
  return T && T->Buffer && readsWhere(E, [&](const Expr *X) {
           std::optional<ElementPath> R = pathThroughRows(X);
           return R && sameBuffer(*T, *R) && !Apart(*R) && (!SameSlice || Leading(*R));
         });
}

bool Reductions::Impl::eliminates(const Expr *Added, const Expr *Written, int L, const Chain &C) const {
  if (const auto *Product = dyn_cast<BinaryOperator>(Added->IgnoreParenImpCasts());
      Product && Product->getOpcode() == BO_Mul && readsOwnBuffer(Product->getLHS(), Written, L, C, false) &&
      readsOwnBuffer(Product->getRHS(), Written, L, C, false))
    return true;
  return readsOwnBuffer(Added, Written, L, C, true);
}

namespace {

/// An integer index as a polynomial over atoms (loops/Affine.h): `j * NX + (i - 1)` and
/// `(size_t)(j - 1) * nx + i` read as j·NX + i - 1 and j·nx - nx + i, so the way the index is
/// grouped, cast or spelled by a macro does not matter. A product too large to expand, or one
/// whose coefficients could overflow, stays one atom.
Poly indexPolynomial(const Expr *E, Atoms &A, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  // An explicit conversion between integer types (`(size_t)(j - 1)`) keeps the value of an index.
  while (const auto *C = dyn_cast<ExplicitCastExpr>(E)) {
    if (!C->getType()->isIntegerType() || !C->getSubExpr()->getType()->isIntegerType())
      break;
    E = C->getSubExpr()->IgnoreParenImpCasts();
  }
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx); V && V->getSignificantBits() <= 32)
    return Poly::constant(V->getExtValue());
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Minus)
    return Poly() - indexPolynomial(U->getSubExpr(), A, Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Plus)
    return indexPolynomial(U->getSubExpr(), A, Ctx);
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || !(B->isAdditiveOp() || B->getOpcode() == BO_Mul))
    return Poly::atom(A.idOf(E));
  const Poly L = indexPolynomial(B->getLHS(), A, Ctx), R = indexPolynomial(B->getRHS(), A, Ctx);
  if (B->getOpcode() != BO_Mul)
    return B->getOpcode() == BO_Add ? L + R : L - R;
  constexpr int64_t Largest = int64_t(1) << 30;
  const Poly P = L * R;
  if (P.terms().size() > 16 ||
      llvm::any_of(P.terms(), [](const auto &T) { return T.second > Largest || T.second < -Largest; }))
    return Poly::atom(A.idOf(E));
  return P;
}

} // namespace

std::optional<ElementPath> Reductions::Impl::pathThroughRows(const Expr *E) const {
  std::optional<ElementPath> P = elementPathOf(E);
  const auto *Row = P && P->Indices.size() == 1 && !P->RowOffset ? dyn_cast<VarDecl>(P->Buffer) : nullptr;
  if (!Row || !Row->getType()->isPointerType() || !isSingleAssignmentLocal(Row))
    return P;
  const Expr *Init = Row->getInit()->IgnoreParenImpCasts(), *Into = nullptr, *Offset = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(Init); B && B->getOpcode() == BO_Add) {
    const bool LeftPointer = B->getLHS()->getType()->isPointerType();
    Into = LeftPointer ? B->getLHS() : B->getRHS();
    Offset = LeftPointer ? B->getRHS() : B->getLHS();
  } else if (const auto *U = dyn_cast<UnaryOperator>(Init); U && U->getOpcode() == UO_AddrOf) {
    if (std::optional<Subscript> S = subscriptOf(U->getSubExpr()); S && !S->OnObject) {
      Into = S->Base;
      Offset = S->Index;
    }
  }
  const ValueDecl *Buffer = Into ? holderOf(Into->IgnoreParenImpCasts()) : nullptr;
  if (!Buffer || !Offset->getType()->isIntegerType())
    return P;
  P->Buffer = Buffer;
  P->Base = Into->IgnoreParenImpCasts();
  P->RowOffset = Offset;
  return P;
}

bool Reductions::Impl::atOrBeside(const Expr *Index, const Expr *IndexRow, const Expr *At, const Expr *AtRow) const {
  Index = Index->IgnoreParenImpCasts();
  if (!IndexRow && !AtRow && sameExpr(Index, At, Ctx))
    return true;
  const auto Offset = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    const VarDecl *V = varOf(E);
    return E->isIntegerConstantExpr(Ctx) ||
           (V && (isSingleAssignmentLocal(V) || (isa<ParmVarDecl>(V) && !Modified.count(V))));
  };
  // A periodic grid's neighbour wrapped around (`u[(x - 1 + W) % W]`, `u[(x + 1) & (W - 1)]`).
  if (const auto *B = dyn_cast<BinaryOperator>(Index);
      !IndexRow && !AtRow && B && (B->getOpcode() == BO_Rem || B->getOpcode() == BO_And) && Offset(B->getRHS()))
    return atOrBeside(B->getLHS(), At);
  // Otherwise At plus or minus offsets, however the index is grouped (`j * NX + (i - 1)`,
  // `(j - 1) * nx + i`).
  if (!Index->getType()->isIntegerType() || !At->getType()->isIntegerType())
    return false;
  Atoms A(Ctx);
  const auto Of = [&](const Expr *E) { return E ? indexPolynomial(E, A, Ctx) : Poly(); };
  const Poly Apart = Of(Index) + Of(IndexRow) - Of(At) - Of(AtRow);
  return llvm::all_of(Apart.terms(), [&](const auto &T) {
    return llvm::all_of(T.first, [&](unsigned Id) { return Offset(A.expr(Id)); });
  });
}

bool Reductions::Impl::readsPrevious(const Stmt *E, const Expr *Target, int L) const {
  const auto *For = L >= 0 ? dyn_cast<ForStmt>(Loops[L].S) : nullptr;
  const VarDecl *Counter = For ? forCounter(*For) : nullptr;
  const auto *Inc = For && For->getInc() ? dyn_cast<UnaryOperator>(For->getInc()->IgnoreParenImpCasts()) : nullptr;
  std::optional<ElementPath> T = pathThroughRows(Target);
  if (!Counter || !Inc || !Inc->isIncrementDecrementOp() || varOf(Inc->getSubExpr()) != Counter || !T ||
      T->Indices.empty() || !refersTo(T->Indices.back(), Counter))
    return false;
  const int64_t Back = Inc->isIncrementOp() ? -1 : 1;
  return readsWhere(E, [&](const Expr *X) {
    std::optional<ElementPath> R = pathThroughRows(X);
    if (!R || !sameBuffer(*T, *R) || R->Indices.size() != T->Indices.size() ||
        !R->Indices.back()->getType()->isIntegerType() || !T->Indices.back()->getType()->isIntegerType())
      return false;
    for (size_t I = 0; I + 1 < R->Indices.size(); ++I)
      if (!sameExpr(R->Indices[I], T->Indices[I], Ctx))
        return false;
    Atoms A(Ctx);
    const auto Of = [&](const Expr *I) { return I ? indexPolynomial(I, A, Ctx) : Poly(); };
    return Of(R->Indices.back()) + Of(R->RowOffset) - Of(T->Indices.back()) - Of(T->RowOffset) ==
           Poly::constant(Back);
  });
}

bool Reductions::Impl::readsOld(const Stmt *E, const Expr *Target) const {
  return readsWhere(E, [&](const Expr *X) { return sameExpr(X, Target, Ctx); });
}

bool Reductions::Impl::readsWhere(const Stmt *E, llvm::function_ref<bool(const Expr *)> Is) const {
  if (!E)
    return false;
  // A template's initialiser `std::vector<T> x(n)` is a list of no type: its elements are read.
  if (const auto *X = dyn_cast<Expr>(E); X && !X->getType().isNull()) {
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

void Reductions::Impl::transformedInPlace(const InPlaceTransform &T) {
  const auto Named = [](const ParmVarDecl *P) {
    return [P](const Expr *X) {
      const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
      return D && D->getDecl() == P;
    };
  };
  const CXXMethodDecl *Op = T.Lambda->getCallOperator();
  const ParmVarDecl *Other = Op->getParamDecl(Op->getParamDecl(0) == T.Overwritten ? 1 : 0);
  std::function<void(const Stmt *)> Returns = [&](const Stmt *S) {
    if (!S || isa<LambdaExpr>(S))
      return;
    if (const auto *R = dyn_cast<ReturnStmt>(S); R && R->getRetValue()) {
      const Expr *Old = nullptr;
      readsWhere(R->getRetValue(), [&](const Expr *X) {
        if (Named(T.Overwritten)(X))
          Old = X;
        return Old != nullptr;
      });
      if (Old && readsWhere(R->getRetValue(), Named(Other)))
        update(R->getRetValue(), Old);
    }
    for (const Stmt *C : S->children())
      Returns(C);
  };
  Returns(T.Lambda->getBody());
}

void Reductions::Impl::update(const Stmt *S, const Expr *Target) {
  if (!S)
    return;
  if (isArithmeticOperator(S) && !Roles.count(S))
    Roles[S] = Idiom::Update;
  // A call that combines the old value with new data (`lerp(g, m, beta1)`, g read from memory;
  // a running maximum, `m = fmaxf(m, fabsf(x[i]))`): not a transform of the old value alone
  // (`h[i] = relu(h[i])`, an activation in place). A class's operator on the old value is the
  // update's arithmetic as a builtin operator's is (`v = v * damping + a * dt` of Vec2s), except
  // in the class's own operators (`*this = *this + o` defines operator+=). A library call's
  // result is the new state; a function of the project's computes its callers' updates
  // (UpdateHelpers.h).
  const auto *Call = dyn_cast<CallExpr>(S);
  const auto OnThis = [&] {
    const Expr *T = Target->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(T); U && U->getOpcode() == UO_Deref)
      return isa<CXXThisExpr>(U->getSubExpr()->IgnoreParenImpCasts());
    const auto *M = dyn_cast<MemberExpr>(T);
    return M && isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts());
  };
  // Another lane's value is new data too (`v = fmaxf(v, __shfl_down_sync(m, v, o))`, a warp's
  // running maximum).
  if (Call && llvm::any_of(Call->arguments(), [&](const Expr *A) { return readsOld(A, Target); }) &&
      ((isa<CXXOperatorCallExpr>(Call) && !OnThis()) ||
       llvm::any_of(Call->arguments(), [&](const Expr *A) {
         return (!readsOld(A, Target) && readsData(A)) || shuffles(A, Target);
       }))) {
    if (programFunction(Call->getDirectCallee()))
      UpdateCalls.insert(Call);
    else
      Roles.try_emplace(Call, Idiom::Update);
  }
  if (const auto *X = dyn_cast<Expr>(S))
    if (const VarDecl *V = varOf(X);
        V && isSingleAssignmentLocal(V) &&
        (readsOld(V->getInit(), Target) || readsExchanged(V->getInit(), Target) || readsBeside(V->getInit(), Target)) &&
        Updated.insert(V).second)
      update(V->getInit(), Target);
  for (const Stmt *C : S->children())
    update(C, Target);
}

} // namespace autoscale::find
