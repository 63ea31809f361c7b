//===- SkipReasons.cpp - why an operand keeps an operation as written --------===//
#include "find/operations/SkipReasons.h"
#include "find/Context.h"
#include "find/Instantiations.h"
#include "find/Operation.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace autoscale::find {

/// Whether E names a member placed below its type's alignment (a packed record's, or one inside
/// such a member): g++ refuses to bind it to a reference.
static bool isPackedMember(const Expr *E, const ASTContext &Ctx) {
  while (const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts())) {
    const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!F)
      return false;
    const RecordDecl *RD = F->getParent();
    if (RD->isDependentType() || F->getType()->isDependentType()) {
      // No layout before instantiation: the attributes that may under-align it.
      if (F->hasAttr<PackedAttr>() || RD->hasAttr<PackedAttr>() ||
          RD->hasAttr<MaxFieldAlignmentAttr>())
        return true;
    } else if (RD->isCompleteDefinition() && !RD->isInvalidDecl() &&
               Ctx.getDeclAlign(F) < Ctx.getTypeAlignInChars(F->getType())) {
      return true;
    }
    if (M->isArrow())
      return false;
    E = M->getBase();
  }
  return false;
}

std::string bindSkipReason(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (E->refersToBitField())
    return "bit-field operand";
  if (E->refersToVectorElement() || E->refersToMatrixElement())
    return "vector element operand";
  if (isPackedMember(E, Ctx))
    return "packed member operand";
  return {};
}

std::string lvalueSkipReason(const Expr *LV, const ASTContext &Ctx) {
  if (std::string Why = bindSkipReason(LV, Ctx); !Why.empty())
    return Why;
  if (LV->getType().isVolatileQualified())
    return "volatile operand";
  if (LV->getType()->isAtomicType())
    return "atomic operand"; // a call through its address would lose the atomic update
  if (const auto *D = dyn_cast<DeclRefExpr>(LV->IgnoreParens()))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->getStorageClass() == SC_Register)
      return "register variable (no address)";
  return {};
}

std::string instantiationBindSkipReason(const FunctionDecl *Pattern, SourceLocation OpLoc,
                                        const ASTContext &Ctx, InstantiatedOperations &Instantiated) {
  if (!Pattern)
    return {};
  for (const FunctionDecl *F : instantiationsOf(*Pattern)) {
    const Expr *E = Instantiated.at(*F, OpLoc);
    std::string Why;
    auto Operands = [&](auto Range) {
      for (const Expr *O : Range)
        if (Why.empty())
          Why = bindSkipReason(O, Ctx);
    };
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(E)) {
      if (B->isCompoundAssignmentOp())
        Why = lvalueSkipReason(B->getLHS(), Ctx);
      Operands(std::initializer_list<const Expr *>{B->getLHS(), B->getRHS()});
    } else if (const auto *U = dyn_cast_or_null<UnaryOperator>(E)) {
      Why = U->isIncrementDecrementOp() ? lvalueSkipReason(U->getSubExpr(), Ctx)
                                        : bindSkipReason(U->getSubExpr(), Ctx);
    } else if (const auto *C = dyn_cast_or_null<CallExpr>(E); C && !isa<CXXOperatorCallExpr>(C)) {
      Operands(C->arguments());
    }
    if (!Why.empty())
      return Why + " in an instantiation";
  }
  return {};
}

/// Whether E assigns, increments or decrements something (calls are not looked into).
static bool writesVariables(const Stmt *E) {
  if (!E)
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return true;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && (OC->isAssignmentOp() || OC->getOperator() == OO_PlusPlus ||
             OC->getOperator() == OO_MinusMinus))
    return true;
  return llvm::any_of(E->children(), writesVariables);
}

