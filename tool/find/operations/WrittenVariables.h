//===- WrittenVariables.h - the variable an expression names or writes ------===//
//
// The variable behind a name or an lvalue, for the analyses that ask what a loop writes and
// what varies along it: a structured binding names part of its decomposed variable, and an
// overloaded ++ or = (an iterator's) writes its operand as the built-in ones do. And where C89
// code gives a local declared at the top the value a use reads.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_WRITTENVARIABLES_H
#define AUTOSCALE_TOOL_FIND_WRITTENVARIABLES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace autoscale::find {

/// The variable a name reads: a structured binding (`for (auto [m, v] : ps)`) names part of its
/// decomposed variable, as `p.m` names part of `p`.
const clang::VarDecl *variableNamed(const clang::ValueDecl *D);

/// The variable an assignment to LV writes (writtenVar), a structured binding's included.
const clang::VarDecl *writtenVariable(const clang::Expr *LV);

/// The variable S assigns, increments or decrements, by a built-in operator or an overloaded one
/// (`++it` on a container's iterator), or null.
const clang::VarDecl *variableWrittenBy(const clang::Stmt *S);

/// `V = e;` as a statement of its own (e not reading V): where C89 code starts a local's value
/// (`float temp;` at the top, `temp = alpha * b[l];` in a loop); null for anything else.
const clang::BinaryOperator *startOf(const clang::Stmt *S, const clang::VarDecl *V);
/// The start of V (startOf) whose value S reads: the last start among the statements before the
/// one holding S, in the innermost block around S that has one; null where none. Parent: the
/// statement around a statement.
const clang::BinaryOperator *startBefore(const clang::Stmt *S, const clang::VarDecl *V,
                                         llvm::function_ref<const clang::Stmt *(const clang::Stmt *)> Parent);

} // namespace autoscale::find

#endif
