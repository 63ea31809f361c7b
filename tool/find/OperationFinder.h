//===- OperationFinder.h - the AST visitor behind findOperations -------------===//
//
// Internal to find/ and the substitution kinds' recognisers (Recogniser.h), which read and
// record through its public members. One visitor class whose members live by concern:
// Finder.cpp (records, spans and shapes, def-use, files, the calls of the recognisers),
// Operators.cpp (+ - * / and their compound assignments, unary minus, ++/--), MathCalls.cpp
// (calls of math functions).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_OPERATIONFINDER_H
#define AUTOSCALE_TOOL_FIND_OPERATIONFINDER_H

#include "find/operations/CallEffects.h"
#include "find/operations/CallSites.h"
#include "find/operations/ConstantUses.h"
#include "find/operations/ControlValues.h"
#include "find/Context.h"
#include "find/FileRanges.h"
#include "find/Finder.h"
#include "find/Instantiations.h"
#include "find/Recogniser.h"
#include "find/operations/FloatTypes.h"
#include "find/operations/Reductions.h"
#include "ruleset/Vocabulary.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <optional>
#include <set>

namespace autoscale::find {

using namespace clang;

/// Whether the operand E, as written, is already of the computation type K.
inline bool writtenAs(const Expr *E, FloatKind K) {
  return runtimeKind(E->IgnoreImpCasts()->getType()) == K;
}

class OperationFinder : public RecursiveASTVisitor<OperationFinder> {
public:
  OperationFinder(ASTContext &Ctx, Preprocessor &PP, const rules::RuleSet &Rules,
                  const FindOptions &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Rules(Rules), Opts(Opts),
        Ranges(SM, Ctx.getLangOpts(), PP) {}

  FoundUnit take() {
    recogniseLoops();
    linkInputs();
    addProjectFiles();
    recordKernels();
    return std::move(Found);
  }

  /// OpenMP clauses hold operations Clang synthesises (reduction combiners) at the clause's
  /// location; none is an operation the user wrote.
  bool TraverseOMPClause(OMPClause *) { return true; }
  bool VisitBinaryOperator(BinaryOperator *B);
  bool VisitUnaryOperator(UnaryOperator *U);
  bool VisitCXXFoldExpr(CXXFoldExpr *E);
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee();
        F && F->getIdentifier() &&
        F->getName() == rules::entryPoint(rules::EntryKind::Step, rules::EntryType::None))
      Found.CallsStep = true;
    if (auto *OC = dyn_cast<CXXOperatorCallExpr>(C))
      return visitOperatorCall(OC);
    return isa<CXXMemberCallExpr>(C) || recogniseCall(*C) || visitMathCall(C);
  }
  bool VisitFunctionDecl(FunctionDecl *FD);
  bool VisitVarDecl(VarDecl *VD);

