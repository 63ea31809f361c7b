//===- FloatTypes.cpp - which types an operation computes in -----------------===//
#include "find/operations/FloatTypes.h"

#include "clang/AST/Type.h"

using namespace clang;

namespace autoscale::find {

TypeClass classify(QualType T) {
  TypeClass C;
  T = T.getCanonicalType().getUnqualifiedType();
  auto Unsupported = [&C](const char *Why) {
    C.Kind = TypeClass::Unsupported;
    C.Why = Why;
    return C;
  };
  if (const auto *B = T->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::Float:
      C.Kind = TypeClass::Runtime;
      C.Float = FloatKind::Float;
      return C;
    case BuiltinType::Double:
      C.Kind = TypeClass::Runtime;
      C.Float = FloatKind::Double;
      return C;
    case BuiltinType::LongDouble:
      return Unsupported("long double");
    default:
      return B->isFloatingPoint() ? Unsupported("unsupported floating type") : C;
    }
  }
  if (const auto *Cx = T->getAs<ComplexType>(); Cx && Cx->getElementType()->isFloatingType())
    return Unsupported("complex type");
  if (const auto *V = T->getAs<VectorType>(); V && V->getElementType()->isFloatingType())
    return Unsupported("vector type");
  return C;
}

std::optional<FloatKind> runtimeKind(QualType T) {
  TypeClass C = classify(T);
  if (C.Kind != TypeClass::Runtime)
    return std::nullopt;
  return C.Float;
}

const char *typeName(FloatKind K) { return K == FloatKind::Float ? "float" : "double"; }

bool mayComputeInFloat(llvm::ArrayRef<QualType> Types) {
  bool Candidate = false;
  for (QualType T : Types) {
    T = T.getNonReferenceType();
    if (T->isPointerType() || T->isArrayType() || T->isMemberPointerType())
      return false;
    Candidate |= T->isDependentType() || T->isFloatingType();
  }
  return Candidate;
}

} // namespace autoscale::find
