//===- Finder.cpp - find the floating-point operations of a translation unit -===//
//
// The visitor's records, spans and shapes, def-use links and files, and its calls of the
// substitution kinds' recognisers (OperationFinder.h).
//
//===----------------------------------------------------------------------===//
#include "find/OperationFinder.h"

#include "find/steps/CallGraph.h"
#include "find/Context.h"
#include "find/Instantiations.h"
#include "find/KernelLaunches.h"
#include "find/ReachingValues.h"
#include "find/loops/DeviceUnrolls.h"
#include "find/operations/ExchangedBuffers.h"
#include "find/operations/SkipReasons.h"
#include "find/operations/UpdateHelpers.h"
#include "find/steps/StepPoints.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"

namespace autoscale::find {

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
  for (llvm::StringRef Own : {Opts.RuntimeIncludeDir, Opts.ToolDataDir})
    if (!Own.empty() && llvm::StringRef(I.Abs).starts_with(Own.str() + "/"))
      return I;
  std::optional<std::string> Display = Opts.relative(I.Abs);
  if (!Display) {
    Found.OutsideRoot.insert(I.Abs);
    return I;
  }
  I.Ignored = false;
  I.Display = std::move(*Display);
  llvm::StringRef Text = SM.getBufferData(F);
  Text.consume_front(ByteOrderMark);
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
  ExprContext C = contextOf(E, Ctx, &Contexts);
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
  if (Op.Cuda)
    Op.DeviceUnrolls = deviceLoopsToUnroll(*E, Ctx, DeviceLoopsDecided);
  Op.SeenByC = !Ctx.getLangOpts().CPlusPlus;
  Op.Function = C.Function;
  StartedIn = C.FunctionNode;
  if (C.FunctionNode)
    Op.FunctionKey = keyOf(*C.FunctionNode);
  if (C.Loop) {
    Op.Loop = loopOffset(*C.Loop, SM);
    OpsInLoop[C.Loop].push_back(static_cast<unsigned>(Found.Ops.size() - 1));
    FunctionOfLoop[C.Loop] = C.FunctionNode;
  }
  if (C.FunctionNode) {
    if (std::optional<rules::Idiom> Role = roleOf(E, *C.FunctionNode))
      Op.OpName = rules::name(*Role).str();
    else if (Base != BaseOp::Call && Base != BaseOp::Matmul &&
             computesUpdates(C.Lambda ? *C.Lambda : *C.FunctionNode))
      Op.OpName = rules::name(rules::Idiom::Update).str();
  }
  Op.Variable = C.Variable;
  Found.DisplayPaths[FI.Abs] = FI.Display;
  IndexOf[E] = Found.Ops.size() - 1;
  OperandsOf.emplace_back();
  if (FI.AlreadyRewritten)
    skip(Op, "file already rewritten");
  else if (!C.SkipReason.empty())
    skip(Op, C.SkipReason);
  else if (std::string Why = C.FunctionNode ? controlValuesOf(*C.FunctionNode).reasonFor(E) : "";
           !Why.empty()) {
    skip(Op, Why);
    PlaceSkips.insert(Found.Ops.size() - 1);
  }
  else if (C.FunctionNode && includedInside(File, *C.FunctionNode))
    skip(Op, "in a file #included inside a function body (no place for its prelude)");
  else if (C.Lambda && calledInConstants(C.Lambda))
    skip(Op, "constant expression (a lambda called in one)");
  return &Op;
}

const ControlValues &OperationFinder::controlValuesOf(const FunctionDecl &FD) {
  std::unique_ptr<ControlValues> &V = ControlValuesOf[&FD];
  if (!V)
    V = std::make_unique<ControlValues>(FD, Ctx, 0, resultSteers(FD));
  return *V;
}

bool OperationFinder::resultSteers(const FunctionDecl &FD) {
  if (!SteeringResults) {
    SteeringResults.emplace();
    // The callers' own control places, one call deep (a caller whose result steers is not followed).
    // A printed call neither steers nor computes. A function writing nothing (a distance) steers
    // where one call ranks with it (not a check against a constant); one with effects where all do.
    std::map<const FunctionDecl *, std::unique_ptr<ControlValues>> Callers;
    const auto Steers = [&](const CallSite &Site) {
      std::unique_ptr<ControlValues> &Of = Callers[Site.Caller];
      if (!Of)
        Of = std::make_unique<ControlValues>(*Site.Caller, Ctx);
      return !Of->reasonFor(Site.Call).empty();
    };
    for (const auto &[Callee, Calls] : sites())
      if (Callee->getReturnType()->isRealFloatingType() && llvm::any_of(Calls, Steers) &&
          (llvm::any_of(Calls, [&](const CallSite &Site) {
             return Steers(Site) && !callsMayWrite(Site.Call, Ctx) && !ControlValues::comparedWithConstant(Site.Call, Ctx);
           }) ||
           llvm::all_of(Calls, [&](const CallSite &Site) {
             return Steers(Site) || reductionsOf(Site.Caller).roleOf(Site.Call) == rules::Idiom::Report;
           }))) {
        SteeringResults->insert(Callee);
        if (const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern())
          SteeringResults->insert(Pattern->getCanonicalDecl());
      }
  }
  return SteeringResults->count(FD.getCanonicalDecl()) != 0;
}

