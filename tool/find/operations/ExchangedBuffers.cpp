//===- ExchangedBuffers.cpp - the buffers a function exchanges ---------------===//
#include "find/operations/ExchangedBuffers.h"

#include "find/Context.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <vector>

using namespace clang;

namespace autoscale::find {
namespace {

/// Whether V holds a buffer: a pointer, an array or an object (a std::vector), not a number.
bool holdsBuffer(const VarDecl *V) {
  QualType T = V ? V->getType().getNonReferenceType() : QualType();
  return V && (T->isPointerType() || T->isArrayType() || T->isRecordType());
}

/// The buffer a pointer expression points into: `u + 1`, `&u[1]`, `u`.
const VarDecl *bufferOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp())
    return bufferOf(B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    if (std::optional<Subscript> A = subscriptOf(U->getSubExpr()))
      return bufferOf(A->Base);
  return varOf(E);
}

/// Which buffer takes which one's value (`u = v`: u takes v's), and swaps and copy-backs both ways.
struct Walk : RecursiveASTVisitor<Walk> {
  explicit Walk(const ASTContext &Ctx) : Ctx(Ctx) {}
  const ASTContext &Ctx;
  std::map<const VarDecl *, std::set<const VarDecl *>> Takes;
  unsigned Loops = 0;
  void takes(const VarDecl *X, const VarDecl *Y) {
    if (X != Y && holdsBuffer(X) && holdsBuffer(Y))
      Takes[X].insert(Y);
  }
  void pair(const Expr *A, const Expr *B) {
    takes(bufferOf(A), bufferOf(B));
    takes(bufferOf(B), bufferOf(A));
  }
  template <class Fn> bool inLoop(Fn Traverse) {
    ++Loops;
    bool Result = Traverse();
    --Loops;
    return Result;
  }
  bool TraverseForStmt(ForStmt *S) { return inLoop([&] { return RecursiveASTVisitor::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) { return inLoop([&] { return RecursiveASTVisitor::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(DoStmt *S) { return inLoop([&] { return RecursiveASTVisitor::TraverseDoStmt(S); }); }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() != BO_Assign)
      return true;
    takes(varOf(B->getLHS()), varOf(B->getRHS()));
    // A loop copying one buffer's elements into another's at the same place (`u[i] = un[i]`).
    std::optional<Subscript> To = subscriptOf(B->getLHS()), From = subscriptOf(B->getRHS()->IgnoreParenImpCasts());
    if (Loops && To && From && sameExpr(To->Index, From->Index, Ctx))
      pair(To->Base, From->Base);
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
    if (!F || !F->getIdentifier())
      return true;
    // A loop copying a whole buffer back: memcpy(dst, src, n), cudaMemcpy(dst, src, n, kind),
    // std::copy(first, last, dst).
    const llvm::StringRef Name = F->getName();
    if (Loops && (Name == "memcpy" || Name == "memmove" || Name == "cudaMemcpy" || Name == "cudaMemcpyAsync") &&
        C->getNumArgs() >= 3)
      pair(C->getArg(0), C->getArg(1));
    if (Loops && Name == "copy" && F->isInStdNamespace() && C->getNumArgs() == 3)
      pair(C->getArg(2), C->getArg(0));
    if (Name != "swap")
      return true;
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(C); M && M->getNumArgs() == 1)
      pair(M->getImplicitObjectArgument(), M->getArg(0));
    else if (!isa<CXXMemberCallExpr>(C) && C->getNumArgs() == 2 && F->isInStdNamespace())
      pair(C->getArg(0), C->getArg(1));
    return true;
  }
};

} // namespace

Exchanges exchangedBuffers(const FunctionDecl &FD) {
  Walk W(FD.getASTContext());
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

std::map<unsigned, std::set<unsigned>>
exchangedArguments(const std::vector<std::pair<const CallExpr *, const FunctionDecl *>> &Calls,
                   llvm::function_ref<const Exchanges &(const FunctionDecl &)> CallerExchanges) {
  std::map<unsigned, std::set<unsigned>> Out;
  for (const auto &[Call, Caller] : Calls) {
    const Exchanges &Of = CallerExchanges(*Caller);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      auto Partners = Of.find(varOf(Call->getArg(I)->IgnoreParenImpCasts()));
      if (Partners == Of.end())
        continue;
      for (unsigned J = 0; J < Call->getNumArgs(); ++J)
        if (J != I && Partners->second.count(varOf(Call->getArg(J)->IgnoreParenImpCasts())))
          Out[I].insert(J);
    }
  }
  return Out;
}

} // namespace autoscale::find
