//===- Decide.h - classes, colouring and rules -> a decision per operation ---===//
//
// Each operation gets its class from the rules' op lists (or from the first override that
// matches it and names a class), then colouring over the dataflow graph adjusts the class, then
// the class treatment patched by that same override is the operation's treatment, and its
// rounding point is defaulted.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DECIDE_DECIDE_H
#define AUTOSCALE_TOOL_DECIDE_DECIDE_H

#include "find/Operation.h"
#include "ruleset/RuleSet.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace autoscale {

/// A runtime call that replaces code around the operations it computes, named by its kind
/// (substitutions/Substitution.h: each kind is one folder and one class, whose name() this is,
/// a literal). decide/ names no kind.
using Substitution = llvm::StringRef;

struct Decision {
  std::optional<rules::OpClass> Class; ///< after colouring; unset when no class lists the op
  rules::Treatment Treatment;          ///< rounding always set
  std::string Rule;                    ///< the rule that decided: "class:allow", an override's name
  /// The substitution that computes this operation, or none: its own call where it is rewritten,
  /// as written where it is kept. A loop program runs its loop's kept operations too.
  std::optional<Substitution> RunsIn;
  /// RunsIn a substitution whose call is another operation's (a matmul site computes the
  /// operations written in the code it replaces): that site, "file:line:col". Such an operation
  /// is not rewritten on its own.
  std::string ComputedAt;
  /// Per substitution that could run a rewritten operation and does not: why (the report's).
  std::map<Substitution, std::string> WhyNot;

  bool runsIn(Substitution S) const { return RunsIn == S; }
  /// Why S does not compute this rewritten operation; empty when it does, or cannot.
  std::string whyNot(Substitution S) const {
    auto It = WhyNot.find(S);
    return It == WhyNot.end() ? std::string() : It->second;
  }
  bool rewrites() const {
    return ComputedAt.empty() && Treatment.Action != rules::Action::Keep;
  }
};

/// The rules' view of an operation.
rules::OperationKey ruleKeyOf(const Operation &Op);

/// Each operation's class and treatment (no substitution yet: substitutions/Substitution.h).
/// Decisions for Ops, index for index. Edges may name operations that are not in Ops.
std::vector<Decision> decide(const std::vector<Operation> &Ops,
                             const std::set<DataflowEdge> &Edges, const rules::RuleSet &Rules);

} // namespace autoscale

#endif
