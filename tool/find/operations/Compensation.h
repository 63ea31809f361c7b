//===- Compensation.h - compensated summation: the error of an add, kept exact -===//
//
// Kahan's and Neumaier's sums recover the rounding error of `t = s + y` as `(t - s) - y` (or
// `(s - t) + y`) and carry it in a compensation c that the next terms take back (`y = x - c`,
// `s + c`). The recovery is exact only in the precision of the add itself: rounded to FP16, the
// compensation is lost and the sum is worse than a plain FP32 one. Every operation of the idiom
// is op `compensation`, denied (kept FP32) by every shipped rule file, as accumulate is.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_COMPENSATION_H
#define AUTOSCALE_TOOL_FIND_COMPENSATION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <set>

namespace autoscale::find {

/// The operations of FD's compensated sums: the add whose error is recovered, the recovery, the
/// compound assignment into the compensation, and the adds and subtracts that read it.
std::set<const clang::Expr *> compensationOps(const clang::FunctionDecl &FD,
                                              clang::ASTContext &Ctx);

} // namespace autoscale::find

#endif
