//===- CallSites.cpp - where the unit calls each of its functions ------------===//
#include "find/operations/CallSites.h"

#include "find/operations/SumSteps.h"

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
        if (const CXXMethodDecl *Op = foldFunctor(*C); Op && !Out.SM.isInSystemHeader(Op->getLocation()))
          Out.FoldOperators.insert(Op->getCanonicalDecl());
        return true;
      }
    } W(*this, FD);
    W.TraverseStmt(FD->getBody());
    return true;
  }

  const SourceManager &SM;
  std::map<const FunctionDecl *, std::vector<CallSite>> Sites;
  std::set<const FunctionDecl *> FoldOperators;
};

} // namespace

std::map<const FunctionDecl *, std::vector<CallSite>> callSites(ASTContext &Ctx,
                                                                std::set<const FunctionDecl *> &FoldOperators) {
  Calls C(Ctx.getSourceManager());
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  FoldOperators = std::move(C.FoldOperators);
  return std::move(C.Sites);
}

} // namespace autoscale::find
