//===- ConstantUses.h - lambdas the program calls in constant expressions ----===//
//
// C++17 makes a lambda's call operator constexpr whenever its body allows, so a lambda may be
// called in a static_assert or a constexpr initialiser with nothing marking it; a runtime call
// in its body would then stop the program compiling. Only those lambdas are left alone: the
// others' bodies run at run time, where they are rewritten.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_CONSTANTUSES_H
#define AUTOSCALE_TOOL_FIND_CONSTANTUSES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

#include <set>

namespace autoscale::find {

/// The call operators of the lambdas the unit calls in constant expressions (constexpr
/// initialisers, static_assert, other constant-evaluated expressions), directly or through the
/// constexpr functions those call.
std::set<const clang::CXXMethodDecl *> lambdasCalledInConstants(clang::ASTContext &Ctx);

} // namespace autoscale::find

#endif
