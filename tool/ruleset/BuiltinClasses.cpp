//===- BuiltinClasses.cpp - the op-class lists every rules file starts from --===//
#include "ruleset/BuiltinClasses.h"

#include "ruleset/Vocabulary.h"
#include "ruleset/YamlReader.h"

#include "llvm/ADT/STLExtras.h"

namespace autoscale::rules {

// Math callees are listed in their float and double spellings (and CUDA's intrinsics) because
// the rewriter matches the callee as written, std:: stripped. Functions with integer or pointer
// parameters (ldexp, frexp, modf, remquo) are left out: they are not float-in, float-out.
static constexpr llvm::StringLiteral InferMath[] = {
    "fmax", "fmaxf", "fmin", "fminf", "fabs", "fabsf", "abs", "fma", "fmaf", "fdim", "fdimf"};
static constexpr llvm::StringLiteral DenyMath[] = {
    "exp", "expf", "exp2", "exp2f", "expm1", "expm1f", "exp10", "exp10f", "log", "logf", "log2",
    "log2f", "log10", "log10f", "log1p", "log1pf", "pow", "powf", "sqrt", "sqrtf", "rsqrt",
    "rsqrtf", "cbrt", "cbrtf", "hypot", "hypotf", "sin", "sinf", "cos", "cosf", "tan", "tanf",
    "asin", "asinf", "acos", "acosf", "atan", "atanf", "atan2", "atan2f", "sinh", "sinhf", "cosh",
    "coshf", "tanh", "tanhf", "asinh", "asinhf", "acosh", "acoshf", "atanh", "atanhf", "erf",
    "erff", "erfc", "erfcf", "tgamma", "tgammaf", "lgamma", "lgammaf", "fmod", "fmodf",
    "remainder", "remainderf", "__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__powf",
    "__sinf", "__cosf", "__tanf", "__fdividef"};

const std::map<std::string, OpClass> &builtinClasses() {
  static const std::map<std::string, OpClass> Classes = [] {
    std::map<std::string, OpClass> M;
    for (llvm::StringRef Op : {name(Idiom::DotMul), name(BaseOp::Matmul)})
      M.emplace(Op.str(), OpClass::Allow);
    for (BaseOp B : {BaseOp::Add, BaseOp::Sub, BaseOp::Mul, BaseOp::Neg, BaseOp::Inc, BaseOp::Dec})
      M.emplace(name(B).str(), OpClass::Infer);
    M.emplace(name(BaseOp::Div).str(), OpClass::Deny);
    for (Idiom I : {Idiom::Accumulate, Idiom::SquareSum, Idiom::Update, Idiom::Guard,
                    Idiom::Compensation, Idiom::Report, Idiom::OuterProduct})
      M.emplace(name(I).str(), OpClass::Deny);
    for (llvm::StringRef Op : InferMath)
      M.emplace(Op.str(), OpClass::Infer);
    for (llvm::StringRef Op : DenyMath)
      M.emplace(Op.str(), OpClass::Deny);
    return M;
  }();
  return Classes;
}

const std::vector<llvm::StringRef> &operatorOps() {
  // The operators, what the finder names them for, then the GEMM ops (README order).
  static const std::vector<llvm::StringRef> Ops = [] {
    std::vector<llvm::StringRef> V;
    for (BaseOp B : {BaseOp::Add, BaseOp::Sub, BaseOp::Mul, BaseOp::Div, BaseOp::Neg, BaseOp::Inc,
                     BaseOp::Dec})
      V.push_back(name(B));
    for (Idiom I : {Idiom::DotMul, Idiom::Accumulate, Idiom::SquareSum, Idiom::Update, Idiom::Guard,
                    Idiom::Compensation, Idiom::Report})
      V.push_back(name(I));
    V.push_back(name(BaseOp::Matmul));
    V.push_back(name(Idiom::OuterProduct));
    return V;
  }();
  return Ops;
}

bool isOperatorOp(llvm::StringRef Op) { return llvm::is_contained(operatorOps(), Op); }

std::optional<std::string> closestBuiltinOp(llvm::StringRef Name) {
  std::vector<llvm::StringRef> Functions;
  for (const auto &[Op, Class] : builtinClasses())
    if (!isOperatorOp(Op))
      Functions.push_back(Op);
  return closest(Name, Functions);
}

} // namespace autoscale::rules
