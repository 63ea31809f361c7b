//===- CallGraph.cpp - a function's loops and calls --------------------------===//
#include "find/steps/CallGraph.h"

#include "find/Context.h"
#include "find/SourceLines.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <vector>

using namespace clang;

namespace autoscale::find {

std::string functionName(const FunctionDecl &FD, llvm::StringRef Display) {
  std::string Name = FD.getQualifiedNameAsString();
  if (!FD.isExternallyVisible())
    Name += "@" + Display.str();
  return Name;
}

std::string functionKey(const FunctionDecl &FD, llvm::StringRef Display) {
  std::string Key = functionName(FD, Display);
  // C++ overloads share a name: each keeps its own loops under its type. Templates (their
  // instantiations' keys are the pattern's) may share the type too, differing only in their
  // template parameters (constraints through default arguments), so one is told by where it is
  // defined: a template's definition is visible wherever it is called.
  if (FD.getASTContext().getLangOpts().CPlusPlus) {
    Key += " " + FD.getType().getCanonicalType().getAsString();
    if (FD.isTemplated()) {
      const SourceManager &SM = FD.getASTContext().getSourceManager();
      Key += "@" + Display.str() + ":" + std::to_string(SM.getFileOffset(SM.getSpellingLoc(FD.getLocation())));
    }
  }
  return Key;
}

unsigned loopOffset(const Stmt &S, const SourceManager &SM) {
  return SM.getFileOffset(SM.getSpellingLoc(S.getBeginLoc()));
}

namespace {

class Recorder : public RecursiveASTVisitor<Recorder> {
public:
  Recorder(const SourceManager &SM, const LangOptions &LO, FunctionRecord &R,
           llvm::function_ref<std::string(const FunctionDecl &)> KeyOf)
      : SM(SM), LO(LO), R(R), KeyOf(KeyOf) {}

  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    if (S && isa<OMPExecutableDirective>(S)) {
      ++InOpenMP;
      bool Result = RecursiveASTVisitor::TraverseStmt(S);
      --InOpenMP;
      return Result;
    }
    if (!S || !isLoop(S))
      return RecursiveASTVisitor::TraverseStmt(S);
    LoopRecord L;
    L.Offset = loopOffset(*S, SM);
    L.Line = SM.getSpellingLineNumber(S->getBeginLoc());
    if (!Stack.empty())
      L.Parent = Stack.back();
    bool OpenMP = underOpenMPPragma(*S);
    InOpenMP += OpenMP;
    L.Steps = stepPoints(*S);
    L.Begin = beginPoint(*S);
    // A pointer counter walks memory itself (`for (row_t *r = rows; r < end; r++)`).
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      const VarDecl *Counter = forCounter(*For);
      L.IndexesData = (Counter && Counter->getType()->isPointerType()) || indexes(For->getBody(), Counter);
    }
    R.Loops[L.Offset] = L;
    Stack.push_back(L.Offset);
    bool Result = RecursiveASTVisitor::TraverseStmt(S);
    Stack.pop_back();
    InOpenMP -= OpenMP;
    return Result;
  }

  /// A function named other than as a callee (a thread's start routine given to
  /// pthread_create, a callback) may be called from there through the pointer.
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *FD = dyn_cast<FunctionDecl>(E->getDecl()))
      R.Calls.insert({KeyOf(*FD), innermostLoop()});
    return true;
  }

  bool VisitCallExpr(CallExpr *C) {
    const std::optional<unsigned> Loop = innermostLoop();
    if (const FunctionDecl *Callee = C->getDirectCallee()) {
      R.Calls.insert({KeyOf(*Callee), Loop});
      return true;
    }
    // In a template the call of a dependent name is resolved per instantiation: each candidate
    // the name finds may be called; a member of a dependent object, any function of that name.
    const Expr *Callee = C->getCallee() ? C->getCallee()->IgnoreParenImpCasts() : nullptr;
    if (const auto *O = dyn_cast_or_null<OverloadExpr>(Callee)) {
      for (const NamedDecl *D : O->decls())
        if (const FunctionDecl *FD = D->getUnderlyingDecl()->getAsFunction())
          R.Calls.insert({KeyOf(*FD), Loop});
    } else if (const auto *M = dyn_cast_or_null<CXXDependentScopeMemberExpr>(Callee)) {
      if (M->getMember().isIdentifier())
        R.Calls.insert({std::string(kCallByName) + M->getMember().getAsString(), Loop});
    }
    return true;
  }

