//===- Instantiations.cpp - a template's instantiations and their operations ===//
#include "find/Instantiations.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace autoscale::find {

std::vector<const FunctionDecl *> instantiationsOf(const FunctionDecl &Pattern) {
  std::vector<const FunctionDecl *> Out;
  if (const FunctionTemplateDecl *FT = Pattern.getDescribedFunctionTemplate())
    for (const FunctionDecl *F : FT->specializations())
      Out.push_back(F);
  const auto *RD = dyn_cast<CXXRecordDecl>(Pattern.getDeclContext());
  if (const ClassTemplateDecl *CT = RD ? RD->getDescribedClassTemplate() : nullptr)
    for (const ClassTemplateSpecializationDecl *S : CT->specializations())
      for (const Decl *D : S->decls())
        if (const auto *F = dyn_cast<FunctionDecl>(D);
            F && F->getTemplateInstantiationPattern() == &Pattern)
          Out.push_back(F);
  return Out;
}

bool hasIntegerTypeArgument(const FunctionDecl &F) {
  const auto Integer = [](const TemplateArgumentList *Args) {
    return Args && llvm::any_of(Args->asArray(), [](const TemplateArgument &A) {
             return A.getKind() == TemplateArgument::Type && A.getAsType()->isIntegerType();
           });
  };
  const auto *Class = dyn_cast<ClassTemplateSpecializationDecl>(F.getDeclContext());
  return Integer(F.getTemplateSpecializationArgs()) || (Class && Integer(&Class->getTemplateArgs()));
}

const Expr *operationAt(const FunctionDecl &F, SourceLocation OpLoc) {
  struct Finder : RecursiveASTVisitor<Finder> {
    SourceLocation OpLoc;
    const Expr *Found = nullptr;
    bool VisitExpr(Expr *E) {
      SourceLocation At;
      if (const auto *B = dyn_cast<BinaryOperator>(E))
        At = B->getOperatorLoc();
      else if (const auto *U = dyn_cast<UnaryOperator>(E))
        At = U->getOperatorLoc();
      else if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E))
        At = O->getOperatorLoc();
      else if (isa<CallExpr>(E) && !isa<CXXMemberCallExpr>(E))
        At = E->getBeginLoc();
      if (At.isValid() && At == OpLoc)
        Found = E;
      return !Found;
    }
  } Find;
  Find.OpLoc = OpLoc;
  Find.TraverseStmt(F.getBody());
  return Find.Found;
}

} // namespace autoscale::find
