//===- LoopProgram.cpp - an innermost loop as one loop program --------------===//
//
// LoopPrograms.cpp recognises an innermost loop of straight-line float arithmetic on elements
// affine in its counter (LoopProgramShape.h); here its operations run as one program of
// the runtime's loop interpreter, shared by every operation of the loop.
//
//===----------------------------------------------------------------------===//
#include "substitutions/Substitution.h"

#include "decide/StepLoops.h"
#include "emit/CallSpelling.h"
#include "emit/LoopSpelling.h"
#include "substitutions/loop_program/LoopProgramShape.h"
#include "substitutions/loop_program/LoopPrograms.h"
// The kinds that choose before it, whose operations are not its own (their names).
#include "substitutions/matmul/GemmShape.h"
#include "substitutions/vector_loop/VectorLoopShape.h"

#include "llvm/ADT/STLExtras.h"

#include <map>
#include <string>

namespace autoscale {
namespace {

using emit::Edit;
using namespace emit;

/// The list of names a program uses, each once, by first use.
class Names {
public:
  int indexOf(const std::string &Name) {
    for (size_t I = 0; I < List.size(); ++I)
      if (List[I] == Name)
        return static_cast<int>(I);
    List.push_back(Name);
    return static_cast<int>(List.size() - 1);
  }
  const std::vector<std::string> &list() const { return List; }

private:
  std::vector<std::string> List;
};

struct Op {
  const char *Code;
  int Dst = -1, A = -1, B = -1, Site = -1, KeyA = -1, KeyB = -1, C = -1;
};

using rules::LoopCode;

const char *code(LoopCode C) { return rules::runtimeConstant(C).Spelling; }

const char *choiceCode(const ProgramOp &O) {
  if (O.Kind == ProgramOp::Select)
    return code(LoopCode::Select);
  static constexpr LoopCode Codes[] = {LoopCode::Less, LoopCode::LessEqual, LoopCode::Equal};
  return code(Codes[O.Pred]);
}

const char *plainCode(ProgramOp::Arithmetic A) {
  static constexpr LoopCode Codes[] = {LoopCode::Add, LoopCode::Sub, LoopCode::Mul,
                                       LoopCode::Div, LoopCode::Neg, LoopCode::Call};
  return code(Codes[A]);
}
const char *siteCode(ProgramOp::Arithmetic A) {
  static constexpr LoopCode Codes[] = {LoopCode::SiteAdd, LoopCode::SiteSub, LoopCode::SiteMul,
                                       LoopCode::SiteDiv, LoopCode::SiteNeg};
  return code(Codes[A]);
}

/// `static const T name[] = {a, b};` or, for no items, nothing, and the argument is NULL.
std::string array(const std::string &Decl, const std::vector<std::string> &Items) {
  if (Items.empty())
    return "";
  std::string Out = Decl + "[] = {";
  for (size_t I = 0; I < Items.size(); ++I)
    Out += (I ? ", " : "") + Items[I];
  return Out + "}; ";
}

/// The loop's program before it, the loop as written after `else` for short runs:
///   { const size_t autoscale_n_ = count; if (autoscale_n_ >= min) { arrays...
///     autoscale_loop_f(ops, ...); [i = lower + n;] } else for (...) {...} }
std::vector<Edit> programEdits(const LoopProgramShape &P, const std::map<OpKey, NumberedSite> &Sites,
                               bool CCasts, llvm::StringRef Text) {
  std::string Lower = loopLower(P.Spans, Text);
  Names SiteRefs, Keys, Functions;
  std::vector<Op> Ops;
  int Registers = P.Registers;
  for (const ProgramOp &O : P.Ops) {
    switch (O.Kind) {
    case ProgramOp::Load: Ops.push_back({code(LoopCode::Load), O.Dst, O.A}); continue;
    case ProgramOp::Store: Ops.push_back({code(LoopCode::Store), -1, O.A, O.B}); continue;
    case ProgramOp::Param: Ops.push_back({code(LoopCode::Param), O.Dst, O.A}); continue;
    case ProgramOp::Counter: Ops.push_back({code(LoopCode::Counter), O.Dst, O.A}); continue;
    case ProgramOp::Compare:
    case ProgramOp::Select: Ops.push_back({choiceCode(O), O.Dst, O.A, O.B, -1, -1, -1, O.C}); continue;
    case ProgramOp::Operation: break;
    }
    auto Site = Sites.find(O.Op);
    const int Function = O.Arith == ProgramOp::Call ? Functions.indexOf(O.Function) : -1;
    if (Site == Sites.end()) { // kept: the plain arithmetic, or the call as written
      Ops.push_back({plainCode(O.Arith), O.Dst, O.A, O.Arith == ProgramOp::Call ? Function : O.B});
      continue;
    }
    const int S = SiteRefs.indexOf(Site->second.Ref);
    if (O.Arith == ProgramOp::Call) { // result(site, f(operand(site, 0, x)))
      const int Operand = Registers++, Called = Registers++;
      Ops.push_back({code(LoopCode::Operand), Operand, O.A, 0, S});
      Ops.push_back({code(LoopCode::Call), Called, Operand, Function});
      Ops.push_back({code(LoopCode::Result), O.Dst, Called, -1, S});
      continue;
    }
    std::vector<std::string> K = tensorKeys(*Site->second.Op->Shape, *Site->second.D);
    auto KeyOf = [&](size_t Slot) {
      return Slot < K.size() && K[Slot] != "AUTOSCALE_NULL" ? Keys.indexOf(K[Slot]) : -1;
    };
    Ops.push_back({siteCode(O.Arith), O.Dst, O.A, O.B, S, KeyOf(0), KeyOf(1)});
  }

  std::vector<std::string> OpItems, Arrays, Strides, Params;
  for (const Op &O : Ops)
    OpItems.push_back("{" + std::string(O.Code) + ", " + std::to_string(O.Dst) + ", " +
                      std::to_string(O.A) + ", " + std::to_string(O.B) + ", " +
                      std::to_string(O.Site) + ", " + std::to_string(O.KeyA) + ", " +
                      std::to_string(O.KeyB) + ", " + std::to_string(O.C) + "}");
  for (const LoopElement &E : P.Arrays) {
    std::string Address = firstAddress(E, Lower, Text);
    Arrays.push_back(Address);
    Strides.push_back(spellPoly(E.Stride, Text));
  }
  for (Span S : P.Params) {
    std::string Value = Text.slice(S.Begin, S.End).str();
    Params.push_back(CCasts ? "(float)(" + Value + ")" : "static_cast<float>(" + Value + ")");
  }
  auto Arg = [](const std::vector<std::string> &Items, const char *Name) {
    return Items.empty() ? std::string("AUTOSCALE_NULL") : std::string(Name);
  };
  // The count once; below the header's minimum the loop as written (its operations one call each,
  // the same results and counters) costs less than the program's call. Sites that pass at fp32
  // record values only, whose calls are cheap: theirs is higher.
  const bool AllFp32 = llvm::all_of(P.Ops, [&](const ProgramOp &O) {
    auto Site = O.Kind == ProgramOp::Operation ? Sites.find(O.Op) : Sites.end();
    return Site == Sites.end() || Site->second.D->Treatment.Format == rules::Format::FP32;
  });
  // Comparisons of the counter read it as a float: the loop as written where a value is not exact,
  // and in short runs (their ops cost the program more than their sites gain).
  const bool Counter = llvm::any_of(P.Ops, [](const ProgramOp &O) { return O.Kind == ProgramOp::Counter; });
  const char *Min = AllFp32 ? "AUTOSCALE_LOOP_PROGRAM_MIN_FP32"
                    : Counter ? "AUTOSCALE_LOOP_PROGRAM_MIN_COUNTER"
                              : "AUTOSCALE_LOOP_PROGRAM_MIN";
  std::string Call =
      "{ const size_t autoscale_n_ = " + loopCount(P.Spans, Lower, Text) +
      "; if (autoscale_n_ >= " + Min +
      (Counter ? " && AUTOSCALE_COUNTER_EXACT(" + Lower + ", autoscale_n_)" : "") + ") { " +
      array("static const autoscale_loop_op autoscale_ops_", OpItems) +
      array("const float *const autoscale_arrays_", Arrays) +
      array("const ptrdiff_t autoscale_strides_", Strides) +
      array("const float autoscale_params_", Params) +
      array("autoscale_site *const autoscale_sites_", SiteRefs.list()) +
      array("const void *const autoscale_keys_", Keys.list()) +
      array("static const autoscale_loop_function autoscale_functions_", Functions.list()) +
      rules::entryPoint(rules::EntryKind::Loop, rules::EntryType::Float).str() + "(autoscale_ops_, " + std::to_string(Ops.size()) + ", " +
      std::to_string(Registers) + ", autoscale_n_, " + Arg(Arrays, "autoscale_arrays_") + ", " +
      Arg(Strides, "autoscale_strides_") + ", " + std::to_string(Arrays.size()) + ", " +
      Arg(Params, "autoscale_params_") + ", " + Arg(SiteRefs.list(), "autoscale_sites_") + ", " +
      Arg(Keys.list(), "autoscale_keys_") + ", " + Arg(Functions.list(), "autoscale_functions_") +
      ");" + counterExit(P.Spans.AssignedCounter, Lower, "autoscale_n_", Text) + " } else ";
  const Span Loop = P.Spans.Loop;
  const unsigned Length = Loop.End - Loop.Begin;
  return {{Loop.Begin, 0, Call, Edit::Open, Length, 0}, {Loop.End, 0, " }", Edit::Close, Length, 0}};
}

/// The operations of an innermost loop whose shape has a loop program run as that program when
/// some of them is rewritten, none runs as a vector loop or in a matmul, and the rules of every
/// rewritten one leave loop_programs on. The program goes before its loop, which stays for short
/// runs: its sites keep their calls there.
class LoopProgramSubstitution final : public SubstitutionKind {
public:
  llvm::StringRef name() const override { return LoopProgramKindName; }
  llvm::StringRef rulesKey() const override { return "loop_programs"; }

