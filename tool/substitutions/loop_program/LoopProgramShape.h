//===- LoopProgramShape.h - an innermost loop the runtime runs as a program --===//
//
// An innermost counted loop whose body is straight-line float arithmetic over elements at
// addresses affine in the counter is one call of the runtime's autoscale_loop_f, which runs its
// iterations exactly as the rewritten statements would (autoscale.h, loop programs):
//
//   for (int i = 0; i < n; i++) {                       ops: LOAD r0 <- x; PARAM r1 <- k
//     float t = x[i] * k;                                     MUL r2 <- r0 r1 (a site)
//     y[i] = t + expf(t);                      ->             CALL r3 <- expf r2 (the site's
//   }                                                         operand and result around it)
//                                                             ADD r4 <- r2 r3; STORE y <- r4
//
// LoopPrograms.h proves the loop and records it as ops on registers whose float
// operations are named by their keys; decide/ picks the loops to run so; emit/ spells the call,
// each operation as a site where it is rewritten and as plain arithmetic where it is kept
// (substitutions/LoopProgram.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_LOOP_PROGRAM_LOOPPROGRAMSHAPE_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_LOOP_PROGRAM_LOOPPROGRAMSHAPE_H

#include "find/loops/LoopText.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace autoscale {

/// One op of a loop program, on registers holding a float per iteration.
struct ProgramOp {
  enum Code {
    Load,      ///< Dst = element A of Arrays at this iteration
    Store,     ///< element A of Arrays = register B
    Param,     ///< Dst = Params[A], evaluated once before the loop
    Operation, ///< Dst = the float operation Op on registers A (and B): its site's call where it
               ///< is rewritten, the plain arithmetic (or the math call) where it is kept
    Compare,   ///< Dst = 1 where register A Pred register B (floats, as C compares them), else 0
    Select,    ///< Dst = register A != 0 ? register B : register C (a conditional expression)
    Counter,   ///< Dst = register A + the iteration's index: the counter's value as a float, for
               ///< comparisons of integers (A holds its first value; the call checks that every
               ///< value is exact, AUTOSCALE_COUNTER_EXACT)
  } Kind = Load;
  /// Operation: what it computes (an operator, or a call of Function with A).
  enum Arithmetic { Add, Sub, Mul, Div, Neg, Call } Arith = Add;
  /// Compare: the relation.
  enum Predicate { Less, LessEqual, Equal } Pred = Less;
  int Dst = -1, A = -1, B = -1, C = -1;
  OpKey Op;
  std::string Function; ///< Call: the function as the loop names it (a C function float(float))
  bool operator==(const ProgramOp &O) const {
    return Kind == O.Kind && Arith == O.Arith && Pred == O.Pred && Dst == O.Dst && A == O.A &&
           B == O.B && C == O.C && Op == O.Op && Function == O.Function;
  }
};


struct LoopProgramShape : SubstitutionShapeOf<LoopProgramShape> {
  LoopSpans Spans; ///< the loop (replaced by the call) and its bounds
  /// The elements the loop reads and writes, each as it is at the first iteration and its
  /// stride; one read after its element was stored in the same iteration reads the register.
  std::vector<LoopElement> Arrays;
    /// Values the loop does not change (literals, variables, expressions of them without memory
  /// reads), as written; the call evaluates each once and converts it to float.
  std::vector<Span> Params;
  /// Operations inside the parameters: the call evaluates them once, which is the loop's only
  /// while they are kept (decide/ runs no program where one is a site).
  std::vector<OpKey> InvariantOps;
  std::vector<ProgramOp> Ops;
  int Registers = 0;
  unsigned CallLine = 0; ///< the line of the `for`, where the call is written

  bool operator==(const LoopProgramShape &O) const {
    return Spans == O.Spans && Arrays == O.Arrays && Params == O.Params &&
           InvariantOps == O.InvariantOps && Ops == O.Ops &&
           Registers == O.Registers && CallLine == O.CallLine;
  }
};

/// The name the loop program kind's shapes are stored under (the report's word for the kind).
inline constexpr llvm::StringLiteral LoopProgramKindName = "loop_program";

/// The loop program Op is an operation of, or null.
inline const LoopProgramShape *loopProgramOf(const Operation &Op) {
  return Op.Shape ? substitutionShape<LoopProgramShape>(Op.Shape->Substitutions,
                                                        LoopProgramKindName)
                  : nullptr;
}

} // namespace autoscale

#endif
