//===- VectorLoopShape.h - a loop of one multiply site the runtime runs whole -===//
//
// An innermost counted loop whose only statement adds the product of a multiply site to a sum
// kept in the operation's type is one call of the runtime's loop kernels, which run exactly that
// loop of scalar calls (autoscale.h):
//
//   for (int i = L; i < U; i++) T += X[i] * Y[i];        -> T = autoscale_dot_f(site, T, n, ...);
//   for (int i = L; i < U; i++) Q[i] += alpha * X[i];    -> autoscale_axpy_f(site, n, alpha, ...);
//
// find/ proves the loop (VectorLoops.h) and records its pieces as spans of the multiply's file;
// decide/ picks the loops whose multiply rounds its inputs and whose add is kept; emit/ spells
// the call (LoopSpelling.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_VECTORLOOPSHAPE_H
#define AUTOSCALE_TOOL_FIND_VECTORLOOPSHAPE_H

#include "find/gemm/GemmShape.h"
#include "find/Operation.h"

#include <optional>
#include <vector>

namespace autoscale {

/// An element the loop walks: its address at the first iteration is `&Where` with each use of
/// the loop counter (Counter) replaced by the lower bound; Stride elements apart per iteration.
/// An element of a standard container (Containers.h) is at `Container.data() + Where` instead,
/// Where its index: taking `&v[i]` would check i against the size where the loop runs no
/// iteration.
struct LoopElement {
  Span Where;
  std::vector<Span> Counter;
  GemmPoly Stride;
  std::optional<Span> Container;
  bool operator==(const LoopElement &O) const {
    return Where == O.Where && Counter == O.Counter && Stride == O.Stride &&
           Container == O.Container;
  }
};

struct VectorLoopShape {
  enum Kind {
    Dot,  ///< T += X * Y, T the same lvalue every iteration: X and Y the factors in slot order
    Axpy, ///< Q += alpha * X (either order), Q and X elements: X the factor, Y the target Q
  } Form = Dot;
  Span Loop;          ///< the `for` statement, with its body, replaced by the call
  Span Lower, Upper;  ///< the counter's initial value and its bound
  bool Inclusive = false; ///< `i <= U`
  bool LowerZero = false; ///< the lower bound is the literal 0
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
    return Form == O.Form && Loop == O.Loop && Lower == O.Lower && Upper == O.Upper &&
           Inclusive == O.Inclusive && LowerZero == O.LowerZero && Accumulate == O.Accumulate &&
           Target == O.Target && Alpha == O.Alpha && AlphaSlot == O.AlphaSlot && X == O.X &&
           Y == O.Y && Order == O.Order && Statements == O.Statements && Piece == O.Piece &&
           CallLine == O.CallLine;
  }
};

} // namespace autoscale

#endif
