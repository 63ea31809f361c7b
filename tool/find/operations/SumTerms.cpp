//===- SumTerms.cpp - the terms a reduction adds, and its steps elsewhere ---===//
//
// Part of Reductions::Impl (ReductionsImpl.h): once a statement is known to add to a sum, which of
// its operations are the sum's (accumulate) and which products its terms (dot_mul, square_sum);
// steps of the same sum outside its loops, atomicAdd's terms, a warp's shuffled partial sums, and
// the sums std::accumulate folds.
//
//===----------------------------------------------------------------------===//
#include "find/operations/ReductionsImpl.h"

#include "find/Context.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <map>

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

} // namespace

bool Reductions::Impl::shuffles(const Expr *E, const Expr *Target) const {
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

void Reductions::Impl::fold(const FoldSteps &F) {
  for (int L = 0; L < static_cast<int>(Loops.size()); ++L)
    if (Loops[L].S == F.Lambda) {
      Chain C = chainOf(L);
      if (llvm::any_of(F.Steps, [&](const SumStep &S) { return exprVaries(S.Added, L, C); }))
        reduction(F.Steps, L, C);
    }
}

void Reductions::Impl::foldedByCaller(const FunctionDecl &Op) {
  const ParmVarDecl *Element = Op.getParamDecl(1);
  for (const SumStep &S : foldedSteps(Op, Ctx)) {
    Roles[S.Reducer] = Idiom::Accumulate;
    productTerm(S.Added, [&](const Expr *E) {
      return readsWhere(E, [&](const Expr *X) {
        const auto *Ref = dyn_cast<DeclRefExpr>(X);
        return Ref && Ref->getDecl() == Element;
      });
    });
  }
}

void Reductions::Impl::stepsBesideLoops() {
  // Each local's assignments in a loop that sum into it, and those that give it a value anew.
  std::map<const VarDecl *, std::vector<const BinaryOperator *>> Sums, Fresh;
  for (const Assignment &A : Assignments) {
    const VarDecl *V = varOf(A.B->getLHS());
    if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V))
      continue;
    if (A.B->getOpcode() == BO_Assign && !readsWhere(A.B->getRHS(), [&](const Expr *X) { return varOf(X) == V; }))
      Fresh[V].push_back(A.B);
    if (A.Loop >= 0)
      for (const SumStep &S : sumSteps(*A.B, Ctx))
        if (auto R = Roles.find(S.Reducer); R != Roles.end() && R->second == Idiom::Accumulate)
          Sums[V].push_back(A.B);
  }
  // A step outside the loops adds to the same partial sum where no new value comes between it and
  // a step of theirs (a local summed, then reused for another quantity, is that quantity's).
  const SourceManager &SM = Ctx.getSourceManager();
  const auto Between = [&](const Stmt *X, const Stmt *A, const Stmt *B) {
    if (SM.isBeforeInTranslationUnit(B->getBeginLoc(), A->getBeginLoc()))
      std::swap(A, B);
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), X->getBeginLoc()) &&
           SM.isBeforeInTranslationUnit(X->getBeginLoc(), B->getBeginLoc());
  };
  for (const Assignment &A : Assignments) {
    const VarDecl *V = varOf(A.B->getLHS());
    auto InLoops = Sums.find(V);
    if (A.Loop >= 0 || InLoops == Sums.end())
      continue;
    const bool SameSum = llvm::any_of(InLoops->second, [&](const BinaryOperator *Step) {
      return llvm::none_of(Fresh[V], [&](const BinaryOperator *New) { return New != A.B && Between(New, A.B, Step); });
    });
    if (SameSum)
      for (const SumStep &S : sumSteps(*A.B, Ctx))
        if (!Roles.count(S.Reducer))
          Roles[S.Reducer] = Idiom::Accumulate;
  }
}

namespace {

/// The argument of one of CUDA's bit reinterpretations between floats and integers
/// (`__int_as_float(x)`, `__double_as_longlong(v)`), or null.
const Expr *reinterpreted(const Expr *E) {
  static constexpr llvm::StringLiteral Names[] = {"__int_as_float",     "__uint_as_float",  "__float_as_int",
                                                  "__float_as_uint",    "__longlong_as_double", "__double_as_longlong"};
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  return FD && FD->getIdentifier() && Call->getNumArgs() == 1 && llvm::is_contained(Names, FD->getName())
             ? Call->getArg(0)
             : nullptr;
}

} // namespace

