//===- Driver.cpp - run autoscale-rewrite over a set of sources --------------===//
#include "driver/Driver.h"

#include "decide/Decide.h"
#include "driver/CompilerArgs.h"
#include "driver/UnifiedDiff.h"
#include "emit/Emit.h"
#include "find/Finder.h"
#include "report/Report.h"
#include "ruleset/RuleSet.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <tuple>

namespace autoscale::driver {
namespace {

/// An operation with its decision, once every translation unit has been merged.
struct Decided {
  Operation Op;
  Decision D;
};

/// What all translation units found, merged: an operation in a header is seen by every unit
/// that includes it, and an operation in a macro argument once per expansion; they must agree.
class Collector {
public:
  void add(FoundOperations Found, const std::vector<Decision> &Decisions) {
    for (size_t I = 0; I < Found.Ops.size(); ++I) {
      Operation &Op = Found.Ops[I];
      Op.Inputs.clear(); // indices into one unit's list mean nothing after merging
      auto Key = std::make_tuple(Op.AbsFile, Op.Offset, Op.Spelling);
      auto [It, New] = Ops.try_emplace(Key, Decided{Op, Decisions[I]});
      if (New)
        continue;
      Decided &Old = It->second;
      Old.Op.Cuda |= Op.Cuda;
      if (Old.Op.SkipReason == Op.SkipReason && Old.Op.Edits == Op.Edits && Old.D == Decisions[I])
        continue;
      if (Old.Op.SkipReason.empty())
        Old.Op.SkipReason = Op.SkipReason.empty()
                                ? "translation units or macro expansions disagree"
                                : Op.SkipReason;
      Old.Op.Edits.clear();
    }
    for (auto &[File, Edits] : Found.StepEdits)
      for (const Edit &E : Edits)
        StepEdits[File].insert(std::make_tuple(E.Offset, E.Where, E.Text, E.Length));
    for (auto &[Abs, Display] : Found.DisplayPaths)
      DisplayPaths[Abs] = Display;
  }

  std::map<std::tuple<std::string, unsigned, std::string>, Decided> Ops;
  std::map<std::string, std::set<std::tuple<unsigned, Edit::Phase, std::string, unsigned>>>
      StepEdits;
  std::map<std::string, std::string> DisplayPaths;
};

class FindConsumer : public clang::ASTConsumer {
public:
  FindConsumer(clang::Preprocessor &PP, const rules::RuleSet &Rules, const find::FindOptions &Opts,
               Collector &Out)
      : PP(PP), Rules(Rules), Opts(Opts), Out(Out) {}
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // the run fails; nothing from this unit is used
    FoundOperations Found = find::findOperations(Ctx, PP, Rules, Opts);
    std::vector<Decision> Decisions = decide(Found.Ops, Rules);
    Out.add(std::move(Found), Decisions);
  }

private:
  clang::Preprocessor &PP;
  const rules::RuleSet &Rules;
  const find::FindOptions &Opts;
  Collector &Out;
};

class FindAction : public clang::ASTFrontendAction {
public:
  FindAction(const rules::RuleSet &Rules, const find::FindOptions &Opts, Collector &Out)
      : Rules(Rules), Opts(Opts), Out(Out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    return std::make_unique<FindConsumer>(CI.getPreprocessor(), Rules, Opts, Out);
  }

private:
  const rules::RuleSet &Rules;
  const find::FindOptions &Opts;
  Collector &Out;
};

class FindActionFactory : public clang::tooling::FrontendActionFactory {
public:
  FindActionFactory(const rules::RuleSet &Rules, const find::FindOptions &Opts, Collector &Out)
      : Rules(Rules), Opts(Opts), Out(Out) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<FindAction>(Rules, Opts, Out);
  }

private:
  const rules::RuleSet &Rules;
  const find::FindOptions &Opts;
  Collector &Out;
};

std::string realPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

bool isUnder(llvm::StringRef Path, llvm::StringRef Dir) {
  return Path.starts_with(Dir) && (Dir.ends_with("/") || Path.substr(Dir.size()).starts_with("/"));
}

