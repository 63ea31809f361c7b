//===- ExchangedBuffers.cpp - the buffers a unit's functions exchange --------===//
#include "find/operations/ExchangedBuffers.h"

#include "find/Context.h"
#include "find/operations/CallEffects.h"
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
bool holdsBuffer(const ValueDecl *V) {
  QualType T = V ? V->getType().getNonReferenceType() : QualType();
  return V && (T->isPointerType() || T->isArrayType() || T->isRecordType());
}

/// Whether F is the standard library's function Name.
bool isStd(const FunctionDecl *F, llvm::StringRef Name) {
  return F && F->isInStdNamespace() && F->getIdentifier() && F->getName() == Name;
}

/// The parameter of Call's callee that argument I is given to: a call of a method through
/// operator() (a lambda's, a functor's) has the object as its first argument.
std::optional<unsigned> parameterOf(const CallExpr &Call, unsigned I) {
  const unsigned Object = isa<CXXOperatorCallExpr>(Call) && isa_and_nonnull<CXXMethodDecl>(Call.getDirectCallee()) ? 1 : 0;
  return I < Object ? std::nullopt : std::optional<unsigned>(I - Object);
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

/// The variables E reads.
void variablesIn(const Stmt *E, std::set<const VarDecl *> &Out) {
  if (const auto *D = dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      Out.insert(V);
  if (E)
    for (const Stmt *Child : E->children())
      variablesIn(Child, Out);
}

/// Whether E takes a parity (`it % 2`, `k & 1`).
bool takesParity(const Stmt *E) {
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(E); B && (B->getOpcode() == BO_Rem || B->getOpcode() == BO_And))
    if (const auto *L = dyn_cast<IntegerLiteral>(B->getRHS()->IgnoreParenImpCasts()))
      return L->getValue() == (B->getOpcode() == BO_Rem ? 2 : 1);
  return E && llvm::any_of(E->children(), takesParity);
}

/// Whether A and B are two of an array of buffers that the loop L takes in turn: by an index it
/// flips (`step(buf[1 - cur], buf[cur]); cur = 1 - cur;`, `cur ^= 1`), by its counter's parity
/// (`buf[(it + 1) % 2]`, `buf[it % 2]`) or by two indices it swaps (`std::swap(read, write)`); a
/// counter alone walks along the array (`layer(act[l], act[l + 1])`, a pipeline).
bool flipped(const Expr *A, const Expr *B, const Stmt *L, llvm::ArrayRef<const CallExpr *> InLoop, const ASTContext &Ctx) {
  std::optional<Subscript> X = subscriptOf(A->IgnoreParenImpCasts()), Y = subscriptOf(B->IgnoreParenImpCasts());
  if (!X || !Y || !varOf(X->Base) || varOf(X->Base) != varOf(Y->Base) || sameExpr(X->Index, Y->Index, Ctx))
    return false;
  std::function<bool(const Stmt *, const VarDecl *)> Writes = [&](const Stmt *S, const VarDecl *V) {
    return S && (variableWrittenBy(S) == V || llvm::any_of(S->children(), [&](const Stmt *C) { return Writes(C, V); }));
  };
  const auto *For = dyn_cast<ForStmt>(L);
  const auto Counter = [&](const VarDecl *V) { return For && For->getInc() && Writes(For->getInc(), V); };
  // An index both read, flipped in the loop's body, or the loop's counter taken by its parity.
  std::set<const VarDecl *> InX, InY;
  variablesIn(X->Index, InX);
  variablesIn(Y->Index, InY);
  if (llvm::any_of(InX, [&](const VarDecl *V) {
        return InY.count(V) && Writes(L, V) && (!Counter(V) || (takesParity(X->Index) && takesParity(Y->Index)));
      }))
    return true;
  // Two indices the loop swaps.
  const VarDecl *IX = varOf(X->Index->IgnoreParenImpCasts()), *IY = varOf(Y->Index->IgnoreParenImpCasts());
  return IX && IY && llvm::any_of(InLoop, [&](const CallExpr *C) {
           return isStd(C->getDirectCallee(), "swap") && C->getNumArgs() == 2 &&
                  ((varOf(C->getArg(0)) == IX && varOf(C->getArg(1)) == IY) ||
                   (varOf(C->getArg(0)) == IY && varOf(C->getArg(1)) == IX));
         });
}

/// The buffer whose address E takes (`&u`), or E.
const Expr *addressed(const Expr *E) {
  if (const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts()); U && U->getOpcode() == UO_AddrOf)
    return U->getSubExpr();
  return E;
}

