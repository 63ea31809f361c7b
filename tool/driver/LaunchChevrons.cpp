//===- LaunchChevrons.cpp - kernel launches with spaced chevrons --------------===//
#include "driver/LaunchChevrons.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <vector>

namespace autoscale::driver {
namespace {

/// Whether Text has `<<` or `>>` followed, after spaces or tabs, by one more: the cheap test that
/// spares lexing every header.
bool mayHaveSpacedChevrons(llvm::StringRef Text) {
  for (char C : {'<', '>'}) {
    const char Pair[] = {C, C, '\0'};
    for (size_t At = Text.find(Pair); At != llvm::StringRef::npos; At = Text.find(Pair, At + 2)) {
      size_t Next = Text.find_first_not_of(" \t", At + 2);
      if (Next != At + 2 && Next != llvm::StringRef::npos && Text[Next] == C)
        return true;
    }
  }
  return false;
}

struct Token {
  clang::tok::TokenKind Kind;
  size_t Offset, Length;
};

/// Text's tokens, lexed raw as CUDA C++: comments and literals are tokens of their own, so a
/// chevron inside them is not taken for a launch's.
std::vector<Token> rawTokens(llvm::StringRef Text) {
  clang::LangOptions Lang;
  // C++17's lexing: digit separators (`1'024`) are numbers, not character literals.
  Lang.CPlusPlus = Lang.CPlusPlus11 = Lang.CPlusPlus14 = Lang.CPlusPlus17 = Lang.CUDA = Lang.LineComment = 1;
  clang::Lexer Lex(clang::SourceLocation(), Lang, Text.begin(), Text.begin(), Text.end());
  std::vector<Token> Out;
  clang::Token Tok;
  for (Lex.LexFromRawLexer(Tok); Tok.isNot(clang::tok::eof); Lex.LexFromRawLexer(Tok)) {
    // The lexer stands just past the token it returned.
    size_t End = static_cast<size_t>(Lex.getBufferLocation() - Text.begin());
    Out.push_back({Tok.getKind(), End - Tok.getLength(), Tok.getLength()});
  }
  return Out;
}

unsigned chevrons(clang::tok::TokenKind Kind, char C) {
  switch (Kind) {
  case clang::tok::less: return C == '<' ? 1 : 0;
  case clang::tok::lessless: return C == '<' ? 2 : 0;
  case clang::tok::lesslessless: return C == '<' ? 3 : 0;
  case clang::tok::greater: return C == '>' ? 1 : 0;
  case clang::tok::greatergreater: return C == '>' ? 2 : 0;
  case clang::tok::greatergreatergreater: return C == '>' ? 3 : 0;
  default: return 0;
  }
}

/// How many tokens from Toks[I] spell three chevrons C, apart only by spaces and tabs: 0 when they
/// do not.
size_t tripleAt(const std::vector<Token> &Toks, size_t I, char C, llvm::StringRef Text) {
  unsigned Count = 0;
  for (size_t J = I; J < Toks.size(); ++J) {
    unsigned Here = chevrons(Toks[J].Kind, C);
    if (!Here || (J > I && Text.slice(Toks[J - 1].Offset + Toks[J - 1].Length, Toks[J].Offset)
                               .find_first_not_of(" \t") != llvm::StringRef::npos))
      return 0;
    Count += Here;
    if (Count == 3)
      return J - I + 1;
    if (Count > 3)
      return 0;
  }
  return 0;
}

/// Writes the chevrons of Toks[I, I + N) together at the first one's place, the spaces that were
/// between them after: `<< <` becomes `<<< `.
void join(std::string &Text, const std::vector<Token> &Toks, size_t I, size_t N, char C) {
  size_t Begin = Toks[I].Offset, End = Toks[I + N - 1].Offset + Toks[I + N - 1].Length;
  std::fill(Text.begin() + Begin, Text.begin() + End, ' ');
  std::fill_n(Text.begin() + Begin, 3, C);
}

class JoinedFile : public llvm::vfs::File {
public:
  explicit JoinedFile(std::unique_ptr<llvm::vfs::File> Inner) : Inner(std::move(Inner)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return Inner->status(); }
  llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
  std::error_code close() override { return Inner->close(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    auto Buffer = Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (!Buffer)
      return Buffer;
    if (std::optional<std::string> Joined = joinLaunchChevrons((*Buffer)->getBuffer()))
      return llvm::MemoryBuffer::getMemBufferCopy(*Joined, (*Buffer)->getBufferIdentifier());
    return Buffer;
  }

private:
  std::unique_ptr<llvm::vfs::File> Inner;
};

class JoiningFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine &Path) override {
    auto File = ProxyFileSystem::openFileForRead(Path);
    if (!File)
      return File;
    return std::make_unique<JoinedFile>(std::move(*File));
  }
};

} // namespace

std::optional<std::string> joinLaunchChevrons(llvm::StringRef Text) {
  if (!mayHaveSpacedChevrons(Text))
    return std::nullopt;
  const std::vector<Token> Toks = rawTokens(Text);
  std::string Out = Text.str();
  bool Changed = false;
  for (size_t I = 0; I < Toks.size(); ++I) {
    size_t Open = tripleAt(Toks, I, '<', Text);
    // `operator<< <>` names a specialisation of operator<<, no launch.
    if (!Open || (I > 0 && Toks[I - 1].Kind == clang::tok::raw_identifier &&
                  Text.substr(Toks[I - 1].Offset, Toks[I - 1].Length) == "operator"))
      continue;
    // The launch's configuration closes at the first `>>>` outside brackets, within the
    // statement.
    int Depth = 0;
    for (size_t J = I + Open; J < Toks.size() && Depth >= 0; ++J) {
      clang::tok::TokenKind K = Toks[J].Kind;
      if (Depth == 0 && (K == clang::tok::semi || K == clang::tok::l_brace))
        break;
      Depth += K == clang::tok::l_paren || K == clang::tok::l_square || K == clang::tok::l_brace;
      Depth -= K == clang::tok::r_paren || K == clang::tok::r_square || K == clang::tok::r_brace;
      size_t Close = Depth == 0 ? tripleAt(Toks, J, '>', Text) : 0;
      if (!Close)
        continue;
      if (Open > 1 || Close > 1) {
        join(Out, Toks, I, Open, '<');
        join(Out, Toks, J, Close, '>');
        Changed = true;
      }
      I = J + Close - 1;
      break;
    }
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
withLaunchChevronsJoined(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<JoiningFileSystem>(std::move(Base));
}

} // namespace autoscale::driver