const Expr *Reductions::Impl::casCombination(const CallExpr &Call) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD || !FD->getIdentifier() || FD->getName() != "atomicCAS" || Call.getNumArgs() != 3)
    return nullptr;
  const Expr *New = reinterpreted(Call.getArg(2));
  const Expr *Combined = New ? New->IgnoreParenImpCasts() : nullptr;
  // The new value held in a local first (`float sum = __int_as_float(old) + v;`).
  if (const VarDecl *Held = Combined ? varOf(Combined) : nullptr; Held && isSingleAssignmentLocal(Held))
    Combined = Held->getInit()->IgnoreParenImpCasts();
  if (!Combined || !Combined->getType()->isRealFloatingType())
    return nullptr;
  // One operand (a call's argument) is the compared value read back as a float.
  const auto IsOld = [&](const Expr *X) {
    const Expr *Bits = reinterpreted(X);
    return Bits && sameExpr(Bits->IgnoreParenImpCasts(), Call.getArg(1)->IgnoreParenImpCasts(), Ctx);
  };
  if (const auto *B = dyn_cast<BinaryOperator>(Combined); B && (B->isAdditiveOp() || B->isMultiplicativeOp()))
    return IsOld(B->getLHS()) || IsOld(B->getRHS()) ? Combined : nullptr;
  if (const auto *C = dyn_cast<CallExpr>(Combined))
    return llvm::any_of(C->arguments(), IsOld) ? Combined : nullptr;
  return nullptr;
}

void Reductions::Impl::atomicSum(const Expr *Added) {
  const auto *B = dyn_cast<BinaryOperator>(Added->IgnoreParenImpCasts());
  if (!B)
    return;
  if (B->isAdditiveOp() && holdsProduct(B)) {
    Roles.try_emplace(B, Idiom::Accumulate);
    atomicSum(B->getLHS());
    return atomicSum(B->getRHS());
  }
  // A product of two values and constants (`x[i] * x[i] * 0.5f`, an energy's term).
  if (B->getOpcode() == BO_Mul)
    productTerm(B, [&](const Expr *E) { return !isCompileTimeConstant(E, Ctx); });
}

void Reductions::Impl::reduction(const std::vector<SumStep> &Steps, int L, const Chain &C) {
  for (const SumStep &S : Steps)
    reduction(S.Reducer, S.Added, L, C);
}

bool Reductions::Impl::storesSum(const Expr *Value, const VarDecl *Local) const {
  std::set<const VarDecl *> Seen;
  std::function<bool(const Stmt *)> Direct = [&](const Stmt *S) {
    if (!S || isa<CallExpr>(S))
      return false;
    if (const auto *X = dyn_cast<Expr>(S))
      if (const VarDecl *V = varOf(X->IgnoreParenImpCasts())) {
        if (V == Local)
          return true;
        if (isSingleAssignmentLocal(V) && Seen.insert(V).second && Direct(V->getInit()))
          return true;
      }
    return llvm::any_of(S->children(), Direct);
  };
  return Direct(Value);
}

void Reductions::Impl::sumOrElimination(const std::vector<SumStep> &Steps, const Expr *Target, int L, const Chain &C) {
  // A local sum stands for the elements its value is stored into (by =, += or -=) where later
  // sums may read them: in a loop around the sum's (a triangular solve's `float s = b[i]; for
  // (...) s -= a[i][j] * b[j]; b[i] = s / a[i][i];`, SOR's `x[i] += w * (b[i] - s) / a[i][i]`), or
  // in a loop beside it, within a loop around both in which the element stays put (Householder's
  // `for (i ...) s += v[i] * a[i][j]; for (i ...) a[i][j] -= s * v[i];` inside the reflectors'
  // loop). Stored after the sum's loops into elements no later sum reads (a row normalised by its
  // own sum), it is no elimination.
  std::vector<const Expr *> Written{Target};
  const auto Around = std::next(llvm::find(C, L));
  if (const VarDecl *Local = varOf(Target->IgnoreParenImpCasts()); Local && Local->hasLocalStorage())
    for (const Assignment &A : Assignments) {
      if (!A.B->isAssignmentOp() || varOf(A.B->getLHS()->IgnoreParenImpCasts()) || !storesSum(A.B->getRHS(), Local))
        continue;
      const bool InLoopAround = std::find(Around, C.end(), A.Loop) != C.end();
      // The element's index does not name the shared loop's counter (Householder's a[i][j] under
      // the reflectors' k; a row's x[i][j] under its own i is another each time), and that loop
      // does not give the array fresh values (a softmax's p[j] = expf(...) before its sum).
      const std::optional<ElementPath> Stored = pathThroughRows(A.B->getLHS());
      const auto Refilled = [&](int Shared) {
        return llvm::any_of(Assignments, [&](const Assignment &X) {
          std::optional<ElementPath> P = X.B->getOpcode() == BO_Assign && within(X.Loop, Shared)
                                             ? pathThroughRows(X.B->getLHS())
                                             : std::nullopt;
          return P && Stored && P->Buffer == Stored->Buffer && !readsOld(X.B->getRHS(), X.B->getLHS());
        });
      };
      const bool StaysPut = llvm::any_of(chainOf(A.Loop), [&](int Shared) {
        const auto *For = dyn_cast<ForStmt>(Loops[Shared].S);
        const VarDecl *Counter = For ? forCounter(*For) : nullptr;
        return Counter && std::find(Around, C.end(), Shared) != C.end() && !refersTo(A.B->getLHS(), Counter) &&
               !Refilled(Shared);
      });
      if (InLoopAround || StaysPut)
        Written.push_back(A.B->getLHS());
    }
  if (llvm::none_of(Steps, [&](const SumStep &S) {
        return llvm::any_of(Written, [&](const Expr *W) { return eliminates(S.Added, W, L, C); }) ||
               propagatesState(S.Added, Written, C);
      }))
    return reduction(Steps, L, C);
  for (const SumStep &S : Steps)
    update(S.Reducer, Target);
}

