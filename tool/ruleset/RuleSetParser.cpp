//===- RuleSetParser.cpp - rules YAML -> RuleSet, with every error positioned -===//
//
// yaml-cpp builds the node tree; this file walks it against the schema of rules/README.md. It
// never stops at the first problem: each one becomes "path:line:col: error: message" and the
// walk goes on, so a user fixes a file in one round. Only a YAML syntax error or an unsupported
// version ends the walk early, since what follows would not mean anything (a missing version is
// reported, and the rest read as this tool's version).
//
//===----------------------------------------------------------------------===//
#include "ruleset/RuleSet.h"

#include "ruleset/BuiltinClasses.h"
#include "ruleset/Glob.h"
#include "ruleset/YamlReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <tuple>

namespace autoscale::rules {
namespace {

constexpr unsigned SupportedVersion = 1;
// The values each enum key accepts: the vocabulary's, named by the runtime.
const auto AllClasses = allValues<OpClass>();
const auto AllActions = allValues<Action>();
const auto AllFormats = allValues<Format>();
const auto AllRoundings = allValues<Rounding>();
const auto AllStrategies = allValues<Strategy>();
const auto AllReduces = allValues<AmaxReduce>();
const auto AllStatistics = allValues<Statistics>();

// The keys of each mapping, in the order the README documents them.
constexpr llvm::StringLiteral TopKeys[] = {"version",   "step",      "classes",
                                           "treatment", "overrides", "kernels"};
constexpr llvm::StringLiteral ClassEditKeys[] = {"add", "remove"};
constexpr llvm::StringLiteral StepKeys[] = {"function"};
constexpr llvm::StringLiteral OverrideKeys[] = {"name", "match", "set"};
constexpr llvm::StringLiteral MatchKeys[] = {"op", "function", "file", "variable", "callee", "line"};
/// A treatment's keys, then the substitution kinds' (the parser is handed them).
constexpr llvm::StringLiteral TreatmentKeys[] = {
    "action", "format",       "rounding",       "strategy",      "history", "amax_reduce",
    "margin", "static_scale", "analysis_steps", "recheck_every", "saturate", "statistics"};

// Which strategies read each parameter; a parameter given beside another strategy is a mistake
// the user should hear about rather than a setting silently ignored.
struct ParamUse {
  llvm::StringLiteral Key;
  std::initializer_list<Strategy> Strategies;
};
const ParamUse StrategyParamUses[] = {
    {"history", {Strategy::Delayed}},
    {"amax_reduce", {Strategy::Delayed}},
    {"margin", {Strategy::Delayed, Strategy::Current, Strategy::Empirical}},
    {"static_scale", {Strategy::Static}},
    {"analysis_steps", {Strategy::Empirical}},
    {"recheck_every", {Strategy::Empirical}},
};

constexpr int MaxHistory = 1024;
constexpr int MaxMargin = 127; // beyond float32's exponent range a margin means nothing

/// Where the second YAML document of Text starts: its `---` line, or the first line of content
/// after a `...` that ended the first; else where yaml-cpp placed its node.
Position secondDocument(llvm::StringRef Text, const YAML::Node &Second) {
  bool Content = false, Ended = false;
  unsigned Line = 0;
  for (llvm::StringRef Rest = Text; !Rest.empty();) {
    auto [L, Next] = Rest.split('\n');
    Rest = Next;
    ++Line;
    llvm::StringRef T = L.rtrim();
    bool Marker = T == "---" || L.starts_with("--- ") || L.starts_with("---\t");
    if (Marker && (Content || Ended))
      return {Line, 1};
    if (T == "...") {
      Ended = Content;
      continue;
    }
    llvm::StringRef Trimmed = T.ltrim();
    if (Marker || Trimmed.empty() || Trimmed.starts_with("#") || L.starts_with("%"))
      continue;
    if (Ended)
      return {Line, 1};
    Content = true;
  }
  return positionOf(Second.Mark());
}

/// An op placed in a class, with the node that put it there (none for the built-in lists).
struct Membership {
  OpClass Class;
  std::optional<YAML::Node> Where;
};

class Parser : public YamlReader {
public:
  Parser(llvm::StringRef Path, llvm::ArrayRef<llvm::StringRef> KindKeys) : KindKeys(KindKeys) {
    Rules.Path = Path.str();
    ClassKeys.assign(std::begin(TreatmentKeys), std::end(TreatmentKeys));
    ClassKeys.insert(ClassKeys.end(), KindKeys.begin(), KindKeys.end());
    // An override's 'set' takes the treatment keys and may move the op to another class.
    SetKeys = {"class"};
    SetKeys.insert(SetKeys.end(), ClassKeys.begin(), ClassKeys.end());
  }

