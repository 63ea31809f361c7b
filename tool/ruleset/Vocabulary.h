//===- Vocabulary.h - the rules' enums as the runtime's constants ------------===//
//
// The contract between the tool and the runtime, as code: each enum of the rules maps to the
// constant of the runtime's C headers (autoscale/site.h, autoscale/format.h) that a site table
// carries, with the constant's spelling taken from the same token, and the tables are checked
// against the runtime's enums at compile time.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_RULESET_VOCABULARY_H
#define AUTOSCALE_TOOL_RULESET_VOCABULARY_H

#include "ruleset/RuleSet.h"

namespace autoscale {

/// The arithmetic an operation performs, whatever the rules call it: the runtime's autoscale_op.
enum class BaseOp { Add, Sub, Mul, Div, Neg, Inc, Dec, Call };

} // namespace autoscale

namespace autoscale::rules {

/// A constant of the runtime's headers: its value and how rewritten code spells it.
struct RuntimeConstant {
  int Value;
  const char *Spelling;
};

RuntimeConstant runtimeConstant(OpClass C);
RuntimeConstant runtimeConstant(Action A); ///< A is cast or scale: a site is never kept
RuntimeConstant runtimeConstant(Format F);
RuntimeConstant runtimeConstant(Rounding R);
RuntimeConstant runtimeConstant(Strategy S);
RuntimeConstant runtimeConstant(AmaxReduce R);
RuntimeConstant runtimeConstant(BaseOp B);
/// The rules' name of an operator's arithmetic ("add", ..., "call").
llvm::StringRef name(BaseOp B);

} // namespace autoscale::rules

#endif
