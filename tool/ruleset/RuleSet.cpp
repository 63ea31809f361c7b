//===- RuleSet.cpp - names, decisions and the rules-file location ------------===//
#include "ruleset/RuleSet.h"

#include "ruleset/BuiltinClasses.h"
#include "ruleset/Glob.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace autoscale::rules {

void TreatmentPatch::applyTo(Treatment &T) const {
  if (Action) T.Action = *Action;
  if (Format) T.Format = *Format;
  if (Rounding) T.Rounding = *Rounding;
  if (Strategy) T.Strategy = *Strategy;
  if (HistoryLen) T.Params.HistoryLen = *HistoryLen;
  if (Reduce) T.Params.Reduce = *Reduce;
  if (Margin) T.Params.Margin = *Margin;
  if (StaticScale) T.Params.StaticScale = *StaticScale;
  if (AnalysisSteps) T.Params.AnalysisSteps = *AnalysisSteps;
  if (RecheckEvery) T.Params.RecheckEvery = *RecheckEvery;
  if (Saturate) T.Params.Saturate = *Saturate;
  if (Statistics) T.Statistics = *Statistics;
  for (const auto &[Key, On] : Kinds)
    if (On)
      T.KindsOff.erase(Key);
    else
      T.KindsOff.insert(Key);
}

std::optional<OpClass> RuleSet::classFor(llvm::StringRef Op) const {
  auto It = ClassOf.find(Op.str());
  if (It == ClassOf.end()) return std::nullopt;
  return It->second;
}

bool RuleSet::isMathFunction(llvm::StringRef Callee) const {
  return !isOperatorOp(Callee) && ClassOf.count(Callee.str());
}

bool matches(const Match &M, const OperationKey &Key) {
  if (!M.Ops.empty() && !llvm::is_contained(M.Ops, Key.Op)) return false;
  if (M.Function && !globMatches(*M.Function, Key.Function, GlobSubject::QualifiedName))
    return false;
  if (M.File && !globMatches(*M.File, Key.File, GlobSubject::Path)) return false;
  if (M.Variable && !globMatches(*M.Variable, Key.Variable, GlobSubject::Name)) return false;
  if (M.Callee && !globMatches(*M.Callee, Key.Callee, GlobSubject::Name)) return false;
  if (!M.Lines.empty() && !llvm::is_contained(M.Lines, Key.Line)) return false;
  return true;
}

const Kernel *RuleSet::kernelFor(llvm::StringRef Qualified, llvm::StringRef Name) const {
  for (const Kernel &K : Kernels)
    if (K.Function == Qualified || K.Function == Name) return &K;
  return nullptr;
}

const Override *RuleSet::firstMatch(const OperationKey &Key) const {
  for (const Override &O : Overrides)
    if (matches(O.Match, Key)) return &O;
  return nullptr;
}

Treatment RuleSet::treatment(OpClass Class, const Override *Matched,
                             std::string &RuleName) const {
  if (!Matched) {
    RuleName = ("class:" + name(Class)).str();
    return ClassTreatment[static_cast<size_t>(Class)];
  }
  // A class named by the rule beats the one colouring gave: the user said so explicitly.
  const Treatment &Base = ClassTreatment[static_cast<size_t>(Matched->Class.value_or(Class))];
  RuleName = Matched->Name;
  if (lacksFormat(*Matched, Base))
    return Base;
  Treatment T = Base;
  Matched->Set.applyTo(T);
  return T;
}

bool lacksFormat(const Override &O, const Treatment &Base) {
  return Base.Action == Action::Keep && O.Set.Action && *O.Set.Action != Action::Keep && !O.Set.Format;
}

llvm::Expected<RuleSet> loadRuleSet(llvm::StringRef Path, llvm::ArrayRef<llvm::StringRef> KindKeys) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "error: cannot read rules file '%s': %s",
                                   Path.str().c_str(), Buffer.getError().message().c_str());
  return parseRuleSet((*Buffer)->getBuffer(), Path, KindKeys);
}

std::string defaultRulesPath(const char *Argv0) {
  // Any function of this binary locates it; the tool library is linked statically.
  std::string Exe =
      llvm::sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&defaultRulesPath));
  if (!Exe.empty()) {
    llvm::SmallString<256> Installed(llvm::sys::path::parent_path(Exe));
    llvm::sys::path::append(Installed, "..", "share", "autoscale");
    llvm::sys::path::append(Installed, "rules", "default.yaml");
    llvm::sys::path::remove_dots(Installed, /*remove_dot_dot=*/true);
    if (llvm::sys::fs::exists(Installed)) return std::string(Installed);
  }
  return AUTOSCALE_SOURCE_RULES_DIR "/default.yaml";
}

} // namespace autoscale::rules
