//===- Emit.cpp - decisions -> the edits of one file -------------------------===//
#include "emit/Emit.h"

#include "emit/CallSpelling.h"
#include "emit/SiteTable.h"
#include "find/Finder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <map>

namespace autoscale::emit {

/// Where the prelude goes: line 1, after a UTF-8 byte-order mark (which is only skipped at the very
/// start), unless the file opens by defining feature-test macros (_GNU_SOURCE, _POSIX_C_SOURCE...),
/// which must precede every system header; then after them.
static unsigned preludeOffset(llvm::StringRef Text, unsigned &Line) {
  unsigned Bom = Text.starts_with(find::ByteOrderMark) ? 3 : 0;
  unsigned Offset = Bom, LineNo = 1, Best = Bom, BestLine = 1;
  bool InComment = false;
  while (Offset < Text.size()) {
    size_t End = Text.find('\n', Offset);
    End = End == llvm::StringRef::npos ? Text.size() : End + 1;
    llvm::StringRef L = Text.slice(Offset, End).trim();
    if (InComment) {
      InComment = !L.contains("*/");
    } else if (L.starts_with("/*")) {
      InComment = !L.contains("*/");
    } else if (!L.empty() && !L.starts_with("//")) {
      llvm::StringRef Directive = L.drop_front(L.starts_with("#") ? 1 : 0).ltrim();
      if (!L.starts_with("#") || !Directive.consume_front("define") ||
          !Directive.ltrim().starts_with("_"))
        break;
      Best = End;
      BestLine = LineNo + 1;
    }
    Offset = End;
    ++LineNo;
  }
  Line = BestLine;
  return Best;
}

bool Edit::operator<(const Edit &B) const {
  const Edit &A = *this;
  if (A.Offset != B.Offset)
    return A.Offset < B.Offset;
  if (A.Where != B.Where)
    return A.Where < B.Where;
  if (A.Where == Edit::Close)
    return A.Span != B.Span ? A.Span < B.Span : A.Layer > B.Layer;
  return A.Span != B.Span ? A.Span > B.Span : A.Layer < B.Layer;
}

llvm::Expected<clang::tooling::Replacements>
buildReplacements(const FileEdits &F, llvm::StringRef Text,
                  llvm::ArrayRef<const SubstitutionKind *> Substitutions) {
  auto KindOf = [&](Substitution S) -> const SubstitutionKind & {
    return **llvm::find_if(Substitutions, [&](const SubstitutionKind *K) { return K->name() == S; });
  };
  std::vector<Edit> Edits;
  for (const StepPoint &P : F.Steps)
    for (Edit &E : stepEdits(P))
      Edits.push_back(std::move(E));
  for (const LaunchBound &B : F.Bounds)
    // One block a multiprocessor at least: the bound caps the registers at what a block of Threads
    // allows, where the bound alone lets ptxas aim at two (a kernel went from 40 registers to 32
    // and spilled).
    Edits.push_back({B.NameOffset, 0, "__launch_bounds__(" + std::to_string(B.Threads) + ", 1) ",
                     Edit::Open, Outermost, -1});
  for (unsigned Offset : F.Unrolls)
    Edits.push_back({Offset, 0, "AUTOSCALE_DEVICE_UNROLL ", Edit::Open, Outermost, -1});
  for (const auto &[Offset, Sites] : F.KernelBodies)
    Edits.push_back({Offset, 0,
                     " AUTOSCALE_KERNEL_SITES(" + siteTableName(F.Display) + "_device, " +
                         std::to_string(Sites.First) + ", " + std::to_string(Sites.End) + ")",
                     Edit::Open, Outermost, -1});
  std::string Table = siteTableRef(F);
  auto RefOf = [&](size_t K) { return "&" + Table + "[" + std::to_string(K) + "]"; };
  std::map<unsigned, unsigned> OperationsPerLoop; // by the innermost loop around them
  for (const Site &S : F.Sites)
    if (S.Op->Loop)
      ++OperationsPerLoop[*S.Op->Loop];
  // A site a substitution computes is spelled by it, or keeps its scalar call (a loop program's);
  // each substitution then spells the code it replaces around its sites.
  std::map<Substitution, std::vector<NumberedSite>> BySubstitution;
  for (size_t K = 0; K < F.Sites.size(); ++K) {
    const Site &S = F.Sites[K];
    std::optional<std::vector<Edit>> Substituted;
    if (S.D->RunsIn) {
      BySubstitution[*S.D->RunsIn].push_back({RefOf(K), S.Op, S.D});
      Substituted = KindOf(*S.D->RunsIn).siteEdits(*S.Op, *S.D, RefOf(K), Text);
    }
    const CallForm Form = callForm(*S.Op, S.Op->Loop ? OperationsPerLoop[*S.Op->Loop] : 0);
    for (Edit &E : Substituted ? std::move(*Substituted)
                               : callEdits(*S.Op, *S.D, Form, RefOf(K), Text))
      Edits.push_back(std::move(E));
  }
  for (const SubstitutionKind *Kind : Substitutions)
    if (auto It = BySubstitution.find(Kind->name()); It != BySubstitution.end())
      for (Edit &E : Kind->fileEdits(It->second, Text))
        Edits.push_back(std::move(E));
  clang::tooling::Replacements Result;
  if (Edits.empty())
    return Result;
  unsigned FirstLine = 1;
  unsigned At = preludeOffset(Text, FirstLine);
  Edits.push_back({At, 0, prelude(F, FirstLine, Substitutions), Edit::Open, Outermost, -1});
  std::stable_sort(Edits.begin(), Edits.end());

  // Edits that touch are folded into one replacement, so their order is ours, not the
  // container's.
  auto Flush = [&](unsigned Begin, unsigned End, const std::string &NewText) -> llvm::Error {
    return Result.add(clang::tooling::Replacement(F.AbsPath, Begin, End - Begin, NewText));
  };
  unsigned Begin = Edits[0].Offset, End = Begin;
  std::string NewText;
  for (const Edit &E : Edits) {
    if (E.Offset + E.Length > Text.size())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s: edit beyond the end of the file", F.Display.c_str());
    if (E.Offset > End) {
      if (llvm::Error Err = Flush(Begin, End, NewText))
        return Err;
      Begin = End = E.Offset;
      NewText.clear();
    }
    if (E.Offset < End) // inside text an earlier edit replaced: two edits disagree
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "%s: overlapping edits at offset %u", F.Display.c_str(),
                                     E.Offset);
    NewText += E.Text;
    End = E.Offset + E.Length;
  }
  if (llvm::Error Err = Flush(Begin, End, NewText))
    return Err;
  return Result;
}

} // namespace autoscale::emit
