//===- Decide.cpp - classes, colouring and rules -> a decision per operation -===//
#include "decide/Decide.h"

namespace autoscale {

using rules::OpClass;

bool Decision::operator==(const Decision &O) const {
  const rules::Treatment &A = Treatment, &B = O.Treatment;
  const rules::StrategyParams &P = A.params, &Q = B.params;
  return Class == O.Class && Rule == O.Rule && A.action == B.action && A.format == B.format &&
         A.rounding == B.rounding && A.strategy == B.strategy && P.historyLen == Q.historyLen &&
         P.reduce == Q.reduce && P.margin == Q.margin && P.staticScale == Q.staticScale &&
         P.analysisSteps == Q.analysisSteps && P.recheckEvery == Q.recheckEvery &&
         P.saturate == Q.saturate;
}

static rules::OperationKey keyOf(const Operation &Op) {
  return rules::OperationKey{Op.Op, Op.Function, Op.File, Op.Variable, Op.Callee};
}

namespace {
/// TF AMP's colouring restricted to expression trees: deny flows forward through infer and
/// clear operations; an infer or clear operation fed directly by an allow one becomes allow.
class Colouring {
public:
  Colouring(const std::vector<Operation> &Ops, const rules::RuleSet &Rules)
      : Ops(Ops), Base(Ops.size()), Colour(Ops.size()), Done(Ops.size(), false) {
    for (size_t I = 0; I < Ops.size(); ++I) {
      rules::OperationKey Key = keyOf(Ops[I]);
      const rules::Override *O = Rules.firstMatch(Key);
      Base[I] = O && O->opClass ? O->opClass : Rules.classFor(Ops[I].Op);
    }
  }

  std::optional<OpClass> colour(size_t I) {
    if (Done[I])
      return Colour[I];
    Done[I] = true; // inputs are strictly inside the expression: no cycles
    std::optional<OpClass> C = Base[I];
    if (C == OpClass::Infer || C == OpClass::Clear) {
      bool AnyDeny = false, AnyAllow = false;
      for (unsigned In : Ops[I].Inputs) {
        std::optional<OpClass> IC = colour(In);
        AnyDeny |= IC == OpClass::Deny;
        AnyAllow |= IC == OpClass::Allow;
      }
      if (AnyDeny)
        C = OpClass::Deny;
      else if (AnyAllow)
        C = OpClass::Allow;
    }
    Colour[I] = C;
    return C;
  }

private:
  const std::vector<Operation> &Ops;
  std::vector<std::optional<OpClass>> Base, Colour;
  std::vector<bool> Done;
};
} // namespace

std::vector<Decision> decide(const std::vector<Operation> &Ops, const rules::RuleSet &Rules) {
  Colouring Colours(Ops, Rules);
  std::vector<Decision> Out(Ops.size());
  for (size_t I = 0; I < Ops.size(); ++I) {
    Decision &D = Out[I];
    D.Class = Colours.colour(I);
    if (!D.Class) {
      D.Rule = "unlisted";
      D.Treatment.rounding = rules::Rounding::Output;
      continue;
    }
    D.Treatment = Rules.decide(keyOf(Ops[I]), *D.Class, D.Rule);
    if (!D.Treatment.rounding)
      D.Treatment.rounding =
          Ops[I].Op == "dot_mul" ? rules::Rounding::Inputs : rules::Rounding::Output;
  }
  return Out;
}

} // namespace autoscale
