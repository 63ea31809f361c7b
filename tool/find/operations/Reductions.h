//===- Reductions.h - reductions, GEMM operands and state updates ------------===//
//
// What a function's arithmetic is for, from its loops and its def-use through locals:
//
//  - a reduction: `T op= E` or `T = T op E` (op + or -) where T's address is invariant in an
//    enclosing loop in which E varies, in any loop order (dot, axpy, outer product, a
//    hand-unrolled block with a local accumulator array); a target whose address depends on
//    data read from memory (a scatter-add) counts too. Its add is an `accumulate`.
//  - the multiply of a reduction that combines two different tensor reads, both varying along
//    the reduced loop, is a `dot_mul` (a GEMM operand, FP8's job); the same read twice (x*x) is
//    a `square_sum` (a norm).
//  - an update: an assignment to storage that outlives the function (through a pointer, a
//    global, a member through a pointer) whose value depends on its own previous value and which
//    is no reduction: parameters, optimizer moments, running statistics. Every operator of the
//    assignment, and of the locals it reads that themselves read the old value, is an `update`.
//
// A variable "varies" in a loop when it is written there, except the induction variables of the
// loops between the statement and that loop: they index the statement's iteration space (the
// hand-unrolled `result[ibt]` is one accumulator per ibt, reduced over the loop around them).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_REDUCTIONS_H
#define AUTOSCALE_TOOL_FIND_REDUCTIONS_H

#include "find/operations/ExchangedBuffers.h"
#include "ruleset/Vocabulary.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

namespace autoscale::find {

class Reductions {
public:
  /// Analyses the body of FD (lambdas in it included). Exchanged: the buffers FD's arithmetic
  /// sees exchanged (ExchangedBuffers.h's BufferExchanges::of). FoldsARange: FD is the call
  /// operator of a function object that folds a range (SumSteps.h's foldFunctor), whose returned
  /// sum into its first parameter is the fold's running sum, as a lambda's is.
  Reductions(const clang::FunctionDecl &FD, clang::ASTContext &Ctx, Exchanges Exchanged = {},
             bool FoldsARange = false);
  ~Reductions();

  /// What the operator E is for (accumulate, dot_mul, square_sum, update, guard, compensation,
  /// report), or none when it is plain arithmetic.
  std::optional<rules::Idiom> roleOf(const clang::Expr *E) const;

  /// The variable whose storage an operand reads: the array or pointer it indexes, followed
  /// through locals initialised from loads and pointer arithmetic (wrow = w + o*C gives w); for
  /// the elements of a standard container (Containers.h), its data pointer reached from a
  /// variable or `this` through members (`l.w.data()`). Only variables whose name is unique in
  /// the function, so that the name means it where the operand is. Empty when there is none.
  std::string tensorOf(const clang::Expr *Operand) const;

  /// Whether V is a local of the function that no statement of it writes after its initialiser
  /// (its address is not taken either).
  bool givenOnce(const clang::VarDecl &V) const;

  /// The calls, of functions defined outside system headers, that this function makes within an
  /// update with the old value among the arguments (`m = lerp(g, m, beta1)`): the update's
  /// arithmetic is the callee's (UpdateHelpers.h).
  const std::set<const clang::CallExpr *> &updateCalls() const;
  /// Calls whose value a whole variable a loop carries is given, its old value among the
  /// arguments, the rest constants perhaps (`x = drift(x, 1.0f, dt)`: an iterated map): update
  /// calls where the callee serves no other code and has no loop of its own (UpdateHelpers.h).
  const std::set<const clang::CallExpr *> &iteratedMapCalls() const;

private:
  class Impl;
  std::unique_ptr<Impl> P;
};

} // namespace autoscale::find

#endif