private:
  std::optional<unsigned> innermostLoop() const {
    return Stack.empty() ? std::nullopt : std::optional<unsigned>(Stack.back());
  }

  std::optional<unsigned> fileOffset(SourceLocation L) const {
    if (L.isInvalid() || !L.isFileID())
      return std::nullopt;
    return SM.getFileOffset(L);
  }

  /// Whether an OpenMP #pragma stands before S (read from the text, so that it counts whether or
  /// not the tool parses with -fopenmp).
  bool underOpenMPPragma(const Stmt &S) const {
    if (!S.getBeginLoc().isFileID())
      return false;
    llvm::StringRef Text = SM.getBufferData(SM.getFileID(S.getBeginLoc()));
    unsigned Begin = SM.getFileOffset(S.getBeginLoc());
    return Text.slice(pragmaStart(Text, Begin), Begin).contains("omp");
  }

  /// Where a step ends at the end of each iteration of S (LoopRecord::Steps). None within an
  /// OpenMP construct (a loop under a directive, the loops it collapses, a parallel region's
  /// code): OpenMP's canonical loop form takes no other expression in the header, and iterations
  /// or threads that run side by side end no step.
  std::vector<StepPoint> stepPoints(const Stmt &S) const {
    if (!S.getBeginLoc().isFileID() || InOpenMP)
      return {};
    StepPoint P;
    P.Where = StepPoint::BeforeExpression;
    if (const auto *F = dyn_cast<ForStmt>(&S)) {
      P.HasExpression = F->getInc() != nullptr;
      std::optional<unsigned> At =
          fileOffset(P.HasExpression ? F->getInc()->getBeginLoc() : F->getRParenLoc());
      if (!At)
        return {};
      P.Begin = P.End = *At;
      return {P};
    }
    if (const auto *D = dyn_cast<DoStmt>(&S)) {
      P.HasExpression = true;
      std::optional<unsigned> At = fileOffset(D->getCond()->getBeginLoc());
      if (!At)
        return {};
      P.Begin = P.End = *At;
      return {P};
    }
    // while and range-for: the end of the body, and every continue of this loop.
    const Stmt *Body = isa<WhileStmt>(S) ? cast<WhileStmt>(S).getBody()
                                         : cast<CXXForRangeStmt>(S).getBody();
    const auto *Block = dyn_cast_or_null<CompoundStmt>(Body);
    std::optional<unsigned> Brace = Block ? fileOffset(Block->getRBracLoc()) : std::nullopt;
    if (!Brace)
      return {};
    P.Where = StepPoint::BeforeBrace;
    P.Begin = P.End = *Brace;
    std::vector<StepPoint> Points = {P};
    std::vector<const ContinueStmt *> Continues;
    continuesOf(Body, Continues);
    for (const ContinueStmt *C : Continues) {
      std::optional<unsigned> Begin = fileOffset(C->getBeginLoc());
      SourceLocation Semi = Lexer::findLocationAfterToken(C->getEndLoc(), tok::semi, SM, LO, false);
      std::optional<unsigned> End = fileOffset(Semi);
      if (!Begin || !End)
        return {}; // a continue from a macro: no place to end the step
      StepPoint Before;
      Before.Where = StepPoint::BeforeStatement;
      Before.Begin = *Begin;
      Before.End = *End;
      Points.push_back(Before);
    }
    return Points;
  }

  /// Where the steps begin if S ends them (LoopRecord::Begin).
  std::optional<StepPoint> beginPoint(const Stmt &S) const {
    SourceLocation Last = S.getEndLoc();
    SourceLocation After = Lexer::findLocationAfterToken(Last, tok::semi, SM, LO, false);
    if (After.isInvalid())
      After = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
    std::optional<unsigned> Begin = fileOffset(S.getBeginLoc()), End = fileOffset(After);
    if (!Begin || !End || SM.getFileID(S.getBeginLoc()) != SM.getFileID(After))
      return std::nullopt;
    StepPoint P;
    P.Where = StepPoint::BeforeStatement;
    P.Begins = true;
    P.Begin = *Begin;
    P.End = *End;
    llvm::StringRef Text = SM.getBufferData(SM.getFileID(After));
    // `_Pragma(...)` before the loop, on its line or the line above, or a macro that may expand to
    // one, is a pragma the call would take the loop from.
    const unsigned LoopLine = lineStart(Text, *Begin);
    if (Text.slice(LoopLine > 0 ? lineStart(Text, LoopLine - 1) : 0, *Begin).contains("_Pragma") ||
        [&](const std::string &Macro) { return !Macro.empty() && mayExpandToPragma(SM, Macro); }(macroBefore(Text, *Begin)))
      return std::nullopt;
    if (unsigned Pragmas = pragmaStart(Text, *Begin); Pragmas != *Begin) {
      std::optional<unsigned> Code = endOfCodeLineAbove(Text, Pragmas);
      if (!Code)
        return std::nullopt;
      P.Begin = *Code;
      P.AfterCodeLine = true;
    }
    return P;
  }

  /// Whether S indexes memory with V: a subscript, or pointer arithmetic, that reads V.
  static bool indexes(const Stmt *S, const VarDecl *V) {
    if (!S || !V)
      return false;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(S); A && refersTo(A->getIdx(), V))
      return true;
    // A container's or matrix class's element: v[i], m(i, j) (in a template, where m's type
    // depends on a parameter, a call of the variable m).
    const auto ReadsCounter = [&](auto Args) { return llvm::any_of(Args, [&](const Expr *A) { return refersTo(A, V); }); };
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
        Op && (Op->getOperator() == OO_Subscript || Op->getOperator() == OO_Call) &&
        ReadsCounter(llvm::drop_begin(Op->arguments())))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(S); Call && !isa<CXXOperatorCallExpr>(S)) {
      const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Call->getCallee() ? Call->getCallee()->IgnoreParenImpCasts() : nullptr);
      if (Ref && isa<VarDecl>(Ref->getDecl()) && Ref->isTypeDependent() && ReadsCounter(Call->arguments()))
        return true;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(S);
        B && B->isAdditiveOp() && B->getType()->isPointerType() &&
        (refersTo(B->getLHS(), V) || refersTo(B->getRHS(), V)))
      return true;
    return llvm::any_of(S->children(), [&](const Stmt *C) { return indexes(C, V); });
  }

  /// The continue statements of a loop body that continue that loop (not a nested one).
  static void continuesOf(const Stmt *S, std::vector<const ContinueStmt *> &Out) {
    if (!S || isLoop(S) || isa<LambdaExpr>(S))
      return;
    if (const auto *C = dyn_cast<ContinueStmt>(S))
      Out.push_back(C);
    for (const Stmt *Child : S->children())
      continuesOf(Child, Out);
  }

  const SourceManager &SM;
  const LangOptions &LO;
  FunctionRecord &R;
  llvm::function_ref<std::string(const FunctionDecl &)> KeyOf;
  std::vector<unsigned> Stack;
  /// How many OpenMP constructs the walk is in (directives, and loops under an omp #pragma).
  int InOpenMP = 0;
};

} // namespace

