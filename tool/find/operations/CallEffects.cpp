//===- CallEffects.cpp - what the calls of an expression may write -----------===//
#include "find/operations/CallEffects.h"

#include "find/Containers.h"
#include "find/Context.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace autoscale::find {
namespace {

/// Whether a library function handed an argument of this type (as its parameter or, for a
/// variadic one, as written) can write the program's memory or run its code through it.
bool reachesProgram(QualType T) {
  if (const auto *Ref = T->getAs<ReferenceType>())
    return !Ref->getPointeeType().isConstQualified() || Ref->getPointeeType()->isRecordType();
  if (const auto *Ptr = T->getAs<PointerType>())
    return !Ptr->getPointeeType().isConstQualified() || Ptr->getPointeeType()->isFunctionType();
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl()) // a callable: a lambda, a functor
    return RD->isLambda() || !RD->hasDefinition() ||
           !RD->lookup(RD->getASTContext().DeclarationNames.getCXXOperatorName(OO_Call))
                .empty();
  return T->isDependentType();
}

/// What a write must be able to reach to count: anything, or a floating-point object (an integer
/// lvalue other than a character reaches none under the aliasing rules: an RNG's state).
enum class Reach { Anything, FloatingObjects };

bool mayWrite(const CallExpr *C, const ASTContext &Ctx, int Depth, Reach R);

/// Whether the construction C runs the program's own code (a constructor it defines).
bool runsUserConstructor(const CXXConstructExpr &C, const ASTContext &Ctx) {
  const CXXConstructorDecl *Ctor = C.getConstructor();
  return !Ctor->isTrivial() && !Ctx.getSourceManager().isInSystemHeader(Ctor->getLocation());
}

/// The calls a body is followed into, callee by callee: a helper calling a helper is read, a
/// deeper chain is assumed to write.
constexpr int kBodyDepth = 3;

/// Whether the body of FD, a definition the translation unit holds, may write anything but FD's
/// own locals: an assignment or increment of anything else (a global, a member, memory through a
/// pointer or a reference parameter, a static local), a call that may write, user code run by a
/// construction, new or delete, inline assembly. A virtual function may be overridden elsewhere.
class BodyWrites : public RecursiveASTVisitor<BodyWrites> {
public:
  BodyWrites(const FunctionDecl &FD, const ASTContext &Ctx, int Depth, Reach R)
      : FD(FD), Ctx(Ctx), Depth(Depth), R(R) {}
  bool writes() {
    TraverseStmt(FD.getBody());
    return Writes;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && !ownLocal(B->getLHS()) && reaches(B->getLHS()))
      Writes = true;
    return !Writes;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() && !ownLocal(U->getSubExpr()) && reaches(U->getSubExpr()))
      Writes = true;
    return !Writes;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (mayWrite(C, Ctx, Depth - 1, R))
      Writes = true;
    return !Writes;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    Writes |= runsUserConstructor(*C, Ctx);
    return !Writes;
  }
  bool VisitExpr(Expr *E) { // the body is no template's: nothing is left to instantiation
    if (isa<CXXNewExpr, CXXDeleteExpr, CXXThrowExpr>(E))
      Writes = true;
    return !Writes;
  }
  bool VisitAsmStmt(AsmStmt *) {
    Writes = true;
    return false;
  }

private:
  /// Whether a write of LV counts.
  bool reaches(const Expr *LV) const {
    QualType T = LV->getType();
    return R == Reach::Anything || !T->isIntegralOrEnumerationType() || T->isAnyCharacterType();
  }
  /// Whether LV is a variable of FD's own with automatic storage (a parameter passed by value
  /// included), a member of one, or an element of one that is an array.
  bool ownLocal(const Expr *LV) const {
    LV = LV->IgnoreParenImpCasts();
    while (true) {
      if (const auto *M = dyn_cast<MemberExpr>(LV); M && !M->isArrow())
        LV = M->getBase()->IgnoreParenImpCasts();
      else if (const auto *A = dyn_cast<ArraySubscriptExpr>(LV);
               A && A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        LV = A->getBase()->IgnoreParenImpCasts();
      else
        break;
    }
    const auto *D = dyn_cast<DeclRefExpr>(LV);
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && V->hasLocalStorage() && !V->getType()->isReferenceType() &&
           V->getParentFunctionOrMethod() == &FD;
  }

  const FunctionDecl &FD;
  const ASTContext &Ctx;
  int Depth;
  Reach R;
  bool Writes = false;
};

