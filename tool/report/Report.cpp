//===- Report.cpp - the rewrite report (JSON) and the summary line -----------===//
#include "report/Report.h"

#include "substitutions/Substitution.h"

#include "autoscale/defaults.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <utility>

namespace autoscale::report {

using namespace rules;

namespace {
struct Counts {
  unsigned Total = 0, Kept = 0, Skipped = 0;
  unsigned InMatmuls = 0; ///< computed by a rewritten matmul site
  /// Matmul candidates left as written, not proved (GemmsLeft) or kept by the rules (GemmsKept:
  /// a rank-1 update under the default rules, a BLAS call at fp32): not float operations of the
  /// source (those are counted on their own), so not in Total.
  unsigned GemmsLeft = 0, GemmsKept = 0;
  /// (action, format) -> count, in enum order so the line is stable.
  std::map<std::pair<int, int>, unsigned> Rewritten;
  /// A scaled site in a CUDA unit: on the device it calibrates until the first autoscale_step().
  bool ScaledInCuda = false;
};

Counts count(const std::vector<Entry> &Entries) {
  Counts C;
  for (const Entry &E : Entries) {
    if (E.Op->Base == BaseOp::Matmul && (!E.Op->SkipReason.empty() || !E.D->rewrites())) {
      ++(E.Op->SkipReason.empty() ? C.GemmsKept : C.GemmsLeft);
      continue;
    }
    ++C.Total;
    if (!E.Op->SkipReason.empty())
      ++C.Skipped;
    else if (!E.D->ComputedAt.empty())
      ++C.InMatmuls;
    else if (!E.D->rewrites())
      ++C.Kept;
    else {
      ++C.Rewritten[{-static_cast<int>(E.D->Treatment.Action),
                     static_cast<int>(E.D->Treatment.Format)}];
      // (A CUDA file's GEMMs are host calls of cuBLAS or loop nests, which scale from their first call.)
      C.ScaledInCuda |= E.Op->Cuda && E.Op->Base != BaseOp::Matmul && E.D->Treatment.Action == Action::Scale;
    }
  }
  return C;
}

const char *pastTense(Action A) { return A == Action::Scale ? "scaled" : "cast"; }
} // namespace

/// Where the steps end, for the summary line; empty when nothing is rewritten.
static std::string stepsPhrase(const StepPlan &Steps, const Counts &C) {
  if (C.Rewritten.empty())
    return {};
  switch (Steps.How) {
  case StepPlan::Inferred: {
    std::string Out = "; steps end at ";
    for (size_t I = 0; I < Steps.Loops.size(); ++I)
      Out += (I ? ", " : "") + Steps.Loops[I].Display + ":" +
             std::to_string(Steps.Loops[I].Loop.Line);
    return Out + " (found)";
  }
  case StepPlan::Declared: return "; steps end in the rules' step functions";
  case StepPlan::Program: return "; steps end at the program's autoscale_step()";
  case StepPlan::Off: return "; no steps (rules: step: none)";
  case StepPlan::NotFound: break;
  }
  const std::string Window = std::to_string(AUTOSCALE_DEFAULT_WINDOW) + " executions";
  return C.ScaledInCuda ? "; no step found: each host site rolls its history every " + Window +
                              ", and scaled device sites pass their values unrounded until an "
                              "autoscale_step()"
                        : "; no step found: each site rolls its history every " + Window;
}

/// The summary line from counts already taken (toJson's fields and its line share one count).
static std::string summaryOf(const Counts &C, const StepPlan &Steps, unsigned Files) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << C.Total << " float operation" << (C.Total == 1 ? "" : "s") << " in " << Files << " file"
     << (Files == 1 ? "" : "s") << ":";
  for (auto &[Key, N] : C.Rewritten)
    OS << " " << N << " " << pastTense(static_cast<Action>(-Key.first)) << " "
       << name(static_cast<Format>(Key.second)) << ",";
  OS << " " << C.Kept << " kept, ";
  if (C.InMatmuls)
    OS << C.InMatmuls << " in matmuls, ";
  OS << C.Skipped << " skipped" << stepsPhrase(Steps, C);
  if (C.GemmsLeft)
    OS << "; " << C.GemmsLeft << " matmul" << (C.GemmsLeft == 1 ? "" : "s")
       << " not substituted (the report says why)";
  if (C.GemmsKept)
    OS << "; " << C.GemmsKept << " matmul" << (C.GemmsKept == 1 ? "" : "s")
       << " left as written by the rules";
  return Out;
}