  llvm::Expected<RuleSet> parse(llvm::StringRef Text) {
    try {
      std::vector<YAML::Node> Documents = YAML::LoadAll(Text.str());
      if (Documents.size() > 1)
        report(secondDocument(Text, Documents[1]),
               "a rules file is one YAML document; a second one starts here (two files "
               "concatenated?)");
      walkRoot(Documents.empty() ? YAML::Node() : Documents.front());
    } catch (const YAML::Exception &E) {
      // Syntax errors (and any conversion this walk did not foresee) carry yaml-cpp's mark.
      report(positionOf(E.mark), E.msg);
    }
    if (Errors.empty())
      return std::move(Rules);
    std::stable_sort(Errors.begin(), Errors.end(), [](const auto &A, const auto &B) {
      return std::tie(A.first.Line, A.first.Column) < std::tie(B.first.Line, B.first.Column);
    });
    std::string All;
    for (const auto &[Where, Message] : Errors) {
      if (!All.empty())
        All += '\n';
      All += Rules.Path + ":" + std::to_string(Where.Line) + ":" + std::to_string(Where.Column) +
             ": error: " + Message;
    }
    return llvm::createStringError(llvm::inconvertibleErrorCode(), All);
  }

private:
  RuleSet Rules;
  llvm::ArrayRef<llvm::StringRef> KindKeys;
  /// A class treatment's keys and an override's 'set' keys, the kinds' included.
  std::vector<llvm::StringRef> ClassKeys, SetKeys;
  //===--- the rules file ---------------------------------------------------===//

  void walkRoot(const YAML::Node &Root) {
    if (Root.IsNull()) {
      report({}, "empty rules file; it needs at least 'version: " + llvm::Twine(SupportedVersion) +
                     "'");
      return;
    }
    std::optional<Fields> Top = readMap(Root, "rules file", TopKeys);
    if (!Top)
      return;
    // A file that names no version is read as this one's, so that its other errors show too.
    if (const Field *Version = Top->get("version")) {
      std::optional<std::string> VersionText = readScalar(*Version);
      if (!VersionText)
        return;
      if (*VersionText != std::to_string(SupportedVersion)) {
        error(Version->Value, "unsupported version '" + *VersionText + "'; this tool reads version " +
                                  llvm::Twine(SupportedVersion));
        return;
      }
    } else {
      error(Root, "missing 'version: " + llvm::Twine(SupportedVersion) + "'");
    }
    Rules.Version = SupportedVersion;
    if (const Field *F = Top->get("step"))
      walkStep(*F);
    walkClasses(Top->get("classes"));
    if (const Field *F = Top->get("treatment"))
      walkTreatments(*F);
    if (const Field *F = Top->get("overrides"))
      walkOverrides(*F);
    if (const Field *F = Top->get("kernels"))
      readKernels(*this, *F, Rules.Kernels);
  }

