//===- Driver.cpp - run autoscale-rewrite over a set of sources --------------===//
//
// The phases, each a function below: load the rules; parse each source and find its operations
// (Parse.h); merge what the units found (Project.h); decide every operation; plan each file's
// sites; render each file's new text; write, diff and report (Output.h).
//
//===----------------------------------------------------------------------===//
#include "driver/Driver.h"

#include "decide/Decide.h"
#include "decide/RuleWarnings.h"
#include "decide/StepLoops.h"
#include "driver/Depfile.h"
#include "driver/FilePaths.h"
#include "driver/NvccArguments.h"
#include "driver/Output.h"
#include "driver/Parse.h"
#include "driver/Project.h"
#include "driver/UnifiedDiff.h"
#include "driver/UnknownOptions.h"
#include "driver/Verify.h"
#include "emit/Emit.h"
#include "report/Report.h"
#include "ruleset/RuleSet.h"
#include "substitutions/Substitution.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

namespace autoscale::driver {
namespace {

/// Whether a unit read the file at Path (compared by identity, so any spelling of it counts).
bool anyUnitReads(llvm::StringRef Path, const std::vector<UnitFiles> &Files) {
  llvm::sys::fs::UniqueID Id;
  if (llvm::sys::fs::getUniqueID(Path, Id))
    return false; // no such file: nothing read it
  return llvm::any_of(Files, [&](const UnitFiles &U) { return U.Ids.count(Id) != 0; });
}

/// Refuses a --report or --depfile path (Option) that names a file the run reads or writes.
/// Returns the exit code.
int refuseOutput(llvm::StringRef Option, llvm::StringRef Path, llvm::StringRef Other) {
  llvm::errs() << "error: " << Option << " " << Path << " names " << Other
               << ", which this run reads or writes; nothing written\n";
  return 2;
}

/// The files the run writes beside the project's, each with its option.
std::vector<std::pair<const char *, std::string>> sideOutputs(const Options &Opts) {
  std::vector<std::pair<const char *, std::string>> Out;
  if (!Opts.ReportPath.empty())
    Out.emplace_back("--report", Opts.ReportPath);
  if (!Opts.DepfilePath.empty())
    Out.emplace_back("--depfile", Opts.DepfilePath);
  return Out;
}

/// Whether Path holds Text already.
bool holds(const std::string &Path, llvm::StringRef Text) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf = llvm::MemoryBuffer::getFile(Path);
  return Buf && (*Buf)->getBuffer() == Text;
}

/// The project's files with what is rewritten in each, and the report's entries.
struct Plan {
  std::map<std::string, emit::FileEdits> Files; ///< by absolute path
  /// By absolute path: the kernels of a file whose sites round that get no `__launch_bounds__`
  /// although a launch may need it (KernelRecord::unboundedReason), and why.
  std::map<std::string, std::map<std::string, std::string>> Unbounded;
  std::vector<report::Entry> Entries;           ///< one per operation, in key order
  StepPlan Steps;
};

/// Every rewritten operation becomes a site of its file, numbered in offset order; every project
/// file the sources read is in the plan, so an output tree builds on its own.
Plan planSites(const Project &P, const std::vector<Decision> &Decisions,
               const std::vector<std::string> &AbsSources, StepPlan Steps) {
  Plan Out;
  Out.Steps = std::move(Steps);
  for (const std::string &Abs : AbsSources)
    Out.Files[Abs] = emit::FileEdits{Abs, P.DisplayPaths.at(Abs), {}, {}, false, false, {}, {}, {}};
  for (auto &[Abs, Shown] : P.DisplayPaths)
    if (!Out.Files.count(Abs))
      Out.Files[Abs] = emit::FileEdits{Abs, Shown, {}, {}, false, /*Header=*/true, {}, {}, {}};
  for (auto &[Abs, Points] : P.StepPoints)
    Out.Files.at(Abs).Steps.assign(Points.begin(), Points.end());
  for (const StepLoop &L : Out.Steps.Loops) {
    std::vector<StepPoint> &Points = Out.Files.at(L.File).Steps;
    Points.insert(Points.end(), L.Loop.Steps.begin(), L.Loop.Steps.end());
    if (L.Loop.Begin)
      Points.push_back(*L.Loop.Begin);
  }
  std::vector<std::vector<std::string>> FedBy = fedBy(P);
  for (size_t I = 0; I < P.Ops.size(); ++I) {
    const Operation &Op = P.Ops[I];
    std::optional<unsigned> Site;
    if (Op.Shape && Decisions[I].rewrites()) {
      emit::FileEdits &F = Out.Files.at(Op.Key.File);
      F.Cuda |= Op.Cuda;
      Site = F.Sites.size();
      F.Sites.push_back({&Op, &Decisions[I]});
      // Rounding makes the body large enough that nvcc no longer unrolls the loop by itself.
      if (Decisions[I].Treatment.Format != rules::Format::FP32)
        F.Unrolls.insert(Op.DeviceUnrolls.begin(), Op.DeviceUnrolls.end());
    }
    Out.Entries.push_back({&Op, &Decisions[I], Site, std::move(FedBy[I])});
  }
  // A kernel in a file whose sites round needs more registers than its original: bounded to the
  // blocks it is launched with, it still launches with them.
  for (const auto &[Key, K] : P.Kernels) {
    emit::FileEdits *F = K.File.empty() ? nullptr : &Out.Files.at(K.File);
    if (!F || llvm::none_of(F->Sites, [](const emit::Site &S) { return S.D->Treatment.Format != rules::Format::FP32; }))
      continue;
    // A thread that rounds many values (in a loop) tallies them in registers, added to the
    // sites' state once when it leaves the kernel (autoscale/device_sites.h). The sites of a
    // body are consecutive: they are numbered in offset order. nvcc keeps a local array of more
    // than about 9 KB in memory, whole: a kernel of more sites than 48 records (8 KB) rounds at
    // each value instead. A tally holds about two registers for the kernel's life (a kernel of 42
    // registers took 56 with 8 tallied sites, 72 with 16: too many for a block of 1024 threads),
    // so only the first 8 of a kernel's loop sites are tallied.
    constexpr long MaxCopiedSites = 48;
    constexpr unsigned MaxTallied = 8;
    auto InBody = [&](const emit::Site &S) { return S.Op->Key.Offset >= K.BodyBegin && S.Op->Key.Offset < K.BodyEnd; };
    const auto First = llvm::find_if(F->Sites, InBody);
    const auto End = std::find_if_not(First, F->Sites.end(), InBody);
    if (First != End && End - First <= MaxCopiedSites) {
      unsigned Tallied = 0;
      for (emit::Site &S : llvm::make_range(First, End))
        if (S.D->Treatment.Format != rules::Format::FP32 && S.Op->Loop && Tallied < MaxTallied) {
          S.Tallied = true;
          ++Tallied;
        }
      if (Tallied)
        F->KernelBodies[K.BodyBegin] = {static_cast<unsigned>(First - F->Sites.begin()),
                                        static_cast<unsigned>(End - F->Sites.begin())};
    }
    if (K.boundsThreads())
      F->Bounds.push_back({K.Name, K.NameOffset, K.boundsThreads()});
    else if (std::string Why = K.unboundedReason(); !Why.empty())
      Out.Unbounded[K.File][K.Name] = std::move(Why);
  }
  // Each site's operands, fed by sites of the same table (the runtime propagates their scales).
  std::map<OpKey, unsigned> SiteOf;
  for (const report::Entry &E : Out.Entries)
    if (E.Site)
      SiteOf[E.Op->Key] = *E.Site;
  for (const DataflowEdge &E : P.Edges) {
    auto From = SiteOf.find(E.From), To = SiteOf.find(E.To);
    if (From != SiteOf.end() && To != SiteOf.end() && E.From.File == E.To.File && E.Slot < 3)
      Out.Files.at(E.To.File).Sites[To->second].FedBy[E.Slot] = static_cast<int>(From->second);
  }
  return Out;
}

/// A file's text before and after the rewrite.
struct Rendered {
  const emit::FileEdits *File;
  std::unique_ptr<llvm::MemoryBuffer> Old;
  std::string New;
  std::string NotCompiling; ///< Clang's first error in the rewritten text, which was dropped
};

/// The new text of every planned file, or the error that leaves them all as they are.
llvm::Expected<std::vector<Rendered>> render(const Plan &Plan) {
  std::vector<Rendered> Out;
  for (auto &[Abs, F] : Plan.Files) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf = llvm::MemoryBuffer::getFile(Abs);
    if (!Buf)
      return llvm::createStringError(Buf.getError(), "cannot read %s: %s", Abs.c_str(),
                                     Buf.getError().message().c_str());
    llvm::StringRef Text = (*Buf)->getBuffer();
    llvm::Expected<clang::tooling::Replacements> Repl = emit::buildReplacements(F, Text, substitutionKinds());
    llvm::Expected<std::string> New =
        Repl ? clang::tooling::applyAllReplacements(Text, *Repl) : Repl.takeError();
    if (!New)
      return New.takeError();
    Out.push_back({&F, std::move(*Buf), std::move(*New), {}});
  }
  return Out;
}

