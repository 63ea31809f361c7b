//===- RuleWarnings.h - rules that change nothing in this run ----------------===//
//
// A rules file can be valid and still do nothing a user meant: an override whose match names a
// function no source has (`function: dto` for `dot`), a name added to a class that nothing calls
// (`expff`), a step function no source defines, an override that rounds without a format. The run
// goes on as the rules say and warns at the rule's place in the rules file ("RULES:L:C: warning:
// ..."), so that a typo is not silent.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DECIDE_RULEWARNINGS_H
#define AUTOSCALE_TOOL_DECIDE_RULEWARNINGS_H

#include "decide/Decide.h"

#include <set>
#include <string>
#include <vector>

namespace autoscale {

/// A warning for each override that sets a rounding action without a format on operations their
/// class keeps (rules::lacksFormat): they stay kept. Naming how many and the first.
std::vector<std::string> formatlessOverrideWarnings(const std::vector<Operation> &Ops,
                                                    const std::vector<Decision> &Decisions,
                                                    const rules::RuleSet &Rules);

/// A warning for each override that narrows its match to particular code (a function, file,
/// variable, callee or line) and matches no operation of Ops, naming the first field that rules
/// everything out and, for a plain name, the nearest one the sources have. An override by op
/// alone (the shipped files' `op: matmul`) is general and may well match nothing in a program.
std::vector<std::string> unmatchedOverrideWarnings(const std::vector<Operation> &Ops,
                                                   const rules::RuleSet &Rules);

/// A warning for each step function the rules name that no source of the run defines (Defined):
/// no autoscale_step() is inserted for it.
std::vector<std::string> undefinedStepFunctionWarnings(const std::set<std::string> &Defined,
                                                       const rules::RuleSet &Rules);

/// A warning for each name a `classes:` entry adds that is no built-in op nor math function
/// (rules::RuleSet::WrittenFunctionAt) and that no operation of Ops calls, with the math function
/// it is closest to.
std::vector<std::string> uncalledClassFunctionWarnings(const std::vector<Operation> &Ops,
                                                       const rules::RuleSet &Rules);

} // namespace autoscale

#endif
