//===- ControlValues.cpp - values that steer control flow stay as written -----===//
#include "find/operations/ControlValues.h"

#include "find/Context.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

using namespace clang;

namespace autoscale::find {
namespace {

/// The value of E where it is a constant (a literal, a constexpr), as a double.
std::optional<double> constantValue(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx))
    return std::nullopt;
  if (R.Val.isInt()) // (any width: an __int128 constant too)
    return R.Val.getInt().roundToDouble(R.Val.getInt().isSigned());
  if (!R.Val.isFloat())
    return std::nullopt;
  llvm::APFloat F = R.Val.getFloat();
  bool Lost = false;
  F.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &Lost);
  return F.convertToDouble();
}

/// Whether Cond compares with zero (`z > 0.0f`): rounding keeps a value's sign, so the test keeps
/// its truth (a ReLU's mask `z > 0 ? 1.0f : 0.0f`).
bool comparesWithZero(const Expr *Cond, const ASTContext &Ctx) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  return B && B->isComparisonOp() &&
         llvm::any_of(std::initializer_list<const Expr *>{B->getLHS(), B->getRHS()}, [&](const Expr *Side) {
           std::optional<double> V = constantValue(Side, Ctx);
           return V && *V == 0.0;
         });
}

/// Whether a `?:` picks one of two different constants (`x > t ? 1.0f : 0.0f`, a label, a mask,
/// a sign of a value less a threshold): its result jumps where the condition turns, so a rounded
/// comparison moves it by the constants' difference. A choice that reads a compared value (a
/// maximum, a ReLU) is data, and so is a test of a sign (comparesWithZero).
bool choosesConstants(const ConditionalOperator &C, const ASTContext &Ctx) {
  std::optional<double> True = constantValue(C.getTrueExpr(), Ctx);
  std::optional<double> False = constantValue(C.getFalseExpr(), Ctx);
  return True && False && *True != *False && !comparesWithZero(C.getCond(), Ctx);
}

/// Whether If sets one float to a constant in its then branch and to another in its else branch,
/// each its only statement (`if (s > 0) g = 1.0f; else g = -1.0f;`): an indicator, the `?:` between
/// constants written out. A branch that keeps a compared value, or another if (a clamp's chain),
/// can meet the other where the condition turns (a clip by norm, a Huber gradient, ReLU6).
bool setsConstants(const IfStmt &If, const ASTContext &Ctx) {
  const auto Assigned = [&](const Stmt *S) -> const BinaryOperator * {
    if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
      S = C->size() == 1 ? C->body_front() : nullptr;
    const auto *B = dyn_cast_or_null<BinaryOperator>(S);
    return B && B->getOpcode() == BO_Assign && B->getLHS()->getType()->isRealFloatingType() &&
                   constantValue(B->getRHS(), Ctx)
               ? B
               : nullptr;
  };
  const BinaryOperator *Then = Assigned(If.getThen()), *Else = Assigned(If.getElse());
  return Then && Else && sameExpr(Then->getLHS(), Else->getLHS(), Ctx) &&
         *constantValue(Then->getRHS(), Ctx) != *constantValue(Else->getRHS(), Ctx) &&
         !comparesWithZero(If.getCond(), Ctx);
}

/// Whether the branches of If do more than pick float values (`if (v > m) m = v;` is a maximum,
/// data like `?:`): they jump (break, continue, return, goto), loop, call a function of the
/// program, write an integer or a pointer or count (an index, a count: `if (x * x + y * y <= 1)
/// ++in;`, `if (v > best) { best = v; p = i; }`, `hits += 1.0`), which a rounded comparison
/// moves by whole units, or set a float to one constant or another (setsConstants).
bool branchesSteer(const IfStmt &If, const ASTContext &Ctx) {
  if (setsConstants(If, Ctx))
    return true;
  struct Walk : RecursiveASTVisitor<Walk> {
    bool Steers = false;
    static bool exact(const Expr *LV) {
      QualType T = LV->getType();
      return T->isIntegerType() || T->isPointerType();
    }

    bool VisitStmt(Stmt *S) {
      if (isa<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt>(S) || isLoop(S))
        Steers = true;
      if (const auto *Call = dyn_cast<CallExpr>(S); Call && Call->getBuiltinCallee() == 0)
        Steers = true;
      if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && (exact(B->getLHS()) || countsByConstant(*B)))
        Steers = true;
      if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp())
        Steers = true;
      return !Steers;
    }
  } W;
  W.TraverseStmt(const_cast<Stmt *>(If.getThen()));
  W.TraverseStmt(const_cast<Stmt *>(If.getElse()));
  return W.Steers;
}