  void walkStep(const Field &F) {
    auto One = [&](const YAML::Node &N) {
      size_t ErrorsBefore = Errors.size();
      std::optional<Fields> Step = readMap(N, "step", StepKeys);
      if (!Step)
        return;
      const Field *Function = Step->get("function");
      if (!Function) {
        if (Errors.size() == ErrorsBefore) // else a misspelt 'function' was reported already
          error(N, "'step' needs a 'function'");
        return;
      }
      std::vector<std::pair<std::string, YAML::Node>> Names = readNames(*Function);
      if (Names.empty() && Errors.size() == ErrorsBefore)
        error(Function->Value, "'step.function' lists no function; name one, or write 'step: none'");
      for (auto &[Name, Node] : Names) {
        if (Name.empty())
          error(Node, "empty step function name");
        else {
          Rules.StepFunctions.push_back(Name);
          Position At = positionOf(Node.Mark());
          Rules.StepFunctionAt.emplace(Name, RuleLocation{Rules.Path, At.Line, At.Column});
        }
      }
    };
    if (F.Value.IsScalar() && F.Value.as<std::string>() == "none") {
      Rules.NoStep = true;
    } else if (F.Value.IsSequence()) {
      if (F.Value.size() == 0)
        error(F.Value, "'step' lists no function; name one, or write 'step: none'");
      for (const YAML::Node &Item : F.Value)
        One(Item);
    } else if (F.Value.IsMap()) {
      One(F.Value);
    } else {
      error(F.Value.IsNull() ? F.KeyNode : F.Value,
            "'step' must be none, a map ({function: NAME}) or a list of them, not " +
                kindName(F.Value));
    }
  }

  /// Op names are bare identifiers: the rewriter strips std:: before it looks a callee up.
  bool checkOpName(const std::string &Op, const YAML::Node &At) {
    llvm::StringRef Name(Op);
    if (Name.starts_with("std::")) {
      error(At, "write '" + Name.drop_front(5) + "', not '" + Name +
                    "': callees are matched without std::");
      return false;
    }
    bool Identifier = !Name.empty() && !llvm::isDigit(Name[0]) &&
                      llvm::all_of(Name, [](char C) { return llvm::isAlnum(C) || C == '_'; });
    if (!Identifier)
      error(At, "invalid op name '" + Name + "'; ops are operator names (" +
                    joinNames(operatorOps()) + ") or math function names");
    return Identifier;
  }

  void walkClasses(const Field *F) {
    // Start from the built-in lists; each class is then edited or replaced.
    std::map<std::string, std::vector<Membership>> Members;
    for (const auto &[Op, Class] : builtinClasses())
      Members[Op].push_back({Class, std::nullopt});
    std::optional<Fields> Classes;
    if (F)
      Classes = readMap(F->Value, "classes", classNames());
    if (Classes) {
      for (const Field &C : Classes->List)
        editClass(*classNamed(C.Key), C, Members);
    }
    for (auto &[Op, In] : Members) {
      if (In.empty())
        continue;
      Rules.ClassOf[Op] = In.front().Class;
      for (size_t I = 1; I < In.size(); ++I)
        reportDuplicateOp(Op, In.front(), In[I]);
      if (In.front().Where && !builtinClasses().count(Op) && !isOperatorOp(Op) && !isStandardMathFunction(Op)) {
        Position At = positionOf(In.front().Where->Mark());
        Rules.WrittenFunctionAt[Op] = {Rules.Path, At.Line, At.Column};
      }
    }
  }

  void reportDuplicateOp(const std::string &Op, const Membership &A, const Membership &B) {
    // Point at what the user wrote; a built-in membership is fixed with a 'remove'.
    const Membership &Written = B.Where ? B : A;
    const Membership &Other = B.Where ? A : B;
    std::string Message = "op '" + Op + "' is in class '" + name(Written.Class).str() +
                          "' and in class '" + name(Other.Class).str() + "'";
    if (!Other.Where)
      Message += " (built in); remove it there with 'classes: {" + name(Other.Class).str() +
                 ": {remove: [" + Op + "]}}'";
    else
      Message += " (line " + std::to_string(positionOf(Other.Where->Mark()).Line) +
                 "); an op belongs to one class";
    error(*Written.Where, Message);
  }

