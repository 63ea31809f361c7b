//===- GemmNestSplit.cpp - the rest of the nest, and where the call goes -----===//
//
// A nest that only computes the product is replaced by the call, with the #pragma lines on it.
// A nest that also does other work keeps it: the GEMM statement's own part (the highest block or
// loop around it holding nothing else) and the declarations only it reads go, and the call
// follows the nest. That is the same computation when the other work writes nothing the product
// reads and touches nothing it writes; arrays reached from different variables are taken to be
// different storage (as the runtime's GEMM takes A and B not to overlap C).
// A nest that stores a value computed from each sum (an epilogue: `y[i][j] = s > 0 ? s : 0`)
// keeps its loops behind the call, which computes the sums into a buffer the loops read them
// from (GemmShape::SumReadBack).
//
//===----------------------------------------------------------------------===//
#include "substitutions/matmul/GemmNestParts.h"

#include "emit/LoopSpelling.h"
#include "find/SourceLines.h"
#include "find/operations/CallEffects.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace autoscale::find::gemm {

using emit::spellPoly;

namespace {

/// The variables E refers to.
std::set<const VarDecl *> varsIn(const Stmt *E) {
  std::set<const VarDecl *> Out;
  if (!E)
    return Out;
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      Out.insert(V);
  for (const Stmt *C : E->children())
    for (const VarDecl *V : varsIn(C))
      Out.insert(V);
  return Out;
}

/// How S names V: the members it selects from V itself (`g.w[i]`, `g->w[i]`: "w"), and "" where
/// it uses V otherwise (or selects a union's member). Distinct members are distinct storage, as
/// distinct variables are (a member that is a pointer is taken not to alias another, as a
/// variable that is one is).
/// MembersOnly: only the members selected (a union's as "").
std::set<std::string> selections(const Stmt *S, const VarDecl *V, bool MembersOnly = false) {
  std::set<std::string> Out;
  if (!S)
    return Out;
  if (const auto *M = dyn_cast<MemberExpr>(S); M && memberBase(*M) == V) {
    Out.insert(memberStorage(*M));
    return Out;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == V && !MembersOnly)
    Out.insert("");
  for (const Stmt *C : S->children())
    for (const std::string &Name : selections(C, V, MembersOnly))
      Out.insert(Name);
  return Out;
}

/// Whether two sets of selections of one variable may reach the same storage.
bool overlap(const std::set<std::string> &A, const std::set<std::string> &B) {
  return A.count("") || B.count("") ||
         llvm::any_of(A, [&](const std::string &Name) { return B.count(Name) != 0; });
}

/// What other work does that a split must know: variables written (with the members selected
/// where an element of a member is written), memory written through which variables, calls and
/// jumps.
struct Effects : RecursiveASTVisitor<Effects> {
  explicit Effects(ASTContext &Ctx) : Ctx(Ctx) {}
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    bool Pure = F && Ctx.getSourceManager().isInSystemHeader(F->getLocation()) &&
                llvm::none_of(C->arguments(),
                              [](const Expr *A) { return A->getType()->isPointerType(); });
    Pure |= CallsThatWriteNothing && !callsMayWrite(C, Ctx);
    if (!Pure && Problem.empty())
      Problem = "calls a function";
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (!C->getConstructor()->isTrivial() && !(CallsThatWriteNothing && !callsMayWrite(C, Ctx)) &&
        Problem.empty())
      Problem = "constructs an object";
    return true;
  }
  bool VisitStmt(Stmt *S) {
    if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt, LabelStmt,
            AsmStmt>(S) &&
        Problem.empty())
      Problem = "jumps";
    // A temporary's destructor, new and delete run code of their own.
    if (isa<CXXBindTemporaryExpr, CXXNewExpr, CXXDeleteExpr>(S) && Problem.empty())
      Problem = "creates or destroys an object";
    return true;
  }
  void note(const Expr *LV) {
    if (mentionsThis(LV) && Problem.empty())
      Problem = "writes a member of the object 'this' points to";
    // A structured binding names an element of its object, whatever storage that is.
    if (mentionsBinding(LV) && Problem.empty())
      Problem = "writes through a structured binding";
    if (const VarDecl *V = writtenVar(LV)) {
      Vars.insert(V);
      for (const std::string &Name : selections(LV, V))
        Selected[V].insert(Name);
      return;
    }
    for (const VarDecl *V : varsIn(LV)) {
      Memory.insert(V);
      if (!Scaling) // an element's scaling before its sum touches that element alone
        for (const std::string &Name : selections(LV, V, /*MembersOnly=*/true))
          Selected[V].insert(Name); // a member through a pointer (`g->n = 0`); other memory: below
    }
  }
  static bool mentionsThis(const Stmt *S) {
    return S && (isa<CXXThisExpr>(S) || llvm::any_of(S->children(), mentionsThis));
  }
  static bool mentionsBinding(const Stmt *S) {
    const auto *D = dyn_cast_or_null<DeclRefExpr>(S);
    return S && ((D && isa<BindingDecl>(D->getDecl())) || llvm::any_of(S->children(), mentionsBinding));
  }
  ASTContext &Ctx;
  std::set<const VarDecl *> Vars, Memory;
  /// The members (or "": all of it) written of each variable in Vars, and the members written
  /// through each variable in Memory.
  std::map<const VarDecl *, std::set<std::string>> Selected;
  bool Scaling = false; ///< the statement traversed is the accumulator's scaling (Acc.Scale)
  /// Calls of functions that write nothing (CallEffects.h: a body that writes only its own
  /// locals) are no problem.
  bool CallsThatWriteNothing = false;
  std::string Problem;
};

} // namespace

