//===- Operators.cpp - + - * / and their compound assignments, -x, ++, -- ----===//
#include "find/OperationFinder.h"

#include "find/Context.h"
#include "find/operations/SkipReasons.h"

namespace autoscale::find {
namespace {

BaseOp baseOf(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_AddAssign: return BaseOp::Add;
  case BO_Sub: case BO_SubAssign: return BaseOp::Sub;
  case BO_Mul: case BO_MulAssign: return BaseOp::Mul;
  default: return BaseOp::Div;
  }
}

bool isArithmetic(BinaryOperatorKind K) {
  return K == BO_Add || K == BO_Sub || K == BO_Mul || K == BO_Div || K == BO_AddAssign ||
         K == BO_SubAssign || K == BO_MulAssign || K == BO_DivAssign;
}

} // namespace

Operation *OperationFinder::startBinary(const Expr *E, SourceLocation OpLoc, std::string OpName,
                                        BaseOp Base, llvm::StringRef Spelling, bool Compound,
                                        const Expr *L, const Expr *R, FileID &File) {
  Operation *Op = start(E, OpLoc, std::move(OpName), Base, Spelling.str(), File);
  if (!Op)
    return nullptr;
  // The value operands carry results into the operation; x op= y writes x rather than reading a
  // result.
  if (Compound) {
    Op->Variable = baseVariable(L);
    feeds({{R, 1}});
  } else {
    feeds({{L, 0}, {R, 1}});
  }
  return Op;
}

bool OperationFinder::visitDependentBinary(const Expr *E, SourceLocation OpLoc, BaseOp Base,
                                           llvm::StringRef Spelling, bool Compound,
                                           const Expr *L, const Expr *R) {
  if (!mayComputeInFloat({L->getType(), R->getType()}))
    return true;
  std::string OpName = rules::name(Base).str();
  FileID File;
  Operation *Op = startBinary(E, OpLoc, OpName, Base, Spelling, Compound, L, R, File);
  if (!Op)
    return true;
  Op->Type = "dependent";
  if (!Op->SkipReason.empty())
    return true;
  if (std::string Why = dependentOperatorSkipReason(E, StartedIn, OpLoc, SM, Instantiated); !Why.empty())
    return skip(*Op, Why);
  if (!Compound)
    for (const std::string &Why : {constantSkipReason({L, R}, Ctx),
                                   instantiationOrderSkipReason(L, R, StartedIn, OpLoc, Ctx, privateLocals(), Instantiated)})
      if (!Why.empty())
        return skip(*Op, Why);
  if (Compound) {
    if (std::string Why = lvalueSkipReason(L, Ctx); !Why.empty())
      return skip(*Op, Why);
    if (std::string Why = sequencingSkipReason(L, R, Ctx, privateLocals()); !Why.empty())
      return skip(*Op, Why);
  }
  return shape(*Op, File, Compound ? Form::CompoundAssign : Form::Binary, E, OpLoc, {L, R},
               /*Generic=*/true, FloatKind::Float);
}

bool OperationFinder::visitDependentUnary(const Expr *E, SourceLocation OpLoc, BaseOp Base,
                                          llvm::StringRef Spelling, bool Prefix,
                                          const Expr *Sub) {
  if (!mayComputeInFloat({Sub->getType()}))
    return true;
  FileID File;
  Operation *Op = start(E, OpLoc, rules::name(Base).str(), Base, Spelling.str(), File);
  if (!Op)
    return true;
  Op->Type = "dependent";
  bool Neg = Base == BaseOp::Neg;
  if (Neg)
    feeds({{Sub, 0}});
  else
    Op->Variable = baseVariable(Sub);
  if (!Op->SkipReason.empty())
    return true;
  if (std::string Why = dependentOperatorSkipReason(E, StartedIn, OpLoc, SM, Instantiated); !Why.empty())
    return skip(*Op, Why);
  if (std::string Why = Neg ? constantSkipReason({Sub}, Ctx) : lvalueSkipReason(Sub, Ctx);
      !Why.empty())
    return skip(*Op, Why);
  return shape(*Op, File, Neg ? Form::Negate : Form::IncDec, E, OpLoc, {Sub}, /*Generic=*/true,
               FloatKind::Float, Prefix);
}