  void recogniseLoop(find::OperationFinder &F, const clang::Stmt &Loop, const clang::FunctionDecl &FD,
                     llvm::ArrayRef<unsigned> Ops) const override {
    find::recogniseLoopProgram(F, Loop, FD, Ops);
  }

  void assign(const std::vector<Operation> &Ops,
              std::vector<Decision> &Decisions) const override {
    std::map<std::pair<std::string, unsigned>, std::vector<size_t>> Members;
    for (size_t I = 0; I < Ops.size(); ++I) {
      if (const LoopProgramShape *P = loopProgramOf(Ops[I]))
        Members[{Ops[I].Key.File, P->Spans.Loop.Begin}].push_back(I);
      else if (Decisions[I].rewrites() && !Decisions[I].runsIn(VectorLoopKindName))
        Decisions[I].WhyNot[LoopProgramKindName] = Ops[I].notSubstitutedBy(LoopProgramKindName);
    }
    std::map<OpKey, size_t> IndexOf;
    for (size_t I = 0; I < Ops.size(); ++I)
      IndexOf.emplace(Ops[I].Key, I);
    for (const auto &[Loop, Is] : Members) {
      std::string Why;
      bool Rewrites = false, AllPlain = true;
      for (const OpKey &K : loopProgramOf(Ops[Is.front()])->InvariantOps)
        if (auto It = IndexOf.find(K);
            It != IndexOf.end() && Ops[It->second].Shape && Decisions[It->second].rewrites())
          Why = "a value the loop computes once has a site of its own";
      for (size_t I : Is) {
        const Decision &D = Decisions[I];
        Rewrites |= D.rewrites();
        // fp32 with statistics amax records nothing: the runtime's inline call is the plain
        // arithmetic, which the loop as written runs faster than any loop program.
        AllPlain &= !D.rewrites() || (D.Treatment.Format == rules::Format::FP32 &&
                                      D.Treatment.Statistics == rules::Statistics::Amax);
        if (D.runsIn(VectorLoopKindName))
          Why = "a multiply of the loop runs as a vector loop";
        else if (D.runsIn(MatmulKindName))
          Why = "the loop is part of a matmul";
        else if (D.rewrites() && !D.Treatment.allows(rulesKey()))
          Why = ("the rules keep the loop's calls (" + rulesKey() + ": false)").str();
      }
      if (Rewrites && AllPlain && Why.empty())
        Why = "every site of the loop is fp32 with statistics amax: its calls are the plain arithmetic";
      // Where the program runs, no operation of the loop runs in another substitution (Why).
      for (size_t I : Is) {
        Decision &D = Decisions[I];
        if (Rewrites && Why.empty())
          D.RunsIn = LoopProgramKindName;
        else if (D.rewrites() && !D.runsIn(VectorLoopKindName))
          D.WhyNot[LoopProgramKindName] = Why;
      }
    }
  }

