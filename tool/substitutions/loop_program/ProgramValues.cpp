//===- ProgramValues.cpp - the values a loop program's statements compute ----===//
#include "substitutions/loop_program/ProgramReader.h"

#include "find/operations/Reductions.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace autoscale::find::programs {
namespace {

/// Whether E computes in another floating type than float somewhere (M_PI, a double).
bool computesInOtherTypes(const Expr *E) {
  struct Walk : RecursiveASTVisitor<Walk> {
    bool Found = false;
    bool VisitExpr(Expr *X) {
      Found |= X->getType()->isRealFloatingType() && !isFloat(X->getType());
      return !Found;
    }
  } W;
  W.TraverseStmt(const_cast<Expr *>(E));
  return W.Found;
}

/// -1.5f: a literal, no operation (the finder records none).
bool isNegatedLiteral(const Expr *E) {
  const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParens());
  return U && U->getOpcode() == UO_Minus && isa<FloatingLiteral>(U->getSubExpr()->IgnoreParenImpCasts());
}

/// Whether integer operand E of a comparison, converted to the comparison's type, keeps its value:
/// its own type has that type's signedness, or it is a constant of at least 0.
bool keepsItsValue(const Expr *E, const ASTContext &Ctx) {
  const Expr *X = E->IgnoreParenImpCasts();
  if (!X->getType()->isIntegerType())
    return false;
  if (X->getType()->isSignedIntegerType() == E->getType()->isSignedIntegerType())
    return true;
  Expr::EvalResult R;
  return X->EvaluateAsInt(R, Ctx) && R.Val.getInt().isNonNegative();
}

} // namespace

bool ProgramReader::computedOnce(const Expr *E, std::vector<const Expr *> *Ops) {
  // Nothing the loop writes or steps, no memory but variables (an element the loop may write is a
  // load instead), no side effects, and no call but the math operations the finder recorded.
  struct Walk : RecursiveASTVisitor<Walk> {
    ProgramReader &R;
    std::vector<const Expr *> Ops;
    bool Ok = true;
    explicit Walk(ProgramReader &R) : R(R) {}
    bool VisitStmt(Stmt *S) {
      if (isa<ArraySubscriptExpr, CXXOperatorCallExpr>(S))
        Ok = false;
      if (const auto *U = dyn_cast<UnaryOperator>(S);
          U && (U->getOpcode() == UO_Deref || U->isIncrementDecrementOp()))
        Ok = false;
      if (const auto *M = dyn_cast<MemberExpr>(S); M && M->isArrow())
        Ok = false;
      if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
        const auto *V = dyn_cast<VarDecl>(D->getDecl());
        const QualType T = V ? V->getType().getNonReferenceType() : QualType();
        if (V && (V == R.Counter || R.Written.count(V) || R.Locals.count(V)))
          Ok = false;
        // Floats another name may reach, which a store of the loop could change (integers and
        // pointers it cannot: the stores are of floats).
        if (V && R.changesElsewhere(V) && (T->isRealFloatingType() || T->isRecordType()))
          Ok = false;
      }
      if (const auto *X = dyn_cast<Expr>(S); X && isa<BinaryOperator, UnaryOperator, CallExpr>(X)) {
        if (R.OpOf(X))
          Ops.push_back(X);
        else if (isa<CallExpr>(X))
          Ok = false;
      }
      return Ok;
    }
  } W(*this);
  W.TraverseStmt(const_cast<Expr *>(E));
  if (!W.Ok || E->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return false;
  if (Ops)
    *Ops = std::move(W.Ops);
  return true;
}

std::optional<int> ProgramReader::param(const Expr *E) {
  std::vector<const Expr *> Ops;
  if (!computedOnce(E, &Ops)) {
    struct Uses : RecursiveASTVisitor<Uses> {
      const VarDecl *Counter;
      bool Found = false;
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        Found |= D->getDecl() == Counter;
        return true;
      }
    } U;
    U.Counter = Counter;
    U.TraverseStmt(const_cast<Expr *>(E));
    return none(U.Found ? "the loop uses its counter other than in an element's index"
                        : "a value of the loop is neither an element, a float operation nor a "
                          "value the loop leaves unchanged");
  }
  // An arm's value is computed whatever the condition: a constant or a variable is safe then.
  if (ArmDepth > 0 && !E->isEvaluatable(Ctx) && !isa<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return none("an arm of a conditional expression computes a value other than a constant, a "
                "variable or a value of the iteration");
  for (const Expr *Op : Ops) {
    Members.insert(Op);
    Shape.InvariantOps.push_back(OpOf(Op)->Key);
  }
  return pushParam(E);
}

