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

// <math.h>'s and CUDA's float functions (each also with the suffixes f and l), for telling a rules
// file's misspelt function from one the program may simply not call.
static constexpr llvm::StringLiteral StandardMath[] = {
    "acos", "asin", "atan", "atan2", "cos", "sin", "tan", "acosh", "asinh", "atanh", "cosh", "sinh",
    "tanh", "exp", "exp2", "exp10", "expm1", "log", "log10", "log1p", "log2", "logb", "cbrt", "fabs",
    "hypot", "pow", "sqrt", "rsqrt", "rcbrt", "erf", "erfc", "erfinv", "erfcinv", "lgamma", "tgamma",
    "ceil", "floor", "nearbyint", "rint", "round", "trunc", "fmod", "remainder", "copysign",
    "nextafter", "fdim", "fmax", "fmin", "fma", "sinpi", "cospi", "normcdf", "normcdfinv"};

bool isStandardMathFunction(llvm::StringRef Name) {
  for (llvm::StringRef Suffix : {"f", "l"})
    if (Name.size() > 2 && Name.ends_with(Suffix) && llvm::is_contained(StandardMath, Name.drop_back()))
      return true;
  return llvm::is_contained(StandardMath, Name);
}

std::optional<std::string> closestStandardMathFunction(llvm::StringRef Name) {
  std::vector<std::string> Functions;
  for (llvm::StringRef F : StandardMath)
    for (llvm::StringRef Suffix : {"", "f"})
      Functions.push_back((F + Suffix).str());
  return closest(Name, Functions);
}

} // namespace autoscale::rules