std::string summaryLine(const std::vector<Entry> &Entries, const StepPlan &Steps,
                        unsigned Files) {
  return summaryOf(count(Entries), Steps, Files);
}

static llvm::json::Value orNull(llvm::StringRef S) {
  return S.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(S.str());
}

static llvm::json::Object entryJson(const Entry &E) {
  const Operation &Op = *E.Op;
  const Decision &D = *E.D;
  llvm::json::Object O{{"file", Op.File},
                       {"line", Op.Line},
                       {"column", Op.Column},
                       {"op", Op.OpName},
                       {"spelling", Op.Key.Spelling},
                       {"type", Op.Type},
                       {"function", orNull(Op.Function)},
                       {"variable", orNull(Op.Variable)}};
  if (!Op.Callee.empty())
    O["callee"] = Op.Callee;
  if (!E.FedBy.empty())
    O["fed_by"] = llvm::json::Array(E.FedBy);
  O["class"] = D.Class ? llvm::json::Value(name(*D.Class).str()) : llvm::json::Value(nullptr);
  if (!Op.Note.empty())
    O["note"] = Op.Note;
  if (!Op.SkipReason.empty()) {
    O["action"] = "skipped";
    O["reason"] = Op.SkipReason;
    if (!Op.Suggestion.empty())
      O["suggestion"] = Op.Suggestion;
    return O;
  }
  if (!D.ComputedAt.empty()) {
    llvm::StringRef Kind = substitutionKind(*D.RunsIn).name();
    O["action"] = ("in_" + Kind).str();
    O[Kind] = D.ComputedAt;
    return O;
  }
  const Treatment &T = D.Treatment;
  O["action"] = name(T.Action).str();
  O["rule"] = D.Rule;
  if (D.rewrites()) {
    O["format"] = name(T.Format).str();
    O["rounding"] = name(*T.Rounding).str();
    O["strategy"] = name(T.Strategy).str();
    O["site"] = static_cast<int64_t>(*E.Site);
  }
  for (const SubstitutionKind *K : substitutionKinds())
    K->describe(Op, D, O);
  return O;
}

/// The precision an operation computes in: its format when rewritten, else FP32.
static rules::Format precisionOf(const Entry &E) {
  return E.Site ? E.D->Treatment.Format : rules::Format::FP32;
}

Conversions countConversions(const std::vector<Entry> &Entries,
                             const std::set<DataflowEdge> &Edges) {
  Conversions C;
  std::map<OpKey, const Entry *> ByKey;
  for (const Entry &E : Entries) {
    ByKey[E.Op->Key] = &E;
    ConversionCount &F = C.PerFunction[E.Op->Function];
    bool Low = precisionOf(E) != rules::Format::FP32;
    for (ConversionCount *Count : {&F, &C.Total}) {
      ++Count->Operations;
      Count->Converted += Low;
    }
  }
  for (const DataflowEdge &Edge : Edges) {
    auto From = ByKey.find(Edge.From), To = ByKey.find(Edge.To);
    if (From == ByKey.end() || To == ByKey.end() ||
        precisionOf(*From->second) == precisionOf(*To->second))
      continue;
    ++C.PerFunction[To->second->Op->Function].Conversions;
    ++C.Total.Conversions;
  }
  return C;
}

static llvm::json::Object countJson(const ConversionCount &C) {
  return llvm::json::Object{{"operations", C.Operations},
                            {"converted", C.Converted},
                            {"conversions", C.Conversions},
                            {"line", "converted " + std::to_string(C.Converted) + " of " +
                                         std::to_string(C.Operations) + " operations using " +
                                         std::to_string(C.Conversions) + " conversions"}};
}