void NestAttempt::walk(const Stmt *S) {
  if (!S)
    return;
  auto IsNestLoop = [&](const Stmt *L) {
    return llvm::is_contained(llvm::ArrayRef(Ch.Loops).take_front(J + 1), L);
  };
  if (isa<OMPLoopDirective>(S) && IsNestLoop(unwrapDirective(S)))
    S = unwrapDirective(S);
  if (const auto *For = dyn_cast<ForStmt>(S); For && IsNestLoop(For))
    return walk(For->getBody());
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body())
      walk(Child);
    return;
  }
  if (S == C.Assign || Acc.Pieces.count(S) || isa<NullStmt>(S) ||
      llvm::is_contained(Away, spanOf(S)))
    return;
  if (pureDecl(S))
    Decls.push_back(S);
  else
    Other.push_back(S);
}

Span NestAttempt::spanOf(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // A directive's range is its pragma line; its statement ends the text.
  SourceLocation Last = unwrapDirective(S)->getEndLoc();
  unsigned Begin = SM.getFileOffset(SM.getSpellingLoc(S->getBeginLoc()));
  SourceLocation EndLoc = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  if (SourceLocation Semi = Lexer::findLocationAfterToken(Last, tok::semi, SM, LO, false);
      Semi.isValid())
    EndLoc = Semi;
  return Span{pragmaStart(SM.getBufferData(File), Begin), SM.getFileOffset(EndLoc)};
}

bool NestAttempt::parallelRegionAbove() const {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Text = SM.getBufferData(File);
  for (const Stmt *A = F.parent(Outer); A; A = F.parent(A)) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(A);
        D && !isa<OMPLoopDirective>(D) && isOpenMPParallelDirective(D->getDirectiveKind()))
      return true;
    if (!A->getBeginLoc().isFileID())
      continue;
    unsigned Begin = SM.getFileOffset(A->getBeginLoc());
    std::string Pragmas = Text.slice(pragmaStart(Text, Begin), Begin).lower();
    if (llvm::StringRef(Pragmas).contains("omp") && llvm::StringRef(Pragmas).contains("parallel") &&
        !llvm::StringRef(Pragmas).contains(" for"))
      return true;
  }
  return false;
}

/// Whether loop L is one of the loops an OpenMP collapse(n) above it folds together.
static bool collapsedFromAbove(const Stmt *L, const FunctionFacts &F, llvm::StringRef Text,
                               const SourceManager &SM) {
  unsigned Depth = 0;
  for (const Stmt *A = F.parent(L); A; A = F.parent(A)) {
    if (!isa<ForStmt>(A))
      continue;
    ++Depth;
    unsigned Begin = SM.getFileOffset(SM.getSpellingLoc(A->getBeginLoc()));
    llvm::StringRef Pragmas = Text.slice(pragmaStart(Text, Begin), Begin);
    size_t At = Pragmas.find("collapse(");
    unsigned N = 0;
    if (At != llvm::StringRef::npos &&
        !Pragmas.drop_front(At + 9).take_while([](char C) { return llvm::isDigit(C); }).getAsInteger(10, N) && Depth < N)
      return true;
  }
  return false;
}

