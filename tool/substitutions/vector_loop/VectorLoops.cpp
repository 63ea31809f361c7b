//===- VectorLoops.cpp - innermost loops of one multiply site ----------------===//
#include "substitutions/vector_loop/VectorLoops.h"

#include "find/Containers.h"
#include "find/Context.h"
#include "find/OperationFinder.h"
#include "find/loops/CountedLoops.h"
#include "find/loops/Affine.h"
#include "find/operations/Reductions.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

using namespace clang;

namespace autoscale {

namespace find {
namespace {

const Stmt *parentOf(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList P = Ctx.getParents(*S);
  return P.empty() ? nullptr : P[0].get<Stmt>();
}

/// The parent through parentheses and conversions (types() refuses the conversions).
const Stmt *valueUser(const Stmt *S, ASTContext &Ctx) {
  const Stmt *P = parentOf(S, Ctx);
  while (P && isa<ParenExpr, ImplicitCastExpr>(P))
    P = parentOf(P, Ctx);
  return P;
}

/// `T += M`, `T = T + M` or `T = M + T` around the multiply M.
struct Accumulation {
  const BinaryOperator *Assign = nullptr; ///< the statement
  const BinaryOperator *Add = nullptr;    ///< its add: Assign itself for +=
  const Expr *Target = nullptr;
};

std::optional<Accumulation> accumulationOf(const BinaryOperator &Mul, ASTContext &Ctx) {
  const auto *B = dyn_cast_or_null<BinaryOperator>(valueUser(&Mul, Ctx));
  if (!B)
    return std::nullopt;
  if (B->getOpcode() == BO_AddAssign && B->getRHS()->IgnoreParenImpCasts() == &Mul)
    return Accumulation{B, B, B->getLHS()};
  if (B->getOpcode() != BO_Add)
    return std::nullopt;
  const auto *A = dyn_cast_or_null<BinaryOperator>(valueUser(B, Ctx));
  if (!A || A->getOpcode() != BO_Assign || A->getRHS()->IgnoreParenImpCasts() != B)
    return std::nullopt;
  const Expr *Other = B->getLHS()->IgnoreParenImpCasts() == &Mul ? B->getRHS() : B->getLHS();
  if (!sameExpr(Other, A->getLHS(), Ctx))
    return std::nullopt;
  return Accumulation{A, B, A->getLHS()};
}

/// Whether S is a statement `T += X * Y` or `T = T + X * Y` (either order), and its target.
const Expr *accumulatedTarget(const Stmt *S, ASTContext &Ctx) {
  const auto *A = dyn_cast<BinaryOperator>(S);
  if (!A)
    return nullptr;
  auto IsMul = [](const Expr *E) {
    const auto *M = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    return M && M->getOpcode() == BO_Mul;
  };
  if (A->getOpcode() == BO_AddAssign)
    return IsMul(A->getRHS()) ? A->getLHS() : nullptr;
  const auto *B = dyn_cast<BinaryOperator>(A->getRHS()->IgnoreParenImpCasts());
  if (A->getOpcode() != BO_Assign || !B || B->getOpcode() != BO_Add)
    return nullptr;
  bool Ok = (IsMul(B->getRHS()) && sameExpr(B->getLHS(), A->getLHS(), Ctx)) ||
            (IsMul(B->getLHS()) && sameExpr(B->getRHS(), A->getLHS(), Ctx));
  return Ok ? A->getLHS() : nullptr;
}

/// The variable an lvalue's storage is reached from (`p` of p[i], *(p + i), p->x, v[i]), or
/// null.
const VarDecl *rootVar(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *S = dyn_cast<ArraySubscriptExpr>(E))
      E = S->getBase();
    else if (std::optional<ContainerAccess> C = containerAccess(E))
      E = C->Object;
    else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr();
    else if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp())
      E = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
    else if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else
      return varOf(E);
  }
}

/// Whether E computes anything in floating point (the rewrite would have to edit inside it); a
/// container's element is read, not computed.
bool hasFloatArithmetic(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S);
      E && (isa<BinaryOperator, UnaryOperator, CallExpr>(E)) &&
      E->getType()->isRealFloatingType() && !containerAccess(E))
    return true;
  for (const Stmt *C : S->children())
    if (C && hasFloatArithmetic(C))
      return true;
  return false;
}

bool sameType(const Expr *E, QualType T) {
  return E->IgnoreParenImpCasts()->getType().getCanonicalType().getUnqualifiedType() == T;
}

