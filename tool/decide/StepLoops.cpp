//===- StepLoops.cpp - where the program's steps end -------------------------===//
#include "decide/StepLoops.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

namespace autoscale {
namespace {

/// The loop facts of the whole program (StepLoops.h says what they decide).
class Program {
public:
  using Loop = std::pair<const FunctionRecord *, const LoopRecord *>;

  Program(const std::vector<Operation> &Ops, const std::map<std::string, FunctionRecord> &Functions)
      : Functions(Functions) {
    // A call of a virtual method may run any method overriding it (the dispatch is not known
    // here), and a call by name (a member of a dependent object in a template) any function of
    // that name: each of those counts as called from the same place.
    std::map<std::string, std::set<std::string>> Overriders, Named;
    for (const auto &[Key, F] : Functions) {
      for (const std::string &Base : F.Overrides)
        Overriders[Base].insert(Key);
      const llvm::StringRef Qualified = llvm::StringRef(F.Name).split('@').first;
      const size_t Colons = Qualified.rfind("::");
      Named[Colons == llvm::StringRef::npos ? Qualified.str() : Qualified.substr(Colons + 2).str()].insert(Key);
    }
    for (const auto &[Key, F] : Functions) {
      auto &Calls = CallsOf[Key];
      const auto CallAll = [&](const std::map<std::string, std::set<std::string>> &Targets,
                               const std::string &Of, std::optional<unsigned> Loop) {
        if (auto T = Targets.find(Of); T != Targets.end())
          for (const std::string &Target : T->second)
            Calls.insert({Target, Loop});
      };
      for (const auto &[Callee, Loop] : F.Calls) {
        if (llvm::StringRef Name = Callee; Name.consume_front(kCallByName)) {
          CallAll(Named, Name.str(), Loop);
          continue;
        }
        Calls.insert({Callee, Loop});
        CallAll(Overriders, Callee, Loop);
      }
    }
    // The float work, whatever the rules decide for it: where steps end does not depend on them.
    // What a program prints or times (op report) is no work.
    for (size_t I = 0; I < Ops.size(); ++I)
      if (Ops[I].Shape && Ops[I].OpName != rules::name(rules::Idiom::Report)) {
        HasWork.insert(Ops[I].FunctionKey);
        if (Ops[I].Loop)
          LoopsWithWork[Ops[I].FunctionKey].insert(*Ops[I].Loop);
        else
          WorkOutsideLoops.insert(Ops[I].FunctionKey);
      }
    // The functions main runs, directly or through others (none known without main).
    for (const auto &[Key, F] : Functions)
      if (llvm::StringRef(F.Name).split('@').first == "main") // main@b.c: a second program's
        Run.insert(Key);
    for (std::vector<std::string> Todo(Run.begin(), Run.end()); !Todo.empty();) {
      const std::string Caller = Todo.back();
      Todo.pop_back();
      for (const auto &[Callee, Loop] : CallsOf.at(Caller))
        if (Functions.count(Callee) && Run.insert(Callee).second)
          Todo.push_back(Callee);
    }
    // A function reaches work when it has some or calls one that does (to a fixed point).
    Reaches = HasWork;
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const auto &[Key, F] : Functions)
        if (!Reaches.count(Key))
          for (const auto &[Callee, Loop] : CallsOf.at(F.Key))
            if (Reaches.count(Callee)) {
              Reaches.insert(Key);
              Grew = true;
              break;
            }
    }
    for (const auto &[Key, F] : Functions)
      for (const auto &[Offset, L] : F.Loops)
        if (drives(F, Offset))
          Drivers[Key].insert(Offset);
    // A function called from inside a driving loop, or from such a function, runs within a step.
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const auto &[Key, F] : Functions)
        for (const auto &[Callee, Loop] : CallsOf.at(F.Key))
          if (!Inside.count(Callee) && (Inside.count(Key) || (Loop && inDriver(F, *Loop)))) {
            Inside.insert(Callee);
            Grew = true;
          }
    }
  }

  /// The driving loops not inside another one, of functions not run within a step (and, in a
  /// program whose main is rewritten, run at all: a library's functions the program never calls
  /// do no work). Where some of them drive by calls (a training loop calling forward and
  /// backward), a loop that only nests loops of work, in a function the program calls or beside
  /// such a loop, is one-off work (an initialisation, an energy computed once), not a step.
  std::vector<Loop> outermostDrivers() const {
    std::vector<Loop> Out;
    for (const auto &[Key, Offsets] : Drivers) {
      if (Inside.count(Key) || (!Run.empty() && !Run.count(Key)))
        continue;
      const FunctionRecord &F = Functions.at(Key);
      for (unsigned Offset : Offsets) {
        const LoopRecord &L = F.Loops.at(Offset);
        if (!L.Parent || !inDriver(F, *L.Parent))
          Out.push_back({&F, &L});
      }
    }
    const auto ByCalls = [&](const auto &D) { return drivesByCalls(*D.first, D.second->Offset); };
    if (llvm::any_of(Out, ByCalls)) {
      std::set<std::string> Called;
      for (const auto &[Key, F] : Functions)
        for (const auto &[Callee, Loop] : CallsOf.at(F.Key))
          Called.insert(Callee);
      std::set<std::string> Calling;
      for (const auto &D : Out)
        if (ByCalls(D))
          Calling.insert(D.first->Key);
      llvm::erase_if(Out, [&](const auto &D) {
        return !ByCalls(D) && (Called.count(D.first->Key) || Calling.count(D.first->Key));
      });
    }
    std::set<Loop> Seen; // two wrappers of one loop name it once
    for (auto &D : Out)
      D = innermostHoldingAllWork(D);
    llvm::erase_if(Out, [&](const Loop &D) { return !Seen.insert(D).second; });
    return Out;
  }