/// Whether E only names something: variables, members reached by `.` or by a builtin `->`, and
/// literals. Such an expression has no side effects whatever its template's arguments turn out
/// to be, where HasSideEffects assumes the worst of anything dependent (a.acc in a template).
static bool isPlainAccess(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, DependentScopeDeclRefExpr, CXXThisExpr, IntegerLiteral, FloatingLiteral>(E))
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(E)) // resolved: an overloaded -> would be a call below
    return isPlainAccess(M->getBase());
  if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(E)) {
    if (M->isImplicitAccess())
      return true;
    const Expr *Base = M->getBase();
    // p->m on a dependent p may call an overloaded operator->; this->m is builtin.
    return (!M->isArrow() || isa<CXXThisExpr>(Base->IgnoreParens())) && isPlainAccess(Base);
  }
  return false;
}

/// Whether evaluating E may change the program's state: an assignment, an increment, or a call
/// that may write (CallEffects.h). A plain access in a template has none whatever its arguments.
static bool mayHaveEffects(const Expr *E, const ASTContext &Ctx) {
  return (writesVariables(E) || callsMayWrite(E, Ctx)) &&
         !(E->isInstantiationDependent() && isPlainAccess(E));
}

std::string sequencingSkipReason(const Expr *L, const Expr *R, const ASTContext &Ctx,
                                 const PrivateLocals *Locals) {
  if (!Ctx.getLangOpts().CPlusPlus17)
    return {};
  // A library container's v[i] has no effect the right operand could see.
  if (mayHaveEffects(L, Ctx) && (R->isValueDependent() || !R->isEvaluatable(Ctx)))
    return "C++17 sequencing: the right operand must be evaluated before the left-hand side's "
           "side effects";
  // A variable is where it is; an element or a pointer's target moves with what locates it.
  if (isa<DeclRefExpr>(L->IgnoreParens()))
    return {};
  if (writesVariables(R))
    return "C++17 sequencing: the right operand's writes must precede locating the left-hand side";
  if (callsMayWrite(R, Ctx) && !(Locals && Locals->fixedLocation(L, Ctx)))
    return "C++17 sequencing: a call in the right operand may move the left-hand side, which is "
           "located after it";
  return {};
}

/// Whether E reads nothing that a call writing only integers could change: values no call can
/// change, and floating-point objects at places no call can move (p[i].y, p and i private).
static bool readsOnlyFloatingObjects(const Expr *E, const PrivateLocals &Locals, const ASTContext &Ctx) {
  E = E->IgnoreParens();
  if (Locals.fixedValue(E, Ctx))
    return true;
  auto Each = [&](std::initializer_list<const Expr *> Es) {
    return llvm::all_of(Es, [&](const Expr *X) { return readsOnlyFloatingObjects(X, Locals, Ctx); });
  };
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    if (C->getCastKind() == CK_LValueToRValue)
      return C->getSubExpr()->getType()->isRealFloatingType() && Locals.fixedLocation(C->getSubExpr(), Ctx);
    return Each({C->getSubExpr()});
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma && Each({B->getLHS(), B->getRHS()});
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) && Each({U->getSubExpr()});
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return Each({C->getCond(), C->getTrueExpr(), C->getFalseExpr()});
  return false;
}

std::string operandOrderSkipReason(const Expr *L, const Expr *R, const ASTContext &Ctx,
                                   const PrivateLocals *Locals) {
  const bool LeftEffects = mayHaveEffects(L, Ctx), RightEffects = mayHaveEffects(R, Ctx);
  if (LeftEffects && RightEffects)
    return "both operands have side effects, which the runtime call could evaluate in the other "
           "order";
  if (!LeftEffects && !RightEffects)
    return {};
  const Expr *Calls = LeftEffects ? L : R, *Reads = LeftEffects ? R : L;
  if (!callsMayWrite(Calls, Ctx))
    return {};
  const bool Fixed = Locals ? Locals->fixedValue(Reads, Ctx)
                            : !Reads->isValueDependent() && !Reads->HasSideEffects(Ctx) && Reads->isEvaluatable(Ctx);
  // A call writing integers alone (a generator's state) changes no floating-point object.
  if (Fixed || (Locals && readsOnlyFloatingObjects(Reads, *Locals, Ctx) && !callsMayWriteFloating(Calls, Ctx)))
    return {};
  return std::string(LeftEffects ? "the left" : "the right") +
         " operand calls a function that may write what the other reads, which the runtime call "
         "could evaluate first";
}

