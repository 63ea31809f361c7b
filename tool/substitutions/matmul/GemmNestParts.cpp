//===- GemmNestParts.cpp - one attempt at folding a loop nest into a GEMM ----===//
//
// The loops (counted, bounds fixed), the accumulator (an element of C, a local scalar, or a
// local array of an unrolled loop) and the accesses. GemmNestSplit.cpp has what follows a scalar
// accumulator's sum (sumStored), the rest of the nest and where the call goes.
//
//===----------------------------------------------------------------------===//
#include "substitutions/matmul/GemmNestParts.h"

#include "find/Containers.h"

#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace autoscale::find::gemm {
namespace {

/// `for (int v = Start; v < Bound; v++ / v += Step)` (or `v = Start` for a v declared before: C89,
/// `#pragma omp parallel for private(v)`): the variable, its start, bound and step (null: 1).
/// `v <= Bound` with a signed bound of v's type runs to Bound + 1 (Inclusive); an unsigned one may
/// never end, and one of a narrower type than v's could be its type's maximum.
bool header(const ForStmt *For, const VarDecl *&V, const Expr *&Start, const Expr *&Bound, const Expr *&Step,
            bool &Inclusive, std::string &Why, const SourceManager &SM) {
  std::string Loop = loopAtLine(For, SM);
  Start = nullptr;
  V = forCounter(*For, &Start);
  if (!V || !V->getType()->isIntegerType() || !Start) {
    Why = Loop + " does not start an integer variable";
    return false;
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  Bound = nullptr;
  const BinaryOperatorKind Op = Cond ? Cond->getOpcode() : BO_Comma;
  if ((Op == BO_LT || Op == BO_LE) && varOf(Cond->getLHS()) == V)
    Bound = Cond->getRHS();
  else if ((Op == BO_GT || Op == BO_GE) && varOf(Cond->getRHS()) == V)
    Bound = Cond->getLHS();
  Inclusive = Op == BO_LE || Op == BO_GE;
  // The call computes Bound + 1 in Bound's type: exact where Bound is signed and of v's own type,
  // since v <= Bound with Bound at that type's maximum would overflow v (the loop never ends well).
  if (Bound && Inclusive) {
    const QualType B = Bound->IgnoreParenImpCasts()->getType();
    if (!B->isSignedIntegerType() ||
        B.getCanonicalType().getUnqualifiedType() != V->getType().getCanonicalType().getUnqualifiedType())
      Bound = nullptr;
  }
  if (!Bound) {
    Why = Loop + " is not bounded as `" + V->getName().str() + " < n` or, n signed and of " +
          V->getName().str() + "'s type, `" + V->getName().str() + " <= n`";
    return false;
  }
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParenImpCasts() : nullptr;
  Step = nullptr;
  bool Counts = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    Counts = U->isIncrementOp() && varOf(U->getSubExpr()) == V;
  else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc)) {
    if (B->getOpcode() == BO_AddAssign && varOf(B->getLHS()) == V) {
      Step = B->getRHS();
      Counts = true;
    } else if (const auto *Add = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
               B->getOpcode() == BO_Assign && varOf(B->getLHS()) == V && Add &&
               Add->getOpcode() == BO_Add) {
      Step = varOf(Add->getLHS()) == V ? Add->getRHS()
             : varOf(Add->getRHS()) == V ? Add->getLHS()
                                          : nullptr;
      Counts = Step != nullptr;
    }
  }
  if (!Counts) {
    Why = Loop + " does not count its variable up";
    return false;
  }
  return true;
}

bool sameAffine(const Affine &A, const Affine &B) {
  if (A.Const != B.Const || A.Coeff.size() != B.Coeff.size())
    return false;
  for (auto &[V, C] : A.Coeff)
    if (B.coeff(V) != C)
      return false;
  return true;
}

/// `X % Y`: its operands.
bool remainderOf(const Expr *E, const Expr *&X, const Expr *&Y) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || B->getOpcode() != BO_Rem)
    return false;
  X = B->getLHS();
  Y = B->getRHS();
  return true;
}

