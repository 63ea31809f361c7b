//===- GemmNestLocals.cpp - where the nest's locals take their first value ---===//
//
// A local of the nest is declared in it (`float s = 0.0f;`), or, in C89 code, declared at the top
// of the function and given a value by an assignment in the loops that every later use reads
// (netlib's reference SGEMM: one `float temp;` for every path, `temp = alpha * b[l + j * ldb];`,
// `temp = 0.0f;`). Such an assignment stands for a declaration: the nest's accumulator and its
// read-through factors are found from either.
//
//===----------------------------------------------------------------------===//
#include "substitutions/matmul/GemmNestParts.h"

#include "find/Context.h"
#include "find/operations/WrittenVariables.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace autoscale::find::gemm {

void FunctionFacts::findFreshStarts() {
  if (Labels)
    return; // a goto may reach a use past its assignment
  for (const auto &[V, Uses] : Refs) {
    if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) || V->getType().isVolatileQualified() ||
        !V->getType()->isArithmeticType())
      continue;
    const auto Parent = [&](const Stmt *S) { return parent(S); };
    std::vector<const BinaryOperator *> Starts;
    const bool Fresh = llvm::all_of(Uses, [&](const DeclRefExpr *R) {
      const Stmt *Up = parent(R);
      while (Up && isa<ParenExpr, ImplicitCastExpr>(Up))
        Up = parent(Up);
      if (const BinaryOperator *B = startOf(Up, V);
          B && B->getLHS()->IgnoreParens() == R && isa_and_nonnull<CompoundStmt>(parent(B))) {
        Starts.push_back(B);
        return true;
      }
      if (const auto *U = dyn_cast_or_null<UnaryOperator>(Up); U && U->getOpcode() == UO_AddrOf)
        return false;
      return startBefore(R, V, Parent) != nullptr;
    });
    if (Fresh && !Starts.empty())
      FreshStarts[V] = std::move(Starts);
  }
}

const Stmt *NestAttempt::declOf(const VarDecl *V) const {
  if (auto Start = StartedIn.find(V); Start != StartedIn.end())
    return Start->second;
  auto D = F.DeclOf.find(V);
  return D == F.DeclOf.end() ? nullptr : D->second;
}

const Expr *NestAttempt::initOf(const VarDecl *V) const {
  if (auto Start = StartedIn.find(V); Start != StartedIn.end())
    return Start->second->getRHS();
  return V->getInit();
}

void NestAttempt::startLocals() {
  for (const auto &[V, Starts] : F.FreshStarts) {
    std::vector<const BinaryOperator *> Inside;
    llvm::copy_if(Starts, std::back_inserter(Inside), [&](const BinaryOperator *B) { return F.within(B, Outer); });
    if (Declared.count(V) || Inside.size() != 1)
      continue;
    const BinaryOperator *Start = Inside.front();
    const Stmt *Block = F.parent(Start);
    const SourceManager &SM = Ctx.getSourceManager();
    if (llvm::all_of(F.Refs.at(V), [&](const DeclRefExpr *R) {
          return !F.within(R, Outer) || F.within(R, Start) ||
                 (F.within(R, Block) && SM.isBeforeInTranslationUnit(Start->getEndLoc(), R->getBeginLoc()));
        })) {
      StartedIn[V] = Start;
      Declared.insert(V);
    }
  }
}

bool NestAttempt::pureDecl(const Stmt *S) const {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return llvm::any_of(StartedIn, [&](const auto &Start) { return Start.second == B && Scope_.ReadThrough(Start.first); });
  const auto *DS = dyn_cast<DeclStmt>(S);
  return DS && llvm::all_of(DS->decls(), [&](const Decl *D) {
           const auto *V = dyn_cast<VarDecl>(D);
           return V && Scope_.ReadThrough(V);
         });
}

std::vector<const VarDecl *> NestAttempt::declaredBy(const Stmt *D) {
  std::vector<const VarDecl *> Out;
  if (const auto *DS = dyn_cast<DeclStmt>(D))
    for (const Decl *X : DS->decls())
      Out.push_back(cast<VarDecl>(X));
  else
    Out.push_back(varOf(cast<BinaryOperator>(D)->getLHS()));
  return Out;
}

} // namespace autoscale::find::gemm
