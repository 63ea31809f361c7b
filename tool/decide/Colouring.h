//===- Colouring.h - TF AMP's graph colouring over the dataflow graph --------===//
#ifndef AUTOSCALE_TOOL_DECIDE_COLOURING_H
#define AUTOSCALE_TOOL_DECIDE_COLOURING_H

#include "ruleset/RuleSet.h"

#include <optional>
#include <vector>

namespace autoscale {

/// The classes after colouring. Classes[i] is operation i's class from the rules (unset: listed
/// nowhere); Inputs[i] the operations feeding it. Deny flows forward through infer and clear
/// operations; an infer or clear operation fed by an allow one (and no deny one) becomes allow.
std::vector<std::optional<rules::OpClass>>
colour(const std::vector<std::optional<rules::OpClass>> &Classes,
       const std::vector<std::vector<size_t>> &Inputs);

} // namespace autoscale

#endif
