//===- Reductions.cpp - reductions, GEMM operands and the walk behind them ---===//
#include "find/operations/ReductionsImpl.h"
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

Reductions::Impl::Impl(const FunctionDecl &FD, ASTContext &Ctx, Exchanges Exchanged, bool FoldsARange)
    : Ctx(Ctx), Exchanged(std::move(Exchanged)) {
  for (const ParmVarDecl *P : FD.parameters())
    ++NameCount[P->getName()];
  Body = FD.getBody();
  TraverseStmt(FD.getBody());
  for (const Assignment &A : Assignments)
    analyse(A);
  stepsBesideLoops();
  for (const CallExpr *Call : AtomicSums)
    atomicSum(Call->getArg(1));
  for (const Expr *E : CasCombinations) {
    const auto *B = dyn_cast<BinaryOperator>(E);
    const bool Sum = B && B->isAdditiveOp();
    Roles.try_emplace(E, Sum ? Idiom::Accumulate : Idiom::Update);
    if (Sum)
      atomicSum(B->getLHS()), atomicSum(B->getRHS());
  }
  for (auto [Store, L] : StructStores)
    storedBack(Store->getArg(0), Store->getArg(1), L);
  // A float count (`n++`, `hits--`) the function keeps or a loop carries: in fp16 it sticks at 2048.
  for (auto [U, L] : Counts)
    if (outlivesFunction(U->getSubExpr()) || carriedLocal(U->getSubExpr(), L, /*Counting=*/true))
      Roles[U] = Idiom::Update;
  for (const FoldSteps &F : Folds)
    fold(F);
  if (FoldsARange)
    foldedByCaller(FD);
  for (const InPlaceTransform &T : Transforms)
    transformedInPlace(T);
  for (const Expr *G : Guarded)
    guard(G);
  for (const Expr *E : compensationOps(FD, Ctx))
    Roles[E] = Idiom::Compensation;
  for (const Expr *E : reportOps(FD))
    Roles.try_emplace(E, Idiom::Report);
}

bool Reductions::Impl::TraverseWhileStmt(WhileStmt *S) {
  return loop(S, [&] { return Base::TraverseWhileStmt(S); });
}

bool Reductions::Impl::TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
  return loop(S, [&] { return Base::TraverseCXXForRangeStmt(S); });
}

bool Reductions::Impl::TraverseLambdaExpr(LambdaExpr *L) {
  return loop(L, [&] { return Base::TraverseLambdaExpr(L); });
}

bool Reductions::Impl::VisitDeclRefExpr(DeclRefExpr *D) {
  if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
    ++Uses[V];
  return true;
}

bool Reductions::Impl::VisitVarDecl(VarDecl *V) {
  ++NameCount[V->getName()];
  if (V->getType()->isReferenceType() && V->getInit())
    if (const VarDecl *Of = writtenVar(V->getInit()))
      Aliased.insert(Of);
  DeclLoop[V] = Stack.empty() ? -1 : Stack.back();
  if (const auto *FR = Stack.empty() ? nullptr : dyn_cast<CXXForRangeStmt>(Loops[Stack.back()].S);
      FR && FR->getLoopVariable() == V)
    written(V);
  return true;
}

bool Reductions::Impl::VisitBinaryOperator(BinaryOperator *B) {
  if (B->getOpcode() == BO_Div || B->getOpcode() == BO_DivAssign)
    Guarded.push_back(B->getRHS());
  if (!B->isAssignmentOp())
    return true;
  written(writtenVariable(B->getLHS()), writtenMember(B->getLHS()));
  Assignments.push_back({B, Stack.empty() ? -1 : Stack.back()});
  return true;
}

bool Reductions::Impl::VisitUnaryOperator(UnaryOperator *U) {
  if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
    written(writtenVariable(U->getSubExpr()), writtenMember(U->getSubExpr()));
  if (U->getOpcode() == UO_AddrOf)
    if (const VarDecl *V = writtenVar(U->getSubExpr()))
      Aliased.insert(V);
  if (U->isIncrementDecrementOp() && U->getType()->isRealFloatingType())
    Counts.push_back({U, Stack.empty() ? -1 : Stack.back()});
  return true;
}

bool Reductions::Impl::VisitCXXOperatorCallExpr(CXXOperatorCallExpr *O) {
  if (const VarDecl *V = variableWrittenBy(O))
    written(V, writtenMember(O->getArg(0)));
  // A struct's assignment (`pos[i] = p`, float4's in CUDA) is its class's operator=.
  if (O->getOperator() == OO_Equal && O->getNumArgs() == 2)
    StructStores.push_back({O, Stack.empty() ? -1 : Stack.back()});
  return true;
}