class LoopReader {
public:
  LoopReader(const BinaryOperator &Mul, const FunctionDecl &FD, ASTContext &Ctx,
             const FileRanges &Ranges)
      : Mul(Mul), FD(FD), Ctx(Ctx), SM(Ctx.getSourceManager()), Ranges(Ranges), A(Ctx),
        Reader(Ctx, A, Sc) {}

  std::shared_ptr<VectorLoopShape> run(std::string &Why);

private:
  bool fail(const std::string &Reason) {
    if (Why.empty())
      Why = Reason;
    return false;
  }
  bool loop();
  bool siblings(const CompoundStmt &Body);
  bool header();
  bool types();
  bool roles();
  bool spans();
  std::optional<Span> spanOf(const Expr *E);
  bool element(const Expr *E, const Access &Acc, LoopElement &Out);

  const BinaryOperator &Mul;
  const FunctionDecl &FD;
  ASTContext &Ctx;
  const SourceManager &SM;
  const FileRanges &Ranges;
  Atoms A;
  Scope Sc;
  AffineReader Reader;
  std::string Why;

  Accumulation Acc;
  const ForStmt *For = nullptr;
  FileID File;
  const VarDecl *Counter = nullptr;
  CountedLoop Counted;
  VarUses Uses; ///< what the loop's statements write
  /// The factors in slot order (an axpy's Shape.AlphaSlot names alpha) and their elements.
  const Expr *Factor[2] = {nullptr, nullptr};
  std::optional<Access> FactorAt[2], TargetAt;
  VectorLoopShape Shape;
  const CompoundStmt *Block = nullptr; ///< a body of several statements
};

bool LoopReader::siblings(const CompoundStmt &Body) {
  // Several such statements are as many loops, one after the other, when none reads what another
  // writes: each site then runs its products in their order, and the sites keep apart.
  std::vector<const Expr *> Targets;
  for (const Stmt *S : Body.body()) {
    const Expr *T = accumulatedTarget(S, Ctx);
    if (!T)
      return fail("the loop's body has other statements");
    Targets.push_back(T);
    if (S == Acc.Assign)
      Shape.Order = static_cast<unsigned>(Targets.size() - 1);
    VarUses U = VarUses::of(S);
    Uses.Written.insert(U.Written.begin(), U.Written.end());
  }
  for (size_t I = 0; I < Targets.size(); ++I) {
    const VarDecl *Root = rootVar(Targets[I]);
    if (!Root)
      return fail("the loop's statements write storage not reached from a variable");
    for (size_t J = 0; J < Targets.size(); ++J)
      if (J != I && VarUses::of(Body.body_begin()[J]).Read.count(Root))
        return fail("a statement of the loop reads what another writes");
  }
  Shape.Statements = static_cast<unsigned>(Targets.size());
  Block = &Body;
  return true;
}

bool LoopReader::loop() {
  const Stmt *P = parentOf(Acc.Assign, Ctx);
  const Stmt *Body = Acc.Assign;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(P)) {
    Body = CS;
    P = parentOf(CS, Ctx);
    For = dyn_cast_or_null<ForStmt>(P);
    if (For && For->getBody() == CS && !siblings(*CS))
      return false;
  } else {
    For = dyn_cast_or_null<ForStmt>(P);
  }
  if (!For || For->getBody() != Body) {
    For = nullptr;
    return false; // no loop runs this statement alone: nothing to report
  }
  std::string W;
  std::optional<FileID> F = loopFile(*For, Ctx, W);
  if (!F)
    return fail(W);
  File = *F;
  return true;
}

bool LoopReader::header() {
  std::string W;
  std::optional<CountedLoop> L = countedLoop(*For, Ctx, W);
  if (!L)
    return fail(W);
  Counted = *L;
  Counter = L->Counter;
  VarUses Own = VarUses::of(Acc.Assign);
  Uses.Written.insert(Own.Written.begin(), Own.Written.end());
  if (Uses.Written.count(Counter))
    return fail("the loop's body writes its counter");
  for (const Expr *Bound : {Counted.Lower, Counted.Upper}) {
    VarUses B = VarUses::of(Bound);
    bool ReadsWritten = llvm::any_of(B.Read, [&](const VarDecl *V) {
      return V == Counter || Uses.Written.count(V);
    });
    if (hasSideEffects(Bound, Ctx) || ReadsWritten || hasFloatArithmetic(Bound) ||
        !Bound->IgnoreParenImpCasts()->getType()->isIntegerType() ||
        readsMemoryStoredIn(Bound, *For, Ctx))
      return fail("a bound of the loop is not an integer fixed while it runs");
  }
  return true;
}

