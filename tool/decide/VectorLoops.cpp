//===- VectorLoops.cpp - the multiplies whose loops run as one kernel call ---===//
#include "decide/Decide.h"

#include "find/loops/VectorLoopShape.h"

#include <map>

namespace autoscale {

void assignVectorLoops(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions) {
  std::map<OpKey, size_t> IndexOf;
  for (size_t I = 0; I < Ops.size(); ++I)
    IndexOf.emplace(Ops[I].Key, I);
  for (size_t I = 0; I < Ops.size(); ++I) {
    const VectorLoopShape *L = Ops[I].Shape ? Ops[I].Shape->Loop.get() : nullptr;
    Decision &D = Decisions[I];
    if (!D.rewrites() || !D.Treatment.VectorLoops)
      continue;
    // The kernels are the loop of autoscale_mul_*: a site that rounds its inputs (output
    // rounding would be another call), and fp32 rounds nothing, so the loop as written is best.
    const rules::Treatment &T = D.Treatment;
    if (T.Rounding != rules::Rounding::Inputs || T.Format == rules::Format::FP32)
      continue;
    if (!L) {
      D.WhyNot[Substitution::VectorLoop] = Ops[I].LoopNote;
      continue;
    }
    // The sum is kept in the operation's type: an add that is a site of its own stays a call.
    auto Add = IndexOf.find(L->Accumulate);
    if (Add != IndexOf.end() && !Decisions[Add->second].rewrites())
      D.RunsIn = Substitution::VectorLoop;
    else
      D.WhyNot[Substitution::VectorLoop] = "the sum is a site of its own";
  }
  // The calls of a loop of several statements replace it together, or none does.
  std::map<std::pair<std::string, unsigned>, std::vector<size_t>> Members;
  for (size_t I = 0; I < Ops.size(); ++I)
    if (const VectorLoopShape *L = Ops[I].Shape ? Ops[I].Shape->Loop.get() : nullptr;
        L && L->Statements > 1)
      Members[{Ops[I].Key.File, L->Loop.Begin}].push_back(I);
  for (auto &[Loop, Is] : Members) {
    size_t Calls = 0;
    for (size_t I : Is)
      Calls += Decisions[I].runsIn(Substitution::VectorLoop);
    if (Calls == Ops[Is.front()].Shape->Loop->Statements)
      continue;
    for (size_t I : Is)
      if (Decisions[I].runsIn(Substitution::VectorLoop)) {
        Decisions[I].RunsIn.reset();
        Decisions[I].WhyNot[Substitution::VectorLoop] =
            "another statement of the loop stays one call per product";
      }
  }
}

} // namespace autoscale
