//===- Affine.cpp - indices and addresses as affine forms --------------------===//
#include "find/loops/Affine.h"
#include "find/Containers.h"
#include "find/Context.h"
#include "find/operations/Reductions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace autoscale::find {

//===--- the reader ---------------------------------------------------------===//

namespace {

/// A conversion to a narrower integer type: it wraps the value, which the affine model of the
/// wider value does not (`(unsigned short)(i * n + 65536u)` is not `i * n + 65536`).
/// C++ spells `(uint8_t)k` as a no-op cast around the implicit narrowing one: both narrow.
bool narrows(const CastExpr &C, const ASTContext &Ctx) {
  if (C.getCastKind() == CK_NoOp && isa<ExplicitCastExpr>(C))
    if (const auto *Inner = dyn_cast<CastExpr>(C.getSubExpr()->IgnoreParens()))
      return narrows(*Inner, Ctx);
  return C.getCastKind() == CK_IntegralCast &&
         Ctx.getIntWidth(C.getType()) < Ctx.getIntWidth(C.getSubExpr()->getType());
}

/// E without the integer conversions that keep its value (widening, sign changes at a width the
/// address arithmetic wraps alike); a narrowing one stays.
const Expr *skipIntegerCasts(const Expr *E, const ASTContext &Ctx) {
  while (true) {
    E = E->IgnoreParens();
    const auto *C = dyn_cast<CastExpr>(E);
    if (!C || !C->getType()->isIntegerType() ||
        !C->getSubExpr()->getType()->isIntegerType() || narrows(*C, Ctx) ||
        (C->getCastKind() != CK_IntegralCast && C->getCastKind() != CK_LValueToRValue &&
         C->getCastKind() != CK_NoOp))
      return E;
    E = C->getSubExpr();
  }
}

} // namespace

bool isMemory(const Expr *LV) {
  LV = LV->IgnoreParenImpCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(LV)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    return !V || V->hasGlobalStorage() || V->getType()->isReferenceType();
  }
  if (const auto *M = dyn_cast<MemberExpr>(LV))
    return M->isArrow() || isMemory(M->getBase());
  return isa<ArraySubscriptExpr>(LV) ||
         (isa<UnaryOperator>(LV) && cast<UnaryOperator>(LV)->getOpcode() == UO_Deref);
}

namespace {

/// Types an lvalue of one may alias one of the other under C's and C++'s effective-type rules.
bool mayAlias(QualType X, QualType Y, const ASTContext &Ctx) {
  X = X.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  Y = Y.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  return X == Y || X->isCharType() || Y->isCharType() ||
         (X->isIntegerType() && Y->isIntegerType() && Ctx.getIntWidth(X) == Ctx.getIntWidth(Y));
}

/// The restrict pointer an element or a dereference is reached through (`p[i]`, `*(p + i)`), or
/// null.
const VarDecl *restrictBase(const Expr *LV) {
  LV = LV->IgnoreParenImpCasts();
  const Expr *Pointer = nullptr;
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(LV))
    Pointer = A->getBase();
  else if (const auto *U = dyn_cast<UnaryOperator>(LV); U && U->getOpcode() == UO_Deref)
    Pointer = U->getSubExpr();
  while (Pointer) {
    Pointer = Pointer->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(Pointer); B && B->isAdditiveOp())
      Pointer = B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS();
    else
      break;
  }
  const auto *D = Pointer ? dyn_cast<DeclRefExpr>(Pointer) : nullptr;
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return V && V->getType().isRestrictQualified() ? V : nullptr;
}

/// An lvalue of memory: its type, and the restrict pointer it is reached through.
struct MemoryAccess {
  QualType Type;
  const VarDecl *Restrict;
};

/// The lvalues of memory E reads (Stores: those it writes).
struct MemoryAccesses : RecursiveASTVisitor<MemoryAccesses> {
  bool Stores;
  std::vector<MemoryAccess> Out;
  explicit MemoryAccesses(bool Stores) : Stores(Stores) {}
  void add(const Expr *LV) { Out.push_back({LV->getType(), restrictBase(LV)}); }
  bool VisitExpr(Expr *E) {
    if (!Stores && E->isGLValue() && isMemory(E) && !E->getType()->isArrayType())
      add(E);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (Stores && B->isAssignmentOp() && isMemory(B->getLHS()))
      add(B->getLHS());
    return VisitExpr(B);
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (Stores && U->isIncrementDecrementOp() && isMemory(U->getSubExpr()))
      add(U->getSubExpr());
    return VisitExpr(U);
  }
  static std::vector<MemoryAccess> of(const Stmt &S, bool Stores) {
    MemoryAccesses M(Stores);
    M.TraverseStmt(const_cast<Stmt *>(&S));
    return std::move(M.Out);
  }
};

} // namespace