/// Whether the value-dependent expression E is constant in every instantiation: literals,
/// non-type template parameters, enumerators, constexpr variables and sizeof, combined by casts
/// and operators.
static bool isDependentConstant(const Expr *E) {
  E = E->IgnoreParens();
  if (isa<FloatingLiteral, IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr, SizeOfPackExpr>(E))
    return true;
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *VD = D->getDecl();
    const auto *Var = dyn_cast<VarDecl>(VD);
    return isa<NonTypeTemplateParmDecl, EnumConstantDecl>(VD) || (Var && Var->isConstexpr());
  }
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return isDependentConstant(S->getReplacement());
  if (const auto *C = dyn_cast<CastExpr>(E))
    return isDependentConstant(C->getSubExpr());
  if (const auto *C = dyn_cast<CXXUnresolvedConstructExpr>(E))
    return C->getNumArgs() == 1 && isDependentConstant(C->getArg(0));
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma && isDependentConstant(B->getLHS()) &&
           isDependentConstant(B->getRHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus || U->getOpcode() == UO_Not ||
            U->getOpcode() == UO_LNot) &&
           isDependentConstant(U->getSubExpr());
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return isDependentConstant(C->getCond()) && isDependentConstant(C->getTrueExpr()) &&
           isDependentConstant(C->getFalseExpr());
  return false;
}

/// Whether E's value is the same whenever it runs: evaluated at compile time, the math library's
/// function of such values (`sqrtf(2.0f)`, which C does not fold), a const variable given one
/// (`static const float POLY6 = 4.f / (PI * std::pow(H, 8.f))`), or arithmetic of them: rounded,
/// `MASS * POLY6` (7.4e-10) flushed to zero in fp16 and a fluid's density with it.
static bool isKnownConstant(const Expr *E, const ASTContext &Ctx, unsigned Depth = 0) {
  if (isCompileTimeConstant(E, Ctx))
    return true;
  if (Depth > 8 || E->isValueDependent())
    return false;
  E = E->IgnoreParenCasts();
  const auto Known = [&](const Expr *X) { return isKnownConstant(X, Ctx, Depth + 1); };
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    const QualType T = V ? V->getType() : QualType();
    return V && !isa<ParmVarDecl>(V) && T.isConstQualified() && !T.isVolatileQualified() && V->getInit() &&
           Known(V->getInit());
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Call->getDirectCallee();
    const bool Library = Call->getBuiltinCallee() != 0 || (F && Ctx.getSourceManager().isInSystemHeader(F->getLocation()));
    return Library && Call->getType()->isArithmeticType() && Call->getNumArgs() > 0 &&
           llvm::all_of(Call->arguments(), [&](const Expr *A) { return A->getType()->isArithmeticType() && Known(A); });
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma && Known(B->getLHS()) && Known(B->getRHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) && Known(U->getSubExpr());
  return false;
}

std::string constantSkipReason(llvm::ArrayRef<const Expr *> Operands, const ASTContext &Ctx) {
  if (Operands.empty())
    return {};
  for (const Expr *E : Operands) {
    bool Constant = E->isValueDependent() ? isDependentConstant(E)
                                          : isKnownConstant(E, Ctx);
    if (!Constant)
      return {};
  }
  return kConstantOperands.str();
}

namespace {

struct IntegerValues {
  const ASTContext &Ctx;
  llvm::function_ref<bool(const VarDecl &)> GivenOnce;
  /// Locals read through their initialisers, at most kMaxDepth deep. Inside one, only a count
  /// qualifies (`double fniters = niters;`): no division and whole constants, so that a
  /// coordinate computed from indices (`u = (i + 1.0f) / (N + 1)`) stays data for what uses it.
  unsigned Depth = 0;

  static constexpr unsigned kMaxDepth = 8;

