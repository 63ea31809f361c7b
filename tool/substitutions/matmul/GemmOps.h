//===- GemmOps.h - GEMMs as operation records --------------------------------===//
//
// The matmul kind's recognisers (find/Recogniser.h): a GEMM is one operation of the rules
// ("matmul", the runtime's AUTOSCALE_OP_MATMUL), with its GemmShape when proved.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMOPS_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMOPS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace autoscale::find {
class OperationFinder;
}

namespace autoscale::find::gemm {

/// The GEMMs of FD: its loop nests, or its body when the rules declare it a kernel.
void recogniseGemms(OperationFinder &F, const clang::FunctionDecl &FD);
/// A cblas_?gemm or cuBLAS product call: true when Call is one (recorded then).
bool recogniseGemmCall(OperationFinder &F, clang::CallExpr &Call);

} // namespace autoscale::find::gemm

#endif
