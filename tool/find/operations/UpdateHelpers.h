//===- UpdateHelpers.h - functions that compute their callers' state updates -===//
//
// llm.c's AdamW updates its moments through a helper, `m = lerp(grad, m, beta1)`: the update's
// arithmetic lies in lerp, where nothing says it is an update, so fp16 rounded the second moment to
// zero. A function every call of which in the unit is made within an update, the old value among
// the arguments (Reductions::updateCalls), or from inside another such function (a helper calling
// a helper), is an update helper: its arithmetic is the update's. A function also called on other
// data (gelu applied in place and out of place, a shared mul_add) is plain arithmetic: one body
// cannot be both.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_UPDATEHELPERS_H
#define AUTOSCALE_TOOL_FIND_UPDATEHELPERS_H

#include "find/operations/CallSites.h"
#include "find/operations/Reductions.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <set>

namespace autoscale::find {

/// The update helpers of the unit (canonical declarations, template patterns beside their
/// instantiations), from its call sites and their callers' Reductions.
std::set<const clang::FunctionDecl *>
updateHelpers(const std::map<const clang::FunctionDecl *, std::vector<CallSite>> &Sites,
              llvm::function_ref<const Reductions &(const clang::FunctionDecl *)> ReductionsOf);

} // namespace autoscale::find

#endif
