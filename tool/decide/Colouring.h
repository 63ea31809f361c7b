//===- Colouring.h - TF AMP's graph colouring over the dataflow graph --------===//
#ifndef AUTOSCALE_TOOL_DECIDE_COLOURING_H
#define AUTOSCALE_TOOL_DECIDE_COLOURING_H

#include "ruleset/RuleSet.h"

#include <optional>
#include <vector>

namespace autoscale {

/// The classes after colouring. Classes[i] is operation i's class from the rules (unset: listed
/// nowhere); Inputs[i] the operations feeding it. Deny flows forward through infer and clear
/// operations; an infer or clear operation fed by an allow one whose result is low precision
/// (and by no deny one) becomes allow. LowResult[i] says whether operation i's result is in low
/// precision: an operation that rounds only its inputs (a dot_mul, an FP8 GEMM operand) yields an
/// FP32 result and promotes nothing.
std::vector<std::optional<rules::OpClass>>
colour(const std::vector<std::optional<rules::OpClass>> &Classes,
       const std::vector<std::vector<size_t>> &Inputs, const std::vector<bool> &LowResult);

} // namespace autoscale

#endif
