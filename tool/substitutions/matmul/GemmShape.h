//===- GemmShape.h - a matrix product the rewrite hands to the runtime -------===//
//
// A GEMM site replaces code that computes C = A·B + D (a loop nest, a cblas_?gemm call, or the
// body of a function the rules declare a GEMM kernel) by one call of the runtime's scaled matmul
// (autoscale_matmul_f/_d). GemmNests.h proves the product and records what the call needs as
// pieces of the file (spans) and polynomials over them; Matmul.cpp spells the call.
//
// Extents and strides are sums of terms Coeff × factor × factor..., each factor an expression
// that does not change while the product runs (a variable, `C / NH`, a loop bound), written
// somewhere in the operation's file, or text from the rules (a kernel's `m: B * T`).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMSHAPE_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMSHAPE_H

#include "find/Operation.h"
#include "find/loops/LoopText.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace autoscale {

/// A number of rows, columns or products: the product of loop trip counts. A signed count is
/// clamped at 0 (a loop `i < n` with n <= 0 runs no iteration); no factor is 1.
struct GemmExtent {
  struct Factor {
    TextPoly Count;
    bool Clamp = false;
    bool operator==(const Factor &O) const { return Count == O.Count && Clamp == O.Clamp; }
  };
  std::vector<Factor> Factors;
  bool operator==(const GemmExtent &O) const { return Factors == O.Factors; }
};

/// A matrix operand: element (i, j) of batch b is at Base[Offset + i*Rows + j*Cols + b*Batch[b]].
struct GemmMatrix {
  TextFactor Base;
  /// Subscripts [0] that make Base a pointer to its first element (2 for `float A[8][8]`).
  unsigned ArrayRank = 0;
  /// Base is a standard container: Base.data() points to its first element.
  bool Container = false;
  TextPoly Offset, Rows, Cols;
  std::vector<TextPoly> Batch;
  /// An operand the loops read multiplied by this factor (`alpha * a[i][p]`), each product
  /// rounded before it is used.
  std::optional<TextFactor> Factor;
  bool operator==(const GemmMatrix &O) const {
    return Base == O.Base && ArrayRank == O.ArrayRank && Container == O.Container &&
           Offset == O.Offset && Rows == O.Rows && Cols == O.Cols && Batch == O.Batch &&
           Factor == O.Factor;
  }
};

struct GemmShape : SubstitutionShapeOf<GemmShape> {
  /// CublasCall: a cuBLAS product on the device, which the runtime's function of the same
  /// arguments replaces (only Callee, CallArgs and Covers are set).
  enum Origin { LoopNest, BlasCall, Kernel, CublasCall } From = LoopNest;
  FloatKind Type = FloatKind::Float;
  GemmExtent M, N, K;
  std::vector<GemmExtent> Batch; ///< batch loops around the call, outermost first
  GemmMatrix A, B, C;
  enum AddendKind {
    NoAddend,  ///< C = A·B
    AddC,      ///< C += A·B (D is C)
    AddMatrix, ///< C = A·B + D: a bias (Rows 0) or any matrix; DIf says when it is there
  } Addend = NoAddend;
  GemmMatrix D;
  /// The loops add D after summing the products (`s = 0; ...; C += s`), where the runtime's GEMM
  /// at fp32 starts each sum from D: the two round differently.
  bool SumThenAdd = false;
  std::optional<TextFactor> DIf; ///< D is added only where this holds (`bias != NULL`)
  /// Kernel declarations: a row sum of A added into this vector where it is not null (the bias
  /// gradient beside a weight gradient), in the operation's type, unscaled.
  std::optional<TextFactor> ARowSums;
  /// No loop sums: C += x·yᵀ, K = 1 (the rules' op outer_product).
  bool RankOne = false;
  /// Each product multiplied by this before it is summed (`c += a * b * s`).
  std::optional<TextFactor> ProductFactor;
  /// The products are subtracted (`c -= a * b`): the product factor is negated (-1 alone), which
  /// adds -p where the loops subtract p, the same bits.
  bool NegatedProducts = false;
  /// The elements of C could not be proved distinct (a row stride that is a parameter, ldc):
  /// only a guarded call, which checks them at run time, may replace the loops.
  bool CheckDistinct = false;