constexpr const char *kCountPlace = "an integer (a count or an index) as a comparison's truth";
constexpr const char *kConversionPlace =
    "a conversion to an integer (an index, a count or a bound, which rounding moves by whole units)";

/// Whether Cast converts a float to an integer: an index, a bin, a count, a loop's bound or a
/// grid's size, which a rounded operand moves by whole units (`(int)(0.9999f * 15)` is 15 in fp16,
/// past a 15-bin histogram; `n = (int)(t * rate)` runs another number of iterations), wherever
/// the integer goes, through locals or memory.
bool isIntegerConversion(const CastExpr &Cast) {
  // In a template a cast of a dependent value to an integer type converts a float in some
  // instantiation.
  return Cast.getCastKind() == CK_FloatingToIntegral ||
         (Cast.getCastKind() == CK_Dependent && Cast.getType()->isIntegerType() &&
          Cast.getSubExpr()->isTypeDependent());
}

/// A call of a math function: a builtin or a function of a system header (CUDA's floorf and
/// __float2int_rn, std::floor) that takes and returns numbers only. It passes a value on as
/// arithmetic does (printf, which takes a string, does not).
bool isMathCall(const CallExpr &Call, const ASTContext &Ctx) {
  const FunctionDecl *F = Call.getDirectCallee();
  if (Call.getBuiltinCallee() == 0 && !(F && Ctx.getSourceManager().isInSystemHeader(F->getLocation())))
    return false;
  const auto Number = [](QualType T) { return T->isArithmeticType(); };
  return Number(Call.getType()) && llvm::all_of(Call.arguments(), [&](const Expr *A) { return Number(A->getType()); });
}

/// Whether Call is a library call that rounds a float to an integer (lrintf, llroundf, ilogbf,
/// CUDA's __float2int_rd and __float2uint_rn): a conversion as a cast is. A classification
/// (isnan) or a reinterpretation of the bits (__float_as_int) is none.
bool convertsToInteger(const CallExpr &Call, const ASTContext &Ctx) {
  static constexpr llvm::StringLiteral Rounding[] = {"lrint", "llrint", "lround", "llround", "ilogb",
                                                     "__float2", "__double2", "__half2int", "__half2uint"};
  const auto Rounds = [&](llvm::StringRef Name) {
    return llvm::any_of(Rounding, [&](llvm::StringRef P) { return Name.starts_with(P); });
  };
  // In a template, std::lrint(x) of a dependent x is a call no declaration resolves yet.
  if (const auto *U = dyn_cast_or_null<UnresolvedLookupExpr>(Call.getCallee()->IgnoreParenImpCasts()))
    return U->getName().isIdentifier() && Rounds(U->getName().getAsIdentifierInfo()->getName());
  const FunctionDecl *F = Call.getDirectCallee();
  return Call.getType()->isIntegerType() && isMathCall(Call, Ctx) && F && F->getIdentifier() && Rounds(F->getName());
}

/// Whether Child, a value whose type a template's parameter decides, is converted to an integer by
/// the initialisation or assignment S (`int bin = x[i] * inv;`): no cast is written, and none is
/// in the template's pattern.
bool dependentToInteger(const DynTypedNode &S, const Stmt *Child) {
  const auto *E = dyn_cast_or_null<Expr>(Child);
  if (!E || !E->isTypeDependent())
    return false;
  if (const auto *V = S.get<VarDecl>())
    return V->getType()->isIntegerType() && V->getInit() == E;
  const auto *B = S.get<BinaryOperator>();
  return B && B->getOpcode() == BO_Assign && B->getRHS() == E && B->getLHS()->getType()->isIntegerType();
}

/// What argument I of Call is to the function called: data, a parameter that steers there, or one
/// that is a periodic function's argument there.
using SteeringArgument = llvm::function_ref<ControlValues::Role(const CallExpr &Call, unsigned I)>;

constexpr const char *kPhasePlace =
    "the argument of a periodic function (sin, cos, tan: rounding moves a large phase by whole periods)";
constexpr const char *kPhaseParameterPlace =
    "a parameter that is the argument of a periodic function in the function it is passed to";