bool NestAttempt::wholeNest(GemmShape &S) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (parallelRegionAbove())
    return fail("the loops run in an OpenMP parallel region: every thread would make the call");
  for (const Stmt *A = Outer; A; A = F.parent(A))
    if (const auto *D = dyn_cast<OMPExecutableDirective>(A); D && isOpenMPTargetExecutionDirective(D->getDirectiveKind()))
      return fail("the loops run on an OpenMP target device, where the call does not run");
  if (collapsedFromAbove(Ch.Loops[J], F, SM.getBufferData(File), SM))
    return fail("the outer loop is collapsed with the loop around it by an OpenMP pragma");
  Span Whole = spanOf(Outer);
  if (std::string Macro = macroBefore(SM.getBufferData(File), Whole.Begin); !Macro.empty() && mayExpandToPragma(SM, Macro))
    return fail("the macro `" + Macro + "` before the loops may apply a pragma to them");
  S.Remove = {Whole};
  S.Covers = {Whole};
  S.InsertAt = Whole.Begin;
  S.Statement = true;
  // The nest stays, behind the call, where a line of code above its pragmas can take the call
  // (a pragma must start its line and precede its loop).
  unsigned Loop = SM.getFileOffset(SM.getSpellingLoc(unwrapDirective(Outer)->getBeginLoc()));
  S.GuardAt = Whole.Begin == Loop ? std::optional<unsigned>(Loop)
                                  : endOfCodeLineAbove(SM.getBufferData(File), Whole.Begin);
  return true;
}

