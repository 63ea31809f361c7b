//===- UnknownOptions.cpp - compiler options Clang's driver does not know ----===//
#include "driver/UnknownOptions.h"

#include "clang/Driver/Options.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"

namespace autoscale::driver {

std::vector<std::string> optionsUnknownToClang(llvm::ArrayRef<std::string> CommandLine) {
  std::vector<const char *> Argv;
  for (size_t I = 1; I < CommandLine.size() && CommandLine[I] != "--"; ++I)
    Argv.push_back(CommandLine[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  const llvm::opt::InputArgList Args = clang::driver::getDriverOptTable().ParseArgs(
      Argv, MissingIndex, MissingCount, llvm::opt::Visibility(clang::driver::options::ClangOption));
  std::vector<std::string> Unknown;
  for (const llvm::opt::Arg *A : Args.filtered(clang::driver::options::OPT_UNKNOWN))
    Unknown.push_back(A->getAsString(Args));
  return Unknown;
}

clang::tooling::ArgumentsAdjuster unknownOptionsDropper() {
  return [](const clang::tooling::CommandLineArguments &Args, llvm::StringRef) {
    const std::vector<std::string> Unknown = optionsUnknownToClang(Args);
    if (Unknown.empty())
      return Args;
    clang::tooling::CommandLineArguments Out;
    bool Options = true; // after `--` every argument is an input
    for (const std::string &A : Args) {
      Options = Options && A != "--";
      if (!Options || !llvm::is_contained(Unknown, A))
        Out.push_back(A);
    }
    return Out;
  };
}

std::vector<std::string> unknownOptionsOf(const clang::tooling::CompilationDatabase &DB,
                                          const std::vector<std::string> &Sources) {
  std::vector<std::string> Unknown;
  for (const std::string &S : Sources)
    for (const clang::tooling::CompileCommand &C : DB.getCompileCommands(clang::tooling::getAbsolutePath(S)))
      for (std::string &Option : optionsUnknownToClang(C.CommandLine))
        if (!llvm::is_contained(Unknown, Option))
          Unknown.push_back(std::move(Option));
  return Unknown;
}

} // namespace autoscale::driver
