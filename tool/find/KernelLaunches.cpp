//===- KernelLaunches.cpp - the block sizes a unit launches its kernels with -===//
#include "find/KernelLaunches.h"

#include "find/Context.h"
#include "find/operations/WrittenVariables.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <set>
#include <vector>

using namespace clang;

namespace autoscale::find {
namespace {

/// The kernel's definition, or its template's pattern's.
const FunctionDecl *kernelOf(const FunctionDecl *F) {
  if (!F || !F->hasAttr<CUDAGlobalAttr>())
    return nullptr;
  if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
    F = Pattern;
  const FunctionDecl *Def = F->getDefinition();
  return Def ? Def : F->getCanonicalDecl();
}

/// Whether the function holding V writes it after its initialiser, or lets anything else do so.
bool writtenAfterInit(const VarDecl &V) {
  if (V.getType().isConstQualified())
    return false;
  const auto *Scope = dyn_cast_or_null<FunctionDecl>(V.getParentFunctionOrMethod());
  if (!Scope || !Scope->getBody())
    return true;
  struct Writes : RecursiveASTVisitor<Writes> {
    const VarDecl *V;
    bool Found = false;
    explicit Writes(const VarDecl *V) : V(V) {}
    bool VisitStmt(Stmt *S) {
      if (variableWrittenBy(S) == V)
        Found = true;
      // A reference to it that may write it (`dim3 &b = block; b.x = 1024;`), or a lambda's.
      if (const auto *D = dyn_cast<DeclStmt>(S))
        for (const Decl *Each : D->decls())
          if (const auto *R = dyn_cast<VarDecl>(Each);
              R && R->getType()->isReferenceType() &&
              !R->getType().getNonReferenceType().isConstQualified() && refersTo(R->getInit(), V))
            Found = true;
      if (const auto *L = dyn_cast<LambdaExpr>(S))
        for (const LambdaCapture &C : L->captures())
          if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef && C.getCapturedVar() == V)
            Found = true;
      if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf && refersTo(U, V))
        Found = true;
      // Passed by reference: a call may write it.
      if (const auto *Call = dyn_cast<CallExpr>(S))
        for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
          const FunctionDecl *Callee = Call->getDirectCallee();
          const Expr *Arg = Call->getArg(I)->IgnoreParenImpCasts();
          if (varOf(Arg) == V && Arg->isLValue() &&
              (!Callee || I >= Callee->getNumParams() ||
               (Callee->getParamDecl(I)->getType()->isReferenceType() &&
                !Callee->getParamDecl(I)->getType().getNonReferenceType().isConstQualified())))
            Found = true;
        }
      return !Found;
    }
  } W(&V);
  W.TraverseStmt(Scope->getBody());
  return W.Found;
}

class Launches : public RecursiveASTVisitor<Launches> {
public:
  explicit Launches(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    const FunctionDecl *K = kernelOf(Launch->getDirectCallee());
    if (!K)
      return true;
    Callees.insert(Launch->getCallee()->IgnoreParenImpCasts());
    const CallExpr *Config = Launch->getConfig();
    launched(Facts[K], Config && Config->getNumArgs() >= 2 ? blockThreads(Config->getArg(1), Ctx)
                                                           : std::nullopt);
    return true;
  }
  /// cudaLaunchKernel(kernel, grid, block, args, shared, stream), its cooperative twin's.
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() < 3 ||
        (Callee->getName() != "cudaLaunchKernel" && Callee->getName() != "cudaLaunchCooperativeKernel"))
      return true;
    const Expr *Named = Call->getArg(0)->IgnoreParenCasts();
    if (const auto *Address = dyn_cast<UnaryOperator>(Named); Address && Address->getOpcode() == UO_AddrOf)
      Named = Address->getSubExpr()->IgnoreParenCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(Named);
    if (const FunctionDecl *K = Ref ? kernelOf(dyn_cast<FunctionDecl>(Ref->getDecl())) : nullptr) {
      Callees.insert(Ref);
      launched(Facts[K], blockThreads(Call->getArg(2), Ctx));
    }
    return true;
  }
  /// A kernel the unit defines is recorded launched or not: the unit that launches it may be
  /// another (`kern.cu` defines it, `main.cu` launches it), whose record lacks the definition.
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody())
      if (const FunctionDecl *K = kernelOf(F))
        Facts.try_emplace(K);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const FunctionDecl *K = kernelOf(dyn_cast<FunctionDecl>(Ref->getDecl())))
      Named.push_back({Ref, K});
    return true;
  }

  std::map<const FunctionDecl *, LaunchFacts> take() {
    for (auto [Ref, K] : Named)
      if (!Callees.count(Ref))
        Facts[K].Escapes = true;
    return std::move(Facts);
  }

