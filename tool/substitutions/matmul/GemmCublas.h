//===- GemmCublas.h - cuBLAS's FP32 products as GEMM sites -------------------===//
//
// Internal to matmul/. A call of cublasSgemm (cublas_v2.h's macro for cublasSgemm_v2),
// cublasSgemmStridedBatched, cublasGemmEx or cublasLtMatmul (rules::cublasEntryPoint names them)
// is a GEMM on the device whose operands and layout are the caller's: the runtime's function of
// the same arguments (autoscale/cublas.h) replaces the callee, with the site before the first
// argument. Nothing of the call is analysed: the runtime reads the transposes, the shape, alpha
// and beta (and the types) as the call gives them, and calls cuBLAS itself where they are not
// FP32; a cublasGemmEx call naming another operand type (CUDA_R_16F) stays as written, reported.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMCUBLAS_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMCUBLAS_H

#include "find/FileRanges.h"
#include "substitutions/matmul/GemmShape.h"

#include "clang/AST/Expr.h"

#include <memory>
#include <string>

namespace autoscale::find::gemm {

struct CublasFinding {
  std::shared_ptr<GemmShape> Shape;
  std::string Reason;
  clang::SourceLocation Callee; ///< the callee as written (the macro's name, not its expansion)
  std::string Written;          ///< its text ("cublasSgemm")
};

/// Where Call names its callee as written: the name of cuBLAS's macro (`cublasSgemm`, which names
/// cublasSgemm_v2) where it is one.
clang::SourceLocation calleeAsWritten(const clang::CallExpr &Call, const clang::SourceManager &SM);

CublasFinding readCublasCall(const clang::CallExpr &Call, clang::ASTContext &Ctx,
                             const FileRanges &Ranges);

/// For a cublasLtMatmul call in Body, the line where its operation descriptor is given an epilogue
/// (cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, ...)), or 0: the runtime
/// scales only calls whose epilogue is CUBLASLT_EPILOGUE_DEFAULT (autoscale/cublas.h).
unsigned epilogueLine(const clang::CallExpr &Call, const clang::Stmt &Body, const clang::ASTContext &Ctx);

} // namespace autoscale::find::gemm

#endif