bool OperationFinder::VisitCXXFoldExpr(CXXFoldExpr *E) {
  // (t + ...): one operator for every element of a parameter pack, which no site's operands can
  // wrap. Reported as the operation it is, and kept as written.
  const BinaryOperatorKind K = E->getOperator();
  if (!isArithmetic(K) || !mayComputeInFloat({E->getType()}))
    return true;
  FileID File;
  Operation *Op = start(E, E->getEllipsisLoc(), rules::name(baseOf(K)).str(), baseOf(K),
                        BinaryOperator::getOpcodeStr(K).str(), File);
  if (!Op)
    return true;
  Op->Type = "dependent";
  return Op->SkipReason.empty() ? skip(*Op, "a fold expression: one operator for every element of a parameter pack")
                                : true;
}

/// Whether E is a float converted to double by a cast written in the source (`(double)a[i]`,
/// `static_cast<double>(x)`), or double arithmetic or a math call of one (`(double)A[i] * x[i]`,
/// `fabs((double)b - a)`, a local given it once): the programmer asked for double there.
bool OperationFinder::widenedOnPurpose(const Expr *E) {
  E = E->IgnoreParens();
  // (C++ spells the conversion as a no-op cast around an implicit one: the operand as written.)
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
    return Cast->getType()->isSpecificBuiltinType(BuiltinType::Double) &&
           Cast->getSubExprAsWritten()->getType()->isSpecificBuiltinType(BuiltinType::Float);
  E = E->IgnoreParenImpCasts();
  if (!E->getType()->isSpecificBuiltinType(BuiltinType::Double))
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && isArithmetic(B->getOpcode()) && !B->isAssignmentOp())
    return widenedOnPurpose(B->getLHS()) || widenedOnPurpose(B->getRHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Minus)
    return widenedOnPurpose(U->getSubExpr());
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && Call->getDirectCallee() && Call->getDirectCallee()->getIdentifier() &&
      Rules.isMathFunction(Call->getDirectCallee()->getName()))
    return llvm::any_of(Call->arguments(), [&](const Expr *A) { return widenedOnPurpose(A); });
  // (A local's initialiser that names the local itself would lead back here.)
  const VarDecl *V = varOf(E);
  if (!V || !V->getInit() || !givenOnce(*V) || !WideningLocals.insert(V).second)
    return false;
  const bool Widened = widenedOnPurpose(V->getInit());
  WideningLocals.erase(V);
  return Widened;
}

bool OperationFinder::VisitBinaryOperator(BinaryOperator *B) {
  if (B->isAssignmentOp())
    noteDefinition(B->getLHS(), B->getOpcode() == BO_Assign ? B->getRHS() : B);
  if (!isArithmetic(B->getOpcode()))
    return true;
  BaseOp Base = baseOf(B->getOpcode());
  bool Compound = B->isCompoundAssignmentOp();
  const Expr *L = B->getLHS(), *R = B->getRHS();
  // T * T in a template: float for one instantiation, int for another; one text serves all.
  if (B->isTypeDependent() || L->isTypeDependent() || R->isTypeDependent())
    return visitDependentBinary(B, B->getOperatorLoc(), Base, B->getOpcodeStr(), Compound, L, R);
  QualType CompT =
      Compound ? cast<CompoundAssignOperator>(B)->getComputationResultType() : B->getType();
  TypeClass TC = classify(CompT);
  if (TC.Kind == TypeClass::None) {
    noteOtherArithmetic(B->getOperatorLoc());
    return true;
  }

  FileID File;
  Operation *OpP = startBinary(B, B->getOperatorLoc(), rules::name(Base).str(),
                               Base, B->getOpcodeStr(), Compound, L, R, File);
  if (!OpP)
    return true;
  Operation &Op = *OpP;
  Op.Type = TC.Kind == TypeClass::Unsupported ? CompT.getAsString() : typeName(TC.Float);
  if (TC.Kind == TypeClass::Unsupported)
    return skip(Op, TC.Why);
  if (!Op.SkipReason.empty() && !skippedForItsPlace(Op))
    return true;

  if (!Compound)
    for (const std::string &Why : {constantSkipReason({L, R}, Ctx),
                                   integerSkipReason({L, R}, Ctx, [&](const VarDecl &V) { return givenOnce(V); })})
      if (!Why.empty())
        return skipForOperands(Op, Why);
  if (!Op.SkipReason.empty())
    return true;
  if (!Compound)
    if (std::string Why = operandOrderSkipReason(L, R, Ctx, privateLocals()); !Why.empty())
      return skip(Op, Why);
  // In C++ the result of x op= y is the lvalue x; where it is used as one, the generic
  // op_assign returns that lvalue.
  bool Generic = false;
  bool FloatLhsDoubleCompute = false;
  if (Compound) {
    if (std::string Why = lvalueSkipReason(L, Ctx); !Why.empty())
      return skip(Op, Why);
    std::optional<FloatKind> LK = runtimeKind(L->getType());
    if (!LK)
      return skip(Op, "left-hand side is not float or double");
    Generic = resultUsedAsLvalue(B, Ctx);
    if (std::string Why = sequencingSkipReason(L, R, Ctx, privateLocals()); !Why.empty())
      return skip(Op, Why);
    // A double left-hand side makes the computation double, so only float = float op double
    // mixes.
    FloatLhsDoubleCompute = *LK != TC.Float;
  }
  if (hasUserConversion(R) || (!Compound && hasUserConversion(L)))
    return skip(Op, "user-defined conversion of an operand");
  // Double arithmetic of floats widened on purpose: an iterative refinement's residual
  // (`(double)b[i] - (double)A[i] * x[i]`), a dot product the programmer kept exact. An idiom the
  // rules keep anyway (a square_sum, a report) keeps its name.
  const bool Plain = Op.OpName == rules::name(Base) || Op.OpName == rules::name(rules::Idiom::DotMul);
  if (TC.Float == FloatKind::Double && Plain && (widenedOnPurpose(R) || widenedOnPurpose(L)))
    return skip(Op, Op.OpName == rules::name(rules::Idiom::DotMul)
                        ? "computed in double on purpose: a product of floats converted to double "
                          "explicitly, summed in double (an iterative refinement's residual)"
                        : "computed in double on purpose: double arithmetic of a float converted to "
                          "double explicitly (an iterative refinement's residual)");
  shape(Op, File, Compound ? Form::CompoundAssign : Form::Binary, B, B->getOperatorLoc(), {L, R},
        Generic, TC.Float);
  if (Op.Shape)
    Op.Shape->FloatLhsDoubleCompute = FloatLhsDoubleCompute;
  if (Op.Shape && B->getOpcode() == BO_Mul && StartedIn)
    for (const Recogniser *Kind : Opts.Recognisers)
      Kind->recogniseMultiply(*this, Op, *B, *StartedIn);
  return true;
}

