//===- ControlValues.cpp - values that steer control flow stay as written -----===//
#include "find/operations/ControlValues.h"

#include "find/Context.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace autoscale::find {
namespace {

/// Whether the branches of If do more than pick values (`if (v > m) m = v;` is a maximum, data like
/// `?:`): they jump (break, continue, return, goto), loop, or call a function of the program.
bool branchesSteer(const IfStmt &If) {
  struct Walk : RecursiveASTVisitor<Walk> {
    bool Steers = false;
    bool VisitStmt(Stmt *S) {
      if (isa<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt>(S) || isLoop(S))
        Steers = true;
      if (const auto *Call = dyn_cast<CallExpr>(S); Call && Call->getBuiltinCallee() == 0)
        Steers = true;
      return !Steers;
    }
  } W;
  W.TraverseStmt(const_cast<Stmt *>(If.getThen()));
  W.TraverseStmt(const_cast<Stmt *>(If.getElse()));
  return W.Steers;
}

bool usedAsIndex(const VarDecl &V, ASTContext &Ctx, int Hops);

/// Whether the integer value N reaches, through integer arithmetic and the integer locals it
/// initialises or is assigned to (Hops of them at most), the index of a subscript or an offset
/// added to a pointer.
bool selectsElement(DynTypedNode N, ASTContext &Ctx, int Hops) {
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return false;
    if (const auto *V = Parents[0].get<VarDecl>())
      return Hops > 0 && usedAsIndex(*V, Ctx, Hops - 1);
    const Stmt *S = Parents[0].get<Stmt>();
    if (!S)
      return false;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(S))
      return A->getIdx() == N.get<Stmt>();
    if (const auto *B = dyn_cast<BinaryOperator>(S)) {
      if (B->isAdditiveOp() && B->getType()->isPointerType())
        return true;
      if (B->getOpcode() == BO_Assign && B->getRHS() == N.get<Stmt>())
        if (const VarDecl *V = varOf(B->getLHS()))
          return Hops > 0 && usedAsIndex(*V, Ctx, Hops - 1);
      if (B->isAssignmentOp() || B->getOpcode() == BO_Comma || !B->getType()->isIntegerType())
        return false;
    } else if (!isa<ParenExpr, ImplicitCastExpr, UnaryOperator>(S)) {
      return false;
    }
    N = Parents[0];
  }
}

/// Whether a read of the integer local V selects an element (selectsElement).
bool usedAsIndex(const VarDecl &V, ASTContext &Ctx, int Hops) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(V.getParentFunctionOrMethod());
  if (!V.hasLocalStorage() || !V.getType()->isIntegerType() || !FD || !FD->getBody())
    return false;
  struct Reads : RecursiveASTVisitor<Reads> {
    const VarDecl &V;
    ASTContext &Ctx;
    int Hops;
    bool Found = false;
    Reads(const VarDecl &V, ASTContext &Ctx, int Hops) : V(V), Ctx(Ctx), Hops(Hops) {}
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      Found = D->getDecl() == &V && selectsElement(DynTypedNode::create(*D), Ctx, Hops);
      return !Found;
    }
  } R(V, Ctx, Hops);
  R.TraverseStmt(FD->getBody());
  return R.Found;
}

/// Whether Cast converts a float to an integer that selects an element, directly or through the
/// integer locals it is stored to (`int bin = (int)(z * 10); h[bin]++`). Other conversions (a
/// count returned, a rounded value printed) are data.
bool isIndexConversion(const CastExpr &Cast, ASTContext &Ctx) {
  constexpr int kLocalHops = 2;
  return Cast.getCastKind() == CK_FloatingToIntegral &&
         selectsElement(DynTypedNode::create(Cast), Ctx, kLocalHops);
}

/// What the control place holding Child (a child of S) decides, or null when Child is none. A
/// conditional expression, and an if whose branches only pick values, are data.
const char *controlPlace(const Stmt *S, const Stmt *Child, ASTContext &Ctx) {
  if (const auto *If = dyn_cast<IfStmt>(S); If && Child == If->getCond() && branchesSteer(*If))
    return "a branch's condition";
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
  if (const auto *Cast = dyn_cast<CastExpr>(S); Cast && isIndexConversion(*Cast, Ctx))
    return "an index (a float converted to an integer that selects an element)";
  return nullptr;
}

/// Whether a value passes from Child to its parent S unchanged in purpose: arithmetic,
/// comparisons, logic, parentheses, conversions and the math library's calls.
bool carriesValue(const Stmt *S) {
  if (const auto *Call = dyn_cast<CallExpr>(S))
    return Call->getBuiltinCallee() != 0;
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma;
  return isa<UnaryOperator, ParenExpr, CastExpr, AbstractConditionalOperator>(S);
}

/// The control place E's value reaches through the expressions around it, or null.
const char *reachedPlace(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    const Stmt *S = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!S)
      return nullptr;
    if (const char *Place = controlPlace(S, N.get<Stmt>(), Ctx))
      return Place;
    if (!carriesValue(S))
      return nullptr;
    N = Parents[0];
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

/// Collects the float locals read in control places.
struct SteeringReads : RecursiveASTVisitor<SteeringReads> {
  std::set<const VarDecl *> &Out;
  ASTContext &Ctx;
  SteeringReads(std::set<const VarDecl *> &Out, ASTContext &Ctx) : Out(Out), Ctx(Ctx) {}
  void readsIn(const Stmt *S) {
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
  bool VisitIfStmt(IfStmt *S) {
    if (branchesSteer(*S))
      readsIn(S->getCond());
    return true;
  }
  bool VisitWhileStmt(WhileStmt *S) { return readsIn(S->getCond()), true; }
  bool VisitDoStmt(DoStmt *S) { return readsIn(S->getCond()), true; }
  bool VisitForStmt(ForStmt *S) { return readsIn(S->getCond()), readsIn(S->getInc()), true; }
  bool VisitSwitchStmt(SwitchStmt *S) { return readsIn(S->getCond()), true; }
  bool VisitCastExpr(CastExpr *C) {
    if (isIndexConversion(*C, Ctx))
      readsIn(C->getSubExpr());
    return true;
  }
};

} // namespace

ControlValues::ControlValues(const FunctionDecl &FD, ASTContext &Ctx) : Ctx(Ctx) {
  SteeringReads R(Steering, Ctx);
  if (const Stmt *Body = FD.getBody())
    R.TraverseStmt(const_cast<Stmt *>(Body));
}

std::string ControlValues::reasonFor(const Expr *E) const {
  if (const char *Place = reachedPlace(E, Ctx))
    return std::string("steers control flow: its value reaches ") + Place;
  if (const VarDecl *V = assignedLocal(E, Ctx); V && Steering.count(V))
    return "steers control flow: '" + V->getNameAsString() +
           "' is read by a condition, a loop's increment or an index";
  return "";
}

} // namespace autoscale::find
