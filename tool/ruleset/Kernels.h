//===- Kernels.h - user functions the rules declare to be GEMMs --------------===//
//
// `kernels:` in a rules file names functions that compute matrix products which the rewriter
// cannot prove from their loops (a blocked or vectorised kernel, a guard it cannot see). The
// declaration gives the product in the function's parameters; the function's body is replaced
// by the runtime's GEMM calls (substitutions/matmul/GemmKernels.cpp). rules/README.md has the schema.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_RULESET_KERNELS_H
#define AUTOSCALE_TOOL_RULESET_KERNELS_H

#include <optional>
#include <string>
#include <vector>

namespace autoscale::rules {

/// A matrix: element (i, j) at Ptr[i * RowStride + j * ColStride]. C expressions in the
/// function's parameters.
struct KernelMatrix {
  std::string Ptr, RowStride, ColStride;
};

/// One product C = A·B (+ D) of a kernel, A m x k and B k x n.
struct KernelGemm {
  std::string M, N, K;
  KernelMatrix A, B, C;
  bool Accumulate = false;       ///< C += A·B
  std::optional<KernelMatrix> D; ///< C = A·B + D; a null D adds nothing
  /// A vector the sums of A's rows are added to, unscaled, where it is not null (the bias
  /// gradient of a linear layer's weight gradient).
  std::string ARowSums;
};

struct Kernel {
  std::string Function; ///< the function's qualified or plain name
  std::vector<KernelGemm> Gemms;
  unsigned Line = 0, Column = 0; ///< where the rules declare it
};

class YamlReader;
struct Field;
/// Reads the `kernels:` list into Out, errors into the reader.
void readKernels(YamlReader &R, const Field &F, std::vector<Kernel> &Out);

} // namespace autoscale::rules

#endif