  // What the substitution kinds' recognisers read and record through.
  ASTContext &context() const { return Ctx; }
  const FileRanges &ranges() const { return Ranges; }
  const rules::RuleSet &ruleSet() const { return Rules; }
  /// The analysis of each function holding operations, made on first use.
  const Reductions &reductionsOf(const FunctionDecl *FD);
  /// The locals no call can write of FD (null outside functions or without a body), made on first
  /// use.
  const PrivateLocals *privateLocalsOf(const FunctionDecl *FD);
  Operation &operation(unsigned Index) { return Found.Ops[Index]; }
  /// The record of the operation E, or null.
  const Operation *recorded(const Expr *E) const {
    auto It = IndexOf.find(E);
    return It == IndexOf.end() ? nullptr : &Found.Ops[It->second];
  }
  /// Starts the record of an operation a kind computes whole (a GEMM, op Base) anchored at Anchor
  /// in FD, in the innermost loop around Where (when given); nullptr: not the project's. Two such
  /// records at one anchor are spelled Spelling, Spelling#2, ...
  Operation *startWhole(const FunctionDecl &FD, SourceLocation Anchor, const Stmt *Where,
                        std::string Spelling, BaseOp Base);
  /// Records why Op is skipped; returns true so visitors can `return skip(...)`.
  bool skip(Operation &Op, std::string Why) {
    if (Op.SkipReason.empty())
      Op.SkipReason = std::move(Why);
    Op.Shape.reset();
    return true;
  }
  /// Whether Op is skipped only for the place its value reaches (a condition, a phase): what its
  /// operands are (constants, integers) then says more, and takes the reason's place
  /// (skipForOperands), so that it counts as no tensor data.
  bool skippedForItsPlace(const Operation &Op) const {
    return PlaceSkips.count(static_cast<size_t>(&Op - Found.Ops.data())) != 0;
  }
  bool skipForOperands(Operation &Op, std::string Why) {
    if (skippedForItsPlace(Op))
      Op.SkipReason.clear();
    return skip(Op, std::move(Why));
  }

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
  /// An arithmetic operator of a library class on floating-point values (std::complex<float>),
  /// which the rewrite cannot reach: reported, and kept.
  bool visitLibraryOperator(const CXXOperatorCallExpr *OC, BaseOp Base);
  /// An operator of a template pattern whose type depends on a template parameter.
  bool visitDependentBinary(const Expr *E, SourceLocation OpLoc, BaseOp Base,
                            llvm::StringRef Spelling, bool Compound, const Expr *L,
                            const Expr *R);
  bool visitDependentUnary(const Expr *E, SourceLocation OpLoc, BaseOp Base,
                           llvm::StringRef Spelling, bool Prefix, const Expr *Sub);
  /// A template's T * T, found as a call of an overloaded operator (Operators.cpp).
  bool visitOperatorCall(CXXOperatorCallExpr *OC);
  /// A call of a math function the rules know (MathCalls.cpp).
  bool visitMathCall(CallExpr *C);
  /// Whether a kind's recogniser recorded the call C.
  bool recogniseCall(CallExpr &C);
  /// The key of FD's record (CallGraph.h).
  std::string keyOf(const FunctionDecl &FD);
  /// The definition FD's key and name are taken from (its template pattern's, if any), and the
  /// project-relative path of its file.
  std::pair<const FunctionDecl *, llvm::StringRef> definitionOf(const FunctionDecl &FD);
  /// Notes an arithmetic operator that is not a floating-point operation.
  void noteOtherArithmetic(SourceLocation OpLoc);
  void linkInputs();
  void addProjectFiles();
  /// The kernels the unit defines or launches, and the block sizes of its launches.
  void recordKernels();
  /// Every recogniser's look at each innermost loop holding operations.
  void recogniseLoops();
  /// Per innermost loop with operations: their indices, and the function it is in.
  std::map<const Stmt *, std::vector<unsigned>> OpsInLoop;
  std::map<const Stmt *, const FunctionDecl *> FunctionOfLoop;

