//===- ExchangedBuffers.cpp - the buffers a function exchanges ---------------===//
#include "find/operations/ExchangedBuffers.h"

#include "find/Context.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <vector>

using namespace clang;

namespace autoscale::find {
namespace {

/// Whether V holds a buffer: a pointer, or an object (a std::vector), not a number.
bool holdsBuffer(const VarDecl *V) {
  QualType T = V ? V->getType().getNonReferenceType() : QualType();
  return V && (T->isPointerType() || T->isRecordType());
}

/// Which buffer takes which one's value (`u = v`: u takes v's), and swaps both ways.
struct Walk : RecursiveASTVisitor<Walk> {
  std::map<const VarDecl *, std::set<const VarDecl *>> Takes;
  void takes(const VarDecl *X, const VarDecl *Y) {
    if (X != Y && holdsBuffer(X) && holdsBuffer(Y))
      Takes[X].insert(Y);
  }
  void pair(const Expr *A, const Expr *B) {
    takes(varOf(A), varOf(B));
    takes(varOf(B), varOf(A));
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      takes(varOf(B->getLHS()), varOf(B->getRHS()));
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2)
      takes(varOf(C->getArg(0)), varOf(C->getArg(1)));
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (const Expr *Init = V->getInit())
      takes(V, varOf(Init));
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || !F->getIdentifier() || F->getName() != "swap")
      return true;
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(C); M && M->getNumArgs() == 1)
      pair(M->getImplicitObjectArgument(), M->getArg(0));
    else if (!isa<CXXMemberCallExpr>(C) && C->getNumArgs() == 2 && F->isInStdNamespace())
      pair(C->getArg(0), C->getArg(1));
    return true;
  }
};

} // namespace

std::map<const VarDecl *, std::set<const VarDecl *>> exchangedBuffers(const FunctionDecl &FD) {
  Walk W;
  if (Stmt *Body = FD.getBody())
    W.TraverseStmt(Body);
  // Exchanged: each reaches the other's value through takings (t = u; u = v; v = t), not a copy
  // made once (out = in).
  std::map<const VarDecl *, std::set<const VarDecl *>> Reached;
  for (const auto &Taking : W.Takes) {
    std::set<const VarDecl *> &Seen = Reached[Taking.first];
    std::vector<const VarDecl *> Todo{Taking.first};
    while (!Todo.empty()) {
      const VarDecl *X = Todo.back();
      Todo.pop_back();
      if (auto It = W.Takes.find(X); It != W.Takes.end())
        for (const VarDecl *Y : It->second)
          if (Seen.insert(Y).second)
            Todo.push_back(Y);
    }
  }
  std::map<const VarDecl *, std::set<const VarDecl *>> Out;
  for (const auto &[X, Seen] : Reached)
    for (const VarDecl *Y : Seen)
      if (auto Back = Reached.find(Y); Y != X && Back != Reached.end() && Back->second.count(X))
        Out[X].insert(Y);
  return Out;
}

} // namespace autoscale::find
