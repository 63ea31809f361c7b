//===- ReportValues.cpp - arithmetic that only reports: timers and printed values -===//
#include "find/operations/ReportValues.h"

#include "find/Context.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <vector>

using namespace clang;

namespace autoscale::find {
namespace {

bool isOutputCall(const CallExpr &C) {
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(&C))
    return Op->getOperator() == OO_LessLess && Op->getNumArgs() == 2 &&
           Op->getArg(0)->getType().getAsString().find("basic_ostream") != std::string::npos;
  const FunctionDecl *FD = C.getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  static const char *const Names[] = {"printf", "fprintf", "sprintf", "snprintf", "dprintf"};
  return llvm::is_contained(Names, FD->getName());
}

bool isTimerCall(const Expr *E) {
  const auto *C = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier() || C->getNumArgs() != 0 || !C->getType()->isRealFloatingType())
    return false;
  std::string Name = FD->getName().lower();
  return Name.find("time") != std::string::npos || Name.find("clock") != std::string::npos ||
         Name.find("second") != std::string::npos;
}

/// The float arithmetic (operators, negations, calls returning floats) and the values given to float
/// locals.
struct Walk : RecursiveASTVisitor<Walk> {
  std::vector<const Expr *> Ops;
  std::map<const VarDecl *, std::vector<const Expr *>> Values;
  std::vector<const CallExpr *> Outputs;
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign) {
      if (const VarDecl *V = floatLocalOf(B->getLHS()))
        Values[V].push_back(B->getRHS());
    } else if (B->getType()->isRealFloatingType() && !B->isComparisonOp() && !B->isLogicalOp() &&
               B->getOpcode() != BO_Comma) {
      Ops.push_back(B);
      if (B->isCompoundAssignmentOp())
        if (const VarDecl *V = floatLocalOf(B->getLHS()))
          Values[V].push_back(B);
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Minus && U->getType()->isRealFloatingType())
      Ops.push_back(U);
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasLocalStorage() && V->getType()->isRealFloatingType() && V->getInit())
      Values[V].push_back(V->getInit());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (isOutputCall(*C))
      Outputs.push_back(C);
    else if (C->getType()->isRealFloatingType())
      Ops.push_back(C);
    return true;
  }
};

/// Which expressions read a timer (a timer call, or a local in Timers), each subtree looked at
/// once: the operators of a long sum ask about their operands, each the sum so far.
class TimerReads {
public:
  explicit TimerReads(const std::set<const VarDecl *> &Timers) : Timers(Timers) {}
  bool operator()(const Expr *E) {
    Reads R(Timers, Known);
    R.TraverseStmt(const_cast<Expr *>(E));
    return R.Found;
  }

private:
  struct Reads : RecursiveASTVisitor<Reads> {
    const std::set<const VarDecl *> &Timers;
    std::map<const Expr *, bool> &Known;
    bool Found = false;
    Reads(const std::set<const VarDecl *> &Timers, std::map<const Expr *, bool> &Known)
        : Timers(Timers), Known(Known) {}
    // Found is false on the way in (the walk stops once it is set), so what it is on the way out
    // is whether S reads a timer.
    bool TraverseStmt(Stmt *S) {
      const auto *X = dyn_cast_or_null<Expr>(S);
      if (!X)
        return RecursiveASTVisitor::TraverseStmt(S);
      if (auto It = Known.find(X); It != Known.end()) {
        Found = It->second;
        return !Found;
      }
      bool Go = RecursiveASTVisitor::TraverseStmt(S);
      Known[X] = Found;
      return Go;
    }
    bool VisitExpr(Expr *X) {
      if (isTimerCall(X))
        Found = true;
      if (const VarDecl *V = floatLocalOf(X); V && isa<DeclRefExpr>(X) && Timers.count(V))
        Found = true;
      return !Found;
    }
  };
  const std::set<const VarDecl *> &Timers;
  std::map<const Expr *, bool> Known;
};

/// The float ops within E (E itself included).
void opsWithin(const Expr *E, const std::set<const Expr *> &Ops, std::set<const Expr *> &Out) {
  struct Collect : RecursiveASTVisitor<Collect> {
    const std::set<const Expr *> &Ops;
    std::set<const Expr *> &Out;
    Collect(const std::set<const Expr *> &Ops, std::set<const Expr *> &Out) : Ops(Ops), Out(Out) {}
    bool VisitExpr(Expr *X) {
      if (Ops.count(X))
        Out.insert(X);
      return true;
    }
  } C(Ops, Out);
  C.TraverseStmt(const_cast<Expr *>(E));
}

} // namespace

std::set<const Expr *> reportOps(const FunctionDecl &FD) {
  std::set<const Expr *> Out;
  if (!FD.getBody())
    return Out;
  Walk W;
  W.TraverseStmt(FD.getBody());
  std::set<const Expr *> Ops(W.Ops.begin(), W.Ops.end());
  // Arithmetic written inside what an output call prints (its arguments after a stream or format).
  for (const CallExpr *C : W.Outputs)
    for (unsigned I = isa<CXXOperatorCallExpr>(C) ? 1 : 0; I < C->getNumArgs(); ++I)
      opsWithin(C->getArg(I), Ops, Out);
  // Timer locals: every value given to them reads a timer (t0 = omp_get_wtime(), dt = t1 - t0).
  std::set<const VarDecl *> Timers;
  for (bool Grew = true; Grew;) {
    Grew = false;
    TimerReads ReadsTimer(Timers);
    for (const auto &[V, Given] : W.Values)
      if (!Timers.count(V) && llvm::all_of(Given, [&](const Expr *E) { return ReadsTimer(E); })) {
        Timers.insert(V);
        Grew = true;
        break; // what is known was of the timers before this one
      }
  }
  TimerReads ReadsTimer(Timers);
  for (const Expr *E : W.Ops) {
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (B && (ReadsTimer(B->getLHS()) || ReadsTimer(B->getRHS())))
      Out.insert(E);
  }
  return Out;
}

} // namespace autoscale::find