bool Reductions::Impl::VisitCallExpr(CallExpr *C) {
  // The functions a zero (or a value rounded to zero) breaks: a square root that becomes a
  // divisor, a logarithm, a power's base, a reciprocal; CUDA's intrinsics as the library's; and
  // the divisor of CUDA's division intrinsics.
  static constexpr llvm::StringLiteral Guarding[] = {
      "sqrt",        "sqrtf",       "rsqrt",       "rsqrtf",      "log",         "logf",        "log2",
      "log2f",       "log10",       "log10f",      "pow",         "powf",        "__logf",      "__log2f",
      "__log10f",    "__powf",      "__fsqrt_rn",  "__fsqrt_rz",  "__fsqrt_ru",  "__fsqrt_rd",  "__frsqrt_rn",
      "__frcp_rn",   "__frcp_rz",   "__frcp_ru",   "__frcp_rd",   "__dsqrt_rn",  "__drcp_rn"};
  static constexpr llvm::StringLiteral Dividing[] = {"__fdividef", "__fdiv_rn", "__fdiv_rz", "__fdiv_ru",
                                                     "__fdiv_rd",  "__ddiv_rn", "__ddiv_rz", "__ddiv_ru", "__ddiv_rd"};
  const FunctionDecl *FD = C->getDirectCallee();
  if (FD && FD->getIdentifier() && C->getNumArgs() >= 1 && llvm::is_contained(Guarding, FD->getName()))
    Guarded.push_back(C->getArg(0));
  if (FD && FD->getIdentifier() && C->getNumArgs() == 2 && llvm::is_contained(Dividing, FD->getName()))
    Guarded.push_back(C->getArg(1));
  if (FoldSteps F = foldSteps(*C, Ctx); !F.Steps.empty())
    Folds.push_back(std::move(F));
  if (FD && FD->getIdentifier() && FD->getName().starts_with("atomicAdd") && C->getNumArgs() == 2 &&
      C->getArg(1)->getType()->isRealFloatingType())
    AtomicSums.push_back(C);
  if (const Expr *E = casCombination(*C))
    CasCombinations.push_back(E);
  if (InPlaceTransform T = inPlaceTransform(*C, Ctx); T.Lambda)
    Transforms.push_back(T);
  // What the call may change as a whole (`setCols(out, 4)`, `out.resize(n)`).
  std::vector<const Expr *> Lent;
  if (const auto *M = dyn_cast<CXXMemberCallExpr>(C); M && M->getMethodDecl() && !M->getMethodDecl()->isConst())
    Lent.push_back(M->getImplicitObjectArgument());
  if (FD)
    for (unsigned I = 0; I < C->getNumArgs() && I < FD->getNumParams(); ++I)
      if (QualType T = FD->getParamDecl(I)->getType(); T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
        Lent.push_back(C->getArg(I));
  for (const Expr *E : Lent)
    if (const VarDecl *V = writtenVar(E))
      for (int L : Stack)
        Loops[L].Lent.insert(V);
  return true;
}

std::optional<Idiom> Reductions::Impl::roleOf(const Expr *E) const {
  auto It = Roles.find(E);
  return It == Roles.end() ? std::nullopt : std::optional<Idiom>(It->second);
}

/// The address a CUDA cache-hint load reads (`__ldg(&x[i])`, `__ldcs(x + i)`): an element read.
static const Expr *cacheHintAddress(const Expr *E) {
  static constexpr llvm::StringLiteral Loads[] = {"__ldg", "__ldcs", "__ldcg", "__ldca", "__ldlu", "__ldcv"};
  const auto *C = dyn_cast<CallExpr>(E->IgnoreParenCasts());
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  return F && F->getIdentifier() && C->getNumArgs() == 1 && llvm::is_contained(Loads, F->getName()) ? C->getArg(0)
                                                                                                      : nullptr;
}

bool Reductions::Impl::isSingleAssignmentLocal(const VarDecl *V) const {
  return V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() && !Modified.count(V) &&
         !V->getType()->isReferenceType();
}

std::string Reductions::Impl::tensorOf(const Expr *Operand) const {
  const Expr *E = Operand->IgnoreParenCasts();
  if (const VarDecl *V = varOf(E); V && isSingleAssignmentLocal(V) && !V->getType()->isPointerType())
    return tensorOf(V->getInit());
  if (const Expr *Started = startedValue(E))
    return tensorOf(Started);
  if (std::optional<ContainerAccess> C = containerAccess(E); C && C->Index)
    return containerKey(C->Object);
  if (std::optional<Subscript> A = subscriptOf(E))
    // Another class's operator[] reads no array whose address could name it.
    return A->Base->IgnoreParenImpCasts()->getType()->isRecordType() ? "" : pointerRoot(A->Base);
  if (const Expr *Address = cacheHintAddress(E))
    return pointerRoot(Address);
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return pointerRoot(U->getSubExpr());
  return {};
}

void Reductions::Impl::written(const VarDecl *V, const FieldDecl *Member) {
  if (!V)
    return;
  Modified.insert(V);
  for (int L : Stack) {
    Loops[L].Written.insert(V);
    if (Member)
      Loops[L].WrittenMembers[V].insert(Member);
    else
      Loops[L].WrittenWhole.insert(V);
  }
}

void Reductions::Impl::collectWrites(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const VarDecl *V = variableWrittenBy(S))
    Out.insert(V);
  for (const Stmt *C : S->children())
    collectWrites(C, Out);
}

