//===- Instantiations.h - a template's instantiations and their operations ---===//
//
// The finder reads a template's operations in its pattern, where a dependent `acc += x` with
// operator overloads in scope is an operator call of unknown meaning; an instantiation has the
// same operation resolved (SkipReasons.h's bind checks, the roles the Finder takes from a float
// instantiation).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_INSTANTIATIONS_H
#define AUTOSCALE_TOOL_FIND_INSTANTIATIONS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <vector>

namespace autoscale::find {

/// The instantiations of the function template or class template member Pattern.
std::vector<const clang::FunctionDecl *> instantiationsOf(const clang::FunctionDecl &Pattern);

/// Whether F is instantiated with an integer type as an argument (its own or its class's):
/// `soft<int>`, whose floating-point operations convert to integers only because T is one.
bool hasIntegerTypeArgument(const clang::FunctionDecl &F);

/// The operation at OpLoc in F, an instantiation of the template where it was found: an operator
/// at its operator's location, a call (no operator's or member's) at its start; null if none.
const clang::Expr *operationAt(const clang::FunctionDecl &F, clang::SourceLocation OpLoc);

} // namespace autoscale::find

#endif