bool NestAttempt::split(GemmShape &S) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Line = [&](const Stmt *X) {
    return std::to_string(SM.getSpellingLineNumber(X->getBeginLoc()));
  };
  std::string Work = "the loops also do other work (line " + Line(Other.front()) + ")";
  if (Acc.Form != Accumulator::Memory)
    return fail(Work + " and sum into a local accumulator");
  Effects E(Ctx);
  for (const Stmt *O : Other) {
    E.Scaling = O == Acc.Scale;
    E.TraverseStmt(const_cast<Stmt *>(O));
  }
  if (!E.Problem.empty())
    return fail(Work + ", which " + E.Problem);
  if (!isa_and_nonnull<CompoundStmt>(F.parent(Outer)))
    return fail(Work + " and are not in braces: the call could not follow them");

  // The GEMM statement's own part: the highest block or loop around it with no other work.
  auto HoldsOther = [&](const Stmt *X) {
    return llvm::any_of(Other, [&](const Stmt *O) { return F.within(O, X); });
  };
  const Stmt *Own = C.Assign;
  for (const Stmt *Up = F.parent(Own); Up && Up != Outer && Up != unwrapDirective(Outer) &&
                                       !HoldsOther(Up);
       Up = F.parent(Up))
    Own = Up;
  if (isa<ForStmt>(Own) && collapsedFromAbove(Own, F, SM.getBufferData(File), SM))
    return fail(Work + ", and the GEMM's own loop is collapsed with it by an OpenMP pragma");
  // Declarations only the removed code reads go with it.
  std::set<const Stmt *> Gone;
  auto InRemoved = [&](const Stmt *X) {
    return F.within(X, Own) || llvm::any_of(Gone, [&](const Stmt *D) { return F.within(X, D); });
  };
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const Stmt *D : Decls) {
      if (Gone.count(D) || F.within(D, Own))
        continue;
      bool Unused = llvm::all_of(declaredBy(D), [&](const VarDecl *X) {
        auto It = F.Refs.find(X);
        return It == F.Refs.end() || llvm::all_of(It->second, [&](const DeclRefExpr *R) {
                 return InRemoved(R) || F.within(R, D);
               });
      });
      if (Unused)
        Grew = Gone.insert(D).second;
    }
  }
  // What the product reads: the removed code, the loop bounds the call evaluates.
  std::vector<const Stmt *> ReadBy = {Own};
  ReadBy.insert(ReadBy.end(), Gone.begin(), Gone.end());
  for (const NestLoop &L : Loops)
    ReadBy.insert(ReadBy.end(), {L.For->getCond(), L.For->getInc()});
  // The nest's counters are no values the product reads: each of its loops starts its own.
  auto Counter = [&](const VarDecl *V) {
    return llvm::any_of(Loops, [&](const NestLoop &L) { return L.Var == V; });
  };
  // Variables the other work writes, or writes memory through (`g->n = 0` while a bound reads
  // `g->n`), that the product reads with an overlapping selection.
  for (const auto &[V, Written] : E.Selected) {
    std::set<std::string> Read;
    for (const Stmt *R : ReadBy)
      for (const std::string &Name : selections(R, V))
        Read.insert(Name);
    if (!Counter(V) && !Read.empty() && overlap(Written, Read))
      return fail(Work + ", which writes '" + V->getName().str() + "', read by the product");
  }
  // Variables that reach the result or a factor: its base, and pointers or references initialised
  // from them (`float *row = c + i * n`; a value read through the base, `float d = dz[n * l->out]`
  // beside `l->gw`, reaches no memory).
  auto Reaching = [&](unsigned Base) {
    std::set<const VarDecl *> Out = varsIn(Atoms_.expr(Base));
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const VarDecl *V : Declared)
        if (initOf(V) && !Out.count(V) && (V->getType()->isPointerType() || V->getType()->isReferenceType()) &&
            llvm::any_of(varsIn(initOf(V)), [&](const VarDecl *X) { return Out.count(X); }))
          Grew = Out.insert(V).second;
    }
    return Out;
  };
  std::set<const VarDecl *> Result = Reaching(P.C.Base);
  const Expr *ResultBase = Atoms_.expr(P.C.Base);
  for (const Stmt *O : Other) {
    // The element's scaling before its sum reads and writes that element alone: only what it
    // scales by may not reach the result.
    const Stmt *Uses = O == Acc.Scale ? static_cast<const Stmt *>(Acc.ScaledBy) : O;
    for (const VarDecl *V : varsIn(Uses))
      if (Result.count(V) &&
          (!varsIn(ResultBase).count(V) || overlap(selections(Uses, V), selections(ResultBase, V))))
        return fail(Work + ", which reads or writes the result through '" + V->getName().str() +
                    "'");
  }
  for (unsigned Factor : {P.X.Base, P.Y.Base})
    for (const VarDecl *V : Reaching(Factor))
      if (E.Memory.count(V))
        return fail(Work + ", which writes a factor through '" + V->getName().str() + "'");
  if (parallelRegionAbove())
    return fail(Work + " in an OpenMP parallel region: every thread would make the call");

  S.Remove = {spanOf(Own)};
  Split = true;
  for (const Stmt *D : Decls)
    if (Gone.count(D))
      S.Remove.push_back(spanOf(D));
  std::sort(S.Remove.begin(), S.Remove.end(),
            [](const Span &A, const Span &B) { return A.Begin < B.Begin; });
  S.Covers = S.Remove;
  S.InsertAt = spanOf(Outer).End;
  S.Statement = true;
  S.Note = "split from the loops at line " + Line(Ch.Loops[J]) +
           ", which keep their other work; the call follows them";
  return true;
}