/// Whether Name copies a whole buffer (memcpy and its kin, on the host or the device).
bool isBufferCopy(llvm::StringRef Name) {
  return Name == "memcpy" || Name == "memmove" || Name == "cudaMemcpy" || Name == "cudaMemcpyAsync";
}

} // namespace

/// Which buffer takes which one's value (`u = v`: u takes v's), and swaps and copy-backs both ways.
/// A local's exchange counts in a loop (one made outside any loop is a copy made once, no time
/// step); a swap helper's parameters' and a repeated function's members' anywhere.
struct ExchangeWalk : RecursiveASTVisitor<ExchangeWalk> {
  using Outside = BufferExchanges::Outside;
  ExchangeWalk(BufferExchanges &All, const ASTContext &Ctx, Outside Counts) : All(All), Ctx(Ctx), Counts(Counts) {}
  BufferExchanges &All;
  const ASTContext &Ctx;
  const Outside Counts;
  std::map<const ValueDecl *, std::set<const ValueDecl *>> Takes;
  unsigned Loops = 0;

  const ValueDecl *holder(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    // A container named through std::move or its first element (`std::move(rn)`, `p.begin()`,
    // `p.data()`).
    if (const auto *Call = dyn_cast<CallExpr>(E); Call && Call->getNumArgs() == 1 && isStd(Call->getDirectCallee(), "move"))
      return holder(Call->getArg(0));
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(E); M && M->getNumArgs() == 0 && M->getMethodDecl() &&
                                                        M->getMethodDecl()->getIdentifier() &&
                                                        llvm::is_contained({"begin", "data"}, M->getMethodDecl()->getName()))
      return holder(M->getImplicitObjectArgument());
    // In a swap helper, what a parameter points to stands for the parameter (`*a = *b`).
    if (const auto *U = dyn_cast<UnaryOperator>(E); Counts == Outside::Parameters && U && U->getOpcode() == UO_Deref)
      if (const auto *P = dyn_cast_or_null<ParmVarDecl>(varOf(U->getSubExpr())))
        return P;
    return bufferOf(E);
  }
  void takes(const ValueDecl *X, const ValueDecl *Y) {
    const bool Member = isa_and_nonnull<FieldDecl>(X) || isa_and_nonnull<FieldDecl>(Y);
    if ((Loops || Counts == Outside::Parameters || (Counts == Outside::Members && Member)) && X != Y &&
        holdsBuffer(X) && holdsBuffer(Y))
      Takes[X].insert(Y);
  }
  void pair(const Expr *A, const Expr *B) { pairBuffers(holder(A), holder(B)); }
  void pairBuffers(const ValueDecl *A, const ValueDecl *B) {
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
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    return inLoop([&] { return RecursiveASTVisitor::TraverseCXXForRangeStmt(S); });
  }
  /// The assignments and declarations of swaps through a temporary, paired whole
  /// (VisitCompoundStmt).
  std::set<const Stmt *> Swaps;
  std::set<const VarDecl *> SwapDecls;

  /// `t = a; a = b; b = t;` (t declared there or reused): a and b exchanged. The temporary takes
  /// no part otherwise: a second swap through the same t (`t = c; c = d; d = t;`) would join the
  /// two pairs through it.
  bool VisitCompoundStmt(CompoundStmt *S) {
    const std::vector<Stmt *> Body(S->body_begin(), S->body_end());
    // The holders `Into = From` names, by an assignment or a declaration's initialiser.
    const auto Assigns = [&](const Stmt *X, const ValueDecl *&Into, const ValueDecl *&From) {
      if (const auto *D = dyn_cast<DeclStmt>(X); D && D->isSingleDecl())
        if (const auto *V = dyn_cast<VarDecl>(D->getSingleDecl()); V && V->getInit()) {
          Into = V;
          From = holder(V->getInit());
          return From != nullptr;
        }
      const auto *B = dyn_cast<BinaryOperator>(X);
      if (!B || B->getOpcode() != BO_Assign)
        return false;
      Into = holder(B->getLHS());
      From = holder(B->getRHS());
      return Into && From;
    };
    for (size_t I = 0; I + 2 < Body.size(); ++I) {
      const ValueDecl *T = nullptr, *A = nullptr, *A2 = nullptr, *B = nullptr, *B2 = nullptr, *T2 = nullptr;
      if (!Assigns(Body[I], T, A) || !Assigns(Body[I + 1], A2, B) || !Assigns(Body[I + 2], B2, T2))
        continue;
      const auto *Temporary = dyn_cast<VarDecl>(T);
      if (!Temporary || !Temporary->hasLocalStorage() || A2 != A || B2 != B || T2 != T || A == B || A == T || B == T)
        continue;
      pairBuffers(A, B);
      Swaps.insert({Body[I], Body[I + 1], Body[I + 2]});
      if (isa<DeclStmt>(Body[I]))
        SwapDecls.insert(Temporary);
    }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() != BO_Assign || Swaps.count(B))
      return true;
    takes(holder(B->getLHS()), holder(B->getRHS()));
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
    if (C->getOperator() != OO_Equal || C->getNumArgs() != 2)
      return true;
    // A container given another's elements in a loop (`u = un;` each step) copies them back.
    if (Loops && C->getArg(0)->getType()->isRecordType())
      pair(C->getArg(0), C->getArg(1));
    else
      takes(holder(C->getArg(0)), holder(C->getArg(1)));
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (const Expr *Init = V->getInit(); Init && !SwapDecls.count(V))
      takes(V, holder(Init));
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return true;
    // A loop copying a whole buffer back: memcpy(dst, src, n), cudaMemcpy(dst, src, n, kind),
    // std::copy(first, last, dst), `q.assign(qn.begin(), qn.end())`.
    const llvm::StringRef Name = F->getIdentifier() ? F->getName() : "";
    if (Loops && isBufferCopy(Name) && C->getNumArgs() >= 3)
      pair(C->getArg(0), C->getArg(1));
    if (Loops && isStd(F, "copy") && C->getNumArgs() == 3)
      pair(C->getArg(2), C->getArg(0));
    const auto *M = dyn_cast<CXXMemberCallExpr>(C);
    if (Loops && M && Name == "assign" && M->getNumArgs() == 2)
      pair(M->getImplicitObjectArgument(), M->getArg(0));
    if (M && Name == "swap" && M->getNumArgs() == 1)
      pair(M->getImplicitObjectArgument(), M->getArg(0));
    if (isStd(F, "swap") && C->getNumArgs() == 2)
      pair(C->getArg(0), C->getArg(1));
    // The program's own swap, given the buffers' addresses or references (`swap_ptr(&u, &un)`);
    // a swap helper's own calls are not followed.
    if (Counts != Outside::Parameters && !F->isInStdNamespace())
      for (unsigned I = 0; I < C->getNumArgs(); ++I)
        for (unsigned J = 0; J < C->getNumArgs(); ++J) {
          std::optional<unsigned> PI = parameterOf(*C, I), PJ = parameterOf(*C, J);
          if (PI && PJ && All.exchangedParameters(*F).count({*PI, *PJ}))
            pair(addressed(C->getArg(I)), addressed(C->getArg(J)));
        }
    return true;
  }
};