/// Whether Call is sin, cos, tan or sincos of the math library (float or double, CUDA's fast
/// intrinsics, std::'s): its first argument is a phase, whose absolute error the result keeps
/// however large it is (`sinf(2 * pi * f0 * t)` with t = i / fs; RoPE's `cosf(pos * freq)`).
bool isPeriodic(const CallExpr &Call, const ASTContext &Ctx) {
  static constexpr llvm::StringLiteral Names[] = {"sin", "cos", "tan", "sincos", "sinpi", "cospi", "sincospi"};
  llvm::StringRef Name;
  if (const auto *U = dyn_cast_or_null<UnresolvedLookupExpr>(Call.getCallee()->IgnoreParenImpCasts()))
    Name = U->getName().isIdentifier() ? U->getName().getAsIdentifierInfo()->getName() : "";
  else if (const FunctionDecl *F = Call.getDirectCallee();
           F && F->getIdentifier() && (Call.getBuiltinCallee() != 0 || Ctx.getSourceManager().isInSystemHeader(F->getLocation())))
    Name = F->getName();
  Name.consume_front("__");
  if (Name.ends_with("f") || Name.ends_with("l"))
    Name = Name.drop_back();
  return Call.getNumArgs() >= 1 && llvm::is_contained(Names, Name);
}

/// The index of Child among Call's arguments, if it is one.
std::optional<unsigned> argumentIndex(const CallExpr &Call, const Stmt *Child) {
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    if (Call.getArg(I) == Child)
      return I;
  return std::nullopt;
}

/// What the control place holding Child (a child of S) decides, or null when Child is none. A
/// conditional expression, and an if whose branches only pick values, are data.
const char *controlPlace(const Stmt *S, const Stmt *Child, const ASTContext &Ctx, SteeringArgument Steers) {
  if (const auto *If = dyn_cast<IfStmt>(S); If && Child == If->getCond() && branchesSteer(*If, Ctx))
    return "a branch's condition";
  if (const auto *C = dyn_cast<ConditionalOperator>(S); C && Child == C->getCond() && choosesConstants(*C, Ctx))
    return "the condition of a choice between constants";
  if (const auto *W = dyn_cast<WhileStmt>(S); W && Child == W->getCond())
    return "a loop's condition";
  if (const auto *D = dyn_cast<DoStmt>(S); D && Child == D->getCond())
    return "a loop's condition";
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    if (Child == F->getCond())
      return "a loop's condition";
    if (Child == F->getInc())
      return "a loop's increment";
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S); Sw && Child == Sw->getCond())
    return "a switch's condition";
  const auto *Call = dyn_cast<CallExpr>(S);
  if (const auto *Cast = dyn_cast<CastExpr>(S); (Cast && isIntegerConversion(*Cast)) || (Call && convertsToInteger(*Call, Ctx)))
    return kConversionPlace;
  if (std::optional<unsigned> I = Call ? argumentIndex(*Call, Child) : std::nullopt) {
    if (*I == 0 && isPeriodic(*Call, Ctx))
      return kPhasePlace;
    if (ControlValues::Role R = Steers(*Call, *I); R != ControlValues::Role::Data)
      return R == ControlValues::Role::Steering ? "a parameter that steers control flow in the function it is passed to"
                                                : kPhaseParameterPlace;
  }
  return nullptr;
}

/// Whether Child, a comparison's truth or a value chosen by one, is stored to or added into an
/// integer by S (a parent statement or declaration): a count (`in += x * x + y * y <= 1;`,
/// `n += c ? 1 : 0`, `int neg = x < 0;`).
bool countedTruth(const DynTypedNode &S, const Stmt *Child) {
  if (const auto *V = S.get<VarDecl>())
    return V->getInit() == Child && V->getType()->isIntegerType();
  const auto *B = S.get<BinaryOperator>();
  return B && B->isAssignmentOp() && B->getRHS() == Child && B->getLHS()->getType()->isIntegerType();
}

/// Whether a value passes from Child to its parent S unchanged in purpose: arithmetic,
/// comparisons, logic, parentheses, conversions and the math library's calls.
bool carriesValue(const Stmt *S, const ASTContext &Ctx) {
  if (const auto *Call = dyn_cast<CallExpr>(S))
    return isMathCall(*Call, Ctx);
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma;
  return isa<UnaryOperator, ParenExpr, CastExpr, AbstractConditionalOperator>(S);
}

