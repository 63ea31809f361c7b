//===- UpdateHelpers.cpp - functions that compute their callers' state updates ===//
#include "find/operations/UpdateHelpers.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace autoscale::find {
namespace {

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, llvm::function_ref<const Reductions &(const FunctionDecl *)> ReductionsOf)
      : SM(Ctx.getSourceManager()), ReductionsOf(ReductionsOf) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || SM.isInSystemHeader(FD->getLocation()))
      return true;
    for (const FunctionDecl *H : ReductionsOf(FD).updateHelpers()) {
      Helpers.insert(H);
      // Operations of a template are found in its pattern.
      if (const FunctionDecl *Pattern = H->getTemplateInstantiationPattern())
        Helpers.insert(Pattern->getCanonicalDecl());
    }
    return true;
  }

  std::set<const FunctionDecl *> Helpers;

private:
  const SourceManager &SM;
  llvm::function_ref<const Reductions &(const FunctionDecl *)> ReductionsOf;
};

} // namespace

std::set<const FunctionDecl *>
updateHelpers(ASTContext &Ctx, llvm::function_ref<const Reductions &(const FunctionDecl *)> ReductionsOf) {
  Collector C(Ctx, ReductionsOf);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Helpers);
}

} // namespace autoscale::find
