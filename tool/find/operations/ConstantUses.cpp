//===- ConstantUses.cpp - lambdas the program calls in constant expressions --===//
#include "find/operations/ConstantUses.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace autoscale::find {
namespace {

class Collector : public RecursiveASTVisitor<Collector> {
public:
  bool VisitConstantExpr(ConstantExpr *E) {
    scan(E);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD->isConstexpr() && VD->getInit())
      scan(VD->getInit());
    return true;
  }
  bool VisitStaticAssertDecl(StaticAssertDecl *D) {
    scan(D->getAssertExpr());
    return true;
  }

  std::set<const CXXMethodDecl *> Lambdas;

private:
  /// Notes the lambdas S calls, and those of the constexpr functions it calls (each once).
  void scan(const Stmt *S) {
    if (!S)
      return;
    if (const auto *C = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *FD = C->getDirectCallee(); FD && FD->isConstexpr()) {
        const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
        for (const FunctionDecl *F : {FD, Pattern}) {
          const auto *M = dyn_cast_or_null<CXXMethodDecl>(F);
          if (M && M->getParent()->isLambda())
            Lambdas.insert(M);
        }
        if (Scanned.insert(FD).second)
          scan(FD->getBody());
      }
    for (const Stmt *Child : S->children())
      scan(Child);
  }

  std::set<const FunctionDecl *> Scanned;
};

} // namespace

std::set<const CXXMethodDecl *> lambdasCalledInConstants(ASTContext &Ctx) {
  Collector C;
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(C.Lambdas);
}

} // namespace autoscale::find
