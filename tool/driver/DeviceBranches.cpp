//===- DeviceBranches.cpp - code a CUDA unit's host parse does not see -------===//
#include "driver/DeviceBranches.h"

#include "driver/FilePaths.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <optional>
#include <vector>

namespace autoscale::driver {
namespace {

constexpr llvm::StringLiteral Arch = "__CUDA_ARCH__";

class Recorder : public clang::PPCallbacks {
public:
  Recorder(const clang::Preprocessor &PP, SkippedLines &Out) : PP(PP), Out(Out) {}

  void If(clang::SourceLocation, clang::SourceRange Condition, ConditionValueKind) override {
    open(testsArch(Condition));
  }
  void Ifdef(clang::SourceLocation, const clang::Token &Name, const clang::MacroDefinition &) override {
    open(named(Name));
  }
  void Ifndef(clang::SourceLocation, const clang::Token &Name, const clang::MacroDefinition &) override {
    open(named(Name));
  }
  void Elif(clang::SourceLocation, clang::SourceRange Condition, ConditionValueKind,
            clang::SourceLocation) override {
    Closed.reset();
    if (!Tests.empty())
      Tests.back() = Tests.back() || testsArch(Condition);
  }
  void Else(clang::SourceLocation, clang::SourceLocation) override { Closed.reset(); }
  void Endif(clang::SourceLocation, clang::SourceLocation) override {
    if (Tests.empty())
      return;
    Closed = Tests.back();
    Tests.pop_back();
  }
  void SourceRangeSkipped(clang::SourceRange Skipped, clang::SourceLocation) override {
    // A skip that ends at #endif is reported after the #endif closed its conditional.
    const bool UnderArch = Closed ? *Closed : !Tests.empty() && Tests.back();
    Closed.reset();
    const clang::SourceManager &SM = PP.getSourceManager();
    const clang::SourceLocation Begin = Skipped.getBegin();
    if (!UnderArch || !Begin.isFileID() || SM.isInSystemHeader(Begin))
      return;
    clang::OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(Begin));
    if (!File)
      return;
    Out[realPath(File->getName())].insert({SM.getSpellingLineNumber(Begin), SM.getSpellingLineNumber(Skipped.getEnd())});
  }

private:
  bool named(const clang::Token &Name) const {
    return Name.getIdentifierInfo() && Name.getIdentifierInfo()->getName() == Arch;
  }
  bool testsArch(clang::SourceRange Condition) const {
    return clang::Lexer::getSourceText(clang::CharSourceRange::getCharRange(Condition), PP.getSourceManager(),
                                       PP.getLangOpts())
        .contains(Arch);
  }

  const clang::Preprocessor &PP;
  SkippedLines &Out;
  void open(bool TestsArch) {
    Closed.reset();
    Tests.push_back(TestsArch);
  }

  /// Per open conditional, innermost last: whether one of its conditions tests __CUDA_ARCH__.
  std::vector<bool> Tests;
  /// Whether the conditional the last #endif closed did, until the next directive.
  std::optional<bool> Closed;
};

} // namespace

std::unique_ptr<clang::PPCallbacks> deviceBranchRecorder(const clang::Preprocessor &PP, SkippedLines &Out) {
  return std::make_unique<Recorder>(PP, Out);
}

} // namespace autoscale::driver