const std::map<const FunctionDecl *, std::vector<CallSite>> &OperationFinder::sites() {
  if (!CallSitesOf)
    CallSitesOf = callSites(Ctx, FoldOperators);
  return *CallSitesOf;
}

const Reductions &OperationFinder::reductionsOf(const FunctionDecl *FD) {
  std::unique_ptr<Reductions> &R = ReductionsOf[FD];
  if (!R) {
    // Its calls (its instantiations' too), where callers may pass it buffers they exchange.
    std::vector<CallSite> Calls;
    std::vector<const FunctionDecl *> Callees = instantiationsOf(*FD);
    Callees.push_back(FD);
    for (const FunctionDecl *Callee : Callees)
      if (auto It = sites().find(Callee->getCanonicalDecl()); It != sites().end())
        Calls.insert(Calls.end(), It->second.begin(), It->second.end());
    if (!Exchanged)
      Exchanged.emplace(Ctx, sites());
    R = std::make_unique<Reductions>(*FD, Ctx, Exchanged->of(*FD, Calls),
                                     FoldOperators.count(FD->getCanonicalDecl()) != 0);
  }
  return *R;
}

bool OperationFinder::includedInside(FileID File, const FunctionDecl &FD) const {
  const Stmt *Body = FD.getBody();
  if (!Body)
    return false;
  SourceRange R = Body->getSourceRange();
  for (SourceLocation At = SM.getIncludeLoc(File); At.isValid();
       At = SM.getIncludeLoc(SM.getFileID(At)))
    if (SM.isBeforeInTranslationUnit(R.getBegin(), At) &&
        SM.isBeforeInTranslationUnit(At, R.getEnd()))
      return true;
  return false;
}

bool OperationFinder::calledInConstants(const CXXMethodDecl *Lambda) {
  if (!ConstantLambdas)
    ConstantLambdas = lambdasCalledInConstants(Ctx);
  return ConstantLambdas->count(Lambda) != 0;
}

std::optional<rules::Idiom> OperationFinder::roleOf(const Expr *E, const FunctionDecl &FD) {
  if (std::optional<rules::Idiom> Role = reductionsOf(&FD).roleOf(E))
    return Role;
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
  if (!OC || !OC->isTypeDependent())
    return std::nullopt;
  for (const FunctionDecl *F : instantiationsOf(FD))
    if (const Expr *Op = Instantiated.at(*F, OC->getOperatorLoc()))
      if (std::optional<rules::Idiom> Role = reductionsOf(F).roleOf(Op))
        return Role;
  return std::nullopt;
}

bool OperationFinder::computesUpdates(const FunctionDecl &FD) {
  if (!UpdateHelpers)
    UpdateHelpers = updateHelpers(sites(), [&](const FunctionDecl *F) -> const Reductions & { return reductionsOf(F); }, Ctx);
  return UpdateHelpers->count(FD.getCanonicalDecl()) != 0;
}

const PrivateLocals *OperationFinder::privateLocalsOf(const FunctionDecl *FD) {
  if (!FD || !FD->getBody())
    return nullptr;
  std::unique_ptr<PrivateLocals> &L = PrivateLocalsOf[FD];
  if (!L)
    L = std::make_unique<PrivateLocals>(*FD, Ctx);
  return L.get();
}

void OperationFinder::noteOtherArithmetic(SourceLocation OpLoc) {
  SourceLocation Spelled = SM.getSpellingLoc(OpLoc);
  if (Spelled.isInvalid())
    return;
  const FileInfo &FI = fileInfo(SM.getFileID(Spelled));
  if (!FI.Ignored)
    Found.OtherArithmetic[FI.Abs].insert(SM.getFileOffset(Spelled));
}

/// Why an operation whose pieces do not lie in order in one file stays as written.
static const char *const kStraddles = "operation straddles a macro boundary";

