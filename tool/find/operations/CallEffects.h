//===- CallEffects.h - what the calls of an expression may write -------------===//
//
// C++17 evaluates the right operand of `x op= e` before locating x; the arguments of the runtime
// call that replaces it are evaluated in no fixed order. So the rewrite must not let e's writes,
// including those hidden in the functions e calls, move the left-hand side (a[k] += next() where
// next() moves k). A call is assumed to write anything the program can reach unless it is known
// not to: a builtin or a function declared const or pure, a library function (declared in a
// system header) that receives no pointer or reference to writable memory and no callable, or a
// function whose body the translation unit holds and which writes only its own locals and calls
// only such functions (a few calls deep).
// What no call can write are the private locals of the function: automatic variables whose
// address is never taken, bound to a reference or captured by reference.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_CALLEFFECTS_H
#define AUTOSCALE_TOOL_FIND_CALLEFFECTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <set>

namespace autoscale::find {

/// Whether E calls a function (or runs a constructor, new or delete) that may write the
/// program's variables.
bool callsMayWrite(const clang::Expr *E, const clang::ASTContext &Ctx);
/// The same for writes that may reach a floating-point object: an integer lvalue other than a
/// character (an RNG's state) reaches none under the aliasing rules, and is set aside.
bool callsMayWriteFloating(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The locals of one function that no call can write.
class PrivateLocals {
public:
  PrivateLocals(const clang::FunctionDecl &FD, clang::ASTContext &Ctx);

  bool contains(const clang::VarDecl *V) const;

  /// Whether no call can change where the lvalue LV is: it names a variable, or reaches memory
  /// only through private locals and constants (a[i] with i private and a a private pointer or
  /// any array variable; *p, s.x, p->x likewise).
  bool fixedLocation(const clang::Expr *LV, const clang::ASTContext &Ctx) const;

  /// Whether no call can change the value of E: constants and private locals, combined without
  /// reading memory.
  bool fixedValue(const clang::Expr *E, const clang::ASTContext &Ctx) const;

private:

  std::set<const clang::VarDecl *> Escaped;
};

} // namespace autoscale::find

#endif
