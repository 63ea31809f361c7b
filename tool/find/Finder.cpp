//===- Finder.cpp - find the floating-point operations of a translation unit -===//
#include "find/Finder.h"

#include "find/Context.h"
#include "find/FileRanges.h"
#include "find/FloatTypes.h"
#include "find/Idioms.h"
#include "find/SkipReasons.h"
#include "find/StepPoints.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"

#include <map>
#include <set>

using namespace clang;

namespace autoscale::find {
namespace {

BaseOp baseOf(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_AddAssign: return BaseOp::Add;
  case BO_Sub: case BO_SubAssign: return BaseOp::Sub;
  case BO_Mul: case BO_MulAssign: return BaseOp::Mul;
  default: return BaseOp::Div;
  }
}

bool isArithmetic(BinaryOperatorKind K) {
  return K == BO_Add || K == BO_Sub || K == BO_Mul || K == BO_Div || K == BO_AddAssign ||
         K == BO_SubAssign || K == BO_MulAssign || K == BO_DivAssign;
}


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

/// Whether the operand E, as written, is already of the computation type K.
bool writtenAs(const Expr *E, FloatKind K) {
  return runtimeKind(E->IgnoreImpCasts()->getType()) == K;
}

class OperationFinder : public RecursiveASTVisitor<OperationFinder> {
public:
  OperationFinder(ASTContext &Ctx, Preprocessor &PP, const rules::RuleSet &Rules,
                  const FindOptions &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Rules(Rules), Opts(Opts),
        Ranges(SM, Ctx.getLangOpts(), PP) {}

  FoundUnit take() {
    linkInputs();
    addProjectFiles();
    return std::move(Found);
  }

  /// OpenMP clauses hold operations Clang synthesises (reduction combiners) at the clause's
  /// location; none is an operation the user wrote.
  bool TraverseOMPClause(OMPClause *) { return true; }
  bool VisitBinaryOperator(BinaryOperator *B);
  bool VisitUnaryOperator(UnaryOperator *U);
  bool VisitCallExpr(CallExpr *C);
  bool VisitFunctionDecl(FunctionDecl *FD);
  bool VisitVarDecl(VarDecl *VD);

private:
  struct FileInfo {
    bool Ignored = true;
    bool AlreadyRewritten = false;
    std::string Abs, Display;
  };

  const FileInfo &fileInfo(FileID F);
  /// Starts a record for E anchored at Anchor (operator or callee). Returns nullptr when the
  /// operation is not the project's (system header, outside the root, the runtime's own code).
  Operation *start(const Expr *E, SourceLocation Anchor, std::string OpName, BaseOp Base,
                   std::string Spelling, FileID &File);
  /// Records why Op is skipped; returns true so visitors can `return skip(...)`.
  bool skip(Operation &Op, std::string Why) {
    if (Op.SkipReason.empty())
      Op.SkipReason = std::move(Why);
    Op.Shape.reset();
    return true;
  }
  /// Records the operand expressions whose producers feed Op's slots.
  void feeds(std::initializer_list<std::pair<const Expr *, unsigned>> Operands) {
    for (auto [E, Slot] : Operands)
      OperandsOf.back().push_back({E, Slot});
  }
  std::optional<Span> spanIn(Operation &Op, FileID File, SourceRange R);
  /// Checks the macro structure of E and returns the spans of its pieces (the whole expression,
  /// the operator, then each operand), which must lie in order in one file; nullopt after
  /// recording why not.
  std::optional<std::vector<Span>> pieces(Operation &Op, FileID File, const Expr *E,
                                          SourceLocation OpLoc,
                                          llvm::ArrayRef<const Expr *> Operands, bool Prefix);
  /// Sets Op's shape for an operation whose operands are Operands (in slot order).
  bool shape(Operation &Op, FileID File, Form Kind, const Expr *E, SourceLocation OpLoc,
             llvm::ArrayRef<const Expr *> Operands, bool Generic, FloatKind Compute,
             bool Prefix = false);
  /// Starts the record of the binary operation E (L op R, or L op= R, which writes L).
  Operation *startBinary(const Expr *E, SourceLocation OpLoc, std::string OpName, BaseOp Base,
                         llvm::StringRef Spelling, bool Compound, const Expr *L, const Expr *R,
                         FileID &File);
  /// An operator of a template pattern whose type depends on a template parameter.
  bool visitDependentBinary(const Expr *E, SourceLocation OpLoc, BaseOp Base,
                            llvm::StringRef Spelling, bool Compound, const Expr *L,
                            const Expr *R);
  bool visitDependentUnary(const Expr *E, SourceLocation OpLoc, BaseOp Base,
                           llvm::StringRef Spelling, bool Prefix, const Expr *Sub);
  /// Notes an arithmetic operator that is not a floating-point operation.
  void noteOtherArithmetic(SourceLocation OpLoc);
  void linkInputs();
  void addProjectFiles();
  void markModified(const Expr *LValue);

  ASTContext &Ctx;
  SourceManager &SM;
  const rules::RuleSet &Rules;
  const FindOptions &Opts;
  FileRanges Ranges;
  FoundUnit Found;
  std::map<FileID, FileInfo> Files;
  std::map<const Expr *, unsigned> IndexOf;
  /// Per operation: its value operands and their slots.
  std::vector<std::vector<std::pair<const Expr *, unsigned>>> OperandsOf;
  /// Def-use through locals: a local initialised by an operation and never written again
  /// carries that operation's result to the operations that read it.
  std::map<const VarDecl *, const Expr *> InitOf;
  std::set<const VarDecl *> Modified;
};

const OperationFinder::FileInfo &OperationFinder::fileInfo(FileID F) {
  auto [It, Inserted] = Files.try_emplace(F);
  FileInfo &I = It->second;
  if (!Inserted)
    return I;
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(F);
  if (!FE || SM.isInSystemHeader(SM.getLocForStartOfFile(F)))
    return I;
  // Links resolved, so that every unit names a file alike; a file that exists only in memory
  // (an in-memory parse) keeps its absolute name.
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(FE->getName(), Real)) {
    Real = FE->getName();
    if (llvm::sys::fs::make_absolute(Real))
      return I;
  }
  I.Abs = std::string(Real);
  llvm::StringRef Runtime = Opts.RuntimeIncludeDir;
  if (!Runtime.empty() && llvm::StringRef(I.Abs).starts_with(Runtime.str() + "/"))
    return I;
  std::optional<std::string> Display = Opts.relative(I.Abs);
  if (!Display)
    return I;
  I.Ignored = false;
  I.Display = std::move(*Display);
  llvm::StringRef Text = SM.getBufferData(F);
  I.AlreadyRewritten = Text.starts_with(RewrittenMarker) ||
                       Text.contains(std::string("\n") + RewrittenMarker);
  return I;
}

Operation *OperationFinder::start(const Expr *E, SourceLocation Anchor, std::string OpName,
                                  BaseOp Base, std::string Spelling, FileID &File) {
  SourceLocation Spelled = SM.getSpellingLoc(Anchor);
  if (Spelled.isInvalid())
    return nullptr;
  File = SM.getFileID(Spelled);
  const FileInfo &FI = fileInfo(File);
  if (FI.Ignored)
    return nullptr;
  ExprContext C = contextOf(E, Ctx);
  if (C.InRuntimeHelper)
    return nullptr;
  Operation &Op = Found.Ops.emplace_back();
  Op.Key = {FI.Abs, SM.getFileOffset(Spelled), std::move(Spelling)};
  Op.OpName = std::move(OpName);
  Op.Base = Base;
  Op.File = FI.Display;
  Op.Line = SM.getLineNumber(File, Op.Key.Offset);
  Op.Column = SM.getColumnNumber(File, Op.Key.Offset);
  Op.Cuda = Ctx.getLangOpts().CUDA;
  Op.Function = C.Function;
  Op.Variable = C.Variable;
  Found.DisplayPaths[FI.Abs] = FI.Display;
  IndexOf[E] = Found.Ops.size() - 1;
  OperandsOf.emplace_back();
  if (FI.AlreadyRewritten)
    skip(Op, "file already rewritten");
  else if (!C.SkipReason.empty())
    skip(Op, C.SkipReason);
  return &Op;
}

void OperationFinder::noteOtherArithmetic(SourceLocation OpLoc) {
  SourceLocation Spelled = SM.getSpellingLoc(OpLoc);
  if (Spelled.isInvalid())
    return;
  const FileInfo &FI = fileInfo(SM.getFileID(Spelled));
  if (!FI.Ignored)
    Found.OtherArithmetic[FI.Abs].insert(SM.getFileOffset(Spelled));
}

std::optional<Span> OperationFinder::spanIn(Operation &Op, FileID File, SourceRange R) {
  std::string Why;
  std::optional<FileSpan> S = Ranges.span(R, Why);
  if (!S) {
    skip(Op, Why);
    return std::nullopt;
  }
  if (S->File != File) {
    skip(Op, "operation straddles a macro boundary");
    return std::nullopt;
  }
  return Span{S->Begin, S->End};
}

std::optional<std::vector<Span>>
OperationFinder::pieces(Operation &Op, FileID File, const Expr *E, SourceLocation OpLoc,
                        llvm::ArrayRef<const Expr *> Operands, bool Prefix) {
  if (std::string Why = Ranges.checkMacros(E->getSourceRange(), OpLoc); !Why.empty()) {
    skip(Op, Why);
    return std::nullopt;
  }
  std::vector<Span> P;
  for (SourceRange R : {E->getSourceRange(), SourceRange(OpLoc, OpLoc)})
    if (auto S = spanIn(Op, File, R))
      P.push_back(*S);
    else
      return std::nullopt;
  for (const Expr *O : Operands)
    if (auto S = spanIn(Op, File, O->getSourceRange()))
      P.push_back(*S);
    else
      return std::nullopt;
  // In order, end to end: [L] op [R] for binary operations, op [X] or [X] op for unary ones.
  const Span &Whole = P[0], &Opr = P[1];
  std::vector<Span> InOrder(P.begin() + 2, P.end());
  InOrder.insert(Prefix || Operands.size() == 2 ? InOrder.begin() + (Prefix ? 0 : 1)
                                                : InOrder.end(),
                 Opr);
  bool Ordered = InOrder.front().Begin == Whole.Begin && InOrder.back().End == Whole.End;
  for (size_t I = 1; I < InOrder.size(); ++I)
    Ordered &= InOrder[I - 1].End <= InOrder[I].Begin;
  if (!Ordered) {
    skip(Op, "operation straddles a macro boundary");
    return std::nullopt;
  }
  if (Ranges.containsDirective(FileSpan{File, Whole.Begin, Whole.End})) {
    skip(Op, "preprocessor directive inside the operation");
    return std::nullopt;
  }
  return P;
}

bool OperationFinder::shape(Operation &Op, FileID File, Form Kind, const Expr *E,
                            SourceLocation OpLoc, llvm::ArrayRef<const Expr *> Operands,
                            bool Generic, FloatKind Compute, bool Prefix) {
  if (Generic)
    for (const Expr *O : Operands)
      if (std::string Why = bindSkipReason(O, Ctx); !Why.empty())
        return skip(Op, Why);
  std::optional<std::vector<Span>> P = pieces(Op, File, E, OpLoc, Operands, Prefix);
  if (!P)
    return true;
  RewriteShape S;
  S.Kind = Kind;
  S.Generic = Generic;
  S.Compute = Compute;
  S.Prefix = Prefix;
  S.Whole = (*P)[0];
  S.Operator = (*P)[1];
  for (size_t I = 0; I < Operands.size(); ++I) {
    OperandShape O;
    O.Where = (*P)[2 + I];
    O.Slot = static_cast<unsigned>(I);
    if (!Generic)
      O.Type = Compute;
    // The value operands of the C calls are converted to the computation type explicitly; the
    // lvalue of a compound assignment or ++/-- is passed by address, and a negation's operand
    // already has the result's type.
    O.Convert = !Generic && Kind == Form::Binary ? !writtenAs(Operands[I], Compute)
                : !Generic && Kind == Form::CompoundAssign && I == 1
                    ? !writtenAs(Operands[I], Compute)
                    : false;
    S.Operands.push_back(O);
  }
  Op.Shape = std::move(S);
  return true;
}

Operation *OperationFinder::startBinary(const Expr *E, SourceLocation OpLoc, std::string OpName,
                                        BaseOp Base, llvm::StringRef Spelling, bool Compound,
                                        const Expr *L, const Expr *R, FileID &File) {
  Operation *Op = start(E, OpLoc, std::move(OpName), Base, Spelling.str(), File);
  if (!Op)
    return nullptr;
  // The value operands carry results into the operation; x op= y writes x rather than reading a
  // result.
  if (Compound) {
    Op->Variable = baseVariable(L);
    feeds({{R, 1}});
  } else {
    feeds({{L, 0}, {R, 1}});
  }
  return Op;
}

bool OperationFinder::visitDependentBinary(const Expr *E, SourceLocation OpLoc, BaseOp Base,
                                           llvm::StringRef Spelling, bool Compound,
                                           const Expr *L, const Expr *R) {
  if (!mayComputeInFloat({L->getType(), R->getType()}))
    return true;
  std::string OpName = rules::name(Base).str();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    OpName = reductionOpName(B, OpName, Ctx);
  FileID File;
  Operation *Op = startBinary(E, OpLoc, OpName, Base, Spelling, Compound, L, R, File);
  if (!Op)
    return true;
  Op->Type = "dependent";
  if (!Op->SkipReason.empty())
    return true;
  if (std::string Why = dependentOperatorSkipReason(E, SM); !Why.empty())
    return skip(*Op, Why);
  if (Compound) {
    if (std::string Why = lvalueSkipReason(L, Ctx); !Why.empty())
      return skip(*Op, Why);
    if (std::string Why = sequencingSkipReason(L, R, Ctx); !Why.empty())
      return skip(*Op, Why);
  }
  return shape(*Op, File, Compound ? Form::CompoundAssign : Form::Binary, E, OpLoc, {L, R},
               /*Generic=*/true, FloatKind::Float);
}

bool OperationFinder::visitDependentUnary(const Expr *E, SourceLocation OpLoc, BaseOp Base,
                                          llvm::StringRef Spelling, bool Prefix,
                                          const Expr *Sub) {
  if (!mayComputeInFloat({Sub->getType()}))
    return true;
  FileID File;
  Operation *Op = start(E, OpLoc, rules::name(Base).str(), Base, Spelling.str(), File);
  if (!Op)
    return true;
  Op->Type = "dependent";
  bool Neg = Base == BaseOp::Neg;
  if (Neg)
    feeds({{Sub, 0}});
  else
    Op->Variable = baseVariable(Sub);
  if (!Op->SkipReason.empty())
    return true;
  if (std::string Why = dependentOperatorSkipReason(E, SM); !Why.empty())
    return skip(*Op, Why);
  if (!Neg)
    if (std::string Why = lvalueSkipReason(Sub, Ctx); !Why.empty())
      return skip(*Op, Why);
  return shape(*Op, File, Neg ? Form::Negate : Form::IncDec, E, OpLoc, {Sub}, /*Generic=*/true,
               FloatKind::Float, Prefix);
}

void OperationFinder::markModified(const Expr *LValue) {
  if (const auto *D = dyn_cast<DeclRefExpr>(LValue->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
      Modified.insert(V);
}

bool OperationFinder::VisitVarDecl(VarDecl *VD) {
  const Expr *Init = VD->getInit();
  if (!Init)
    return true;
  if (VD->getType()->isReferenceType())
    markModified(Init); // writes through the reference are writes to what it names
  else if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD))
    InitOf[VD] = Init;
  return true;
}

bool OperationFinder::VisitBinaryOperator(BinaryOperator *B) {
  if (B->isAssignmentOp())
    markModified(B->getLHS());
  if (!isArithmetic(B->getOpcode()))
    return true;
  BaseOp Base = baseOf(B->getOpcode());
  bool Compound = B->isCompoundAssignmentOp();
  const Expr *L = B->getLHS(), *R = B->getRHS();
  // T * T in a template: float for one instantiation, int for another; one text serves all.
  if (B->isTypeDependent() || L->isTypeDependent() || R->isTypeDependent())
    return visitDependentBinary(B, B->getOperatorLoc(), Base, B->getOpcodeStr(), Compound, L, R);
  QualType CompT =
      Compound ? cast<CompoundAssignOperator>(B)->getComputationResultType() : B->getType();
  TypeClass TC = classify(CompT);
  if (TC.Kind == TypeClass::None) {
    noteOtherArithmetic(B->getOperatorLoc());
    return true;
  }

  FileID File;
  Operation *OpP = startBinary(B, B->getOperatorLoc(), reductionOpName(B, rules::name(Base), Ctx),
                               Base, B->getOpcodeStr(), Compound, L, R, File);
  if (!OpP)
    return true;
  Operation &Op = *OpP;
  Op.Type = TC.Kind == TypeClass::Unsupported ? CompT.getAsString() : typeName(TC.Float);
  if (TC.Kind == TypeClass::Unsupported)
    return skip(Op, TC.Why);
  if (!Op.SkipReason.empty())
    return true;

  // In C++ the result of x op= y is the lvalue x; where it is used as one, the generic
  // op_assign returns that lvalue.
  bool Generic = false;
  bool FloatLhsDoubleCompute = false;
  if (Compound) {
    if (std::string Why = lvalueSkipReason(L, Ctx); !Why.empty())
      return skip(Op, Why);
    std::optional<FloatKind> LK = runtimeKind(L->getType());
    if (!LK)
      return skip(Op, "left-hand side is not float or double");
    Generic = resultUsedAsLvalue(B, Ctx);
    if (std::string Why = sequencingSkipReason(L, R, Ctx); !Why.empty())
      return skip(Op, Why);
    // A double left-hand side makes the computation double, so only float = float op double
    // mixes.
    FloatLhsDoubleCompute = *LK != TC.Float;
  }
  if (hasUserConversion(R) || (!Compound && hasUserConversion(L)))
    return skip(Op, "user-defined conversion of an operand");
  shape(Op, File, Compound ? Form::CompoundAssign : Form::Binary, B, B->getOperatorLoc(), {L, R},
        Generic, TC.Float);
  if (Op.Shape)
    Op.Shape->FloatLhsDoubleCompute = FloatLhsDoubleCompute;
  return true;
}

bool OperationFinder::VisitUnaryOperator(UnaryOperator *U) {
  UnaryOperatorKind UK = U->getOpcode();
  if (UK == UO_AddrOf || U->isIncrementDecrementOp())
    markModified(U->getSubExpr());
  bool Neg = UK == UO_Minus;
  if (!Neg && !U->isIncrementDecrementOp())
    return true;
  const Expr *Sub = U->getSubExpr();
  if (Neg && isa<FloatingLiteral>(Sub->IgnoreParenImpCasts()))
    return true; // -1.0f is a literal, not arithmetic
  BaseOp Base = Neg ? BaseOp::Neg : U->isIncrementOp() ? BaseOp::Inc : BaseOp::Dec;
  std::string Spelling = UnaryOperator::getOpcodeStr(UK).str();
  bool Prefix = !U->isPostfix();
  if (U->isTypeDependent() || Sub->isTypeDependent())
    return visitDependentUnary(U, U->getOperatorLoc(), Base, Spelling, Prefix, Sub);
  TypeClass TC = classify(U->getType());
  if (TC.Kind == TypeClass::None) {
    noteOtherArithmetic(U->getOperatorLoc());
    return true;
  }
  FileID File;
  Operation *OpP = start(U, U->getOperatorLoc(), rules::name(Base).str(), Base, Spelling, File);
  if (!OpP)
    return true;
  Operation &Op = *OpP;
  Op.Type = TC.Kind == TypeClass::Unsupported ? U->getType().getAsString() : typeName(TC.Float);
  if (Neg)
    feeds({{Sub, 0}});
  else
    Op.Variable = baseVariable(Sub);
  if (TC.Kind == TypeClass::Unsupported)
    return skip(Op, TC.Why);
  if (!Op.SkipReason.empty())
    return true;
  if (Neg) {
    if (hasUserConversion(Sub))
      return skip(Op, "user-defined conversion of an operand");
    return shape(Op, File, Form::Negate, U, U->getOperatorLoc(), {Sub}, false, TC.Float,
                 /*Prefix=*/true);
  }
  if (std::string Why = lvalueSkipReason(Sub, Ctx); !Why.empty())
    return skip(Op, Why);
  // ++x is the lvalue x in C++: where it is used as one, the generic preinc returns that lvalue.
  bool Generic = Prefix && resultUsedAsLvalue(U, Ctx);
  return shape(Op, File, Form::IncDec, U, U->getOperatorLoc(), {Sub}, Generic, TC.Float, Prefix);
}

bool OperationFinder::VisitCallExpr(CallExpr *C) {
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C)) {
    // In a template, T * T with operator overloads in scope is an operator call; its type is
    // unknown until instantiation.
    static const std::map<OverloadedOperatorKind, BaseOp> Bases = {
        {OO_Plus, BaseOp::Add},      {OO_Minus, BaseOp::Sub},      {OO_Star, BaseOp::Mul},
        {OO_Slash, BaseOp::Div},     {OO_PlusEqual, BaseOp::Add},  {OO_MinusEqual, BaseOp::Sub},
        {OO_StarEqual, BaseOp::Mul}, {OO_SlashEqual, BaseOp::Div}, {OO_PlusPlus, BaseOp::Inc},
        {OO_MinusMinus, BaseOp::Dec}};
    auto It = Bases.find(OC->getOperator());
    if (It == Bases.end() || !OC->isTypeDependent())
      return true; // a class's own operator: its code is not ours to change
    OverloadedOperatorKind OK = OC->getOperator();
    llvm::StringRef Spelling = getOperatorSpelling(OK);
    if (OK == OO_PlusPlus || OK == OO_MinusMinus) // x++ carries a second, dummy argument
      return visitDependentUnary(OC, OC->getOperatorLoc(), It->second, Spelling,
                                 OC->getNumArgs() == 1, OC->getArg(0));
    if (OC->getNumArgs() == 1)
      return OK == OO_Minus ? visitDependentUnary(OC, OC->getOperatorLoc(), BaseOp::Neg, Spelling,
                                                  true, OC->getArg(0))
                            : true; // unary plus: no arithmetic
    bool Compound = OK == OO_PlusEqual || OK == OO_MinusEqual || OK == OO_StarEqual ||
                    OK == OO_SlashEqual;
    if (Compound)
      markModified(OC->getArg(0));
    return visitDependentBinary(OC, OC->getOperatorLoc(), It->second, Spelling, Compound,
                                OC->getArg(0), OC->getArg(1));
  }
  if (isa<CXXMemberCallExpr>(C))
    return true;
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
  if (Args.size() > 3)
    return skip(Op, "more than three floating-point arguments");
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

