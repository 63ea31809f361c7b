//===- UnifiedDiff.cpp - a unified diff of two texts --------------------------===//
//
// Myers' O(ND) algorithm: the tool's edits change few lines, so D stays small.
//
//===----------------------------------------------------------------------===//
#include "driver/UnifiedDiff.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <vector>

namespace autoscale::driver {
namespace {

std::vector<llvm::StringRef> lines(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Out;
  while (!Text.empty()) {
    size_t NL = Text.find('\n');
    Out.push_back(Text.substr(0, NL == llvm::StringRef::npos ? NL : NL + 1));
    Text = NL == llvm::StringRef::npos ? llvm::StringRef() : Text.substr(NL + 1);
  }
  return Out;
}

struct Step {
  char Kind; // ' ', '-', '+'
  int A, B;  // line indices in Old and New
};

std::vector<Step> shortestEdit(const std::vector<llvm::StringRef> &A,
                               const std::vector<llvm::StringRef> &B) {
  const int N = A.size(), M = B.size();
  // Trace[d][k + d] = furthest x on diagonal k after d edits.
  std::vector<std::vector<int>> Trace;
  int X = 0, Y = 0;
  for (int D = 0;; ++D) {
    std::vector<int> V(2 * D + 1);
    const std::vector<int> *Prev = D ? &Trace.back() : nullptr;
    auto At = [&](int K) { return (*Prev)[K + D - 1]; };
    bool Done = false;
    for (int K = -D; K <= D; K += 2) {
      if (D == 0)
        X = 0;
      else if (K == -D || (K != D && At(K - 1) < At(K + 1)))
        X = At(K + 1);
      else
        X = At(K - 1) + 1;
      Y = X - K;
      while (X < N && Y < M && A[X] == B[Y])
        ++X, ++Y;
      V[K + D] = X;
      if (X >= N && Y >= M) {
        Done = true;
        break;
      }
    }
    Trace.push_back(std::move(V));
    if (Done)
      break;
  }
  std::vector<Step> Steps;
  X = N, Y = M;
  for (int D = Trace.size() - 1; D >= 0; --D) {
    int K = X - Y, PrevX = 0, PrevY = 0;
    if (D > 0) {
      const std::vector<int> &Prev = Trace[D - 1];
      auto At = [&](int Kk) { return Prev[Kk + D - 1]; };
      int PrevK = (K == -D || (K != D && At(K - 1) < At(K + 1))) ? K + 1 : K - 1;
      PrevX = At(PrevK);
      PrevY = PrevX - PrevK;
      int StartX = PrevK == K + 1 ? PrevX : PrevX + 1;
      int StartY = PrevK == K + 1 ? PrevY + 1 : PrevY;
      while (X > StartX && Y > StartY)
        --X, --Y, Steps.push_back({' ', X, Y});
      if (PrevK == K + 1)
        Steps.push_back({'+', PrevX, PrevY});
      else
        Steps.push_back({'-', PrevX, PrevY});
      X = PrevX, Y = PrevY;
    } else {
      while (X > 0 && Y > 0)
        --X, --Y, Steps.push_back({' ', X, Y});
    }
  }
  std::reverse(Steps.begin(), Steps.end());
  return Steps;
}

} // namespace

std::string unifiedDiff(llvm::StringRef OldName, llvm::StringRef NewName, llvm::StringRef Old,
                        llvm::StringRef New) {
  if (Old == New)
    return {};
  std::vector<llvm::StringRef> A = lines(Old), B = lines(New);
  std::vector<Step> Steps = shortestEdit(A, B);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << "--- " << OldName << "\n+++ " << NewName << "\n";
  const int Context = 3, S = Steps.size();
  int I = 0;
  while (I < S) {
    while (I < S && Steps[I].Kind == ' ')
      ++I;
    if (I == S)
      break;
    // A hunk: from Context lines before this change to Context lines after the last change
    // that is no more than 2 * Context equal lines away.
    int Begin = std::max(0, I - Context), End = I;
    while (true) {
      while (End < S && Steps[End].Kind != ' ')
        ++End;
      int Equal = End;
      while (Equal < S && Steps[Equal].Kind == ' ')
        ++Equal;
      if (Equal < S && Equal - End <= 2 * Context) {
        End = Equal;
        continue;
      }
      End = std::min(S, End + Context);
      break;
    }
    int OldCount = 0, NewCount = 0;
    for (int J = Begin; J < End; ++J) {
      OldCount += Steps[J].Kind != '+';
      NewCount += Steps[J].Kind != '-';
    }
    int OldStart = Steps[Begin].A + (OldCount ? 1 : 0);
    int NewStart = Steps[Begin].B + (NewCount ? 1 : 0);
    OS << "@@ -" << OldStart << "," << OldCount << " +" << NewStart << "," << NewCount << " @@\n";
    for (int J = Begin; J < End; ++J) {
      llvm::StringRef L = Steps[J].Kind == '+' ? B[Steps[J].B] : A[Steps[J].A];
      OS << Steps[J].Kind << L;
      if (!L.ends_with("\n"))
        OS << "\n\\ No newline at end of file\n";
    }
    I = End;
  }
  return Out;
}

} // namespace autoscale::driver
