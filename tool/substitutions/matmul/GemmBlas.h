//===- GemmBlas.h - cblas_sgemm / cblas_dgemm calls as GEMM sites ------------===//
//
// Internal to matmul/. A call cblas_?gemm(layout, transa, transb, M, N, K, alpha, A, lda, B, ldb,
// beta, C, ldc) is C = alpha·op(A)·op(B) + beta·C; the runtime's GEMM has no alpha or beta, so
// the call is substituted when alpha is the constant 1 and beta the constant 0 (no addend) or 1
// (C accumulates), with constant layout and transposes and arguments free of side effects (some
// are spelled twice). Any other call stays the BLAS call, with the reason. Debian's OpenBLAS
// declares no batched GEMM (cblas_sgemm_batch, the strided forms), so there are none to read.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMBLAS_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMBLAS_H

#include "find/FileRanges.h"
#include "substitutions/matmul/GemmShape.h"

#include "clang/AST/Expr.h"

#include <memory>
#include <string>

namespace autoscale::find::gemm {

bool isBlasGemm(llvm::StringRef Callee);

struct BlasFinding {
  std::shared_ptr<GemmShape> Shape;
  std::string Reason;
  std::string Variable; ///< C's array
  FloatKind Type = FloatKind::Float;
};

BlasFinding readBlasCall(const clang::CallExpr &Call, clang::ASTContext &Ctx,
                         const FileRanges &Ranges);

} // namespace autoscale::find::gemm

#endif
