//===- LoopPrograms.h - innermost loops of straight-line float arithmetic ----===//
//
// Internal to loop_program/. A `for` loop is a loop program (LoopProgramShape.h) when
//
//  - it is `for (int i = L; i < U; ++i)` (or `i++`, `i += 1`, `i <= U`), declares its integer
//    counter, has no pragma, is in no template or device code, its bounds are integers without
//    side effects that its body does not write, and it is written outside macros;
//  - its body is float locals declared with a value, and assignments (`=`, `+=`, `-=`, `*=`,
//    `/=`) to such locals, to float elements at addresses affine in the counter (loops/Affine.h;
//    a standard container's too, Containers.h), or to float variables declared outside it (a
//    sum, a running value: cells of stride 0, which the runtime carries from one iteration to the
//    next);
//  - every value is a float computed from float elements (read at addresses affine in the
//    counter, the counter appearing nowhere else), the locals, and values the loop does not change
//    (literals, variables it does not write and expressions of them without memory reads or calls
//    other than math operations, computed once before the loop), by + - * /, unary minus, calls
//    of C functions float(float) that are math operations of the rules, and conditional
//    expressions `c ? x : y`: c one comparison of two such floats, or of the counter with an
//    integer the loop does not change (both of one signedness); x and y no operation and no
//    element the iteration does not read outside them, since the program computes both where C
//    computes one;
//  - every floating-point operation of the body is one of those, recorded and rewritable (none
//    skipped, none generic), or inside a value computed once.
//
// Elements of different variables may be the same storage: the runtime checks what a store
// overlaps and runs such loops one iteration at a time. A float variable that is no private
// local (CallEffects.h: a global, a reference, a local whose address escapes) may be such storage
// too: it is read every iteration as a cell, never once before the loop.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_LOOP_PROGRAM_LOOPPROGRAMS_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_LOOP_PROGRAM_LOOPPROGRAMS_H

#include "find/operations/CallEffects.h"
#include "find/FileRanges.h"
#include "substitutions/loop_program/LoopProgramShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <functional>
#include <memory>
#include <set>
#include <string>

namespace autoscale::find {

/// The recorded operation of a float expression of the loop (perhaps left as written), or null.
using OperationOf = std::function<const Operation *(const clang::Expr *)>;

/// The program of For in FD, whose private locals are Private, or null with why not. Members gets
/// the expressions of the operations it computes (the caller checks they are all the loop's
/// operations).
std::shared_ptr<LoopProgramShape> findLoopProgram(const clang::ForStmt &For,
                                                  const clang::FunctionDecl &FD,
                                                  const PrivateLocals &Private,
                                                  clang::ASTContext &Ctx, const FileRanges &Ranges,
                                                  const OperationOf &Op,
                                                  std::set<const clang::Expr *> &Members,
                                                  std::string &Why);

class OperationFinder;
/// The loop program kind's recogniser (find/Recogniser.h): the program of the innermost Loop of
/// FD, on every recorded operation of it (Indices), or why there is none.
void recogniseLoopProgram(OperationFinder &F, const clang::Stmt &Loop,
                          const clang::FunctionDecl &FD, llvm::ArrayRef<unsigned> Indices);

} // namespace autoscale::find

#endif