BufferExchanges::BufferExchanges(ASTContext &Ctx, const std::map<const FunctionDecl *, std::vector<CallSite>> &Sites)
    : Ctx(Ctx) {
  // The functions that run repeatedly: called in a loop, or by such a function.
  for (const auto &[Callee, Calls] : Sites)
    if (llvm::any_of(Calls, [&](const CallSite &Site) { return loopAround(*Site.Call, Ctx); }))
      Repeated.insert(Callee);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[Callee, Calls] : Sites)
      if (!Repeated.count(Callee) && llvm::any_of(Calls, [&](const CallSite &Site) {
            return Repeated.count(Site.Caller->getCanonicalDecl()) != 0;
          }))
        Grew = Repeated.insert(Callee).second;
  }
}

const std::set<std::pair<unsigned, unsigned>> &BufferExchanges::exchangedParameters(const FunctionDecl &F) {
  auto [It, New] = ParametersOf.try_emplace(F.getCanonicalDecl());
  if (!New)
    return It->second;
  const FunctionDecl *Definition = F.getDefinition();
  // Two parameters that could give a buffer back: pointers to pointers, references to pointers
  // or containers.
  const auto GivesBack = [](const ParmVarDecl *P) {
    QualType T = P->getType();
    if (T->isReferenceType())
      return !T.getNonReferenceType().isConstQualified() && holdsBuffer(P);
    return T->isPointerType() && T->getPointeeType()->isPointerType();
  };
  if (!Definition || Ctx.getSourceManager().isInSystemHeader(Definition->getLocation()) ||
      llvm::count_if(Definition->parameters(), GivesBack) < 2)
    return It->second;
  const Exchanges Of = exchangesIn(Definition->getBody(), Outside::Parameters);
  std::set<std::pair<unsigned, unsigned>> Out;
  for (unsigned I = 0; I < Definition->getNumParams(); ++I)
    for (unsigned J = 0; J < Definition->getNumParams(); ++J)
      if (auto X = Of.find(Definition->getParamDecl(I)); X != Of.end() && X->second.count(Definition->getParamDecl(J)))
        Out.insert({I, J});
  return ParametersOf[F.getCanonicalDecl()] = std::move(Out);
}

