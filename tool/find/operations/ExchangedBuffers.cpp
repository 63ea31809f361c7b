//===- ExchangedBuffers.cpp - the buffers a function exchanges ---------------===//
#include "find/operations/ExchangedBuffers.h"

#include "find/Context.h"
#include "find/operations/WrittenVariables.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/Sequence.h"

#include <functional>
#include <vector>

using namespace clang;

namespace autoscale::find {
namespace {

/// Whether V holds a buffer: a pointer, an array or an object (a std::vector), not a number.
bool holdsBuffer(const VarDecl *V) {
  QualType T = V ? V->getType().getNonReferenceType() : QualType();
  return V && (T->isPointerType() || T->isArrayType() || T->isRecordType());
}

/// Which buffer takes which one's value (`u = v`: u takes v's), and swaps and copy-backs both ways.
struct Walk : RecursiveASTVisitor<Walk> {
  explicit Walk(const ASTContext &Ctx) : Ctx(Ctx) {}
  const ASTContext &Ctx;
  std::map<const VarDecl *, std::set<const VarDecl *>> Takes;
  unsigned Loops = 0;
  void takes(const VarDecl *X, const VarDecl *Y) {
    if (Loops && X != Y && holdsBuffer(X) && holdsBuffer(Y))
      Takes[X].insert(Y);
  }
  void pair(const Expr *A, const Expr *B) { pairBuffers(bufferOf(A), bufferOf(B)); }
  void pairBuffers(const VarDecl *A, const VarDecl *B) {
    takes(A, B);
    takes(B, A);
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
    // A loop copying one buffer's elements into another's at the same place (`u[i] = un[i]`),
    // in a loop that repeats it (a copy made once, its own loop alone, exchanges nothing).
    std::optional<ElementPath> To = elementPathOf(B->getLHS()), From = elementPathOf(B->getRHS()->IgnoreParenImpCasts());
    if (Loops >= 2 && To && From && To->Indices.size() == From->Indices.size() &&
        llvm::all_of(llvm::seq<size_t>(0, To->Indices.size()),
                     [&](size_t I) { return sameExpr(To->Indices[I], From->Indices[I], Ctx); }))
      pairBuffers(To->Buffer, From->Buffer);
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

/// The exchanges of S: what a loop in it exchanges (one made outside any loop is a copy made
/// once, no time step).
Exchanges exchangesIn(const Stmt *S, const ASTContext &Ctx) {
  Walk W(Ctx);
  if (S)
    W.TraverseStmt(const_cast<Stmt *>(S));
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
  Exchanges Out;
  for (const auto &[X, Seen] : Reached)
    for (const VarDecl *Y : Seen)
      if (auto Back = Reached.find(Y); Y != X && Back != Reached.end() && Back->second.count(X))
        Out[X].insert(Y);
  return Out;
}

/// The innermost loop of its function around E, or null.
const Stmt *loopAround(const Expr &E, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(E);
  while (!Parents.empty()) {
    const Stmt *S = Parents[0].get<Stmt>();
    if (!S)
      return nullptr; // a declaration: the function, or a local's initialiser
    if (isLoop(S))
      return S;
    Parents = Ctx.getParents(*S);
  }
  return nullptr;
}

/// Whether A and B are two of an array of buffers that the loop L takes in turn by an index it
/// flips (`step(buf[1 - cur], buf[cur]); cur = 1 - cur;`, `cur ^= 1`).
bool flipped(const Expr *A, const Expr *B, const Stmt *L, const ASTContext &Ctx) {
  std::optional<Subscript> X = subscriptOf(A->IgnoreParenImpCasts()), Y = subscriptOf(B->IgnoreParenImpCasts());
  if (!X || !Y || !varOf(X->Base) || varOf(X->Base) != varOf(Y->Base) || sameExpr(X->Index, Y->Index, Ctx))
    return false;
  // The index both read, written in the loop.
  const VarDecl *Index = varOf(Y->Index->IgnoreParenImpCasts());
  if (!Index)
    Index = varOf(X->Index->IgnoreParenImpCasts());
  std::function<bool(const Stmt *)> Writes = [&](const Stmt *S) {
    return S && (variableWrittenBy(S) == Index || llvm::any_of(S->children(), Writes));
  };
  return Index && refersTo(X->Index, Index) && refersTo(Y->Index, Index) && Writes(L);
}

/// Every call S makes.
void callsIn(const Stmt *S, std::vector<const CallExpr *> &Out) {
  if (!S)
    return;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    Out.push_back(Call);
  for (const Stmt *Child : S->children())
    callsIn(Child, Out);
}

/// Whether every call of Calls to the program's functions (not the library's swap or memcpy) that
/// Passes accepts calls Callee: no pipeline of stages takes the buffers in turn.
bool onlyCallee(llvm::ArrayRef<const CallExpr *> Calls, const FunctionDecl &Callee, const SourceManager &SM,
                llvm::function_ref<bool(const CallExpr &)> Passes) {
  return llvm::all_of(Calls, [&](const CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    return !Passes(*Call) || (F && SM.isInSystemHeader(F->getLocation())) ||
           (F && F->getCanonicalDecl() == Callee.getCanonicalDecl());
  });
}

} // namespace

Exchanges exchangedBuffers(const FunctionDecl &FD) { return exchangesIn(FD.getBody(), FD.getASTContext()); }

std::map<unsigned, std::set<unsigned>>
exchangedArguments(const std::vector<std::pair<const CallExpr *, const FunctionDecl *>> &Calls) {
  std::map<unsigned, std::set<unsigned>> Out;
  for (const auto &[Call, Caller] : Calls) {
    // A time step: the loop around the call exchanges the buffers it passes, and runs no other
    // function on them (a pipeline of stages ping-ponging two buffers is no step of state).
    ASTContext &Ctx = Caller->getASTContext();
    const Stmt *Loop = loopAround(*Call, Ctx);
    if (!Loop)
      continue;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      continue;
    std::vector<const CallExpr *> InLoop;
    callsIn(Loop, InLoop);
    const SourceManager &SM = Ctx.getSourceManager();
    // A functor's call `f(a, b)` has the object as its first argument, no parameter.
    const unsigned Object = isa<CXXOperatorCallExpr>(Call) ? 1 : 0;
    const auto Arg = [&](const CallExpr *C, unsigned I) { return varOf(C->getArg(I)->IgnoreParenImpCasts()); };
    const Exchanges Of = exchangesIn(Loop, Ctx);
    const bool OneStep = onlyCallee(InLoop, *Callee, SM, [&](const CallExpr &C) {
      return llvm::any_of(C.arguments(), [&](const Expr *A) {
        auto Partners = Of.find(varOf(A->IgnoreParenImpCasts()));
        return Partners != Of.end() && llvm::any_of(C.arguments(), [&](const Expr *B) {
                 return Partners->second.count(varOf(B->IgnoreParenImpCasts()));
               });
      });
    });
    for (unsigned I = Object; I < Call->getNumArgs(); ++I)
      for (unsigned J = Object; J < Call->getNumArgs(); ++J) {
        if (I == J)
          continue;
        // Two buffers the loop exchanges, this one function alone given them.
        auto Partners = Of.find(Arg(Call, I));
        bool Exchanged = OneStep && Partners != Of.end() && Partners->second.count(Arg(Call, J));
        // Two of an array of buffers taken in turn by a flipped index, by this function alone.
        if (flipped(Call->getArg(I), Call->getArg(J), Loop, Ctx)) {
          const VarDecl *Buffers = varOf(subscriptOf(Call->getArg(I)->IgnoreParenImpCasts())->Base);
          Exchanged |= onlyCallee(InLoop, *Callee, SM, [&](const CallExpr &C) {
            return llvm::any_of(C.arguments(), [&](const Expr *A) {
              std::optional<Subscript> E = subscriptOf(A->IgnoreParenImpCasts());
              return E && varOf(E->Base) == Buffers;
            });
          });
        }
        // The same function called twice with two buffers in turn (`step(b, a); step(a, b);`).
        const VarDecl *A = Arg(Call, I), *B = Arg(Call, J);
        Exchanged |= A && B && A != B && llvm::any_of(InLoop, [&](const CallExpr *Other) {
                       return Other != Call && Other->getDirectCallee() &&
                              Other->getDirectCallee()->getCanonicalDecl() == Callee->getCanonicalDecl() &&
                              I < Other->getNumArgs() && J < Other->getNumArgs() && Arg(Other, I) == B &&
                              Arg(Other, J) == A;
                     });
        if (Exchanged)
          Out[I - Object].insert(J - Object);
      }
  }
  return Out;
}

} // namespace autoscale::find