/// The directory output paths are relative to: the working directory when every source is
/// under it, else the deepest directory holding them all.
std::string projectRoot(const std::vector<std::string> &AbsSources) {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::string Root = realPath(Cwd);
  if (llvm::all_of(AbsSources, [&](const std::string &S) { return isUnder(S, Root); }))
    return Root;
  Root = llvm::sys::path::parent_path(AbsSources.front()).str();
  for (const std::string &S : AbsSources)
    while (!isUnder(S, Root))
      Root = llvm::sys::path::parent_path(Root).str();
  return Root.empty() ? "/" : Root;
}

/// Writes every file or none: each text goes to a temporary file beside its target, and only
/// once all are written are they renamed over their targets (each rename is atomic). A failure,
/// or a signal, leaves no temporary file; a failure also removes the directories this call made.
llvm::Error writeAll(const std::vector<std::pair<std::string, std::string>> &Files) {
  std::vector<std::string> Temps, MadeDirs; // MadeDirs: outermost first
  auto Fail = [&](std::error_code EC, const char *What, const std::string &Path) {
    for (const std::string &T : Temps) {
      llvm::sys::fs::remove(T);
      llvm::sys::DontRemoveFileOnSignal(T);
    }
    for (auto D = MadeDirs.rbegin(); D != MadeDirs.rend(); ++D)
      llvm::sys::fs::remove(*D);
    return llvm::createStringError(EC, "cannot %s %s: %s", What, Path.c_str(),
                                   EC.message().c_str());
  };
  for (const auto &[Path, Text] : Files) {
    std::vector<std::string> Missing;
    for (llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
         !Dir.empty() && !llvm::sys::fs::exists(Dir); Dir = llvm::sys::path::parent_path(Dir))
      Missing.insert(Missing.begin(), Dir.str());
    for (const std::string &Dir : Missing) {
      if (std::error_code EC = llvm::sys::fs::create_directory(Dir))
        return Fail(EC, "create the directory of", Path);
      MadeDirs.push_back(Dir);
    }
    int FD;
    llvm::SmallString<256> Temp;
    if (std::error_code EC = llvm::sys::fs::createUniqueFile(Path + ".autoscale-%%%%%%", FD, Temp))
      return Fail(EC, "write", Path);
    Temps.push_back(std::string(Temp));
    llvm::sys::RemoveFileOnSignal(Temp);
    if (llvm::ErrorOr<llvm::sys::fs::perms> Mode = llvm::sys::fs::getPermissions(Path))
      llvm::sys::fs::setPermissions(Temp, *Mode); // a rewritten file keeps its mode
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      return Fail(EC, "write", Path);
    }
  }
  for (size_t I = 0; I < Files.size(); ++I) {
    if (std::error_code EC = llvm::sys::fs::rename(Temps[I], Files[I].first)) {
      MadeDirs.clear(); // they hold the files already renamed
      Temps.erase(Temps.begin(), Temps.begin() + I);
      return Fail(EC, "replace", Files[I].first);
    }
    llvm::sys::DontRemoveFileOnSignal(Temps[I]);
  }
  return llvm::Error::success();
}

} // namespace