Exchanges BufferExchanges::exchangesIn(const Stmt *S, Outside Counts) {
  ExchangeWalk W(*this, Ctx, Counts);
  if (S)
    W.TraverseStmt(const_cast<Stmt *>(S));
  // Exchanged: each reaches the other's value through takings (t = u; u = v; v = t), not a copy
  // made once (out = in).
  std::map<const ValueDecl *, std::set<const ValueDecl *>> Reached;
  for (const auto &Taking : W.Takes) {
    std::set<const ValueDecl *> &Seen = Reached[Taking.first];
    std::vector<const ValueDecl *> Todo{Taking.first};
    while (!Todo.empty()) {
      const ValueDecl *X = Todo.back();
      Todo.pop_back();
      if (auto It = W.Takes.find(X); It != W.Takes.end())
        for (const ValueDecl *Y : It->second)
          if (Seen.insert(Y).second)
            Todo.push_back(Y);
    }
  }
  Exchanges Out;
  for (const auto &[X, Seen] : Reached)
    for (const ValueDecl *Y : Seen)
      if (auto Back = Reached.find(Y); Y != X && Back != Reached.end() && Back->second.count(X))
        Out[X].insert(Y);
  return Out;
}

const Exchanges &BufferExchanges::loopExchanges(const Stmt *Loop) {
  auto It = OfLoop.find(Loop);
  if (It == OfLoop.end())
    It = OfLoop.emplace(Loop, exchangesIn(Loop, Outside::Never)).first;
  return It->second;
}

namespace {

/// The member of a class template that F, a member of one of its instantiations, was instantiated
/// from (F itself otherwise): a template's operations are found in its pattern, while the swap
/// of its members resolves only in an instantiation (`std::swap(t, u)` of `std::vector<T>`s).
const FieldDecl *patternField(const FieldDecl *F) {
  const auto *Record = dyn_cast<CXXRecordDecl>(F->getParent());
  const CXXRecordDecl *Pattern = Record ? Record->getTemplateInstantiationPattern() : nullptr;
  if (!Pattern || !F->getIdentifier())
    return F;
  for (const FieldDecl *P : Pattern->fields())
    if (P->getIdentifier() == F->getIdentifier())
      return P;
  return F;
}

} // namespace

