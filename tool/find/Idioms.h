//===- Idioms.h - the rules' names for the parts of a reduction --------------===//
//
// `acc += a * b` inside a loop is a dot product: its multiply is a `dot_mul` (a GEMM operand in
// low precision) and its add an `accumulate` (FP32, as tensor cores accumulate). Other
// operations keep the name of their arithmetic.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_IDIOMS_H
#define AUTOSCALE_TOOL_FIND_IDIOMS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace autoscale::find {

/// The rules' op name of the binary operation B whose arithmetic is named Base ("add", "mul"...).
std::string reductionOpName(const clang::BinaryOperator *B, llvm::StringRef Base,
                            clang::ASTContext &Ctx);

} // namespace autoscale::find

#endif