private:
  /// A loop whose every iteration does all its work inside one driving loop (a wrapper run twice
  /// around a training loop, in its function or in the one function it calls) is not the step:
  /// the inner loop is, where the float work runs. Follows such loops down while the inner one
  /// can end a step (and, through mutual recursion, until a loop comes back).
  Loop innermostHoldingAllWork(Loop Outer) const {
    std::set<Loop> Visited = {Outer};
    while (std::optional<Loop> Inner = holdingAllWork(*Outer.first, Outer.second->Offset)) {
      if (Inner->second->Steps.empty() || !Visited.insert(*Inner).second)
        break;
      Outer = *Inner;
    }
    return Outer;
  }

  /// The outermost driving loop strictly inside loop Outer of F (or, when Outer's work is the
  /// calls of one other function, in that function) that holds all of Outer's work: its loops
  /// of float operations and its calls of functions reaching some. A call of F itself (recursion) repeats
  /// the same loops and does not count.
  std::optional<Loop> holdingAllWork(const FunctionRecord &F, unsigned Outer) const {
    std::vector<unsigned> Work; // the loops holding its work, in F
    std::set<std::string> Callees;
    for (const auto &[Callee, L] : CallsOf.at(F.Key))
      if (L && within(F, *L, Outer) && Reaches.count(Callee) && Callee != F.Key) {
        Work.push_back(*L);
        Callees.insert(Callee);
      }
    bool HoldsWork = false;
    if (auto Found = LoopsWithWork.find(F.Key); Found != LoopsWithWork.end())
      for (unsigned L : Found->second)
        if (within(F, L, Outer)) {
          Work.push_back(L);
          HoldsWork = true;
        }
    if (Work.empty())
      return std::nullopt;
    if (auto D = Drivers.find(F.Key); D != Drivers.end()) {
      std::optional<unsigned> Best;
      for (unsigned Inner : D->second)
        if (Inner != Outer && within(F, Inner, Outer) &&
            llvm::all_of(Work, [&](unsigned L) { return within(F, L, Inner); }) &&
            (!Best || within(F, *Best, Inner)))
          Best = Inner;
      if (Best)
        return Loop{&F, &F.Loops.at(*Best)};
    }
    if (HoldsWork || Callees.size() != 1)
      return std::nullopt;
    const auto G = Functions.find(*Callees.begin());
    if (G == Functions.end() || WorkOutsideLoops.count(G->first))
      return std::nullopt;
    // All of G's work must lie in one outermost loop of G, and that loop drive it.
    std::set<unsigned> Outermost;
    for (const auto &[Callee, L] : CallsOf.at(G->first))
      if (Reaches.count(Callee) && Callee != G->first) {
        if (!L)
          return std::nullopt;
        Outermost.insert(outermost(G->second, *L));
      }
    if (auto Work = LoopsWithWork.find(G->first); Work != LoopsWithWork.end())
      for (unsigned L : Work->second)
        Outermost.insert(outermost(G->second, L));
    auto D = Drivers.find(G->first);
    if (Outermost.size() != 1 || D == Drivers.end() || !D->second.count(*Outermost.begin()))
      return std::nullopt;
    return Loop{&G->second, &G->second.Loops.at(*Outermost.begin())};
  }

  static unsigned outermost(const FunctionRecord &F, unsigned L) {
    while (F.Loops.at(L).Parent)
      L = *F.Loops.at(L).Parent;
    return L;
  }

  /// Whether loop Inner is Outer or lies inside it.
  static bool within(const FunctionRecord &F, unsigned Inner, unsigned Outer) {
    for (std::optional<unsigned> L = Inner; L; L = F.Loops.at(*L).Parent)
      if (*L == Outer)
        return true;
    return false;
  }

  /// Whether Loop or a loop around it drives work.
  bool inDriver(const FunctionRecord &F, unsigned Loop) const {
    auto D = Drivers.find(F.Key);
    if (D == Drivers.end())
      return false;
    for (std::optional<unsigned> L = Loop; L; L = F.Loops.at(*L).Parent)
      if (D->second.count(*L))
        return true;
    return false;
  }

  /// Whether a loop nested in Outer executes float operations, or Outer calls (at any depth) a
  /// function that reaches some: its iterations are steps of work, not elements of one tensor.
  bool drives(const FunctionRecord &F, unsigned Outer) const {
    // A loop whose counter indexes the data walks over it (an initialisation, the rows of a
    // product, a lookup table filled by calls): its iterations are parts of one pass, not steps.
    if (F.Loops.at(Outer).IndexesData)
      return false;
    if (drivesByCalls(F, Outer))
      return true;
    auto Work = LoopsWithWork.find(F.Key);
    if (Work != LoopsWithWork.end())
      for (unsigned L : Work->second)
        if (L != Outer && within(F, L, Outer))
          return true;
    return false;
  }

  bool drivesByCalls(const FunctionRecord &F, unsigned Outer) const {
    for (const auto &[Callee, Loop] : CallsOf.at(F.Key))
      if (Loop && within(F, *Loop, Outer) && Reaches.count(Callee))
        return true;
    return false;
  }

  const std::map<std::string, FunctionRecord> &Functions;
  /// Each function's calls, with the overriders of a virtual callee and every function a call by
  /// name may reach.
  std::map<std::string, std::set<std::pair<std::string, std::optional<unsigned>>>> CallsOf;
  std::set<std::string> HasWork, WorkOutsideLoops, Reaches, Inside, Run;
  std::map<std::string, std::set<unsigned>> LoopsWithWork, Drivers;
};

} // namespace

StepPlan planSteps(const std::vector<Operation> &Ops, const std::map<std::string, FunctionRecord> &Functions,
                   const rules::RuleSet &Rules, bool ProgramCallsStep) {
  StepPlan Plan;
  if (Rules.NoStep) {
    Plan.How = StepPlan::Off;
    return Plan;
  }
  if (!Rules.StepFunctions.empty()) {
    Plan.How = StepPlan::Declared;
    return Plan;
  }
  if (ProgramCallsStep) {
    Plan.How = StepPlan::Program;
    return Plan;
  }
  for (auto [F, L] : Program(Ops, Functions).outermostDrivers()) {
    StepLoop S{F->File, F->Display, F->Name, *L};
    (L->Steps.empty() ? Plan.Unwritable : Plan.Loops).push_back(std::move(S));
  }
  Plan.How = Plan.Loops.empty() ? StepPlan::NotFound : StepPlan::Inferred;
  return Plan;
}

} // namespace autoscale