const Exchanges &BufferExchanges::members() {
  if (Members)
    return *Members;
  struct Functions : RecursiveASTVisitor<Functions> {
    explicit Functions(BufferExchanges &All) : All(All) {}
    BufferExchanges &All;
    Exchanges Out;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *F) {
      if (!F->doesThisDeclarationHaveABody() || All.Ctx.getSourceManager().isInSystemHeader(F->getLocation()))
        return true;
      const Outside Counts = All.Repeated.count(F->getCanonicalDecl()) ? Outside::Members : Outside::Never;
      for (const auto &[X, Partners] : All.exchangesIn(F->getBody(), Counts))
        for (const ValueDecl *Y : Partners)
          if (isa<FieldDecl>(X) && isa<FieldDecl>(Y)) {
            Out[X].insert(Y);
            Out[patternField(cast<FieldDecl>(X))].insert(patternField(cast<FieldDecl>(Y)));
          }
      return true;
    }
  } Walk(*this);
  Walk.TraverseDecl(Ctx.getTranslationUnitDecl());
  Members = std::move(Walk.Out);
  return *Members;
}

bool BufferExchanges::mayWriteThrough(const FunctionDecl &F, unsigned P) {
  const auto Key = std::make_pair(F.getCanonicalDecl(), P);
  if (auto It = WritesThrough.find(Key); It != WritesThrough.end())
    return It->second;
  WritesThrough[Key] = true; // while it is asked (a recursion): it may
  const FunctionDecl *Definition = F.getDefinition();
  if (P >= F.getNumParams() || !Definition || !Definition->getBody())
    return true;
  const ParmVarDecl *Param = Definition->getParamDecl(P);
  const QualType T = Param->getType();
  if (T->isPointerType() || T->isReferenceType()) {
    if ((T->isPointerType() ? T->getPointeeType() : T.getNonReferenceType()).isConstQualified())
      return WritesThrough[Key] = false;
  } else if (!T->isRecordType()) {
    return WritesThrough[Key] = false; // a number, by value
  }
  // Whether the call's argument I, which reaches Param's data, is given where it may be written.
  const auto GivenToWrite = [&](const CallExpr &Call, unsigned I) {
    const FunctionDecl *Callee = Call.getDirectCallee();
    std::optional<unsigned> PI = parameterOf(Call, I);
    if (!Callee || !PI)
      return true;
    if (!Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
      return mayWriteThrough(*Callee, *PI);
    // The library: a pointer or reference to writable data, or a pointer given to `...`.
    if (*PI >= Callee->getNumParams())
      return bufferOf(Call.getArg(I)) == Param;
    const QualType Given = Callee->getParamDecl(*PI)->getType();
    if (Given->isPointerType())
      return !Given->getPointeeType().isConstQualified();
    return Given->isReferenceType() && !Given.getNonReferenceType().isConstQualified();
  };
  std::function<bool(const Stmt *)> Writes = [&](const Stmt *S) {
    if (!S)
      return false;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp()) {
      if (storageRoot(B->getLHS()) == Param || bufferOf(B->getRHS()) == Param)
        return true;
    } else if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->isIncrementDecrementOp()) {
      if (storageRoot(U->getSubExpr()) == Param)
        return true;
    } else if (const auto *D = dyn_cast<DeclStmt>(S)) {
      // A copy of the pointer, which may write in its turn.
      if (llvm::any_of(D->decls(), [&](const Decl *X) {
            const auto *V = dyn_cast<VarDecl>(X);
            return V && V->getInit() && bufferOf(V->getInit()) == Param;
          }))
        return true;
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call); M && storageRoot(M->getImplicitObjectArgument()) == Param &&
                                                             !M->getMethodDecl()->isConst())
        return true;
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        if ((storageRoot(Call->getArg(I)) == Param || bufferOf(Call->getArg(I)) == Param) && GivenToWrite(*Call, I))
          return true;
    }
    return llvm::any_of(S->children(), Writes);
  };
  return WritesThrough[Key] = Writes(Definition->getBody());
}

