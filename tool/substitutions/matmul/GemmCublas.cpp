//===- GemmCublas.cpp - cuBLAS's FP32 products as GEMM sites -----------------===//
#include "substitutions/matmul/GemmCublas.h"

#include "find/Context.h"
#include "ruleset/Vocabulary.h"

#include "clang/AST/ASTContext.h"

#include <functional>

using namespace clang;

namespace autoscale::find::gemm {

namespace {

/// The operand type of a cublasGemmEx call (A's, B's or C's) that is not float32 where the call
/// names one (`CUDA_R_16F`): such a product already runs in its own types, and stays as written.
/// Empty where every one is CUDA_R_32F or known at run time only.
std::string otherOperandType(const CallExpr &Call) {
  const FunctionDecl *F = Call.getDirectCallee();
  if (!F || !F->getIdentifier() || F->getName() != "cublasGemmEx" || Call.getNumArgs() < 16)
    return "";
  for (unsigned Arg : {8u, 11u, 15u}) { // Atype, Btype, Ctype
    const auto *Ref = dyn_cast<DeclRefExpr>(Call.getArg(Arg)->IgnoreParenImpCasts());
    const auto *Constant = Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
    if (Constant && Constant->getName() != "CUDA_R_32F")
      return Constant->getName().str();
  }
  return "";
}

} // namespace

SourceLocation calleeAsWritten(const CallExpr &Call, const SourceManager &SM) {
  // cublasSgemm is an object-like macro naming cublasSgemm_v2: the text to replace is the
  // macro's name where the call writes it, perhaps in another macro's argument.
  SourceLocation Callee = Call.getCallee()->IgnoreParenImpCasts()->getExprLoc();
  for (SourceLocation X = Callee; X.isMacroID(); X = SM.getImmediateSpellingLoc(X))
    if (SM.isMacroBodyExpansion(X) && SM.isInSystemHeader(SM.getSpellingLoc(X)))
      return SM.getImmediateExpansionRange(X).getBegin();
  return Callee;
}

CublasFinding readCublasCall(const CallExpr &Call, ASTContext &Ctx, const FileRanges &Ranges) {
  CublasFinding Out;
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation Callee = calleeAsWritten(Call, SM);
  Out.Callee = Callee;
  std::string Why;
  std::optional<FileSpan> Name = Ranges.span(Callee, Why);
  if (!Name) {
    Out.Reason = Why.empty() ? "the call is written in a macro" : Why;
    return Out;
  }
  // The site goes right after the call's parenthesis, which follows the callee and blanks.
  llvm::StringRef Text = SM.getBufferData(Name->File);
  unsigned Paren = Name->End;
  while (Paren < Text.size() && isspace(static_cast<unsigned char>(Text[Paren])))
    ++Paren;
  if (Paren >= Text.size() || Text[Paren] != '(') {
    Out.Reason = "the callee is not followed by its argument list in the source";
    return Out;
  }
  Out.Written = Text.slice(Name->Begin, Name->End).str();
  if (std::string Type = otherOperandType(Call); !Type.empty()) {
    Out.Reason = "its operands are not float32 (" + Type + "): the product runs in the types it names";
    return Out;
  }
  const FunctionDecl *F = Call.getDirectCallee();
  auto S = std::make_shared<GemmShape>();
  S->From = GemmShape::CublasCall;
  S->Callee = {Name->Begin, Name->End};
  S->Entry = rules::cublasEntryPoint(F->getName()).str();
  S->CallArgs = Paren + 1;
  S->InsertAt = Name->Begin;
  S->Statement = false;
  Out.Shape = std::move(S);
  return Out;
}

unsigned epilogueLine(const CallExpr &Call, const Stmt &Body, const ASTContext &Ctx) {
  const FunctionDecl *F = Call.getDirectCallee();
  if (!F || !F->getIdentifier() || F->getName() != "cublasLtMatmul" || Call.getNumArgs() < 2)
    return 0;
  const Expr *Desc = Call.getArg(1);
  unsigned Line = 0;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Line)
      return;
    if (const auto *Set = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *G = Set->getDirectCallee();
      const auto *Attribute = Set->getNumArgs() >= 2 ? dyn_cast<DeclRefExpr>(Set->getArg(1)->IgnoreParenImpCasts()) : nullptr;
      if (G && G->getIdentifier() && G->getName() == "cublasLtMatmulDescSetAttribute" && Attribute &&
          Attribute->getDecl()->getName() == "CUBLASLT_MATMUL_DESC_EPILOGUE" && sameExpr(Set->getArg(0), Desc, Ctx))
        Line = Ctx.getSourceManager().getExpansionLineNumber(Set->getBeginLoc());
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(&Body);
  return Line;
}

} // namespace autoscale::find::gemm
