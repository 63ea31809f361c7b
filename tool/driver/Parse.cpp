//===- Parse.cpp - parse each source and find its operations -----------------===//
#include "driver/Parse.h"

#include "driver/CompilerArgs.h"
#include "driver/DeviceBranches.h"
#include "driver/LaunchChevrons.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"

namespace autoscale::driver {
namespace {

UnitFiles filesRead(const clang::SourceManager &SM, const std::string &Source) {
  UnitFiles Out{Source, {}, {}};
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End; ++It) {
    clang::FileEntryRef FE = It->first;
    Out.Ids.insert(FE.getUniqueID());
    // The real path the file system gave when the file was opened (symbolic links resolved).
    llvm::StringRef Real = FE.getFileEntry().tryGetRealPathName();
    Out.Files[Real.empty() ? FE.getName().str() : Real.str()] = {FE.getName().str()};
  }
  return Out;
}

/// Runs the finder on each translation unit that parsed without errors.
class FindAction : public clang::ASTFrontendAction {
public:
  FindAction(const rules::RuleSet &Rules, const find::FindOptions &Opts, ParseResult &Out,
             const std::string &Source)
      : Rules(Rules), Opts(Opts), Out(Out), Source(Source) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    if (CI.getLangOpts().CUDA)
      CI.getPreprocessor().addPPCallbacks(deviceBranchRecorder(CI.getPreprocessor(), DeviceBranches));
    return std::make_unique<Consumer>(CI.getPreprocessor(), *this);
  }

private:
  class Consumer : public clang::ASTConsumer {
  public:
    Consumer(clang::Preprocessor &PP, FindAction &A) : PP(PP), A(A) {}
    void HandleTranslationUnit(clang::ASTContext &Ctx) override {
      if (Ctx.getDiagnostics().hasErrorOccurred())
        return; // the run fails; nothing from this unit is used
      A.Out.Units.push_back(find::findOperations(Ctx, PP, A.Rules, A.Opts));
      // The runtime's header needs C99 (its inline functions, declarations in for loops): a unit
      // parsed as C89 with operations to rewrite would fail its verification and be kept whole,
      // for no fault of its code. One with none is left as it is.
      const clang::LangOptions &Lang = Ctx.getLangOpts();
      if (!Lang.CPlusPlus && !Lang.C99 && !A.Out.Units.back().Ops.empty()) {
        clang::DiagnosticsEngine &D = Ctx.getDiagnostics();
        const clang::SourceManager &SM = Ctx.getSourceManager();
        D.Report(SM.getLocForStartOfFile(SM.getMainFileID()),
                 D.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                   "this file parses as C89/C90, and rewritten C includes autoscale/autoscale.h, "
                                   "which needs C99 or later: give -std=c99 (or gnu99, c11, ...) to "
                                   "autoscale-rewrite and to the build of the rewritten code"));
      }
      A.Out.Units.back().DeviceBranches = std::move(A.DeviceBranches);
      A.Out.Files.push_back(filesRead(Ctx.getSourceManager(), A.Source));
    }

  private:
    clang::Preprocessor &PP;
    FindAction &A;
  };

  const rules::RuleSet &Rules;
  const find::FindOptions &Opts;
  ParseResult &Out;
  const std::string &Source;
  SkippedLines DeviceBranches;
};

class FindActionFactory : public clang::tooling::FrontendActionFactory {
public:
  FindActionFactory(const rules::RuleSet &Rules, const find::FindOptions &Opts, ParseResult &Out,
                    const std::string &Source)
      : Rules(Rules), Opts(Opts), Out(Out), Source(Source) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<FindAction>(Rules, Opts, Out, Source);
  }

private:
  const rules::RuleSet &Rules;
  const find::FindOptions &Opts;
  ParseResult &Out;
  const std::string &Source;
};

} // namespace

ParseResult parseSources(const clang::tooling::CompilationDatabase &DB,
                         const std::vector<std::string> &Sources,
                         const std::vector<std::string> &Shown, const InstallPaths &Paths,
                         const rules::RuleSet &Rules, const find::FindOptions &Opts) {
  ParseResult R;
  for (size_t I = 0; I < Sources.size(); ++I) {
    if (Sources.size() > 1)
      llvm::errs() << "[" << I + 1 << "/" << Sources.size() << "] " << Shown[I] << "\n";
    clang::tooling::ClangTool Tool(DB, {Sources[I]},
                                   std::make_shared<clang::PCHContainerOperations>(),
                                   withLaunchChevronsJoined(llvm::vfs::getRealFileSystem()));
    Tool.appendArgumentsAdjuster(compilerArgsAdjuster(Paths));
    // One printer for the driver and the parse: an error of the driver's (an unknown option) does
    // not stop the parse, and the source must fail as an error of its code does.
    clang::TextDiagnosticPrinter Printer(llvm::errs(), new clang::DiagnosticOptions());
    Tool.setDiagnosticConsumer(&Printer);
    FindActionFactory Factory(Rules, Opts, R, Sources[I]);
    if (Tool.run(&Factory) != 0 || Printer.getNumErrors() != 0)
      ++R.Failed;
  }
  return R;
}

} // namespace autoscale::driver
