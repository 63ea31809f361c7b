//===- Project.cpp - what every translation unit found, merged ---------------===//
#include "driver/Project.h"

#include <tuple>

namespace autoscale::driver {

/// Whether two sightings of one operation are the same operation to every later stage.
static bool sameOperation(const Operation &A, const Operation &B) {
  return A.SkipReason == B.SkipReason && A.Shape == B.Shape && A.OpName == B.OpName &&
         A.Function == B.Function && A.Variable == B.Variable && A.Callee == B.Callee &&
         A.Type == B.Type && A.NotSubstituted == B.NotSubstituted;
}

/// Two programs in one run may each define an external function of one name (main, say). U's
/// definition of a name Known has from another file takes the key name@file, in U's operations
/// and calls too, so each keeps its own loops (a call from other units still reaches the first).
static void separateDefinitions(FoundUnit &U, const std::map<std::string, FunctionRecord> &Known) {
  std::map<std::string, std::string> Renamed;
  for (const auto &[Key, F] : U.Functions)
    if (auto It = Known.find(Key); It != Known.end() && It->second.File != F.File)
      Renamed[Key] = Key + "@" + F.Display;
  if (Renamed.empty())
    return;
  auto keyOf = [&](const std::string &Key) {
    auto R = Renamed.find(Key);
    return R == Renamed.end() ? Key : R->second;
  };
  std::map<std::string, FunctionRecord> Functions;
  for (auto &[Key, F] : U.Functions) {
    if (Renamed.count(Key))
      F.Name += "@" + F.Display;
    F.Key = keyOf(Key);
    std::set<std::pair<std::string, std::optional<unsigned>>> Calls;
    for (const auto &[Callee, Loop] : F.Calls)
      Calls.insert({keyOf(Callee), Loop});
    F.Calls = std::move(Calls);
    std::set<std::string> Overrides;
    for (const std::string &Base : F.Overrides)
      Overrides.insert(keyOf(Base));
    F.Overrides = std::move(Overrides);
    Functions.emplace(F.Key, std::move(F));
  }
  U.Functions = std::move(Functions);
  for (Operation &Op : U.Ops)
    Op.FunctionKey = keyOf(Op.FunctionKey);
}

Project merge(std::vector<FoundUnit> Units) {
  Project P;
  std::map<OpKey, Operation> Ops;
  std::map<std::string, std::set<unsigned>> OtherArithmetic;
  for (FoundUnit &U : Units) {
    separateDefinitions(U, P.Functions);
    for (Operation &Op : U.Ops) {
      auto [It, New] = Ops.try_emplace(Op.Key, Op);
      if (New)
        continue;
      Operation &Old = It->second;
      Old.Cuda |= Op.Cuda;
      if (Old.DeviceUnrolls.empty())
        Old.DeviceUnrolls = Op.DeviceUnrolls; // a CUDA unit's view of a header's device function
      Old.SeenByC |= Op.SeenByC;
      if (sameOperation(Old, Op))
        continue;
      if (Old.SkipReason.empty())
        Old.SkipReason = Op.SkipReason.empty() ? "translation units or macro expansions disagree"
                                               : Op.SkipReason;
      Old.Shape.reset();
    }
    P.Edges.insert(U.Edges.begin(), U.Edges.end());
    for (auto &[File, Points] : U.StepPoints)
      P.StepPoints[File].insert(Points.begin(), Points.end());
    P.StepFunctionsDefined.insert(U.StepFunctionsDefined.begin(), U.StepFunctionsDefined.end());
    P.DisplayPaths.insert(U.DisplayPaths.begin(), U.DisplayPaths.end());
    P.Functions.insert(U.Functions.begin(), U.Functions.end());
    P.CallsStep |= U.CallsStep;
    P.OutsideRoot.insert(U.OutsideRoot.begin(), U.OutsideRoot.end());
    for (const auto &[Key, Kernel] : U.Kernels)
      P.Kernels[Key].merge(Kernel);
    for (const auto &[File, Lines] : U.DeviceBranches)
      P.DeviceBranches[File].insert(Lines.begin(), Lines.end());
    for (auto &[File, Offsets] : U.OtherArithmetic)
      OtherArithmetic[File].insert(Offsets.begin(), Offsets.end());
  }
  for (auto &[Key, Op] : Ops) {
    auto Other = OtherArithmetic.find(Key.File);
    if (Other != OtherArithmetic.end() && Other->second.count(Key.Offset) && Op.SkipReason.empty()) {
      Op.SkipReason = "not a floating-point operation in another translation unit";
      Op.Shape.reset();
    }
    P.Ops.push_back(std::move(Op));
  }
  return P;
}

std::vector<std::vector<std::string>> fedBy(const Project &P) {
  std::map<OpKey, size_t> IndexOf;
  for (size_t I = 0; I < P.Ops.size(); ++I)
    IndexOf.emplace(P.Ops[I].Key, I);
  std::vector<std::vector<std::pair<unsigned, std::string>>> Slots(P.Ops.size());
  for (const DataflowEdge &E : P.Edges) {
    auto From = IndexOf.find(E.From), To = IndexOf.find(E.To);
    if (From == IndexOf.end() || To == IndexOf.end())
      continue;
    const Operation &In = P.Ops[From->second];
    Slots[To->second].push_back(
        {E.Slot, In.File + ":" + std::to_string(In.Line) + ":" + std::to_string(In.Column)});
  }
  std::vector<std::vector<std::string>> Out(P.Ops.size());
  for (size_t I = 0; I < P.Ops.size(); ++I) {
    std::stable_sort(Slots[I].begin(), Slots[I].end(),
                     [](const auto &A, const auto &B) { return A.first < B.first; });
    for (auto &[Slot, Where] : Slots[I])
      Out[I].push_back(std::move(Where));
  }
  return Out;
}

} // namespace autoscale::driver