  /// Whether E's value comes from integers and constants alone (sets Converts where it converts
  /// an integer): conversions of integers, constants, + - * / and negation of such values, and
  /// locals holding a count.
  bool fromIntegers(const Expr *E, bool &Converts);
  /// Whether the constant E is whole (any constant outside a local's initialiser).
  bool wholeConstant(const Expr *E) const;
};

} // namespace

bool IntegerValues::wholeConstant(const Expr *E) const {
  if (Depth == 0)
    return true;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx))
    return false;
  return R.Val.isInt() || (R.Val.isFloat() && R.Val.getFloat().isInteger());
}

/// Whether the integer E reads an element of an array (through arithmetic on it): a pixel of a
/// uint8 image, a sample of int16 audio, which converted are a tensor's data, not a count.
static bool readsElement(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Deref || ((U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) &&
                                          readsElement(U->getSubExpr()));
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return (B->isAdditiveOp() || B->isMultiplicativeOp() || B->isShiftOp() || B->isBitwiseOp()) &&
           (readsElement(B->getLHS()) || readsElement(B->getRHS()));
  return false;
}

bool IntegerValues::fromIntegers(const Expr *E, bool &Converts) {
  E = E->IgnoreParens();
  if (E->isValueDependent())
    return false;
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    if (C->getCastKind() == CK_IntegralToFloating) {
      if (readsElement(C->getSubExpr()))
        return false;
      Converts = true;
      return true;
    }
    if (C->getCastKind() == CK_FloatingCast || C->getCastKind() == CK_NoOp)
      return fromIntegers(C->getSubExpr(), Converts);
    // A float local that holds only its initialiser's value holds what that computes; a constant
    // one (`const float dt = 0.05f;`) is that constant.
    const auto *Ref = dyn_cast<DeclRefExpr>(C->getSubExpr()->IgnoreParens());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (C->getCastKind() == CK_LValueToRValue && V && !isa<ParmVarDecl>(V) && V->getType()->isRealFloatingType() &&
        V->getInit() && (V->getType().isConstQualified() || GivenOnce(*V)) &&
        isCompileTimeConstant(V->getInit(), Ctx))
      return wholeConstant(V->getInit());
    if (C->getCastKind() == CK_LValueToRValue && V && V->getType()->isRealFloatingType() && V->getInit() &&
        Depth < kMaxDepth && GivenOnce(*V)) {
      ++Depth;
      const bool Integers = fromIntegers(V->getInit(), Converts);
      --Depth;
      return Integers;
    }
  }
  // An arithmetic node is of integers where its operands are (an operand that is not cannot be
  // part of a constant either), so the operands are walked first: evaluating every node's whole
  // subtree made a long sum's operations cost its length squared each. A constant counts without
  // converting anything, as a leaf does.
  const auto Arithmetic = [&](std::initializer_list<const Expr *> Operands) {
    bool Converted = Converts;
    for (const Expr *O : Operands)
      if (!fromIntegers(O, Converted))
        return false;
    if (!isCompileTimeConstant(E, Ctx))
      Converts = Converted;
    return true;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && (B->isAdditiveOp() || B->isMultiplicativeOp()))
    return !(Depth > 0 && B->getOpcode() == BO_Div) && Arithmetic({B->getLHS(), B->getRHS()});
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus))
    return Arithmetic({U->getSubExpr()});
  return isCompileTimeConstant(E, Ctx) && wholeConstant(E);
}

std::string integerSkipReason(llvm::ArrayRef<const Expr *> Operands, const ASTContext &Ctx,
                              llvm::function_ref<bool(const VarDecl &)> GivenOnce) {
  bool Converts = false;
  IntegerValues Values{Ctx, GivenOnce};
  if (Operands.empty() || !llvm::all_of(Operands, [&](const Expr *E) { return Values.fromIntegers(E, Converts); }) ||
      !Converts)
    return {};
  return kIntegerOperands.str();
}