std::optional<int> ProgramReader::pushParam(const Expr *E) {
  std::optional<Span> S = spanOf(E);
  if (!S)
    return std::nullopt;
  Shape.Params.push_back(*S);
  ProgramOp Op;
  Op.Kind = ProgramOp::Param;
  Op.A = static_cast<int>(Shape.Params.size() - 1);
  return push(Op);
}

std::optional<int> ProgramReader::operation(const Expr *E, ProgramOp::Arithmetic Arith, int Left,
                                            int Right) {
  if (ArmDepth > 0)
    return none("an arm of a conditional expression computes an operation (a program computes it "
                "whatever the condition)");
  const Operation *Rec = OpOf(E);
  if (!Rec)
    return none(isa<CallExpr>(E) ? "the loop calls a function that is not a math operation of the rules"
                                 : "the loop computes something its operations do not");
  if (!Rec->SkipReason.empty())
    return none("an operation of the loop is left as written: " + Rec->SkipReason);
  if (!Rec->Shape || Rec->Shape->Generic || Rec->Shape->Compute != FloatKind::Float ||
      Rec->Shape->FloatLhsDoubleCompute)
    return none("an operation of the loop does not compute in float");
  Members.insert(E);
  ProgramOp Op;
  Op.Kind = ProgramOp::Operation;
  Op.Arith = Arith;
  Op.A = Left;
  Op.B = Right;
  Op.Op = Rec->Key;
  return push(Op);
}

std::optional<int> ProgramReader::value(const Expr *E) {
  E = E->IgnoreParens();
  if (!isFloat(E->getType()))
    return none("the loop computes in another type than float");
  // A constant, or a value the loop does not change and the program cannot compute (it computes
  // in float only), is computed once before the loop (kept operations give the same value every
  // iteration; decide/ runs no program where one is a site).
  if ((E->isEvaluatable(Ctx) || computesInOtherTypes(E)) && computedOnce(E, nullptr))
    return param(E);
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
      return value(C->getSubExpr());
    case CK_IntegralToFloating:
      return param(E);
    default:
      return none("the loop computes in another floating type than float");
    }
  }
  if (isa<FloatingLiteral>(E) || isNegatedLiteral(E))
    return param(E);
  if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (V && Locals.count(V))
      return Locals[V];
    // A variable the loop writes, or one a store of the loop may reach, is read every iteration.
    if (V && (Written.count(V) || changesElsewhere(V))) {
      std::optional<int> Cell = cell(D);
      return Cell ? load(*Cell) : std::nullopt;
    }
    if (!V)
      return none("a value of the loop is neither an element, a float operation nor a value the "
                  "loop leaves unchanged");
    return param(E);
  }
  if (isa<ArraySubscriptExpr>(E) || isa<CXXOperatorCallExpr>(E))
    return load(E);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref)
      return load(E);
    if (U->getOpcode() == UO_Plus)
      return value(U->getSubExpr());
    if (U->getOpcode() == UO_Minus) {
      std::optional<int> R = value(U->getSubExpr());
      return R ? operation(E, ProgramOp::Neg, *R, -1) : std::nullopt;
    }
    return none("the loop steps a float");
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    static const std::map<BinaryOperatorKind, ProgramOp::Arithmetic> Ops = {
        {BO_Add, ProgramOp::Add}, {BO_Sub, ProgramOp::Sub}, {BO_Mul, ProgramOp::Mul}, {BO_Div, ProgramOp::Div}};
    auto It = Ops.find(B->getOpcode());
    if (It == Ops.end())
      return none("the loop uses a float operator other than + - * /");
    std::optional<int> L = value(B->getLHS());
    std::optional<int> R = L ? value(B->getRHS()) : std::nullopt;
    return R ? operation(E, It->second, *L, *R) : std::nullopt;
  }
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    // Called through a pointer to it: a C function of one float, not an overload set.
    const FunctionDecl *F = C->getDirectCallee();
    const auto *Callee = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts());
    if (!F || !Callee || !F->isExternC() || F->getNumParams() != 1 || C->getNumArgs() != 1 ||
        !isFloat(F->getParamDecl(0)->getType()) || !isFloat(F->getReturnType()))
      return none("the loop calls a function that is not a C math function of one float");
    std::optional<int> Arg = value(C->getArg(0));
    if (!Arg)
      return std::nullopt;
    std::optional<int> R = operation(E, ProgramOp::Call, *Arg, -1);
    if (R)
      Shape.Ops.back().Function = F->getName().str();
    return R;
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return conditional(C);
  return none("the loop computes something other than float arithmetic on elements");
}

