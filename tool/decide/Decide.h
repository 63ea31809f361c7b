//===- Decide.h - classes, colouring and rules -> a decision per operation ---===//
//
// Each operation gets its class from the rules' op lists (or an override that moves it), then
// colouring over the expression trees adjusts the class (DESIGN.md "Operations, classes,
// actions"), then the rules decide its treatment, and the rounding point is defaulted.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DECIDE_DECIDE_H
#define AUTOSCALE_TOOL_DECIDE_DECIDE_H

#include "find/Operation.h"
#include "ruleset/RuleSet.h"

#include <optional>
#include <string>
#include <vector>

namespace autoscale {

struct Decision {
  std::optional<rules::OpClass> Class; ///< after colouring; unset when no class lists the op
  rules::Treatment Treatment;          ///< rounding always set
  std::string Rule;                    ///< the rule that decided: "class:allow", an override's name
  bool rewrites() const { return Treatment.action != rules::Action::Keep; }
  bool operator==(const Decision &O) const;
};

/// Decisions for the operations of one translation unit, index for index.
std::vector<Decision> decide(const std::vector<Operation> &Ops, const rules::RuleSet &Rules);

} // namespace autoscale

#endif
