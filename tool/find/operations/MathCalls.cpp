//===- MathCalls.cpp - calls of the math functions the rules know ------------===//
#include "find/OperationFinder.h"

#include "find/operations/SkipReasons.h"

#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

namespace autoscale::find {
namespace {

/// The name a call is written with when its callee is known only at instantiation
/// (std::exp(x) with x of a dependent type), or empty.
llvm::StringRef dependentCalleeName(const CallExpr *C) {
  const Expr *Callee = C->getCallee()->IgnoreParenImpCasts();
  DeclarationName Name;
  if (const auto *U = dyn_cast<UnresolvedLookupExpr>(Callee))
    Name = U->getName();
  else if (const auto *D = dyn_cast<DeclRefExpr>(Callee); D && isa<FunctionDecl>(D->getDecl()))
    Name = D->getDecl()->getDeclName();
  const IdentifierInfo *Id = Name.isIdentifier() ? Name.getAsIdentifierInfo() : nullptr;
  return Id ? Id->getName() : llvm::StringRef();
}

} // namespace

bool OperationFinder::visitMathCall(CallExpr *C) {
  // std::exp(x) in a template, x of a dependent type: the overload is chosen per instantiation,
  // and the generic operand / result round whatever float or double it takes and returns.
  bool Dependent = C->isTypeDependent();
  llvm::StringRef Name;
  if (Dependent) {
    Name = dependentCalleeName(C);
  } else if (const FunctionDecl *FD = C->getDirectCallee();
             FD && FD->getIdentifier() && !isa<CXXMethodDecl>(FD)) {
    Name = FD->getName();
  }
  if (Name.empty() || Name.starts_with("autoscale_") || !Rules.isMathFunction(Name))
    return true;
  TypeClass TC = Dependent ? TypeClass() : classify(C->getType());
  if (!Dependent && TC.Kind == TypeClass::None)
    return true;
  const Expr *Callee = C->getCallee()->IgnoreImpCasts();
  std::string Spelling = Name.str();
  if (Callee->getBeginLoc().isFileID() && Callee->getEndLoc().isFileID())
    Spelling = Lexer::getSourceText(CharSourceRange::getTokenRange(Callee->getSourceRange()), SM,
                                    Ctx.getLangOpts())
                   .str();
  // SQRT_FUN(x) written for sqrtf(x): the operation is the invocation, where the edits go.
  bool MacroCall = Ranges.isWholeMacroCall(C->getSourceRange(), Callee->getBeginLoc());
  SourceLocation Anchor = MacroCall ? SM.getExpansionLoc(C->getBeginLoc()) : C->getBeginLoc();
  FileID File;
  Operation *OpP = start(C, Anchor, Name.str(), BaseOp::Call, Spelling, File);
  if (!OpP)
    return true;
  Operation &Op = *OpP;
  Op.Callee = Name.str();
  Op.Type = Dependent                           ? "dependent"
            : TC.Kind == TypeClass::Unsupported ? C->getType().getAsString()
                                                : typeName(TC.Float);
  // The float arguments, numbered as the site's operand slots.
  std::vector<const Expr *> Args;
  std::vector<std::optional<FloatKind>> ArgKinds;
  std::string ArgWhy;
  for (const Expr *A : C->arguments()) {
    if (isa<CXXDefaultArgExpr>(A))
      continue;
    bool Generic = A->isTypeDependent();
    // std::abs of a std::complex<float> is its magnitude, computed inside the library as its
    // operators are (visitLibraryOperator): no float argument of the call carries it.
    if (!Generic && (A->getType()->isRecordType() || A->getType()->isAnyComplexType()) && ArgWhy.empty())
      ArgWhy = "argument of type " + A->getType().getAsString() + ", which the library computes the call from";
    TypeClass AC = Generic ? TypeClass() : classify(A->getType());
    if (Generic ? !mayComputeInFloat({A->getType()}) : AC.Kind == TypeClass::None)
      continue;
    if (AC.Kind == TypeClass::Unsupported && ArgWhy.empty())
      ArgWhy = "argument of type " + AC.Why;
    feeds({{A, static_cast<unsigned>(Args.size())}});
    Args.push_back(A);
    ArgKinds.push_back(Generic ? std::nullopt : std::optional<FloatKind>(AC.Float));
  }
  if (TC.Kind == TypeClass::Unsupported)
    return skip(Op, TC.Why);
  if (!Op.SkipReason.empty())
    return true;
  // std::fmax(a...): one written argument stands for several, which no operand slot can wrap.
  if (llvm::any_of(C->arguments(), [](const Expr *A) { return isa<PackExpansionExpr>(A); }))
    return skip(Op, "parameter pack expansion argument");
  if (std::string Why =
          MacroCall ? "" : Ranges.checkMacros(C->getSourceRange(), Callee->getBeginLoc());
      !Why.empty())
    return skip(Op, Why);
  auto Whole = spanIn(Op, File, C->getSourceRange());
  if (!Whole)
    return true;
  if (Ranges.containsDirective(FileSpan{File, Whole->Begin, Whole->End}))
    return skip(Op, "preprocessor directive inside the operation");
  if (!ArgWhy.empty())
    return skip(Op, ArgWhy);
  if (std::string Why = Dependent ? instantiationBindSkipReason(StartedIn, C->getBeginLoc(), Ctx, Instantiated) : "";
      !Why.empty())
    return skip(Op, Why);
  for (const std::string &Why : {constantSkipReason(Args, Ctx),
                                 integerSkipReason(Args, Ctx, [&](const VarDecl &V) { return givenOnce(V); })})
    if (!Why.empty())
      return skip(Op, Why);
  if (Args.size() > 3)
    return skip(Op, "more than three floating-point arguments");
  // fabs((double)b[i] - a[i]) measures the error its argument was widened to compute exactly.
  if (!Dependent && TC.Float == FloatKind::Double && llvm::any_of(Args, [&](const Expr *A) { return widenedOnPurpose(A); }))
    return skip(Op, "computed in double on purpose: a math call of a float converted to double explicitly, or "
                    "of double arithmetic of one");
  RewriteShape S;
  S.Kind = Form::MathCall;
  S.Generic = Dependent;
  S.Compute = Dependent ? FloatKind::Float : TC.Float;
  S.Whole = *Whole;
  S.Operator = *Whole;
  for (size_t I = 0; I < Args.size(); ++I) {
    const Expr *A = Args[I];
    if (!ArgKinds[I] && !bindSkipReason(A, Ctx).empty())
      return skip(Op, bindSkipReason(A, Ctx));
    if (ArgKinds[I] && hasUserConversion(A))
      return skip(Op, "user-defined conversion of an operand");
    auto AS = spanIn(Op, File, A->getSourceRange());
    if (!AS)
      return true;
    if (AS->Begin < Whole->Begin || AS->End > Whole->End)
      return skip(Op, "operation straddles a macro boundary");
    // A macro's body can use one argument text twice: pow(x, x) from POW2(x).
    if (llvm::any_of(S.Operands, [&](const OperandShape &P) {
          return AS->Begin < P.Where.End && P.Where.Begin < AS->End;
        }))
      return skip(Op, "macro uses an argument twice");
    OperandShape O;
    O.Where = *AS;
    O.Slot = static_cast<unsigned>(I);
    O.Type = ArgKinds[I];
    O.Convert = ArgKinds[I] && !writtenAs(A, *ArgKinds[I]);
    S.Operands.push_back(O);
  }
  Op.Shape = std::move(S);
  return true;
}

} // namespace autoscale::find
