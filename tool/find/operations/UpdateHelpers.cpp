//===- UpdateHelpers.cpp - functions that compute their callers' state updates ===//
#include "find/operations/UpdateHelpers.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace autoscale::find {

std::set<const FunctionDecl *>
updateHelpers(const std::map<const FunctionDecl *, std::vector<CallSite>> &Sites,
              llvm::function_ref<const Reductions &(const FunctionDecl *)> ReductionsOf) {
  std::set<const CallExpr *> InUpdates;
  for (const auto &[Callee, Calls] : Sites)
    for (const CallSite &Site : Calls)
      if (ReductionsOf(Site.Caller).updateCalls().count(Site.Call))
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