std::optional<Span> OperationFinder::spanIn(Operation &Op, FileID File, SourceRange R) {
  std::string Why;
  std::optional<FileSpan> S = Ranges.span(R, Why);
  if (!S) {
    skip(Op, Why);
    return std::nullopt;
  }
  if (S->File != File) {
    skip(Op, kStraddles);
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
  // The pieces' text: the whole, the operator, the operands; then whether they lie in order, end
  // to end: [L] op [R] for binary operations, op [X] or [X] op for unary ones. Why: the first
  // piece without text in File.
  std::vector<Span> P;
  std::string Why;
  bool Straddles = false; // a piece's text lies elsewhere, or out of order
  const auto InOrder = [&](bool InArgument) {
    P.clear();
    std::vector<SourceRange> Texts = {E->getSourceRange(), SourceRange(OpLoc, OpLoc)};
    for (const Expr *O : Operands)
      Texts.push_back(O->getSourceRange());
    for (SourceRange R : Texts) {
      std::optional<FileSpan> S = Ranges.span(R, Why, InArgument);
      Straddles = S && S->File != File;
      if (!S || Straddles)
        return false;
      P.push_back(Span{S->Begin, S->End});
    }
    const Span &Whole = P[0], &Opr = P[1];
    std::vector<Span> Seq(P.begin() + 2, P.end());
    Seq.insert(Prefix || Operands.size() == 2 ? Seq.begin() + (Prefix ? 0 : 1) : Seq.end(), Opr);
    bool Ordered = Seq.front().Begin == Whole.Begin && Seq.back().End == Whole.End;
    for (size_t I = 1; I < Seq.size(); ++I)
      Ordered &= Seq[I - 1].End <= Seq[I].Begin;
    Straddles = !Ordered;
    return Ordered;
  };
  // An operation that fills an identity macro's argument (`ID(a * b)`) maps to the macro call
  // as a whole; taken in the argument's text, its pieces lie in order.
  if (!InOrder(false)) {
    const std::string First = Straddles ? kStraddles : Why;
    if (!Straddles || !OpLoc.isMacroID() || !InOrder(true)) {
      skip(Op, First);
      return std::nullopt;
    }
  }
  const Span &Whole = P[0];
  if (Ranges.containsDirective(FileSpan{File, Whole.Begin, Whole.End})) {
    skip(Op, "preprocessor directive inside the operation");
    return std::nullopt;
  }
  return P;
}

bool OperationFinder::shape(Operation &Op, FileID File, Form Kind, const Expr *E,
                            SourceLocation OpLoc, llvm::ArrayRef<const Expr *> Operands,
                            bool Generic, FloatKind Compute, bool Prefix) {
  if (Generic) {
    for (const Expr *O : Operands)
      if (std::string Why = bindSkipReason(O, Ctx); !Why.empty())
        return skip(Op, Why);
    if (std::string Why = instantiationBindSkipReason(StartedIn, OpLoc, Ctx, Instantiated); !Why.empty())
      return skip(Op, Why);
  }
  if (std::string Why = StartedIn ? instantiationSkipReason(*StartedIn, OpLoc) : ""; !Why.empty())
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
    if (Kind == Form::Binary && StartedIn)
      O.Tensor = reductionsOf(StartedIn).tensorOf(Operands[I]);
    S.Operands.push_back(O);
  }
  Op.Shape = std::move(S);
  return true;
}

std::optional<std::pair<const Stmt *, unsigned>>
OperationFinder::elementKey(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (!isa<ArraySubscriptExpr>(E))
    return std::nullopt;
  const Stmt *Loop = contextOf(E, Ctx, &Contexts).Loop;
  if (!Loop)
    return std::nullopt;
  llvm::FoldingSetNodeID ID;
  E->Profile(ID, Ctx, /*Canonical=*/true);
  return std::make_pair(Loop, ID.ComputeHash());
}

const VarDecl *OperationFinder::localArrayOf(const Expr *E) {
  const auto *A = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  const auto *D = A ? dyn_cast<DeclRefExpr>(A->getBase()->IgnoreParenImpCasts()) : nullptr;
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && V->getType()->isArrayType() ? V : nullptr;
}

void OperationFinder::noteDefinition(const Expr *LValue, const Expr *Value) {
  if (const auto *D = dyn_cast<DeclRefExpr>(LValue->IgnoreParenImpCasts())) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && V->hasLocalStorage())
      DefsOf[V].push_back(Value);
    return;
  }
  if (auto Key = elementKey(LValue))
    StoresOf[*Key].push_back(Value);
  if (const VarDecl *V = localArrayOf(LValue))
    LocalArrayStoresOf[V].push_back(Value);
}

