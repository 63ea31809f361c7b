//===- RuleSet.h - the YAML rules, parsed and validated ----------------------===//
//
// What autoscale-rewrite does with each operation is decided by a RuleSet: op-class lists (TF
// AMP's allow/infer/deny/clear), the treatment of each class, and overrides matched against
// each operation, first match wins. rules/README.md documents the YAML schema.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_RULESET_RULESET_H
#define AUTOSCALE_TOOL_RULESET_RULESET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace autoscale::rules {

enum class OpClass { Allow, Infer, Deny, Clear };
enum class Action { Keep, Cast, Scale };
enum class Format { FP32, E4M3, E5M2, FP16, BF16 };
enum class Rounding { Output, Inputs };
enum class Strategy { Delayed, Current, Propagate, Static, Empirical };
enum class AmaxReduce { Max, MostRecent };

llvm::StringRef name(OpClass);
llvm::StringRef name(Action);
llvm::StringRef name(Format);
llvm::StringRef name(Rounding);
llvm::StringRef name(Strategy);
llvm::StringRef name(AmaxReduce);

struct StrategyParams {
  int historyLen = 16;
  AmaxReduce reduce = AmaxReduce::Max;
  int margin = 0;
  float staticScale = 1.0f;
  int analysisSteps = 10;
  int recheckEvery = 0;
  bool saturate = true;
};

/// A complete decision for one operation (before the rounding point is defaulted per operation).
struct Treatment {
  Action action = Action::Keep;
  Format format = Format::FP32;
  /// Unset: the tool picks per operation (inputs for a multiply feeding an accumulation, else
  /// output), as DESIGN.md says.
  std::optional<Rounding> rounding;
  Strategy strategy = Strategy::Delayed;
  StrategyParams params;
};

/// The fields an override sets; unset fields keep the class treatment.
struct TreatmentPatch {
  std::optional<Action> action;
  std::optional<Format> format;
  std::optional<Rounding> rounding;
  std::optional<Strategy> strategy;
  std::optional<int> historyLen;
  std::optional<AmaxReduce> reduce;
  std::optional<int> margin;
  std::optional<float> staticScale;
  std::optional<int> analysisSteps;
  std::optional<int> recheckEvery;
  std::optional<bool> saturate;
  void applyTo(Treatment &T) const;
};

/// Where in a rules file something was written, for diagnostics and the report.
struct RuleLocation {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

/// An operation as the matcher sees it. Op names: "add", "sub", "mul", "div", "neg", "inc",
/// "dec", "dot_mul" (a multiply feeding an accumulation), "accumulate" (the += of a reduction),
/// or, for a math call, the callee as written without std:: ("expf", "exp", "tanh").
struct OperationKey {
  std::string op;
  std::string function; ///< qualified name of the enclosing function ("ns::Solver::step")
  std::string file;     ///< path of the file the operation is written in
  std::string variable; ///< variable assigned or initialised by the expression, if any
  std::string callee;   ///< callee of a math call, else empty
};

/// Every field that is set must match; globs use llvm::GlobPattern syntax.
struct Match {
  std::vector<std::string> ops; ///< exact op names; empty matches any
  std::optional<std::string> function;
  std::optional<std::string> file;
  std::optional<std::string> variable;
  std::optional<std::string> callee;
};

struct Override {
  std::string name; ///< the rule's name (given, or "overrides[N]")
  RuleLocation where;
  Match match;
  TreatmentPatch set;
  std::optional<OpClass> opClass; ///< an override may also move the op to another class
};

struct RuleSet {
  std::string path;
  unsigned version = 1;
  /// op name (see OperationKey) -> class. Ops not listed are not rewritten.
  std::map<std::string, OpClass> classOf;
  std::array<Treatment, 4> classTreatment; ///< indexed by OpClass
  std::vector<Override> overrides;
  /// Functions whose every return ends a step (autoscale_step() is inserted before it).
  std::vector<std::string> stepFunctions;

  std::optional<OpClass> classFor(llvm::StringRef op) const;
  /// Whether a callee name is a math call the rules know (listed in some class).
  bool isMathFunction(llvm::StringRef callee) const;

  /// The decision for one operation: the class treatment, patched by the first matching
  /// override. RuleName gets the rule that decided ("class:allow" or the override's name).
  Treatment decide(const OperationKey &Key, OpClass Class, std::string &RuleName) const;
  /// The first override matching Key, or nullptr.
  const Override *firstMatch(const OperationKey &Key) const;
};

/// Parses rules text. Errors read "path:line:col: error: message" (unknown keys carry a "did you
/// mean" suggestion; bad values and bad globs are named), all of them, not only the first.
llvm::Expected<RuleSet> parseRuleSet(llvm::StringRef Text, llvm::StringRef Path);
llvm::Expected<RuleSet> loadRuleSet(llvm::StringRef Path);
/// The shipped default.yaml: found beside the executable (../share/autoscale/rules or the source
/// tree's rules/ for an uninstalled build).
std::string defaultRulesPath(const char *Argv0);

} // namespace autoscale::rules

#endif
