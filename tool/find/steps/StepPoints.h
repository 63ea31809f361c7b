//===- StepPoints.h - where a step-ending function ends its steps ------------===//
#ifndef AUTOSCALE_TOOL_FIND_STEPPOINTS_H
#define AUTOSCALE_TOOL_FIND_STEPPOINTS_H

#include "find/FileRanges.h"
#include "find/Operation.h"

#include "clang/AST/Decl.h"

#include <set>

namespace autoscale::find {

/// The step points of the function FD (its body written in one file): every return, after the
/// returned value is computed, and the end of a void body; and the start of its body, where the
/// program's steps begin. Returns written by macros get none.
std::set<StepPoint> stepPointsOf(const clang::FunctionDecl &FD, const FileRanges &Ranges);

} // namespace autoscale::find

#endif
