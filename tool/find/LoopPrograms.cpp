//===- LoopPrograms.cpp - innermost loops of straight-line float arithmetic --===//
#include "find/LoopPrograms.h"

#include "find/CountedLoops.h"
#include "find/GemmNests.h"
#include "find/OperationFinder.h"
#include "find/Reductions.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <map>

using namespace clang;

namespace autoscale {

bool sameLoopProgram(const LoopProgramShape *A, const LoopProgramShape *B) {
  return A == B || (A && B && *A == *B);
}

namespace find {
namespace {

bool isFloat(QualType T) {
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  return BT && BT->getKind() == BuiltinType::Float;
}

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

bool sameAffine(const gemm::Affine &X, const gemm::Affine &Y) {
  return X.Coeff == Y.Coeff && X.Const == Y.Const;
}

class ProgramReader {
public:
  ProgramReader(const ForStmt &For, const PrivateLocals &Private, ASTContext &Ctx,
                const FileRanges &Ranges, const OperationOf &OpOf, std::set<const Expr *> &Members)
      : For(For), Ctx(Ctx), SM(Ctx.getSourceManager()), Ranges(Ranges), OpOf(OpOf),
        Members(Members), A(Ctx), Reader(Ctx, A, Sc), Private(Private) {}

  std::shared_ptr<LoopProgramShape> run(std::string &WhyOut) {
    bool Ok = header() && body() && spans();
    WhyOut = Why;
    return Ok ? std::make_shared<LoopProgramShape>(Shape) : nullptr;
  }

private:
  bool fail(const std::string &Reason) {
    if (Why.empty())
      Why = Reason;
    return false;
  }
  std::optional<int> none(const std::string &Reason) {
    fail(Reason);
    return std::nullopt;
  }
  std::optional<Span> spanOf(const Expr *E) {
    std::string W;
    std::optional<FileSpan> S = Ranges.span(E->getSourceRange(), W);
    if (!S || S->File != File) {
      fail("a piece of the loop is written in a macro");
      return std::nullopt;
    }
    return Span{S->Begin, S->End};
  }
  int push(ProgramOp Op) {
    if (Op.Kind != ProgramOp::Store)
      Op.Dst = Shape.Registers++;
    Shape.Ops.push_back(std::move(Op));
    return Shape.Ops.back().Dst;
  }

  bool header();
  bool body();
  bool statement(const Stmt *S);
  bool spans();
  std::optional<int> value(const Expr *E);
  std::optional<int> element(const Expr *E);
  /// The array of a variable declared outside the loop that the loop writes, or that a store of
  /// the loop may reach under another name: one cell, stride 0.
  std::optional<int> cell(const DeclRefExpr *D);
  /// Whether other names may reach V's storage (it is no private local: a global, a reference, a
  /// local whose address escapes): where the loop stores, reading V once before it could miss a
  /// store.
  bool shared(const VarDecl *V) const { return !Private.contains(V); }
  /// Whether a store may change V's value under another name (a const reference may name
  /// storage others write; a const object none may).
  bool changesElsewhere(const VarDecl *V) const {
    return shared(V) && (V->getType()->isReferenceType() || !V->getType().isConstQualified());
  }
  std::optional<int> load(const Expr *E);
  std::optional<int> load(int Array);
  std::optional<int> param(const Expr *E);
  /// A Param op of E as written, which the call evaluates once before the loop.
  std::optional<int> pushParam(const Expr *E);
  /// Whether E is a value the call may compute once before the loop; Ops gets its operations.
  bool computedOnce(const Expr *E, std::vector<const Expr *> *Ops);
  std::optional<int> operation(const Expr *E, ProgramOp::Arithmetic Arith, int Left, int Right);
  std::optional<int> conditional(const ConditionalOperator *C);
  /// The register holding 1 where Cond holds (or, Negated, where it does not), else 0.
  std::optional<int> condition(const Expr *Cond, bool &Negated);
  /// An integer a condition compares, as a float: the counter, or a value the loop leaves
  /// unchanged.
  std::optional<int> integer(const Expr *E, bool &IsCounter);
  std::optional<int> counterValue();
  bool assign(const Expr *Target, int Value);