/// Whether a call in a template whose callee is chosen at instantiation (std::exp(x), x of a
/// dependent type) calls the math library: every candidate is a library function, some take
/// arithmetic values only, and the templates among them take no pointer and no reference to
/// writable memory (std::exp of a std::complex); a library template given only iterators,
/// std::fill, has no candidate of the first kind.
bool callsMathLibrary(const CallExpr *C, const ASTContext &Ctx) {
  const auto *U = dyn_cast<UnresolvedLookupExpr>(C->getCallee()->IgnoreParenImpCasts());
  if (!U || U->getNumDecls() == 0)
    return false;
  bool Arithmetic = false;
  for (const NamedDecl *D : U->decls()) {
    D = D->getUnderlyingDecl();
    if (!Ctx.getSourceManager().isInSystemHeader(D->getLocation()))
      return false;
    const auto *T = dyn_cast<FunctionTemplateDecl>(D);
    const FunctionDecl *F = T ? T->getTemplatedDecl() : dyn_cast<FunctionDecl>(D);
    if (!F || isa<CXXMethodDecl>(F))
      return false;
    for (const ParmVarDecl *P : F->parameters()) {
      QualType PT = P->getType();
      bool Writable = PT->isPointerType() ||
                      (PT->isReferenceType() && !PT->getPointeeType().isConstQualified());
      if (T ? Writable : !PT->isArithmeticType())
        return false;
    }
    Arithmetic |= !T;
  }
  return Arithmetic;
}

/// Whether the call C may write the program's variables (R: those it reaches).
bool mayWrite(const CallExpr *C, const ASTContext &Ctx, int Depth, Reach R) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD) // through a pointer, or known only at instantiation
    return !callsMathLibrary(C, Ctx);
  if (FD->hasAttr<ConstAttr>() || FD->hasAttr<PureAttr>())
    return false;
  if (unsigned ID = FD->getBuiltinID()) {
    const Builtin::Context &B = Ctx.BuiltinInfo;
    if (B.isConst(ID) || B.isPure(ID) || B.isConstWithoutErrnoAndExceptions(ID))
      return false; // errno is no variable an operand is located by
  }
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  if (!Ctx.getSourceManager().isInSystemHeader(FD->getLocation())) {
    const FunctionDecl *Def = FD->getDefinition();
    if (!Def || !Def->hasBody() || Depth <= 0 || (M && M->isVirtual()) || Def->isDependentContext())
      return true;
    return BodyWrites(*Def, Ctx, Depth, R).writes();
  }
  // A library function writes the program's variables only through what it is given.
  if (M && M->isInstance() && !M->isConst() && !isElementAccessor(*M))
    return true;
  unsigned Object = M && M->isInstance() && isa<CXXOperatorCallExpr>(C) ? 1 : 0;
  for (unsigned I = Object; I < C->getNumArgs(); ++I) {
    unsigned Param = I - Object;
    QualType T = Param < FD->getNumParams() ? FD->getParamDecl(Param)->getType()
                                            : C->getArg(I)->getType();
    if (reachesProgram(T))
      return true;
  }
  return false;
}

/// Whether the call C of a library function (not a member) takes Arg by a reference to a const
/// number and returns a number or such a reference (std::max, std::min, std::clamp): it reads the
/// argument, and keeps no hold of it once the result is read.
bool readsThroughConstRef(const CallExpr &C, const Stmt *Arg, const ASTContext &Ctx) {
  const FunctionDecl *FD = C.getDirectCallee();
  if (!FD || isa<CXXMethodDecl>(FD) || !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
    return false;
  auto ConstNumberRef = [](QualType T) {
    const auto *Ref = T->getAs<ReferenceType>();
    return Ref && Ref->getPointeeType().isConstQualified() && Ref->getPointeeType()->isArithmeticType();
  };
  QualType R = FD->getReturnType();
  if (!R->isArithmeticType() && !ConstNumberRef(R))
    return false;
  for (unsigned I = 0; I < C.getNumArgs() && I < FD->getNumParams(); ++I)
    if (C.getArg(I) == Arg)
      return ConstNumberRef(FD->getParamDecl(I)->getType());
  return false;
}

/// Whether the reference D lets the function's code other than a direct read or write reach its
/// variable: its address taken, a reference bound to it, an argument passed by reference.
bool escapes(const DeclRefExpr &D, ASTContext &Ctx) {
  if (D.refersToEnclosingVariableOrCapture())
    return true; // used in a lambda, perhaps captured by reference
  DynTypedNode N = DynTypedNode::create(D);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!P)
      return true; // initialises a declaration (a reference, perhaps)
    const Stmt *Child = N.get<Stmt>();
    bool Climb = false; // the parent designates the same storage (or part of it)
    if (isa<ParenExpr>(P)) {
      Climb = true;
    } else if (const auto *C = dyn_cast<ImplicitCastExpr>(P)) {
      if (C->getCastKind() == CK_LValueToRValue)
        return false;
      // The same storage: an array's first element, or the variable made const (to bind a
      // const reference).
      Climb = C->getCastKind() == CK_ArrayToPointerDecay || C->getCastKind() == CK_NoOp;
    } else if (const auto *M = dyn_cast<MemberExpr>(P)) {
      Climb = !M->isArrow();
    } else if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(P)) {
      Climb = !M->isArrow();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(P)) {
      if (A->getIdx() == Child)
        return false;
      Climb = true; // an element of the array (or of the pointer's target, read as a value)
    } else if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      if (B->getOpcode() == BO_Comma && B->getRHS() == Child)
        Climb = true;
      else
        return false; // assigned, or read by an operator (a template's operands carry no cast)
    } else if (const auto *U = dyn_cast<UnaryOperator>(P)) {
      return U->getOpcode() == UO_AddrOf;
    } else if (const auto *C = dyn_cast<ConditionalOperator>(P)) {
      if (C->getCond() == Child)
        return false;
      Climb = true;
    } else if (isa<UnaryExprOrTypeTraitExpr>(P)) {
      return false;
    } else if (const auto *C = dyn_cast<CallExpr>(P)) {
      if (!readsThroughConstRef(*C, Child, Ctx))
        return true;
      if (!C->isGLValue())
        return false;
      Climb = true; // the reference it returns may be the variable itself
    }
    if (!Climb)
      return true;
    N = Parents[0];
  }
}