FunctionRecord recordFunction(const FunctionDecl &FD,
                              llvm::function_ref<std::string(const FunctionDecl &)> KeyOf) {
  FunctionRecord R;
  R.Key = KeyOf(FD);
  if (const auto *M = dyn_cast<CXXMethodDecl>(&FD)) {
    std::vector<const CXXMethodDecl *> Todo(M->begin_overridden_methods(), M->end_overridden_methods());
    while (!Todo.empty()) {
      const CXXMethodDecl *Base = Todo.back();
      Todo.pop_back();
      if (R.Overrides.insert(KeyOf(*Base)).second)
        Todo.insert(Todo.end(), Base->begin_overridden_methods(), Base->end_overridden_methods());
    }
  }
  Recorder Rec(FD.getASTContext().getSourceManager(), FD.getASTContext().getLangOpts(), R, KeyOf);
  Rec.TraverseStmt(FD.getBody());
  // Device code calls no host step: a kernel's loops (its K-tiles) end and begin none.
  if (FD.hasAttr<CUDAGlobalAttr>() || (FD.hasAttr<CUDADeviceAttr>() && !FD.hasAttr<CUDAHostAttr>()))
    for (auto &[Offset, Loop] : R.Loops) {
      Loop.Steps.clear();
      Loop.Begin.reset();
    }
  return R;
}

} // namespace autoscale::find