/// The control place E's value reaches through the expressions around it, or null; Top gets the
/// outermost expression that carries the value there.
const char *reachedPlace(const Expr *E, ASTContext &Ctx, SteeringArgument Steers, bool ResultSteers,
                         const Expr *&Top) {
  DynTypedNode N = DynTypedNode::create(*E);
  Top = E;
  bool Compared = false; // the value is a comparison's truth now
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (!Parents.empty() && dependentToInteger(Parents[0], N.get<Stmt>()))
      return kConversionPlace;
    if (Compared && !Parents.empty() && countedTruth(Parents[0], N.get<Stmt>()))
      return kCountPlace;
    const Stmt *S = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!S)
      return nullptr;
    if (const char *Place = controlPlace(S, N.get<Stmt>(), Ctx, Steers))
      return Place;
    if (ResultSteers && isa<ReturnStmt>(S))
      return "the function's result, which steers control flow where it is called";
    if (!carriesValue(S, Ctx))
      return nullptr;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isComparisonOp())
      Compared = true;
    N = Parents[0];
    Top = cast<Expr>(S);
  }
}

/// The float local E gives its new value to: E a compound assignment or ++/-- of it, or the value
/// it is initialised or assigned with (`v = E`: the operands of `v op= E` are data); or null.
const VarDecl *assignedLocal(const Expr *E, ASTContext &Ctx) {
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isCompoundAssignmentOp())
    return floatLocalOf(B->getLHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return floatLocalOf(U->getSubExpr());
  const BinaryOperator *Assign = nullptr;
  const VarDecl *V = receivingLocal(E, Ctx, &Assign);
  return Assign && Assign->isCompoundAssignmentOp() ? nullptr : V;
}

/// Collects the float locals read in control places (Out) and in phases (Phases).
struct SteeringReads : RecursiveASTVisitor<SteeringReads> {
  std::set<const VarDecl *> &Out, &Phases;
  /// Read in control places only as a comparison with zero (`if (nrm > 0.0f)`, a guard), and read
  /// otherwise there.
  std::set<const VarDecl *> SignTested, Valued;
  const ASTContext &Ctx;
  SteeringArgument Steers;
  bool ResultSteers;
  SteeringReads(std::set<const VarDecl *> &Out, std::set<const VarDecl *> &Phases, const ASTContext &Ctx,
                SteeringArgument Steers, bool ResultSteers)
      : Out(Out), Phases(Phases), Ctx(Ctx), Steers(Steers), ResultSteers(ResultSteers) {}
  static void readsIn(const Stmt *S, std::set<const VarDecl *> &Out) {
    struct Refs : RecursiveASTVisitor<Refs> {
      std::set<const VarDecl *> &Out;
      explicit Refs(std::set<const VarDecl *> &Out) : Out(Out) {}
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (isFloatLocal(D->getDecl()))
          Out.insert(cast<VarDecl>(D->getDecl()));
        return true;
      }
    } R(Out);
    if (S)
      R.TraverseStmt(const_cast<Stmt *>(S));
  }
  void readsIn(const Stmt *S) {
    readsIn(S, Out);
    readsIn(S, Valued);
  }
  /// A condition's reads, a float local compared with zero apart: rounding keeps a sign (short of
  /// a flush to zero), so what the local is computed from does not steer (`float v = tanhf(...);
  /// nrm += v * v;` of a guard `if (nrm > 0.0f)`), though the local itself does.
  void conditionReads(const Expr *Cond) {
    const auto *B = Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
    if (B && B->isLogicalOp())
      return conditionReads(B->getLHS()), conditionReads(B->getRHS());
    const auto Zero = [this](const Expr *E) {
      Expr::EvalResult R;
      return !E->isValueDependent() && E->EvaluateAsRValue(R, Ctx) &&
             ((R.Val.isFloat() && R.Val.getFloat().isZero()) || (R.Val.isInt() && R.Val.getInt() == 0));
    };
    if (B && B->isComparisonOp())
      for (auto [Side, Other] : {std::pair(B->getLHS(), B->getRHS()), std::pair(B->getRHS(), B->getLHS())})
        if (const VarDecl *V = floatLocalOf(Side); V && Zero(Other)) {
          Out.insert(V);
          SignTested.insert(V);
          return;
        }
    readsIn(Cond);
  }
  bool VisitIfStmt(IfStmt *S) {
    if (branchesSteer(*S, Ctx))
      conditionReads(S->getCond());
    return true;
  }
  bool VisitConditionalOperator(ConditionalOperator *C) {
    if (choosesConstants(*C, Ctx))
      conditionReads(C->getCond());
    return true;
  }
  bool VisitWhileStmt(WhileStmt *S) { return conditionReads(S->getCond()), true; }
  bool VisitDoStmt(DoStmt *S) { return conditionReads(S->getCond()), true; }
  bool VisitForStmt(ForStmt *S) { return conditionReads(S->getCond()), readsIn(S->getInc()), true; }
  bool VisitSwitchStmt(SwitchStmt *S) { return readsIn(S->getCond()), true; }
  bool VisitReturnStmt(ReturnStmt *S) {
    if (ResultSteers)
      readsIn(S->getRetValue());
    return true;
  }
  bool VisitCastExpr(CastExpr *C) {
    if (isIntegerConversion(*C))
      readsIn(C->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const bool Converts = convertsToInteger(*C, Ctx);
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const ControlValues::Role R = Steers(*C, I);
      if (Converts || R == ControlValues::Role::Steering)
        readsIn(C->getArg(I));
      else if ((I == 0 && isPeriodic(*C, Ctx)) || R == ControlValues::Role::Phase)
        readsIn(C->getArg(I), Phases);
    }
    return true;
  }
};