bool OperationFinder::VisitUnaryOperator(UnaryOperator *U) {
  UnaryOperatorKind UK = U->getOpcode();
  if (U->isIncrementDecrementOp())
    noteDefinition(U->getSubExpr(), U);
  bool Neg = UK == UO_Minus;
  if (!Neg && !U->isIncrementDecrementOp())
    return true;
  const Expr *Sub = U->getSubExpr();
  if (Neg && isa<FloatingLiteral>(Sub->IgnoreParenImpCasts()))
    return true; // -1.0f is a literal, not arithmetic
  BaseOp Base = Neg ? BaseOp::Neg : U->isIncrementOp() ? BaseOp::Inc : BaseOp::Dec;
  std::string Spelling = UnaryOperator::getOpcodeStr(UK).str();
  bool Prefix = !U->isPostfix();
  if (U->isTypeDependent() || Sub->isTypeDependent())
    return visitDependentUnary(U, U->getOperatorLoc(), Base, Spelling, Prefix, Sub);
  TypeClass TC = classify(U->getType());
  if (TC.Kind == TypeClass::None) {
    noteOtherArithmetic(U->getOperatorLoc());
    return true;
  }
  FileID File;
  Operation *OpP = start(U, U->getOperatorLoc(), rules::name(Base).str(), Base, Spelling, File);
  if (!OpP)
    return true;
  Operation &Op = *OpP;
  Op.Type = TC.Kind == TypeClass::Unsupported ? U->getType().getAsString() : typeName(TC.Float);
  if (Neg)
    feeds({{Sub, 0}});
  else
    Op.Variable = baseVariable(Sub);
  if (TC.Kind == TypeClass::Unsupported)
    return skip(Op, TC.Why);
  if (!Op.SkipReason.empty())
    return true;
  if (Neg) {
    if (std::string Why = constantSkipReason({Sub}, Ctx); !Why.empty())
      return skip(Op, Why);
    if (hasUserConversion(Sub))
      return skip(Op, "user-defined conversion of an operand");
    return shape(Op, File, Form::Negate, U, U->getOperatorLoc(), {Sub}, false, TC.Float,
                 /*Prefix=*/true);
  }
  if (std::string Why = lvalueSkipReason(Sub, Ctx); !Why.empty())
    return skip(Op, Why);
  // ++x is the lvalue x in C++: where it is used as one, the generic preinc returns that lvalue.
  bool Generic = Prefix && resultUsedAsLvalue(U, Ctx);
  return shape(Op, File, Form::IncDec, U, U->getOperatorLoc(), {Sub}, Generic, TC.Float, Prefix);
}