private:
  static void launched(LaunchFacts &F, std::optional<uint64_t> Threads) {
    F.MaxThreads = std::max(F.MaxThreads, Threads.value_or(0));
    F.UnknownThreads |= !Threads;
    F.Launched = true;
  }

  ASTContext &Ctx;
  std::map<const FunctionDecl *, LaunchFacts> Facts;
  std::set<const Expr *> Callees;
  std::vector<std::pair<const DeclRefExpr *, const FunctionDecl *>> Named;
};

} // namespace

std::optional<uint64_t> blockThreads(const Expr *Block, ASTContext &Ctx, unsigned Depth) {
  const Expr *E = Block->IgnoreImplicit()->IgnoreParens();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    E = Cast->getSubExpr()->IgnoreImplicit();
  // A local given the size once (`int threads = 1024;`, `dim3 block(threads)`), a few locals deep
  // (`int t = t;` names itself); any other variable is a constant or unknown.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && V->getInit() && !writtenAfterInit(*V))
      return Depth < 8 ? blockThreads(V->getInit(), Ctx, Depth + 1) : std::nullopt;
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getConstructor()->isCopyOrMoveConstructor())
      return blockThreads(Construct->getArg(0), Ctx, Depth);
    uint64_t Threads = 1;
    for (const Expr *Arg : Construct->arguments()) {
      std::optional<uint64_t> Each = blockThreads(Arg, Ctx, Depth);
      if (!Each)
        return std::nullopt;
      Threads *= *Each;
    }
    return Threads;
  }
  // The device's limit, read from its properties (`prop.maxThreadsPerBlock`): 1024 on every GPU
  // since compute capability 2.0.
  if (const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
      M && M->getMemberDecl()->getIdentifier() && M->getMemberDecl()->getName() == "maxThreadsPerBlock")
    return 1024;
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->getType()->isIntegerType() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getZExtValue();
}

std::map<const FunctionDecl *, LaunchFacts> kernelLaunches(ASTContext &Ctx) {
  Launches L(Ctx);
  L.TraverseAST(Ctx);
  return L.take();
}

} // namespace autoscale::find

namespace autoscale {

void KernelRecord::merge(const KernelRecord &O) {
  if (File.empty() && !O.File.empty()) {
    Name = O.Name;
    File = O.File;
    NameOffset = O.NameOffset;
    BodyBegin = O.BodyBegin;
    BodyEnd = O.BodyEnd;
    Bounded = O.Bounded;
    Internal = O.Internal;
  }
  Launched |= O.Launched;
  Escapes |= O.Escapes;
  MaxThreads = std::max(MaxThreads, O.MaxThreads);
  UnknownThreads |= O.UnknownThreads;
}

std::string KernelRecord::unboundedReason() const {
  if (File.empty() || Bounded || boundsThreads())
    return {};
  if (Escapes)
    return "its address is taken (cudaLaunchKernel, a pointer): launched where its block size is not seen";
  if (!Launched)
    return "no launch of it in the sources given";
  if (UnknownThreads)
    return "a launch's block size is not a constant";
  // Seen launches of at most 256 threads fit any kernel (255 registers a thread at most); the
  // launches of other units are not seen.
  return MaxThreads > 256 ? "launched with " + std::to_string(MaxThreads) +
                                " threads a block here, and maybe with more by units not given"
                          : "";
}

uint64_t KernelRecord::boundsThreads() const {
  if (File.empty() || Bounded || !Launched || MaxThreads > 1024)
    return 0;
  // No block has more than 1024 threads: a kernel launched with 1024 is launched with at most that
  // wherever it is launched. A smaller bound holds only where every launch is seen.
  if (MaxThreads == 1024)
    return 1024;
  return Internal && !Escapes && !UnknownThreads ? MaxThreads : 0;
}

} // namespace autoscale