bool LoopReader::types() {
  QualType T = Mul.getType().getCanonicalType().getUnqualifiedType();
  const auto *BT = T->getAs<BuiltinType>();
  if (!BT || (BT->getKind() != BuiltinType::Float && BT->getKind() != BuiltinType::Double))
    return fail("the product is neither float nor double");
  QualType Sum = isa<CompoundAssignOperator>(Acc.Assign)
                     ? cast<CompoundAssignOperator>(Acc.Assign)->getComputationResultType()
                     : Acc.Add->getType();
  if (!sameType(Mul.getLHS(), T) || !sameType(Mul.getRHS(), T) ||
      Acc.Target->getType().getCanonicalType().getUnqualifiedType() != T ||
      Sum.getCanonicalType().getUnqualifiedType() != T)
    return fail("the sum, the product and its factors are not all of one type");
  // The kernels read and write through plain pointers: each volatile access would not happen.
  if (Acc.Target->getType().isVolatileQualified() ||
      Mul.getLHS()->IgnoreParenImpCasts()->getType().isVolatileQualified() ||
      Mul.getRHS()->IgnoreParenImpCasts()->getType().isVolatileQualified())
    return fail("the sum or a factor is volatile");
  return true;
}

bool LoopReader::roles() {
  Sc.Loop = {Counter};
  Sc.ReadThrough = [](const VarDecl *) { return false; };
  Sc.Invariant = [this](const VarDecl *V) { return V != Counter && !Uses.Written.count(V); };
  Sc.Region = For;
  Factor[0] = Mul.getLHS();
  Factor[1] = Mul.getRHS();
  bool Varies[2];
  for (int I = 0; I < 2; ++I) {
    FactorAt[I] = Reader.element(Factor[I]);
    Varies[I] = FactorAt[I] && !FactorAt[I]->Offset.coeff(Counter).isZero();
  }
  if (hasSideEffects(Acc.Target, Ctx))
    return fail("the sum's address has side effects");
  const auto *Ref = dyn_cast<DeclRefExpr>(Acc.Target->IgnoreParens());
  bool Scalar = Ref && isa<VarDecl>(Ref->getDecl());
  if (!Scalar)
    TargetAt = Reader.element(Acc.Target);
  if (!Scalar && !TargetAt)
    return fail("the sum is neither a variable nor an element at an affine address: " +
                Reader.Why);
  if (Scalar || TargetAt->Offset.coeff(Counter).isZero()) {
    Shape.Form = VectorLoopShape::Dot;
    for (int I = 0; I < 2; ++I)
      if (!FactorAt[I])
        return fail("a factor is not an element at an address affine in the counter: " +
                    Reader.Why);
    if (TargetAt && (TargetAt->Base == FactorAt[0]->Base || TargetAt->Base == FactorAt[1]->Base))
      return fail("the sum is an element of a factor's array");
    // The kernel reads the sum once and the factors from memory: where the sum may lie inside a
    // factor, the loop as written reads it part-summed. A local variable is apart; so is an
    // element of a local array whose factors are local arrays too, and one reached through a
    // restrict pointer, or from factors that both are (C's promise that nothing else reaches them).
    auto Base = [&](const Access &X) -> const VarDecl * {
      const auto *D = dyn_cast<DeclRefExpr>(A.expr(X.Base)->IgnoreParenImpCasts());
      return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    };
    auto LocalArray = [&](const Access &X) {
      const VarDecl *V = Base(X);
      return V && V->hasLocalStorage() && V->getType()->isArrayType();
    };
    auto Restrict = [&](const Access &X) {
      const VarDecl *V = Base(X);
      return V && V->getType().isRestrictQualified();
    };
    bool Apart = Scalar ? !isMemory(Acc.Target)
                        : Restrict(*TargetAt) || (Restrict(*FactorAt[0]) && Restrict(*FactorAt[1])) ||
                              (LocalArray(*TargetAt) && LocalArray(*FactorAt[0]) &&
                               LocalArray(*FactorAt[1]));
    if (!Apart)
      return fail("the sum may lie inside a factor (memory other names reach)");
    return true;
  }
  Shape.Form = VectorLoopShape::Axpy;
  if (Varies[0] == Varies[1])
    return fail(Varies[0] ? "both factors move with the sum's element"
                          : "no factor moves with the sum's element");
  Shape.AlphaSlot = Varies[0] ? 1 : 0;
  const Expr *Alpha = Factor[Shape.AlphaSlot];
  if (!Reader.isInvariant(Alpha) || hasFloatArithmetic(Alpha))
    return fail("the fixed factor is not a value the loop leaves unchanged");
  VarUses Target = VarUses::of(A.expr(TargetAt->Base));
  for (const VarDecl *V : VarUses::of(Alpha).Read)
    if (Target.Read.count(V))
      return fail("the fixed factor reads the sum's array");
  return true;
}

