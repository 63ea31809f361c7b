//===- ReportValues.h - arithmetic that only reports: timers and printed values -===//
//
// Book-keeping is no tensor data: a timer's difference, an elapsed time scaled to microseconds, a
// rate or a mean computed inside a printf's arguments. Rounded to FP16 they overflow (1e6 us) or
// lose digits the report prints, and nothing the program computes depends on them. Such
// operations are op `report`, kept FP32 by every shipped rule file.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_REPORTVALUES_H
#define AUTOSCALE_TOOL_FIND_REPORTVALUES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <set>

namespace autoscale::find {

/// FD's report operations: those written inside an argument of an output call (the printf
/// family, a stream's <<), and those reading a timer (a call without arguments returning a float
/// whose name says time, clock or second, such as omp_get_wtime, MPI_Wtime, a benchmark's
/// mysecond) or a float local given only timer values.
std::set<const clang::Expr *> reportOps(const clang::FunctionDecl &FD);

} // namespace autoscale::find

#endif