bool hasUserConversion(const Expr *E) {
  while (const auto *C = dyn_cast<ImplicitCastExpr>(E)) {
    if (C->getCastKind() == CK_UserDefinedConversion ||
        C->getCastKind() == CK_ConstructorConversion)
      return true;
    E = C->getSubExpr();
  }
  return E->getType()->isRecordType();
}

std::string instantiationOrderSkipReason(const Expr *L, const Expr *R, const FunctionDecl *Pattern,
                                         SourceLocation OpLoc, const ASTContext &Ctx,
                                         const PrivateLocals *Locals, InstantiatedOperations &Instantiated) {
  std::string Why = operandOrderSkipReason(L, R, Ctx, Locals);
  if (Why.empty() || !Pattern || !Ctx.getSourceManager().isInMainFile(Pattern->getLocation()))
    return Why;
  // An instantiation's locals are not the pattern's: beside a call that may write, only constants.
  // An instantiation for a class type (`__half`) calls its operator, whose operands are unordered
  // as written too, and which the generic call passes to it (generics.h).
  const bool Free = llvm::all_of(instantiationsOf(*Pattern), [&](const FunctionDecl *F) {
    const Expr *E = Instantiated.at(*F, OpLoc);
    if (isa_and_nonnull<CXXOperatorCallExpr>(E))
      return true;
    const auto *B = dyn_cast_or_null<BinaryOperator>(E);
    return B && operandOrderSkipReason(B->getLHS(), B->getRHS(), Ctx, nullptr).empty();
  });
  return Free ? "" : Why;
}

/// The namespace argument-dependent lookup searches for an argument of type T: that of its class
/// (or class template, or enumeration), through references, pointers and arrays.
static const DeclContext *associatedNamespace(QualType T) {
  T = T.getNonReferenceType();
  while (T->isPointerType() || T->isArrayType())
    T = QualType(T->getPointeeOrArrayElementType(), 0);
  const NamedDecl *D = T->getAsCXXRecordDecl();
  if (const auto *S = T->getAs<TemplateSpecializationType>(); !D && S)
    D = S->getTemplateName().getAsTemplateDecl();
  if (const auto *En = T->getAs<EnumType>(); !D && En)
    D = En->getDecl();
  return D ? D->getDeclContext()->getEnclosingNamespaceContext() : nullptr;
}

/// Whether argument-dependent lookup finds FD for arguments of its parameters' types: it is
/// declared in the namespace of one of them (`V3 operator*(float, V3)` beside V3).
static bool foundByArguments(const FunctionDecl &FD) {
  const DeclContext *Namespace = FD.getDeclContext()->getEnclosingNamespaceContext();
  return llvm::any_of(FD.parameters(), [&](const ParmVarDecl *P) {
    const DeclContext *Associated = associatedNamespace(P->getType());
    return Associated && Associated->Equals(Namespace);
  });
}

std::string dependentOperatorSkipReason(const Expr *E, const FunctionDecl *Pattern, SourceLocation OpLoc,
                                        const SourceManager &SM, InstantiatedOperations &Instantiated) {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  const auto *U =
      OC ? dyn_cast<UnresolvedLookupExpr>(OC->getCallee()->IgnoreParenImpCasts()) : nullptr;
  // An operator the generic call finds again by its arguments' types is no matter.
  if (!U || llvm::none_of(U->decls(), [&](const NamedDecl *D) {
        const FunctionDecl *FD = D->getUnderlyingDecl()->getAsFunction();
        return FD && !isa<CXXMethodDecl>(FD) && !SM.isInSystemHeader(FD->getLocation()) &&
               !foundByArguments(*FD);
      }))
    return {};
  if (Pattern && SM.isInMainFile(Pattern->getLocation()) &&
      llvm::none_of(instantiationsOf(*Pattern), [&](const FunctionDecl *F) {
        return isa_and_nonnull<CXXOperatorCallExpr>(Instantiated.at(*F, OpLoc));
      }))
    return {};
  return "operator found by lookup at the template";
}

} // namespace autoscale::find