bool BufferExchanges::refillsThrough(const FunctionDecl &F, unsigned P) {
  const auto Key = std::make_pair(F.getCanonicalDecl(), P);
  if (auto It = RefillsThrough.find(Key); It != RefillsThrough.end())
    return It->second;
  const FunctionDecl *Definition = F.getDefinition();
  if (!Definition || !Definition->getBody() || P >= Definition->getNumParams())
    return RefillsThrough[Key] = false;
  // Every use of the parameter is the base of an element the body assigns.
  const ParmVarDecl *Param = Definition->getParamDecl(P);
  unsigned Uses = 0, Stores = 0;
  std::function<void(const Stmt *, bool)> Count = [&](const Stmt *S, bool Stored) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S); D && D->getDecl() == Param) {
      ++Uses;
      Stores += Stored;
    }
    const auto *B = dyn_cast<BinaryOperator>(S);
    const bool Store = B && B->getOpcode() == BO_Assign && storageRoot(B->getLHS()) == Param;
    for (const Stmt *Child : S->children())
      Count(Child, Stored || (Store && Child == B->getLHS()));
  };
  Count(Definition->getBody(), false);
  return RefillsThrough[Key] = Uses && Uses == Stores;
}

bool BufferExchanges::refills(const CallExpr &Call, const ValueDecl *X, const std::set<const ValueDecl *> &Partners) {
  const FunctionDecl *F = Call.getDirectCallee();
  if (!F || !F->getIdentifier() || !X)
    return false;
  const llvm::StringRef Name = F->getName();
  if (isBufferCopy(Name) && Call.getNumArgs() >= 3 && bufferOf(Call.getArg(0)) == X) {
    const ValueDecl *Source = bufferOf(Call.getArg(1));
    return Source != X && !Partners.count(Source);
  }
  if ((Name == "memset" || Name == "cudaMemset" || Name == "cudaMemsetAsync") && Call.getNumArgs() >= 3)
    return bufferOf(Call.getArg(0)) == X;
  // A function given a partner too computes X from it (a stage, `if (..) step(u, un); else
  // step(u, un);`), not from outside.
  if (llvm::any_of(Call.arguments(), [&](const Expr *A) { return Partners.count(bufferOf(A)) != 0; }))
    return false;
  for (unsigned I = 0; I < Call.getNumArgs(); ++I)
    if (std::optional<unsigned> P = parameterOf(Call, I); P && bufferOf(Call.getArg(I)) == X && refillsThrough(*F, *P))
      return true;
  return false;
}

bool BufferExchanges::onlyCallee(llvm::ArrayRef<const CallExpr *> Calls, const FunctionDecl &Callee,
                                 llvm::function_ref<bool(const CallExpr &, const Expr &)> Given) {
  return llvm::all_of(Calls, [&](const CallExpr *Call) {
    const FunctionDecl *F = Call->getDirectCallee();
    // The library's calls, this function's, a swap helper's (exchanging them) and those writing no
    // float are no stages.
    if ((F && Ctx.getSourceManager().isInSystemHeader(F->getLocation())) ||
        (F && F->getCanonicalDecl() == Callee.getCanonicalDecl()) || !callsMayWriteFloating(Call, Ctx) ||
        (F && !exchangedParameters(*F).empty()))
      return true;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      std::optional<unsigned> P = parameterOf(*Call, I);
      if (Given(*Call, *Call->getArg(I)) && (!F || !P || mayWriteThrough(*F, *P)))
        return false;
    }
    return true;
  });
}