  const ForStmt &For;
  ASTContext &Ctx;
  const SourceManager &SM;
  const FileRanges &Ranges;
  const OperationOf &OpOf;
  std::set<const Expr *> &Members;
  gemm::Atoms A;
  gemm::Scope Sc;
  gemm::AffineReader Reader;
  std::string Why;

  FileID File;
  const VarDecl *Counter = nullptr;
  const Expr *Lower = nullptr, *Upper = nullptr;
  std::set<const VarDecl *> Written;
  std::map<const VarDecl *, int> Locals;       ///< the body's float locals: their registers
  /// Per array of the shape: its access, or none for a cell (Cells).
  std::vector<std::optional<gemm::Access>> Accesses;
  /// Variables declared outside the loop that it writes (a sum, a running value), or that other
  /// names may reach: the call reads and writes each through its address, as an array of stride
  /// 0, whose value the runtime carries from one iteration to the next in order.
  std::map<const VarDecl *, int> Cells;
  std::set<int> PrivateCells; ///< cells of locals no other name reaches
  const PrivateLocals &Private;
  std::vector<const Expr *> ArrayExprs;        ///< per array: the first element expression
  std::map<int, int> Stored;                   ///< array -> the register last stored to it
  /// Inside an arm of a conditional expression, which C evaluates only where the condition picks
  /// it and a program evaluates always: no operation, no element the loop does not read anyway.
  int ArmDepth = 0;
  std::set<int> ReadOutsideArms; ///< arrays whose element the iteration reads unconditionally
  int CounterRegister = -1;      ///< the counter's value, once a comparison reads it
  LoopProgramShape Shape;
};

bool ProgramReader::header() {
  std::string W;
  std::optional<FileID> F = loopFile(For, Ctx, W);
  std::optional<CountedLoop> L = F ? countedLoop(For, Ctx, W) : std::nullopt;
  if (!L)
    return fail(W);
  File = *F;
  Counter = L->Counter;
  Lower = L->Lower;
  Upper = L->Upper;
  Shape.Inclusive = L->Inclusive;
  Written = VarUses::of(For.getBody()).Written;
  if (Written.count(Counter))
    return fail("the loop's body writes its counter");
  // Elements are read at addresses of the counter and of what the loop leaves unchanged; the
  // body's locals are values, never part of an address (the call computes addresses before it).
  Sc.Loop = {Counter};
  Sc.ReadThrough = [](const VarDecl *) { return false; };
  // An array's address does not change when its elements are written.
  Sc.Invariant = [this](const VarDecl *V) {
    return V != Counter && (!Written.count(V) || V->getType()->isArrayType());
  };
  Sc.Region = &For; // a container read through data() before it must stay where it is
  for (const Expr *Bound : {Lower, Upper})
    if (!Bound->IgnoreParenImpCasts()->getType()->isIntegerType() || !Reader.isInvariant(Bound))
      return fail("a bound of the loop is not an integer fixed while it runs");
  Shape.LowerZero = gemm::isZeroLiteral(Lower);
  return true;
}

bool ProgramReader::body() {
  const Stmt *B = For.getBody();
  if (const auto *CS = dyn_cast<CompoundStmt>(B)) {
    for (const Stmt *S : CS->body())
      if (!statement(S))
        return false;
    return true;
  }
  return statement(B);
}

bool ProgramReader::statement(const Stmt *S) {
  if (isa<NullStmt>(S))
    return true;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !isFloat(V->getType()) || !V->hasLocalStorage() || !V->getInit() ||
          V->getType().isVolatileQualified())
        return fail("the loop declares something other than float locals with a value");
      std::optional<int> R = value(V->getInit());
      if (!R)
        return false;
      Locals[V] = *R;
    }
    return true;
  }
  const auto *E = dyn_cast<Expr>(S);
  const auto *B = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  if (!B || !B->isAssignmentOp() || !isFloat(B->getLHS()->getType()))
    return fail("a statement of the loop is not an assignment of a float");
  if (B->getOpcode() == BO_Assign) {
    std::optional<int> R = value(B->getRHS());
    return R && assign(B->getLHS(), *R);
  }
  static const std::map<BinaryOperatorKind, ProgramOp::Arithmetic> Compound = {
      {BO_AddAssign, ProgramOp::Add},
      {BO_SubAssign, ProgramOp::Sub},
      {BO_MulAssign, ProgramOp::Mul},
      {BO_DivAssign, ProgramOp::Div}};
  auto It = Compound.find(B->getOpcode());
  const auto *CA = dyn_cast<CompoundAssignOperator>(B);
  if (It == Compound.end() || !CA || !isFloat(CA->getComputationResultType()) ||
      !isFloat(CA->getComputationLHSType()))
    return fail("a compound assignment of the loop does not compute in float");
  std::optional<int> Old = value(B->getLHS());
  std::optional<int> R = Old ? value(B->getRHS()) : std::nullopt;
  std::optional<int> New = R ? operation(B, It->second, *Old, *R) : std::nullopt;
  return New && assign(B->getLHS(), *New);
}

