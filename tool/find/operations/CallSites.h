//===- CallSites.h - where the unit calls each of its functions --------------===//
//
// The facts about a function that its callers decide (UpdateHelpers.h: a call made within an
// update; a result every call of which steers control flow; ExchangedBuffers.h: called in a loop,
// given buffers the loop exchanges) need each call of it and the function that makes it.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_CALLSITES_H
#define AUTOSCALE_TOOL_FIND_CALLSITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <map>
#include <set>
#include <vector>

namespace autoscale::find {

struct CallSite {
  const clang::CallExpr *Call;
  const clang::FunctionDecl *Caller; ///< its definition as visited (a template's instantiation too)
};

/// Every call, in a function defined outside system headers, of a function defined outside them,
/// by the callee's canonical declaration. FoldOperators: the call operators, defined outside
/// system headers, of the function objects those functions fold ranges with (SumSteps.h's
/// foldFunctor), by their canonical declarations.
std::map<const clang::FunctionDecl *, std::vector<CallSite>> callSites(clang::ASTContext &Ctx,
                                                                      std::set<const clang::FunctionDecl *> &FoldOperators);

} // namespace autoscale::find

#endif