/// Whether T is a library class template instantiated with a floating-point type
/// (std::complex<float>, std::valarray<double>).
static bool isLibraryFloatingClass(QualType T, const SourceManager &SM) {
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(T.getNonReferenceType()->getAsCXXRecordDecl());
  return RD && SM.isInSystemHeader(RD->getLocation()) &&
         llvm::any_of(RD->getTemplateArgs().asArray(), [](const TemplateArgument &A) {
           return A.getKind() == TemplateArgument::Type && A.getAsType()->isFloatingType();
         });
}

bool OperationFinder::visitLibraryOperator(const CXXOperatorCallExpr *OC, BaseOp Base) {
  // Its arithmetic runs inside the library's operator, which the rewrite does not reach: reported
  // so that the report accounts for the program's floating-point arithmetic, and kept.
  const FunctionDecl *Callee = OC->getDirectCallee();
  if (!Callee || !SM.isInSystemHeader(Callee->getLocation()))
    return true;
  // Named by an operand of a class the library documents (std::valarray<double>), rather than one
  // of its reserved names (the std::_Expr of a valarray expression), where there is one.
  auto Documented = [](const Expr *A) {
    return !A->getType().getNonReferenceType()->getAsCXXRecordDecl()->getName().starts_with("_");
  };
  const Expr *Library = nullptr;
  for (const Expr *A : OC->arguments())
    if (isLibraryFloatingClass(A->getType(), SM) && (!Library || (!Documented(Library) && Documented(A))))
      Library = A;
  if (!Library)
    return true;
  FileID File;
  Operation *Op = start(OC, OC->getOperatorLoc(), rules::name(Base).str(), Base,
                        getOperatorSpelling(OC->getOperator()), File);
  if (!Op)
    return true;
  PrintingPolicy Named(Ctx.getLangOpts());
  Named.SuppressTagKeyword = true; // std::complex<float>, however the program spells it
  Op->Type = Library->getType().getNonReferenceType().getCanonicalType().getUnqualifiedType().getAsString(Named);
  return Op->SkipReason.empty() ? skip(*Op, "an operator of a library class (" + Op->Type +
                                                "): its arithmetic runs in the library, as written")
                                : true;
}

bool OperationFinder::visitOperatorCall(CXXOperatorCallExpr *OC) {
  // In a template, T * T with operator overloads in scope is an operator call; its type is
  // unknown until instantiation.
  static const std::map<OverloadedOperatorKind, BaseOp> Bases = {
      {OO_Plus, BaseOp::Add},      {OO_Minus, BaseOp::Sub},      {OO_Star, BaseOp::Mul},
      {OO_Slash, BaseOp::Div},     {OO_PlusEqual, BaseOp::Add},  {OO_MinusEqual, BaseOp::Sub},
      {OO_StarEqual, BaseOp::Mul}, {OO_SlashEqual, BaseOp::Div}, {OO_PlusPlus, BaseOp::Inc},
      {OO_MinusMinus, BaseOp::Dec}};
  auto It = Bases.find(OC->getOperator());
  if (It == Bases.end())
    return true;
  OverloadedOperatorKind OK = OC->getOperator();
  if (!OC->isTypeDependent())
    return visitLibraryOperator(OC, It->second); // a class's own operator: its code is not ours
  llvm::StringRef Spelling = getOperatorSpelling(OK);
  if (OK == OO_PlusPlus || OK == OO_MinusMinus) // x++ carries a second, dummy argument
    return visitDependentUnary(OC, OC->getOperatorLoc(), It->second, Spelling,
                               OC->getNumArgs() == 1, OC->getArg(0));
  if (OC->getNumArgs() == 1)
    return OK == OO_Minus ? visitDependentUnary(OC, OC->getOperatorLoc(), BaseOp::Neg, Spelling,
                                                true, OC->getArg(0))
                          : true; // unary plus: no arithmetic
  bool Compound = OK == OO_PlusEqual || OK == OO_MinusEqual || OK == OO_StarEqual ||
                  OK == OO_SlashEqual;
  if (Compound)
    noteDefinition(OC->getArg(0), OC);
  return visitDependentBinary(OC, OC->getOperatorLoc(), It->second, Spelling, Compound,
                              OC->getArg(0), OC->getArg(1));
}

} // namespace autoscale::find
