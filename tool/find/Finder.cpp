//===- Finder.cpp - find the floating-point operations of a translation unit -===//
#include "find/Finder.h"

#include "find/Context.h"
#include "find/FileRanges.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace clang;

namespace autoscale::find {
namespace {

/// The floating types the runtime computes in, and the ones it does not.
enum class FloatKind { None, Float, Double, Unsupported };

FloatKind classify(QualType T, std::string &Why) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *B = T->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::Float: return FloatKind::Float;
    case BuiltinType::Double: return FloatKind::Double;
    case BuiltinType::LongDouble: Why = "long double"; return FloatKind::Unsupported;
    default:
      if (B->isFloatingPoint()) {
        Why = "unsupported floating type";
        return FloatKind::Unsupported;
      }
      return FloatKind::None;
    }
  }
  if (const auto *C = T->getAs<ComplexType>(); C && C->getElementType()->isFloatingType()) {
    Why = "complex type";
    return FloatKind::Unsupported;
  }
  if (const auto *V = T->getAs<VectorType>(); V && V->getElementType()->isFloatingType()) {
    Why = "vector type";
    return FloatKind::Unsupported;
  }
  return FloatKind::None;
}

const char *suffix(FloatKind K) { return K == FloatKind::Float ? "f" : "d"; }
const char *typeName(FloatKind K) { return K == FloatKind::Float ? "float" : "double"; }

const char *baseOpName(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_AddAssign: return "add";
  case BO_Sub: case BO_SubAssign: return "sub";
  case BO_Mul: case BO_MulAssign: return "mul";
  case BO_Div: case BO_DivAssign: return "div";
  default: return nullptr;
  }
}

std::string runtimeOp(llvm::StringRef Name) {
  return ("AUTOSCALE_OP_" + Name.upper());
}

bool isFloatMul(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return B && B->getOpcode() == BO_Mul &&
         (B->getType()->isRealFloatingType() || B->isTypeDependent());
}

/// acc = acc + a*b: the add of a reduction written out.
bool isWrittenOutAccumulation(const BinaryOperator *Add, ASTContext &Ctx) {
  if (Add->getOpcode() != BO_Add)
    return false;
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(valueParent(Add, Ctx));
  if (!Assign || Assign->getOpcode() != BO_Assign || Assign->getRHS()->IgnoreParenImpCasts() != Add)
    return false;
  const Expr *L = Add->getLHS(), *R = Add->getRHS();
  return (sameExpr(L, Assign->getLHS(), Ctx) && isFloatMul(R)) ||
         (sameExpr(R, Assign->getLHS(), Ctx) && isFloatMul(L));
}

/// acc += a*b (or -=).
bool isCompoundAccumulation(const BinaryOperator *B) {
  return (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) &&
         isFloatMul(B->getRHS());
}

/// Whether E names a member placed below its type's alignment (a packed record's, or one inside
/// such a member): g++ refuses to bind it to a reference.
bool isPackedMember(const Expr *E, const ASTContext &Ctx) {
  while (const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts())) {
    const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
    if (!F)
      return false;
    const RecordDecl *RD = F->getParent();
    if (RD->isDependentType() || F->getType()->isDependentType()) {
      // No layout before instantiation: the attributes that may under-align it.
      if (F->hasAttr<PackedAttr>() || RD->hasAttr<PackedAttr>() ||
          RD->hasAttr<MaxFieldAlignmentAttr>())
        return true;
    } else if (RD->isCompleteDefinition() && !RD->isInvalidDecl() &&
               Ctx.getDeclAlign(F) < Ctx.getTypeAlignInChars(F->getType())) {
      return true;
    }
    if (M->isArrow())
      return false;
    E = M->getBase();
  }
  return false;
}

/// Why the operand E, as written, cannot be bound to a reference or have its address taken (the
/// autoscale:: generics take their operands by reference, the compound C calls by address), or
/// empty.
std::string bindSkipReason(const Expr *E, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (E->refersToBitField())
    return "bit-field operand";
  if (E->refersToVectorElement() || E->refersToMatrixElement())
    return "vector element operand";
  if (isPackedMember(E, Ctx))
    return "packed member operand";
  return {};
}

/// Why an lvalue cannot be handed to the runtime by address, or empty.
std::string lvalueSkipReason(const Expr *LV, const ASTContext &Ctx) {
  if (std::string Why = bindSkipReason(LV, Ctx); !Why.empty())
    return Why;
  if (LV->getType().isVolatileQualified())
    return "volatile operand";
  if (LV->getType()->isAtomicType())
    return "atomic operand"; // a call through its address would lose the atomic update
  if (const auto *D = dyn_cast<DeclRefExpr>(LV->IgnoreParens()))
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->getStorageClass() == SC_Register)
      return "register variable (no address)";
  return {};
}

/// Whether E assigns, increments or decrements something (calls are not looked into).
bool writesVariables(const Stmt *E) {
  if (!E)
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    return true;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && (OC->isAssignmentOp() || OC->getOperator() == OO_PlusPlus ||
             OC->getOperator() == OO_MinusMinus))
    return true;
  return llvm::any_of(E->children(), writesVariables);
}

