//===- LoopText.h - what a loop substitution spells from the file ------------===//
//
// The records the substitutions' calls are spelled from, shared by every kind that replaces a
// loop: polynomials whose factors are expressions written in the operation's file (an extent,
// a stride: `C / NH`, a loop bound) or text from the rules (a kernel's `m: B * T`), and the
// elements a loop walks.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_LOOPS_LOOPTEXT_H
#define AUTOSCALE_TOOL_FIND_LOOPS_LOOPTEXT_H

#include "find/Operation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace autoscale {

/// An expression of the call: source text of the operation's file, or text from the rules.
struct TextFactor {
  std::optional<Span> Source;
  std::string Text; ///< when there is no Source
  bool operator==(const TextFactor &O) const { return Source == O.Source && Text == O.Text; }
};

struct TextTerm {
  int64_t Coeff = 1;
  std::vector<TextFactor> Factors;
  bool operator==(const TextTerm &O) const { return Coeff == O.Coeff && Factors == O.Factors; }
};

/// A sum of terms; no term is 0.
struct TextPoly {
  std::vector<TextTerm> Terms;
  bool operator==(const TextPoly &O) const { return Terms == O.Terms; }
};

/// Where a counted loop is written, for a call that replaces it (find::loopSpans).
struct LoopSpans {
  Span Loop;              ///< the `for` statement, with its body
  Span Lower, Upper;      ///< the counter's initial value and its bound
  bool Inclusive = false; ///< `i <= U`
  bool LowerZero = false; ///< the lower bound is the literal 0
  /// The counter's name where the loop assigns it rather than declaring it: the call leaves it
  /// its exit value (CountedLoop::Assigned).
  std::optional<Span> AssignedCounter;
  bool operator==(const LoopSpans &O) const {
    return Loop == O.Loop && Lower == O.Lower && Upper == O.Upper && Inclusive == O.Inclusive &&
           LowerZero == O.LowerZero && AssignedCounter == O.AssignedCounter;
  }
};

/// An element the loop walks: its address at the first iteration is `&Where` with each use of
/// the loop counter (Counter) replaced by the lower bound; Stride elements apart per iteration.
/// An element of a standard container (Containers.h) is at `Container.data() + Where` instead,
/// Where its index: taking `&v[i]` would check i against the size where the loop runs no
/// iteration.
struct LoopElement {
  Span Where;
  std::vector<Span> Counter;
  TextPoly Stride;
  std::optional<Span> Container;
  bool operator==(const LoopElement &O) const {
    return Where == O.Where && Counter == O.Counter && Stride == O.Stride &&
           Container == O.Container;
  }
};

} // namespace autoscale

#endif
