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

/// A runtime call that replaces code around the operations it computes (docs/ARCHITECTURE.md,
/// substitutions): a matrix product (decide/Gemms.cpp), a loop of one multiply site
/// (decide/VectorLoops.cpp), a loop program (decide/LoopPrograms.cpp).
enum class Substitution { Matmul, VectorLoop, LoopProgram };

struct Decision {
  std::optional<rules::OpClass> Class; ///< after colouring; unset when no class lists the op
  rules::Treatment Treatment;          ///< rounding always set
  std::string Rule;                    ///< the rule that decided: "class:allow", an override's name
  /// The substitution that computes this operation, or none: its own call where it is rewritten,
  /// as written where it is kept. A loop program runs its loop's kept operations too.
  std::optional<Substitution> RunsIn;
  /// RunsIn a matmul: "file:line:col" of its site.
  std::string MatmulSite;
  /// Per substitution that could run a rewritten operation and does not: why (the report's).
  std::map<Substitution, std::string> WhyNot;

  bool runsIn(Substitution S) const { return RunsIn == S; }
  bool rewrites() const {
    return !runsIn(Substitution::Matmul) && Treatment.Action != rules::Action::Keep;
  }
};

/// The rules' view of an operation.
rules::OperationKey ruleKeyOf(const Operation &Op);

/// A matmul site that is rewritten computes the operations written in what it replaces: they
/// are its own, not rewritten one by one (Substitution::Matmul). It rounds its operands; the
/// products of one kernel declaration are rewritten together or kept together.
void assignToMatmuls(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions);

/// A multiply whose shape has a vector loop (VectorLoopShape.h) runs that loop as one call of
/// the runtime's kernels when the call is exactly the loop of its scalar calls: it rounds its
/// inputs to a format other than fp32, and the loop's add is kept as written.
void assignVectorLoops(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions);

/// The operations of an innermost loop whose shape has a loop program (LoopProgramShape.h) run
/// as that program when some of them is rewritten, none runs as a vector loop or in a matmul,
/// and the rules of every rewritten one leave loop_programs on.
void assignLoopPrograms(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions);

struct StepPlan;
/// A loop that ends steps (StepLoops.h) keeps its calls: its step goes inside it.
void keepStepLoopsAsCalls(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions,
                          const StepPlan &Steps);

/// Decisions for Ops, index for index. Edges may name operations that are not in Ops.
std::vector<Decision> decide(const std::vector<Operation> &Ops,
                             const std::set<DataflowEdge> &Edges, const rules::RuleSet &Rules);

} // namespace autoscale

#endif