Reductions::Impl::Chain Reductions::Impl::chainOf(int L) const {
  Chain C;
  for (; L >= 0; L = Loops[L].Parent)
    C.push_back(L);
  return C;
}

bool Reductions::Impl::within(int In, int L) const {
  for (; In >= 0; In = Loops[In].Parent)
    if (In == L)
      return true;
  return false;
}

bool Reductions::Impl::declaredIn(const VarDecl *V, int L) const {
  auto It = DeclLoop.find(V);
  return It != DeclLoop.end() && within(It->second, L);
}

bool Reductions::Impl::indexesBelow(const VarDecl *V, int L, const Chain &C) const {
  for (int I : C) {
    if (I == L)
      return false;
    if (Loops[I].Induction.count(V))
      return true;
  }
  return false;
}

bool Reductions::Impl::varVaries(const VarDecl *V, int L, const Chain &C) const {
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

bool Reductions::Impl::exprVaries(const Stmt *E, int L, const Chain &C) const {
  if (!E)
    return false;
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const VarDecl *V = variableNamed(D->getDecl());
    return V && varVaries(V, L, C);
  }
  // A member of a variable the loop writes only within other members (`out.cols` beside
  // `out.data[i] += x`) stays as it is.
  if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow()) {
    // Fields named by `.` from a variable: the one nearest it.
    const Expr *Root = M;
    const FieldDecl *Member = nullptr;
    for (const auto *Up = M; Up && !Up->isArrow() && (Member = dyn_cast<FieldDecl>(Up->getMemberDecl()));
         Up = dyn_cast<MemberExpr>(Root->IgnoreParenImpCasts()))
      Root = Up->getBase();
    const VarDecl *V = varOf(Root);
    const Loop &Around = Loops[L];
    if (V && Member && variableNamed(V) == V && !indexesBelow(V, L, C) && !declaredIn(V, L) &&
        Around.Written.count(V) && !Around.WrittenWhole.count(V) && !Around.Lent.count(V) && !Aliased.count(V)) {
      auto It = Around.WrittenMembers.find(V);
      return It != Around.WrittenMembers.end() && It->second.count(Member);
    }
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

bool Reductions::Impl::addressVaries(const Expr *LV, int L, const Chain &C) const {
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

bool Reductions::Impl::loadedIndex(const Stmt *E, const Chain &Around) const {
  if (!E)
    return false;
  if (isa<ArraySubscriptExpr, CallExpr>(E) ||
      (isa<UnaryOperator>(E) && cast<UnaryOperator>(E)->getOpcode() == UO_Deref) ||
      (isa<MemberExpr>(E) && cast<MemberExpr>(E)->isArrow()))
    return true;
  if (const VarDecl *V = isa<Expr>(E) ? varOf(cast<Expr>(E)) : nullptr) {
    if (isSingleAssignmentLocal(V))
      return !Visiting.count(V) && loadedIndex(V->getInit());
    // A C89 local declared at the top and given its value in the loop (`c = lab[i]; s[c] += x[i];`),
    // no loop's counter (`for (j = 0; ...)` reusing one given `j = col[k]` elsewhere).
    if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
        llvm::any_of(Around, [&](int L) { return Loops[L].Induction.count(V) != 0; }))
      return false;
    if (auto Known = LoadedLocal.find(V); Known != LoadedLocal.end())
      return Known->second;
    LoadedLocal[V] = false; // while it is asked: a cycle through its own value loads nothing
    return LoadedLocal[V] = llvm::any_of(Assignments, [&](const Assignment &A) {
             return A.B->getOpcode() == BO_Assign && varOf(A.B->getLHS()) == V && loadedIndex(A.B->getRHS());
           });
  }
  return llvm::any_of(E->children(), [&](const Stmt *S) { return loadedIndex(S, Around); });
}

bool Reductions::Impl::scatters(const Expr *LV, const Chain &Around) const {
  LV = LV->IgnoreParenImpCasts();
  // A row of an array of arrays scatters where the row does (s[lab[i]][k]).
  if (std::optional<Subscript> A = subscriptOf(LV))
    return loadedIndex(A->Index, Around) || wrapsIndex(A->Index) ||
           (A->OnObject ? scatters(A->Base, Around) : pointerScatters(A->Base, Around));
  if (const auto *U = dyn_cast<UnaryOperator>(LV); U && U->getOpcode() == UO_Deref)
    return pointerScatters(U->getSubExpr(), Around);
  if (std::optional<Accessor> A = accessorOf(LV))
    return llvm::any_of(A->Args, [&](const Expr *X) { return loadedIndex(X, Around) || wrapsIndex(X); });
  // A member of a scattered element (s[lab[i]].n).
  if (const auto *M = dyn_cast<MemberExpr>(LV); M && !M->isArrow())
    return scatters(M->getBase(), Around);
  return false;
}

bool Reductions::Impl::pointerScatters(const Expr *P, const Chain &Around) const {
  P = P->IgnoreParenCasts();
  if (const VarDecl *V = varOf(P))
    return isSingleAssignmentLocal(V) && pointerScatters(V->getInit(), Around);
  if (const auto *B = dyn_cast<BinaryOperator>(P); B && B->isAdditiveOp()) {
    bool LPtr = B->getLHS()->getType()->isPointerType();
    return pointerScatters(LPtr ? B->getLHS() : B->getRHS(), Around) ||
           loadedIndex(LPtr ? B->getRHS() : B->getLHS(), Around);
  }
  return false;
}

bool Reductions::Impl::readsData(const Stmt *S) const {
  if (const auto *E = dyn_cast<Expr>(S); E && readsTensor(E))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *C) { return C && readsData(C); });
}