bool OperationFinder::VisitVarDecl(VarDecl *VD) {
  if (const Expr *Init = VD->getInit();
      Init && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && !VD->getType()->isReferenceType())
    DefsOf[VD].push_back(Init);
  return true;
}

std::pair<const FunctionDecl *, llvm::StringRef> OperationFinder::definitionOf(const FunctionDecl &FD) {
  // A template's instantiations are its pattern's body, where its loops and operations are found.
  const FunctionDecl *Pattern = FD.getTemplateInstantiationPattern();
  const FunctionDecl &Of = Pattern ? *Pattern : FD;
  const FunctionDecl *Def = Of.getDefinition() ? Of.getDefinition() : &Of;
  return {Def, fileInfo(SM.getFileID(SM.getSpellingLoc(Def->getLocation()))).Display};
}

std::string OperationFinder::keyOf(const FunctionDecl &FD) {
  const auto [Def, Display] = definitionOf(FD);
  return functionKey(*Def, Display);
}

bool OperationFinder::VisitFunctionDecl(FunctionDecl *FD) {
  if (FD->doesThisDeclarationHaveABody() && FD->getBody() && FD->getBody()->getBeginLoc().isFileID()) {
    const FileInfo &FI = fileInfo(SM.getFileID(FD->getBody()->getBeginLoc()));
    if (!FI.Ignored && !FI.AlreadyRewritten) {
      FunctionRecord R = recordFunction(*FD, [&](const FunctionDecl &F) { return keyOf(F); });
      R.File = FI.Abs;
      R.Display = FI.Display;
      const auto [Def, Display] = definitionOf(*FD);
      R.Name = functionName(*Def, Display);
      Found.Functions[R.Key] = std::move(R);
      for (const Recogniser *Kind : Opts.Recognisers)
        Kind->recogniseFunction(*this, *FD);
    }
  }
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
  Found.StepFunctionsDefined.insert(llvm::is_contained(Rules.StepFunctions, Qualified) ? Qualified
                                                                                     : FD->getName().str());
  std::set<StepPoint> &Points = Found.StepPoints[FI.Abs];
  std::set<StepPoint> Mine = stepPointsOf(*FD, Ranges);
  Points.insert(Mine.begin(), Mine.end());
  return true;
}

void OperationFinder::linkInputs() {
  ReachingValues Reaching(Ctx, DefsOf);
  for (unsigned I = 0; I < Found.Ops.size(); ++I)
    for (auto [Operand, Slot] : OperandsOf[I]) {
      // Casts are clear operations: results flow through them.
      const Expr *E = Operand->IgnoreParenCasts();
      std::vector<const Expr *> Producers = {E};
      if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && DefsOf.count(V)) {
          std::vector<const Expr *> Defs = Reaching.reaching(*D, *V);
          Producers.insert(Producers.end(), Defs.begin(), Defs.end());
        }
      } else if (auto Key = elementKey(E)) {
        if (auto Stores = StoresOf.find(*Key); Stores != StoresOf.end())
          Producers.insert(Producers.end(), Stores->second.begin(), Stores->second.end());
      } else if (const VarDecl *V = localArrayOf(E)) {
        if (auto Stores = LocalArrayStoresOf.find(V); Stores != LocalArrayStoresOf.end())
          Producers.insert(Producers.end(), Stores->second.begin(), Stores->second.end());
      }
      for (const Expr *P : Producers)
        if (auto It = IndexOf.find(P->IgnoreParenCasts()); It != IndexOf.end() && It->second != I)
          Found.Edges.insert({Found.Ops[It->second].Key, Found.Ops[I].Key, Slot});
    }
}

