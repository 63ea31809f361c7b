//===- WrittenVariables.h - the variable an expression names or writes ------===//
//
// The variable behind a name or an lvalue, for the analyses that ask what a loop writes and
// what varies along it: a structured binding names part of its decomposed variable, and an
// overloaded ++ or = (an iterator's) writes its operand as the built-in ones do.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_WRITTENVARIABLES_H
#define AUTOSCALE_TOOL_FIND_WRITTENVARIABLES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace autoscale::find {

/// The variable a name reads: a structured binding (`for (auto [m, v] : ps)`) names part of its
/// decomposed variable, as `p.m` names part of `p`.
const clang::VarDecl *variableNamed(const clang::ValueDecl *D);

/// The variable an assignment to LV writes (writtenVar), a structured binding's included.
const clang::VarDecl *writtenVariable(const clang::Expr *LV);

/// The variable S assigns, increments or decrements, by a built-in operator or an overloaded one
/// (`++it` on a container's iterator), or null.
const clang::VarDecl *variableWrittenBy(const clang::Stmt *S);

} // namespace autoscale::find

#endif
