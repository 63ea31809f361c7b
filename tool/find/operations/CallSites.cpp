//===- CallSites.cpp - where the unit calls each of its functions ------------===//
#include "find/operations/CallSites.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace autoscale::find {
namespace {

class Calls : public RecursiveASTVisitor<Calls> {
public:
  explicit Calls(const SourceManager &SM) : SM(SM) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || SM.isInSystemHeader(FD->getLocation()))
      return true;
    struct Walk : RecursiveASTVisitor<Walk> {
      Calls &Out;
      const FunctionDecl *Caller;
      Walk(Calls &Out, const FunctionDecl *Caller) : Out(Out), Caller(Caller) {}
      bool VisitCallExpr(CallExpr *C) {
        if (const FunctionDecl *Callee = C->getDirectCallee();
            Callee && Callee->isDefined() && !Out.SM.isInSystemHeader(Callee->getLocation()))
          Out.Sites[Callee->getCanonicalDecl()].push_back({C, Caller});
        return true;
      }
    } W(*this, FD);
    W.TraverseStmt(FD->getBody());
    return true;
  }

  const SourceManager &SM;
  std::map<const FunctionDecl *, std::vector<CallSite>> Sites;
};

} // namespace

std::map<const FunctionDecl *, std::vector<CallSite>> callSites(ASTContext &Ctx) {
  Calls C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Sites);
}

} // namespace autoscale::find
