//===- Reductions.cpp - reductions, GEMM operands and state updates ----------===//
#include "find/operations/Reductions.h"
#include "find/operations/Guards.h"

#include "find/operations/Compensation.h"
#include "find/operations/ExchangedBuffers.h"
#include "find/operations/SumSteps.h"
#include "find/operations/WrittenVariables.h"

#include "find/Containers.h"
#include "find/Context.h"
#include "find/operations/ReportValues.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <optional>
#include <vector>

using namespace clang;

namespace autoscale::find {
using rules::Idiom;
namespace {

/// Whether E is a product, or a sum or difference with a product among its terms.
bool holdsProduct(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return B && (B->getOpcode() == BO_Mul ||
               (B->isAdditiveOp() && (holdsProduct(B->getLHS()) || holdsProduct(B->getRHS()))));
}

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

/// Whether the index E wraps the loop's count onto a few lanes (`acc[i % 4]`, `acc[i & 3]`):
/// each lane is a sum of its own, as a scatter's targets are.
bool wrapsIndex(const Stmt *E) {
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Rem || B->getOpcode() == BO_And) &&
      isa<IntegerLiteral>(B->getRHS()->IgnoreParenImpCasts()))
    return true;
  return E && llvm::any_of(E->children(), wrapsIndex);
}

} // namespace

class Reductions::Impl : public RecursiveASTVisitor<Reductions::Impl> {
public:
  Impl(const FunctionDecl &FD, ASTContext &Ctx, const std::map<unsigned, std::set<unsigned>> &ExchangedArguments)
      : Ctx(Ctx), Exchanged(exchangedBuffers(FD)) {
    for (const auto &[I, Partners] : ExchangedArguments)
      for (unsigned J : Partners)
        if (I < FD.getNumParams() && J < FD.getNumParams())
          Exchanged[FD.getParamDecl(I)].insert(FD.getParamDecl(J));
    for (const ParmVarDecl *P : FD.parameters())
      ++NameCount[P->getName()];
    TraverseStmt(FD.getBody());
    for (const Assignment &A : Assignments)
      analyse(A);
    for (const CXXOperatorCallExpr *Store : StructStores)
      storedBack(Store->getArg(0), Store->getArg(1));
    // A float count (`n++`, `hits--`) the function keeps or a loop carries: in fp16 it sticks at 2048.
    for (auto [U, L] : Counts)
      if (outlivesFunction(U->getSubExpr()) || carriedLocal(U->getSubExpr(), L, /*Counting=*/true))
        Roles[U] = Idiom::Update;
    for (const FoldSteps &F : Folds)
      fold(F);
    for (const Expr *G : Guarded)
      guard(G);
    for (const Expr *E : compensationOps(FD, Ctx))
      Roles[E] = Idiom::Compensation;
    for (const Expr *E : reportOps(FD))
      Roles.try_emplace(E, Idiom::Report);
  }

