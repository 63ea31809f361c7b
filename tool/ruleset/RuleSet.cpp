//===- RuleSet.cpp - names, decisions and the rules-file location ------------===//
#include "ruleset/RuleSet.h"

#include "ruleset/BuiltinClasses.h"
#include "ruleset/Glob.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace autoscale::rules {

// The spellings below are the YAML values, so the parser and the report agree with the schema.
llvm::StringRef name(OpClass C) {
  switch (C) {
  case OpClass::Allow: return "allow";
  case OpClass::Infer: return "infer";
  case OpClass::Deny: return "deny";
  case OpClass::Clear: return "clear";
  }
  llvm_unreachable("bad OpClass");
}

llvm::StringRef name(Action A) {
  switch (A) {
  case Action::Keep: return "keep";
  case Action::Cast: return "cast";
  case Action::Scale: return "scale";
  }
  llvm_unreachable("bad Action");
}

llvm::StringRef name(Format F) {
  switch (F) {
  case Format::FP32: return "fp32";
  case Format::E4M3: return "e4m3";
  case Format::E5M2: return "e5m2";
  case Format::FP16: return "fp16";
  case Format::BF16: return "bf16";
  }
  llvm_unreachable("bad Format");
}

llvm::StringRef name(Rounding R) {
  switch (R) {
  case Rounding::Output: return "output";
  case Rounding::Inputs: return "inputs";
  }
  llvm_unreachable("bad Rounding");
}

llvm::StringRef name(Strategy S) {
  switch (S) {
  case Strategy::Delayed: return "delayed";
  case Strategy::Current: return "current";
  case Strategy::Propagate: return "propagate";
  case Strategy::Static: return "static";
  case Strategy::Empirical: return "empirical";
  }
  llvm_unreachable("bad Strategy");
}

llvm::StringRef name(AmaxReduce R) {
  switch (R) {
  case AmaxReduce::Max: return "max";
  case AmaxReduce::MostRecent: return "most_recent";
  }
  llvm_unreachable("bad AmaxReduce");
}

void TreatmentPatch::applyTo(Treatment &T) const {
  if (action) T.action = *action;
  if (format) T.format = *format;
  if (rounding) T.rounding = *rounding;
  if (strategy) T.strategy = *strategy;
  if (historyLen) T.params.historyLen = *historyLen;
  if (reduce) T.params.reduce = *reduce;
  if (margin) T.params.margin = *margin;
  if (staticScale) T.params.staticScale = *staticScale;
  if (analysisSteps) T.params.analysisSteps = *analysisSteps;
  if (recheckEvery) T.params.recheckEvery = *recheckEvery;
  if (saturate) T.params.saturate = *saturate;
}

std::optional<OpClass> RuleSet::classFor(llvm::StringRef Op) const {
  auto It = classOf.find(Op.str());
  if (It == classOf.end()) return std::nullopt;
  return It->second;
}

bool RuleSet::isMathFunction(llvm::StringRef Callee) const {
  return !isOperatorOp(Callee) && classOf.count(Callee.str());
}

static bool matches(const Match &M, const OperationKey &Key) {
  if (!M.ops.empty() && !llvm::is_contained(M.ops, Key.op)) return false;
  if (M.function && !globMatches(*M.function, Key.function, GlobSubject::QualifiedName))
    return false;
  if (M.file && !globMatches(*M.file, Key.file, GlobSubject::Path)) return false;
  if (M.variable && !globMatches(*M.variable, Key.variable, GlobSubject::Name)) return false;
  if (M.callee && !globMatches(*M.callee, Key.callee, GlobSubject::Name)) return false;
  return true;
}

const Override *RuleSet::firstMatch(const OperationKey &Key) const {
  for (const Override &O : overrides)
    if (matches(O.match, Key)) return &O;
  return nullptr;
}

Treatment RuleSet::decide(const OperationKey &Key, OpClass Class, std::string &RuleName) const {
  const Override *O = firstMatch(Key);
  if (!O) {
    RuleName = ("class:" + name(Class)).str();
    return classTreatment[static_cast<size_t>(Class)];
  }
  // A class named by the rule beats the one colouring gave: the user said so explicitly.
  Treatment T = classTreatment[static_cast<size_t>(O->opClass.value_or(Class))];
  O->set.applyTo(T);
  RuleName = O->name;
  return T;
}

llvm::Expected<RuleSet> loadRuleSet(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "error: cannot read rules file '%s': %s",
                                   Path.str().c_str(), Buffer.getError().message().c_str());
  return parseRuleSet((*Buffer)->getBuffer(), Path);
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
