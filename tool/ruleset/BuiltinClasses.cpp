//===- BuiltinClasses.cpp - the op-class lists every rules file starts from --===//
#include "ruleset/BuiltinClasses.h"

#include "llvm/ADT/STLExtras.h"

namespace autoscale::rules {

static constexpr llvm::StringLiteral OperatorOps[] = {
    "add", "sub", "mul", "div", "neg", "inc", "dec", "dot_mul", "accumulate", "square_sum", "update",
    "guard", "compensation", "report", "matmul", "outer_product"};

// Math callees are listed in their float and double spellings (and CUDA's intrinsics) because
// the rewriter matches the callee as written, std:: stripped. Functions with integer or pointer
// parameters (ldexp, frexp, modf, remquo) are left out: they are not float-in, float-out.
static constexpr llvm::StringLiteral AllowOps[] = {"dot_mul", "matmul"};
static constexpr llvm::StringLiteral InferOps[] = {
    "add",  "sub",   "mul", "neg", "inc", "dec",  "fmax", "fmaxf", "fmin",
    "fminf", "fabs", "fabsf", "abs", "fma", "fmaf", "fdim", "fdimf"};
static constexpr llvm::StringLiteral DenyOps[] = {
    "div",       "accumulate", "square_sum", "update", "guard", "compensation", "report", "outer_product", "exp",        "expf",      "exp2",   "exp2f",  "expm1",
    "expm1f",    "exp10",      "exp10f",     "log",       "logf",   "log2",   "log2f",
    "log10",     "log10f",     "log1p",      "log1pf",    "pow",    "powf",   "sqrt",
    "sqrtf",     "rsqrt",      "rsqrtf",     "cbrt",      "cbrtf",  "hypot",  "hypotf",
    "sin",       "sinf",       "cos",        "cosf",      "tan",    "tanf",   "asin",
    "asinf",     "acos",       "acosf",      "atan",      "atanf",  "atan2",  "atan2f",
    "sinh",      "sinhf",      "cosh",       "coshf",     "tanh",   "tanhf",  "asinh",
    "asinhf",    "acosh",      "acoshf",     "atanh",     "atanhf", "erf",    "erff",
    "erfc",      "erfcf",      "tgamma",     "tgammaf",   "lgamma", "lgammaf", "fmod",
    "fmodf",     "remainder",  "remainderf", "__expf",    "__exp10f", "__logf", "__log2f",
    "__log10f",  "__powf",     "__sinf",     "__cosf",    "__tanf", "__fdividef"};

const std::map<std::string, OpClass> &builtinClasses() {
  static const std::map<std::string, OpClass> Classes = [] {
    std::map<std::string, OpClass> M;
    for (llvm::StringRef Op : AllowOps)
      M.emplace(Op.str(), OpClass::Allow);
    for (llvm::StringRef Op : InferOps)
      M.emplace(Op.str(), OpClass::Infer);
    for (llvm::StringRef Op : DenyOps)
      M.emplace(Op.str(), OpClass::Deny);
    return M;
  }();
  return Classes;
}

llvm::ArrayRef<llvm::StringLiteral> operatorOps() { return OperatorOps; }

bool isOperatorOp(llvm::StringRef Op) { return llvm::is_contained(OperatorOps, Op); }

} // namespace autoscale::rules