bool OperationFinder::VisitFunctionDecl(FunctionDecl *FD) {
  if (Rules.StepFunctions.empty() || !FD->doesThisDeclarationHaveABody() || !FD->getIdentifier())
    return true;
  if (FD->hasAttr<CUDAGlobalAttr>() ||
      (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()))
    return true; // autoscale_step() is host code
  std::string Qualified = FD->getQualifiedNameAsString();
  if (!llvm::is_contained(Rules.StepFunctions, Qualified) &&
      !llvm::is_contained(Rules.StepFunctions, FD->getName().str()))
    return true;
  const auto *Body = FD->getBody();
  if (!Body || !Body->getBeginLoc().isFileID())
    return true;
  const FileInfo &FI = fileInfo(SM.getFileID(Body->getBeginLoc()));
  if (FI.Ignored || FI.AlreadyRewritten)
    return true;
  Found.DisplayPaths[FI.Abs] = FI.Display;
  std::set<StepPoint> &Points = Found.StepPoints[FI.Abs];
  std::set<StepPoint> Mine = stepPointsOf(*FD, Ranges);
  Points.insert(Mine.begin(), Mine.end());
  return true;
}

void OperationFinder::linkInputs() {
  for (unsigned I = 0; I < Found.Ops.size(); ++I)
    for (auto [Operand, Slot] : OperandsOf[I]) {
      // Casts are clear operations: results flow through them.
      const Expr *E = Operand->IgnoreParenCasts();
      if (const auto *D = dyn_cast<DeclRefExpr>(E))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && !Modified.count(V))
          if (auto Init = InitOf.find(V); Init != InitOf.end())
            E = Init->second->IgnoreParenCasts();
      auto It = IndexOf.find(E);
      if (It != IndexOf.end())
        Found.Edges.insert({Found.Ops[It->second].Key, Found.Ops[I].Key, Slot});
    }
}

void OperationFinder::addProjectFiles() {
  for (auto It = SM.fileinfo_begin(), End = SM.fileinfo_end(); It != End; ++It) {
    FileID F = SM.translateFile(It->first);
    if (!F.isValid())
      continue;
    const FileInfo &FI = fileInfo(F);
    if (!FI.Ignored)
      Found.DisplayPaths[FI.Abs] = FI.Display;
  }
}

} // namespace

std::optional<std::string> FindOptions::relative(llvm::StringRef Abs) const {
  std::string Prefix = llvm::StringRef(Root).ends_with("/") ? Root : Root + "/";
  if (!Abs.starts_with(Prefix))
    return std::nullopt;
  return Abs.substr(Prefix.size()).str();
}

FoundUnit findOperations(ASTContext &Ctx, Preprocessor &PP, const rules::RuleSet &Rules,
                         const FindOptions &Opts) {
  OperationFinder Finder(Ctx, PP, Rules, Opts);
  Finder.TraverseAST(Ctx);
  return Finder.take();
}

} // namespace autoscale::find
