//===- GemmNests.cpp - loop nests that compute a matrix product --------------===//
//
// The candidates (statements accumulating a dot_mul inside two loops or more), the loops around
// each, and the attempts to fold them into one call, from the outermost loop inwards; the first
// that succeeds is the site. GemmNestParts.cpp reads the parts of one attempt (accumulator,
// other work, edits).
//
//===----------------------------------------------------------------------===//
#include "substitutions/matmul/GemmNestParts.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace autoscale::find::gemm {

const Stmt *unwrapDirective(const Stmt *S) {
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S); D && D->hasAssociatedStmt())
    return D->getInnermostCapturedStmt()->getCapturedStmt();
  return S;
}

std::string loopAtLine(unsigned Line) { return "the loop at line " + std::to_string(Line); }

std::string loopAtLine(const ForStmt *For, const SourceManager &SM) {
  return loopAtLine(SM.getSpellingLineNumber(For->getForLoc()));
}

//===--- what the function does with its variables --------------------------===//

namespace {
class FactsWalk : public RecursiveASTVisitor<FactsWalk> {
public:
  explicit FactsWalk(FunctionFacts &F) : F(F) {}
  bool VisitDeclStmt(DeclStmt *S) {
    for (const Decl *D : S->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        F.DeclOf[V] = S;
    return true;
  }
  bool VisitLabelStmt(LabelStmt *) {
    F.Labels = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      F.Refs[V].push_back(D);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      if (const VarDecl *V = writtenVar(B->getLHS()))
        ++F.Writes[V];
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = writtenVar(U->getSubExpr()))
        ++F.Writes[V];
    return true;
  }

private:
  FunctionFacts &F;
};
} // namespace

FunctionFacts::FunctionFacts(const FunctionDecl &FD, ASTContext &Ctx) : Ctx(Ctx) {
  FactsWalk(*this).TraverseStmt(FD.getBody());
  findFreshStarts();
}

const Stmt *FunctionFacts::parent(const Stmt *S) const {
  DynTypedNodeList P = Ctx.getParents(*S);
  while (!P.empty()) {
    if (const auto *PS = P[0].get<Stmt>())
      return isa<CapturedStmt>(PS) ? parent(PS) : PS;
    // A local's initialiser belongs to the statement declaring it (`float a = A[i*lda+k];` in a
    // loop reads i there); an OpenMP region's captured body to its directive.
    const auto *D = P[0].get<Decl>();
    if (!D || !(isa<CapturedDecl>(D) || (isa<VarDecl>(D) && cast<VarDecl>(D)->isLocalVarDecl())))
      return nullptr;
    P = Ctx.getParents(*D);
  }
  return nullptr;
}

bool FunctionFacts::within(const Stmt *Inner, const Stmt *Outer) const {
  for (const Stmt *S = Inner; S; S = parent(S))
    if (S == Outer)
      return true;
  return false;
}

//===--- candidates and their loops -----------------------------------------===//