std::optional<int> ProgramReader::conditional(const ConditionalOperator *C) {
  bool Negated = false;
  std::optional<int> Mask = condition(C->getCond(), Negated);
  if (!Mask)
    return std::nullopt;
  ++ArmDepth;
  std::optional<int> True = value(C->getTrueExpr());
  std::optional<int> False = True ? value(C->getFalseExpr()) : std::nullopt;
  --ArmDepth;
  if (!False)
    return std::nullopt;
  ProgramOp Op;
  Op.Kind = ProgramOp::Select;
  Op.A = *Mask;
  Op.B = Negated ? *False : *True;
  Op.C = Negated ? *True : *False;
  return push(Op);
}

std::optional<int> ProgramReader::condition(const Expr *Cond, bool &Negated) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B || !B->isComparisonOp())
    return none("a condition of the loop is not one comparison");
  const Expr *Left = B->getLHS(), *Right = B->getRHS(); // converted to the type compared in
  const bool Floats = isFloat(Left->getType()) && isFloat(Right->getType());
  if (!Floats && !(keepsItsValue(Left, Ctx) && keepsItsValue(Right, Ctx)))
    return none("a condition of the loop compares other than two floats or two integers of one "
                "signedness");
  // a > b is b < a, a >= b is b <= a (both false where either is NaN, as in C); a != b is the
  // negation of a == b, also for NaN.
  const BinaryOperatorKind K = B->getOpcode();
  const bool Swap = K == BO_GT || K == BO_GE;
  Negated = K == BO_NE;
  // The operands in the order the loop writes them. Integers compare as floats: the counter's
  // values are exact (the call checks), and an integer beyond float's exact range stays beyond
  // them; two values the loop leaves unchanged could round to one float.
  bool LeftCounter = false, RightCounter = false;
  std::optional<int> L = Floats ? value(Left) : integer(Left, LeftCounter);
  std::optional<int> R = !L ? std::nullopt : Floats ? value(Right) : integer(Right, RightCounter);
  if (!R)
    return std::nullopt;
  if (!Floats && !LeftCounter && !RightCounter)
    return none("a condition of the loop compares two integers, neither of them its counter");
  ProgramOp Op;
  Op.Kind = ProgramOp::Compare;
  Op.Pred = K == BO_LT || K == BO_GT   ? ProgramOp::Less
            : K == BO_LE || K == BO_GE ? ProgramOp::LessEqual
                                       : ProgramOp::Equal;
  Op.A = Swap ? *R : *L;
  Op.B = Swap ? *L : *R;
  return push(Op);
}

std::optional<int> ProgramReader::integer(const Expr *E, bool &IsCounter) {
  const Expr *X = E->IgnoreParenImpCasts();
  const auto *D = dyn_cast<DeclRefExpr>(X);
  IsCounter = D && D->getDecl() == Counter;
  return IsCounter ? counterValue() : param(X);
}

std::optional<int> ProgramReader::counterValue() {
  if (CounterRegister >= 0)
    return CounterRegister;
  // The first value as written is the counter's: its type converts to the counter's keeping every
  // value, or it is a constant the counter's type holds.
  const Expr *L = Counted.Lower->IgnoreParenImpCasts();
  const QualType From = L->getType(), To = Counter->getType();
  const bool Signed = From->isSignedIntegerType(), ToSigned = To->isSignedIntegerType();
  const unsigned FromWidth = Ctx.getIntWidth(From), ToWidth = Ctx.getIntWidth(To);
  Expr::EvalResult R;
  const bool Keeps = From->isIntegerType() && ((Signed == ToSigned && FromWidth <= ToWidth) ||
                                               (!Signed && ToSigned && FromWidth < ToWidth));
  const bool Fits = L->EvaluateAsInt(R, Ctx) && (ToSigned ? R.Val.getInt().isSignedIntN(ToWidth)
                                                          : R.Val.getInt().isNonNegative() &&
                                                                R.Val.getInt().getActiveBits() <= ToWidth);
  if (!Keeps && !Fits)
    return none("the counter's first value is of a type that converts to the counter's with "
                "another value");
  std::optional<int> First = pushParam(Counted.Lower);
  if (!First)
    return std::nullopt;
  ProgramOp Count;
  Count.Kind = ProgramOp::Counter;
  Count.A = *First;
  return CounterRegister = push(Count);
}

} // namespace autoscale::find::programs
