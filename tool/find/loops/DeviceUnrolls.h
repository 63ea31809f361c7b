//===- DeviceUnrolls.h - device loops the rewrite asks nvcc to unroll -------===//
//
// A thread's register tile (`float acc[4][4]`) stays in registers only while every index into it
// is a constant, which nvcc makes it by unrolling the small counted loops that walk it. It unrolls
// such a loop on its own when the body is small; a rewritten body is larger (the rounding is
// inline), the loop stays rolled, and the tile moves to local memory: a register-tiled SGEMM got
// an 80-byte stack frame. The rewrite asks for the unrolling nvcc did for the original
// (AUTOSCALE_DEVICE_UNROLL before the loop).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_LOOPS_DEVICEUNROLLS_H
#define AUTOSCALE_TOOL_FIND_LOOPS_DEVICEUNROLLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <vector>

namespace autoscale::find {

/// The offsets of the `for` keywords of the loops around E, in device code (a kernel or a
/// __device__ function), to unroll: each counts from a constant to a constant (in a template, in
/// every instantiation) at most kMostDeviceUnrolled times, indexes an array local to the thread with
/// its counter, and has no pragma of its own. Decided: each loop's answer so far, shared by the
/// unit's operations (a loop's body is read once, not once per operation in it).
std::vector<unsigned> deviceLoopsToUnroll(const clang::Expr &E, clang::ASTContext &Ctx,
                                          std::map<const clang::ForStmt *, bool> &Decided);

/// More iterations than this are not unrolled: the body is copied that many times.
inline constexpr unsigned kMostDeviceUnrolled = 32;

} // namespace autoscale::find

#endif
