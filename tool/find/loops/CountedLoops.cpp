//===- CountedLoops.cpp - the pieces of a counted loop the runtime runs whole -===//
#include "find/loops/CountedLoops.h"

#include "find/Containers.h"
#include "find/SourceLines.h"
#include "find/operations/Reductions.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace autoscale::find {

std::optional<FileID> loopFile(const ForStmt &For, ASTContext &Ctx, std::string &Why) {
  // A loop an OpenMP directive applies to is the body of its captured region (`#pragma omp`, or
  // `_Pragma("omp ...")` from a macro, which no text above the loop shows).
  DynTypedNodeList Parents = Ctx.getParents(For);
  const Stmt *Up = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
  if ((Up && isa<OMPExecutableDirective, CapturedStmt, AttributedStmt>(Up)) ||
      (!Parents.empty() && Parents[0].get<CapturedDecl>())) {
    Why = "a pragma applies to the loop";
    return std::nullopt;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = For.getForLoc();
  if (!Begin.isFileID()) {
    Why = "the loop is written in a macro";
    return std::nullopt;
  }
  FileID File = SM.getFileID(Begin);
  unsigned Offset = SM.getFileOffset(Begin);
  if (pragmaStart(SM.getBufferData(File), Offset) != Offset) {
    Why = "a pragma applies to the loop";
    return std::nullopt;
  }
  if (std::string Macro = macroBefore(SM.getBufferData(File), Offset); !Macro.empty() && mayExpandToPragma(SM, Macro)) {
    Why = "the macro `" + Macro + "` before the loop may apply a pragma to it";
    return std::nullopt;
  }
  return File;
}

std::optional<CountedLoop> countedLoop(const ForStmt &For, ASTContext &Ctx, std::string &Why) {
  CountedLoop L;
  const auto *DS = dyn_cast_or_null<DeclStmt>(For.getInit());
  L.Counter = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  L.Lower = L.Counter ? L.Counter->getInit() : nullptr;
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(For.getInit()); B && B->getOpcode() == BO_Assign) {
    // A local only: what the loop's body calls cannot read it, nor can another thread.
    L.Assigned = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
    const auto *V = L.Assigned ? dyn_cast<VarDecl>(L.Assigned->getDecl()) : nullptr;
    L.Counter = V && V->hasLocalStorage() && !V->getType()->isReferenceType() ? V : nullptr;
    L.Lower = B->getRHS();
  }
  if (!L.Counter || !L.Counter->getType()->isIntegerType() ||
      L.Counter->getType()->isBooleanType() || !L.Lower) {
    Why = "the loop does not declare or assign an integer counter";
    return std::nullopt;
  }
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For.getCond() ? For.getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE) ||
      varOf(Cond->getLHS()) != L.Counter) {
    Why = "the loop is not bounded as `i < n` or `i <= n`";
    return std::nullopt;
  }
  L.Upper = Cond->getRHS();
  L.Inclusive = Cond->getOpcode() == BO_LE;
  const Expr *Inc = For.getInc() ? For.getInc()->IgnoreParenImpCasts() : nullptr;
  bool Counts = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    Counts = U->isIncrementOp() && varOf(U->getSubExpr()) == L.Counter;
  else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc)) {
    Expr::EvalResult One;
    Counts = B->getOpcode() == BO_AddAssign && varOf(B->getLHS()) == L.Counter &&
             B->getRHS()->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1;
  }
  if (!Counts) {
    Why = "the loop does not count its counter up by 1";
    return std::nullopt;
  }
  return L;
}

bool loopElement(const Expr *E, const Access &Acc, const VarDecl *Counter,
                 const Atoms &A, const FileRanges &Ranges, FileID File, LoopElement &Out,
                 std::string &Why) {
  auto SpanOf = [&](const Expr *X) -> std::optional<Span> {
    std::string W;
    std::optional<FileSpan> S = Ranges.span(X->getSourceRange(), W);
    if (!S || S->File != File) {
      Why = "a piece of the loop is written in a macro";
      return std::nullopt;
    }
    return Span{S->Begin, S->End};
  };
  E = E->IgnoreParenImpCasts();
  if (std::optional<ContainerAccess> C = containerAccess(E); C && C->Index) {
    std::optional<Span> Object = SpanOf(C->Object);
    if (!Object)
      return false;
    Out.Container = *Object;
    E = C->Index;
  }
  std::optional<Span> Where = SpanOf(E);
  if (!Where)
    return false;
  Out.Where = *Where;
  struct Refs : RecursiveASTVisitor<Refs> {
    const VarDecl *V;
    std::vector<const DeclRefExpr *> Out;
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (D->getDecl() == V)
        Out.push_back(D);
      return true;
    }
  } R;
  R.V = Counter;
  R.TraverseStmt(const_cast<Expr *>(E));
  for (const DeclRefExpr *D : R.Out) {
    std::optional<Span> S = SpanOf(D);
    if (!S || !D->getLocation().isFileID()) {
      Why = "the counter is used in a macro";
      return false;
    }
    Out.Counter.push_back(*S);
  }
  std::optional<TextPoly> Stride = textPoly(Acc.Offset.coeff(Counter), A, Ranges, File, Why);
  if (!Stride)
    return false;
  Out.Stride = *Stride;
  return true;
}

std::optional<Span> pieceText(const Expr *E, const FileRanges &Ranges, FileID File) {
  std::string Why;
  std::optional<FileSpan> S = Ranges.span(E->getSourceRange(), Why);
  if (!S || S->File != File)
    return std::nullopt;
  return Span{S->Begin, S->End};
}

std::optional<Span> loopText(const ForStmt &For, ASTContext &Ctx, FileID File) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = For.getBody();
  SourceLocation Last = Body->getEndLoc();
  SourceLocation End = Lexer::getLocForEndOfToken(Last, 0, SM, Ctx.getLangOpts());
  if (!isa<CompoundStmt>(Body))
    End = Lexer::findLocationAfterToken(Last, tok::semi, SM, Ctx.getLangOpts(), false);
  if (End.isInvalid() || !End.isFileID() || SM.getFileID(End) != File)
    return std::nullopt;
  return Span{SM.getFileOffset(For.getForLoc()), SM.getFileOffset(End)};
}

std::optional<LoopSpans> loopSpans(const ForStmt &For, const CountedLoop &L, ASTContext &Ctx,
                                   const FileRanges &Ranges, FileID File, std::string &Why) {
  LoopSpans S;
  std::optional<Span> Lower = pieceText(L.Lower, Ranges, File), Upper = pieceText(L.Upper, Ranges, File);
  std::optional<Span> Assigned = L.Assigned ? pieceText(L.Assigned, Ranges, File) : std::nullopt;
  if (!Lower || !Upper || (L.Assigned && !Assigned)) {
    Why = "a piece of the loop is written in a macro";
    return std::nullopt;
  }
  std::optional<Span> Text = loopText(For, Ctx, File);
  if (!Text) {
    Why = "the loop is written in a macro";
    return std::nullopt;
  }
  S.Loop = *Text;
  S.Lower = *Lower;
  S.Upper = *Upper;
  S.Inclusive = L.Inclusive;
  S.LowerZero = isZeroLiteral(L.Lower);
  S.AssignedCounter = Assigned;
  return S;
}

} // namespace autoscale::find
