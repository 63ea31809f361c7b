//===- GemmOps.cpp - GEMMs as operation records ------------------------------===//
//
// A GEMM is one operation of the rules ("matmul", the runtime's AUTOSCALE_OP_MATMUL): proved, it
// carries its GemmShape; not proved, the reason (and the kernel declaration that would do it)
// and its statements are rewritten one operation at a time, as before.
//
//===----------------------------------------------------------------------===//
#include "find/OperationFinder.h"

#include "find/steps/CallGraph.h"
#include "find/Context.h"
#include "find/gemm/GemmBlas.h"
#include "find/gemm/GemmCublas.h"
#include "find/gemm/GemmKernels.h"
#include "find/gemm/GemmNests.h"

#include "clang/AST/ParentMapContext.h"

namespace autoscale::find {

/// The innermost loop around S in its function, or null.
static const Stmt *loopAround(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList P = Ctx.getParents(*S);
  while (!P.empty()) {
    if (const auto *PS = P[0].get<Stmt>()) {
      if (isLoop(PS))
        return PS;
      P = Ctx.getParents(*PS);
      continue;
    }
    const auto *D = P[0].get<Decl>();
    if (!D || isa<FunctionDecl>(D))
      return nullptr;
    P = Ctx.getParents(*D);
  }
  return nullptr;
}

Operation *OperationFinder::startGemm(const FunctionDecl &FD, SourceLocation Anchor,
                                      const Stmt *Where, std::string Spelling) {
  SourceLocation Spelled = SM.getSpellingLoc(Anchor);
  if (Spelled.isInvalid())
    return nullptr;
  FileID File = SM.getFileID(Spelled);
  const FileInfo &FI = fileInfo(File);
  if (FI.Ignored)
    return nullptr;
  unsigned Offset = SM.getFileOffset(Spelled);
  if (unsigned Seen = GemmsAt[{FI.Abs, Offset}]++)
    Spelling += "#" + std::to_string(Seen + 1); // a second GEMM statement of one nest
  Operation &Op = Found.Ops.emplace_back();
  OperandsOf.emplace_back();
  Op.Key = {FI.Abs, Offset, std::move(Spelling)};
  Op.OpName = "matmul";
  Op.Base = BaseOp::Matmul;
  Op.File = FI.Display;
  Op.Line = SM.getLineNumber(File, Offset);
  Op.Column = SM.getColumnNumber(File, Offset);
  Op.Cuda = Ctx.getLangOpts().CUDA;
  Op.SeenByC = !Ctx.getLangOpts().CPlusPlus;
  Op.Function = FD.getQualifiedNameAsString();
  Op.FunctionKey = keyOf(FD);
  if (const Stmt *L = Where ? loopAround(Where, Ctx) : nullptr)
    Op.Loop = loopOffset(*L, SM);
  Found.DisplayPaths[FI.Abs] = FI.Display;
  if (isCInlineDefinition(FD))
    skip(Op, "C inline function with external linkage (cannot use the static site table)");
  return &Op;
}

/// The operation's record from what the GEMM analysis found.
static void fill(Operation &Op, std::shared_ptr<GemmShape> Shape, std::string Reason,
                 std::string Suggestion, std::string Variable, FloatKind Type) {
  Op.Variable = std::move(Variable);
  Op.Suggestion = std::move(Suggestion);
  Op.Type = (Shape ? Shape->Type : Type) == FloatKind::Float ? "float" : "double";
  if (!Op.SkipReason.empty())
    return;
  if (!Shape) {
    Op.SkipReason = "not substituted as a GEMM: " + Reason;
    return;
  }
  RewriteShape S;
  S.Kind = Form::Matmul;
  S.Compute = Shape->Type;
  S.Whole = Shape->Covers.empty() ? Span{Shape->InsertAt, Shape->InsertAt} : Shape->Covers[0];
  S.Operator = S.Whole;
  S.Gemm = std::move(Shape);
  Op.Shape = std::move(S);
}

void OperationFinder::findGemms(const FunctionDecl &FD) {
  // The runtime's GEMM is host code; a template's pattern has no types yet; a lambda's body is
  // analysed with the function around it.
  if (FD.isDependentContext() || FD.hasAttr<CUDAGlobalAttr>() ||
      (FD.hasAttr<CUDADeviceAttr>() && !FD.hasAttr<CUDAHostAttr>()))
    return;
  if (const auto *M = dyn_cast<CXXMethodDecl>(&FD); M && M->getParent()->isLambda())
    return;
  if (const rules::Kernel *K = Rules.kernelFor(FD.getQualifiedNameAsString(), FD.getName())) {
    for (gemm::KernelFinding &G : gemm::findKernel(FD, *K, Ctx)) {
      if (Operation *Op = startGemm(FD, FD.getLocation(), nullptr, G.Spelling))
        fill(*Op, std::move(G.Shape), std::move(G.Reason), "", std::move(G.Variable),
             FloatKind::Float);
    }
    return;
  }
  for (gemm::NestFinding &N : gemm::findNests(FD, Ctx, reductionsOf(&FD), Ranges)) {
    const Stmt *Anchor = N.Anchor;
    if (Operation *Op = startGemm(FD, cast<ForStmt>(Anchor)->getForLoc(), Anchor, "matmul")) {
      if (ExprContext C = contextOf(N.Statement, Ctx); !C.SkipReason.empty())
        skip(*Op, C.SkipReason);
      std::optional<FloatKind> Type = runtimeKind(N.Statement->getType());
      if (N.Shape && N.Shape->RankOne)
        Op->OpName = rules::name(rules::Idiom::OuterProduct).str();
      fill(*Op, std::move(N.Shape), std::move(N.Reason), std::move(N.Suggestion),
           std::move(N.Variable), Type.value_or(FloatKind::Float));
    }
  }
}

bool OperationFinder::visitBlasCall(CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return false;
  if (!rules::cublasEntryPoint(Callee->getName()).empty())
    return visitCublasCall(Call);
  if (!gemm::isBlasGemm(Callee->getName()))
    return false;
  ExprContext C = contextOf(Call, Ctx);
  if (!C.FunctionNode)
    return true;
  Operation *Op = startGemm(*C.FunctionNode, Call->getBeginLoc(), Call, Callee->getName().str());
  if (!Op)
    return true;
  Op->Callee = Callee->getName().str();
  if (!C.SkipReason.empty())
    skip(*Op, C.SkipReason);
  gemm::BlasFinding B = gemm::readBlasCall(*Call, Ctx, Ranges);
  fill(*Op, std::move(B.Shape), std::move(B.Reason), "", std::move(B.Variable), B.Type);
  return true;
}

bool OperationFinder::visitCublasCall(CallExpr *Call) {
  ExprContext C = contextOf(Call, Ctx);
  if (!C.FunctionNode)
    return true;
  gemm::CublasFinding G = gemm::readCublasCall(*Call, Ctx, Ranges);
  // Named as written (cublasSgemm, not the cublasSgemm_v2 its macro names), in the report and
  // in the rules' callee matches.
  std::string Callee = G.Written.empty() ? Call->getDirectCallee()->getName().str() : G.Written;
  Operation *Op = startGemm(*C.FunctionNode, G.Callee, Call, Callee);
  if (!Op)
    return true;
  Op->Callee = std::move(Callee);
  if (!C.SkipReason.empty())
    skip(*Op, C.SkipReason);
  fill(*Op, std::move(G.Shape), std::move(G.Reason), "", "", FloatKind::Float);
  return true;
}

} // namespace autoscale::find