bool NestAttempt::sumStored(const VarDecl *V, const CompoundStmt *Block, const std::string &Name) {
  // After the sum, the statements that use it or locals computed from it: one assigns an element
  // of C the sum or a value computed from it; the others declare scalar locals computed from it
  // (`float v = alpha * s;`) or compute with it (`s *= scale; if (s > m) m = s;`), which
  // epilogue() checks write nothing but scalar locals.
  std::set<const VarDecl *> From = {V};
  auto RefsOf = [&](const VarDecl *X) {
    auto It = F.Refs.find(X);
    return It == F.Refs.end() ? std::vector<const DeclRefExpr *>() : It->second;
  };
  auto UsesFrom = [&](const Stmt *S) {
    return llvm::any_of(From, [&](const VarDecl *X) {
      return llvm::any_of(RefsOf(X), [&](const DeclRefExpr *R) { return F.within(R, S); });
    });
  };
  auto Locals = [](const DeclStmt *DS) {
    return DS && llvm::all_of(DS->decls(), [](const Decl *D) {
             const auto *L = dyn_cast<VarDecl>(D);
             return L && L->hasLocalStorage() && L->getInit() && L->getType()->isScalarType();
           });
  };
  // (An assignment of a value with temporaries, `std::max(s, 0.0f)`, is wrapped in their cleanups.)
  auto AssignmentOf = [](const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    const auto *B = E ? dyn_cast<BinaryOperator>(E->IgnoreImplicit()) : nullptr;
    return B && (B->getOpcode() == BO_Assign || B->getOpcode() == BO_AddAssign) && !varOf(B->getLHS())
               ? B
               : nullptr;
  };
  std::vector<const Stmt *> Uses;
  bool After = false;
  for (const Stmt *S : Block->body()) {
    if (F.within(C.Assign, S)) {
      After = true;
      continue;
    }
    if (!After || !UsesFrom(S))
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S); Locals(DS))
      for (const Decl *D : DS->decls())
        From.insert(cast<VarDecl>(D));
    Uses.push_back(S);
  }
  // The first store is C's; each other one writes another array, which accesses() checks is
  // laid out as C, and the loops stay to write it (`z[i] = s; y[i] = s > 0 ? s : 0;`).
  const Stmt *Store = nullptr;
  for (const Stmt *S : Uses)
    if (const BinaryOperator *Other = AssignmentOf(S); Other && Store) {
      if (Other->getOpcode() != BO_Assign || AssignmentOf(Store)->getOpcode() != BO_Assign)
        return fail(Name + " is stored more than once after the sum, not each by `=`");
      Acc.Outputs.push_back(Other);
    } else if (Other) {
      Store = S;
    }
  const BinaryOperator *B = AssignmentOf(Store);
  if (!B || (B->getOpcode() == BO_AddAssign && (varOf(B->getRHS()) != V || Uses.size() > 1)))
    return fail(Name + " is not stored by an assignment after the sum (`out[...] = acc;`, or a "
                       "value computed from it)");
  auto IsOutput = [&](const Stmt *S) {
    return llvm::any_of(Acc.Outputs, [&](const BinaryOperator *O) { return F.within(O, S); });
  };
  for (const Stmt *S : Uses)
    if (S != Store && !IsOutput(S))
      Acc.Steps.push_back(S);
  // (A local StartedIn the nest is given a value of its own elsewhere: FunctionFacts::FreshStarts.)
  for (const VarDecl *X : From)
    if (llvm::any_of(RefsOf(X), [&](const DeclRefExpr *R) {
          return !F.within(R, C.Assign) && !F.within(R, B->getRHS()) &&
                 !(StartedIn.count(X) && (!F.within(R, Outer) || F.within(R, declOf(X)))) &&
                 llvm::none_of(Acc.Steps, [&](const Stmt *S) { return F.within(R, S); }) &&
                 llvm::none_of(Acc.Outputs, [&](const BinaryOperator *O) { return F.within(R, O->getRHS()); });
        }))
      return fail((X == V ? Name : "'" + X->getName().str() + "', computed from the sum,") +
                  " is used elsewhere");
  Acc.Form = Accumulator::Scalar;
  Acc.Var = V;
  Acc.Pieces = {declOf(V), Store};
  Acc.Pieces.insert(Acc.Steps.begin(), Acc.Steps.end());
  for (const Stmt *S : Uses)
    if (IsOutput(S))
      Acc.Pieces.insert(S);
  Acc.Store = B->getLHS();
  Acc.Init = initOf(V);
  Acc.StoreAdds = B->getOpcode() == BO_AddAssign;
  Acc.Stored = B->getRHS();
  // epilogue()
  Acc.Epilogue = varOf(B->getRHS()) == V && Acc.Steps.empty() && Acc.Outputs.empty() ? nullptr : B->getRHS();
  return true;
}