int run(const clang::tooling::CompilationDatabase &DB, const Options &Opts) {
  llvm::Expected<rules::RuleSet> Rules = rules::loadRuleSet(Opts.RulesPath);
  if (!Rules) {
    llvm::errs() << llvm::toString(Rules.takeError()) << "\n";
    return 2;
  }

  std::vector<std::string> AbsSources;
  for (const std::string &S : Opts.Sources)
    AbsSources.push_back(realPath(S));
  find::FindOptions FindOpts;
  FindOpts.Root = projectRoot(AbsSources);
  FindOpts.RuntimeIncludeDir = realPath(Opts.Paths.RuntimeIncludeDir);
  auto Display = [&](llvm::StringRef Abs) { return *FindOpts.relative(Abs); };

  Collector Found;
  unsigned Failed = 0;
  for (size_t I = 0; I < Opts.Sources.size(); ++I) {
    if (Opts.Sources.size() > 1)
      llvm::errs() << "[" << I + 1 << "/" << Opts.Sources.size() << "] " << Display(AbsSources[I])
                   << "\n";
    clang::tooling::ClangTool Tool(DB, {Opts.Sources[I]});
    Tool.appendArgumentsAdjuster(compilerArgsAdjuster(Opts.Paths));
    FindActionFactory Factory(*Rules, FindOpts, Found);
    if (Tool.run(&Factory) != 0)
      ++Failed;
  }
  if (Failed) {
    llvm::errs() << "autoscale-rewrite: " << Failed << " of " << Opts.Sources.size()
                 << " source file" << (Opts.Sources.size() == 1 ? "" : "s")
                 << " failed to parse; nothing written\n";
    return 1;
  }

  // Per project file: the rewritten operations, in offset order, become its sites.
  std::map<std::string, emit::FileEdits> Files;
  for (const std::string &Abs : AbsSources)
    Files[Abs] = emit::FileEdits{Abs, Display(Abs), {}, {}};
  for (auto &[Abs, Shown] : Found.DisplayPaths)
    if (!Files.count(Abs))
      Files[Abs] = emit::FileEdits{Abs, Shown, {}, {}, false, /*Header=*/true};
  for (auto &[Abs, Steps] : Found.StepEdits) {
    emit::FileEdits &F = Files.at(Abs);
    for (const auto &[Offset, Where, Text, Length] : Steps)
      F.StepEdits.push_back({Offset, Length, Text, Where, ~0u, 0});
  }
  std::vector<report::Entry> Entries;
  for (auto &[Key, X] : Found.Ops) {
    std::optional<unsigned> Site;
    if (X.Op.SkipReason.empty() && X.D.rewrites()) {
      emit::FileEdits &F = Files.at(X.Op.AbsFile);
      F.Cuda |= X.Op.Cuda;
      Site = F.Sites.size();
      F.Sites.push_back({&X.Op, &X.D});
    }
    Entries.push_back({&X.Op, &X.D, Site});
  }

  std::string OutRoot;
  if (Opts.Mode == OutputMode::OutDir) {
    OutRoot = realPath(Opts.OutDir);
    for (const std::string &Src : AbsSources)
      if (isUnder(Src, OutRoot) && realPath(OutRoot + "/" + Display(Src)) == Src) {
        llvm::errs() << "error: --out-dir " << Opts.OutDir << " would overwrite the source "
                     << Src << "; use --in-place to rewrite sources\n";
        return 2;
      }
  }

  // Every new text is built before anything is written: an error in any file leaves every
  // file as it was rather than a half-rewritten project.
  std::vector<report::FileResult> Results;
  std::vector<std::pair<std::string, std::string>> Writes; // target, new text
  for (auto &[Abs, F] : Files) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf = llvm::MemoryBuffer::getFile(Abs);
    if (!Buf) {
      llvm::errs() << "error: cannot read " << Abs << ": " << Buf.getError().message()
                   << "; nothing written\n";
      return 1;
    }
    llvm::StringRef Text = (*Buf)->getBuffer();
    llvm::Expected<clang::tooling::Replacements> Repl = emit::buildReplacements(F, Text);
    llvm::Expected<std::string> New =
        Repl ? clang::tooling::applyAllReplacements(Text, *Repl) : Repl.takeError();
    if (!New) {
      llvm::errs() << "error: " << llvm::toString(New.takeError()) << "; nothing written\n";
      return 1;
    }
    report::FileResult R{F.Display, "", *New != Text, static_cast<unsigned>(F.Sites.size())};
    if (Opts.Mode == OutputMode::Diff) {
      llvm::outs() << unifiedDiff("a/" + F.Display, "b/" + F.Display, Text, *New);
    } else if (R.Changed || Opts.Mode == OutputMode::OutDir) {
      // An output tree holds every project file the sources read, changed or not, so it builds
      // on its own (a quoted #include finds its neighbours there).
      bool InPlace = Opts.Mode == OutputMode::InPlace;
      Writes.emplace_back(InPlace ? Abs : OutRoot + "/" + F.Display, std::move(*New));
      R.WrittenTo = InPlace ? F.Display : Opts.OutDir + "/" + F.Display;
    }
    Results.push_back(std::move(R));
  }
  // The report goes in the same batch: it describes files that are written only with it.
  if (!Opts.ReportPath.empty()) {
    llvm::json::Value Json = report::toJson(Entries, Results, Opts.RulesPath, Opts.Sources.size());
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    OS << llvm::formatv("{0:2}", Json) << "\n";
    Writes.emplace_back(Opts.ReportPath, std::move(Text));
  }
  if (llvm::Error Err = writeAll(Writes)) {
    llvm::errs() << "error: " << llvm::toString(std::move(Err)) << "\n";
    return 1;
  }
  llvm::errs() << report::summaryLine(Entries, Opts.Sources.size()) << "\n";
  return 0;
}

} // namespace autoscale::driver