bool callsMayWriteReaching(const Expr *E, const ASTContext &Ctx, Reach R) {
  if (const auto *C = dyn_cast<CallExpr>(E); C && mayWrite(C, Ctx, kBodyDepth, R))
    return true;
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && runsUserConstructor(*C, Ctx))
    return true;
  // A template's T(1): a constant converted to its type parameter, as every arithmetic type and
  // any sane class converts one, without writing the program's variables.
  if (const auto *U = dyn_cast<CXXUnresolvedConstructExpr>(E);
      U && U->getTypeAsWritten()->getAs<TemplateTypeParmType>() &&
      llvm::all_of(U->arguments(),
                   [](const Expr *A) { return isa<IntegerLiteral, FloatingLiteral>(A->IgnoreParens()); }))
    return false;
  if (isa<CXXNewExpr, CXXDeleteExpr, CXXUnresolvedConstructExpr>(E))
    return true; // user code may run (operator new, a constructor known at instantiation)
  return llvm::any_of(E->children(), [&](const Stmt *S) {
    return S && isa<Expr>(S) && callsMayWriteReaching(cast<Expr>(S), Ctx, R);
  });
}

} // namespace

bool callsMayWrite(const Expr *E, const ASTContext &Ctx) {
  return callsMayWriteReaching(E, Ctx, Reach::Anything);
}

bool callsMayWriteFloating(const Expr *E, const ASTContext &Ctx) {
  return callsMayWriteReaching(E, Ctx, Reach::FloatingObjects);
}

PrivateLocals::PrivateLocals(const FunctionDecl &FD, ASTContext &Ctx) {
  struct Refs : RecursiveASTVisitor<Refs> {
    std::vector<const DeclRefExpr *> All;
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      All.push_back(D);
      return true;
    }
  } R;
  R.TraverseStmt(FD.getBody());
  for (const DeclRefExpr *D : R.All)
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl());
        V && V->hasLocalStorage() && !Escaped.count(V) && escapes(*D, Ctx))
      Escaped.insert(V);
}

bool PrivateLocals::contains(const VarDecl *V) const {
  return V->hasLocalStorage() && !V->getType()->isReferenceType() &&
         !V->getType().isVolatileQualified() && !Escaped.count(V);
}

bool PrivateLocals::fixedLocation(const Expr *LV, const ASTContext &Ctx) const {
  LV = LV->IgnoreParens();
  if (const auto *D = dyn_cast<DeclRefExpr>(LV))
    return isa<VarDecl>(D->getDecl()); // a variable's storage, or a reference's referent
  if (const auto *M = dyn_cast<MemberExpr>(LV))
    return M->isArrow() ? fixedValue(M->getBase(), Ctx) : fixedLocation(M->getBase(), Ctx);
  if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(LV))
    return M->isImplicitAccess() ||
           (M->isArrow() ? fixedValue(M->getBase(), Ctx) : fixedLocation(M->getBase(), Ctx));
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(LV))
    return fixedValue(A->getIdx(), Ctx) && fixedValue(A->getBase(), Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(LV); U && U->getOpcode() == UO_Deref)
    return fixedValue(U->getSubExpr(), Ctx);
  return false;
}

bool PrivateLocals::fixedValue(const Expr *E, const ASTContext &Ctx) const {
  E = E->IgnoreParens();
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_LValueToRValue: {
      const auto *D = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens());
      const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
      return V && contains(V); // a read of memory another call may write is not fixed
    }
    case CK_ArrayToPointerDecay:
      return fixedLocation(C->getSubExpr(), Ctx);
    case CK_UserDefinedConversion:
    case CK_ConstructorConversion:
      return false;
    default:
      return fixedValue(C->getSubExpr(), Ctx);
    }
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) { // in a template, or an array's address
    const ValueDecl *VD = D->getDecl();
    if (const auto *V = dyn_cast<VarDecl>(VD))
      return V->getType()->isArrayType() || contains(V);
    return isa<EnumConstantDecl, NonTypeTemplateParmDecl>(VD);
  }
  if (isa<CXXThisExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma && fixedValue(B->getLHS(), Ctx) &&
           fixedValue(B->getRHS(), Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf)
      return fixedLocation(U->getSubExpr(), Ctx);
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_Deref &&
           fixedValue(U->getSubExpr(), Ctx);
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return fixedValue(C->getCond(), Ctx) && fixedValue(C->getTrueExpr(), Ctx) &&
           fixedValue(C->getFalseExpr(), Ctx);
  return isCompileTimeConstant(E, Ctx);
}

} // namespace autoscale::find
