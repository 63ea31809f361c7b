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

bool hasValueParameters(const FunctionDecl &Pattern) {
  const auto Takes = [](const TemplateParameterList *Params) {
    return Params && llvm::any_of(*Params, [](const NamedDecl *P) { return !isa<TemplateTypeParmDecl>(P); });
  };
  if (const FunctionTemplateDecl *FT = Pattern.getDescribedFunctionTemplate();
      FT && Takes(FT->getTemplateParameters()))
    return true;
  for (const DeclContext *C = Pattern.getDeclContext(); C; C = C->getParent())
    if (const auto *RD = dyn_cast<CXXRecordDecl>(C)) {
      if (const ClassTemplateDecl *CT = RD->getDescribedClassTemplate(); CT && Takes(CT->getTemplateParameters()))
        return true;
      if (const auto *PS = dyn_cast<ClassTemplatePartialSpecializationDecl>(RD); PS && Takes(PS->getTemplateParameters()))
        return true;
    }
  return false;
}

bool hasTypeArgument(const FunctionDecl &F, QualType T) {
  const ASTContext &Ctx = F.getASTContext();
  const auto Has = [&](const TemplateArgumentList *Args) {
    return Args && llvm::any_of(Args->asArray(), [&](const TemplateArgument &A) {
             return A.getKind() == TemplateArgument::Type &&
                    Ctx.hasSameUnqualifiedType(A.getAsType(), T);
           });
  };
  const auto *Class = dyn_cast<ClassTemplateSpecializationDecl>(F.getDeclContext());
  return Has(F.getTemplateSpecializationArgs()) || (Class && Has(&Class->getTemplateArgs()));
}

const Expr *InstantiatedOperations::at(const FunctionDecl &F, SourceLocation OpLoc) {
  auto [It, New] = ByPlace.try_emplace(&F);
  if (New) {
    struct Walk : RecursiveASTVisitor<Walk> {
      std::map<SourceLocation::UIntTy, const Expr *> &Out;
      explicit Walk(std::map<SourceLocation::UIntTy, const Expr *> &Out) : Out(Out) {}
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
        // The first in traversal order, the outermost, at a place.
        if (At.isValid())
          Out.try_emplace(At.getRawEncoding(), E);
        return true;
      }
    } W(It->second);
    W.TraverseStmt(F.getBody());
  }
  auto Found = It->second.find(OpLoc.getRawEncoding());
  return Found == It->second.end() ? nullptr : Found->second;
}

} // namespace autoscale::find
