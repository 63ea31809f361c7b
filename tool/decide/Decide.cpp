//===- Decide.cpp - classes, colouring and rules -> a decision per operation -===//
#include "decide/Decide.h"

#include "decide/Colouring.h"

#include <map>
#include <string>

namespace autoscale {

rules::OperationKey ruleKeyOf(const Operation &Op) {
  return rules::OperationKey{Op.OpName, Op.Function, Op.File, Op.Variable, Op.Callee, Op.Line};
}

/// Where an operation rounds when the rules do not say: a GEMM operand (a dot product's
/// multiply) at its inputs, as FP8 tensor cores do, anything else at its result.
static rules::Rounding defaultRounding(const Operation &Op) {
  return Op.OpName == rules::name(rules::Idiom::DotMul) ? rules::Rounding::Inputs
                                                         : rules::Rounding::Output;
}

std::vector<Decision> decide(const std::vector<Operation> &Ops,
                             const std::set<DataflowEdge> &Edges, const rules::RuleSet &Rules) {
  // The first matching override decides both the class it may name and the treatment.
  std::vector<const rules::Override *> Matched(Ops.size());
  std::vector<std::optional<rules::OpClass>> Classes(Ops.size());
  for (size_t I = 0; I < Ops.size(); ++I) {
    Matched[I] = Rules.firstMatch(ruleKeyOf(Ops[I]));
    Classes[I] = Matched[I] && Matched[I]->Class ? Matched[I]->Class
                                                 : Rules.classFor(Ops[I].OpName);
  }
  std::map<OpKey, size_t> IndexOf;
  for (size_t I = 0; I < Ops.size(); ++I)
    IndexOf.emplace(Ops[I].Key, I);
  std::vector<std::vector<size_t>> Inputs(Ops.size());
  for (const DataflowEdge &E : Edges) {
    auto From = IndexOf.find(E.From), To = IndexOf.find(E.To);
    if (From != IndexOf.end() && To != IndexOf.end())
      Inputs[To->second].push_back(From->second);
  }
  std::vector<bool> LowResult(Ops.size());
  for (size_t I = 0; I < Ops.size(); ++I)
    if (Classes[I]) {
      std::string Rule;
      rules::Treatment T = Rules.treatment(*Classes[I], Matched[I], Rule);
      LowResult[I] = T.Rounding.value_or(defaultRounding(Ops[I])) == rules::Rounding::Output;
    }
  // An operation of constants or integers alone (1.0f / 255.0f) feeds exact values: no colour.
  std::vector<std::optional<rules::OpClass>> Colouring = Classes;
  for (size_t I = 0; I < Ops.size(); ++I)
    if (Ops[I].computesNoTensorData())
      Colouring[I].reset();
  Colouring = colour(Colouring, Inputs, LowResult);
  for (size_t I = 0; I < Ops.size(); ++I)
    if (!Ops[I].computesNoTensorData())
      Classes[I] = Colouring[I];

  std::vector<Decision> Out(Ops.size());
  for (size_t I = 0; I < Ops.size(); ++I) {
    Decision &D = Out[I];
    D.Class = Classes[I];
    if (!D.Class) {
      D.Rule = "unlisted";
      D.Treatment.Rounding = rules::Rounding::Output;
      continue;
    }
    D.Treatment = Rules.treatment(*D.Class, Matched[I], D.Rule);
    if (!D.Treatment.Rounding)
      D.Treatment.Rounding = defaultRounding(Ops[I]);
  }
  return Out;
}

} // namespace autoscale