bool ProgramReader::assign(const Expr *Target, int Value) {
  const Expr *T = Target->IgnoreParens();
  std::optional<int> Array;
  if (const auto *D = dyn_cast<DeclRefExpr>(T)) {
    const auto *V = dyn_cast<VarDecl>(D->getDecl());
    if (V && Locals.count(V)) {
      Locals[V] = Value;
      return true;
    }
    Array = cell(D);
  } else if (T->getType().isVolatileQualified()) {
    return fail("the loop stores to a volatile element");
  } else {
    Array = element(T);
  }
  if (!Array)
    return false;
  ProgramOp Op;
  Op.Kind = ProgramOp::Store;
  Op.A = *Array;
  Op.B = Value;
  push(Op);
  // A value stored before is read from its register only while no store since may have reached
  // its storage under another name (y[i] then z[i] with z == y, a reference and its variable).
  for (auto It = Stored.begin(); It != Stored.end();)
    It = It->first == *Array || PrivateCells.count(It->first) || PrivateCells.count(*Array)
             ? std::next(It)
             : Stored.erase(It);
  Stored[*Array] = Value;
  return true;
}

std::optional<int> ProgramReader::element(const Expr *E) {
  if (hasSideEffects(E, Ctx)) // reading a container's element is none
    return none("an element's address has side effects");
  std::optional<gemm::Access> Acc = Reader.element(E);
  if (!Acc || !isFloat(Acc->Element))
    return none("an element is not a float at an address affine in the counter" +
                (Reader.Why.empty() ? std::string() : ": " + Reader.Why));
  for (size_t K = 0; K < Accesses.size(); ++K)
    if (Accesses[K] && Accesses[K]->Base == Acc->Base && sameAffine(Accesses[K]->Offset, Acc->Offset))
      return static_cast<int>(K);
  LoopElement L;
  std::string W;
  if (!loopElement(E, *Acc, Counter, A, Ranges, File, L, W))
    return none(W);
  Accesses.push_back(*Acc);
  Shape.Arrays.push_back(L);
  return static_cast<int>(Shape.Arrays.size() - 1);
}

std::optional<int> ProgramReader::cell(const DeclRefExpr *D) {
  const auto *V = dyn_cast<VarDecl>(D->getDecl());
  if (!V)
    return none("the loop writes something other than a variable or an element");
  if (auto It = Cells.find(V); It != Cells.end())
    return It->second;
  const QualType T = V->getType().getNonReferenceType();
  if (!isFloat(T) || T.isVolatileQualified() || V->getStorageClass() == SC_Register)
    return none("a variable declared outside the loop that the call reads through its address "
                "(the loop writes it, or other names may reach it) is not a float, or volatile "
                "or register");
  std::optional<Span> S = spanOf(D);
  if (!S)
    return std::nullopt;
  LoopElement L;
  L.Where = *S; // the address is &V; the stride, no term, is 0
  Accesses.push_back(std::nullopt);
  Shape.Arrays.push_back(L);
  const int Array = static_cast<int>(Shape.Arrays.size() - 1);
  if (!shared(V))
    PrivateCells.insert(Array);
  return Cells[V] = Array;
}