/// `X % Y != 0` (Zero false) or `X % Y == 0` (Zero true), with the comparison either way round;
/// `X % Y` alone counts as `!= 0`.
bool remainderTest(const Expr *Cond, bool Zero, const Expr *&X, const Expr *&Y) {
  Cond = Cond->IgnoreParenImpCasts();
  if (!Zero && remainderOf(Cond, X, Y))
    return true;
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B || B->getOpcode() != (Zero ? BO_EQ : BO_NE))
    return false;
  if (isZeroLiteral(B->getRHS()))
    return remainderOf(B->getLHS(), X, Y);
  return isZeroLiteral(B->getLHS()) && remainderOf(B->getRHS(), X, Y);
}

bool endsInReturn(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && isa<ReturnStmt>(CS->body_back());
  return isa_and_nonnull<ReturnStmt>(S);
}

} // namespace

NestAttempt::NestAttempt(const Candidate &C, const Chain &Ch, size_t J, const FunctionFacts &F,
                         const FileRanges &Ranges, const FunctionDecl &FD, std::vector<Span> Away)
    : C(C), Ch(Ch), J(J), F(F), Ranges(Ranges), FD(FD), Ctx(F.Ctx), Atoms_(F.Ctx),
      Reader(F.Ctx, Atoms_, Scope_), Away(std::move(Away)) {
  const ForStmt *Top = Ch.Loops[J];
  const Stmt *Up = F.parent(Top);
  Outer = Up && isa<OMPLoopDirective>(Up) && unwrapDirective(Up) == Top ? Up : Top;
  const SourceManager &SM = Ctx.getSourceManager();
  File = SM.getFileID(SM.getSpellingLoc(Top->getForLoc()));
  for (auto &[V, D] : F.DeclOf)
    if (F.within(D, Outer))
      Declared.insert(V);
  startLocals();
  for (auto &[V, Refs] : F.Refs)
    for (const DeclRefExpr *R : Refs)
      if (F.within(R, Outer) && F.writes(V) && writes(R, V)) {
        const Stmt *Up = F.parent(R);
        while (Up && isa<ParenExpr, ImplicitCastExpr>(Up))
          Up = F.parent(Up);
        const auto *M = dyn_cast_or_null<MemberExpr>(Up);
        if (std::string Storage = M ? memberStorage(*M) : ""; !Storage.empty())
          WrittenMembers[V].insert(Storage);
        else
          Written.insert(V);
      }
  Scope_.ReadThrough = [this](const VarDecl *V) {
    auto Start = StartedIn.find(V);
    const bool Once = Start == StartedIn.end()
                          ? !this->F.writes(V)
                          : llvm::none_of(this->F.Refs.at(V), [&](const DeclRefExpr *R) {
                              return this->F.within(R, Outer) && writes(R, V) &&
                                     R != Start->second->getLHS()->IgnoreParens();
                            });
    return Declared.count(V) && !Scope_.Loop.count(V) && initOf(V) && Once && !V->getType()->isReferenceType() &&
           !V->getType()->isArrayType() && !hasSideEffects(initOf(V), Ctx);
  };
  Scope_.InitOf = [this](const VarDecl *V) { return initOf(V); };
  Scope_.Invariant = [this](const VarDecl *V) {
    return !Declared.count(V) && !Written.count(V) && !WrittenMembers.count(V);
  };
  // Distinct members are distinct storage: `g->w` is fixed while the nest writes `g->b[o]`.
  Scope_.MemberInvariant = [this](const VarDecl *V, llvm::StringRef Member) {
    auto It = WrittenMembers.find(V);
    return !Declared.count(V) && !Written.count(V) && !Member.empty() &&
           (It == WrittenMembers.end() || !It->second.count(Member.str()));
  };
  Scope_.Region = Outer;
}

bool NestAttempt::writes(const DeclRefExpr *R, const VarDecl *V) const {
  const Stmt *P = F.parent(R);
  while (P && (isa<ParenExpr, ImplicitCastExpr, MemberExpr>(P) ||
               (isa<ArraySubscriptExpr>(P) && cast<ArraySubscriptExpr>(P)->getBase()->getType()->isArrayType())))
    P = F.parent(P);
  const auto *B = dyn_cast_or_null<BinaryOperator>(P);
  const auto *U = dyn_cast_or_null<UnaryOperator>(P);
  return (B && B->isAssignmentOp() && writtenVar(B->getLHS()) == V) ||
         (U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf));
}