std::optional<Span> LoopReader::spanOf(const Expr *E) {
  std::optional<Span> S = pieceText(E, Ranges, File);
  if (!S)
    fail("a piece of the loop is written in a macro");
  return S;
}

bool LoopReader::element(const Expr *E, const Access &Acc, LoopElement &Out) {
  std::string W;
  return loopElement(E, Acc, Counter, A, Ranges, File, Out, W) || fail(W);
}

bool LoopReader::spans() {
  std::string W;
  std::optional<LoopSpans> S = loopSpans(*For, Counted, Ctx, Ranges, File, W);
  if (!S)
    return fail(W);
  Shape.Spans = *S;
  Shape.Piece = S->Loop;
  if (Block) {
    auto StartOf = [&](unsigned K) -> std::optional<unsigned> {
      SourceLocation L = Block->body_begin()[K]->getBeginLoc();
      if (!L.isFileID() || SM.getFileID(L) != File)
        return std::nullopt;
      return SM.getFileOffset(L);
    };
    std::optional<unsigned> Begin = Shape.Order ? StartOf(Shape.Order) : S->Loop.Begin;
    std::optional<unsigned> Next =
        Shape.Order + 1 < Shape.Statements ? StartOf(Shape.Order + 1) : S->Loop.End;
    if (!Begin || !Next)
      return fail("the loop is written in a macro");
    Shape.Piece = {*Begin, *Next};
  }
  Shape.CallLine = SM.getLineNumber(File, Shape.Piece.Begin);
  SourceLocation AddLoc = Acc.Add->getOperatorLoc();
  if (!AddLoc.isFileID())
    return fail("the sum is written in a macro");
  Shape.Accumulate.Offset = SM.getFileOffset(AddLoc);
  Shape.Accumulate.Spelling = Acc.Add->getOpcodeStr().str();
  if (Shape.Form == VectorLoopShape::Dot) {
    std::optional<Span> T = spanOf(Acc.Target);
    if (!T)
      return false;
    Shape.Target = *T;
    return element(Factor[0], *FactorAt[0], Shape.X) && element(Factor[1], *FactorAt[1], Shape.Y);
  }
  std::optional<Span> Alpha = spanOf(Factor[Shape.AlphaSlot]);
  if (!Alpha)
    return false;
  Shape.Alpha = *Alpha;
  int X = 1 - static_cast<int>(Shape.AlphaSlot);
  return element(Factor[X], *FactorAt[X], Shape.X) && element(Acc.Target, *TargetAt, Shape.Y);
}

std::shared_ptr<VectorLoopShape> LoopReader::run(std::string &WhyOut) {
  std::optional<Accumulation> Found = accumulationOf(Mul, Ctx);
  if (!Found)
    return nullptr;
  Acc = *Found;
  bool Ok = loop();
  if (For && Ok) {
    // The runtime's loops are host code; a template's pattern has no types yet.
    if (FD.isDependentContext() || FD.hasAttr<CUDAGlobalAttr>() || FD.hasAttr<CUDADeviceAttr>())
      Ok = fail("the loop is in a template or device code");
    else
      Ok = header() && types() && roles() && spans();
  }
  WhyOut = Why;
  return Ok ? std::make_shared<VectorLoopShape>(Shape) : nullptr;
}

} // namespace

std::shared_ptr<VectorLoopShape> findVectorLoop(const BinaryOperator &Mul, const FunctionDecl &FD,
                                                ASTContext &Ctx, const FileRanges &Ranges,
                                                std::string &Why) {
  return LoopReader(Mul, FD, Ctx, Ranges).run(Why);
}

void recogniseVectorLoop(OperationFinder &F, Operation &Op, const BinaryOperator &Mul,
                         const FunctionDecl &FD) {
  std::string Why;
  if (std::shared_ptr<VectorLoopShape> Loop = findVectorLoop(Mul, FD, F.context(), F.ranges(), Why)) {
    Loop->Accumulate.File = Op.Key.File;
    Op.Shape->Substitutions[VectorLoopKindName.str()] = std::move(Loop);
  }
  if (!Why.empty())
    Op.NotSubstituted[VectorLoopKindName.str()] = std::move(Why);
}

} // namespace find
} // namespace autoscale