std::optional<int> ProgramReader::load(const Expr *E) {
  if (E->getType().isVolatileQualified())
    return none("the loop reads a volatile element");
  std::optional<int> Array = element(E);
  return Array ? load(*Array) : std::nullopt;
}

std::optional<int> ProgramReader::load(int Array) {
  if (auto It = Stored.find(Array); It != Stored.end())
    return It->second; // read after the store of the same iteration: the stored value
  // Reading a variable (a cell: no access) cannot fault, whatever the condition.
  if (Accesses[Array] && ArmDepth > 0 && !ReadOutsideArms.count(Array))
    return none("an arm of a conditional expression reads an element the loop does not read "
                "otherwise (a program reads it whatever the condition)");
  if (ArmDepth == 0)
    ReadOutsideArms.insert(Array);
  ProgramOp Op;
  Op.Kind = ProgramOp::Load;
  Op.A = Array;
  return push(Op);
}

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
  const Expr *L = Lower->IgnoreParenImpCasts();
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
  std::optional<int> First = pushParam(Lower);
  if (!First)
    return std::nullopt;
  ProgramOp Count;
  Count.Kind = ProgramOp::Counter;
  Count.A = *First;
  return CounterRegister = push(Count);
}

bool ProgramReader::spans() {
  std::optional<Span> Low = spanOf(Lower), Up = spanOf(Upper);
  if (!Low || !Up)
    return false;
  Shape.Lower = *Low;
  Shape.Upper = *Up;
  std::optional<Span> Text = loopText(For, Ctx, File);
  if (!Text)
    return fail("the loop is written in a macro");
  Shape.Loop = *Text;
  Shape.CallLine = SM.getLineNumber(File, Shape.Loop.Begin);
  if (Ranges.containsDirective(FileSpan{File, Shape.Loop.Begin, Shape.Loop.End}))
    return fail("a preprocessor directive is inside the loop");
  if (Members.empty())
    return fail("the loop has no float operation");
  return true;
}

} // namespace

std::shared_ptr<LoopProgramShape> findLoopProgram(const ForStmt &For, const FunctionDecl &FD,
                                                  const PrivateLocals &Private,
                                                  ASTContext &Ctx, const FileRanges &Ranges,
                                                  const OperationOf &Op,
                                                  std::set<const Expr *> &Members,
                                                  std::string &Why) {
  // The runtime's programs are host code; a template's pattern has no types yet.
  if (FD.isDependentContext() || FD.hasAttr<CUDAGlobalAttr>() || FD.hasAttr<CUDADeviceAttr>()) {
    Why = "the loop is in a template or device code";
    return nullptr;
  }
  return ProgramReader(For, Private, Ctx, Ranges, Op, Members).run(Why);
}

void OperationFinder::findLoopPrograms() {
  auto Recorded = [&](const Expr *E) -> const Operation * {
    auto It = IndexOf.find(E);
    return It == IndexOf.end() ? nullptr : &Found.Ops[It->second];
  };
  for (const auto &[Loop, Indices] : OpsInLoop) {
    const auto *For = dyn_cast<ForStmt>(Loop);
    const FunctionDecl *FD = FunctionOfLoop[Loop];
    const PrivateLocals *Private = privateLocalsOf(FD);
    if (!For || !Private)
      continue;
    std::set<const Expr *> Members;
    std::string Why;
    std::shared_ptr<LoopProgramShape> P = findLoopProgram(*For, *FD, *Private, Ctx, Ranges, Recorded, Members, Why);
    if (P && Members.size() != Indices.size()) {
      P.reset();
      Why = "an operation of the loop is not in its straight-line float arithmetic";
    }
    for (unsigned I : Indices) {
      Operation &Op = Found.Ops[I];
      if (P && Op.Shape)
        Op.Shape->Program = P;
      else
        Op.ProgramNote = Why;
    }
  }
}

} // namespace find
} // namespace autoscale