  // ---- the walk: loops, variables, writes, assignments ----
  bool TraverseForStmt(ForStmt *S) { return loop(S, [&] { return Base::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) {
    return loop(S, [&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) { return loop(S, [&] { return Base::TraverseDoStmt(S); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    return loop(S, [&] { return Base::TraverseCXXForRangeStmt(S); });
  }
  // A lambda's body runs once per call, with other arguments: a loop whose iterations are the
  // calls (std::for_each's, or a loop's calling it), so `s += v` into a capture is a sum.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    return loop(L, [&] { return Base::TraverseLambdaExpr(L); });
  }
  bool VisitVarDecl(VarDecl *V) {
    ++NameCount[V->getName()];
    DeclLoop[V] = Stack.empty() ? -1 : Stack.back();
    if (const auto *FR = Stack.empty() ? nullptr : dyn_cast<CXXForRangeStmt>(Loops[Stack.back()].S);
        FR && FR->getLoopVariable() == V)
      written(V);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Div || B->getOpcode() == BO_DivAssign)
      Guarded.push_back(B->getRHS());
    if (!B->isAssignmentOp())
      return true;
    written(writtenVariable(B->getLHS()));
    Assignments.push_back({B, Stack.empty() ? -1 : Stack.back()});
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      written(writtenVariable(U->getSubExpr()));
    if (U->isIncrementDecrementOp() && U->getType()->isRealFloatingType())
      Counts.push_back({U, Stack.empty() ? -1 : Stack.back()});
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *O) {
    written(variableWrittenBy(O));
    // A struct's assignment (`pos[i] = p`, float4's in CUDA) is its class's operator=.
    if (O->getOperator() == OO_Equal && O->getNumArgs() == 2)
      StructStores.push_back(O);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // The functions a zero (or a value rounded to zero) breaks: a square root that becomes a
    // divisor, a logarithm, a power's base.
    static constexpr llvm::StringLiteral Guarding[] = {
        "sqrt", "sqrtf", "rsqrt", "rsqrtf", "log", "logf", "log2", "log2f", "log10", "log10f", "pow", "powf"};
    const FunctionDecl *FD = C->getDirectCallee();
    if (FD && FD->getIdentifier() && C->getNumArgs() >= 1 && llvm::is_contained(Guarding, FD->getName()))
      Guarded.push_back(C->getArg(0));
    if (FoldSteps F = foldSteps(*C, Ctx); !F.Steps.empty())
      Folds.push_back(std::move(F));
    return true;
  }

  // ---- queries ----
  std::optional<Idiom> roleOf(const Expr *E) const {
    auto It = Roles.find(E);
    return It == Roles.end() ? std::nullopt : std::optional<Idiom>(It->second);
  }

  const std::set<const CallExpr *> &updateCalls() const { return UpdateCalls; }

  bool isSingleAssignmentLocal(const VarDecl *V) const {
    return V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() && !Modified.count(V) &&
           !V->getType()->isReferenceType();
  }

  std::string tensorOf(const Expr *Operand) const {
    const Expr *E = Operand->IgnoreParenCasts();
    if (const VarDecl *V = varOf(E); V && isSingleAssignmentLocal(V) && !V->getType()->isPointerType())
      return tensorOf(V->getInit());
    if (std::optional<ContainerAccess> C = containerAccess(E); C && C->Index)
      return containerKey(C->Object);
    if (std::optional<Subscript> A = subscriptOf(E))
      // Another class's operator[] reads no array whose address could name it.
      return A->Base->IgnoreParenImpCasts()->getType()->isRecordType() ? "" : pointerRoot(A->Base);
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
      return pointerRoot(U->getSubExpr());
    return {};
  }

private:
  using Base = RecursiveASTVisitor<Impl>;

  struct Loop {
    const Stmt *S;
    int Parent;
    std::set<const VarDecl *> Written;   ///< written anywhere inside
    std::set<const VarDecl *> Induction; ///< written by a for loop's increment
  };
  struct Assignment {
    const BinaryOperator *B;
    int Loop; ///< innermost loop around it, or -1
  };
  /// The loops around a statement, innermost first.
  using Chain = std::vector<int>;

  template <class Fn> bool loop(const Stmt *S, Fn Traverse) {
    Loops.push_back({S, Stack.empty() ? -1 : Stack.back(), {}, {}});
    Stack.push_back(static_cast<int>(Loops.size()) - 1);
    if (const auto *F = dyn_cast<ForStmt>(S); F && F->getInc())
      InductionOf.push_back({Stack.back(), F->getInc()});
    bool Result = Traverse();
    Stack.pop_back();
    for (auto [L, Inc] : InductionOf)
      if (Loops[L].S == S)
        collectWrites(Inc, Loops[L].Induction);
    return Result;
  }

  void written(const VarDecl *V) {
    if (!V)
      return;
    Modified.insert(V);
    for (int L : Stack)
      Loops[L].Written.insert(V);
  }

  void collectWrites(const Stmt *S, std::set<const VarDecl *> &Out) {
    if (!S)
      return;
    if (const VarDecl *V = variableWrittenBy(S))
      Out.insert(V);
    for (const Stmt *C : S->children())
      collectWrites(C, Out);
  }

  Chain chainOf(int L) const {
    Chain C;
    for (; L >= 0; L = Loops[L].Parent)
      C.push_back(L);
    return C;
  }

  /// Whether loop In is L or lies inside it.
  bool within(int In, int L) const {
    for (; In >= 0; In = Loops[In].Parent)
      if (In == L)
        return true;
    return false;
  }

  bool declaredIn(const VarDecl *V, int L) const {
    auto It = DeclLoop.find(V);
    return It != DeclLoop.end() && within(It->second, L);
  }

  /// Whether V is the induction variable of a loop of C strictly inside L: an index of the
  /// iteration space below L, not a value that changes along L.
  bool indexesBelow(const VarDecl *V, int L, const Chain &C) const {
    for (int I : C) {
      if (I == L)
        return false;
      if (Loops[I].Induction.count(V))
        return true;
    }
    return false;
  }

  bool varVaries(const VarDecl *V, int L, const Chain &C) const {
    if (indexesBelow(V, L, C))
      return false;
    if (declaredIn(V, L)) {
      if (!isSingleAssignmentLocal(V))
        return true;
      if (!Visiting.insert(V).second)
        return true; // a cycle through initialisers cannot be proved invariant
      bool R = exprVaries(V->getInit(), L, C);
      Visiting.erase(V);
      return R;
    }
    return Loops[L].Written.count(V) > 0;
  }

  /// Whether the value of E can differ between iterations of L.
  bool exprVaries(const Stmt *E, int L, const Chain &C) const {
    if (!E)
      return false;
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      const VarDecl *V = variableNamed(D->getDecl());
      return V && varVaries(V, L, C);
    }
    if (const auto *Call = dyn_cast<CallExpr>(E); Call && !subscriptOf(Call)) {
      // A function of its arguments alone (the math library): varies with them.
      const FunctionDecl *F = Call->getDirectCallee();
      bool Pure = F && Ctx.getSourceManager().isInSystemHeader(F->getLocation()) &&
                  llvm::none_of(Call->arguments(), [](const Expr *A) {
                    return A->getType()->isPointerType();
                  });
      if (!Pure)
        return true;
    }
    if (isa<BinaryOperator>(E) && cast<BinaryOperator>(E)->isAssignmentOp())
      return true;
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
      return true;
    return llvm::any_of(E->children(), [&](const Stmt *S) { return exprVaries(S, L, C); });
  }

  /// Whether the object the lvalue LV designates can differ between iterations of L.
  bool addressVaries(const Expr *LV, int L, const Chain &C) const {
    LV = LV->IgnoreParens();
    if (const auto *D = dyn_cast<DeclRefExpr>(LV)) {
      const VarDecl *V = variableNamed(D->getDecl());
      // A variable declared in the loop is a new object each iteration (a reference there may
      // be bound to another one); one declared outside it, a reference too, is one object
      // throughout (a std::vector passed by reference).
      return !V || declaredIn(V, L);
    }
    if (std::optional<Subscript> A = subscriptOf(LV)) {
      bool BaseVaries = A->OnObject ? addressVaries(A->Base->IgnoreParenImpCasts(), L, C)
                                    : exprVaries(A->Base, L, C);
      return BaseVaries || exprVaries(A->Index, L, C);
    }
    if (const auto *U = dyn_cast<UnaryOperator>(LV); U && U->getOpcode() == UO_Deref)
      return exprVaries(U->getSubExpr(), L, C);
    if (const auto *M = dyn_cast<MemberExpr>(LV))
      return M->isArrow() ? exprVaries(M->getBase(), L, C) : addressVaries(M->getBase(), L, C);
    if (std::optional<Accessor> A = accessorOf(LV))
      return (A->ThroughPointer ? exprVaries(A->Object, L, C) : addressVaries(A->Object->IgnoreParenImpCasts(), L, C)) ||
             llvm::any_of(A->Args, [&](const Expr *X) { return exprVaries(X, L, C); });
    return true;
  }

  /// Whether an integer expression depends on data read from memory (or a call).
  bool loadedIndex(const Stmt *E) const {
    if (!E)
      return false;
    if (isa<ArraySubscriptExpr, CallExpr>(E) ||
        (isa<UnaryOperator>(E) && cast<UnaryOperator>(E)->getOpcode() == UO_Deref) ||
        (isa<MemberExpr>(E) && cast<MemberExpr>(E)->isArrow()))
      return true;
    if (const VarDecl *V = isa<Expr>(E) ? varOf(cast<Expr>(E)) : nullptr)
      return isSingleAssignmentLocal(V) && !Visiting.count(V) && loadedIndex(V->getInit());
    return llvm::any_of(E->children(), [&](const Stmt *S) { return loadedIndex(S); });
  }

  /// Whether the address of LV depends on data read from memory: a scatter (dw[ix*C+i]).
  bool scatters(const Expr *LV) const {
    LV = LV->IgnoreParenImpCasts();
    // A row of an array of arrays scatters where the row does (s[lab[i]][k]).
    if (std::optional<Subscript> A = subscriptOf(LV))
      return loadedIndex(A->Index) || wrapsIndex(A->Index) ||
             (A->OnObject ? scatters(A->Base) : pointerScatters(A->Base));
    if (const auto *U = dyn_cast<UnaryOperator>(LV); U && U->getOpcode() == UO_Deref)
      return pointerScatters(U->getSubExpr());
    if (std::optional<Accessor> A = accessorOf(LV))
      return llvm::any_of(A->Args, [&](const Expr *X) { return loadedIndex(X) || wrapsIndex(X); });
    // A member of a scattered element (s[lab[i]].n).
    if (const auto *M = dyn_cast<MemberExpr>(LV); M && !M->isArrow())
      return scatters(M->getBase());
    return false;
  }
  bool pointerScatters(const Expr *P) const {
    P = P->IgnoreParenCasts();
    if (const VarDecl *V = varOf(P))
      return isSingleAssignmentLocal(V) && pointerScatters(V->getInit());
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isAdditiveOp()) {
      bool LPtr = B->getLHS()->getType()->isPointerType();
      return pointerScatters(LPtr ? B->getLHS() : B->getRHS()) ||
             loadedIndex(LPtr ? B->getRHS() : B->getLHS());
    }
    return false;
  }

  /// Whether S reads a value from memory anywhere in it (`g[i] * g[i]`, `0.1f * g[i]`).
  bool readsData(const Stmt *S) const {
    if (const auto *E = dyn_cast<Expr>(S); E && readsTensor(E))
      return true;
    return llvm::any_of(S->children(), [&](const Stmt *C) { return C && readsData(C); });
  }

  /// Whether E reads a value from memory (a tensor element), directly or through a local.
  bool readsTensor(const Expr *E) const {
    E = E->IgnoreParenCasts();
    if (const VarDecl *V = varOf(E))
      return isSingleAssignmentLocal(V) && readsTensor(V->getInit());
    if (const auto *M = dyn_cast<MemberExpr>(E))
      return M->isArrow() || readsTensor(M->getBase());
    // A tensor's element scaled by a value (`alpha * a[i]`, hoisted out of a GEMM's inner loop).
    if (const auto *Mul = dyn_cast<BinaryOperator>(E); Mul && Mul->getOpcode() == BO_Mul)
      return readsTensor(Mul->getLHS()) != readsTensor(Mul->getRHS());
    return subscriptOf(E) || accessorOf(E) || elementByValue(E) ||
           (isa<UnaryOperator>(E) && cast<UnaryOperator>(E)->getOpcode() == UO_Deref);
  }

  // ---- the analysis of one assignment ----
  void analyse(const Assignment &A) {
    const BinaryOperator *B = A.B;
    // A struct's store in C (`pos[i] = p`; C++'s is its operator=, StructStores).
    if (B->getOpcode() == BO_Assign && B->getLHS()->getType()->isRecordType())
      return storedBack(B->getLHS(), B->getRHS());
    if (!B->getLHS()->getType()->isRealFloatingType() && !B->getLHS()->isTypeDependent())
      return;
    const Expr *Target = B->getLHS();
    std::vector<SumStep> Steps = sumSteps(*B, Ctx);
    // A step of a warp's tree reduction, unrolled or not: another lane's partial sum of the same
    // variable added to this lane's (`v += __shfl_down_sync(mask, v, 1)`, `tile.shfl_down(v, o)`).
    for (const SumStep &S : Steps)
      if (shuffles(S.Added, Target))
        Roles[S.Reducer] = Idiom::Accumulate;
    if (!Steps.empty()) {
      Chain C = chainOf(A.Loop);
      const auto Varies = [&](int L) {
        return llvm::any_of(Steps, [&](const SumStep &S) { return exprVaries(S.Added, L, C); });
      };
      for (int L : C)
        if (!addressVaries(Target, L, C) && Varies(L))
          return reduction(Steps, L, C);
      if (scatters(Target))
        for (int L : C)
          if (Varies(L))
            return reduction(Steps, L, C);
    }
    // A scan: each element sums the one before it (a prefix sum along the innermost loop).
    if (A.Loop >= 0) {
      Chain C = chainOf(A.Loop);
      std::vector<SumStep> Scan = scanSteps(*B, Ctx);
      if (llvm::any_of(Scan, [&](const SumStep &S) { return exprVaries(S.Added, A.Loop, C); }))
        return reduction(Scan, A.Loop, C);
    }
    // State the function keeps, or a local a loop carries from one iteration to the next (an
    // average, a decay, a count, a running product).
    if ((outlivesFunction(Target) || carriedLocal(Target, A.Loop, countsByConstant(*B))) &&
        (B->isCompoundAssignmentOp() || readsOld(B->getRHS(), Target)) && !givenAnew(A))
      update(B, Target);
    // The same update written out of place, into the other of two buffers the function exchanges
    // (`v[i] = u[i] + dt * f; ... swap(u, v)`, ExchangedBuffers.h), or through the local that
    // holds it (`float w = u[i] + dt * f; v[i] = w;`); the stencil feeding it is data.
    else if (B->getOpcode() == BO_Assign && readsExchanged(B->getRHS(), Target)) {
      update(B, Target);
      if (const VarDecl *Held = varOf(B->getRHS()->IgnoreParenImpCasts());
          Held && isSingleAssignmentLocal(Held) && readsExchanged(Held->getInit(), Target))
        update(Held->getInit(), Target);
    }
    if (B->getOpcode() == BO_Assign)
      storedBack(Target, B->getRHS());
  }

  /// State worked on in a local copy and stored back (`float xi = x[i]; xi += v[i] * dt;
  /// x[i] = xi;`, or the members of a copied struct, `float4 p = pos[i]; p.x += v.x * dt;
  /// pos[i] = p;`): the copy's own updates are the state's.
  void storedBack(const Expr *Target, const Expr *Value) {
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

  /// Whether A's target is given a new value before A, each time A's loop (or function) runs:
  /// an assignment of a value not read from it, in the same loop and under no condition there
  /// (`dh[j] = err * w[j]; dh[j] *= h[j] * (1 - h[j]);` works on a fresh value, no state), or in
  /// both branches of an if before it (C89's locals declared at the top: `if (x[i] > 0) v = ...;
  /// else v = ...; v = v * v;`).
  bool givenAnew(const Assignment &A) const {
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

  /// Whether S, each time it runs, gives Target a value not read from it: an assignment, a block
  /// holding one, an if whose branches both do (no loop: it may not run).
  bool assignsAnew(const Stmt *S, const Expr *Target) const {
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      return B->getOpcode() == BO_Assign && sameExpr(B->getLHS(), Target, Ctx) && !readsOld(B->getRHS(), Target);
    if (const auto *Block = dyn_cast<CompoundStmt>(S))
      return llvm::any_of(Block->body(), [&](const Stmt *C) { return assignsAnew(C, Target); });
    if (const auto *If = dyn_cast<IfStmt>(S))
      return If->getElse() && assignsAnew(If->getThen(), Target) && assignsAnew(If->getElse(), Target);
    return false;
  }

  /// Whether X runs whenever its innermost loop's body (or the function's) does: no if, switch,
  /// ?:, && or || between them.
  bool unconditional(const Assignment &X) const {
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

  /// Whether E is a warp shuffle (a callee named __shfl*_sync, or cooperative groups' shfl*) of
  /// Target's value.
  bool shuffles(const Expr *E, const Expr *Target) const {
    E = E->IgnoreParenImpCasts();
    // Through a local given the shuffle once (`float o = __shfl_xor_sync(m, v, 1); v += o;`).
    if (const VarDecl *V = varOf(E); V && isSingleAssignmentLocal(V))
      return shuffles(V->getInit(), Target);
    const auto *Call = dyn_cast<CallExpr>(E);
    if (!Call || llvm::none_of(Call->arguments(), [&](const Expr *A) { return sameExpr(A, Target, Ctx); }))
      return false;
    // In a template the callee of a dependent argument is looked up at instantiation.
    llvm::StringRef Name;
    if (const FunctionDecl *F = Call->getDirectCallee(); F && F->getIdentifier())
      Name = F->getName();
    else if (const auto *U = dyn_cast<OverloadExpr>(Call->getCallee()->IgnoreParenImpCasts());
             U && U->getName().isIdentifier())
      Name = U->getName().getAsIdentifierInfo()->getName();
    return Name.contains("shfl");
  }

  /// Whether LV is local storage that the loop around its assignment (L, the innermost) carries
  /// from one iteration to the next: a local declared outside it, or an element or member of one
  /// that its iterations write again (`hist[b]++`, `st.count += 1.0f`). An element each iteration
  /// writes once (`h[i] += b[i]`) is carried by a loop further out that writes it again and does
  /// not refill it (`for (it...) for (j...) x[j] += v[j];`), not by one that does (a layer's
  /// scratch, `h[i] = 0` or a call given `h` before the sum). A count (Counting: `c[j] += 1.0f`)
  /// is carried by any loop around it that writes it again.
  bool carriedLocal(const Expr *LV, int L, bool Counting) const {
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

  /// Whether loop L gives the local array V values not read from it: an assignment to it that does
  /// not read the element's old value, or a call given it.
  bool refilledIn(const VarDecl *V, int L) const {
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

  /// Whether S calls a function given the buffer V (`fill(h, s)`, `memset(h + 1, ...)`), not a
  /// value read from it (`printf("%f", x[0])`).
  static bool givenToCall(const Stmt *S, const VarDecl *V) {
    if (!S)
      return false;
    if (const auto *Call = dyn_cast<CallExpr>(S);
        Call && llvm::any_of(Call->arguments(), [&](const Expr *A) { return bufferOf(A) == V; }))
      return true;
    return llvm::any_of(S->children(), [&](const Stmt *C) { return givenToCall(C, V); });
  }

  /// A fold's lambda runs once per element (its loop, TraverseLambdaExpr): its returned sum is a
  /// reduction where a term varies with the element.
  void fold(const FoldSteps &F) {
    for (int L = 0; L < static_cast<int>(Loops.size()); ++L)
      if (Loops[L].S == F.Lambda) {
        Chain C = chainOf(L);
        if (llvm::any_of(F.Steps, [&](const SumStep &S) { return exprVaries(S.Added, L, C); }))
          reduction(F.Steps, L, C);
      }
  }

  void reduction(const std::vector<SumStep> &Steps, int L, const Chain &C) {
    for (const SumStep &S : Steps)
      reduction(S.Reducer, S.Added, L, C);
  }

  void reduction(const Stmt *Reducer, const Expr *Added, int L, const Chain &C) {
    Roles[Reducer] = Idiom::Accumulate;
    // Terms added at once (`s += x * x + y * y`, `s += x * x + x`): each is added to the sum, a
    // product's factors as a product's.
    if (const auto *Terms = dyn_cast<BinaryOperator>(Added->IgnoreParenImpCasts());
        Terms && Terms->isAdditiveOp() && holdsProduct(Terms)) {
      reduction(Terms, Terms->getLHS(), L, C);
      return reduction(Terms, Terms->getRHS(), L, C);
    }
    // The factors of the product added, and the multiplies joining them.
    std::vector<const Expr *> Varying;
    std::function<void(const Expr *)> Factors = [&](const Expr *E) {
      E = E->IgnoreParenImpCasts();
      if (const auto *M = dyn_cast<BinaryOperator>(E); M && M->getOpcode() == BO_Mul) {
        Factors(M->getLHS());
        Factors(M->getRHS());
      } else if (exprVaries(E, L, C)) {
        Varying.push_back(E);
      }
    };
    Factors(Added);
    if (Varying.size() != 2)
      return;
    // The lowest multiply with both varying factors below it takes the two operands.
    const BinaryOperator *Join = nullptr;
    std::function<bool(const Expr *, const Expr *)> Holds = [&](const Expr *E, const Expr *F) {
      E = E->IgnoreParenImpCasts();
      if (E == F)
        return true;
      const auto *M = dyn_cast<BinaryOperator>(E);
      return M && M->getOpcode() == BO_Mul && (Holds(M->getLHS(), F) || Holds(M->getRHS(), F));
    };
    for (const Expr *E = Added->IgnoreParenImpCasts();;) {
      const auto *M = dyn_cast<BinaryOperator>(E);
      if (!M || M->getOpcode() != BO_Mul)
        break;
      Join = M;
      const Expr *L = M->getLHS(), *R = M->getRHS();
      if (Holds(L, Varying[0]) && Holds(L, Varying[1]))
        E = L->IgnoreParenImpCasts();
      else if (Holds(R, Varying[0]) && Holds(R, Varying[1]))
        E = R->IgnoreParenImpCasts();
      else
        break;
    }
    if (!Join)
      return;
    if (sameUpToFloatingCasts(Varying[0], Varying[1], Ctx))  // (double)y[i] * y[i] squares y[i]
      Roles[Join] = Idiom::SquareSum;
    else if (readsTensor(Varying[0]) && readsTensor(Varying[1]))
      Roles[Join] = Idiom::DotMul;
  }

  /// Whether the storage LV designates outlives the function: reached through a pointer or a
  /// reference, or a variable of static storage.
  bool outlivesFunction(const Expr *LV) const {
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

  /// Whether E reads, directly or through the locals it reads, the element at Target's index of a
  /// buffer exchanged with Target's, or one beside it (a stencil's neighbours).
  bool readsExchanged(const Stmt *E, const Expr *Target) const {
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

  /// Whether Index is At, or At plus or minus a constant or a stride the function does not change
  /// (`u[i - 1]`, `u[idx + nx]`), not a loop's counter (`in[i + j]`, a convolution's window).
  bool atOrBeside(const Expr *Index, const Expr *At) const {
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

  /// Whether E reads Target, directly or through the locals it reads.
  bool readsOld(const Stmt *E, const Expr *Target) const {
    return readsWhere(E, [&](const Expr *X) { return sameExpr(X, Target, Ctx); });
  }

  /// Whether E has a subexpression Is accepts, itself or in the initialisers of the locals it reads.
  bool readsWhere(const Stmt *E, llvm::function_ref<bool(const Expr *)> Is) const {
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

  /// Names every operator of the update, and of the initialisers of the locals it reads that
  /// read the old value themselves (llm.c's `float v = b2 * v_mem[i] + ...; v_mem[i] = v;`).
  void update(const Stmt *S, const Expr *Target) {
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

  /// The variable a pointer expression points into (see Reductions::tensorOf).
  std::string pointerRoot(const Expr *P) const {
    P = P->IgnoreParenCasts();
    if (const VarDecl *V = varOf(P)) {
      if (V->getType()->isPointerType() && isSingleAssignmentLocal(V))
        if (std::string R = pointerRoot(V->getInit()); !R.empty())
          return R;
      return uniqueName(V);
    }
    if (std::optional<ContainerAccess> C = containerAccess(P); C && !C->Index)
      return containerKey(C->Object); // v.data()
    if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isAdditiveOp())
      return pointerRoot(B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS());
    if (const auto *U = dyn_cast<UnaryOperator>(P); U && U->getOpcode() == UO_AddrOf) {
      const Expr *Sub = U->getSubExpr()->IgnoreParens();
      if (const auto *A = dyn_cast<ArraySubscriptExpr>(Sub))
        return pointerRoot(A->getBase());
      if (std::optional<ContainerAccess> C = containerAccess(Sub))
        return containerKey(C->Object); // &v[i]
    }
    return {};
  }

  /// A standard container's tensor is its elements' array: the key is its data pointer, spelled
  /// from the variable (or `this`) it is reached from through members (`l.w.data()`,
  /// `this->w.data()`), or empty.
  std::string containerKey(const Expr *Object) const {
    std::string Members;
    for (const Expr *E = Object->IgnoreParenImpCasts();; E = E->IgnoreParenImpCasts()) {
      if (const auto *M = dyn_cast<MemberExpr>(E)) {
        if (!M->getMemberDecl()->getIdentifier())
          return {};
        Members = (M->isArrow() ? "->" : ".") + M->getMemberDecl()->getName().str() + Members;
        E = M->getBase();
        continue;
      }
      std::string Root = isa<CXXThisExpr>(E) ? "this" : varOf(E) ? uniqueName(varOf(E)) : "";
      return Root.empty() ? Root : Root + Members + ".data()";
    }
  }

  // ---- guards (Guards.h), unless the add has a role already (an update's) ----
  void guard(const Expr *G) {
    const VariableFacts Facts{[&](const VarDecl *V) { return isSingleAssignmentLocal(V); },
                              [&](const VarDecl *V) { return Modified.count(V) != 0; }};
    if (const BinaryOperator *Add = guardingAdd(G, Ctx, Facts); Add && !Roles.count(Add))
      Roles[Add] = Idiom::Guard;
  }

  /// V's name where it names V anywhere in the function, or empty.
  std::string uniqueName(const VarDecl *V) const {
    auto N = NameCount.find(V->getName());
    bool Unique = N == NameCount.end() ? V->hasGlobalStorage() : N->second == 1;
    return Unique ? V->getName().str() : std::string();
  }

  ASTContext &Ctx;
  std::map<const VarDecl *, std::set<const VarDecl *>> Exchanged; ///< ExchangedBuffers.h
  std::vector<Loop> Loops;
  std::vector<int> Stack;
  std::vector<std::pair<int, const Stmt *>> InductionOf;
  std::map<const VarDecl *, int> DeclLoop;
  std::set<const VarDecl *> Modified, Updated;
  std::set<const CallExpr *> UpdateCalls; ///< updateCalls()
  std::vector<FoldSteps> Folds;
  mutable std::set<const VarDecl *> Visiting;
  std::map<llvm::StringRef, unsigned> NameCount;
  std::vector<Assignment> Assignments;
  std::vector<const CXXOperatorCallExpr *> StructStores; ///< class assignments, `a = b`
  mutable std::map<std::pair<const VarDecl *, int>, bool> Refilled; ///< refilledIn's answers
  std::vector<std::pair<const UnaryOperator *, int>> Counts; ///< float ++ and --, and their loops
  std::vector<const Expr *> Guarded; ///< divisors, and what square roots and logarithms take
  std::map<const Stmt *, Idiom> Roles;
};

Reductions::Reductions(const FunctionDecl &FD, ASTContext &Ctx,
                       const std::map<unsigned, std::set<unsigned>> &ExchangedArguments)
    : P(std::make_unique<Impl>(FD, Ctx, ExchangedArguments)) {}
Reductions::~Reductions() = default;

std::optional<Idiom> Reductions::roleOf(const Expr *E) const { return P->roleOf(E); }
std::string Reductions::tensorOf(const Expr *Operand) const { return P->tensorOf(Operand); }

bool Reductions::givenOnce(const VarDecl &V) const { return P->isSingleAssignmentLocal(&V); }

const std::set<const CallExpr *> &Reductions::updateCalls() const { return P->updateCalls(); }

} // namespace autoscale::find