void NestAttempt::besideSums() {
  // Where the call computed the sums, epilogue()'s read-back skips the loop that sums: work in it would not run.
  const auto *Block = Acc.Form == Accumulator::Scalar && !Acc.StoreAdds && !Other.empty()
                          ? dyn_cast_or_null<CompoundStmt>(F.parent(declOf(Acc.Var))) : nullptr;
  const auto InSum = [&](const Stmt *O) {
    return llvm::any_of(Block->body(), [&](const Stmt *S) { return F.within(C.Assign, S) && F.within(O, S); });
  };
  if (!Block || llvm::any_of(Other, InSum))
    return;
  Effects E(Ctx);
  E.CallsThatWriteNothing = true;
  for (const Stmt *O : Other)
    E.TraverseStmt(const_cast<Stmt *>(O));
  const PrivateLocals Private(FD, Ctx);
  if (!E.Problem.empty() || !E.Memory.empty() ||
      llvm::any_of(E.Vars, [&](const VarDecl *V) { return !Private.contains(V) || !V->getType()->isArithmeticType(); }))
    return;
  Acc.Steps.insert(Acc.Steps.end(), Other.begin(), Other.end());
  Acc.Epilogue = Acc.Stored;
  Other.clear();
}

bool NestAttempt::epilogue(GemmShape &S) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Expr *Value = Acc.Epilogue;
  auto LineOf = [&](const Stmt *S) { return std::to_string(SM.getExpansionLineNumber(S->getBeginLoc())); };
  std::string What = "the value stored from the sum at line " + LineOf(Value);
  if (!Acc.Outputs.empty()) {
    What = "the values stored from the sum at lines " + LineOf(Value);
    for (size_t I = 0; I < Acc.Outputs.size(); ++I)
      What += (I + 1 == Acc.Outputs.size() ? " and " : ", ") + LineOf(Acc.Outputs[I]);
  }
  if (!S.guarded())
    return fail(What + " needs the loops behind a guarded call, and they have no place for one");
  // The loops run as written, each sum read from the call's buffer: the value and the statements
  // on the way may read anything (C's elements too, which only the loops write), and write only
  // the function's own scalar locals.
  Effects E(Ctx);
  E.CallsThatWriteNothing = true;
  E.TraverseStmt(const_cast<Expr *>(Value));
  for (const Stmt *S : Acc.Steps)
    E.TraverseStmt(const_cast<Stmt *>(S));
  for (const BinaryOperator *O : Acc.Outputs)
    E.TraverseStmt(const_cast<Expr *>(O->getRHS()));
  if (!E.Problem.empty())
    return fail(What + " " + E.Problem);
  // Locals of numbers the function alone writes (no address taken) may change on the way.
  const PrivateLocals Private(FD, Ctx);
  if (!E.Memory.empty())
    return fail(What + " writes memory");
  for (const VarDecl *V : E.Vars)
    if (!Private.contains(V) || !V->getType()->isArithmeticType())
      return fail(What + " writes '" + V->getName().str() + "'");
  // Beside OpenMP's default(none) or default(private) the block's buffer would need a clause.
  const Span Whole = spanOf(Outer);
  std::string Pragmas = SM.getBufferData(File).slice(Whole.Begin, Whole.End).str();
  llvm::erase_if(Pragmas, [](char C) { return C == ' ' || C == '\t'; });
  if (llvm::StringRef(Pragmas).contains("default(") && !llvm::StringRef(Pragmas).contains("default(shared)"))
    return fail(What + " needs its loops' OpenMP data-sharing default to be shared");
  // The value may be a macro's expansion (`RELU(s)`), its text then the macro call.
  const Expr *Element = Acc.Store;
  const CharSourceRange Computed = SM.getExpansionRange(Value->getSourceRange());
  if (!Element->getBeginLoc().isFileID() || !Element->getEndLoc().isFileID() ||
      !Computed.isTokenRange() || SM.isBeforeInTranslationUnit(Computed.getBegin(), Element->getEndLoc()) ||
      llvm::any_of(Acc.Steps, [](const Stmt *S) { return !S->getBeginLoc().isFileID(); }) ||
      llvm::any_of(Acc.Outputs, [](const Stmt *S) { return !S->getBeginLoc().isFileID(); }))
    return fail(What + ": the store is written in a macro");
  // `if (sums) s = sums[&(element) - (C)]; else` goes before the loops that sum, where no pragma
  // line may be. It spells the element as the store does and C's pointer as the call does: each
  // name must mean there what it means where it was written.
  const Stmt *Sum = Ch.Loops[Acc.Level - 1];
  const unsigned SumAt = SM.getFileOffset(SM.getSpellingLoc(Sum->getBeginLoc()));
  if (spanOf(Sum).Begin != SumAt)
    return fail(What + ": pragma lines precede the loop that sums");
  // Where the sums are read, the loops that sum do not run: a counter of theirs declared before
  // them keeps its old value for what reads it after them.
  for (size_t L = 0; L < Acc.Level; ++L)
    if (const VarDecl *Counter = forCounter(*Ch.Loops[L]);
        Counter && !(F.DeclOf.count(Counter) && F.within(F.DeclOf.at(Counter), Sum)))
      for (const DeclRefExpr *R : F.Refs.at(Counter))
        if (!F.within(R, Sum) && SM.isBeforeInTranslationUnit(Sum->getBeginLoc(), R->getBeginLoc()))
          return fail(What + ": '" + Counter->getName().str() +
                      "', the counter of the loop that sums, is read after it");
  for (const VarDecl *V : varsIn(Element))
    if (!SM.isBeforeInTranslationUnit(V->getLocation(), Sum->getBeginLoc()))
      return fail(What + ": '" + V->getName().str() +
                  "', in the element it stores, is declared after the loop that sums");
  const llvm::StringRef Text = SM.getBufferData(File);
  const std::string Pointer = spellBase(S.C, Text) + " " + emit::spellPoly(S.C.Offset, Text);
  const std::vector<std::string> PointerNames = namesIn(Pointer);
  for (const VarDecl *V : Declared)
    if (SM.isBeforeInTranslationUnit(V->getLocation(), Sum->getBeginLoc()) &&
        llvm::is_contained(PointerNames, V->getName()))
      return fail(What + ": '" + V->getName().str() + "' names a variable of the loops and one of C's pointer");
  auto EndOf = [&](SourceLocation Last) {
    return SM.getFileOffset(Lexer::getLocForEndOfToken(Last, 0, SM, Ctx.getLangOpts()));
  };
  S.ReadBack = GemmShape::SumReadBack{
      SumAt, Acc.Var->getName().str(),
      {SM.getFileOffset(Element->getBeginLoc()), EndOf(Element->getEndLoc())}, Whole.End};
  // The call computes the accumulator's initial value and its sums; the rest of the loops, the
  // value and the locals on the way included, runs and is rewritten as written.
  S.Covers = {spanOf(declOf(Acc.Var)), spanOf(Sum)};
  S.Note = "its loops stay to compute " + What + ", each sum read from the call's buffer";
  return true;
}