bool NestAttempt::writesWithin(const VarDecl *V, const Stmt *S) const {
  auto Refs = F.Refs.find(V);
  if (!S || Refs == F.Refs.end())
    return false;
  return llvm::any_of(Refs->second, [&](const DeclRefExpr *R) { return F.within(R, S) && writes(R, V); });
}

/// A counter declared before its loop keeps, in the program, the value the loop left in it; the
/// GEMM leaves the one before. That is the same program where nothing reads it after the nest:
/// V is a local, and every use of it outside the nest is a plain assignment to it (`v = e`, e
/// without v) or lies in a for loop that starts by one (`for (v = 0; ...)`), so every read
/// outside sees a value written there. No label, so no goto, enters such a loop past its start.
bool NestAttempt::deadAfterNest(const VarDecl *V) const {
  if (!V->hasLocalStorage() || V->getType().isVolatileQualified() || F.Labels)
    return false;
  const auto StartsWith = [&](const Stmt *Init) {
    const auto *B = dyn_cast_or_null<BinaryOperator>(Init);
    return B && B->getOpcode() == BO_Assign && varOf(B->getLHS()) == V && !refersTo(B->getRHS(), V);
  };
  for (const DeclRefExpr *R : F.Refs.at(V)) {
    if (F.within(R, Outer))
      continue;
    const Stmt *Up = F.parent(R);
    bool Written = StartsWith(Up) && cast<BinaryOperator>(Up)->getLHS()->IgnoreParenImpCasts() == R;
    for (const Stmt *S = Up; S && !Written; S = F.parent(S))
      if (const auto *For = dyn_cast<ForStmt>(S))
        Written = StartsWith(For->getInit()) && !F.within(R, For->getInit());
    if (!Written)
      return false;
  }
  return true;
}

bool NestAttempt::fail(const std::string &Reason) {
  if (Why.empty())
    Why = Reason;
  return false;
}

bool NestAttempt::loops() {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::pair<const Expr *, const Expr *>> Ends; // bound, step
  std::vector<const Expr *> Starts;
  std::vector<bool> Inclusives;                             // `<=`: the trip is bound + 1
  for (size_t I = J + 1; I-- > 0;) {
    const ForStmt *For = Ch.Loops[I];
    NestLoop L;
    L.For = For;
    L.Line = SM.getSpellingLineNumber(For->getForLoc());
    const Expr *Start, *Bound, *Step;
    bool Inclusive = false;
    std::string W;
    if (!header(For, L.Var, Start, Bound, Step, Inclusive, W, SM))
      return fail(W);
    if (writesWithin(L.Var, For->getCond()) || writesWithin(L.Var, For->getBody()))
      return fail(loopAtLine(For, SM) + " changes its variable in its body");
    if (!isa<DeclStmt>(For->getInit()) && !deadAfterNest(L.Var))
      return fail(loopAtLine(For, SM) + " leaves its variable, declared before it, to code that may read it");
    L.Signed = Bound->IgnoreParenImpCasts()->getType()->isSignedIntegerType();
    Scope_.Loop.insert(L.Var);
    Loops.push_back(L);
    Starts.push_back(Start);
    Ends.push_back({Bound, Step});
    Inclusives.push_back(Inclusive);
  }
  for (size_t I = 0; I < Loops.size(); ++I) {
    // A loop from a value fixed in the nest (a minibatch's rows, `for (i = b0; i < b0 + B; i++)`)
    // is one from 0 over the elements from there on: its trip is the bound less the start, and
    // each access's first element moves by the start (accesses()).
    if (!isZeroLiteral(Starts[I])) {
      std::optional<Poly> Start = Reader.invariant(Starts[I]);
      if (!Start)
        return fail("the start of " + loopAtLine(Loops[I].For, SM) + ": " + Reader.Why);
      Loops[I].Start = *Start;
    }
    std::optional<Poly> Trip = Reader.invariant(Ends[I].first);
    if (!Trip)
      return fail("the bound of " + loopAtLine(Loops[I].For, SM) + ": " + Reader.Why);
    Loops[I].Trip = (Inclusives[I] ? *Trip + Poly::constant(1) : *Trip) - Loops[I].Start;
    if (const Expr *Step = Ends[I].second) {
      std::optional<Poly> S = Reader.invariant(Step);
      if (!S)
        return fail("the step of " + loopAtLine(Loops[I].For, SM) + ": " + Reader.Why);
      std::optional<int64_t> K = S->asConstant();
      if (K && *K <= 0)
        return fail(loopAtLine(Loops[I].For, SM) + " does not count up");
      if (!K || *K != 1)
        Loops[I].Step = *S;
    }
  }
  return true;
}

