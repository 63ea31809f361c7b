//===- GemmKernels.cpp - functions the rules declare GEMM kernels ------------===//
#include "substitutions/matmul/GemmKernels.h"

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace autoscale::find::gemm {
namespace {

TextPoly polyOf(const std::string &Text) {
  long long K;
  if (!llvm::StringRef(Text).trim().getAsInteger(10, K))
    return K ? TextPoly{{TextTerm{K, {}}}} : TextPoly{};
  return TextPoly{{TextTerm{1, {TextFactor{std::nullopt, Text}}}}};
}

GemmMatrix matrixOf(const rules::KernelMatrix &M) {
  GemmMatrix Out;
  Out.Base = TextFactor{std::nullopt, M.Ptr};
  Out.Rows = polyOf(M.RowStride);
  Out.Cols = polyOf(M.ColStride);
  return Out;
}

GemmExtent extentOf(const std::string &Text) {
  long long K;
  if (!llvm::StringRef(Text).trim().getAsInteger(10, K) && K == 1)
    return {};
  return GemmExtent{{{polyOf(Text), true}}};
}

} // namespace

std::vector<KernelFinding> findKernel(const FunctionDecl &FD, const rules::Kernel &K,
                                      ASTContext &Ctx) {
  std::vector<KernelFinding> Out(K.Gemms.size());
  for (KernelFinding &F : Out)
    F.Spelling = FD.getName().str();
  auto FailAll = [&](const std::string &Why) {
    for (KernelFinding &F : Out)
      F.Reason = "kernel '" + K.Function + "': " + Why;
    return Out;
  };
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  const SourceManager &SM = Ctx.getSourceManager();
  if (!Body || !Body->getLBracLoc().isFileID() || !Body->getRBracLoc().isFileID())
    return FailAll("its body is written in a macro");
  auto Param = [&](llvm::StringRef Name) -> const ParmVarDecl * {
    for (const ParmVarDecl *P : FD.parameters())
      if (P->getName() == Name)
        return P;
    return nullptr;
  };
  for (size_t I = 0; I < K.Gemms.size(); ++I) {
    const rules::KernelGemm &G = K.Gemms[I];
    std::vector<const std::string *> Texts = {&G.M, &G.N, &G.K};
    for (const rules::KernelMatrix *M : {&G.A, &G.B, &G.C})
      Texts.insert(Texts.end(), {&M->Ptr, &M->RowStride, &M->ColStride});
    if (G.D)
      Texts.insert(Texts.end(), {&G.D->Ptr, &G.D->RowStride, &G.D->ColStride});
    if (!G.ARowSums.empty())
      Texts.push_back(&G.ARowSums);
    std::string Unknown;
    for (const std::string *T : Texts)
      for (const std::string &Name : namesIn(*T)) {
        IdentifierInfo &Id = Ctx.Idents.get(Name);
        bool Known = Param(Name) || Id.hasMacroDefinition() || Name == "sizeof" ||
                     !Ctx.getTranslationUnitDecl()->lookup(DeclarationName(&Id)).empty();
        if (!Known && Unknown.empty())
          Unknown = Name;
      }
    if (!Unknown.empty()) {
      Out[I].Reason = "kernel '" + K.Function + "': '" + Unknown +
                      "' is neither a parameter nor a global or a macro";
      continue;
    }
    // The type of the product: C's pointer parameter's.
    const ParmVarDecl *C = Param(llvm::StringRef(G.C.Ptr).trim());
    QualType Elem = C && C->getType()->isPointerType() ? C->getType()->getPointeeType()
                                                       : QualType();
    if (Elem.isNull() || !Elem->isRealFloatingType() ||
        !(Elem->isSpecificBuiltinType(BuiltinType::Float) ||
          Elem->isSpecificBuiltinType(BuiltinType::Double)) ||
        Elem.isConstQualified()) {
      Out[I].Reason = "kernel '" + K.Function +
                      "': c.ptr must name a parameter that points to float or double";
      continue;
    }
    auto S = std::make_shared<GemmShape>();
    S->From = GemmShape::Kernel;
    S->Type = Elem->isSpecificBuiltinType(BuiltinType::Double) ? FloatKind::Double
                                                                : FloatKind::Float;
    S->M = extentOf(G.M);
    S->N = extentOf(G.N);
    S->K = extentOf(G.K);
    S->A = matrixOf(G.A);
    S->B = matrixOf(G.B);
    S->C = matrixOf(G.C);
    S->Addend = G.Accumulate ? GemmShape::AddC
                : G.D        ? GemmShape::AddMatrix
                             : GemmShape::NoAddend;
    if (G.D)
      S->D = matrixOf(*G.D);
    if (!G.ARowSums.empty())
      S->ARowSums = TextFactor{std::nullopt, G.ARowSums};
    unsigned Open = SM.getFileOffset(Body->getLBracLoc()) + 1;
    Span Inside{Open, SM.getFileOffset(Body->getRBracLoc())};
    if (I == 0)
      S->Remove = {Inside}; // the first call's edits take the old body out
    S->Covers = {Inside};
    S->InsertAt = Open;
    S->Order = static_cast<unsigned>(I);
    S->Statement = true;
    Out[I].Shape = std::move(S);
    Out[I].Variable = G.C.Ptr;
  }
  // The calls replace the body together or not at all.
  for (const KernelFinding &F : Out)
    if (!F.Reason.empty()) {
      std::string Why = F.Reason;
      for (KernelFinding &G : Out) {
        G.Shape.reset();
        G.Reason = Why;
      }
      break;
    }
  return Out;
}

} // namespace autoscale::find::gemm
