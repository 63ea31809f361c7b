//===- ReachingValues.cpp - the values of a local that a read of it may see --===//
#include "find/ReachingValues.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace autoscale::find {
namespace {

/// The node's one parent, or none (a node with several parents: a template's, a macro's).
std::optional<DynTypedNode> parentOf(ASTContext &Ctx, const DynTypedNode &N) {
  DynTypedNodeList Parents = Ctx.getParents(N);
  if (Parents.size() != 1)
    return std::nullopt;
  return Parents[0];
}

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

} // namespace

ReachingValues::ReachingValues(ASTContext &Ctx, const std::map<const VarDecl *, std::vector<const Expr *>> &DefsOf)
    : Ctx(Ctx), DefsOf(DefsOf) {}

std::optional<unsigned> ReachingValues::offsetOf(SourceLocation L, FileID &File) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation At = SM.getExpansionLoc(L);
  if (At.isInvalid())
    return std::nullopt;
  const FileID Of = SM.getFileID(At);
  if (File.isInvalid())
    File = Of;
  if (Of != File)
    return std::nullopt;
  return SM.getFileOffset(At);
}

const ReachingValues::Given &ReachingValues::givenOf(const VarDecl &V) {
  auto [It, New] = GivenOf.try_emplace(&V);
  Given &G = It->second;
  if (!New)
    return G;
  FileID File;
  for (const Expr *Value : DefsOf.at(&V)) {
    std::optional<unsigned> At = offsetOf(Value->getBeginLoc(), File);
    if (!At) {
      G.SameFile = false;
      return G;
    }
    G.Values.push_back({*At, Value});
    // The statement giving the value: the expression around it up to the statement, an
    // assignment to V or its ++/--, or V's declaration; unconditional where a block holds it.
    DynTypedNode Node = DynTypedNode::create(*Value);
    const Expr *Top = Value;
    std::optional<DynTypedNode> Parent = parentOf(Ctx, Node);
    while (Parent && Parent->get<Expr>()) {
      Top = Parent->get<Expr>();
      Parent = parentOf(Ctx, *Parent);
    }
    const auto Names = [&](const Expr *E) {
      const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return Ref && Ref->getDecl() == &V;
    };
    const auto *Assign = dyn_cast<BinaryOperator>(Top);
    const auto *Step = dyn_cast<UnaryOperator>(Top);
    const bool Gives = (Assign && Assign->isAssignmentOp() && Names(Assign->getLHS())) ||
                       (Step && Step->isIncrementDecrementOp() && Names(Step->getSubExpr()));
    const Stmt *Statement = Top;
    if (Parent && Parent->get<VarDecl>() == &V) { // the initialiser
      Parent = parentOf(Ctx, *Parent);
      Statement = Parent ? Parent->get<DeclStmt>() : nullptr;
      Parent = Statement ? parentOf(Ctx, *Parent) : std::nullopt;
    } else if (!Gives) {
      continue;
    }
    if (const auto *Block = Parent ? Parent->get<CompoundStmt>() : nullptr)
      if (std::optional<unsigned> StatementAt = offsetOf(Statement->getBeginLoc(), File))
        G.Hiding[Block].push_back(*StatementAt);
  }
  llvm::sort(G.Values, [](const auto &A, const auto &B) { return A.first < B.first; });
  for (auto &[Block, Offsets] : G.Hiding)
    llvm::sort(Offsets);
  return G;
}

bool ReachingValues::hasGoto(const FunctionDecl &FD) {
  auto [It, New] = Gotos.try_emplace(&FD, false);
  if (New) {
    struct Find : RecursiveASTVisitor<Find> {
      bool Found = false;
      bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
      bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
    } F;
    F.TraverseStmt(FD.getBody());
    It->second = F.Found;
  }
  return It->second;
}

std::vector<const Expr *> ReachingValues::reaching(const DeclRefExpr &Read, const VarDecl &V) {
  const std::vector<const Expr *> &All = DefsOf.at(&V);
  const Given &G = givenOf(V);
  FileID File;
  std::optional<unsigned> ReadAt = offsetOf(Read.getBeginLoc(), File);
  if (!G.SameFile || !ReadAt || (!G.Values.empty() && !offsetOf(G.Values.front().second->getBeginLoc(), File)))
    return All;
  // Up from the read: the last statement before it, in a block around it, that hides the values
  // given before; and the outermost loop passed on the way, whose later values come round.
  std::optional<unsigned> HiddenBefore;
  const Stmt *Loop = nullptr;
  DynTypedNode Node = DynTypedNode::create(Read);
  for (std::optional<DynTypedNode> Parent = parentOf(Ctx, Node);; Parent = parentOf(Ctx, Node)) {
    if (!Parent)
      return All;
    if (const auto *FD = Parent->get<FunctionDecl>()) {
      if (hasGoto(*FD))
        return All;
      break;
    }
    if (Parent->get<LambdaExpr>() || Parent->get<BlockExpr>() || Parent->get<SwitchStmt>())
      return All; // called anywhere; or entered at a case past the statements before it
    const Stmt *S = Parent->get<Stmt>();
    if (S && isLoop(S) && !HiddenBefore)
      Loop = S;
    if (const auto *Block = Parent->get<CompoundStmt>(); Block && !HiddenBefore)
      if (auto Hiding = G.Hiding.find(Block); Hiding != G.Hiding.end())
        if (std::optional<unsigned> ChildAt = offsetOf(Node.getSourceRange().getBegin(), File)) {
          auto Before = std::lower_bound(Hiding->second.begin(), Hiding->second.end(), *ChildAt);
          if (Before != Hiding->second.begin())
            HiddenBefore = *std::prev(Before);
        }
    Node = *Parent;
  }
  const auto Between = [&](unsigned From, unsigned To, std::vector<const Expr *> &Out) {
    auto It = std::lower_bound(G.Values.begin(), G.Values.end(), std::make_pair(From, static_cast<const Expr *>(nullptr)),
                               [](const auto &A, const auto &B) { return A.first < B.first; });
    for (; It != G.Values.end() && It->first < To; ++It)
      Out.push_back(It->second);
  };
  // Before the read, and (apart) from it to the loop's end.
  std::vector<const Expr *> Out;
  Between(HiddenBefore.value_or(0), *ReadAt, Out);
  if (Loop) {
    std::optional<unsigned> LoopBegin = offsetOf(Loop->getBeginLoc(), File), LoopEnd = offsetOf(Loop->getEndLoc(), File);
    if (!LoopBegin || !LoopEnd)
      return All;
    Between(std::max(*ReadAt, *LoopBegin), *LoopEnd + 1, Out);
  }
  return Out;
}

} // namespace autoscale::find
