//===- RuleSet.h - the YAML rules, parsed and validated ----------------------===//
//
// What autoscale-rewrite does with each operation is decided by a RuleSet: op-class lists (TF
// AMP's allow/infer/deny/clear), the treatment of each class, and overrides matched against
// each operation, first match wins. rules/README.md documents the YAML schema.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_RULESET_RULESET_H
#define AUTOSCALE_TOOL_RULESET_RULESET_H

#include "ruleset/Kernels.h"
#include "ruleset/Vocabulary.h"

#include "autoscale/defaults.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace autoscale::rules {

/// A strategy's parameters; defaults are the runtime's (autoscale/defaults.h).
struct StrategyParams {
  int HistoryLen = AUTOSCALE_DEFAULT_HISTORY_LEN;
  AmaxReduce Reduce = static_cast<AmaxReduce>(AUTOSCALE_DEFAULT_AMAX_REDUCE);
  int Margin = AUTOSCALE_DEFAULT_MARGIN;
  float StaticScale = AUTOSCALE_DEFAULT_STATIC_SCALE;
  int AnalysisSteps = AUTOSCALE_DEFAULT_ANALYSIS_STEPS;
  int RecheckEvery = AUTOSCALE_DEFAULT_RECHECK_EVERY;
  bool Saturate = AUTOSCALE_DEFAULT_SATURATE != 0;

  bool operator==(const StrategyParams &O) const {
    return HistoryLen == O.HistoryLen && Reduce == O.Reduce && Margin == O.Margin &&
           StaticScale == O.StaticScale && AnalysisSteps == O.AnalysisSteps &&
           RecheckEvery == O.RecheckEvery && Saturate == O.Saturate;
  }
};

/// A complete decision for one operation (before the rounding point is defaulted per operation).
struct Treatment {
  rules::Action Action = rules::Action::Keep;
  rules::Format Format = rules::Format::FP32;
  /// Unset: the tool picks per operation (inputs for a multiply feeding an accumulation, else
  /// output).
  std::optional<rules::Rounding> Rounding;
  rules::Strategy Strategy = rules::Strategy::Delayed;
  StrategyParams Params;
  /// What the runtime records at the site: everything the report needs, or the amax only.
  rules::Statistics Statistics = rules::Statistics::Full;
  /// The substitution kinds the rules turn off for the operation, by the key each kind declares
  /// (`vector_loops: false`; tool/substitutions/Substitution.h, rulesKey()): it keeps its own
  /// call where a kind would compute it with the code around it.
  std::set<std::string> KindsOff;
  bool allows(llvm::StringRef KindKey) const { return !KindsOff.count(KindKey.str()); }

  bool operator==(const Treatment &O) const {
    return Action == O.Action && Format == O.Format && Rounding == O.Rounding &&
           Strategy == O.Strategy && Params == O.Params && Statistics == O.Statistics &&
           KindsOff == O.KindsOff;
  }
};

/// The fields an override sets; unset fields keep the class treatment.
struct TreatmentPatch {
  std::optional<rules::Action> Action;
  std::optional<rules::Format> Format;
  std::optional<rules::Rounding> Rounding;
  std::optional<rules::Strategy> Strategy;
  std::optional<int> HistoryLen;
  std::optional<AmaxReduce> Reduce;
  std::optional<int> Margin;
  std::optional<float> StaticScale;
  std::optional<int> AnalysisSteps;
  std::optional<int> RecheckEvery;
  std::optional<bool> Saturate;
  std::optional<rules::Statistics> Statistics;
  std::map<std::string, bool> Kinds; ///< a kind's key: whether it may compute the operation
  void applyTo(Treatment &T) const;
};

