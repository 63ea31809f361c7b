//===- FloatTypes.h - which types an operation computes in -------------------===//
#ifndef AUTOSCALE_TOOL_FIND_FLOATTYPES_H
#define AUTOSCALE_TOOL_FIND_FLOATTYPES_H

#include "find/Operation.h"

#include "clang/AST/Type.h"

#include <optional>
#include <string>

namespace autoscale::find {

/// What a type means to the rewriter.
struct TypeClass {
  enum { None, Runtime, Unsupported } Kind = None;
  FloatKind Float = FloatKind::Float; ///< Runtime: float or double
  std::string Why;                    ///< Unsupported: "long double", "complex type", ...
};

/// None: not floating-point (integers, pointers, classes); Runtime: float or double, which the
/// runtime computes in; Unsupported: other floating types, which are reported and left alone.
TypeClass classify(clang::QualType T);

/// The runtime float kind of T, or nullopt.
std::optional<FloatKind> runtimeKind(clang::QualType T);

const char *typeName(FloatKind K);

/// Whether a dependent operation on operands of these types may compute in float or double in
/// some instantiation: no operand is a pointer or an array (that is pointer arithmetic), and one
/// is floating or not known until instantiation.
bool mayComputeInFloat(llvm::ArrayRef<clang::QualType> Types);

} // namespace autoscale::find

#endif
