//===- GemmOps.cpp - GEMMs as operation records ------------------------------===//
//
// A GEMM is one operation of the rules ("matmul", the runtime's AUTOSCALE_OP_MATMUL): proved, it
// carries its GemmShape; not proved, the reason (and the kernel declaration that would do it)
// and its statements are rewritten one operation at a time, as before.
//
//===----------------------------------------------------------------------===//
#include "substitutions/matmul/GemmOps.h"

#include "find/Context.h"
#include "find/OperationFinder.h"
#include "substitutions/matmul/GemmBlas.h"
#include "substitutions/matmul/GemmCublas.h"
#include "substitutions/matmul/GemmKernels.h"
#include "substitutions/matmul/GemmNests.h"
#include "find/Instantiations.h"

#include <map>
#include <set>

namespace autoscale::find::gemm {

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
  S.Substitutions[MatmulKindName.str()] = std::move(Shape);
  Op.Shape = std::move(S);
}

/// The record of a GEMM anchored at Anchor in FD (nullptr: not the project's).
static Operation *startGemm(OperationFinder &F, const FunctionDecl &FD, SourceLocation Anchor,
                            const Stmt *Where, std::string Spelling) {
  return F.startWhole(FD, Anchor, Where, std::move(Spelling), BaseOp::Matmul);
}

/// The record of a loop nest's GEMM, N found in FD's body (an instantiation's for a template);
/// null where the nest is not the project's.
static Operation *recordNest(OperationFinder &F, const FunctionDecl &FD, NestFinding &N) {
  const Stmt *Anchor = N.Anchor;
  Operation *Op = startGemm(F, FD, cast<ForStmt>(Anchor)->getForLoc(), Anchor,
                            rules::name(BaseOp::Matmul).str());
  if (!Op)
    return nullptr;
  if (ExprContext C = contextOf(N.Statement, F.context()); !C.SkipReason.empty())
    F.skip(*Op, C.SkipReason);
  std::optional<FloatKind> Type = runtimeKind(N.Statement->getType());
  if (N.Shape && N.Shape->RankOne)
    Op->OpName = rules::name(rules::Idiom::OuterProduct).str();
  fill(*Op, std::move(N.Shape), std::move(N.Reason), std::move(N.Suggestion),
       std::move(N.Variable), Type.value_or(FloatKind::Float));
  return Op;
}

/// A template's nests, proved in its instantiations (its pattern has no types yet), each
/// anchored at its pattern's loop, so one edit of the pattern serves them all. A nest proved the
/// same product in every instantiation that computes it in float or double becomes the generic
/// call (generics.h), which falls back to the loops as written for other types; a nest whose
/// call cannot fall back (its loops removed or split) keeps its operations' own calls.
static void recogniseTemplateNests(OperationFinder &F, const FunctionDecl &Pattern) {
  struct Nest {
    NestFinding Seen; // the first instantiation's finding, its shape reset where another differs
    std::set<FloatKind> Types;
  };
  std::map<SourceLocation::UIntTy, Nest> ByLoop;
  for (const FunctionDecl *I : instantiationsOf(Pattern)) {
    if (!I->getBody())
      continue;
    for (NestFinding &N : findNests(*I, F.context(), F.reductionsOf(I), F.ranges())) {
      auto [It, New] = ByLoop.try_emplace(cast<ForStmt>(N.Anchor)->getForLoc().getRawEncoding(), Nest{N, {}});
      if (N.Shape)
        It->second.Types.insert(N.Shape->Type);
      NestFinding &Seen = It->second.Seen;
      if (New || !Seen.Shape)
        continue;
      if (!N.Shape) {
        Seen = N;
        continue;
      }
      GemmShape Same = *N.Shape;
      Same.Type = Seen.Shape->Type;
      if (!(Same == *Seen.Shape)) {
        Seen.Shape.reset();
        Seen.Reason = "its instantiations read the loops as different products";
      }
    }
  }
  const bool ValueParameters = hasValueParameters(Pattern);
  for (auto &Entry : ByLoop) {
    NestFinding &N = Entry.second.Seen;
    if (N.Shape && ValueParameters) {
      N.Shape.reset();
      N.Reason = "in a template with value parameters, whose instantiations may read the loops "
                 "with other constants";
    }
    if (N.Shape && (N.Split || N.Shape->SharedNest || !N.Shape->guarded() || N.Shape->ReadBack)) {
      N.Shape.reset();
      N.Reason = "in a template only a nest whose loops stay, to run for types other than float "
                 "and double, is substituted";
    }
    Operation *Op = recordNest(F, Pattern, N);
    if (!Op)
      continue;
    if (Entry.second.Types.size() > 1)
      Op->Type = "dependent";
    if (Op->Shape)
      Op->Shape->Generic = true;
  }
}