const CompoundStmt *NestAttempt::blockOf(const VarDecl *V, size_t &Level) {
  const Stmt *D = declOf(V);
  const auto *Block = D ? dyn_cast_or_null<CompoundStmt>(F.parent(D)) : nullptr;
  if (!Block || !F.within(C.Assign, Block))
    return nullptr;
  for (Level = 0; Level <= J; ++Level)
    if (F.within(Block, Ch.Loops[Level]))
      return Block;
  return nullptr;
}

bool NestAttempt::accumulator() {
  const Expr *T = C.Target->IgnoreParenImpCasts();
  if (const VarDecl *V = varOf(T)) {
    if (!Declared.count(V))
      return fail("the sum goes to '" + V->getName().str() +
                  "', which is declared outside the loops folded in");
    return scalarAccumulator(V);
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(T))
    if (const VarDecl *V = varOf(A->getBase()); V && V->getType()->isArrayType() && Declared.count(V))
      return arrayAccumulator(A);
  Acc.Form = Accumulator::Memory;
  Acc.Store = C.Target;
  memoryInit();
  return true;
}

void NestAttempt::memoryInit() {
  // The statement right before the nest loop that holds the sum, in a block of the nest, that
  // sets the same element: `C[i][j] = 0; for (k...) C[i][j] += ...` (or `= bias[j]`); or that
  // scales it (`C[i][j] *= beta`, BLAS's C = beta C + A B), which stays where it is while the
  // GEMM, after the loops, adds the products to the scaled element.
  for (size_t L = 0; L < J; ++L) {
    const auto *Block = dyn_cast<CompoundStmt>(Ch.Loops[L + 1]->getBody());
    if (!Block)
      continue;
    const Stmt *Before = nullptr;
    for (const Stmt *S : Block->body()) {
      if (S == Ch.Loops[L]) {
        const auto *B = dyn_cast_or_null<BinaryOperator>(Before);
        if (!B || !sameExpr(B->getLHS(), C.Target, Ctx))
          return;
        const auto *Product = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
        if (B->getOpcode() == BO_MulAssign || B->getOpcode() == BO_DivAssign) {
          Acc.ScaledBy = B->getRHS();
          Acc.Scale = B;
        } else if (B->getOpcode() == BO_Assign && Product &&
                   (Product->getOpcode() == BO_Mul || Product->getOpcode() == BO_Div) &&
                   (sameExpr(Product->getLHS(), C.Target, Ctx) ||
                    (Product->getOpcode() == BO_Mul && sameExpr(Product->getRHS(), C.Target, Ctx)))) {
          Acc.ScaledBy = sameExpr(Product->getLHS(), C.Target, Ctx) ? Product->getRHS() : Product->getLHS();
          Acc.Scale = B;
        } else if (B->getOpcode() == BO_Assign) {
          Acc.Init = B->getRHS();
          Acc.Pieces = {B};
          Acc.Level = L + 1;
        }
        return;
      }
      Before = S;
    }
  }
}

bool NestAttempt::scalarAccumulator(const VarDecl *V) {
  std::string Name = "the accumulator '" + V->getName().str() + "'";
  const CompoundStmt *Block = blockOf(V, Acc.Level);
  if (!Block)
    return fail(Name + " is not declared in a block of the loops");
  if (!initOf(V))
    return fail(Name + " has no initial value");
  return sumStored(V, Block, Name);
}

