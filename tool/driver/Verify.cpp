//===- Verify.cpp - the rewritten text must still compile --------------------===//
#include "driver/Verify.h"

#include "driver/CompilerArgs.h"
#include "driver/FilePaths.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"

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
    if (P.isValid())
      Message = (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) + ":" +
                 llvm::Twine(P.getColumn()) + ": " + Message)
                    .str();
  }

  std::string File, Message;
};

} // namespace

std::map<std::string, std::string> verifyRewrites(const clang::tooling::CompilationDatabase &DB,
                                                  const std::vector<UnitFiles> &Units,
                                                  const InstallPaths &Paths,
                                                  std::map<std::string, std::string> &Changed) {
  std::map<std::string, std::string> Kept;
  std::vector<bool> Clean(Units.size(), false);
  for (bool Again = true; Again;) {
    Again = false;
    for (size_t I = 0; I < Units.size(); ++I) {
      if (Clean[I])
        continue;
      clang::tooling::ClangTool Tool(DB, {Units[I].Source});
      Tool.appendArgumentsAdjuster(compilerArgsAdjuster(Paths));
      // Quiet: the note names the first error; no "N errors generated", no "Error while processing".
      Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
          "-fno-caret-diagnostics", clang::tooling::ArgumentInsertPosition::END));
      Tool.setPrintErrorMessage(false);
      std::vector<std::string> Mine; // the changed files this unit reads
      for (const auto &[Real, Read] : Units[I].Files)
        if (auto It = Changed.find(Real); It != Changed.end()) {
          Tool.mapVirtualFile(Read.Name, It->second);
          Mine.push_back(Real);
        }
      Clean[I] = Mine.empty();
      if (Clean[I])
        continue;
      FirstError Errors;
      Tool.setDiagnosticConsumer(&Errors);
      auto Factory = clang::tooling::newFrontendActionFactory<clang::SyntaxOnlyAction>();
      if (Tool.run(Factory.get()) == 0 && Errors.Message.empty()) {
        Clean[I] = true;
        continue;
      }
      // Keep the file the error is in, or every changed file of the unit when it lies elsewhere;
      // each unit reading a kept file is checked again.
      std::vector<std::string> Revert =
          llvm::is_contained(Mine, Errors.File) ? std::vector<std::string>{Errors.File} : Mine;
      for (const std::string &F : Revert) {
        Changed.erase(F);
        Kept[F] = Errors.Message.empty() ? "the rewritten unit did not parse" : Errors.Message;
      }
      for (size_t J = 0; J < Units.size(); ++J)
        for (const std::string &F : Revert)
          if (Units[J].Files.count(F))
            Clean[J] = false;
      Again = true;
    }
  }
  return Kept;
}

} // namespace autoscale::driver