/// The float locals each float local's new values are computed from: its initialiser's, its
/// assignments' and its compound assignments' (`r2 += r * r`, `e = fabs(y5 - y4) / sc`, `md = d`),
/// and the condition's of an if that assigns it (`if (err <= 1) t += h;`).
struct Feeds : RecursiveASTVisitor<Feeds> {
  std::vector<std::pair<const VarDecl *, const VarDecl *>> ToFrom;
  /// The pairs where the first takes the second's value as it is (`md = d`, `float best = v`).
  std::set<std::pair<const VarDecl *, const VarDecl *>> Copies;
  bool VisitIfStmt(IfStmt *If) {
    struct Assigned : RecursiveASTVisitor<Assigned> {
      std::set<const VarDecl *> Locals;
      bool VisitBinaryOperator(BinaryOperator *B) {
        if (const VarDecl *V = B->isAssignmentOp() ? floatLocalOf(B->getLHS()) : nullptr)
          Locals.insert(V);
        return true;
      }
      bool VisitUnaryOperator(UnaryOperator *U) {
        if (const VarDecl *V = U->isIncrementDecrementOp() ? floatLocalOf(U->getSubExpr()) : nullptr)
          Locals.insert(V);
        return true;
      }
    } A;
    A.TraverseStmt(If->getThen());
    A.TraverseStmt(If->getElse());
    for (const VarDecl *V : A.Locals)
      feed(V, If->getCond());
    return true;
  }
  void feed(const VarDecl *To, const Expr *From) {
    struct Refs : RecursiveASTVisitor<Refs> {
      const VarDecl *To;
      std::vector<std::pair<const VarDecl *, const VarDecl *>> &Out;
      Refs(const VarDecl *To, std::vector<std::pair<const VarDecl *, const VarDecl *>> &Out) : To(To), Out(Out) {}
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (isFloatLocal(D->getDecl()) && D->getDecl() != To)
          Out.push_back({To, cast<VarDecl>(D->getDecl())});
        return true;
      }
    } R(To, ToFrom);
    if (To && From)
      R.TraverseStmt(const_cast<Expr *>(From));
  }
  void copy(const VarDecl *To, const Expr *From) {
    if (const VarDecl *Src = To && From ? floatLocalOf(From) : nullptr; Src && Src != To)
      Copies.insert({To, Src});
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      feed(floatLocalOf(B->getLHS()), B->getRHS());
    if (B->getOpcode() == BO_Assign)
      copy(floatLocalOf(B->getLHS()), B->getRHS());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (isFloatLocal(V)) {
      feed(V, V->getInit());
      copy(V, V->getInit());
    }
    return true;
  }
};

} // namespace