bool NestAttempt::arrayAccumulator(const ArraySubscriptExpr *T) {
  const VarDecl *V = varOf(T->getBase());
  std::string Name = "the accumulator array '" + V->getName().str() + "'";
  const VarDecl *Lane = varOf(T->getIdx());
  const CompoundStmt *Block = blockOf(V, Acc.Level);
  if (!Block)
    return fail(Name + " is not declared in a block of the loops");
  auto LaneLoop = llvm::find_if(Loops, [&](const NestLoop &L) { return L.Var == Lane; });
  if (LaneLoop == Loops.end() || !F.within(LaneLoop->For, Block))
    return fail(Name + " is not indexed by a loop inside its block");
  // The block: declaration, a loop setting each element, the sum, a loop storing each element.
  const ForStmt *Init = nullptr, *StoreLoop = nullptr;
  const BinaryOperator *InitAssign = nullptr, *Store = nullptr;
  bool After = false;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Stmt *S : Block->body()) {
    if (F.within(C.Assign, S)) {
      After = true;
      continue;
    }
    if (!llvm::any_of(F.Refs.at(V), [&](const DeclRefExpr *R) { return F.within(R, S); }))
      continue;
    const auto *For = dyn_cast<ForStmt>(S);
    if (!For || (After ? StoreLoop : Init))
      return fail(Name + " is used other than set, summed and stored by loops");
    const VarDecl *Var;
    const Expr *Start, *Bound, *Step;
    bool Inclusive = false;
    std::string W;
    if (!header(For, Var, Start, Bound, Step, Inclusive, W, SM) || Step || !isZeroLiteral(Start) ||
        !LaneLoop->Start.isZero())
      return fail(W.empty() ? loopAtLine(For, SM) + " does not count by one from 0" : W);
    std::optional<Poly> Trip = Reader.invariant(Bound);
    if (Trip && Inclusive)
      Trip = *Trip + Poly::constant(1);
    if (!Trip || *Trip != LaneLoop->Trip)
      return fail(loopAtLine(For, SM) + " does not cover the elements the sum runs over");
    Scope_.Alias[Var] = Lane;
    const Stmt *Last = For->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(Last)) {
      for (const Stmt *Inner : CS->body())
        if (Inner != CS->body_back() && !pureDecl(Inner))
          return fail(loopAtLine(For, SM) + " does more than set or store the accumulator");
      Last = CS->body_empty() ? nullptr : CS->body_back();
    }
    const auto *B = dyn_cast_or_null<BinaryOperator>(Last);
    auto Elem = [&](const Expr *E) -> const ArraySubscriptExpr * {
      const auto *A = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
      return A && varOf(A->getBase()) == V && varOf(A->getIdx()) == Var ? A : nullptr;
    };
    if (!B || B->getOpcode() != BO_Assign || !(After ? Elem(B->getRHS()) : Elem(B->getLHS())))
      return fail(loopAtLine(For, SM) + " does not " +
                  (After ? "store each element as it is" : "set each element"));
    (After ? StoreLoop : Init) = For;
    (After ? Store : InitAssign) = B;
  }
  if (!Init || !Store)
    return fail(Name + " is not set and stored by loops around the sum");
  Acc.Form = Accumulator::Array;
  Acc.Var = V;
  Acc.Pieces = {F.DeclOf.at(V), Init, StoreLoop};
  Acc.Store = Store->getLHS();
  Acc.Init = InitAssign->getRHS();
  return true;
}

std::optional<Access> NestAttempt::readOf(const Expr *E) {
  std::optional<Access> A = Reader.operand(E);
  if (!A)
    fail(Reader.Why);
  return A;
}

