//===- LoopPrograms.cpp - the loops that run as one loop program -------------===//
#include "decide/Decide.h"

#include "decide/StepLoops.h"
#include "find/LoopProgramShape.h"

#include <map>

namespace autoscale {

void assignLoopPrograms(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions) {
  std::map<std::pair<std::string, unsigned>, std::vector<size_t>> Members;
  for (size_t I = 0; I < Ops.size(); ++I) {
    if (const LoopProgramShape *P = Ops[I].Shape ? Ops[I].Shape->Program.get() : nullptr)
      Members[{Ops[I].Key.File, P->Loop.Begin}].push_back(I);
    else if (Decisions[I].rewrites() && !Decisions[I].VectorLoop)
      Decisions[I].ProgramNote = Ops[I].ProgramNote;
  }
  std::map<OpKey, size_t> IndexOf;
  for (size_t I = 0; I < Ops.size(); ++I)
    IndexOf.emplace(Ops[I].Key, I);
  for (const auto &[Loop, Is] : Members) {
    std::string Why;
    bool Rewrites = false, AllPlain = true;
    for (const OpKey &K : Ops[Is.front()].Shape->Program->InvariantOps)
      if (auto It = IndexOf.find(K);
          It != IndexOf.end() && Ops[It->second].Shape && Decisions[It->second].rewrites())
        Why = "a value the loop computes once has a site of its own";
    for (size_t I : Is) {
      const Decision &D = Decisions[I];
      Rewrites |= D.rewrites();
      // fp32 with statistics amax records nothing: the runtime's inline call is the plain
      // arithmetic, which the loop as written runs faster than any loop program.
      AllPlain &= !D.rewrites() || (D.Treatment.Format == rules::Format::FP32 &&
                                    D.Treatment.Statistics == rules::Statistics::Amax);
      if (D.VectorLoop)
        Why = "a multiply of the loop runs as a vector loop";
      else if (!D.InMatmul.empty())
        Why = "the loop is part of a matmul";
      else if (D.rewrites() && !D.Treatment.LoopPrograms)
        Why = "the rules keep the loop's calls (loop_programs: false)";
    }
    if (Rewrites && AllPlain && Why.empty())
      Why = "every site of the loop is fp32 with statistics amax: its calls are the plain arithmetic";
    for (size_t I : Is) {
      Decision &D = Decisions[I];
      D.Program = Rewrites && Why.empty();
      if (D.rewrites() && !D.Program && !D.VectorLoop)
        D.ProgramNote = Why;
    }
  }
}

void keepStepLoopsAsCalls(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions,
                          const StepPlan &Steps) {
  for (size_t I = 0; I < Ops.size(); ++I) {
    const LoopProgramShape *P = Ops[I].Shape ? Ops[I].Shape->Program.get() : nullptr;
    if (!P || !Decisions[I].Program)
      continue;
    for (const StepLoop &L : Steps.Loops)
      for (const StepPoint &Point : L.Loop.Steps)
        if (L.File == Ops[I].Key.File && Point.Begin < P->Loop.End && P->Loop.Begin <= Point.End) {
          Decisions[I].Program = false;
          if (Decisions[I].rewrites())
            Decisions[I].ProgramNote = "the loop ends the program's steps";
        }
  }
}

} // namespace autoscale
