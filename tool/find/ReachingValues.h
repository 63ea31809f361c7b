//===- ReachingValues.h - the values of a local that a read of it may see ----===//
//
// The finder's def-use links each read of a local to the values it is given. All of them, as it
// once did, made straight-line code that gives one local a value per statement (`y = y * x + c;`
// a thousand times over: generated code, unrolled integrators) quadratic in edges, time and
// memory, and linked values no run can see. In structured code a value is hidden by a later one
// given unconditionally on every path to the read: a statement of a block around the read that
// assigns the local (or declares it) before the read's statement. What a loop around the read
// gives the local after it comes round again, unless such an assignment inside the loop hides it.
// Functions with goto, reads in lambdas and blocks of switch cases keep every value.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_REACHINGVALUES_H
#define AUTOSCALE_TOOL_FIND_REACHINGVALUES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace autoscale::find {

class ReachingValues {
public:
  /// DefsOf: every value each local is given (its initialiser, the right side of `x = e`, a
  /// compound assignment or ++/-- itself).
  ReachingValues(clang::ASTContext &Ctx, const std::map<const clang::VarDecl *, std::vector<const clang::Expr *>> &DefsOf);

  /// The values of V that may reach Read, a read of V.
  std::vector<const clang::Expr *> reaching(const clang::DeclRefExpr &Read, const clang::VarDecl &V);

private:
  struct Given {
    std::vector<std::pair<unsigned, const clang::Expr *>> Values; ///< by offset
    /// The offsets of the statements that give V a value unconditionally, by their block.
    std::map<const clang::Stmt *, std::vector<unsigned>> Hiding;
    bool SameFile = true;
  };
  const Given &givenOf(const clang::VarDecl &V);
  std::optional<unsigned> offsetOf(clang::SourceLocation L, clang::FileID &File) const;
  bool hasGoto(const clang::FunctionDecl &FD);

  clang::ASTContext &Ctx;
  const std::map<const clang::VarDecl *, std::vector<const clang::Expr *>> &DefsOf;
  std::map<const clang::VarDecl *, Given> GivenOf;
  std::map<const clang::FunctionDecl *, bool> Gotos;
};

} // namespace autoscale::find

#endif
