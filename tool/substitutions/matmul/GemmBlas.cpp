//===- GemmBlas.cpp - cblas_sgemm / cblas_dgemm calls as GEMM sites ----------===//
#include "substitutions/matmul/GemmBlas.h"

#include "find/Containers.h"
#include "find/Context.h"
#include "substitutions/matmul/GemmNests.h"

using namespace clang;

namespace autoscale::find::gemm {
namespace {

// The values of CBLAS's enums (cblas.h, every implementation).
enum { RowMajor = 101, ColMajor = 102, NoTrans = 111, Trans = 112, ConjTrans = 113 };
enum Arg { Layout, TransA, TransB, ArgM, ArgN, ArgK, Alpha, ArgA, Lda, ArgB, Ldb, Beta, ArgC, Ldc };

std::optional<int64_t> constantInt(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

std::optional<double> constantFloat(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx))
    return std::nullopt;
  if (R.Val.isFloat())
    return R.Val.getFloat().convertToDouble();
  if (R.Val.isInt())
    return static_cast<double>(R.Val.getInt().getExtValue());
  return std::nullopt;
}

TextPoly one() { return TextPoly{{TextTerm{1, {}}}}; }

} // namespace

bool isBlasGemm(llvm::StringRef Callee) {
  return Callee == "cblas_sgemm" || Callee == "cblas_dgemm";
}

BlasFinding readBlasCall(const CallExpr &Call, ASTContext &Ctx, const FileRanges &Ranges) {
  BlasFinding Out;
  const FunctionDecl *F = Call.getDirectCallee();
  Out.Type = F->getName() == "cblas_dgemm" ? FloatKind::Double : FloatKind::Float;
  auto Fail = [&](std::string Why) {
    Out.Reason = std::move(Why);
    return Out;
  };
  if (Call.getNumArgs() != 14)
    return Fail("not the CBLAS signature (14 arguments)");
  auto A = [&](Arg I) { return Call.getArg(I); };
  for (unsigned I = 0; I < 14; ++I)
    if (hasSideEffects(Call.getArg(I), Ctx)) // a container's data() or size() has none
      return Fail("an argument has side effects (the call would evaluate it twice)");
  std::optional<int64_t> Order = constantInt(A(Layout), Ctx);
  std::optional<int64_t> TA = constantInt(A(TransA), Ctx), TB = constantInt(A(TransB), Ctx);
  if (!Order || (*Order != RowMajor && *Order != ColMajor) || !TA || !TB)
    return Fail("the layout or a transpose is not a constant");
  std::optional<double> AlphaV = constantFloat(A(Alpha), Ctx);
  std::optional<double> BetaV = constantFloat(A(Beta), Ctx);
  if (!AlphaV || *AlphaV != 1.0)
    return Fail("alpha is not the constant 1 (the runtime's GEMM has no alpha); kept as the BLAS "
                "call");
  if (!BetaV || (*BetaV != 0.0 && *BetaV != 1.0))
    return Fail("beta is not the constant 0 or 1 (the runtime's GEMM adds C or nothing); kept "
                "as the BLAS call");

  const SourceManager &SM = Ctx.getSourceManager();
  FileID File = SM.getFileID(SM.getSpellingLoc(Call.getBeginLoc()));
  std::string Why;
  auto Poly = [&](const Expr *E) -> std::optional<TextPoly> {
    if (std::optional<int64_t> K = constantInt(E, Ctx))
      return *K ? TextPoly{{TextTerm{*K, {}}}} : TextPoly{};
    std::optional<TextFactor> X = factorOf(E, Ranges, File, Why);
    if (!X)
      return std::nullopt;
    return TextPoly{{TextTerm{1, {*X}}}};
  };
  auto Extent = [&](const Expr *E) -> std::optional<GemmExtent> {
    std::optional<TextPoly> P = Poly(E);
    if (!P)
      return std::nullopt;
    std::optional<int64_t> K = constantInt(E, Ctx);
    if (K && *K == 1)
      return GemmExtent{};
    return GemmExtent{{{*P, !(K && *K > 0)}}};
  };
  // (i, j) of an op(X) that is rows x cols: leading dimension ld, stored transposed or not.
  auto Matrix = [&](Arg Ptr, Arg Ld, bool Transposed) -> std::optional<GemmMatrix> {
    std::optional<TextFactor> Base = factorOf(A(Ptr), Ranges, File, Why);
    std::optional<TextPoly> LdP = Poly(A(Ld));
    if (!Base || !LdP)
      return std::nullopt;
    bool RowsAlongLd = (*Order == RowMajor) != Transposed;
    GemmMatrix M;
    M.Base = *Base;
    M.Rows = RowsAlongLd ? *LdP : one();
    M.Cols = RowsAlongLd ? one() : *LdP;
    return M;
  };
  std::optional<GemmExtent> Me = Extent(A(ArgM)), Ne = Extent(A(ArgN)), Ke = Extent(A(ArgK));
  std::optional<GemmMatrix> Am = Matrix(ArgA, Lda, *TA != NoTrans);
  std::optional<GemmMatrix> Bm = Matrix(ArgB, Ldb, *TB != NoTrans);
  std::optional<GemmMatrix> Cm = Matrix(ArgC, Ldc, false);
  std::optional<FileSpan> Whole = Ranges.span(Call.getSourceRange(), Why);
  if (!Me || !Ne || !Ke || !Am || !Bm || !Cm || !Whole || Whole->File != File)
    return Fail(Why.empty() ? "the call is written in a macro" : Why);
  auto S = std::make_shared<GemmShape>();
  S->From = GemmShape::BlasCall;
  S->Type = Out.Type;
  S->M = *Me;
  S->N = *Ne;
  S->K = *Ke;
  S->A = *Am;
  S->B = *Bm;
  S->C = *Cm;
  S->Addend = *BetaV == 1.0 ? GemmShape::AddC : GemmShape::NoAddend;
  Span Call_{Whole->Begin, Whole->End};
  S->Remove = {Call_};
  S->Covers = {Call_};
  S->InsertAt = Call_.Begin;
  S->Statement = false;
  Out.Shape = std::move(S);
  Out.Variable = baseVariable(A(ArgC));
  return Out;
}

} // namespace autoscale::find::gemm
