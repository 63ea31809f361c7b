//===- LoopPrograms.cpp - the loops that run as one loop program -------------===//
#include "decide/Decide.h"

#include "decide/StepLoops.h"
#include "find/loops/LoopProgramShape.h"

#include <map>

namespace autoscale {

void assignLoopPrograms(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions) {
  std::map<std::pair<std::string, unsigned>, std::vector<size_t>> Members;
  for (size_t I = 0; I < Ops.size(); ++I) {
    if (const LoopProgramShape *P = Ops[I].Shape ? Ops[I].Shape->Program.get() : nullptr)
      Members[{Ops[I].Key.File, P->Loop.Begin}].push_back(I);
    else if (Decisions[I].rewrites() && !Decisions[I].runsIn(Substitution::VectorLoop))
      Decisions[I].WhyNot[Substitution::LoopProgram] = Ops[I].ProgramNote;
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
      if (D.runsIn(Substitution::VectorLoop))
        Why = "a multiply of the loop runs as a vector loop";
      else if (D.runsIn(Substitution::Matmul))
        Why = "the loop is part of a matmul";
      else if (D.rewrites() && !D.Treatment.LoopPrograms)
        Why = "the rules keep the loop's calls (loop_programs: false)";
    }
    if (Rewrites && AllPlain && Why.empty())
      Why = "every site of the loop is fp32 with statistics amax: its calls are the plain arithmetic";
    // Where the program runs, no operation of the loop runs in another substitution (Why).
    for (size_t I : Is) {
      Decision &D = Decisions[I];
      if (Rewrites && Why.empty())
        D.RunsIn = Substitution::LoopProgram;
      else if (D.rewrites() && !D.runsIn(Substitution::VectorLoop))
        D.WhyNot[Substitution::LoopProgram] = Why;
    }
  }
}

void keepStepLoopsAsCalls(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions,
                          const StepPlan &Steps) {
  for (size_t I = 0; I < Ops.size(); ++I) {
    const LoopProgramShape *P = Ops[I].Shape ? Ops[I].Shape->Program.get() : nullptr;
    if (!P || !Decisions[I].runsIn(Substitution::LoopProgram))
      continue;
    for (const StepLoop &L : Steps.Loops)
      for (const StepPoint &Point : L.Loop.Steps)
        if (L.File == Ops[I].Key.File && Point.Begin < P->Loop.End && P->Loop.Begin <= Point.End) {
          Decisions[I].RunsIn.reset();
          if (Decisions[I].rewrites())
            Decisions[I].WhyNot[Substitution::LoopProgram] = "the loop ends the program's steps";
        }
  }
}

} // namespace autoscale