  void editClass(OpClass Class, const Field &C,
                 std::map<std::string, std::vector<Membership>> &Members) {
    auto Drop = [&](const std::string &Op) {
      auto &In = Members[Op];
      In.erase(llvm::remove_if(In, [&](const Membership &M) { return M.Class == Class; }),
               In.end());
    };
    auto Add = [&](const std::string &Op, const YAML::Node &At) {
      auto &In = Members[Op];
      if (llvm::none_of(In, [&](const Membership &M) { return M.Class == Class; }))
        In.push_back({Class, At});
    };
    std::string Where = "classes." + C.Key;
    if (C.Value.IsSequence()) { // a list replaces the class outright
      for (auto &Entry : Members)
        Drop(Entry.first);
      for (auto &[Op, Node] : readNames(C))
        if (checkOpName(Op, Node))
          Add(Op, Node);
      return;
    }
    if (!C.Value.IsMap()) {
      error(C.Value.IsNull() ? C.KeyNode : C.Value,
            "'" + Where +
                "' must be a list (replacing the class) or a map with 'add'/'remove', "
                "not " +
                kindName(C.Value));
      return;
    }
    std::optional<Fields> Edit = readMap(C.Value, Where, ClassEditKeys);
    if (!Edit)
      return;
    if (const Field *Remove = Edit->get("remove")) {
      for (auto &[Op, Node] : readNames(*Remove)) {
        if (!checkOpName(Op, Node))
          continue;
        const auto &In = Members[Op];
        if (llvm::any_of(In, [&](const Membership &M) { return M.Class == Class; })) {
          Drop(Op);
          continue;
        }
        std::vector<std::string> InClass;
        for (const auto &[Other, Of] : Members)
          if (llvm::any_of(Of, [&](const Membership &M) { return M.Class == Class; }))
            InClass.push_back(Other);
        std::string Message =
            "cannot remove '" + Op + "' from '" + C.Key + "': it is not in that class";
        if (std::optional<std::string> Near = closest(Op, InClass))
          Message += "; did you mean '" + *Near + "'?";
        error(Node, Message);
      }
    }
    if (const Field *AddField = Edit->get("add"))
      for (auto &[Op, Node] : readNames(*AddField))
        if (checkOpName(Op, Node))
          Add(Op, Node);
  }

  static std::vector<llvm::StringRef> classNames() {
    std::vector<llvm::StringRef> Names;
    for (OpClass C : AllClasses)
      Names.push_back(name(C));
    return Names;
  }
  static std::optional<OpClass> classNamed(llvm::StringRef Name) {
    for (OpClass C : AllClasses)
      if (name(C) == Name)
        return C;
    return std::nullopt;
  }

  //===--- treatments -------------------------------------------------------===//

  /// The fields of a treatment mapping (a class treatment, or an override's 'set'), checked for
  /// settings that would have no effect beside the action or strategy given in the same map.
  template <typename Names>
  std::optional<TreatmentPatch> readPatch(const YAML::Node &N, llvm::StringRef What,
                                          const Names &Keys, std::optional<OpClass> *ClassOut) {
    // Any error in the map (a misspelt key included) ends its checks here: the completeness
    // checks that follow would only repeat it.
    size_t ErrorsBefore = Errors.size();
    std::optional<Fields> Map = readMap(N, What, Keys);
    if (!Map)
      return std::nullopt;
    TreatmentPatch P;
    for (const Field &F : Map->List) {
      llvm::StringRef K = F.Key;
      if (K == "class") {
        if (std::optional<OpClass> C = readEnum<OpClass>(F, AllClasses))
          *ClassOut = C;
      } else if (K == "action")
        P.Action = readEnum<Action>(F, AllActions);
      else if (K == "format")
        P.Format = readEnum<Format>(F, AllFormats);
      else if (K == "rounding")
        P.Rounding = readEnum<Rounding>(F, AllRoundings);
      else if (K == "strategy")
        P.Strategy = readEnum<Strategy>(F, AllStrategies);
      else if (K == "history")
        P.HistoryLen = readInt(F, 1, MaxHistory);
      else if (K == "amax_reduce")
        P.Reduce = readEnum<AmaxReduce>(F, AllReduces);
      else if (K == "margin")
        P.Margin = readInt(F, -MaxMargin, MaxMargin);
      else if (K == "static_scale")
        P.StaticScale = readPositiveFloat(F);
      else if (K == "analysis_steps")
        P.AnalysisSteps = readInt(F, 1, std::numeric_limits<int>::max());
      else if (K == "recheck_every")
        P.RecheckEvery = readInt(F, 0, std::numeric_limits<int>::max());
      else if (K == "saturate")
        P.Saturate = readBool(F);
      else if (K == "statistics")
        P.Statistics = readEnum<Statistics>(F, AllStatistics);
      else if (llvm::is_contained(KindKeys, K))
        if (std::optional<bool> On = readBool(F))
          P.Kinds[K.str()] = *On;
    }
    if (Errors.size() != ErrorsBefore)
      return std::nullopt;
    checkEffects(*Map, P);
    return P;
  }

