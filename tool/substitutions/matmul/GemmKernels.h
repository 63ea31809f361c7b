//===- GemmKernels.h - functions the rules declare GEMM kernels --------------===//
//
// Internal to matmul/. A function named in the rules' `kernels:` computes the products its
// declaration gives (ruleset/Kernels.h); its body is replaced by one runtime GEMM call per
// product, in order (and the row sums a declaration asks for). The body, not the calls: the
// declaration's expressions are written in the parameters, which are in scope there and
// evaluated once, whoever calls the function from whichever file, through pointers too. Every
// operation of the old body is the sites'. Names in the expressions must be parameters, globals
// or macros.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMKERNELS_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMKERNELS_H

#include "substitutions/matmul/GemmShape.h"
#include "ruleset/Kernels.h"

#include "clang/AST/ASTContext.h"

#include <memory>
#include <string>
#include <vector>

namespace autoscale::find::gemm {

struct KernelFinding {
  std::shared_ptr<GemmShape> Shape;
  std::string Reason;
  std::string Variable; ///< C's pointer
  std::string Spelling; ///< the function's name
};

/// One finding per declared product of K, for FD's body.
std::vector<KernelFinding> findKernel(const clang::FunctionDecl &FD, const rules::Kernel &K,
                                      clang::ASTContext &Ctx);

} // namespace autoscale::find::gemm

#endif
