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

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace autoscale {

struct Decision {
  std::optional<rules::OpClass> Class; ///< after colouring; unset when no class lists the op
  rules::Treatment Treatment;          ///< rounding always set
  std::string Rule;                    ///< the rule that decided: "class:allow", an override's name
  /// "file:line:col" of the matmul site that computes this operation (decide/Gemms.cpp).
  std::string InMatmul;
  /// A multiply whose loop runs as one call of the runtime's loop kernels (decide/VectorLoops.cpp).
  bool VectorLoop = false;
  /// A multiply the kernels could run whose loop stays one call per product: why (the report's).
  std::string LoopNote;
  /// An operation of a loop that runs as one loop program (decide/LoopPrograms.cpp), rewritten
  /// or kept; or, for a rewritten one whose loop does not, why not (ProgramNote).
  bool Program = false;
  std::string ProgramNote;
  bool rewrites() const { return InMatmul.empty() && Treatment.Action != rules::Action::Keep; }
};

/// The rules' view of an operation.
rules::OperationKey ruleKeyOf(const Operation &Op);

/// A matmul site that is rewritten computes the operations written in what it replaces: they
/// are its own, not rewritten one by one (Decision::InMatmul). It rounds its operands; the
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