  /// A loop that ends steps (StepLoops.h) keeps its calls: its step goes inside it.
  void keepStepPoints(const std::vector<Operation> &Ops, std::vector<Decision> &Decisions,
                      const StepPlan &Steps) const override {
    for (size_t I = 0; I < Ops.size(); ++I) {
      const LoopProgramShape *P = loopProgramOf(Ops[I]);
      if (!P || !Decisions[I].runsIn(LoopProgramKindName))
        continue;
      for (const StepLoop &L : Steps.Loops)
        for (const StepPoint &Point : L.Loop.Steps)
          if (L.File == Ops[I].Key.File && Point.Begin < P->Spans.Loop.End && P->Spans.Loop.Begin <= Point.End) {
            Decisions[I].RunsIn.reset();
            if (Decisions[I].rewrites())
              Decisions[I].WhyNot[LoopProgramKindName] = "the loop ends the program's steps";
          }
    }
  }

  std::optional<std::vector<Edit>> siteEdits(const Operation &Op, const Decision &D,
                                             llvm::StringRef Site,
                                             llvm::StringRef Text) const override {
    return std::nullopt;
  }

  std::vector<Edit> fileEdits(llvm::ArrayRef<NumberedSite> Sites,
                              llvm::StringRef Text) const override {
    std::map<unsigned, const LoopProgramShape *> Programs;
    std::map<OpKey, NumberedSite> ByKey;
    bool CCasts = false;
    for (const NumberedSite &S : Sites) {
      const LoopProgramShape *P = loopProgramOf(*S.Op);
      Programs[P->Spans.Loop.Begin] = P;
      ByKey[S.Op->Key] = S;
      CCasts |= S.Op->SeenByC;
    }
    std::vector<Edit> Out;
    for (const auto &[Begin, P] : Programs)
      for (Edit &E : programEdits(*P, ByKey, CCasts, Text))
        Out.push_back(std::move(E));
    return Out;
  }

  void describe(const Operation &Op, const Decision &D,
                llvm::json::Object &Entry) const override {
    if (!D.rewrites())
      return;
    if (D.runsIn(LoopProgramKindName))
      Entry["program"] = "runs with its loop (line " + std::to_string(loopProgramOf(Op)->CallLine) +
                         ") as one loop program (short runs: one call per operation)";
    else if (std::string Why = D.whyNot(LoopProgramKindName); !Why.empty())
      Entry["program"] = "one call per operation: " + Why;
  }
};

} // namespace

const SubstitutionKind &loopProgramSubstitution() {
  static const LoopProgramSubstitution Kind;
  return Kind;
}

} // namespace autoscale
