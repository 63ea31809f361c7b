//===- SkipReasons.h - why an operand keeps an operation as written ----------===//
//
// An operation is rewritten only when the runtime call computes exactly what the operator did:
// the operands can be bound or have their address taken, they are evaluated in the same order,
// and no user code runs in a conversion. Each check returns the reason an operation must stay as
// written, or an empty string.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_SKIPREASONS_H
#define AUTOSCALE_TOOL_FIND_SKIPREASONS_H

#include "find/Instantiations.h"
#include "find/operations/CallEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <string>

namespace autoscale::find {

/// Why the operand E, as written, cannot be bound to a reference or have its address taken (the
/// generics take operands by reference, the compound C calls by address).
std::string bindSkipReason(const clang::Expr *E, const clang::ASTContext &Ctx);

/// Why the lvalue LV cannot be handed to the runtime by address.
std::string lvalueSkipReason(const clang::Expr *LV, const clang::ASTContext &Ctx);

/// Why the dependent operation at OpLoc (an operator's location, a math call's start) of the
/// template Pattern (a function template or a class template's member) must stay as written: in
/// some instantiation an operand is a bit-field, a packed member or a vector lane, which the
/// generic call, taking its operands by reference, cannot bind.
std::string instantiationBindSkipReason(const clang::FunctionDecl *Pattern,
                                        clang::SourceLocation OpLoc, const clang::ASTContext &Ctx,
                                        InstantiatedOperations &Instantiated);

/// C++17 sequences the right operand of `x op= y` before the left; a call's arguments are not
/// sequenced, so the rewrite must not let either side see the other's side effects, those of the
/// functions it calls included (CallEffects.h). Locals are the private locals of the function the
/// operation is in, or null.
std::string sequencingSkipReason(const clang::Expr *L, const clang::Expr *R,
                                 const clang::ASTContext &Ctx, const PrivateLocals *Locals);

/// C and C++ leave the order of a binary operator's operands unspecified, and compilers evaluate
/// an operator's operands left to right but a call's arguments in their own order (GCC on x86-64
/// right to left). Where both operands have side effects, the calls of both included (rng() -
/// rng(), a Box-Muller pair), or one calls a function that may write what the other reads
/// (`bump() + g`, bump writing g), the runtime call could run them the other way round, so the
/// operator stays. Only a value no call can change (constants, the private locals Locals, or
/// constants alone where Locals is null) is safe beside a call that may write, and beside one
/// that writes integers alone, floating-point objects whose place no call can move.
std::string operandOrderSkipReason(const clang::Expr *L, const clang::Expr *R,
                                   const clang::ASTContext &Ctx, const PrivateLocals *Locals);
/// The same for the dependent binary operator at OpLoc of the template Pattern: none where the
/// template is the main file's, so that all its instantiations are in the unit, and each computes
/// the operator on builtin operands of which at most one has side effects.
std::string instantiationOrderSkipReason(const clang::Expr *L, const clang::Expr *R,
                                         const clang::FunctionDecl *Pattern,
                                         clang::SourceLocation OpLoc, const clang::ASTContext &Ctx,
                                         const PrivateLocals *Locals, InstantiatedOperations &Instantiated);

/// Why an operation whose value operands are all constants stays as written: the compiler
/// evaluates it (a math call folded correctly rounded, where libm at run time may differ in the
/// last bit), and its result may have to stay a constant expression (a brace initialiser narrowing
/// it, a local const int used as an array bound or a template argument). Empty when an operand is
/// not constant, or there are none.
std::string constantSkipReason(llvm::ArrayRef<const clang::Expr *> Operands,
                               const clang::ASTContext &Ctx);

/// Why an operation whose operands all come from integers and constants stays as written
/// (`(double)i * (j + 2) / n`, `2.0 * rand() / RAND_MAX`): index and count arithmetic, whose
/// values (up to the integers' range) a format of 16 bits or fewer would overflow or round, and no
/// tensor's data. Empty when an operand is not such a value, or none converts an integer. An
/// integer read from an array (a uint8 image's pixel, int16 audio) is data, not a count.
/// GivenOnce says which locals hold only their initialiser's value (`double fniters = niters;`
/// then `fniters * 4 * fnrow`, a FLOP count): those are read as their initialisers.
std::string integerSkipReason(llvm::ArrayRef<const clang::Expr *> Operands,
                              const clang::ASTContext &Ctx,
                              llvm::function_ref<bool(const clang::VarDecl &)> GivenOnce);

/// Whether the conversion of an operand to its computation type calls user code.
bool hasUserConversion(const clang::Expr *E);

/// Why a dependent operator call cannot become a generic call: the generics apply the operator
/// inside the runtime's namespace, where an operator the project declared outside a class is
/// visible only if argument-dependent lookup finds it again (not where it is declared in the
/// namespace of one of its parameters' classes, as operators beside their class are). A template of the main file has
/// all its instantiations in the unit: where each applies the builtin operator at OpLoc, the
/// operator found is never called.
std::string dependentOperatorSkipReason(const clang::Expr *E, const clang::FunctionDecl *Pattern,
                                        clang::SourceLocation OpLoc, const clang::SourceManager &SM,
                                        InstantiatedOperations &Instantiated);

} // namespace autoscale::find

#endif
