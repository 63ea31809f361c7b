//===- Verify.cpp - the rewritten text must still compile --------------------===//
#include "driver/Verify.h"

#include "driver/CompilerArgs.h"
#include "driver/FilePaths.h"
#include "driver/LaunchChevrons.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"

#include <list>

namespace autoscale::driver {
namespace {

/// Keeps the first error of a parse and where it lies; prints nothing.
class FirstError : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error || !Message.empty())
      return;
    llvm::SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Message = Text.str().str();
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return;
    const clang::SourceManager &SM = Info.getSourceManager();
    clang::PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Info.getLocation()));
    clang::OptionalFileEntryRef FE =
        SM.getFileEntryRefForID(SM.getFileID(SM.getFileLoc(Info.getLocation())));
    if (FE)
      File = realPath(FE->getName());
    if (P.isValid()) {
      Line = P.getLine();
      Message = (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) + ":" +
                 llvm::Twine(P.getColumn()) + ": " + Message)
                    .str();
    }
  }

  std::string File, Message;
  unsigned Line = 0;
};

} // namespace

std::optional<RewriteError> firstRewriteError(const clang::tooling::CompilationDatabase &DB,
                                              const std::vector<UnitFiles> &Units,
                                              const InstallPaths &Paths,
                                              const std::map<std::string, std::string> &Changed) {
  for (const UnitFiles &Unit : Units) {
    clang::tooling::ClangTool Tool(DB, {Unit.Source},
                                   std::make_shared<clang::PCHContainerOperations>(),
                                   withLaunchChevronsJoined(llvm::vfs::getRealFileSystem()));
    Tool.appendArgumentsAdjuster(compilerArgsAdjuster(Paths));
    // Quiet: the note names the first error; no "N errors generated", no "Error while processing".
    Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        "-fno-caret-diagnostics", clang::tooling::ArgumentInsertPosition::END));
    Tool.setPrintErrorMessage(false);
    std::vector<std::string> Mine; // the changed files this unit reads
    std::list<std::string> Texts;  // what the tool maps them to (it keeps a reference)
    for (const auto &[Real, Read] : Unit.Files)
      if (auto It = Changed.find(Real); It != Changed.end()) {
        Texts.push_back(joinLaunchChevrons(It->second).value_or(It->second));
        Tool.mapVirtualFile(Read.Name, Texts.back());
        Mine.push_back(Real);
      }
    if (Mine.empty())
      continue;
    FirstError Errors;
    Tool.setDiagnosticConsumer(&Errors);
    auto Factory = clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>();
    if (Tool.run(Factory.get()) == 0 && Errors.Message.empty())
      continue;
    return RewriteError{Errors.File, Errors.Line,
                        Errors.Message.empty() ? "the rewritten unit did not parse" : Errors.Message,
                        std::move(Mine)};
  }
  return std::nullopt;
}

} // namespace autoscale::driver
