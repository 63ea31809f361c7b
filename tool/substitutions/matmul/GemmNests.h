//===- GemmNests.h - loop nests that compute a matrix product ----------------===//
//
// Internal to matmul/. A statement `T += X * Y` (or `T = T + X * Y`) that the reduction analysis
// names an accumulate of a dot_mul is the heart of a GEMM when the loops around it can be read as
// a product C = A·B + D:
//
//  - every loop counts `for (int v = 0; v < n; v++)` with n fixed while the nest runs (a loop
//    stepping by U is accepted as the tiles of a loop that runs inside it, when U divides n: a
//    constant multiple, or a guard `if (n % U != 0) return;` / `if (n % U == 0) { nest }`);
//  - X and Y read elements at addresses affine in the loop variables (loops/Affine.h), and so does
//    the target: an element of C (accumulated: D is C), or a local accumulator (a scalar, or an
//    array indexed by an unrolled loop) initialised with 0 or an element (a bias: D, with its
//    null test) and stored into C after the reduction loops;
//  - each loop indexes C and one factor (a row or column of the product), both factors (the
//    reduction), or all three (a batch); loops of one role whose strides nest (b and t indexing
//    rows b*T+t) are one loop; the elements of C are provably distinct.
//
// An update `W[i][j] += x[i] * y[j]` (the reduction analysis names it update: no loop sums into
// W) is a product with K = 1, a rank-1 update, when its loops run along the rows and the
// columns of W (a per-sample weight gradient); the rules call it op outer_product.
//
// The nest is replaced by the call (its OpenMP pragmas go with it). A nest that also does other
// work is split: the GEMM statement's own loops go, the call follows the nest, when the other
// work neither writes what the GEMM reads nor reads or writes what it writes (arrays reached
// from different variables, or through different members of one, are taken to be different
// storage, as the runtime's GEMM takes its operands not to overlap its result). Where the
// other work is only statements that split away as GEMMs of their own (two products in one loop
// body, as in attention's backward pass), the loops left compute one product: that statement's
// call guards them, relying on their edits, so its site is kept wherever theirs is.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMNESTS_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMNESTS_H

#include "find/FileRanges.h"
#include "find/loops/Affine.h"
#include "substitutions/matmul/GemmShape.h"
#include "find/operations/Reductions.h"

#include "clang/AST/StmtOpenMP.h"

#include <memory>
#include <string>
#include <vector>

namespace autoscale::find::gemm {

/// One statement's verdict: a GEMM (Shape) or why not.
struct NestFinding {
  const clang::Stmt *Anchor = nullptr; ///< the outermost loop folded in (or tried)
  std::shared_ptr<GemmShape> Shape;
  std::string Reason;
  std::string Suggestion;
  std::string Variable; ///< C's array
  const clang::Expr *Statement = nullptr;
  /// A split: the statement leaves the loops (Shape->Remove), its call follows them.
  bool Split = false;
};

/// Every GEMM candidate of FD's body: statements accumulating a dot_mul inside two loops or more.
std::vector<NestFinding> findNests(const clang::FunctionDecl &FD, clang::ASTContext &Ctx,
                                   const Reductions &R, const FileRanges &Ranges);

/// How a reason names a loop of the nest: "the loop at line N", N the line its `for` is spelled
/// on (the nests, their loops and their products all name loops so).
std::string loopAtLine(unsigned Line);
std::string loopAtLine(const clang::ForStmt *For, const clang::SourceManager &SM);
/// Why a product is refused whose result's elements cannot be shown distinct.
inline constexpr const char *kNotDistinct =
    "cannot prove that the elements of the result are distinct (its strides do not nest within "
    "the loop counts)";

// ---- between GemmNests.cpp and GemmProduct.cpp ----

/// A counted loop of the nest.
struct NestLoop {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Var = nullptr;
  Poly Start;           ///< its first value, fixed in the nest (0 mostly)
  Poly Trip;            ///< its count: the bound less the start
  bool Signed = false;  ///< the bound's type is signed: a count <= 0 runs nothing
  std::optional<Poly> Step; ///< a step other than 1: the loop walks tiles
  unsigned Line = 0;
};

/// The accesses of the product, read with the nest's scope.
struct ProductAccesses {
  Access X, Y, C;            ///< the two factors, in the order written, and the element of C
  std::optional<Access> D;   ///< the addend (an initialiser's element), when not C itself
  bool AddC = false;         ///< C accumulates: D is C
  bool SumThenAdd = false;   ///< C accumulates a sum started from 0 (`C += s`), not each product
  const clang::Expr *DIf = nullptr; ///< the addend's condition (`bias != NULL`)
  const clang::Expr *ProductFactor = nullptr; ///< each product's factor (`c += x * y * s`)
  bool Negated = false;                       ///< the products are subtracted (`c -= x * y`)
  bool RankOne = false; ///< the statement is an update: only C += x·yᵀ (no loop sums) folds
  /// Other arrays the loops store each sum into, with C's strides (Accumulator::Outputs).
  std::vector<Access> Outputs;
};

/// Whether U divides N where the nest runs (a constant multiple, or a guard around it).
using DividesFn = std::function<bool(const Poly &U, const Poly &N)>;

/// The product of the nest, or nullopt with Why: roles of the loops, merged loops, the elements
/// of C distinct. Loops are outermost first.
std::optional<GemmShape> buildProduct(const std::vector<NestLoop> &Loops,
                                      const ProductAccesses &P, const Atoms &Atoms,
                                      const FileRanges &Ranges, clang::FileID File,
                                      const DividesFn &Divides, std::string &Why);

} // namespace autoscale::find::gemm

#endif