  ASTContext &Ctx;
  ContextCache Contexts;
  SourceManager &SM;
  const rules::RuleSet &Rules;
  const FindOptions &Opts;
  FileRanges Ranges;
  FoundUnit Found;
  std::map<FileID, FileInfo> Files;
  std::map<const Expr *, unsigned> IndexOf;
  std::set<size_t> PlaceSkips; ///< operations skipped for the place their value reaches
  std::map<const ForStmt *, bool> DeviceLoopsDecided; ///< deviceLoopsToUnroll's answers
  /// Per operation: its value operands and their slots.
  std::vector<std::vector<std::pair<const Expr *, unsigned>>> OperandsOf;
  std::map<const FunctionDecl *, std::unique_ptr<Reductions>> ReductionsOf;
  /// The buffers the unit's functions exchange (ExchangedBuffers.h), on first use.
  std::optional<BufferExchanges> Exchanged;
  InstantiatedOperations Instantiated;
  /// The private locals (privateLocalsOf) of the function the operation start() began last is in.
  /// The control values of FD (ControlValues.h), made on first use.
  const ControlValues &controlValuesOf(const FunctionDecl &FD);
  std::map<const FunctionDecl *, std::unique_ptr<ControlValues>> ControlValuesOf;
  const PrivateLocals *privateLocals() { return privateLocalsOf(StartedIn); }
  /// Whether local V of the function the last operation began in holds only its initialiser's
  /// value: nothing writes it after, no call can (integerSkipReason).
  bool givenOnce(const VarDecl &V) { return StartedIn && givenOnce(*StartedIn, V); }
  bool widenedOnPurpose(const clang::Expr *E);
  std::set<const clang::VarDecl *> WideningLocals; ///< widenedOnPurpose's locals being read
  bool givenOnce(const FunctionDecl &FD, const VarDecl &V) {
    const PrivateLocals *Private = privateLocalsOf(&FD);
    return Private && Private->contains(&V) && reductionsOf(&FD).givenOnce(V);
  }
  /// Why an operation of a template pattern stays as written in one of its floating-point
  /// instantiations (where it computes in a type argument: Instantiations.h), where what the
  /// pattern leaves dependent is resolved: a value that steers control flow (a float loop counter
  /// `T t`), operands computed from integers (`T(i)`).
  std::string instantiationSkipReason(const FunctionDecl &Pattern, SourceLocation OpLoc);
  /// Whether File is #included (directly or not) inside FD's body.
  bool includedInside(FileID File, const FunctionDecl &FD) const;
  /// Whether the lambda is called in a constant expression (ConstantUses.h), found on first use.
  bool calledInConstants(const CXXMethodDecl *Lambda);
  std::optional<std::set<const CXXMethodDecl *>> ConstantLambdas;
  /// What the operator E of FD is for (Reductions.h); for a dependent operator call of a template
  /// (`acc += x` with overloads in scope), what it is in an instantiation that resolves it.
  std::optional<rules::Idiom> roleOf(const Expr *E, const FunctionDecl &FD);
  /// Whether FD computes its callers' state updates (UpdateHelpers.h), the unit's helpers found on
  /// first use.
  bool computesUpdates(const FunctionDecl &FD);
  std::optional<std::set<const FunctionDecl *>> UpdateHelpers;
  /// Whether FD returns a float every call of which steers control flow in its caller (the
  /// caller's ControlValues), so that its result is a control place (ControlValues.h).
  bool resultSteers(const FunctionDecl &FD);
  std::optional<std::set<const FunctionDecl *>> SteeringResults;
  /// The unit's call sites (CallSites.h), found on first use.
  const std::map<const FunctionDecl *, std::vector<CallSite>> &sites();
  std::optional<std::map<const FunctionDecl *, std::vector<CallSite>>> CallSitesOf;
  /// The call operators of the function objects the unit folds ranges with (found with the sites).
  std::set<const FunctionDecl *> FoldOperators;
  std::map<const FunctionDecl *, std::unique_ptr<PrivateLocals>> PrivateLocalsOf;
  /// The function of the operation start() began last (its shape comes next).
  const FunctionDecl *StartedIn = nullptr;
  /// Def-use: the values a local is given (its initialiser, the right side of `x = e`, the
  /// compound assignment or ++/-- itself) reach the operations that read them where no value
  /// given unconditionally in between hides them (ReachingValues.h); a
  /// value stored to an array element reaches the reads of the same element written the same
  /// way in the same loop iteration (out[i] = a * b; ... out[i] + c); outside loops, a read of a
  /// local array's element is reached by every value stored to the array (partial sums in
  /// acc[i % 4], combined after the loop as acc[0] + acc[1]).
  std::map<const VarDecl *, std::vector<const Expr *>> DefsOf;
  std::map<std::pair<const Stmt *, unsigned>, std::vector<const Expr *>> StoresOf;
  std::map<const VarDecl *, std::vector<const Expr *>> LocalArrayStoresOf;
  /// The local array variable E is an element of, or null.
  static const clang::VarDecl *localArrayOf(const clang::Expr *E);
  /// Records of whole operations per anchor: two GEMM statements of one nest are two sites.
  std::map<std::pair<std::string, unsigned>, unsigned> WholesAt;
  /// Notes the value Value (or the operation Def itself) given to the lvalue LValue.
  void noteDefinition(const Expr *LValue, const Expr *Value);
  /// An element written A[i] within loop L, as the key of StoresOf.
  std::optional<std::pair<const Stmt *, unsigned>> elementKey(const Expr *E);
};

} // namespace autoscale::find

#endif