/// The safety net's step (Verify.h): every operation of File (on Line, or on any line when Line
/// is 0) that the rewrite changes is left as written, skipped for Reason. Returns how many.
unsigned leaveAsWritten(Project &P, const std::vector<Decision> &Decisions, const std::string &File,
                        unsigned Line, const std::string &Reason) {
  unsigned Left = 0;
  const std::vector<bool> Leaving = leavingWith(P.Ops, Decisions, File, Line);
  for (size_t I = 0; I < P.Ops.size(); ++I) {
    Operation &Op = P.Ops[I];
    if (!Leaving[I] || !Op.Shape || !(Decisions[I].rewrites() || !Decisions[I].ComputedAt.empty()))
      continue;
    Op.Shape.reset();
    Op.SkipReason = Reason;
    ++Left;
  }
  return Left;
}

/// A file the safety net keeps: its text stays as it was (step edits included), and the report
/// says why.
void keepFiles(const std::map<std::string, std::string> &Kept, std::vector<Rendered> &Files) {
  for (Rendered &R : Files)
    if (auto It = Kept.find(R.File->AbsPath); It != Kept.end()) {
      R.New = R.Old->getBuffer().str();
      R.NotCompiling = It->second;
    }
}

/// Every text that changes, by real path.
std::map<std::string, std::string> changedTexts(const std::vector<Rendered> &Files) {
  std::map<std::string, std::string> Changed;
  for (const Rendered &R : Files)
    if (R.New != R.Old->getBuffer())
      Changed[R.File->AbsPath] = R.New;
  return Changed;
}