bool readsMemoryStoredIn(const Expr *E, const Stmt &Region, const ASTContext &Ctx) {
  std::vector<MemoryAccess> Reads = MemoryAccesses::of(*E, false);
  if (Reads.empty())
    return false;
  // An object modified through a restrict pointer is reached through that pointer alone.
  for (const MemoryAccess &Stored : MemoryAccesses::of(Region, true))
    for (const MemoryAccess &Read : Reads)
      if (mayAlias(Read.Type, Stored.Type, Ctx) && Read.Restrict == Stored.Restrict)
        return true;
  return false;
}

bool isZeroLiteral(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *F = dyn_cast<FloatingLiteral>(E))
    return F->getValue().isZero() && !F->getValue().isNegative();
  if (const auto *I = dyn_cast<IntegerLiteral>(E))
    return I->getValue() == 0;
  return false;
}

std::string AffineReader::text(const Expr *E) const {
  SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  CharSourceRange File = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
  // Part of a macro's expansion has no text of its own: name the macro call it comes from.
  if (File.isInvalid())
    File = SM.getExpansionRange(R);
  return Lexer::getSourceText(File, SM, Ctx.getLangOpts()).str();
}

bool AffineReader::isInvariant(const Expr *E) {
  if (hasSideEffects(E, Ctx))
    return false;
  struct Walk : RecursiveASTVisitor<Walk> {
    const Scope &S;
    bool Ok = true;
    explicit Walk(const Scope &S) : S(S) {}
    bool TraverseMemberExpr(MemberExpr *M, DataRecursionQueue * = nullptr) {
      const VarDecl *V = memberBase(*M);
      if (!V || !S.MemberInvariant)
        return RecursiveASTVisitor::TraverseMemberExpr(M);
      Ok &= !S.Loop.count(V) && !S.Alias.count(V) && !S.ReadThrough(V) &&
            S.MemberInvariant(V, memberStorage(*M));
      return Ok;
    }
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
        Ok &= !S.Loop.count(V) && !S.Alias.count(V) && !S.ReadThrough(V) && S.Invariant(V);
      return Ok;
    }
  } W(S);
  W.TraverseStmt(const_cast<Expr *>(E));
  if (!W.Ok || !S.Region)
    return W.Ok;
  if (readsMemoryStoredIn(E, *S.Region, Ctx)) {
    fail<bool>("'" + text(E) + "' reads memory the loops may write");
    return false;
  }
  // A container's size or element read once before the loops must be what they read.
  std::string Moves;
  forEachContainerRead(E, [&](const Expr *Object) {
    if (Moves.empty())
      Moves = containerMovesIn(Object, *S.Region, Ctx);
  });
  if (!Moves.empty())
    fail<bool>(Moves);
  return Moves.empty();
}

