//===- ControlValues.h - values that steer control flow stay as written -------===//
//
// A value that decides which code runs, or where memory is read, must be what the program as
// written computes: rounded, a float loop counter `t += step` sticks at 2048 in fp16 and the loop
// never ends; a rounded condition or index takes another branch or reads another element. Such
// operations stay as written, whatever the rules say:
// - an operation inside a condition (while, do, for, switch, an if whose branches jump, loop,
//   call the program's functions, write an integer or a pointer, a count or an index, or set a
//   float to one constant or another, and a `?:` choosing between constants: a label `x > t ? 1.0f
//   : 0.0f`; not a choice of a compared value, as a maximum, a clamp or a ReLU makes), a for loop's increment, or a
//   conversion to an integer (an index, a count, a bound: rounding moves it by whole units,
//   wherever it goes), through arithmetic and math calls;
// - the operation that gives a float variable its new value (its initialiser, the right side of
//   `v = e`, `v op= e` itself) when such a place of its function reads that variable, or reads a
//   variable that takes the first's value as it is (`md = d`) or is computed from it, one step
//   back (a residual's term `r` of `r2 += r * r`, which decides whether the norm meets a
//   tolerance: rounded, the norm stays at the format's noise and a solver's loop never ends;
//   further back lies the bulk of the work, an integrand or a force); not from a local a place
//   only compares with zero (a guard: rounding keeps the sign). The rest of a sum into it
//   (`r * r`) is data, and so is memory;
// - the argument of sin, cos or tan, which is a phase: its absolute error stays in the result however
//   large it is, and rounding a phase of thousands moves it by whole periods (`sinf(2 * pi * f0 *
//   t)`, RoPE's `cosf(pos * freq)`); its locals as a condition's, the reason naming the phase;
// - an argument of a function of the unit whose parameter steers there, as such a place
//   (`n = steps_for(T, dt)` where steps_for returns `(int)(T / dt)`); and a function's returned
//   value where every call of it steers (a validation loss that decides early stopping), or where
//   one does and the function writes nothing (a distance k-means both compares and sums).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_CONTROLVALUES_H
#define AUTOSCALE_TOOL_FIND_CONTROLVALUES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <map>
#include <memory>
#include <set>
#include <string>

namespace autoscale::find {

class ControlValues {
public:
  /// What a function's parameter is to it: data, a value that steers its control flow, or the
  /// argument of a periodic function (a phase: its absolute error stays in sin's result).
  enum class Role { Data, Steering, Phase };

  /// Finds the float variables FD's control places read; Depth: how many calls deep FD is from
  /// the function the operations are in (a callee's parameters are looked at kCalleeDepth deep);
  /// ResultSteers: every call of FD in the unit steers with its result, so FD's returned value is
  /// a control place too (`float bce(...)` of `if (bce(...) < best) ... else break;`).
  ControlValues(const clang::FunctionDecl &FD, clang::ASTContext &Ctx, unsigned Depth = 0,
                bool ResultSteers = false);
  /// Why the operation E must stay as written because it steers control flow, or empty.
  std::string reasonFor(const clang::Expr *E) const;
  /// Whether E's value, through arithmetic, is compared with a constant (`if (f(x) > 100.0f)`): a
  /// sanity check more than a ranking of computed values (`f(a) < f(b)`, `d < best`).
  static bool comparedWithConstant(const clang::Expr *E, clang::ASTContext &Ctx);

private:
  static constexpr unsigned kCalleeDepth = 3;
  /// What argument I of Call is to the function called (the unit's own functions: `int
  /// steps_for(float T, float dt) { return (int)(T / dt); }` steers with T and dt).
  Role roleOfArgument(const clang::CallExpr &Call, unsigned I) const;

  clang::ASTContext &Ctx;
  unsigned Depth;
  bool ResultSteers;
  struct Locals {
    std::set<const clang::VarDecl *> Vars;
    /// One not read in the place itself -> the one it goes into.
    std::map<const clang::VarDecl *, const clang::VarDecl *> Feeding;
  };
  Locals Steering, Phases;
  mutable std::map<const clang::FunctionDecl *, std::unique_ptr<ControlValues>> Callees;
};

} // namespace autoscale::find

#endif