const Expr *Reductions::Impl::startedValue(const Expr *Ref) const {
  const auto *D = dyn_cast<DeclRefExpr>(Ref->IgnoreParenImpCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || !V->getType()->isArithmeticType() ||
      V->getType().isVolatileQualified())
    return nullptr;
  // The loops around the reference inside the start's block: their next iteration reads a write
  // in them (`temp *= 0.5f` after the product), not the start.
  std::vector<const Stmt *> Around;
  const auto Parent = [&](const Stmt *S) -> const Stmt * {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (P && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      Around.push_back(P);
    return P;
  };
  const BinaryOperator *Start = startBefore(D, V, Parent);
  if (!Start)
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  const auto Within = [&](const Stmt *Inner, const Stmt *Outer) {
    return !SM.isBeforeInTranslationUnit(Inner->getBeginLoc(), Outer->getBeginLoc()) &&
           !SM.isBeforeInTranslationUnit(Outer->getEndLoc(), Inner->getEndLoc());
  };
  // No other write of V between the two, nor in such a loop (the walk up stopped at the start's
  // block).
  if (llvm::any_of(Assignments, [&](const Assignment &A) {
        return A.B != Start && writtenVar(A.B->getLHS()) == V &&
               ((SM.isBeforeInTranslationUnit(Start->getEndLoc(), A.B->getBeginLoc()) &&
                 SM.isBeforeInTranslationUnit(A.B->getEndLoc(), D->getBeginLoc())) ||
                llvm::any_of(Around, [&](const Stmt *L) { return Within(A.B, L); }));
      }))
    return nullptr;
  return Start->getRHS();
}

bool Reductions::Impl::readsTensor(const Expr *E) const {
  E = E->IgnoreParenCasts();
  if (const VarDecl *V = varOf(E)) {
    // A range-for's variable is the element it walks (`for (float x : v)`).
    if (auto L = DeclLoop.find(V); L != DeclLoop.end() && L->second >= 0)
      if (const auto *FR = dyn_cast<CXXForRangeStmt>(Loops[L->second].S); FR && FR->getLoopVariable() == V)
        return true;
    if (const Expr *Started = startedValue(E))
      return readsTensor(Started);
    // (A struct copied from an element, `float4 a = x[i]`, is initialised by its copy constructor.)
    return isSingleAssignmentLocal(V) && readsTensor(V->getInit()->IgnoreUnlessSpelledInSource());
  }
  // A member of an object reached through a pointer or a reference (`p.vel` of `auto &p : ps`).
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    const VarDecl *Object = varOf(M->getBase());
    return M->isArrow() || (Object && Object->getType()->isReferenceType()) || readsTensor(M->getBase());
  }
  // A tensor's element scaled by a value (`alpha * a[i]`, hoisted out of a GEMM's inner loop).
  if (const auto *Mul = dyn_cast<BinaryOperator>(E); Mul && Mul->getOpcode() == BO_Mul)
    return readsTensor(Mul->getLHS()) != readsTensor(Mul->getRHS());
  return subscriptOf(E) || accessorOf(E) || elementByValue(E) || cacheHintAddress(E) ||
         (isa<UnaryOperator>(E) && cast<UnaryOperator>(E)->getOpcode() == UO_Deref);
}

