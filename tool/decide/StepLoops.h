//===- StepLoops.h - where the program's steps end ---------------------------===//
//
// A step is one iteration of the program (a training step, a solver sweep): amax histories roll
// and delayed scales are recomputed there. The rules may declare step functions (`step:
// {function: ...}`) or turn steps off (`step: none`); a program may call autoscale_step() itself.
// Otherwise the step is found: the outermost loops that drive the float work (every operation
// found, rounded or kept: where steps end does not depend on the rules). A loop
// whose own counter indexes memory never does (`for (i...) for (j...) a[i][j] = ...` is one pass
// over a, `for (i...) t[i] = f(x[i])` fills a table); another drives the work when it calls a
// function that reaches float operations, or when a loop nested in it executes some (`for
// (t...) for (i...) u[i] = ...` repeats a sweep); of such loops, those not inside another one, in
// a function not called from inside one, end a step at each iteration. Where some of those drive
// by calls, the ones that only nest loops of float work in a function the program calls, or in
// the same function as one driving by calls, are left out: one-off work (an initialisation, an
// energy), not the program's step. A loop whose
// iterations do all their work inside one driving loop, nested in it or in the one function it
// calls (main running a training function twice), hands the step to that loop: the step is where
// the float work runs. A function named other than as a callee (a thread's start routine) counts
// as called where it is named.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_DECIDE_STEPLOOPS_H
#define AUTOSCALE_TOOL_DECIDE_STEPLOOPS_H

#include "decide/Decide.h"
#include "find/Operation.h"
#include "ruleset/RuleSet.h"

#include <map>
#include <string>
#include <vector>

namespace autoscale {

struct StepLoop {
  std::string File, Display; ///< the file of its function (absolute, project-relative)
  std::string Function;      ///< its function's name (FunctionRecord::Name)
  LoopRecord Loop;
};

struct StepPlan {
  enum Source {
    Inferred,    ///< the loops below end the steps
    Declared,    ///< the rules' step functions end them
    Program,     ///< the program calls autoscale_step() itself
    Off,         ///< the rules say `step: none`
    NotFound,    ///< no loop drives the sites: each site rolls its history every N executions
  } How = NotFound;
  std::vector<StepLoop> Loops; ///< Inferred: the step loops
  /// Step loops found where no step can be written (a macro's loop, a body without braces).
  std::vector<StepLoop> Unwritable;
};

/// Ops: every operation found (what the rules decide for them does not matter); Functions are
/// every unit's function records.
StepPlan planSteps(const std::vector<Operation> &Ops, const std::map<std::string, FunctionRecord> &Functions,
                   const rules::RuleSet &Rules, bool ProgramCallsStep);

} // namespace autoscale

#endif
