//===- VectorLoopShape.h - a loop of one multiply site the runtime runs whole -===//
//
// An innermost counted loop whose only statement adds the product of a multiply site to a sum
// kept in the operation's type is one call of the runtime's loop kernels, which run exactly that
// loop of scalar calls (autoscale.h):
//
//   for (int i = L; i < U; i++) T += X[i] * Y[i];        -> T = autoscale_dot_f(site, T, n, ...);
//   for (int i = L; i < U; i++) Q[i] += alpha * X[i];    -> autoscale_axpy_f(site, n, alpha, ...);
//
// VectorLoops.h proves the loop and records its pieces as spans of the multiply's file;
// VectorLoop.cpp picks the loops whose multiply rounds its inputs and whose add is kept, and
// spells the call.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_VECTOR_LOOP_VECTORLOOPSHAPE_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_VECTOR_LOOP_VECTORLOOPSHAPE_H

#include "find/Operation.h"
#include "find/loops/LoopText.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace autoscale {

struct VectorLoopShape : SubstitutionShapeOf<VectorLoopShape> {
  enum Kind {
    Dot,  ///< T += X * Y, T the same lvalue every iteration: X and Y the factors in slot order
    Axpy, ///< Q += alpha * X (either order), Q and X elements: X the factor, Y the target Q
  } Form = Dot;
  LoopSpans Spans;    ///< the loop (replaced by the calls) and its bounds
  OpKey Accumulate;   ///< the add of the statement: the call replaces it only while it is kept
  Span Target;        ///< Dot: T
  Span Alpha;         ///< Axpy: the invariant factor
  unsigned AlphaSlot = 0; ///< Axpy: its operand slot at the multiply
  LoopElement X, Y;
  /// A body of several such statements, independent of each other, is as many calls, in order:
  /// this statement's rank, and how many there are (the calls replace the loop only together).
  unsigned Order = 0, Statements = 1;
  /// The text this statement's call replaces: the loop up to the next statement (all of it for
  /// one statement), from the statement on for the others.
  Span Piece;
  unsigned CallLine = 0; ///< the line the call is written on (where its piece starts)

  bool operator==(const VectorLoopShape &O) const {
    return Form == O.Form && Spans == O.Spans && Accumulate == O.Accumulate &&
           Target == O.Target && Alpha == O.Alpha && AlphaSlot == O.AlphaSlot && X == O.X &&
           Y == O.Y && Order == O.Order && Statements == O.Statements && Piece == O.Piece &&
           CallLine == O.CallLine;
  }
};

/// The name the vector loop kind's shapes are stored under (the report's word for the kind).
inline constexpr llvm::StringLiteral VectorLoopKindName = "vector_loop";

/// The loop around the multiply Op that the runtime can run whole, or null.
inline const VectorLoopShape *vectorLoopOf(const Operation &Op) {
  return Op.Shape ? substitutionShape<VectorLoopShape>(Op.Shape->Substitutions, VectorLoopKindName)
                  : nullptr;
}

} // namespace autoscale

#endif
