//===- Guards.h - a small value added to keep a divisor away from zero -------===//
//
// `x / (d + eps)`, `sqrtf(var + 1e-5f)`, `x / (fabsf(x) + cfg->eps)`, `127 / fmaxf(amax, 1e-12f)`,
// `rsqrtf(fmaf(v, v, 1e-6f))`, CUDA's `__fdividef(x, d + eps)` and `__logf(p + eps)`:
// rounded to FP16 an eps under 2^-24 is 0, and `d + eps` (or the maximum) is 0 again where d is.
// The add or the maximum is op `guard`, which every shipped rule file keeps FP32.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_GUARDS_H
#define AUTOSCALE_TOOL_FIND_GUARDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <functional>

namespace autoscale::find {

/// What the function's walk knows of its variables.
struct VariableFacts {
  std::function<bool(const clang::VarDecl *)> GivenOnce; ///< a local set by its initialiser alone
  std::function<bool(const clang::VarDecl *)> Written;   ///< the function writes it
};

/// The add, the maximum (`fmaxf`, `fmax`, `std::max`) or the fused multiply-add (its addend), that keeps G (a divisor, or what a
/// square root, logarithm or power takes) away from zero, written there or in a local given once:
/// a constant in (0, 1) beside a value that is not constant, or, of two values that are not
/// constant, a setting beside a value that is not one; else null. A setting is what the function
/// reads and never computes: a float parameter it does not write, what a parameter points to, a
/// member reached from one (`cfg->eps`), a global, or a local given once from one of these
/// (`float eps = *epsp;`).
const clang::Expr *guardingOp(const clang::Expr *G, clang::ASTContext &Ctx, const VariableFacts &Facts);

} // namespace autoscale::find

#endif