std::optional<Affine> AffineReader::integer(const Expr *E) {
  E = skipIntegerCasts(E, Ctx);
  if (!E->getType()->isIntegerType())
    return fail<Affine>("index '" + text(E) + "' is not an integer");
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx)) {
    Affine C;
    C.Const = Poly::constant(R.Val.getInt().getExtValue());
    return C;
  }
  if (const auto *C = dyn_cast<CastExpr>(E); C && narrows(*C, Ctx)) {
    // One atom, spelled with its cast, where nothing in it changes within the nest; an implicit
    // conversion has no text of its own to spell.
    if (isa<ExplicitCastExpr>(C) && isInvariant(E)) {
      Affine L;
      L.Const = Poly::atom(A.idOf(E));
      return L;
    }
    return fail<Affine>("index '" + text(E) + "' converts to a narrower integer type, which wraps");
  }
  if (const VarDecl *V = varOf(E)) {
    if (auto It = S.Alias.find(V); It != S.Alias.end())
      V = It->second;
    if (S.Loop.count(V)) {
      Affine L;
      L.Coeff[V] = Poly::constant(1);
      return L;
    }
    if (S.ReadThrough(V))
      return integer(S.InitOf(V));
    if (S.Invariant(V)) {
      Affine L;
      L.Const = Poly::atom(A.idOf(E));
      return L;
    }
    return fail<Affine>("index reads '" + V->getName().str() + "', which the loops change");
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind K = B->getOpcode();
    if (K == BO_Add || K == BO_Sub || K == BO_Mul) {
      std::optional<Affine> L = integer(B->getLHS());
      if (!L)
        return std::nullopt;
      std::optional<Affine> R = integer(B->getRHS());
      if (!R)
        return std::nullopt;
      if (K == BO_Add)
        return *L + *R;
      if (K == BO_Sub)
        return *L + R->scaled(Poly::constant(-1));
      if (L->hasVars() && R->hasVars())
        return fail<Affine>("index '" + text(E) + "' multiplies two loop variables");
      return L->hasVars() ? L->scaled(R->Const) : R->scaled(L->Const);
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus)
      if (std::optional<Affine> X = integer(U->getSubExpr()))
        return X->scaled(Poly::constant(-1));
    if (U->getOpcode() == UO_Plus)
      return integer(U->getSubExpr());
  }
  // Anything else (C / NH, a member, a call-free expression) is one atom if nothing in it
  // changes within the nest.
  if (isInvariant(E)) {
    Affine L;
    L.Const = Poly::atom(A.idOf(E));
    return L;
  }
  return fail<Affine>("index '" + text(E) + "' is not affine in the loop variables");
}

std::optional<Poly> AffineReader::invariant(const Expr *E) {
  std::optional<Affine> X = integer(E);
  if (!X)
    return std::nullopt;
  if (X->hasVars())
    return fail<Poly>("'" + text(E) + "' changes with the loops");
  return X->Const;
}

std::optional<Poly> AffineReader::scalars(QualType T) {
  T = T.getCanonicalType();
  if (T->isRealFloatingType())
    return Poly::constant(1);
  if (const auto *CA = Ctx.getAsConstantArrayType(T)) {
    std::optional<Poly> Inner = scalars(CA->getElementType());
    if (!Inner)
      return std::nullopt;
    return *Inner * Poly::constant(CA->getSize().getSExtValue());
  }
  if (const auto *VA = Ctx.getAsVariableArrayType(T)) {
    std::optional<Poly> Inner = scalars(VA->getElementType());
    if (!Inner)
      return std::nullopt;
    const Expr *Size = VA->getSizeExpr();
    if (!Size || !isInvariant(Size))
      return fail<Poly>("a variable-length row whose length is not a plain variable");
    return *Inner * Poly::atom(A.idOf(Size));
  }
  return fail<Poly>("elements of type '" + T.getAsString() + "'");
}

/// The number of [0] subscripts that take an object of type T to a scalar.
static unsigned arrayDepth(QualType T) {
  unsigned D = 0;
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe()) {
    ++D;
    T = AT->getElementType();
  }
  return D;
}

std::optional<Access> AffineReader::atomPointer(const Expr *E) {
  QualType T = E->getType();
  Access X;
  X.Base = A.idOf(E);
  if (T->isArrayType()) {
    X.Rank = arrayDepth(T);
  } else if (const auto *P = T->getAs<PointerType>()) {
    X.Rank = P->getPointeeType()->isArrayType() ? 1 + arrayDepth(P->getPointeeType()) : 0;
  } else {
    return fail<Access>("'" + text(E) + "' is no pointer");
  }
  QualType Elem = T;
  while (!Elem->isRealFloatingType()) {
    if (const ArrayType *AT = Elem->getAsArrayTypeUnsafe())
      Elem = AT->getElementType();
    else if (const auto *P = Elem->getAs<PointerType>())
      Elem = P->getPointeeType();
    else
      return fail<Access>("'" + text(E) + "' does not point to float or double");
  }
  X.Element = Elem.getCanonicalType().getUnqualifiedType(); // not a template argument's sugar
  return X;
}