/// Prints the diff, or writes the files (and the report) as one batch. Returns the exit code.
int output(const std::vector<Rendered> &Files, const Plan &Plan, const Project &P,
           const Options &Opts, const std::string &OutRoot, const std::string &Root,
           const std::set<std::string> &Read) {
  std::vector<report::FileResult> Results;
  std::vector<std::pair<std::string, std::string>> Writes; // target, new text
  std::vector<std::string> SourceOutputs;                   // what is written for the sources
  std::vector<std::string> Targets; // every output of the tree, written now or holding its text
  for (const Rendered &R : Files) {
    const emit::FileEdits &F = *R.File;
    llvm::StringRef Old = R.Old->getBuffer();
    report::FileResult Result{F.Display, "", R.New != Old, static_cast<unsigned>(F.Sites.size()), {}, {}, {}, {}};
    if (!R.NotCompiling.empty()) {
      Result.Sites = 0;
      Result.Reason = "kept as it was: the rewritten text did not compile: " + R.NotCompiling;
    } else {
      for (const emit::LaunchBound &B : F.Bounds)
        Result.LaunchBounds[B.Kernel] = B.Threads;
      if (auto It = Plan.Unbounded.find(F.AbsPath); It != Plan.Unbounded.end())
        for (const auto &[Kernel, Why] : It->second) {
          Result.Unbounded[Kernel] = Why;
          llvm::errs() << "note: " << F.Display << ": kernel " << Kernel
                       << " rounds values and gets no __launch_bounds__ (" << Why
                       << "): rewritten, it needs more registers, and a block of more threads than they "
                          "allow does not launch; give it __launch_bounds__(threads) or rewrite with its launches\n";
        }
    }
    if (auto It = P.DeviceBranches.find(F.AbsPath); It != P.DeviceBranches.end()) {
      Result.DeviceBranches = It->second;
      std::vector<std::string> Lines;
      for (auto [First, Last] : It->second)
        Lines.push_back(std::to_string(First) + "-" + std::to_string(Last));
      llvm::errs() << "note: " << F.Display << ": lines " << llvm::join(Lines, ", ")
                   << " are device code under #if __CUDA_ARCH__, which the host parse does not see: "
                      "their operations stay as written\n";
    }
    if (Opts.Mode == OutputMode::Diff) {
      llvm::outs() << unifiedDiff("a/" + F.Display, "b/" + F.Display, Old, R.New);
    } else if (Result.Changed || Opts.Mode == OutputMode::OutDir) {
      // An output tree holds every project file the sources read, changed or not, so it builds
      // on its own (a quoted #include finds its neighbours there).
      bool InPlace = Opts.Mode == OutputMode::InPlace;
      std::string Target = InPlace ? F.AbsPath : OutRoot + "/" + F.Display;
      // An output that holds its text already keeps its time, so a build that reads the output
      // tree recompiles only what the rewrite changed.
      Targets.push_back(Target);
      if (InPlace || !holds(Target, R.New))
        Writes.emplace_back(Target, R.New);
      if (!F.Header)
        SourceOutputs.push_back(Target);
      Result.WrittenTo = InPlace ? F.Display : Opts.OutDir + "/" + F.Display;
    }
    Results.push_back(std::move(Result));
  }
  // Headers outside the root are neither rewritten nor copied; the report names each.
  for (const std::string &Abs : P.OutsideRoot)
    Results.push_back({Abs, "", false, 0, "outside the project root (--project-root " + Root + ")", {}, {}, {}});
  if (!P.OutsideRoot.empty())
    llvm::errs() << "note: " << P.OutsideRoot.size() << " header"
                 << (P.OutsideRoot.size() == 1 ? " is" : "s are") << " outside the project root "
                 << Root << " and left alone, e.g. " << *P.OutsideRoot.begin()
                 << " (--project-root sets the root)\n";
  // The report and the depfile go in the same batch: they describe files written only with them.
  for (const auto &[Option, Path] : sideOutputs(Opts))
    for (const std::string &Target : Targets)
      if (sameFile(Path, Target))
        return refuseOutput(Option, Path, Target);
  if (!Opts.DepfilePath.empty())
    Writes.emplace_back(Opts.DepfilePath,
                        depfileRule(Opts.DepfileTarget.empty() ? SourceOutputs
                                                               : std::vector<std::string>{Opts.DepfileTarget},
                                    Read));
  if (!Opts.ReportPath.empty()) {
    llvm::json::Value Json =
        report::toJson(Plan.Entries, Plan.Steps, report::countConversions(Plan.Entries, P.Edges),
                       Results, Opts.RulesPath, Opts.Sources.size());
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    OS << llvm::formatv("{0:2}", Json) << "\n";
    Writes.emplace_back(Opts.ReportPath, std::move(Text));
  }
  if (llvm::Error Err = writeAll(Writes)) {
    llvm::errs() << "error: " << llvm::toString(std::move(Err)) << "\n";
    return 1;
  }
  llvm::errs() << report::summaryLine(Plan.Entries, Plan.Steps, Opts.Sources.size()) << "\n";
  return 0;
}

} // namespace

