//===- StepPoints.cpp - where a step-ending function ends its steps ----------===//
#include "find/steps/StepPoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace autoscale::find {
namespace {

/// The return statements of a function body, not those of lambdas or local classes in it.
class ReturnCollector : public RecursiveASTVisitor<ReturnCollector> {
public:
  std::vector<ReturnStmt *> Returns;
  bool VisitReturnStmt(ReturnStmt *R) {
    Returns.push_back(R);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
};

/// How the local holding a step function's return value is declared, e.g. "float autoscale_ret_"
/// or "float (*autoscale_ret_)(int)"; in C++ a deduced return type keeps its spelling ("auto"),
/// which deduces the same type from the same expression. Empty when it cannot be declared.
std::string returnValueDecl(const FunctionDecl &FD) {
  constexpr const char *Name = "autoscale_ret_";
  const ASTContext &Ctx = FD.getASTContext();
  const LangOptions &LO = Ctx.getLangOpts();
  QualType T = FD.getReturnType();
  // A class that is not trivially copyable (a move-only type, say), or a dependent type that may
  // be one, might not fit in the local; a reference or decltype(auto) return would make the local
  // a reference (one to a temporary that dies) or change what is deduced.
  const AutoType *Deduced = T->getContainedAutoType();
  if (T->isDependentType() || T->isReferenceType() || (Deduced && Deduced->isDecltypeAuto()) ||
      (T->isRecordType() && !T.isTriviallyCopyableType(Ctx)))
    return {};
  // Trivially copyable, a class may still delete its copy and move (a value C++17 returns by
  // guaranteed elision only).
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl(); RD && RD->hasDefinition())
    for (const CXXConstructorDecl *C : RD->ctors())
      if (C->isCopyOrMoveConstructor() && C->isDeleted())
        return {};
  if (T->getContainedDeducedType()) {
    SourceRange R = FD.getReturnTypeSourceRange();
    if (R.isInvalid() || !R.getBegin().isFileID() || !R.getEnd().isFileID())
      return {};
    return (Lexer::getSourceText(CharSourceRange::getTokenRange(R), Ctx.getSourceManager(), LO) +
            " " + Name)
        .str();
  }
  PrintingPolicy Policy(LO);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  T.print(OS, Policy, Name);
  return Out;
}

} // namespace

std::set<StepPoint> stepPointsOf(const FunctionDecl &FD, const FileRanges &Ranges) {
  std::set<StepPoint> Points;
  const auto *Body = dyn_cast<CompoundStmt>(FD.getBody());
  if (!Body || !Body->getLBracLoc().isFileID() || !Body->getRBracLoc().isFileID())
    return Points;
  const SourceManager &SM = FD.getASTContext().getSourceManager();
  const LangOptions &LO = FD.getASTContext().getLangOpts();
  FileID File = SM.getFileID(Body->getLBracLoc());
  bool Void = FD.getReturnType()->isVoidType();
  std::string RetDecl = Void ? "" : returnValueDecl(FD);
  ReturnCollector Collect;
  Collect.TraverseStmt(const_cast<CompoundStmt *>(Body));
  for (ReturnStmt *R : Collect.Returns) {
    if (!R->getBeginLoc().isFileID() || !R->getEndLoc().isFileID())
      continue; // a return written by a macro: nowhere safe to insert
    SourceLocation AfterSemi =
        Lexer::findLocationAfterToken(R->getEndLoc(), tok::semi, SM, LO, false);
    if (AfterSemi.isInvalid() || !AfterSemi.isFileID())
      continue;
    StepPoint P;
    P.Begin = SM.getFileOffset(R->getBeginLoc());
    P.End = SM.getFileOffset(AfterSemi);
    P.Where = StepPoint::BeforeStatement;
    std::string Why;
    const Expr *Value = R->getRetValue();
    std::optional<FileSpan> V = Value ? Ranges.span(Value->getSourceRange(), Why) : std::nullopt;
    // The step ends after the returned value is computed, unless the value cannot be moved into
    // a local (written by a macro, or of a type the local cannot hold).
    if (V && V->File == File && (Void || !RetDecl.empty())) {
      P.Where = StepPoint::ReturnValue;
      P.Value = {V->Begin, V->End};
      P.BracedValue = Ranges.text(*V).starts_with("{");
      P.VoidValue = Void;
      P.ReturnDecl = RetDecl;
    }
    Points.insert(P);
  }
  // The steps begin when the function first runs: from then on the program ends them itself.
  StepPoint Start;
  Start.Where = StepPoint::AfterBrace;
  Start.Begins = true;
  Start.Begin = Start.End = SM.getFileOffset(Body->getLBracLoc()) + 1;
  Points.insert(Start);
  if (Void && (Body->body_empty() || !isa<ReturnStmt>(Body->body_back()))) {
    StepPoint P;
    P.Where = StepPoint::BeforeBrace;
    P.Begin = P.End = SM.getFileOffset(Body->getRBracLoc());
    Points.insert(P);
  }
  return Points;
}

} // namespace autoscale::find
