//===- UpdateHelpers.h - functions that compute their callers' state updates -===//
//
// llm.c's AdamW updates its moments through a helper, `m = lerp(grad, m, beta1)`: the update's
// arithmetic lies in lerp, where nothing says it is an update, so fp16 rounded the second moment to
// zero. A function called within an update, the old value among the arguments
// (Reductions::updateCalls), or only from inside such functions (a helper calling a helper), is an
// update helper: its arithmetic is the update's. One body cannot be both, and a function also
// called on other data (a vector type's operator+, `p.pos = p.pos + v * dt` and `a + b`) is a
// helper still: rounded, the state it updates stalls (bf16 kept a position of 100 from moving),
// where FP32 costs the other calls only speed. A utility a helper shares with plain code is plain.
// An iterated map's function (`x = drift(x, 1.0f, dt)`, Reductions::iteratedMapCalls) is a helper
// only where every call of it in a loop is one and it has no loop: a step over a world's bodies, or
// an activation a loop also applies to an array, keeps its data's arithmetic; a call outside loops
// (a quaternion product that rotates one vector with the attitude the loop integrated) does not
// decide, as rounded, the state would drift.
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
              llvm::function_ref<const Reductions &(const clang::FunctionDecl *)> ReductionsOf,
              clang::ASTContext &Ctx);

} // namespace autoscale::find

#endif