  void checkEffects(const Fields &Map, const TreatmentPatch &P) {
    if (P.Action && *P.Action != Action::Scale) {
      for (const Field &F : Map.List) {
        bool Scaling =
            F.Key == "strategy" ||
            llvm::any_of(StrategyParamUses, [&](const ParamUse &U) { return U.Key == F.Key; });
        bool Rounding = F.Key == "format" || F.Key == "rounding" || F.Key == "saturate" ||
                        F.Key == "statistics" || llvm::is_contained(KindKeys, F.Key);
        if (Scaling || (Rounding && *P.Action == Action::Keep))
          error(F.KeyNode, "'" + F.Key + "' has no effect with action '" + name(*P.Action) + "'" +
                               (Scaling ? " (only 'scale' uses a strategy)" : ""));
      }
    }
    if (!P.Strategy)
      return;
    for (const ParamUse &U : StrategyParamUses) {
      const Field *F = Map.get(U.Key);
      if (!F || llvm::is_contained(U.Strategies, *P.Strategy))
        continue;
      std::vector<llvm::StringRef> Users;
      for (Strategy S : U.Strategies)
        Users.push_back(name(S));
      error(F->KeyNode, "'" + F->Key + "' has no effect with strategy '" + name(*P.Strategy) +
                            "' (it applies to: " + joinNames(Users) + ")");
    }
  }

  void walkTreatments(const Field &F) {
    std::optional<Fields> Map = readMap(F.Value, "treatment", classNames());
    if (!Map)
      return;
    for (const Field &C : Map->List) {
      std::string What = "treatment." + C.Key;
      std::optional<TreatmentPatch> P = readPatch(C.Value, What, ClassKeys, nullptr);
      if (!P)
        continue;
      // A class treatment is complete: no earlier layer supplies the action or format.
      if (!P->Action) {
        error(C.KeyNode, "'" + What + "' needs an 'action' (keep, cast or scale)");
        continue;
      }
      if (*P->Action != Action::Keep && !P->Format) {
        error(C.KeyNode, "'" + What + "' needs a 'format' for action '" + name(*P->Action) + "'");
        continue;
      }
      Treatment T;
      P->applyTo(T);
      Rules.ClassTreatment[static_cast<size_t>(*classNamed(C.Key))] = T;
    }
  }

  //===--- overrides --------------------------------------------------------===//