void recogniseGemms(OperationFinder &F, const FunctionDecl &FD) {
  // The runtime's GEMM is host code; a lambda's body is analysed with the function around it.
  if (FD.hasAttr<CUDAGlobalAttr>() || (FD.hasAttr<CUDADeviceAttr>() && !FD.hasAttr<CUDAHostAttr>()))
    return;
  if (const auto *M = dyn_cast<CXXMethodDecl>(&FD); M && M->getParent()->isLambda())
    return;
  if (FD.isDependentContext()) {
    recogniseTemplateNests(F, FD);
    return;
  }
  ASTContext &Ctx = F.context();
  if (const rules::Kernel *K = F.ruleSet().kernelFor(FD.getQualifiedNameAsString(), FD.getName())) {
    for (KernelFinding &G : findKernel(FD, *K, Ctx)) {
      if (Operation *Op = startGemm(F, FD, FD.getLocation(), nullptr, G.Spelling))
        fill(*Op, std::move(G.Shape), std::move(G.Reason), "", std::move(G.Variable),
             FloatKind::Float);
    }
    return;
  }
  for (NestFinding &N : findNests(FD, Ctx, F.reductionsOf(&FD), F.ranges()))
    recordNest(F, FD, N);
}

/// A cuBLAS product (GemmCublas.h): recorded, never analysed.
static bool recogniseCublasCall(OperationFinder &F, CallExpr &Call) {
  ExprContext C = contextOf(&Call, F.context());
  if (!C.FunctionNode)
    return true;
  CublasFinding G = readCublasCall(Call, F.context(), F.ranges());
  // Named as written (cublasSgemm, not the cublasSgemm_v2 its macro names), in the report and
  // in the rules' callee matches.
  std::string Callee = G.Written.empty() ? Call.getDirectCallee()->getName().str() : G.Written;
  Operation *Op = startGemm(F, *C.FunctionNode, G.Callee, &Call, Callee);
  if (!Op)
    return true;
  Op->Callee = std::move(Callee);
  if (!C.SkipReason.empty())
    F.skip(*Op, C.SkipReason);
  if (const Stmt *Body = C.FunctionNode->getBody())
    if (unsigned Line = epilogueLine(Call, *Body, F.context()))
      Op->Note = "its descriptor is given an epilogue at line " + std::to_string(Line) +
                 ": calls whose epilogue is not CUBLASLT_EPILOGUE_DEFAULT (a bias) run as written, in FP32";
  fill(*Op, std::move(G.Shape), std::move(G.Reason), "", "", FloatKind::Float);
  return true;
}

/// cuBLAS's other float products: reported as left as written, not passed over in silence.
static bool isOtherCublasProduct(llvm::StringRef Callee) {
  static constexpr llvm::StringLiteral Names[] = {
      "cublasSgemmBatched", "cublasGemmBatchedEx", "cublasGemmStridedBatchedEx", "cublasSgemmEx",
      // Level 2 and the dot product, and level 3's other shapes.
      "cublasSgemv", "cublasSgemvBatched", "cublasSgemvStridedBatched", "cublasSgbmv", "cublasSsymv",
      "cublasSspmv", "cublasSger", "cublasSdot", "cublasDotEx", "cublasSsymm", "cublasSsyrk",
      "cublasStrmm", "cublasStrsm"};
  Callee.consume_back("_64");
  Callee.consume_back("_v2");
  return llvm::is_contained(Names, Callee);
}

bool recogniseGemmCall(OperationFinder &F, CallExpr &Call) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return false;
  if (!rules::cublasEntryPoint(Callee->getName()).empty())
    return recogniseCublasCall(F, Call);
  if (isOtherCublasProduct(Callee->getName())) {
    ExprContext C = contextOf(&Call, F.context());
    if (C.FunctionNode)
      if (Operation *Op = startGemm(F, *C.FunctionNode, calleeAsWritten(Call, F.context().getSourceManager()), &Call,
                                    Callee->getName().str())) {
        Op->Callee = Callee->getName().str();
        F.skip(*Op, "a cuBLAS product the runtime does not replace (it replaces cublasSgemm, "
                    "cublasSgemmStridedBatched, cublasGemmEx and cublasLtMatmul): it runs as written");
      }
    return true;
  }
  if (!isBlasGemm(Callee->getName()))
    return false;
  ExprContext C = contextOf(&Call, F.context());
  if (!C.FunctionNode)
    return true;
  Operation *Op =
      startGemm(F, *C.FunctionNode, Call.getBeginLoc(), &Call, Callee->getName().str());
  if (!Op)
    return true;
  Op->Callee = Callee->getName().str();
  if (!C.SkipReason.empty())
    F.skip(*Op, C.SkipReason);
  BlasFinding B = readBlasCall(Call, F.context(), F.ranges());
  fill(*Op, std::move(B.Shape), std::move(B.Reason), "", std::move(B.Variable), B.Type);
  return true;
}

} // namespace autoscale::find::gemm
