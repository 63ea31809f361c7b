//===- VectorLoops.h - innermost loops of one multiply site ------------------===//
//
// Internal to vector_loop/. A multiply is the product of a vector loop (VectorLoopShape.h) when
//
//  - its statement is `T += X * Y` or `T = T + X * Y` (either order), all of T, X and Y of the
//    multiply's type (float or double, nothing converted), and is the only statement of the
//    body of a `for (int i = L; i < U; ++i)` (or `i++`, `i += 1`, `i <= U`) that declares its
//    integer counter, has no pragma, and whose body writes neither the counter nor what the
//    bounds read; the bounds have no side effects and no floating-point arithmetic;
//  - dot: T is the same lvalue every iteration (a variable, or an element at an address the
//    loop does not change) and X and Y are elements at addresses affine in the counter
//    (find/loops/Affine.h); an element T is not reached from X's or Y's variable;
//  - axpy: T is such an element that moves with the counter, one factor too, and the other
//    factor (alpha) is loop-invariant, without floating-point arithmetic of its own, and reads
//    nothing reached from T's variable.
//
// A body of several such statements is as many loops, in order, when no statement reads the
// variable another one's sum is reached from (each site then runs its own products in their
// order, and the runtime's sites share nothing).
//
// Arrays reached from different variables are taken to be different storage, as for GEMMs.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_VECTOR_LOOP_VECTORLOOPS_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_VECTOR_LOOP_VECTORLOOPS_H

#include "find/FileRanges.h"
#include "substitutions/vector_loop/VectorLoopShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <memory>
#include <string>

namespace autoscale::find {

/// The vector loop whose product is Mul, or null. Why says what kept a loop whose only
/// statement accumulates Mul from being one; it stays empty when Mul is in no such statement.
/// The shape's Accumulate key has its offset and spelling (the caller knows the file's name).
std::shared_ptr<VectorLoopShape> findVectorLoop(const clang::BinaryOperator &Mul,
                                                const clang::FunctionDecl &FD,
                                                clang::ASTContext &Ctx,
                                                const FileRanges &Ranges, std::string &Why);

class OperationFinder;
/// The vector loop kind's recogniser (find/Recogniser.h): the multiply Op of FD (Mul) gets its
/// loop, or why it has none.
void recogniseVectorLoop(OperationFinder &F, Operation &Op, const clang::BinaryOperator &Mul,
                         const clang::FunctionDecl &FD);

} // namespace autoscale::find

#endif