bool NestAttempt::accesses() {
  std::optional<Access> X = readOf(C.X), Y = readOf(C.Y), Cel = Reader.element(Acc.Store);
  if (!Cel)
    fail("the result: " + Reader.Why);
  if (!X || !Y || !Cel)
    return false;
  P.X = *X;
  P.Y = *Y;
  P.C = *Cel;
  P.RankOne = C.Update;
  QualType Elem = P.C.Element;
  if (!Ctx.hasSameUnqualifiedType(C.X->getType(), Elem) ||
      !Ctx.hasSameUnqualifiedType(C.Y->getType(), Elem) ||
      (Acc.Var && !Ctx.hasSameUnqualifiedType(Acc.Var->getType()->isArrayType()
                                                  ? Ctx.getBaseElementType(Acc.Var->getType())
                                                  : Acc.Var->getType(),
                                              Elem)))
    return fail("the products or the sum are computed in another type than the arrays hold");
  if (P.X.Base == P.C.Base || P.Y.Base == P.C.Base)
    return fail("the result is also a factor");
  for (const BinaryOperator *O : Acc.Outputs) {
    const unsigned Line = Ctx.getSourceManager().getExpansionLineNumber(O->getBeginLoc());
    const std::string Store = "the sum's store at line " + std::to_string(Line);
    std::optional<Access> Out = Reader.element(O->getLHS());
    if (!Out)
      return fail(Store + ": " + Reader.Why);
    if (!Ctx.hasSameUnqualifiedType(Out->Element, Elem))
      return fail(Store + " writes another type than the result holds");
    if (Out->Base == P.X.Base || Out->Base == P.Y.Base)
      return fail(Store + " writes a factor");
    if (Out->Base == P.C.Base || llvm::any_of(Loops, [&](const NestLoop &L) {
          return Out->Offset.coeff(L.Var) != P.C.Offset.coeff(L.Var);
        }))
      return fail(Store + " writes an element laid out otherwise than the result's");
    P.Outputs.push_back(*Out);
  }
  if (C.ProductFactor) {
    if (!Ctx.hasSameUnqualifiedType(C.ProductFactor->getType(), Elem))
      return fail("the products are scaled in another type than the arrays hold");
    if (!Reader.isCallFactor(C.ProductFactor))
      return fail(Reader.Why);
    P.ProductFactor = C.ProductFactor;
  }
  P.Negated = C.Negated;
  if ((Acc.Form == Accumulator::Memory && !Acc.Init) || (Acc.StoreAdds && isZeroLiteral(Acc.Init))) {
    P.AddC = true;
    P.SumThenAdd = Acc.Form != Accumulator::Memory;
  } else if (Acc.StoreAdds) {
    return fail("the accumulator starts from a value and is added to the result");
  } else if (!isZeroLiteral(Acc.Init)) {
    const Expr *Init = Acc.Init->IgnoreParenImpCasts();
    if (const auto *Cond = dyn_cast<ConditionalOperator>(Init)) {
      if (!isZeroLiteral(Cond->getFalseExpr()) || !Reader.isInvariant(Cond->getCond()))
        return fail("the initial value is neither 0, an element, nor `cond ? element : 0` with "
                    "a condition fixed in the loops");
      P.DIf = Cond->getCond();
      Init = Cond->getTrueExpr();
    }
    std::optional<Access> D = readOf(Init);
    if (!D)
      return fail("the initial value: " + Why);
    // The runtime's GEMM adds D (or C) as it is: C = A·B + D has no factor on D.
    if (D->Factor) {
      const SourceManager &SM = Ctx.getSourceManager();
      const CharSourceRange Range = SM.getExpansionRange(Init->getSourceRange());
      return fail("the initial value `" + Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str() +
                  "` is an element times a factor, which the GEMM does not scale");
    }
    if (D->Base == P.C.Base) {
      if (!sameAffine(D->Offset, P.C.Offset) || P.DIf)
        return fail("the initial value reads the result at another element");
      P.AddC = true;
    } else {
      P.D = *D;
    }
  }
  if (Acc.Form != Accumulator::Memory || Acc.Init)
    for (const NestLoop &L : Loops)
      if (!F.within(L.For, Ch.Loops[Acc.Level > J ? J : Acc.Level]) ||
          L.For == Ch.Loops[Acc.Level])
        if (P.C.Offset.coeff(L.Var).isZero())
          return fail(loopAtLine(L.For, Ctx.getSourceManager()) +
                      " runs around the accumulator but does not index the result");
  // A loop from a value fixed in the nest (NestLoop::Start) counts from 0 in the call: each
  // access's first element is the one where the loops start.
  const auto FromStart = [&](Access &A) {
    for (const NestLoop &L : Loops)
      A.Offset.Const = A.Offset.Const + A.Offset.coeff(L.Var) * L.Start;
  };
  FromStart(P.X);
  FromStart(P.Y);
  FromStart(P.C);
  if (P.D)
    FromStart(*P.D);
  for (Access &Out : P.Outputs)
    FromStart(Out);
  return true;
}