/// Where in a rules file something was written, for diagnostics and the report.
struct RuleLocation {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// An operation as the matcher sees it. Op names: "add", "sub", "mul", "div", "neg", "inc",
/// "dec", "dot_mul" (a multiply feeding an accumulation), "accumulate" (the += of a reduction),
/// or, for a math call, the callee as written without std:: ("expf", "exp", "tanh").
struct OperationKey {
  std::string Op;
  std::string Function; ///< qualified name of the enclosing function ("ns::Solver::step")
  std::string File;     ///< path of the file the operation is written in
  std::string Variable; ///< variable assigned or initialised by the expression, if any
  std::string Callee;   ///< callee of a math call, else empty
  unsigned Line = 0;    ///< the line the operation is written on (from 1)
};

/// Every field that is set must match; globs use llvm::GlobPattern syntax.
struct Match {
  std::vector<std::string> Ops; ///< exact op names; empty matches any
  std::optional<std::string> Function;
  std::optional<std::string> File;
  std::optional<std::string> Variable;
  std::optional<std::string> Callee;
  std::vector<unsigned> Lines; ///< the lines the summary and the report name; empty matches any
};

/// Whether every field of M that is set matches Key.
bool matches(const Match &M, const OperationKey &Key);

struct Override {
  std::string Name; ///< the rule's name (given, or "overrides[N]")
  RuleLocation Where;
  rules::Match Match;
  TreatmentPatch Set;
  std::optional<OpClass> Class; ///< an override may also move the op to another class
};

/// Whether override O sets an action that rounds (cast, scale) but no format, on an operation
/// whose class treatment Base keeps it: there is no format to take, and rounding at fp32 changes
/// nothing, so the operation stays kept (RuleSet::treatment) and the run warns (the driver).
bool lacksFormat(const Override &O, const Treatment &Base);

struct RuleSet {
  std::string Path;
  unsigned Version = 1;
  /// op name (see OperationKey) -> class. Ops not listed are not rewritten.
  std::map<std::string, OpClass> ClassOf;
  std::array<Treatment, 4> ClassTreatment; ///< indexed by OpClass
  std::vector<Override> Overrides;
  /// Functions whose every return ends a step (autoscale_step() is inserted before it).
  std::vector<std::string> StepFunctions;
  /// Where each step function is named in the rules file (line, column), for the warning about a
  /// name no source defines.
  std::map<std::string, RuleLocation> StepFunctionAt;
  /// Names a `classes:` entry puts in a class that are no built-in op nor math function (user
  /// functions, or a misspelt math function), where the rules file first writes them: a run that
  /// calls none of them warns (the driver).
  std::map<std::string, RuleLocation> WrittenFunctionAt;
  /// `step: none`: no step is declared or inferred (sites roll every N executions).
  bool NoStep = false;
  /// Functions declared to compute GEMMs (Kernels.h).
  std::vector<Kernel> Kernels;

  std::optional<OpClass> classFor(llvm::StringRef Op) const;
  /// Whether a callee name is a math call the rules know (listed in some class).
  bool isMathFunction(llvm::StringRef Callee) const;

  /// The kernel declared for a function (its qualified or plain name), or nullptr.
  const Kernel *kernelFor(llvm::StringRef Qualified, llvm::StringRef Name) const;

  /// The first override matching Key, or nullptr.
  const Override *firstMatch(const OperationKey &Key) const;
  /// The treatment of an operation of class Class that Matched (firstMatch's result) decides:
  /// the class treatment, patched by the override. RuleName gets the rule that decided
  /// ("class:allow" or the override's name).
  Treatment treatment(OpClass Class, const Override *Matched, std::string &RuleName) const;
};

/// Parses rules text. Errors read "path:line:col: error: message" (unknown keys carry a "did you
/// mean" suggestion; bad values and bad globs are named), all of them, not only the first.
/// KindKeys: the keys by which a treatment turns substitution kinds on or off, as the kinds
/// declare them (the tool's list: substitutionKindKeys(), Substitution.h).
llvm::Expected<RuleSet> parseRuleSet(llvm::StringRef Text, llvm::StringRef Path,
                                     llvm::ArrayRef<llvm::StringRef> KindKeys);
llvm::Expected<RuleSet> loadRuleSet(llvm::StringRef Path, llvm::ArrayRef<llvm::StringRef> KindKeys);
/// The shipped default.yaml: found beside the executable (../share/autoscale/rules or the source
/// tree's rules/ for an uninstalled build).
std::string defaultRulesPath(const char *Argv0);

} // namespace autoscale::rules

#endif