std::optional<Access> AffineReader::container(const Expr *Object, QualType Element) {
  Element = Element.getCanonicalType().getUnqualifiedType(); // not the container's value_type
  if (!Element->isRealFloatingType())
    return fail<Access>("'" + text(Object) + "' holds elements of type '" +
                        Element.getAsString(Ctx.getPrintingPolicy()) + "'");
  if (!isInvariant(Object))
    return fail<Access>(containerAccess(Object)
                            ? "'" + text(Object) +
                                  "' is a row of a container of containers: each row is an "
                                  "array of its own"
                            : "container '" + text(Object) + "' changes with the loops");
  if (S.Region)
    if (std::string Moves = containerMovesIn(Object, *S.Region, Ctx); !Moves.empty())
      return fail<Access>(Moves);
  Access X;
  X.Base = A.idOf(Object);
  X.Container = true;
  X.Element = Element;
  return X;
}

std::optional<Access> AffineReader::row(const Expr *X) {
  X = X->IgnoreParens();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(X)) {
    // X = Y[i], a row of Y: Y's first element plus i rows.
    std::optional<Access> Base = pointer(Sub->getBase());
    if (!Base)
      return std::nullopt;
    std::optional<Affine> I = integer(Sub->getIdx());
    std::optional<Poly> Size = scalars(X->getType());
    if (!I || !Size)
      return std::nullopt;
    Base->Offset = Base->Offset + I->scaled(*Size);
    return Base;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(X); U && U->getOpcode() == UO_Deref)
    return pointer(U->getSubExpr());
  if (const VarDecl *V = varOf(X); V && S.Invariant(V) && !S.ReadThrough(V))
    return atomPointer(X);
  // An array member of a fixed variable's object (`g->w`, `s.w`), or of the object a member
  // function runs on (`w`, `this->w`: `this` never changes).
  if (const auto *M = dyn_cast<MemberExpr>(X);
      M && (memberBase(*M) || isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts())) && isInvariant(X))
    return atomPointer(X);
  return fail<Access>("array '" + text(X) + "' changes with the loops");
}

std::optional<Access> AffineReader::pointer(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      return row(C->getSubExpr());
    if (C->getCastKind() == CK_LValueToRValue || C->getCastKind() == CK_NoOp)
      return pointer(C->getSubExpr());
    if (C->getCastKind() == CK_BitCast &&
        Ctx.hasSameUnqualifiedType(C->getType()->getPointeeType(),
                                   C->getSubExpr()->getType()->getPointeeType()))
      return pointer(C->getSubExpr());
    return fail<Access>("pointer conversion '" + text(E) + "'");
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp()) {
    bool LeftPointer = B->getLHS()->getType()->isPointerType();
    std::optional<Access> P = pointer(LeftPointer ? B->getLHS() : B->getRHS());
    if (!P)
      return std::nullopt;
    std::optional<Affine> I = integer(LeftPointer ? B->getRHS() : B->getLHS());
    std::optional<Poly> Size = scalars(E->getType()->getPointeeType());
    if (!I || !Size)
      return std::nullopt;
    Affine Step = I->scaled(*Size);
    P->Offset = P->Offset + (B->getOpcode() == BO_Sub ? Step.scaled(Poly::constant(-1)) : Step);
    return P;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf) {
    const Expr *Sub = U->getSubExpr()->IgnoreParens();
    return Sub->getType()->isArrayType() ? row(Sub) : element(Sub);
  }
  if (std::optional<ContainerAccess> Data = containerAccess(E); Data && !Data->Index)
    return container(Data->Object, E->getType()->getPointeeType());
  if (const VarDecl *V = varOf(E)) {
    if (S.ReadThrough(V))
      return pointer(S.InitOf(V));
    if (S.Invariant(V) && !S.Loop.count(V))
      return atomPointer(E);
    return fail<Access>("pointer '" + V->getName().str() + "' changes in the loops");
  }
  if (isInvariant(E) && (isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E)))
    return atomPointer(E); // params.wte, s->data, rows[3]: fixed while the nest runs
  return fail<Access>("pointer '" + text(E) + "' is not an array plus an affine offset");
}

namespace {

/// Whether E reads memory through a pointer: `*p`, `p[i]`, `s->x`, or a call (an element of an
/// array variable at a constant index inside it is no pointer's).
bool readsThroughPointer(const Stmt *E, const ASTContext &Ctx) {
  if (!E)
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(E); M && M->isArrow())
    return true;
  if (const auto *S = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = S->getBase()->IgnoreParenImpCasts();
    const ConstantArrayType *Array = Ctx.getAsConstantArrayType(Base->getType());
    std::optional<llvm::APSInt> Index = S->getIdx()->getIntegerConstantExpr(Ctx);
    return !Array || !isa<DeclRefExpr>(Base) || !Index || Index->isNegative() ||
           Index->getZExtValue() >= Array->getSize().getZExtValue();
  }
  if (isa<CallExpr>(E))
    return true;
  return llvm::any_of(E->children(), [&](const Stmt *C) { return readsThroughPointer(C, Ctx); });
}

} // namespace