std::string NestAttempt::suggestion(const GemmShape &S) const {
  if (!S.Batch.empty() || !FD.getIdentifier())
    return {};
  llvm::StringRef Text = Ctx.getSourceManager().getBufferData(File);
  auto Q = [](const std::string &V) { return "\"" + V + "\""; };
  auto Extent = [&](const GemmExtent &E) {
    std::string Out;
    for (const GemmExtent::Factor &X : E.Factors)
      Out += (Out.empty() ? "" : " * ") + (X.Count.Terms.size() > 1
                                               ? "(" + spellPoly(X.Count, Text) + ")"
                                               : spellPoly(X.Count, Text));
    return Q(Out.empty() ? "1" : Out);
  };
  auto Matrix = [&](const GemmMatrix &M) {
    std::string Ptr = spellBase(M, Text);
    if (!M.Offset.Terms.empty())
      Ptr += " + " + spellPoly(M.Offset, Text);
    return "{ptr: " + Q(Ptr) + ", row_stride: " + Q(spellPoly(M.Rows, Text)) +
           ", col_stride: " + Q(spellPoly(M.Cols, Text)) + "}";
  };
  std::string Out = "kernels: [{function: " + FD.getName().str() + ", m: " + Extent(S.M) +
                    ", n: " + Extent(S.N) + ", k: " + Extent(S.K) + ", a: " + Matrix(S.A) +
                    ", b: " + Matrix(S.B) + ", c: " + Matrix(S.C);
  if (S.Addend == GemmShape::AddC)
    Out += ", output: accumulate";
  else if (S.Addend == GemmShape::AddMatrix)
    Out += ", d: " + Matrix(S.D);
  return Out + "}]";
}

} // namespace autoscale::find::gemm