namespace {

/// Whether E holds a multiply the reduction analysis named dot_mul.
bool holdsDotMul(const Stmt *E, const Reductions &R) {
  if (const auto *X = dyn_cast<Expr>(E); X && R.roleOf(X) == rules::Idiom::DotMul)
    return true;
  for (const Stmt *C : E->children())
    if (C && holdsDotMul(C, R))
      return true;
  return false;
}

class CandidateWalk : public RecursiveASTVisitor<CandidateWalk> {
public:
  CandidateWalk(const Reductions &R, ASTContext &Ctx) : R(R), Ctx(Ctx) {}
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp() || !B->getLHS()->getType()->isRealFloatingType())
      return true;
    const Expr *Added = nullptr, *Reducer = B;
    bool Subtracts = B->getOpcode() == BO_SubAssign;
    if (B->getOpcode() == BO_AddAssign || Subtracts) {
      Added = B->getRHS();
    } else if (const auto *Op = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
               B->getOpcode() == BO_Assign && Op && Op->isAdditiveOp()) {
      Subtracts = Op->getOpcode() == BO_Sub;
      if (sameExpr(Op->getLHS(), B->getLHS(), Ctx))
        Added = Op->getRHS();
      else if (!Subtracts && sameExpr(Op->getRHS(), B->getLHS(), Ctx))
        Added = Op->getLHS();
      Reducer = Op;
    }
    if (!Added)
      return true;
    const auto *Product = dyn_cast<BinaryOperator>(Added->IgnoreParenImpCasts());
    if (R.roleOf(Reducer) == rules::Idiom::Update && !Subtracts && Product && Product->getOpcode() == BO_Mul) {
      // An outer product `W[i][j] += x[i] * y[j]`, a rank-1 update, if the loops prove it.
      Out.push_back(Candidate{B, B->getLHS(), Product->getLHS(), Product->getRHS(), "", true});
      return true;
    }
    if (R.roleOf(Reducer) != rules::Idiom::Accumulate || !holdsDotMul(Added, R))
      return true;
    Candidate C{B, B->getLHS(), nullptr, nullptr, ""};
    // A product scaled before it is summed, `x * y * s` or `s * (x * y)`: s is the call's factor.
    if (Product && Product->getOpcode() == BO_Mul && R.roleOf(Product) != rules::Idiom::DotMul)
      for (auto [Inner, Factor] : {std::pair{Product->getLHS(), Product->getRHS()},
                                   std::pair{Product->getRHS(), Product->getLHS()}})
        if (const auto *Dot = dyn_cast<BinaryOperator>(Inner->IgnoreParenImpCasts());
            Dot && Dot->getOpcode() == BO_Mul && R.roleOf(Dot) == rules::Idiom::DotMul) {
          C.ProductFactor = Factor;
          Product = Dot;
          break;
        }
    C.Negated = Subtracts;
    if (!Product || Product->getOpcode() != BO_Mul || R.roleOf(Product) != rules::Idiom::DotMul)
      C.Why = "the products are scaled or combined before they are summed";
    else {
      C.X = Product->getLHS();
      C.Y = Product->getRHS();
    }
    Out.push_back(C);
    return true;
  }
  std::vector<Candidate> Out;

private:
  const Reductions &R;
  ASTContext &Ctx;
};

/// A short name of a statement that stops the nest from growing outward.
std::string blockerName(const Stmt *S) {
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
    return "an OpenMP '" +
           llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()).str() + "' region";
  if (isa<IfStmt>(S))
    return "an if statement";
  if (isa<WhileStmt, DoStmt>(S))
    return "a while loop";
  if (isa<SwitchStmt, CaseStmt, DefaultStmt>(S))
    return "a switch";
  return "a " + std::string(S->getStmtClassName());
}

} // namespace

/// The loops around C's statement, innermost first, up to the first statement that is neither
/// a block, a loop's body nor an OpenMP loop directive.
static Chain chainOf(const Candidate &C, const FunctionFacts &F) {
  Chain Out;
  const Stmt *N = C.Assign;
  for (const Stmt *P = F.parent(N); P; N = P, P = F.parent(P)) {
    if (isa<CompoundStmt>(P))
      continue;
    if (const auto *For = dyn_cast<ForStmt>(P)) {
      if (For->getBody() == N) {
        Out.Loops.push_back(For);
        continue;
      }
      Out.Blocker = "the statement is in the header of a loop";
      break;
    }
    if (const auto *D = dyn_cast<OMPLoopDirective>(P); D && !Out.Loops.empty() &&
                                                        unwrapDirective(D) == Out.Loops.back())
      continue;
    if (N == C.Assign) {
      Out.Blocker = "the sum is part of a larger expression";
      Out.Loops.clear();
      break;
    }
    Out.Blocker = "the loops sit in " + blockerName(P);
    break;
  }
  return Out;
}

