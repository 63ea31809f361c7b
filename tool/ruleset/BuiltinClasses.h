//===- BuiltinClasses.h - the op-class lists every rules file starts from ----===//
#ifndef AUTOSCALE_TOOL_RULESET_BUILTINCLASSES_H
#define AUTOSCALE_TOOL_RULESET_BUILTINCLASSES_H

#include "ruleset/RuleSet.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace autoscale::rules {

/// TF AMP's lineage: allow = products feeding accumulations, infer = exact-ish
/// elementwise ops, deny = ops whose error or range blows up in low precision, clear = empty.
const std::map<std::string, OpClass> &builtinClasses();

/// The operator op names of OperationKey, in the order the README lists them.
const std::vector<llvm::StringRef> &operatorOps();

/// Whether Op names an operator ("add", "dot_mul", ...) rather than a math-library callee.
bool isOperatorOp(llvm::StringRef Op);

/// Whether Name is a float function of <math.h> or CUDA's math library (`floor`, `rintf`, `rsqrt`).
bool isStandardMathFunction(llvm::StringRef Name);

/// The float or double math function closest to Name in spelling (for "did you mean"), if any is
/// close enough.
std::optional<std::string> closestStandardMathFunction(llvm::StringRef Name);

} // namespace autoscale::rules

#endif