  // ---- the edits ----
  /// Removed; each is replaced by its line breaks, so the lines below keep their numbers.
  std::vector<Span> Remove;
  /// Where the call statement goes (Statement), or the call expression (a BLAS call's place).
  unsigned InsertAt = 0;
  bool Statement = true;
  /// Kernel bodies with several GEMMs: the call's rank among the calls inserted at InsertAt.
  unsigned Order = 0;
  /// A whole nest whose loops stay, run where C shares memory with an operand: the place of
  /// `if (!autoscale_matmul_nest_*(...))`, the nest's start or the end of the code line above its
  /// pragmas. None where there is no such place (the call then replaces the loops, as Remove says).
  std::optional<unsigned> GuardAt;
  /// Whether the call guards its loops (`if (!autoscale_matmul_nest_*(...)) loops`): a whole
  /// nest, without batch loops around the call or row sums after it.
  bool guarded() const { return GuardAt && Batch.empty() && Statement && !ARowSums; }
  /// A guarded nest whose loops store a value computed from each sum (`y[i][j] = s > 0 ? s : 0`):
  /// they stay and compute it. The call opens a block with the nest, and where it computed the
  /// sums (into a buffer laid out as C) each is read from there instead of summed again.
  struct SumReadBack {
    unsigned SumAt = 0;      ///< where `if (sums) s = sums[...]; else ` goes: the sum's loop
    std::string Accumulator; ///< s
    Span Element;            ///< C's element as the store writes it
    unsigned NestEnd = 0;    ///< where the block closes
    bool operator==(const SumReadBack &O) const {
      return SumAt == O.SumAt && Accumulator == O.Accumulator && Element == O.Element &&
             NestEnd == O.NestEnd;
    }
  };
  std::optional<SumReadBack> ReadBack;
  /// A read-back nest's other stores of each sum, laid out as C (`y[i][j] = relu(s)` beside
  /// `z[i][j] = s`): the loops write them as they go, so each must share no memory with A, B or
  /// D for the sums computed before the loops to be theirs; the call checks that at run time.
  std::vector<GemmMatrix> Outputs;
  /// The operations written here are the site's own: they are not rewritten separately.
  std::vector<Span> Covers;
  /// A loop nest whose statements split away as products of their own, and whose loops left one
  /// more product guards (GemmNests.h): the nest's first offset, on all of these sites. The
  /// guarding one (GuardsLoopsLeft) relies on the others' edits: it is kept where any is.
  std::optional<unsigned> SharedNest;
  bool GuardsLoopsLeft = false;
  /// Why loops around the call were not folded into it, for the report.
  std::string Note;
  /// CublasCall: the callee as written, the runtime function that replaces it, and where the
  /// first argument starts (the site goes before it).
  Span Callee;
  std::string Entry;
  unsigned CallArgs = 0;

  bool operator==(const GemmShape &O) const;
};

/// The name the matmul kind's shapes are stored under (the report's word for the kind).
inline constexpr llvm::StringLiteral MatmulKindName = "matmul";

/// Op's product, when it is a GEMM the matmul kind proved; else null.
inline const GemmShape *gemmShapeOf(const Operation &Op) {
  return Op.Shape ? substitutionShape<GemmShape>(Op.Shape->Substitutions, MatmulKindName)
                  : nullptr;
}

/// C text of a base and an extent, given the text of the operation's file (their factors and
/// polynomials: emit/LoopSpelling.h).
/// C text of a pointer to the first element of M's base (`&A[0][0]`, `p`, `v.data()`).
std::string spellBase(const GemmMatrix &M, llvm::StringRef FileText);
/// The names C text uses (not members after . or ->, nor a number's suffix).
std::vector<std::string> namesIn(llvm::StringRef Text);
std::string spellExtent(const GemmExtent &E, llvm::StringRef FileText);

} // namespace autoscale

#endif