/// Whether E only names something: variables, members reached by `.` or by a builtin `->`, and
/// literals. Such an expression has no side effects whatever its template's arguments turn out
/// to be, where HasSideEffects assumes the worst of anything dependent (a.acc in a template).
bool isPlainAccess(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, DependentScopeDeclRefExpr, CXXThisExpr, IntegerLiteral, FloatingLiteral>(E))
    return true;
  if (const auto *M = dyn_cast<MemberExpr>(E)) // resolved: an overloaded -> would be a call below
    return isPlainAccess(M->getBase());
  if (const auto *M = dyn_cast<CXXDependentScopeMemberExpr>(E)) {
    if (M->isImplicitAccess())
      return true;
    const Expr *Base = M->getBase();
    // p->m on a dependent p may call an overloaded operator->; this->m is builtin.
    return (!M->isArrow() || isa<CXXThisExpr>(Base->IgnoreParens())) && isPlainAccess(Base);
  }
  return false;
}

/// C++17 sequences the right operand of x op= y before the left; a call's arguments are not, so
/// a right operand that is not a constant could see the left's side effects (a[i++] += i), and
/// the left could be located before the right's writes (a[i] += x[i++]).
std::string sequencingSkipReason(const Expr *L, const Expr *R, const ASTContext &Ctx) {
  if (!Ctx.getLangOpts().CPlusPlus17)
    return {};
  bool LEffects = L->HasSideEffects(Ctx) && !(L->isInstantiationDependent() && isPlainAccess(L));
  if (LEffects && (R->isValueDependent() || !R->isEvaluatable(Ctx)))
    return "C++17 sequencing: the right operand must be evaluated before the left-hand side's "
           "side effects";
  if (!isa<DeclRefExpr>(L->IgnoreParens()) && writesVariables(R))
    return "C++17 sequencing: the right operand's writes must precede locating the left-hand side";
  return {};
}

/// Whether the conversion of an operand to its computation type calls user code.
bool hasUserConversion(const Expr *E) {
  while (const auto *C = dyn_cast<ImplicitCastExpr>(E)) {
    if (C->getCastKind() == CK_UserDefinedConversion ||
        C->getCastKind() == CK_ConstructorConversion)
      return true;
    E = C->getSubExpr();
  }
  return E->getType()->isRecordType();
}

/// Whether a dependent operation on operands of these types may compute in float or double in
/// some instantiation: no operand is a pointer or an array (that is pointer arithmetic), and one
/// is floating or not known until instantiation.
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