  void walkOverrides(const Field &F) {
    if (!expectKind(F.Value, YAML::NodeType::Sequence, "overrides", "a list"))
      return;
    std::map<std::string, Position> Names;
    size_t Index = 0;
    for (const YAML::Node &Item : F.Value) {
      std::string What = "overrides[" + std::to_string(Index++) + "]";
      size_t ErrorsBefore = Errors.size();
      std::optional<Fields> Map = readMap(Item, What, OverrideKeys);
      if (!Map)
        continue;
      Override O;
      Position At = positionOf(Item.Mark());
      O.Where = {Rules.Path, At.Line, At.Column};
      O.Name = What;
      if (const Field *Name = Map->get("name")) {
        if (std::optional<std::string> Given = readScalar(*Name)) {
          auto [Prev, Fresh] = Names.emplace(*Given, positionOf(Name->Value.Mark()));
          if (!Fresh)
            error(Name->Value, "duplicate override name '" + *Given + "' (first used at line " +
                                   llvm::Twine(Prev->second.Line) + ")");
          O.Name = *Given;
        }
      }
      std::vector<std::pair<std::string, YAML::Node>> OpNodes;
      if (const Field *M = Map->get("match"))
        readMatch(*M, O.Match, OpNodes);
      const Field *Set = Map->get("set");
      if (!Set) {
        if (Errors.size() == ErrorsBefore) // else a misspelt 'set' was reported already
          error(Item, "override '" + O.Name + "' needs a 'set' (what to change)");
        continue;
      }
      std::optional<TreatmentPatch> P =
          readPatch(Set->Value, What + ".set", SetKeys, &O.Class);
      if (!P)
        continue;
      if (!O.Class && Set->Value.size() == 0) {
        error(Set->Value, "override '" + O.Name + "' sets nothing");
        continue;
      }
      O.Set = *P;
      checkOpsReachable(OpNodes, O);
      Rules.Overrides.push_back(std::move(O));
    }
  }

  /// Fills M; OpNodes gets each op name with its node, for checkOpsReachable.
  void readMatch(const Field &F, Match &M,
                 std::vector<std::pair<std::string, YAML::Node>> &OpNodes) {
    std::optional<Fields> Map = readMap(F.Value, "match", MatchKeys);
    if (!Map)
      return;
    for (const Field &Key : Map->List) {
      if (Key.Key == "op") {
        for (auto &[Op, Node] : readNames(Key))
          if (checkOpName(Op, Node)) {
            M.Ops.push_back(Op);
            OpNodes.emplace_back(Op, Node);
          }
        continue;
      }
      if (Key.Key == "line") {
        for (auto &[Text, Node] : readNames(Key)) {
          unsigned Line;
          if (llvm::StringRef(Text).getAsInteger(10, Line) || Line == 0)
            error(Node, "'line' must be a line number (from 1) or a list of them, not '" + Text + "'");
          else
            M.Lines.push_back(Line);
        }
        continue;
      }
      std::optional<std::string> Pattern = readScalar(Key);
      if (!Pattern)
        continue;
      if (llvm::Expected<llvm::GlobPattern> G = compileGlob(*Pattern); !G) {
        error(Key.Value, "invalid glob '" + *Pattern + "' for '" + Key.Key +
                             "': " + llvm::toString(G.takeError()));
        continue;
      }
      std::optional<std::string> &Slot = Key.Key == "function"   ? M.Function
                                         : Key.Key == "file"     ? M.File
                                         : Key.Key == "variable" ? M.Variable
                                                                 : M.Callee;
      Slot = *Pattern;
    }
  }

  /// Ops outside every class are never rewritten, so an override naming one (without moving it
  /// into a class) could never apply: almost always a misspelt op.
  void checkOpsReachable(const std::vector<std::pair<std::string, YAML::Node>> &Ops,
                         const Override &O) {
    if (O.Class)
      return;
    std::vector<std::string> Known;
    for (const auto &Entry : Rules.ClassOf)
      Known.push_back(Entry.first);
    for (const auto &[Op, Node] : Ops) {
      if (Rules.ClassOf.count(Op))
        continue;
      std::string Message = "op '" + Op +
                            "' is in no class, so this override never applies (add it to a "
                            "class, or give 'class' in 'set')";
      if (std::optional<std::string> Near = closest(Op, Known))
        Message += "; did you mean '" + *Near + "'?";
      error(Node, Message);
    }
  }
};

} // namespace

llvm::Expected<RuleSet> parseRuleSet(llvm::StringRef Text, llvm::StringRef Path,
                                     llvm::ArrayRef<llvm::StringRef> KindKeys) {
  return Parser(Path, KindKeys).parse(Text);
}

} // namespace autoscale::rules
