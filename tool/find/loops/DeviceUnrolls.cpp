//===- DeviceUnrolls.cpp - device loops the rewrite asks nvcc to unroll -----===//
#include "find/loops/DeviceUnrolls.h"

#include "find/Context.h"
#include "find/loops/CountedLoops.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <optional>

using namespace clang;

namespace autoscale::find {
namespace {

// A __host__ __device__ function's too: the macro is empty in the host pass.
bool runsOnDevice(const FunctionDecl &FD) { return FD.hasAttr<CUDAGlobalAttr>() || FD.hasAttr<CUDADeviceAttr>(); }

/// Some subscript of Body indexes an array of the thread's own (a local of constant size, in a
/// template perhaps a parameter; not __shared__, which is static) with Counter.
bool indexesThreadArray(const Stmt &Body, const VarDecl *Counter) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    const VarDecl *Counter;
    bool Found = false;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
      if (!refersTo(A->getIdx(), Counter))
        return true;
      const Expr *Base = A->getBase()->IgnoreParenImpCasts();
      while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
        Base = Inner->getBase()->IgnoreParenImpCasts();
      const auto *V = isa<DeclRefExpr>(Base) ? dyn_cast<VarDecl>(cast<DeclRefExpr>(Base)->getDecl()) : nullptr;
      Found |= V && V->hasLocalStorage() &&
               (V->getType()->isConstantArrayType() || V->getType()->isDependentSizedArrayType());
      return !Found;
    }
  } V;
  V.Counter = Counter;
  V.TraverseStmt(const_cast<Stmt *>(&Body));
  return V.Found;
}

/// The iterations of L where its bounds are constants.
std::optional<int64_t> constantTrips(const CountedLoop &L, ASTContext &Ctx) {
  Expr::EvalResult Lower, Upper;
  if (L.Lower->isValueDependent() || L.Upper->isValueDependent() || !L.Lower->EvaluateAsInt(Lower, Ctx) ||
      !L.Upper->EvaluateAsInt(Upper, Ctx))
    return std::nullopt;
  return Upper.Val.getInt().getExtValue() - Lower.Val.getInt().getExtValue() + (L.Inclusive ? 1 : 0);
}

/// The loop at ForLoc in the body of Instance (an instantiation of the template that holds it).
const ForStmt *loopAt(const FunctionDecl &Instance, SourceLocation ForLoc) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    SourceLocation At;
    const ForStmt *Found = nullptr;
    bool VisitForStmt(ForStmt *F) {
      if (F->getForLoc() == At)
        Found = F;
      return !Found;
    }
  } V;
  V.At = ForLoc;
  V.TraverseStmt(Instance.getBody());
  return V.Found;
}

/// For's (L's) iterations are a constant of at most kMostDeviceUnrolled; in a function template's
/// pattern, in each of its instantiations (and there is one).
bool fewConstantTrips(const ForStmt &For, const CountedLoop &L, const FunctionDecl &FD, ASTContext &Ctx) {
  auto Few = [](std::optional<int64_t> Trips) { return Trips && *Trips <= kMostDeviceUnrolled; };
  if (!FD.isDependentContext())
    return Few(constantTrips(L, Ctx));
  const FunctionTemplateDecl *Template = FD.getDescribedFunctionTemplate();
  if (!Template)
    return false;
  bool Any = false;
  for (const FunctionDecl *Instance : Template->specializations()) {
    if (!Instance->hasBody())
      continue;
    const ForStmt *Same = loopAt(*Instance, For.getForLoc());
    std::string Why;
    std::optional<CountedLoop> InstanceLoop = Same ? countedLoop(*Same, Ctx, Why) : std::nullopt;
    if (!InstanceLoop || !Few(constantTrips(*InstanceLoop, Ctx)))
      return false;
    Any = true;
  }
  return Any;
}

/// Whether For, in FD, is to be unrolled.
bool unrolls(const ForStmt &For, const FunctionDecl &FD, ASTContext &Ctx) {
  std::string Why;
  std::optional<CountedLoop> L = countedLoop(For, Ctx, Why);
  return L && !L->Assigned && loopFile(For, Ctx, Why) && indexesThreadArray(*For.getBody(), L->Counter) &&
         fewConstantTrips(For, *L, FD, Ctx);
}

} // namespace

std::vector<unsigned> deviceLoopsToUnroll(const Expr &E, ASTContext &Ctx,
                                          std::map<const ForStmt *, bool> &Decided) {
  std::vector<unsigned> Loops;
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const ForStmt *> Around;
  DynTypedNode N = DynTypedNode::create(E);
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return Loops;
    N = Parents[0];
    if (const auto *For = N.get<ForStmt>())
      Around.push_back(For);
    if (const auto *FD = N.get<FunctionDecl>()) {
      if (!runsOnDevice(*FD))
        return Loops;
      for (const ForStmt *For : Around) {
        auto [It, New] = Decided.try_emplace(For, false);
        if (New)
          It->second = unrolls(*For, *FD, Ctx);
        if (It->second)
          Loops.push_back(SM.getFileOffset(For->getForLoc()));
      }
      return Loops;
    }
    if (const auto *D = N.get<Decl>(); N.get<LambdaExpr>() || (D && !isa<VarDecl>(D)))
      return Loops; // a lambda's loops are its own
  }
}

} // namespace autoscale::find
