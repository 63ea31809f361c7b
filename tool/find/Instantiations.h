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

#include <map>
#include <vector>

namespace autoscale::find {

/// The instantiations of the function template or class template member Pattern.
std::vector<const clang::FunctionDecl *> instantiationsOf(const clang::FunctionDecl &Pattern);

/// Whether the template Pattern belongs to (its own, or a class template around it) takes a
/// value or a template as a parameter: an instantiation's constants may then be its own.
bool hasValueParameters(const clang::FunctionDecl &Pattern);

/// Whether F is instantiated with T as a type argument (its own or its class's): an operation of
/// type T there computes in the template's parameter, where `soft<int>`'s double arithmetic (of
/// std::exp's result, converted to int only because T is) does not.
bool hasTypeArgument(const clang::FunctionDecl &F, clang::QualType T);

/// The operations of a template's instantiations by their place, each instantiation walked once
/// (a template of thousands of operations asks of each).
class InstantiatedOperations {
public:
  /// The operation at OpLoc in F, an instantiation of the template where it was found: an
  /// operator at its operator's location, a call (no operator's or member's) at its start; null if
  /// none.
  const clang::Expr *at(const clang::FunctionDecl &F, clang::SourceLocation OpLoc);

private:
  std::map<const clang::FunctionDecl *, std::map<clang::SourceLocation::UIntTy, const clang::Expr *>> ByPlace;
};

} // namespace autoscale::find

#endif
