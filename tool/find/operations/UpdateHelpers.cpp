//===- UpdateHelpers.cpp - functions that compute their callers' state updates ===//
#include "find/operations/UpdateHelpers.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

#include <map>
#include <vector>

using namespace clang;

namespace autoscale::find {
namespace {

/// Every call of a function defined outside system headers, by callee, with its caller; and the
/// calls made within updates.
class Calls : public RecursiveASTVisitor<Calls> {
public:
  Calls(ASTContext &Ctx, llvm::function_ref<const Reductions &(const FunctionDecl *)> ReductionsOf)
      : SM(Ctx.getSourceManager()), ReductionsOf(ReductionsOf) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || SM.isInSystemHeader(FD->getLocation()))
      return true;
    const std::set<const CallExpr *> &InUpdates = ReductionsOf(FD).updateCalls();
    UpdateCalls.insert(InUpdates.begin(), InUpdates.end());
    struct Walk : RecursiveASTVisitor<Walk> {
      Calls &Out;
      const FunctionDecl *Caller;
      Walk(Calls &Out, const FunctionDecl *Caller) : Out(Out), Caller(Caller) {}
      bool VisitCallExpr(CallExpr *C) {
        if (const FunctionDecl *Callee = C->getDirectCallee(); Callee && Callee->isDefined() &&
                                                               !Out.SM.isInSystemHeader(Callee->getLocation()))
          Out.Of[Callee->getCanonicalDecl()].push_back({C, Caller});
        return true;
      }
    } W(*this, FD->getCanonicalDecl());
    W.TraverseStmt(FD->getBody());
    return true;
  }

  const SourceManager &SM;
  llvm::function_ref<const Reductions &(const FunctionDecl *)> ReductionsOf;
  std::set<const CallExpr *> UpdateCalls;
  std::map<const FunctionDecl *, std::vector<std::pair<const CallExpr *, const FunctionDecl *>>> Of;
};

} // namespace

std::set<const FunctionDecl *>
updateHelpers(ASTContext &Ctx, llvm::function_ref<const Reductions &(const FunctionDecl *)> ReductionsOf) {
  Calls C(Ctx, ReductionsOf);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::set<const FunctionDecl *> Helpers;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[Callee, Sites] : C.Of)
      if (!Helpers.count(Callee) && llvm::all_of(Sites, [&](const auto &Site) {
            return C.UpdateCalls.count(Site.first) || Helpers.count(Site.second);
          })) {
        Helpers.insert(Callee);
        Grew = true;
      }
  }
  // Operations of a template are found in its pattern.
  std::set<const FunctionDecl *> Out = Helpers;
  for (const FunctionDecl *H : Helpers)
    if (const FunctionDecl *Pattern = H->getTemplateInstantiationPattern())
      Out.insert(Pattern->getCanonicalDecl());
  return Out;
}

} // namespace autoscale::find