std::vector<NestFinding> findNests(const FunctionDecl &FD, ASTContext &Ctx, const Reductions &R,
                                   const FileRanges &Ranges) {
  std::vector<NestFinding> Out;
  if (!FD.getBody())
    return Out;
  CandidateWalk W(R, Ctx);
  W.TraverseStmt(FD.getBody());
  if (W.Out.empty())
    return Out;
  FunctionFacts Facts(FD, Ctx);
  std::vector<std::pair<const Candidate *, Chain>> Refused; // no call: tried again below
  for (const Candidate &C : W.Out) {
    Chain Ch = chainOf(C, Facts);
    if (Ch.Loops.size() < 2)
      continue; // a dot product or an axpy: no matrix here
    NestFinding F;
    F.Statement = C.Assign;
    F.Anchor = Ch.Loops.back();
    F.Variable = baseVariable(C.Target);
    if (!C.Why.empty()) {
      F.Reason = C.Why;
      Out.push_back(F);
      continue;
    }
    // From the outermost loop inwards; the first nest that folds is the site.
    std::string Outermost;
    for (size_t J = Ch.Loops.size(); J-- > 1;) {
      NestAttempt A(C, Ch, J, Facts, Ranges, FD);
      NestFinding Try = A.run();
      if (Try.Shape) {
        if (J + 1 < Ch.Loops.size())
          Try.Shape->Note = loopAtLine(Ch.Loops[J + 1], Ctx.getSourceManager()) +
                            " is not folded in: " + Outermost;
        F = Try;
        break;
      }
      if (Outermost.empty()) {
        Outermost = Try.Reason;
        F.Reason = Try.Reason;
        F.Suggestion = Try.Suggestion;
      } else if (J == 1 && !Try.Reason.empty() && Try.Reason != Outermost) {
        // The smallest nest's own reason too: what a row of it (a causal window's) lacks.
        F.Reason += "; " + loopAtLine(Ch.Loops[1], Ctx.getSourceManager()) +
                    " and the loop inside it alone: " + Try.Reason;
      }
    }
    if (!F.Shape)
      Refused.push_back({&C, Ch});
    if (!F.Shape && C.Update)
      continue; // an update like any other: nothing to report
    if (!F.Shape && !Ch.Blocker.empty() && F.Reason.empty())
      F.Reason = Ch.Blocker;
    Out.push_back(F);
  }
  // A statement refused for the other work of its loops folds the loops left where that work
  // is statements splitting away as products of their own (only those with these very loops:
  // a split's call follows its loops, which must not be inside the guarded ones).
  for (auto &[C, Ch] : Refused) {
    for (size_t J = Ch.Loops.size(); J-- > 1;) {
      std::vector<Span> Away;
      std::vector<NestFinding *> Splits;
      for (NestFinding &Other : Out)
        if (Other.Shape && Other.Split && Other.Anchor == Ch.Loops[J]) {
          // The statement and the declarations only it reads.
          llvm::append_range(Away, Other.Shape->Remove);
          Splits.push_back(&Other);
        }
      if (Away.empty())
        continue;
      NestFinding Try = NestAttempt(*C, Ch, J, Facts, Ranges, FD, Away).run();
      // The loops keep the statements split away until their sites' edits take them out: this
      // call must guard the loops, and covers none of those statements' operations.
      if (!Try.Shape || !Try.Shape->guarded())
        continue;
      std::vector<Span> &Covers = Try.Shape->Covers;
      const Span Whole = Covers.front();
      llvm::sort(Away, [](const Span &A, const Span &B) { return A.Begin < B.Begin; });
      Covers.clear();
      unsigned From = Whole.Begin;
      for (const Span &Gone : Away) {
        Covers.push_back({From, Gone.Begin});
        From = Gone.End;
      }
      Covers.push_back({From, Whole.End});
      const unsigned Nest = Whole.Begin;
      Try.Shape->SharedNest = Nest;
      Try.Shape->GuardsLoopsLeft = true;
      for (NestFinding *S : Splits)
        S->Shape->SharedNest = Nest;
      Try.Shape->Note = "its loops' other work splits away as products of their own, whose "
                        "sites it is kept with";
      auto Same = llvm::find_if(Out, [&](const NestFinding &X) { return X.Statement == C->Assign; });
      if (Same != Out.end())
        *Same = Try;
      else
        Out.push_back(Try);
      break;
    }
  }
  return Out;
}

} // namespace autoscale::find::gemm