/// Why a dependent operator call cannot become an autoscale:: generic, or empty. The generics
/// apply the operator inside namespace autoscale::detail, where an operator the project declared
/// outside a class is not visible unless argument-dependent lookup finds it again; the template's
/// own lookup did find one (std::vector + std::vector, say).
std::string dependentOperatorSkipReason(const Expr *E, const SourceManager &SM) {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  const auto *U =
      OC ? dyn_cast<UnresolvedLookupExpr>(OC->getCallee()->IgnoreParenImpCasts()) : nullptr;
  if (!U)
    return {};
  for (const NamedDecl *D : U->decls()) {
    const FunctionDecl *FD = D->getUnderlyingDecl()->getAsFunction();
    if (FD && !isa<CXXMethodDecl>(FD) && !SM.isInSystemHeader(FD->getLocation()))
      return "operator found by lookup at the template";
  }
  return {};
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

class OperationFinder : public RecursiveASTVisitor<OperationFinder> {
public:
  OperationFinder(ASTContext &Ctx, Preprocessor &PP, const rules::RuleSet &Rules,
                  const FindOptions &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Rules(Rules), Opts(Opts),
        Ranges(SM, Ctx.getLangOpts(), PP) {}

  FoundOperations take() {
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
  Operation *start(const Expr *E, SourceLocation Anchor, std::string Op,
                   std::string Spelling, std::string RtOp, FileID &File);
  /// Records why Op is skipped; returns true so visitors can `return skip(...)`.
  bool skip(Operation &Op, std::string Why) {
    if (Op.SkipReason.empty())
      Op.SkipReason = std::move(Why);
    Op.Edits.clear();
    return true;
  }
  std::optional<FileSpan> spanIn(Operation &Op, FileID File, SourceRange R);
  void wrap(Operation &Op, const FileSpan &S, std::string Open, std::string Close, int Layer);
  void replace(Operation &Op, unsigned Offset, unsigned Length, std::string Text);
  /// "(float)(" when E, as written, is not of the computation type K; else empty.
  std::string conversion(const Expr *E, FloatKind K);
  void replaceOperatorBetween(Operation &Op, const FileSpan &L, const FileSpan &OpTok,
                              const FileSpan &R);
  struct BinarySpans {
    FileSpan Whole, L, Op, R;
  };
  struct UnarySpans {
    FileSpan Whole, Op, Sub;
  };
  /// The spans of `L op R` (E), or nullopt after recording why it cannot be rewritten.
  std::optional<BinarySpans> binarySpans(Operation &Op, FileID File, const Expr *E,
                                         SourceLocation OpLoc, const Expr *L, const Expr *R);
  std::optional<UnarySpans> unarySpans(Operation &Op, FileID File, const Expr *E,
                                       SourceLocation OpLoc, const Expr *Sub, bool Prefix);
  /// C++: `Call(site, L, R)`, one of the autoscale:: templates that compute what the operator
  /// computes for every type; operands are passed as written, by reference.
  bool emitGenericBinary(Operation &Op, FileID File, const Expr *E, SourceLocation OpLoc,
                         const Expr *L, const Expr *R, const std::string &Call);
  bool emitGenericUnary(Operation &Op, FileID File, const Expr *E, SourceLocation OpLoc,
                        const Expr *Sub, bool Prefix, const std::string &Call);
  /// Open + operand + Close in place of the unary operation E (the operator token goes).
  bool emitUnary(Operation &Op, FileID File, const Expr *E, SourceLocation OpLoc, const Expr *Sub,
                 bool Prefix, const std::string &Open, const char *Close);
  /// Starts the record of the binary operation E (L op R, or L op= R, which writes L).
  Operation *startBinary(const Expr *E, SourceLocation OpLoc, std::string OpName,
                         llvm::StringRef Spelling, const char *Base, bool Compound,
                         const Expr *L, const Expr *R, FileID &File);
  /// An operator of a template pattern whose type depends on a template parameter.
  bool visitDependentBinary(const Expr *E, SourceLocation OpLoc, const char *Base,
                            llvm::StringRef Spelling, bool Compound, const Expr *L,
                            const Expr *R);
  bool visitDependentUnary(const Expr *E, SourceLocation OpLoc, llvm::StringRef Name,
                           llvm::StringRef Spelling, bool Prefix, const Expr *Sub);
  bool visitIncDec(UnaryOperator *U, FloatKind K, Operation &Op, FileID File);
  void linkInputs();
  void addProjectFiles();
  void markModified(const Expr *LValue);
  bool hasLoopInvariantFactor(const BinaryOperator *Mul);
  /// The rules' name of B: Base, or dot_mul / accumulate for the parts of a reduction.
  std::string accumulationName(const BinaryOperator *B, const char *Base);
  void addStepEdits(FunctionDecl *FD);

  ASTContext &Ctx;
  SourceManager &SM;
  const rules::RuleSet &Rules;
  const FindOptions &Opts;
  FileRanges Ranges;
  FoundOperations Found;
  std::map<FileID, FileInfo> Files;
  std::map<const Expr *, unsigned> IndexOf;
  std::vector<std::vector<const Expr *>> OperandsOf; ///< per operation: its value operands
  /// Def-use through locals: a local initialised by an operation and never written again
  /// carries that operation's colour to the operations that read it.
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
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(FE->getName(), Real))
    return I;
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
                                  std::string Spelling, std::string RtOp,
                                  FileID &File) {
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
  Op.Op = std::move(OpName);
  Op.Spelling = std::move(Spelling);
  Op.RuntimeOp = std::move(RtOp);
  Op.File = FI.Display;
  Op.AbsFile = FI.Abs;
  Op.Offset = SM.getFileOffset(Spelled);
  Op.Line = SM.getLineNumber(File, Op.Offset);
  Op.Column = SM.getColumnNumber(File, Op.Offset);
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

std::optional<FileSpan> OperationFinder::spanIn(Operation &Op, FileID File, SourceRange R) {
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
  return S;
}

void OperationFinder::wrap(Operation &Op, const FileSpan &S, std::string Open, std::string Close,
                           int Layer) {
  Op.Edits.push_back({S.Begin, 0, std::move(Open), Edit::Open, S.size(), Layer});
  Op.Edits.push_back({S.End, 0, std::move(Close), Edit::Close, S.size(), Layer});
}

void OperationFinder::replace(Operation &Op, unsigned Offset, unsigned Length, std::string Text) {
  Op.Edits.push_back({Offset, Length, std::move(Text), Edit::Replace, 0, 0});
}

std::string OperationFinder::conversion(const Expr *E, FloatKind K) {
  QualType Written = E->IgnoreImpCasts()->getType().getCanonicalType().getUnqualifiedType();
  std::string Why;
  if (classify(Written, Why) == K)
    return {};
  return std::string("(") + typeName(K) + ")(";
}

void OperationFinder::replaceOperatorBetween(Operation &Op, const FileSpan &L,
                                             const FileSpan &OpTok, const FileSpan &R) {
  // "a * b" becomes "a, b": the spaces around the operator go too, unless a line break or a
  // comment would be lost.
  llvm::StringRef Gap = Ranges.text(FileSpan{L.File, L.End, R.Begin});
  llvm::StringRef Tok = Ranges.text(OpTok);
  if (!Gap.contains('\n') && Gap.trim(" \t") == Tok)
    replace(Op, L.End, R.Begin - L.End, ", ");
  else
    replace(Op, OpTok.Begin, OpTok.size(), ",");
}

std::optional<OperationFinder::BinarySpans>
OperationFinder::binarySpans(Operation &Op, FileID File, const Expr *E, SourceLocation OpLoc,
                             const Expr *L, const Expr *R) {
  if (std::string Why = Ranges.checkMacros(E->getSourceRange(), OpLoc); !Why.empty()) {
    skip(Op, Why);
    return std::nullopt;
  }
  auto Whole = spanIn(Op, File, E->getSourceRange());
  auto LS = spanIn(Op, File, L->getSourceRange());
  auto OS = spanIn(Op, File, OpLoc);
  auto RS = spanIn(Op, File, R->getSourceRange());
  if (!Whole || !LS || !OS || !RS)
    return std::nullopt;
  if (LS->Begin != Whole->Begin || LS->End > OS->Begin || OS->End > RS->Begin ||
      RS->End != Whole->End) {
    skip(Op, "operation straddles a macro boundary");
    return std::nullopt;
  }
  if (Ranges.containsDirective(*Whole)) {
    skip(Op, "preprocessor directive inside the operation");
    return std::nullopt;
  }
  return BinarySpans{*Whole, *LS, *OS, *RS};
}

std::optional<OperationFinder::UnarySpans>
OperationFinder::unarySpans(Operation &Op, FileID File, const Expr *E, SourceLocation OpLoc,
                            const Expr *Sub, bool Prefix) {
  if (std::string Why = Ranges.checkMacros(E->getSourceRange(), OpLoc); !Why.empty()) {
    skip(Op, Why);
    return std::nullopt;
  }
  auto Whole = spanIn(Op, File, E->getSourceRange());
  auto OS = spanIn(Op, File, OpLoc);
  auto SS = spanIn(Op, File, Sub->getSourceRange());
  if (!Whole || !OS || !SS)
    return std::nullopt;
  if ((Prefix && (OS->Begin != Whole->Begin || SS->End != Whole->End || OS->End > SS->Begin)) ||
      (!Prefix && (SS->Begin != Whole->Begin || OS->End != Whole->End || SS->End > OS->Begin))) {
    skip(Op, "operation straddles a macro boundary");
    return std::nullopt;
  }
  if (Ranges.containsDirective(*Whole)) {
    skip(Op, "preprocessor directive inside the operation");
    return std::nullopt;
  }
  return UnarySpans{*Whole, *OS, *SS};
}

bool OperationFinder::emitGenericBinary(Operation &Op, FileID File, const Expr *E,
                                        SourceLocation OpLoc, const Expr *L, const Expr *R,
                                        const std::string &Call) {
  for (const Expr *Operand : {L, R})
    if (std::string Why = bindSkipReason(Operand, Ctx); !Why.empty())
      return skip(Op, Why);
  std::optional<BinarySpans> S = binarySpans(Op, File, E, OpLoc, L, R);
  if (!S)
    return true;
  wrap(Op, S->Whole, Call + "(" + SiteMarker + ", ", ")", 1);
  replaceOperatorBetween(Op, S->L, S->Op, S->R);
  return true;
}

bool OperationFinder::emitGenericUnary(Operation &Op, FileID File, const Expr *E,
                                       SourceLocation OpLoc, const Expr *Sub, bool Prefix,
                                       const std::string &Call) {
  if (std::string Why = bindSkipReason(Sub, Ctx); !Why.empty())
    return skip(Op, Why);
  return emitUnary(Op, File, E, OpLoc, Sub, Prefix, Call + "(" + SiteMarker + ", ", ")");
}

bool OperationFinder::emitUnary(Operation &Op, FileID File, const Expr *E, SourceLocation OpLoc,
                                const Expr *Sub, bool Prefix, const std::string &Open,
                                const char *Close) {
  std::optional<UnarySpans> S = unarySpans(Op, File, E, OpLoc, Sub, Prefix);
  if (!S)
    return true;
  Op.Edits.push_back({S->Whole.Begin, 0, Open, Edit::Open, S->Whole.size(), 1});
  if (Prefix) {
    replace(Op, S->Op.Begin, S->Op.size(), "");
    Op.Edits.push_back({S->Whole.End, 0, Close, Edit::Close, S->Whole.size(), 1});
  } else {
    replace(Op, S->Op.Begin, S->Op.size(), Close);
  }
  return true;
}

Operation *OperationFinder::startBinary(const Expr *E, SourceLocation OpLoc, std::string OpName,
                                        llvm::StringRef Spelling, const char *Base,
                                        bool Compound, const Expr *L, const Expr *R,
                                        FileID &File) {
  Operation *Op = start(E, OpLoc, std::move(OpName), Spelling.str(), runtimeOp(Base), File);
  if (!Op)
    return nullptr;
  // The value operands colour the operation; x op= y writes x rather than reading a colour.
  OperandsOf.back() = {R};
  if (Compound)
    Op->Variable = baseVariable(L);
  else
    OperandsOf.back().insert(OperandsOf.back().begin(), L);
  return Op;
}

bool OperationFinder::visitDependentBinary(const Expr *E, SourceLocation OpLoc, const char *Base,
                                           llvm::StringRef Spelling, bool Compound,
                                           const Expr *L, const Expr *R) {
  if (!mayComputeInFloat({L->getType(), R->getType()}))
    return true;
  std::string OpName = Base;
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    OpName = accumulationName(B, Base);
  FileID File;
  Operation *Op = startBinary(E, OpLoc, OpName, Spelling, Base, Compound, L, R, File);
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
  return emitGenericBinary(*Op, File, E, OpLoc, L, R,
                           std::string("::autoscale::") + Base + (Compound ? "_assign" : ""));
}

bool OperationFinder::visitDependentUnary(const Expr *E, SourceLocation OpLoc,
                                          llvm::StringRef Name, llvm::StringRef Spelling,
                                          bool Prefix, const Expr *Sub) {
  if (!mayComputeInFloat({Sub->getType()}))
    return true;
  FileID File;
  Operation *Op = start(E, OpLoc, Name.str(), Spelling.str(), runtimeOp(Name), File);
  if (!Op)
    return true;
  Op->Type = "dependent";
  bool Neg = Name == "neg";
  if (Neg)
    OperandsOf.back() = {Sub};
  else
    Op->Variable = baseVariable(Sub);
  if (!Op->SkipReason.empty())
    return true;
  if (std::string Why = dependentOperatorSkipReason(E, SM); !Why.empty())
    return skip(*Op, Why);
  if (!Neg)
    if (std::string Why = lvalueSkipReason(Sub, Ctx); !Why.empty())
      return skip(*Op, Why);
  std::string Call = Neg ? "::autoscale::neg"
                         : (std::string("::autoscale::") + (Prefix ? "pre" : "post") + Name).str();
  return emitGenericUnary(*Op, File, E, OpLoc, Sub, Prefix, Call);
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
  const char *Base = baseOpName(B->getOpcode());
  if (!Base)
    return true;
  bool Compound = B->isCompoundAssignmentOp();
  const Expr *L = B->getLHS(), *R = B->getRHS();
  // T * T in a template: float for one instantiation, int for another; one text serves all.
  if (B->isTypeDependent() || L->isTypeDependent() || R->isTypeDependent())
    return visitDependentBinary(B, B->getOperatorLoc(), Base, B->getOpcodeStr(), Compound, L, R);
  QualType CompT =
      Compound ? cast<CompoundAssignOperator>(B)->getComputationResultType() : B->getType();
  std::string TypeWhy;
  FloatKind K = classify(CompT, TypeWhy);
  if (K == FloatKind::None)
    return true;

  FileID File;
  Operation *OpP = startBinary(B, B->getOperatorLoc(), accumulationName(B, Base),
                               B->getOpcodeStr(), Base, Compound, L, R, File);
  if (!OpP)
    return true;
  Operation &Op = *OpP;
  Op.Type = K == FloatKind::Unsupported ? CompT.getAsString() : typeName(K);
  if (K == FloatKind::Unsupported)
    return skip(Op, TypeWhy);
  if (!Op.SkipReason.empty())
    return true;

  std::string Call = std::string("autoscale_") + Base;
  // In C++ the result of x op= y is the lvalue x; where it is used as one, the generic
  // autoscale::op_assign returns that lvalue.
  bool Generic = false;
  if (Compound) {
    if (std::string Why = lvalueSkipReason(L, Ctx); !Why.empty())
      return skip(Op, Why);
    std::string LhsWhy;
    FloatKind LK = classify(L->getType(), LhsWhy);
    if (LK != FloatKind::Float && LK != FloatKind::Double)
      return skip(Op, "left-hand side is not float or double");
    Generic = resultUsedAsLvalue(B, Ctx);
    if (std::string Why = sequencingSkipReason(L, R, Ctx); !Why.empty())
      return skip(Op, Why);
    // A double left-hand side makes the computation double, so only float = float op double
    // mixes.
    Call += LK == K ? std::string("_assign_") + suffix(K) : std::string("_assign_fd");
  } else {
    Call += std::string("_") + suffix(K);
  }
  if (hasUserConversion(R) || (!Compound && hasUserConversion(L)))
    return skip(Op, "user-defined conversion of an operand");
  if (Generic)
    return emitGenericBinary(Op, File, B, B->getOperatorLoc(), L, R,
                             std::string("::autoscale::") + Base + "_assign");
  std::optional<BinarySpans> S = binarySpans(Op, File, B, B->getOperatorLoc(), L, R);
  if (!S)
    return true;
  wrap(Op, S->Whole, Call + "(" + SiteMarker + ", ", ")", 1);
  if (Compound) {
    wrap(Op, S->L, "&(", ")", 0);
  } else if (std::string Conv = conversion(L, K); !Conv.empty()) {
    wrap(Op, S->L, Conv, ")", 0);
  }
  replaceOperatorBetween(Op, S->L, S->Op, S->R);
  if (std::string Conv = conversion(R, K); !Conv.empty())
    wrap(Op, S->R, Conv, ")", 0);
  return true;
}

std::string OperationFinder::accumulationName(const BinaryOperator *B, const char *Base) {
  if (!B->isCompoundAssignmentOp() && B->getOpcode() == BO_Mul) {
    const auto *P = dyn_cast_or_null<BinaryOperator>(valueParent(B, Ctx));
    if (P && ((isCompoundAccumulation(P) && P->getRHS()->IgnoreParenImpCasts() == B) ||
              isWrittenOutAccumulation(P, Ctx)) &&
        contextOf(B, Ctx).InLoop && !hasLoopInvariantFactor(B))
      return "dot_mul";
  } else if (isCompoundAccumulation(B) || isWrittenOutAccumulation(B, Ctx)) {
    if (contextOf(B, Ctx).InLoop)
      return "accumulate";
  }
  return Base;
}

/// Whether a factor of Mul is a constant or a variable set outside the loops around it: then
/// acc += lr * g[i] scales what it adds (an optimizer step, an axpy), unlike the products of a
/// dot product or matrix product, whose factors both change from one iteration to the next.
bool OperationFinder::hasLoopInvariantFactor(const BinaryOperator *Mul) {
  const Stmt *Outermost = nullptr;
  DynTypedNode N = DynTypedNode::create(*static_cast<const Stmt *>(Mul));
  for (DynTypedNodeList P = Ctx.getParents(N); !P.empty(); P = Ctx.getParents(N)) {
    N = P[0];
    const Stmt *S = N.get<Stmt>();
    if (!S && N.get<FunctionDecl>())
      break;
    if (isa_and_nonnull<LambdaExpr>(S))
      break;
    if (isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      Outermost = S;
  }
  auto Invariant = [&](const Expr *F) {
    F = F->IgnoreParenCasts();
    if (isa<FloatingLiteral, IntegerLiteral>(F))
      return true;
    const auto *D = dyn_cast<DeclRefExpr>(F);
    const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && Outermost &&
           !SM.isPointWithin(V->getLocation(), Outermost->getBeginLoc(), Outermost->getEndLoc());
  };
  return Invariant(Mul->getLHS()) || Invariant(Mul->getRHS());
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
  std::string Spelling = UnaryOperator::getOpcodeStr(UK).str();
  std::string Name = Neg ? "neg" : U->isIncrementOp() ? "inc" : "dec";
  bool Prefix = !U->isPostfix();
  if (U->isTypeDependent() || Sub->isTypeDependent())
    return visitDependentUnary(U, U->getOperatorLoc(), Name, Spelling, Prefix, Sub);
  std::string TypeWhy;
  FloatKind K = classify(U->getType(), TypeWhy);
  if (K == FloatKind::None)
    return true;
  FileID File;
  Operation *OpP = start(U, U->getOperatorLoc(), Name,
                         Spelling, runtimeOp(Name), File);
  if (!OpP)
    return true;
  Operation &Op = *OpP;
  Op.Type = K == FloatKind::Unsupported ? U->getType().getAsString() : typeName(K);
  if (Neg)
    OperandsOf.back() = {Sub};
  else
    Op.Variable = baseVariable(Sub);
  if (K == FloatKind::Unsupported)
    return skip(Op, TypeWhy);
  if (!Op.SkipReason.empty())
    return true;
  if (Neg && hasUserConversion(Sub))
    return skip(Op, "user-defined conversion of an operand");
  std::string Call;
  if (Neg) {
    Call = std::string("autoscale_neg_") + suffix(K) + "(" + SiteMarker + ", ";
  } else {
    if (std::string Why = lvalueSkipReason(Sub, Ctx); !Why.empty())
      return skip(Op, Why);
    // ++x is the lvalue x in C++: where it is used as one, the generic autoscale::preinc
    // returns that lvalue.
    if (Prefix && resultUsedAsLvalue(U, Ctx))
      return emitGenericUnary(Op, File, U, U->getOperatorLoc(), Sub, Prefix,
                              "::autoscale::pre" + Name);
    Call = std::string("autoscale_") + (Prefix ? "pre" : "post") + Name + "_" + suffix(K) + "(" +
           SiteMarker + ", &(";
  }
  return emitUnary(Op, File, U, U->getOperatorLoc(), Sub, Prefix, Call, Neg ? ")" : "))");
}

bool OperationFinder::VisitCallExpr(CallExpr *C) {
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C)) {
    // In a template, T * T with operator overloads in scope is an operator call; its type is
    // unknown until instantiation.
    static const std::map<OverloadedOperatorKind, const char *> Names = {
        {OO_Plus, "add"}, {OO_Minus, "sub"}, {OO_Star, "mul"}, {OO_Slash, "div"},
        {OO_PlusEqual, "add"}, {OO_MinusEqual, "sub"}, {OO_StarEqual, "mul"},
        {OO_SlashEqual, "div"}, {OO_PlusPlus, "inc"}, {OO_MinusMinus, "dec"}};
    auto It = Names.find(OC->getOperator());
    if (It == Names.end() || !OC->isTypeDependent())
      return true; // a class's own operator: its code is not ours to change
    OverloadedOperatorKind OK = OC->getOperator();
    llvm::StringRef Spelling = getOperatorSpelling(OK);
    if (OK == OO_PlusPlus || OK == OO_MinusMinus) // x++ carries a second, dummy argument
      return visitDependentUnary(OC, OC->getOperatorLoc(), It->second, Spelling,
                                 OC->getNumArgs() == 1, OC->getArg(0));
    if (OC->getNumArgs() == 1)
      return OK == OO_Minus ? visitDependentUnary(OC, OC->getOperatorLoc(), "neg", Spelling,
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
  // and the generic autoscale::operand / autoscale::result round whatever float or double it
  // takes and returns.
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
  std::string TypeWhy;
  FloatKind K = Dependent ? FloatKind::None : classify(C->getType(), TypeWhy);
  if (!Dependent && K == FloatKind::None)
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
  Operation *OpP = start(C, Anchor, Name.str(), Spelling, "AUTOSCALE_OP_CALL", File);
  if (!OpP)
    return true;
  Operation &Op = *OpP;
  Op.Callee = Name.str();
  Op.Type = Dependent                     ? "dependent"
            : K == FloatKind::Unsupported ? C->getType().getAsString()
                                          : typeName(K);
  for (const Expr *A : C->arguments())
    OperandsOf.back().push_back(A);
  if (K == FloatKind::Unsupported)
    return skip(Op, TypeWhy);
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
  if (Ranges.containsDirective(*Whole))
    return skip(Op, "preprocessor directive inside the operation");
  std::string Result =
      Dependent ? std::string("::autoscale::result(") : std::string("autoscale_result_") + suffix(K) + "(";
  wrap(Op, *Whole, Result + SiteMarker + ", ", ")", 1);
  unsigned Slot = 0;
  std::vector<FileSpan> ArgSpans;
  for (const Expr *A : C->arguments()) {
    if (isa<CXXDefaultArgExpr>(A))
      continue;
    std::string ArgWhy;
    bool Generic = A->isTypeDependent();
    FloatKind AK = Generic ? FloatKind::None : classify(A->getType(), ArgWhy);
    if (Generic ? !mayComputeInFloat({A->getType()}) : AK == FloatKind::None)
      continue;
    if (AK == FloatKind::Unsupported)
      return skip(Op, "argument of type " + ArgWhy);
    if (Slot == 3)
      return skip(Op, "more than three floating-point arguments");
    if (!Generic && hasUserConversion(A))
      return skip(Op, "user-defined conversion of an operand");
    if (std::string Why = Generic ? bindSkipReason(A, Ctx) : ""; !Why.empty())
      return skip(Op, Why);
    auto AS = spanIn(Op, File, A->getSourceRange());
    if (!AS)
      return true;
    if (AS->Begin < Whole->Begin || AS->End > Whole->End)
      return skip(Op, "operation straddles a macro boundary");
    // A macro's body can use one argument text twice: pow(x, x) from POW2(x).
    if (llvm::any_of(ArgSpans, [&](const FileSpan &P) {
          return AS->Begin < P.End && P.Begin < AS->End;
        }))
      return skip(Op, "macro uses an argument twice");
    ArgSpans.push_back(*AS);
    std::string Conv = Generic ? "" : conversion(A, AK);
    std::string Operand = Generic ? std::string("::autoscale::operand(")
                                  : std::string("autoscale_operand_") + suffix(AK) + "(";
    wrap(Op, *AS, Operand + SiteMarker + ", " + std::to_string(Slot) + ", " + Conv,
         Conv.empty() ? ")" : "))", 0);
    ++Slot;
  }
  return true;
}

/// The return statements of a function body, not those of lambdas or local classes in it.
class ReturnCollector : public RecursiveASTVisitor<ReturnCollector> {
public:
  std::vector<ReturnStmt *> Returns;
  bool VisitReturnStmt(ReturnStmt *R) {
    Returns.push_back(R);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
};

bool OperationFinder::VisitFunctionDecl(FunctionDecl *FD) {
  if (Rules.stepFunctions.empty() || !FD->doesThisDeclarationHaveABody() || !FD->getIdentifier())
    return true;
  if (FD->hasAttr<CUDAGlobalAttr>() ||
      (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()))
    return true; // autoscale_step() is host code
  std::string Qualified = FD->getQualifiedNameAsString();
  if (!llvm::is_contained(Rules.stepFunctions, Qualified) &&
      !llvm::is_contained(Rules.stepFunctions, FD->getName().str()))
    return true;
  addStepEdits(FD);
  return true;
}

/// How the local holding a step function's return value is declared, e.g. "float autoscale_ret_"
/// or "float (*autoscale_ret_)(int)"; in C++ a deduced return type keeps its spelling ("auto"),
/// which deduces the same type from the same expression.
static std::string returnValueDecl(const FunctionDecl *FD, const SourceManager &SM,
                                   const LangOptions &LO) {
  constexpr const char *Name = "autoscale_ret_";
  QualType T = FD->getReturnType();
  if (T->getContainedDeducedType()) {
    SourceRange R = FD->getReturnTypeSourceRange();
    if (R.isInvalid() || !R.getBegin().isFileID() || !R.getEnd().isFileID())
      return {};
    return (Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, LO) + " " + Name).str();
  }
  PrintingPolicy Policy(LO);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  T.print(OS, Policy, Name);
  return Out;
}

void OperationFinder::addStepEdits(FunctionDecl *FD) {
  auto *Body = dyn_cast<CompoundStmt>(FD->getBody());
  if (!Body || !Body->getLBracLoc().isFileID() || !Body->getRBracLoc().isFileID())
    return;
  FileID File = SM.getFileID(Body->getLBracLoc());
  const FileInfo &FI = fileInfo(File);
  if (FI.Ignored || FI.AlreadyRewritten)
    return;
  std::vector<Edit> &Edits = Found.StepEdits[FI.Abs];
  Found.DisplayPaths[FI.Abs] = FI.Display;
  const LangOptions &LO = Ctx.getLangOpts();
  constexpr unsigned Outermost = ~0u;
  QualType RetT = FD->getReturnType();
  bool Void = RetT->isVoidType();
  // A class that is not trivially copyable (a move-only type, say), or a dependent type that may
  // be one, might not fit in the local: such a return keeps the step before it. So does a
  // reference or decltype(auto) return: the local would be a reference (an rvalue one that
  // `return autoscale_ret_;` cannot bind, or one to a temporary that dies) or change what
  // decltype(auto) deduces; the step then comes before the value is computed. Other values are
  // held in the local unchanged.
  const AutoType *Deduced = RetT->getContainedAutoType();
  bool ByReference = RetT->isReferenceType() || (Deduced && Deduced->isDecltypeAuto());
  std::string RetDecl;
  if (!RetT->isDependentType() && !ByReference &&
      (!RetT->isRecordType() || RetT.isTriviallyCopyableType(Ctx)))
    RetDecl = returnValueDecl(FD, SM, LO);
  ReturnCollector Collect;
  Collect.TraverseStmt(Body);
  for (ReturnStmt *R : Collect.Returns) {
    if (!R->getBeginLoc().isFileID() || !R->getEndLoc().isFileID())
      continue; // a return written by a macro: nowhere safe to insert
    SourceLocation AfterSemi =
        Lexer::findLocationAfterToken(R->getEndLoc(), tok::semi, SM, LO, false);
    if (AfterSemi.isInvalid() || !AfterSemi.isFileID())
      continue;
    unsigned Begin = SM.getFileOffset(R->getBeginLoc()), End = SM.getFileOffset(AfterSemi);
    const Expr *Value = R->getRetValue();
    std::string Why;
    std::optional<FileSpan> V =
        Value ? Ranges.span(Value->getSourceRange(), Why) : std::optional<FileSpan>();
    // The step ends after the returned value is computed: `return e;` becomes
    // `{ T autoscale_ret_ = (e); autoscale_step(); return autoscale_ret_; }`. The braces keep
    // `if (c) return e;` one statement.
    if (V && V->File == File && (Void || !RetDecl.empty())) {
      bool Braced = Ranges.text(*V).starts_with("{"); // return {a, b}: list-initialised
      std::string Open = Void ? "{ (" : "{ " + RetDecl + (Braced ? " = " : " = (");
      Edits.push_back({Begin, V->Begin - Begin, Open, Edit::Replace, Outermost, 0});
      if (!Braced)
        Edits.push_back({V->End, 0, ")", Edit::Close, Outermost, 0});
      Edits.push_back({End, 0,
                       Void ? " autoscale_step(); return; }"
                            : " autoscale_step(); return autoscale_ret_; }",
                       Edit::Open, Outermost, 0});
      continue;
    }
    // `return;`, or a value the tool cannot move (written by a macro): the step ends just before
    // the return.
    Edits.push_back({Begin, 0, "{ autoscale_step(); ", Edit::Open, Outermost, 0});
    Edits.push_back({End, 0, " }", Edit::Close, Outermost, 0});
  }
  if (Void && (Body->body_empty() || !isa<ReturnStmt>(Body->body_back())))
    Edits.push_back({SM.getFileOffset(Body->getRBracLoc()), 0, "autoscale_step(); ", Edit::Open,
                     Outermost, 0});
}

void OperationFinder::linkInputs() {
  for (unsigned I = 0; I < Found.Ops.size(); ++I)
    for (const Expr *Operand : OperandsOf[I]) {
      // Casts are clear operations: colour flows through them.
      const Expr *E = Operand->IgnoreParenCasts();
      if (const auto *D = dyn_cast<DeclRefExpr>(E))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && !Modified.count(V))
          if (auto Init = InitOf.find(V); Init != InitOf.end())
            E = Init->second->IgnoreParenCasts();
      auto It = IndexOf.find(E);
      if (It == IndexOf.end())
        continue;
      const Operation &In = Found.Ops[It->second];
      Found.Ops[I].Inputs.push_back(It->second);
      Found.Ops[I].FedBy.push_back(In.File + ":" + std::to_string(In.Line) + ":" +
                                   std::to_string(In.Column));
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

FoundOperations findOperations(ASTContext &Ctx, Preprocessor &PP, const rules::RuleSet &Rules,
                               const FindOptions &Opts) {
  OperationFinder Finder(Ctx, PP, Rules, Opts);
  Finder.TraverseAST(Ctx);
  return Finder.take();
}

} // namespace autoscale::find
