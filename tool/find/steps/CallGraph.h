//===- CallGraph.h - a function's loops and calls ----------------------------===//
//
// The facts the step inference needs (decide/StepLoops.h): which loops a function has, how they
// nest, where a step could end in each, and which functions it calls from which loop.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_CALLGRAPH_H
#define AUTOSCALE_TOOL_FIND_CALLGRAPH_H

#include "find/Operation.h"

#include "clang/AST/Decl.h"

#include <string>

namespace autoscale::find {

/// FD's name as reports show it: its qualified name, with "@<Display>" for a function of internal
/// linkage (Display: the project-relative path of its definition).
std::string functionName(const clang::FunctionDecl &FD, llvm::StringRef Display);

/// The key FunctionRecord names FD by: its name, in C++ followed by its type (overloads are
/// distinct functions) and for a template by where it is defined.
std::string functionKey(const clang::FunctionDecl &FD, llvm::StringRef Display);

/// The loops and calls of FD's body; KeyOf names the callees.
FunctionRecord recordFunction(const clang::FunctionDecl &FD,
                              llvm::function_ref<std::string(const clang::FunctionDecl &)> KeyOf);

/// The offset of the keyword of loop S (for, while, do) in its file.
unsigned loopOffset(const clang::Stmt &S, const clang::SourceManager &SM);

} // namespace autoscale::find

#endif
