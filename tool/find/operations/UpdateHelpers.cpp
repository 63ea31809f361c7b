//===- UpdateHelpers.cpp - functions that compute their callers' state updates ===//
#include "find/operations/UpdateHelpers.h"

#include "find/Context.h"

#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace autoscale::find {
namespace {

bool hasLoop(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
    return true;
  return llvm::any_of(S->children(), [](const Stmt *C) { return hasLoop(C); });
}

} // namespace

std::set<const FunctionDecl *>
updateHelpers(const std::map<const FunctionDecl *, std::vector<CallSite>> &Sites,
              llvm::function_ref<const Reductions &(const FunctionDecl *)> ReductionsOf, ASTContext &Ctx) {
  std::set<const CallExpr *> InUpdates, Iterated;
  for (const auto &[Callee, Calls] : Sites)
    for (const CallSite &Site : Calls) {
      if (ReductionsOf(Site.Caller).updateCalls().count(Site.Call))
        InUpdates.insert(Site.Call);
      if (ReductionsOf(Site.Caller).iteratedMapCalls().count(Site.Call))
        Iterated.insert(Site.Call);
    }
  // An iterated map's function computes the update where it is straight-line code that serves
  // nothing else a loop runs: one with loops of its own (a simulation's step over its bodies, a
  // layer) has its own updates and data, and one a loop also calls on other data keeps that data's
  // arithmetic. A call outside loops runs a few times, and FP32 costs it little.
  for (const auto &[Callee, Calls] : Sites)
    if (llvm::any_of(Calls, [&](const CallSite &Site) { return Iterated.count(Site.Call) != 0; }) &&
        llvm::all_of(Calls, [&](const CallSite &Site) {
          return Iterated.count(Site.Call) || InUpdates.count(Site.Call) || !loopAround(*Site.Call, Ctx);
        }) &&
        !hasLoop(Callee->getDefinition() ? Callee->getDefinition()->getBody() : nullptr))
      for (const CallSite &Site : Calls)
        InUpdates.insert(Site.Call);
  // Called within an update at least once; or, only from helpers (a helper's own helpers: a
  // utility a helper shares with plain code is plain).
  std::set<const FunctionDecl *> Helpers;
  for (const auto &[Callee, Calls] : Sites)
    if (llvm::any_of(Calls, [&](const CallSite &Site) { return InUpdates.count(Site.Call) != 0; }))
      Helpers.insert(Callee);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const auto &[Callee, Calls] : Sites)
      if (!Helpers.count(Callee) && llvm::all_of(Calls, [&](const CallSite &Site) {
            return InUpdates.count(Site.Call) || Helpers.count(Site.Caller->getCanonicalDecl());
          }))
        Grew = Helpers.insert(Callee).second;
  }
  // Operations of a template are found in its pattern.
  std::set<const FunctionDecl *> Out = Helpers;
  for (const FunctionDecl *H : Helpers)
    if (const FunctionDecl *Pattern = H->getTemplateInstantiationPattern())
      Out.insert(Pattern->getCanonicalDecl());
  return Out;
}

} // namespace autoscale::find
