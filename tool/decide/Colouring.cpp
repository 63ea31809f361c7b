//===- Colouring.cpp - TF AMP's graph colouring over the dataflow graph ------===//
#include "decide/Colouring.h"

namespace autoscale {

using rules::OpClass;

std::vector<std::optional<OpClass>> colour(const std::vector<std::optional<OpClass>> &Classes,
                                           const std::vector<std::vector<size_t>> &Inputs,
                                           const std::vector<bool> &LowResult) {
  std::vector<std::optional<OpClass>> Colour = Classes;
  std::vector<bool> Done(Classes.size(), false);
  // Depth first from each operation to the operations feeding it; an operation is marked done
  // before its inputs are visited, so a cycle ends at the operation it started from.
  auto Visit = [&](size_t I, auto &Self) -> std::optional<OpClass> {
    if (Done[I])
      return Colour[I];
    Done[I] = true;
    std::optional<OpClass> C = Classes[I];
    if (C == OpClass::Infer || C == OpClass::Clear) {
      bool AnyDeny = false, AnyAllow = false;
      for (size_t In : Inputs[I]) {
        std::optional<OpClass> IC = Self(In, Self);
        AnyDeny |= IC == OpClass::Deny;
        AnyAllow |= IC == OpClass::Allow && LowResult[In];
      }
      if (AnyDeny)
        C = OpClass::Deny;
      else if (AnyAllow)
        C = OpClass::Allow;
    }
    return Colour[I] = C;
  };
  for (size_t I = 0; I < Classes.size(); ++I)
    Visit(I, Visit);
  return Colour;
}

} // namespace autoscale