static llvm::json::Value stepsJson(const StepPlan &Steps) {
  static constexpr const char *Sources[] = {"found", "rules", "program", "none", "not found"};
  auto Loops = [](const std::vector<StepLoop> &L, bool Written) {
    llvm::json::Array A;
    for (const StepLoop &S : L) {
      llvm::json::Object O{{"file", S.Display}, {"line", S.Loop.Line}, {"function", S.Function}};
      if (Written && !S.Loop.Begin)
        O["note"] = "no autoscale_begin_steps() before its #pragma lines (the line above them is "
                    "not plain code): until its first step ends, each site rolls its history "
                    "every AUTOSCALE_WINDOW executions";
      A.push_back(std::move(O));
    }
    return A;
  };
  llvm::json::Object O{{"source", Sources[Steps.How]}, {"loops", Loops(Steps.Loops, true)}};
  if (!Steps.Unwritable.empty())
    O["unwritable"] = Loops(Steps.Unwritable, false); // a macro's loop or a body without braces
  return O;
}

llvm::json::Value toJson(const std::vector<Entry> &Entries, const StepPlan &Steps,
                         const Conversions &Conv, const std::vector<FileResult> &Files,
                         llvm::StringRef RulesPath, unsigned SourceCount) {
  llvm::json::Object PerFunction;
  for (const auto &[Function, Count] : Conv.PerFunction)
    PerFunction[Function.empty() ? "(none)" : Function] = countJson(Count);
  llvm::json::Array Ops, FileArr;
  for (const Entry &E : Entries)
    Ops.push_back(entryJson(E));
  for (const FileResult &F : Files) {
    llvm::json::Object O{{"path", F.Display},
                         {"written_to", orNull(F.WrittenTo)},
                         {"changed", F.Changed},
                         {"sites", F.Sites}};
    if (!F.Reason.empty())
      O["reason"] = F.Reason;
    if (!F.LaunchBounds.empty()) {
      llvm::json::Object Bounds;
      for (const auto &[Kernel, Threads] : F.LaunchBounds)
        Bounds[Kernel] = Threads;
      O["launch_bounds"] = std::move(Bounds);
    }
    if (!F.Unbounded.empty()) {
      llvm::json::Object Why;
      for (const auto &[Kernel, Reason] : F.Unbounded)
        Why[Kernel] = Reason;
      O["kernels_without_launch_bounds"] = std::move(Why);
    }
    if (!F.DeviceBranches.empty()) {
      llvm::json::Array Lines;
      for (auto [First, Last] : F.DeviceBranches)
        Lines.push_back(llvm::json::Array{First, Last});
      O["device_branches_not_parsed"] = std::move(Lines);
    }
    FileArr.push_back(std::move(O));
  }
  Counts C = count(Entries);
  llvm::json::Object Rewritten;
  for (auto &[Key, N] : C.Rewritten)
    Rewritten[(llvm::Twine(pastTense(static_cast<Action>(-Key.first))) + " " +
               name(static_cast<Format>(Key.second)))
                  .str()] = N;
  llvm::json::Object Summary{{"operations", C.Total},
                             {"kept", C.Kept},
                             {"skipped", C.Skipped},
                             {"rewritten", std::move(Rewritten)},
                             {"line", summaryOf(C, Steps, SourceCount)}};
  if (C.InMatmuls)
    Summary["in_matmuls"] = C.InMatmuls;
  if (C.GemmsLeft)
    Summary["matmuls_not_substituted"] = C.GemmsLeft;
  if (C.GemmsKept)
    Summary["matmuls_left_by_rules"] = C.GemmsKept;
  return llvm::json::Object{
      {"tool", "autoscale-rewrite"},
      {"version", AUTOSCALE_VERSION},
      {"rules", RulesPath.str()},
      {"files", std::move(FileArr)},
      {"operations", std::move(Ops)},
      {"steps", stepsJson(Steps)},
      {"conversions",
       llvm::json::Object{{"functions", std::move(PerFunction)}, {"total", countJson(Conv.Total)}}},
      {"summary", std::move(Summary)}};
}

} // namespace autoscale::report