ControlValues::ControlValues(const FunctionDecl &FD, ASTContext &Ctx, unsigned Depth, bool ResultSteers)
    : Ctx(Ctx), Depth(Depth), ResultSteers(ResultSteers) {
  const Stmt *Body = FD.getBody();
  if (!Body)
    return;
  const auto Steers = [this](const CallExpr &Call, unsigned I) { return roleOfArgument(Call, I); };
  SteeringReads R(Steering.Vars, Phases.Vars, Ctx, Steers, ResultSteers);
  R.TraverseStmt(const_cast<Stmt *>(Body));
  // A local a steering local (or a phase's) takes as it is steers too: the maximum a test reads
  // (`if (d > md) md = d; ... if (md < tol) break;`) is one of the d. So does a local it is
  // computed from, one step back: a residual's terms decide whether its norm meets the tolerance
  // (`float r = f[i] - (2 * v[i] - v[i - 1] - v[i + 1]); r2 += r * r;` of `while (sqrtf(r2) >
  // tol)`: rounded, r2 stays at the format's noise and the loop never ends). Further back lies the
  // bulk of the work (an N-body step's forces behind the time step its largest acceleration sets; a
  // Monte Carlo integrand behind the standard error that stops it), whose rounding moves the test
  // by the format's relative error, which a tolerance absorbs, where a residual's cancellation does
  // not. Memory is not followed: the arrays a local reads are data.
  Feeds F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  const auto CloseOverCopies = [&F](Locals &L) {
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (auto [To, From] : F.Copies)
        if (L.Vars.count(To) && L.Vars.insert(From).second) {
          L.Feeding[From] = To;
          Grew = true;
        }
    }
  };
  for (Locals *L : {&Steering, &Phases}) {
    CloseOverCopies(*L);
    const std::set<const VarDecl *> Read = L->Vars;
    const auto SignOnly = [&](const VarDecl *V) { return L == &Steering && R.SignTested.count(V) && !R.Valued.count(V); };
    for (auto [To, From] : F.ToFrom)
      if (Read.count(To) && !SignOnly(To) && !Read.count(From) && L->Vars.insert(From).second)
        L->Feeding[From] = To;
    CloseOverCopies(*L);
  }
}

ControlValues::Role ControlValues::roleOfArgument(const CallExpr &Call, unsigned I) const {
  // A method's operator call counts its object as an argument; a parameter's index is another.
  const FunctionDecl *Callee = isa<CXXOperatorCallExpr>(Call) ? nullptr : Call.getDirectCallee();
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  if (!Def || Depth >= kCalleeDepth || I >= Def->getNumParams() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return Role::Data;
  std::unique_ptr<ControlValues> &Of = Callees[Def];
  if (!Of)
    Of = std::make_unique<ControlValues>(*Def, Ctx, Depth + 1);
  const ParmVarDecl *P = Def->getParamDecl(I);
  return Of->Steering.Vars.count(P) ? Role::Steering : Of->Phases.Vars.count(P) ? Role::Phase : Role::Data;
}

bool ControlValues::comparedWithConstant(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    const Stmt *S = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!S || !carriesValue(S, Ctx))
      return false;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isComparisonOp()) {
      const Expr *Other = B->getLHS()->IgnoreParenImpCasts() == N.get<Expr>()->IgnoreParenImpCasts() ? B->getRHS() : B->getLHS();
      return isCompileTimeConstant(Other, Ctx);
    }
    N = Parents[0];
  }
}

std::string ControlValues::reasonFor(const Expr *E) const {
  const Expr *Top = E;
  if (const char *Place = reachedPlace(E, Ctx, [this](const CallExpr &Call, unsigned I) { return roleOfArgument(Call, I); },
                                       ResultSteers, Top))
    return std::string(Place == kPhasePlace || Place == kPhaseParameterPlace ? "keeps a phase exact"
                                                                              : "steers control flow") +
           ": its value reaches " + Place;
  // The whole value a steering local is given (`float lum = wr * r + wg * g; bins[(int)(lum *
  // n)]`), as if written in its place; the operands of a sum into it (`v op= e`, `v = v + e`)
  // are data, its last operation aside.
  const VarDecl *V = assignedLocal(Top, Ctx);
  if (!V || (Top != E && refersTo(Top, V)))
    return "";
  const auto Chain = [V](const Locals &L) {
    std::string Text = "'" + V->getNameAsString() + "'";
    for (auto It = L.Feeding.find(V); It != L.Feeding.end(); It = L.Feeding.find(It->second))
      Text += " goes into '" + It->second->getNameAsString() + "', which";
    return Text;
  };
  if (Steering.Vars.count(V))
    return "steers control flow: " + Chain(Steering) +
           " is read by a condition, a loop's increment, a conversion to an integer or a function it steers in";
  if (Phases.Vars.count(V))
    return "keeps a phase exact: " + Chain(Phases) + " is read in " + kPhasePlace;
  return "";
}

} // namespace autoscale::find
