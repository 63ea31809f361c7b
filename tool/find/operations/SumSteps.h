//===- SumSteps.h - the operations that add into an assignment's target ------===//
//
// A running sum is written many ways: `s += e`, `s = s + e`, `s = e + s`, `s = s + a - b` (each
// additive operator from the top of the right-hand side down to s, where s is added and not
// subtracted, adds its other side), `s = fma(a, b, s)` (the C library's fused multiply-add adds
// a * b), a scan's `a[i] = a[i - 1] + e`, and a fold's lambda returning `s + e` for its running
// sum s. Reductions.cpp decides
// whether they are a sum (the target fixed, a term varying).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_SUMSTEPS_H
#define AUTOSCALE_TOOL_FIND_SUMSTEPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <vector>

namespace autoscale::find {

/// An operation adding Added into the target.
struct SumStep {
  const clang::Stmt *Reducer;
  const clang::Expr *Added;
};

/// The operations of the assignment B that add into its left-hand side, from the top down; empty
/// where it is no such sum.
std::vector<SumStep> sumSteps(const clang::BinaryOperator &B, const clang::ASTContext &Ctx);

/// The operations of `a[i] = a[i - 1] + x[i]` (a prefix sum, a scan) that add into the earlier
/// element's running sum: a sum carried through the array from one iteration to the next.
std::vector<SumStep> scanSteps(const clang::BinaryOperator &B, const clang::ASTContext &Ctx);

/// A lambda the call C folds a range with (std::accumulate's op, std::reduce's, the reduction of
/// std::inner_product and std::transform_reduce; written in the call or held by a local, a
/// std::function's included), with the operations of its returned value that add into its first
/// parameter, the running sum (`[](float s, float x) { return s + x * x; }`); none where C is no
/// such fold.
struct FoldSteps {
  const clang::LambdaExpr *Lambda = nullptr;
  std::vector<SumStep> Steps;
};
FoldSteps foldSteps(const clang::CallExpr &C, const clang::ASTContext &Ctx);
/// The call operator of the function object, not a lambda, that the call C folds a range with
/// (`std::accumulate(b, e, 0.0f, plus_f())`, thrust's reduce given a struct): its returned
/// value's steps into its first parameter (foldedSteps) are the fold's sum; of overloads, the one
/// whose first parameter has the fold's type. Null where C is no such fold, or no operator takes
/// two parameters, the first of the fold's type, and has a body.
const clang::CXXMethodDecl *foldFunctor(const clang::CallExpr &C);
/// The operations of Op's returned values that add into its first parameter (a fold's running
/// sum: `return s + x * x;`); Op takes two.
std::vector<SumStep> foldedSteps(const clang::FunctionDecl &Op, const clang::ASTContext &Ctx);

/// A binary std::transform (std's or thrust's) that writes back into one of its input ranges
/// (`std::transform(w.begin(), w.end(), g.begin(), w.begin(), [lr](float a, float b) { return a -
/// lr * b; })`, an SGD step in place): the lambda, and the parameter that receives the element it
/// overwrites; none where C is no such call.
struct InPlaceTransform {
  const clang::LambdaExpr *Lambda = nullptr;
  const clang::ParmVarDecl *Overwritten = nullptr;
};
InPlaceTransform inPlaceTransform(const clang::CallExpr &C, const clang::ASTContext &Ctx);

} // namespace autoscale::find

#endif
