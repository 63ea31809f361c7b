//===- RuleWarnings.cpp - rules that change nothing in this run --------------===//
#include "decide/RuleWarnings.h"

#include "ruleset/BuiltinClasses.h"
#include "ruleset/YamlReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>
#include <map>
#include <optional>
#include <set>

namespace autoscale {
namespace {

std::string placeOf(const rules::RuleLocation &At) {
  return At.File + ":" + std::to_string(At.Line) + ":" + std::to_string(At.Column);
}

/// One field of an override's match, alone: whether an operation passes it, how a warning says
/// that none does, and what the sources have in its place (for "did you mean").
struct MatchField {
  std::function<bool(const rules::OperationKey &)> Passes;
  std::string NoneText;
  std::optional<std::string> Written; ///< a plain name the user wrote (no glob), to correct
  std::function<std::vector<std::string>(const rules::OperationKey &)> Candidates;
};

std::vector<MatchField> fieldsOf(const rules::Match &M) {
  std::vector<MatchField> Out;
  const auto Alone = [](rules::Match One) {
    return [One](const rules::OperationKey &K) { return rules::matches(One, K); };
  };
  const auto Plain = [](const std::string &Pattern) -> std::optional<std::string> {
    if (Pattern.find_first_of("*?[{\\") == std::string::npos)
      return Pattern;
    return std::nullopt;
  };
  if (!M.Ops.empty())
    Out.push_back({Alone({M.Ops, {}, {}, {}, {}, {}}),
                   "no operation is a " + llvm::join(M.Ops, " or "), std::nullopt, nullptr});
  if (M.Function)
    Out.push_back({Alone({{}, M.Function, {}, {}, {}, {}}), "no operation is in a function '" + *M.Function + "'",
                   Plain(*M.Function), [](const rules::OperationKey &K) {
                     // A plain name matches a method's unqualified name too.
                     llvm::StringRef Q(K.Function);
                     size_t Colons = Q.rfind("::");
                     return std::vector<std::string>{
                         K.Function, (Colons == llvm::StringRef::npos ? Q : Q.drop_front(Colons + 2)).str()};
                   }});
  if (M.File)
    Out.push_back({Alone({{}, {}, M.File, {}, {}, {}}), "no operation is in a file '" + *M.File + "'",
                   std::nullopt, nullptr});
  if (M.Variable)
    Out.push_back({Alone({{}, {}, {}, M.Variable, {}, {}}), "no operation assigns a variable '" + *M.Variable + "'",
                   Plain(*M.Variable),
                   [](const rules::OperationKey &K) { return std::vector<std::string>{K.Variable}; }});
  if (M.Callee)
    Out.push_back({Alone({{}, {}, {}, {}, M.Callee, {}}), "no float call is to '" + *M.Callee + "'",
                   Plain(*M.Callee), [](const rules::OperationKey &K) { return std::vector<std::string>{K.Callee}; }});
  if (!M.Lines.empty()) {
    std::vector<std::string> Lines;
    for (unsigned L : M.Lines)
      Lines.push_back(std::to_string(L));
    Out.push_back({Alone({{}, {}, {}, {}, {}, M.Lines}),
                   "no operation is on line " + llvm::join(Lines, " or "), std::nullopt, nullptr});
  }
  return Out;
}

} // namespace

std::vector<std::string> formatlessOverrideWarnings(const std::vector<Operation> &Ops,
                                                    const std::vector<Decision> &Decisions,
                                                    const rules::RuleSet &Rules) {
  struct Kept {
    size_t Count = 0;
    const Operation *First = nullptr;
  };
  std::map<const rules::Override *, Kept> ByRule;
  for (size_t I = 0; I < Ops.size(); ++I) {
    const rules::Override *O = Decisions[I].Class ? Rules.firstMatch(ruleKeyOf(Ops[I])) : nullptr;
    if (!O || !rules::lacksFormat(*O, Rules.ClassTreatment[static_cast<size_t>(O->Class.value_or(*Decisions[I].Class))]))
      continue;
    Kept &K = ByRule[O];
    if (!K.Count++)
      K.First = &Ops[I];
  }
  std::vector<std::string> Out;
  for (const rules::Override &O : Rules.Overrides)
    if (auto It = ByRule.find(&O); It != ByRule.end())
      Out.push_back(placeOf(O.Where) + ": warning: '" + O.Name + "' sets action '" + rules::name(*O.Set.Action).str() +
                    "' without a format on " + std::to_string(It->second.Count) +
                    " operation(s) their class keeps (the first at " + It->second.First->File + ":" +
                    std::to_string(It->second.First->Line) + "): they stay kept; give it a format");
  return Out;
}

std::vector<std::string> unmatchedOverrideWarnings(const std::vector<Operation> &Ops,
                                                   const rules::RuleSet &Rules) {
  std::vector<rules::OperationKey> Keys;
  for (const Operation &Op : Ops)
    Keys.push_back(ruleKeyOf(Op));
  std::vector<std::string> Out;
  for (const rules::Override &O : Rules.Overrides) {
    const rules::Match &M = O.Match;
    if (!M.Function && !M.File && !M.Variable && !M.Callee && M.Lines.empty())
      continue;
    if (llvm::any_of(Keys, [&](const rules::OperationKey &K) { return rules::matches(M, K); }))
      continue;
    std::string Why = "no operation matches all of its fields together";
    const std::vector<MatchField> Fields = fieldsOf(M);
    for (const MatchField &F : Fields) {
      if (llvm::any_of(Keys, F.Passes))
        continue;
      Why = F.NoneText;
      if (F.Written && F.Candidates) {
        // What the operations the other fields select have in this field's place.
        std::set<std::string> Names;
        for (const rules::OperationKey &K : Keys)
          if (llvm::all_of(Fields, [&](const MatchField &G) { return &G == &F || G.Passes(K); }))
            for (std::string &Name : F.Candidates(K))
              if (!Name.empty())
                Names.insert(std::move(Name));
        if (std::optional<std::string> Near = rules::closest(*F.Written, Names))
          Why += "; did you mean '" + *Near + "'?";
      }
      break;
    }
    Out.push_back(placeOf(O.Where) + ": warning: '" + O.Name + "' matches no operation of this run: " + Why);
  }
  return Out;
}

std::vector<std::string> undefinedStepFunctionWarnings(const std::set<std::string> &Defined,
                                                       const rules::RuleSet &Rules) {
  std::vector<std::string> Out;
  for (const std::string &Name : Rules.StepFunctions)
    if (!Defined.count(Name))
      Out.push_back(placeOf(Rules.StepFunctionAt.at(Name)) + ": warning: step function '" + Name +
                    "' is defined in no source of this run: no autoscale_step() is inserted for it");
  return Out;
}

std::vector<std::string> uncalledClassFunctionWarnings(const std::vector<Operation> &Ops,
                                                       const rules::RuleSet &Rules) {
  std::set<std::string> Called;
  for (const Operation &Op : Ops)
    Called.insert(Op.OpName);
  std::vector<std::string> Out;
  for (const auto &[Name, At] : Rules.WrittenFunctionAt) {
    if (Called.count(Name))
      continue;
    std::string Warning = placeOf(At) + ": warning: '" + Name + "' is in class '" +
                          rules::name(*Rules.classFor(Name)).str() +
                          "' but no float call of this run's sources is to it";
    if (std::optional<std::string> Near = rules::closestStandardMathFunction(Name))
      Warning += "; did you mean '" + *Near + "'?";
    Out.push_back(Warning);
  }
  return Out;
}

} // namespace autoscale