void Reductions::Impl::analyse(const Assignment &A) {
  const BinaryOperator *B = A.B;
  // A struct's store in C (`pos[i] = p`; C++'s is its operator=, StructStores).
  if (B->getOpcode() == BO_Assign && B->getLHS()->getType()->isRecordType())
    return storedBack(B->getLHS(), B->getRHS(), A.Loop);
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
        return sumOrElimination(Steps, Target, L, C);
    if (scatters(Target, C))
      for (int L : C)
        if (Varies(L))
          return sumOrElimination(Steps, Target, L, C);
  }
  // A scan: each element sums the one before it (a prefix sum along the innermost loop).
  if (A.Loop >= 0) {
    Chain C = chainOf(A.Loop);
    std::vector<SumStep> Scan = scanSteps(*B, Ctx);
    if (llvm::any_of(Scan, [&](const SumStep &S) { return exprVaries(S.Added, A.Loop, C); }))
      return reduction(Scan, A.Loop, C);
  }
  // A recurrence through an array, each element computed from the one the iteration before wrote.
  if (B->getOpcode() == BO_Assign && readsPrevious(B->getRHS(), Target, A.Loop))
    return update(B, Target);
  // State the function keeps, or a local a loop carries from one iteration to the next (an
  // average, a decay, a count, a running product).
  if ((outlivesFunction(Target) || carriedLocal(Target, A.Loop, countsByConstant(*B))) &&
      (B->isCompoundAssignmentOp() || readsOld(B->getRHS(), Target) ||
       (B->getOpcode() == BO_Assign && ((readsBeside(B->getRHS(), Target) && sweptAgain(A)) || isDelayElement(A)))) &&
      !givenAnew(A))
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
    storedBack(Target, B->getRHS(), A.Loop);
}

std::string Reductions::Impl::pointerRoot(const Expr *P) const {
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

std::string Reductions::Impl::containerKey(const Expr *Object) const {
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

void Reductions::Impl::guard(const Expr *G) {
  const VariableFacts Facts{[&](const VarDecl *V) { return isSingleAssignmentLocal(V); },
                            [&](const VarDecl *V) { return Modified.count(V) != 0; }};
  if (const Expr *Op = guardingOp(G, Ctx, Facts); Op && !Roles.count(Op))
    Roles[Op] = Idiom::Guard;
}

std::string Reductions::Impl::uniqueName(const VarDecl *V) const {
  auto N = NameCount.find(V->getName());
  bool Unique = N == NameCount.end() ? V->hasGlobalStorage() : N->second == 1;
  return Unique ? V->getName().str() : std::string();
}


Reductions::Reductions(const FunctionDecl &FD, ASTContext &Ctx, Exchanges Exchanged, bool FoldsARange)
    : P(std::make_unique<Impl>(FD, Ctx, std::move(Exchanged), FoldsARange)) {}
Reductions::~Reductions() = default;

std::optional<Idiom> Reductions::roleOf(const Expr *E) const { return P->roleOf(E); }
std::string Reductions::tensorOf(const Expr *Operand) const { return P->tensorOf(Operand); }

bool Reductions::givenOnce(const VarDecl &V) const { return P->isSingleAssignmentLocal(&V); }

const std::set<const CallExpr *> &Reductions::updateCalls() const { return P->updateCalls(); }
const std::set<const CallExpr *> &Reductions::iteratedMapCalls() const { return P->iteratedMapCalls(); }

} // namespace autoscale::find