std::map<unsigned, std::set<unsigned>> BufferExchanges::exchangedArguments(const std::vector<CallSite> &Calls) {
  std::map<unsigned, std::set<unsigned>> Out;
  for (const CallSite &Site : Calls) {
    const CallExpr *Call = Site.Call;
    const Stmt *Loop = loopAround(*Call, Ctx);
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Loop || !Callee)
      continue;
    std::vector<const CallExpr *> InLoop;
    callsIn(Loop, InLoop);
    const auto Arg = [&](const CallExpr *C, unsigned I) { return holderOf(C->getArg(I)); };
    const Exchanges &Of = loopExchanges(Loop);
    // A loop that refills one of the buffers it passes (a frame loaded each iteration) carries
    // nothing from one iteration to the next in it.
    if (llvm::any_of(Call->arguments(), [&](const Expr *A) {
          auto Partners = Of.find(holderOf(A));
          return Partners != Of.end() && llvm::any_of(InLoop, [&](const CallExpr *C) {
                   return C != Call && refills(*C, Partners->first, Partners->second);
                 });
        }))
      continue;
    // The loop around the call exchanges the buffers it passes, and runs no other function writing
    // them (another pair the loop exchanges, given to another function, is that function's).
    std::set<const ValueDecl *> Passed;
    for (const Expr *A : Call->arguments())
      if (auto Partners = Of.find(holderOf(A)); Partners != Of.end()) {
        Passed.insert(Partners->first);
        Passed.insert(Partners->second.begin(), Partners->second.end());
      }
    const bool OneStep = onlyCallee(InLoop, *Callee, [&](const CallExpr &C, const Expr &A) {
      auto Partners = Of.find(holderOf(&A));
      return Partners != Of.end() && Passed.count(Partners->first) && llvm::any_of(C.arguments(), [&](const Expr *B) {
               return Partners->second.count(holderOf(B));
             });
    });
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      for (unsigned J = 0; J < Call->getNumArgs(); ++J) {
        std::optional<unsigned> PI = parameterOf(*Call, I), PJ = parameterOf(*Call, J);
        if (I == J || !PI || !PJ)
          continue;
        // Two buffers the loop exchanges, this one function alone given them.
        auto Partners = Of.find(Arg(Call, I));
        bool Exchanged = OneStep && Partners != Of.end() && Partners->second.count(Arg(Call, J));
        // Two of an array of buffers taken in turn by a flipped index, by this function alone.
        if (flipped(Call->getArg(I), Call->getArg(J), Loop, InLoop, Ctx)) {
          const VarDecl *Buffers = varOf(subscriptOf(Call->getArg(I)->IgnoreParenImpCasts())->Base);
          Exchanged |= onlyCallee(InLoop, *Callee, [&](const CallExpr &, const Expr &A) {
            std::optional<Subscript> E = subscriptOf(A.IgnoreParenImpCasts());
            return E && varOf(E->Base) == Buffers;
          });
        }
        // The same function called twice with two buffers in turn (`step(b, a); step(a, b);`).
        const ValueDecl *A = Arg(Call, I), *B = Arg(Call, J);
        Exchanged |= A && B && A != B && llvm::any_of(InLoop, [&](const CallExpr *Other) {
                       return Other != Call && Other->getDirectCallee() &&
                              Other->getDirectCallee()->getCanonicalDecl() == Callee->getCanonicalDecl() &&
                              I < Other->getNumArgs() && J < Other->getNumArgs() && Arg(Other, I) == B &&
                              Arg(Other, J) == A;
                     });
        if (Exchanged)
          Out[*PI].insert(*PJ);
      }
  }
  return Out;
}

Exchanges BufferExchanges::of(const FunctionDecl &FD, const std::vector<CallSite> &Calls) {
  Exchanges Out = exchangesIn(FD.getBody(), Outside::Never);
  for (const auto &[Member, Partners] : members())
    Out[Member].insert(Partners.begin(), Partners.end());
  for (const auto &[I, Partners] : exchangedArguments(Calls))
    for (unsigned J : Partners)
      if (I < FD.getNumParams() && J < FD.getNumParams())
        Out[FD.getParamDecl(I)].insert(FD.getParamDecl(J));
  return Out;
}

} // namespace autoscale::find