Operation *OperationFinder::startWhole(const FunctionDecl &FD, SourceLocation Anchor,
                                       const Stmt *Where, std::string Spelling, BaseOp Base) {
  SourceLocation Spelled = SM.getSpellingLoc(Anchor);
  if (Spelled.isInvalid())
    return nullptr;
  FileID File = SM.getFileID(Spelled);
  const FileInfo &FI = fileInfo(File);
  if (FI.Ignored)
    return nullptr;
  unsigned Offset = SM.getFileOffset(Spelled);
  if (unsigned Seen = WholesAt[{FI.Abs, Offset}]++)
    Spelling += "#" + std::to_string(Seen + 1); // a second statement of one nest
  Operation &Op = Found.Ops.emplace_back();
  OperandsOf.emplace_back();
  Op.Key = {FI.Abs, Offset, std::move(Spelling)};
  Op.OpName = rules::name(Base).str();
  Op.Base = Base;
  Op.File = FI.Display;
  Op.Line = SM.getLineNumber(File, Offset);
  Op.Column = SM.getColumnNumber(File, Offset);
  Op.Cuda = Ctx.getLangOpts().CUDA;
  Op.SeenByC = !Ctx.getLangOpts().CPlusPlus;
  Op.Function = FD.getQualifiedNameAsString();
  Op.FunctionKey = keyOf(FD);
  if (const Stmt *L = Where ? loopAround(*Where, Ctx) : nullptr)
    Op.Loop = loopOffset(*L, SM);
  Found.DisplayPaths[FI.Abs] = FI.Display;
  if (isCInlineDefinition(FD))
    skip(Op, "C inline function with external linkage (cannot use the static site table)");
  return &Op;
}

bool OperationFinder::recogniseCall(CallExpr &C) {
  for (const Recogniser *R : Opts.Recognisers)
    if (R->recogniseCall(*this, C))
      return true;
  return false;
}

void OperationFinder::recogniseLoops() {
  for (const auto &[Loop, Indices] : OpsInLoop)
    if (const FunctionDecl *FD = FunctionOfLoop[Loop])
      for (const Recogniser *R : Opts.Recognisers)
        R->recogniseLoop(*this, *Loop, *FD, Indices);
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

std::optional<std::string> FindOptions::relative(llvm::StringRef Abs) const {
  std::string Prefix = llvm::StringRef(Root).ends_with("/") ? Root : Root + "/";
  if (!Abs.starts_with(Prefix))
    return std::nullopt;
  return Abs.substr(Prefix.size()).str();
}

/// Whether Body defines a function of its own (a lambda's, a local class's member, a block's),
/// whose code cannot name the body's locals.
static bool enclosesFunctions(const Stmt *Body) {
  struct Visitor : RecursiveASTVisitor<Visitor> {
    bool Found = false;
    bool VisitLambdaExpr(LambdaExpr *) { return !(Found = true); }
    bool VisitBlockExpr(BlockExpr *) { return !(Found = true); }
    bool VisitCXXMethodDecl(CXXMethodDecl *) { return !(Found = true); }
  } V;
  V.TraverseStmt(const_cast<Stmt *>(Body));
  return V.Found;
}

void OperationFinder::recordKernels() {
  if (!Ctx.getLangOpts().CUDA)
    return;
  for (const auto &[K, Facts] : kernelLaunches(Ctx)) {
    KernelRecord R;
    llvm::raw_string_ostream Name(R.Name);
    K->getNameForDiagnostic(Name, Ctx.getPrintingPolicy(), /*Qualified=*/true);
    R.Launched = Facts.Launched;
    R.Escapes = Facts.Escapes;
    R.MaxThreads = Facts.MaxThreads;
    R.UnknownThreads = Facts.UnknownThreads;
    // The bound goes before the name, its qualifier included (`void ns::k(...)`).
    const SourceLocation At = K->getQualifierLoc() ? K->getQualifierLoc().getBeginLoc() : K->getLocation();
    if (K->doesThisDeclarationHaveABody() && At.isFileID()) {
      const FileInfo &FI = fileInfo(SM.getFileID(At));
      if (!FI.Ignored && !FI.AlreadyRewritten) {
        R.File = FI.Abs;
        R.NameOffset = SM.getFileOffset(At);
        R.Bounded = K->hasAttr<CUDALaunchBoundsAttr>();
        const auto *Body = dyn_cast<CompoundStmt>(K->getBody());
        if (Body && Body->getLBracLoc().isFileID() && Body->getRBracLoc().isFileID() &&
            !enclosesFunctions(Body)) {
          R.BodyBegin = SM.getFileOffset(Body->getLBracLoc()) + 1;
          R.BodyEnd = SM.getFileOffset(Body->getRBracLoc());
        }
        // A static kernel of a header is another unit's too, whose launches this run may not see.
        R.Internal = !K->isExternallyVisible() && SM.isInMainFile(At);
      }
    }
    Found.Kernels[keyOf(*K)].merge(R);
  }
}

FoundUnit findOperations(ASTContext &Ctx, Preprocessor &PP, const rules::RuleSet &Rules,
                         const FindOptions &Opts) {
  OperationFinder Finder(Ctx, PP, Rules, Opts);
  Finder.TraverseAST(Ctx);
  return Finder.take();
}

} // namespace autoscale::find