int run(const clang::tooling::CompilationDatabase &DB, const Options &Opts) {
  llvm::Expected<rules::RuleSet> Rules = rules::loadRuleSet(Opts.RulesPath, substitutionKindKeys());
  if (!Rules) {
    llvm::errs() << llvm::toString(Rules.takeError()) << "\n";
    return 2;
  }

  for (const std::string &S : Opts.Sources) {
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(S, Status) || !llvm::sys::fs::exists(Status)) {
      llvm::errs() << "error: " << S << ": no such file; nothing written\n";
      return 1;
    }
    if (llvm::sys::fs::is_directory(Status)) {
      llvm::errs() << "error: " << S << ": is a directory, not a source file; nothing written\n";
      return 1;
    }
  }
  std::vector<std::string> AbsSources, Shown;
  for (const std::string &S : Opts.Sources)
    AbsSources.push_back(realPath(S));
  // The report and the depfile must not replace what the run reads: checked first against the
  // rules and the sources, after parsing against every file a unit read.
  std::vector<std::string> Inputs(Opts.Sources);
  Inputs.push_back(Opts.RulesPath);
  const std::vector<std::pair<const char *, std::string>> Sides = sideOutputs(Opts);
  for (const auto &[Option, Path] : Sides)
    for (const std::string &In : Inputs)
      if (sameFile(Path, In))
        return refuseOutput(Option, Path, In);
  if (Sides.size() == 2 && sameFile(Sides[0].second, Sides[1].second))
    return refuseOutput(Sides[1].first, Sides[1].second, Sides[0].second);
  find::FindOptions FindOpts;
  FindOpts.Root = Opts.ProjectRoot.empty() ? projectRoot(AbsSources) : realPath(Opts.ProjectRoot);
  FindOpts.RuntimeIncludeDir = realPath(Opts.Paths.RuntimeIncludeDir);
  FindOpts.ToolDataDir = realPath(Opts.Paths.DataDir);
  FindOpts.Recognisers = recognisers();
  for (size_t I = 0; I < AbsSources.size(); ++I) {
    std::optional<std::string> Display = FindOpts.relative(AbsSources[I]);
    if (!Display) {
      llvm::errs() << "error: the source " << Opts.Sources[I] << " is outside --project-root "
                   << Opts.ProjectRoot << "; nothing written\n";
      return 2;
    }
    Shown.push_back(std::move(*Display));
  }

  std::string OutRoot;
  if (Opts.Mode == OutputMode::OutDir) {
    OutRoot = realPath(Opts.OutDir);
    for (size_t I = 0; I < AbsSources.size(); ++I)
      if (isUnder(AbsSources[I], OutRoot) &&
          realPath(OutRoot + "/" + Shown[I]) == AbsSources[I]) {
        llvm::errs() << "error: --out-dir " << Opts.OutDir << " would overwrite the source "
                     << AbsSources[I] << "; use --in-place to rewrite sources\n";
        return 2;
      }
  }

  // An nvcc command parses as Clang's (NvccArguments.h); what any of them drops is named once.
  NvccTranslatingDatabase Commands(DB);
  std::vector<std::string> Ignored = Opts.NvccFlagsIgnored;
  for (std::string &Option : nvccOptionsIgnored(DB, Opts.Sources))
    if (!llvm::is_contained(Ignored, Option))
      Ignored.push_back(std::move(Option));
  if (!Ignored.empty())
    llvm::errs() << "note: nvcc options ignored for parsing: " << llvm::join(Ignored, ", ")
                 << "\n";
  if (std::vector<std::string> Unknown = unknownOptionsOf(Commands, Opts.Sources); !Unknown.empty())
    llvm::errs() << "note: options Clang does not know, ignored for parsing: " << llvm::join(Unknown, ", ")
                 << "\n";
  ParseResult Parsed = parseSources(Commands, Opts.Sources, Shown, Opts.Paths, *Rules, FindOpts);
  if (Parsed.Failed) {
    llvm::errs() << "autoscale-rewrite: " << Parsed.Failed << " of " << Opts.Sources.size()
                 << " source file" << (Opts.Sources.size() == 1 ? "" : "s")
                 << " failed to parse; nothing written\n";
    return 1;
  }
  for (const auto &[Option, Path] : sideOutputs(Opts))
    if (anyUnitReads(Path, Parsed.Files))
      return refuseOutput(Option, Path, realPath(Path));
  std::set<std::string> Read{realPath(Opts.RulesPath)};
  for (const UnitFiles &U : Parsed.Files)
    for (const auto &[Path, How] : U.Files)
      Read.insert(Path);
  Project P = merge(std::move(Parsed.Units));
  std::vector<Decision> Decisions = decide(P.Ops, P.Edges, *Rules);
  for (const std::string &Warning : formatlessOverrideWarnings(P.Ops, Decisions, *Rules))
    llvm::errs() << Warning << "\n";
  for (const std::string &Warning : unmatchedOverrideWarnings(P.Ops, *Rules))
    llvm::errs() << Warning << "\n";
  for (const std::string &Warning : uncalledClassFunctionWarnings(P.Ops, *Rules))
    llvm::errs() << Warning << "\n";
  assignSubstitutions(P.Ops, Decisions);
  const StepPlan Steps = planSteps(P.Ops, P.Functions, *Rules, P.CallsStep);
  for (const std::string &Warning : undefinedStepFunctionWarnings(P.StepFunctionsDefined, *Rules))
    llvm::errs() << Warning << "\n";
  keepStepPoints(P.Ops, Decisions, Steps);
  // Every new text is built, and checked, before anything is written: an error in any file
  // leaves every file as it was rather than a half-rewritten project. Each round of the safety
  // net leaves at least one operation or one file as written, so it ends.
  std::map<std::string, std::string> Kept; // files kept as they were, with the error
  for (;;) {
    Plan Plan = planSites(P, Decisions, AbsSources, Steps);
    llvm::Expected<std::vector<Rendered>> Files = render(Plan);
    if (!Files) {
      llvm::errs() << "error: " << llvm::toString(Files.takeError()) << "; nothing written\n";
      return 1;
    }
    keepFiles(Kept, *Files);
    std::optional<RewriteError> Err;
    if (Opts.Verify)
      Err = firstRewriteError(Commands, Parsed.Files, Opts.Paths, changedTexts(*Files));
    if (!Err)
      return output(*Files, Plan, P, Opts, OutRoot, FindOpts.Root, Read);
    if (unsigned Left = leaveAsWritten(P, Decisions, Err->File, Err->Line,
                                       "rewritten code does not compile: " + Err->Message)) {
      llvm::errs() << "note: " << P.DisplayPaths.at(Err->File) << ":" << Err->Line << ": " << Left
                   << " operation" << (Left == 1 ? "" : "s")
                   << " left as written: the rewritten code did not compile: " << Err->Message
                   << " (a bug of autoscale-rewrite; --no-verify writes it anyway)\n";
      continue;
    }
    // No rewritten operation on the error's line: keep the file the error is in, or every
    // changed file of its unit when it lies elsewhere.
    std::vector<std::string> Keep = llvm::is_contained(Err->UnitChanged, Err->File)
                                        ? std::vector<std::string>{Err->File}
                                        : Err->UnitChanged;
    for (const std::string &F : Keep) {
      Kept[F] = Err->Message;
      leaveAsWritten(P, Decisions, F, 0,
                     "its file was kept as it was: the rewritten text did not compile: " + Err->Message);
      llvm::errs() << "note: " << P.DisplayPaths.at(F)
                   << " is kept as it was: its rewritten text did not compile: " << Err->Message
                   << " (a bug of autoscale-rewrite; --no-verify writes it anyway)\n";
    }
  }
}

} // namespace autoscale::driver
