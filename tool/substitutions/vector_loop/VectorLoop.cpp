//===- VectorLoop.cpp - a loop of one multiply site as one kernel call ------===//
//
// VectorLoops.cpp recognises an innermost loop that only accumulates one multiply's products
// (VectorLoopShape.h); here the multiply runs that loop as one call of the runtime's dot
// or axpy kernel, which is exactly the loop of its scalar calls.
//
//===----------------------------------------------------------------------===//
#include "substitutions/Substitution.h"

#include "emit/CallSpelling.h"
#include "emit/LoopSpelling.h"
#include "substitutions/vector_loop/VectorLoopShape.h"
#include "substitutions/vector_loop/VectorLoops.h"

#include <map>
#include <set>
#include <string>

namespace autoscale {
namespace {

using emit::Edit;
using namespace emit;

std::string textOf(Span S, llvm::StringRef Text) { return Text.slice(S.Begin, S.End).str(); }

/// The `for` statement goes (its line breaks stay, so the lines below keep their numbers) and in
/// its place
///   T = autoscale_dot_f(site, T, count, &x0, x_stride, &y0, y_stride, tensor_x, tensor_y);
///   autoscale_axpy_f(site, count, alpha, alpha_slot, &x0, x_stride, &y0, y_stride,
///                    tensor_alpha, tensor_x);
/// (a body of several statements: the first call in its place, the others after it, in order;
/// a counter the loop assigns rather than declares gets its exit value after the last)
/// where &x0 is the element's address at the first iteration and the tensor keys are those the
/// scalar call would pass. Site is the expression naming its site, Text the file's contents.
std::vector<Edit> vectorLoopEdits(const Operation &Op, const Decision &D, llvm::StringRef Site,
                                  llvm::StringRef Text) {
  const RewriteShape &S = *Op.Shape;
  const VectorLoopShape &L = *vectorLoopOf(Op);
  std::string Lower = loopLower(L.Spans, Text);
  std::vector<std::string> Keys = tensorKeys(S, D);
  if (Keys.empty())
    Keys = {"AUTOSCALE_NULL", "AUTOSCALE_NULL"};
  auto Walk = [&](const LoopElement &E) {
    return firstAddress(E, Lower, Text) + ", " + spellPoly(E.Stride, Text);
  };
  std::string Call;
  if (L.Form == VectorLoopShape::Dot) {
    std::string T = textOf(L.Target, Text);
    Call = T + " = " + rules::entryPoint(rules::EntryKind::Dot, entryType(S.Compute), BaseOp::Mul).str() +
           "(" + Site.str() + ", " + T + ", " +
           loopCount(L.Spans, Lower, Text) + ", " + Walk(L.X) + ", " + Walk(L.Y) + ", " + Keys[0] + ", " +
           Keys[1] + ");";
  } else {
    Call = rules::entryPoint(rules::EntryKind::Axpy, entryType(S.Compute), BaseOp::Mul).str() + "(" +
           Site.str() + ", " + loopCount(L.Spans, Lower, Text) + ", " +
           textOf(L.Alpha, Text) + ", " + std::to_string(L.AlphaSlot) + ", " + Walk(L.X) +
           ", " + Walk(L.Y) + ", " + Keys[L.AlphaSlot] + ", " + Keys[1 - L.AlphaSlot] + ");";
  }
  // Each call takes the place of its piece of the loop (its statement's line), keeping the line
  // breaks, so the lines below keep their numbers, and the indentation of the next statement.
  // Several calls are one block: still one statement, the body of the loop around.
  bool Block = L.Statements > 1 || L.Spans.AssignedCounter;
  if (L.Order + 1 == L.Statements)
    Call += counterExit(L.Spans.AssignedCounter, Lower, loopCount(L.Spans, Lower, Text), Text);
  if (Block && L.Order == 0)
    Call = "{ " + Call;
  if (Block && L.Order + 1 == L.Statements)
    Call += " }";
  return {{L.Piece.Begin, L.Piece.End - L.Piece.Begin, inPlaceOf(L.Piece, Call, Text),
           Edit::Replace, 0, 0}};
}

/// A multiply whose shape has a vector loop runs that loop as one call of the runtime's kernels
/// when the call is exactly the loop of its scalar calls: it rounds its inputs to a format other
/// than fp32, and the loop's add is kept as written.
class VectorLoopSubstitution final : public SubstitutionKind {
public:
  llvm::StringRef name() const override { return VectorLoopKindName; }
  llvm::StringRef rulesKey() const override { return "vector_loops"; }