bool Reductions::Impl::propagatesState(const Expr *Added, llvm::ArrayRef<const Expr *> Written, const Chain &C) const {
  // x <- F x stepped in time (a Kalman filter's prediction, a Markov chain's distribution) is
  // state: rounded every step, it drifts as a written-out `x[0] = F00 * x[0] + F01 * x[1]` would.
  // Not a product whose matrix moves with the loops around the copy (a layer's W[l] x, W += N * N),
  // nor one whose vector those loops fill afresh (a sample's), nor a copy made once.
  const auto ReadsBuffer = [&](const Stmt *E, const ValueDecl *Buffer) {
    return readsWhere(E, [&](const Expr *R) {
      const std::optional<ElementPath> Read = elementPathOf(R);
      return Read && Read->Buffer == Buffer;
    });
  };
  for (const Expr *W : Written) {
    const std::optional<ElementPath> Stored = pathThroughRows(W);
    if (!Stored || !Stored->Buffer)
      continue;
    for (const auto &Copied : assignmentIndex().Copies) {
      const ValueDecl *Into = Copied.first;
      if (Copied.second.From.Buffer != Stored->Buffer || Into == Stored->Buffer || !ReadsBuffer(Added, Into))
        continue;
      const Assignment &X = *Copied.second.By;
      Chain Carrying; // the loops around both, innermost first
      for (int Around : chainOf(X.Loop))
        if (llvm::is_contained(C, Around))
          Carrying.push_back(Around);
      if (Carrying.empty())
        continue;
      const int Outer = Carrying.back();
      const auto Moves = [&](const ValueDecl *D) {
        const auto *V = dyn_cast<VarDecl>(D);
        if (!V)
          return false;
        for (int L : Carrying)
          if (const auto *For = dyn_cast<ForStmt>(Loops[L].S); For && forCounter(*For) == V)
            return true;
        return !declaredIn(V, Outer) && llvm::any_of(Assignments, [&](const Assignment &Y) {
                 return within(Y.Loop, Outer) && varOf(Y.B->getLHS()->IgnoreParenImpCasts()) == V;
               });
      };
      const bool MatrixMoves = readsWhere(Added, [&](const Expr *R) {
        const std::optional<ElementPath> Read = elementPathOf(R);
        return Read && Read->Buffer != Into && readsWhere(R, [&](const Expr *E) {
                 const auto *Ref = dyn_cast<DeclRefExpr>(E);
                 return Ref && Moves(Ref->getDecl());
               });
      });
      const bool Refilled = llvm::any_of(Assignments, [&](const Assignment &Y) {
        const std::optional<ElementPath> P =
            Y.B != X.B && Y.B->getOpcode() == BO_Assign && within(Y.Loop, Outer) ? elementPathOf(Y.B->getLHS()) : std::nullopt;
        return P && P->Buffer == Into && !ReadsBuffer(Y.B->getRHS(), Into);
      });
      if (!MatrixMoves && !Refilled)
        return true;
    }
  }
  return false;
}

void Reductions::Impl::reduction(const Stmt *Reducer, const Expr *Added, int L, const Chain &C) {
  Roles[Reducer] = Idiom::Accumulate;
  // Terms summed in a local of the loop first (`float part = x[i] * x[i] + x[i + 1] * x[i + 1];
  // s += part;`, a loop unrolled by hand) are added to the sum as the same terms written inline,
  // where the sum is all the local is for (a complex product stored and summed is data).
  if (const VarDecl *Part = varOf(Added->IgnoreParenImpCasts());
      Part && isSingleAssignmentLocal(Part) && declaredIn(Part, L) && Uses.lookup(Part) == 1)
    if (const auto *Terms = dyn_cast<BinaryOperator>(Part->getInit()->IgnoreParenImpCasts());
        Terms && Terms->isAdditiveOp() && holdsProduct(Terms))
      return reduction(Terms, Terms, L, C);
  // Terms added at once (`s += x * x + y * y`, `s += x * x + x`): each is added to the sum, a
  // product's factors as a product's.
  if (const auto *Terms = dyn_cast<BinaryOperator>(Added->IgnoreParenImpCasts());
      Terms && Terms->isAdditiveOp() && holdsProduct(Terms)) {
    reduction(Terms, Terms->getLHS(), L, C);
    return reduction(Terms, Terms->getRHS(), L, C);
  }
  productTerm(Added, [&](const Expr *E) { return exprVaries(E, L, C); });
}

void Reductions::Impl::productTerm(const Expr *Added, llvm::function_ref<bool(const Expr *)> Varies) {
  // The factors of the product added, and the multiplies joining them.
  std::vector<const Expr *> Varying;
  std::function<void(const Expr *)> Factors = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<BinaryOperator>(E); M && M->getOpcode() == BO_Mul) {
      Factors(M->getLHS());
      Factors(M->getRHS());
    } else if (Varies(E)) {
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

} // namespace autoscale::find