bool AffineReader::isCallFactor(const Expr *E) {
  Why.clear();
  if (!isInvariant(E)) {
    if (Why.empty())
      Why = "the factor '" + text(E) + "' changes with the loops";
    return false;
  }
  if (readsThroughPointer(E, Ctx)) {
    Why = "the factor '" + text(E) +
          "' is read through a pointer, which the call would read even where the loops run no "
          "iteration";
    return false;
  }
  return true;
}

std::optional<Access> AffineReader::operand(const Expr *E) {
  if (const VarDecl *V = varOf(E)) {
    if (S.ReadThrough(V))
      return operand(S.InitOf(V));
    return fail<Access>("the factor '" + V->getName().str() + "' is not read from an array inside the loops");
  }
  // An element multiplied by a value fixed in the loops (`alpha * a[i][p]`, hoisted into a local
  // or not): the runtime multiplies each element by it first, rounded as here.
  if (const auto *Mul = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
      Mul && Mul->getOpcode() == BO_Mul) {
    const bool LeftFixed = isInvariant(Mul->getLHS());
    const Expr *Factor = LeftFixed ? Mul->getLHS() : Mul->getRHS();
    const Expr *Element = LeftFixed ? Mul->getRHS() : Mul->getLHS();
    if (LeftFixed || isInvariant(Factor)) {
      if (!isCallFactor(Factor))
        return std::nullopt;
      std::optional<Access> A = operand(Element);
      if (!A)
        return std::nullopt;
      if (!Ctx.hasSameUnqualifiedType(Mul->getType(), A->Element))
        return fail<Access>("'" + text(Mul) + "' is computed in another type than the element it scales");
      if (A->Factor)
        return fail<Access>("'" + text(Mul) + "' multiplies an element by more than one factor");
      A->Factor = Factor;
      return A;
    }
  }
  return element(E);
}

std::optional<Access> AffineReader::element(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = Sub->getBase()->IgnoreParens();
    std::optional<Access> P = pointer(Base);
    if (!P)
      return std::nullopt;
    std::optional<Affine> I = integer(Sub->getIdx());
    if (!I)
      return std::nullopt;
    P->Offset = P->Offset + *I;
    return P;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
    return pointer(U->getSubExpr());
  if (std::optional<ContainerAccess> Sub = containerAccess(E); Sub && Sub->Index) {
    std::optional<Access> P = container(Sub->Object, E->getType());
    if (!P)
      return std::nullopt;
    std::optional<Affine> I = integer(Sub->Index);
    if (!I)
      return std::nullopt;
    P->Offset = P->Offset + *I;
    return P;
  }
  if (std::string Why = classSubscriptReason(E); !Why.empty())
    return fail<Access>("'" + text(E) + "' is no element of an array: " + Why);
  return fail<Access>("'" + text(E) + "' is not an element of an array");
}

std::optional<TextFactor> factorOf(const Expr *E, const FileRanges &Ranges, FileID File,
                                   std::string &Why) {
  std::string SpanWhy;
  std::optional<FileSpan> S = Ranges.span(E->getSourceRange(), SpanWhy);
  if (!S || S->File != File) {
    Why = "an extent or a stride is written in a macro or another file";
    return std::nullopt;
  }
  return TextFactor{Span{S->Begin, S->End}, ""};
}

std::optional<TextPoly> textPoly(const Poly &P, const Atoms &A, const FileRanges &Ranges,
                                 FileID File, std::string &Why) {
  TextPoly Out;
  for (auto &[Monomial, Coeff] : P.terms()) {
    TextTerm T;
    T.Coeff = Coeff;
    for (unsigned Id : Monomial) {
      std::optional<TextFactor> F = factorOf(A.expr(Id), Ranges, File, Why);
      if (!F)
        return std::nullopt;
      T.Factors.push_back(*F);
    }
    Out.Terms.push_back(std::move(T));
  }
  return Out;
}

} // namespace autoscale::find