bool NestAttempt::divides(const Poly &U, const Poly &N) {
  if (std::optional<int64_t> K = U.asConstant(); K && N.divisibleBy(*K))
    return true;
  auto Same = [&](const Expr *X, const Expr *Y) {
    auto Fixed = [&](const Expr *E) {
      return llvm::all_of(F.Refs, [&](const auto &Entry) {
        return !F.writes(Entry.first) ||
               llvm::none_of(Entry.second, [&](const DeclRefExpr *R) { return F.within(R, E); });
      });
    };
    std::optional<Poly> PX = Reader.invariant(X), PY = Reader.invariant(Y);
    return PX && PY && *PX == N && *PY == U && Fixed(X) && Fixed(Y);
  };
  const Expr *X, *Y;
  for (const Stmt *Child = Outer, *Up = F.parent(Outer); Up; Child = Up, Up = F.parent(Up)) {
    if (const auto *If = dyn_cast<IfStmt>(Up); If && If->getThen() == Child &&
                                               remainderTest(If->getCond(), true, X, Y) &&
                                               Same(X, Y))
      return true;
    if (const auto *Block = dyn_cast<CompoundStmt>(Up))
      for (const Stmt *S : Block->body()) {
        if (S == Child)
          break;
        const auto *If = dyn_cast<IfStmt>(S);
        if (If && !If->getElse() && endsInReturn(If->getThen()) &&
            remainderTest(If->getCond(), false, X, Y) && Same(X, Y))
          return true;
      }
  }
  return false;
}

NestFinding NestAttempt::run() {
  NestFinding Out;
  Out.Statement = C.Assign;
  Out.Anchor = Ch.Loops[J];
  if (!Outer->getBeginLoc().isFileID() || !Outer->getEndLoc().isFileID()) {
    Out.Reason = Ch.Loops[J]->getBeginLoc().isFileID() ? "the loops' OpenMP pragma is written in a macro"
                                                          : "the loops are written in a macro";
    return Out;
  }
  if (!loops() || !accumulator() || !accesses()) {
    Out.Reason = Why;
    return Out;
  }
  walk(Outer);
  std::optional<GemmShape> S = buildProduct(
      Loops, P, Atoms_, Ranges, File, [&](const Poly &U, const Poly &N) { return divides(U, N); },
      Why);
  if (!S) {
    // What a kernel declaration would say if the user knows what could not be proved.
    std::string Ignored;
    if (std::optional<GemmShape> Relaxed = buildProduct(
            Loops, P, Atoms_, Ranges, File, [](const Poly &, const Poly &) { return true; },
            Ignored))
      Out.Suggestion = suggestion(*Relaxed);
    Out.Reason = Why;
    return Out;
  }
  besideSums();
  if (!(Other.empty() ? wholeNest(*S) && (!Acc.Epilogue || epilogue(*S)) : split(*S))) {
    Out.Suggestion = suggestion(*S);
    Out.Reason = Why;
    return Out;
  }
  // C's elements are checked by the call that guards the loops; nothing else.
  if (!S->guarded() && S->CheckDistinct) {
    Out.Reason = kNotDistinct;
    return Out;
  }
  Out.Split = Split;
  Out.Shape = std::make_shared<GemmShape>(std::move(*S));
  Out.Variable = baseVariable(Atoms_.expr(P.C.Base));
  return Out;
}

} // namespace autoscale::find::gemm