  void recogniseMultiply(find::OperationFinder &F, Operation &Op, const clang::BinaryOperator &Mul,
                         const clang::FunctionDecl &FD) const override {
    find::recogniseVectorLoop(F, Op, Mul, FD);
  }

  void assign(const std::vector<Operation> &Ops,
              std::vector<Decision> &Decisions) const override {
    std::map<OpKey, size_t> IndexOf;
    for (size_t I = 0; I < Ops.size(); ++I)
      IndexOf.emplace(Ops[I].Key, I);
    for (size_t I = 0; I < Ops.size(); ++I) {
      const VectorLoopShape *L = vectorLoopOf(Ops[I]);
      Decision &D = Decisions[I];
      if (!D.rewrites() || !D.Treatment.allows(rulesKey()))
        continue;
      // The kernels are the loop of autoscale_mul_*: a site that rounds its inputs (output
      // rounding would be another call), and fp32 rounds nothing, so the loop as written is best.
      const rules::Treatment &T = D.Treatment;
      if (T.Rounding != rules::Rounding::Inputs || T.Format == rules::Format::FP32)
        continue;
      if (!L) {
        D.WhyNot[VectorLoopKindName] = Ops[I].notSubstitutedBy(VectorLoopKindName);
        continue;
      }
      // The sum is kept in the operation's type: an add that is a site of its own stays a call.
      auto Add = IndexOf.find(L->Accumulate);
      if (Add != IndexOf.end() && !Decisions[Add->second].rewrites())
        D.RunsIn = VectorLoopKindName;
      else
        D.WhyNot[VectorLoopKindName] = "the sum is a site of its own";
    }
    // The calls of a loop of several statements replace it together, or none does.
    std::map<std::pair<std::string, unsigned>, std::vector<size_t>> Members;
    for (size_t I = 0; I < Ops.size(); ++I)
      if (const VectorLoopShape *L = vectorLoopOf(Ops[I]); L && L->Statements > 1)
        Members[{Ops[I].Key.File, L->Spans.Loop.Begin}].push_back(I);
    for (auto &[Loop, Is] : Members) {
      size_t Calls = 0;
      for (size_t I : Is)
        Calls += Decisions[I].runsIn(VectorLoopKindName);
      if (Calls == vectorLoopOf(Ops[Is.front()])->Statements)
        continue;
      for (size_t I : Is)
        if (Decisions[I].runsIn(VectorLoopKindName)) {
          Decisions[I].RunsIn.reset();
          Decisions[I].WhyNot[VectorLoopKindName] =
              "another statement of the loop stays one call per product";
        }
    }
  }

  std::optional<std::vector<Edit>> siteEdits(const Operation &Op, const Decision &D,
                                             llvm::StringRef Site,
                                             llvm::StringRef Text) const override {
    return vectorLoopEdits(Op, D, Site, Text);
  }

  /// A loop's call is on its own line, in place of the loop: its operations leave where the
  /// error is on that line, all together.
  void leaveWith(const std::vector<Operation> &Ops, const std::vector<Decision> &Decisions,
                 const std::string &File, unsigned Line,
                 std::vector<bool> &Leaving) const override {
    auto LoopOf = [&](size_t I) -> const VectorLoopShape * {
      return Decisions[I].runsIn(VectorLoopKindName) && Ops[I].Key.File == File
                 ? vectorLoopOf(Ops[I])
                 : nullptr;
    };
    std::set<unsigned> Loops;
    for (size_t I = 0; I < Ops.size(); ++I)
      if (const VectorLoopShape *L = LoopOf(I); L && (!Line || L->CallLine == Line))
        Loops.insert(L->Spans.Loop.Begin);
    for (size_t I = 0; I < Ops.size(); ++I)
      if (const VectorLoopShape *L = LoopOf(I))
        Leaving[I] = Loops.count(L->Spans.Loop.Begin) != 0;
  }

  void describe(const Operation &Op, const Decision &D,
                llvm::json::Object &Entry) const override {
    if (!D.rewrites())
      return;
    if (std::string Why = D.whyNot(VectorLoopKindName); !Why.empty())
      Entry["loop"] = "one call per product: " + Why;
  }
};

} // namespace

const SubstitutionKind &vectorLoopSubstitution() {
  static const VectorLoopSubstitution Kind;
  return Kind;
}

} // namespace autoscale
