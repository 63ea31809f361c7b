//===- Context.cpp - where an expression sits --------------------------------===//
#include "find/Context.h"

#include "find/Containers.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"

#include <vector>

using namespace clang;

namespace autoscale::find {

static const DynTypedNode *firstParent(const DynTypedNode &N, ASTContext &Ctx,
                                       DynTypedNodeList &Storage) {
  Storage = Ctx.getParents(N);
  return Storage.empty() ? nullptr : &Storage[0];
}

std::string baseVariable(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      return D->getDecl()->getNameAsString();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      // a.x names a; this->x (or an implicit this) names the member.
      if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
        return M->getMemberDecl()->getNameAsString();
      E = M->getBase();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      E = A->getBase();
    } else if (std::optional<ContainerAccess> C = containerAccess(E); C && C->Index) {
      E = C->Object;
    } else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
      E = U->getSubExpr();
    } else {
      return {};
    }
  }
  return {};
}

/// Why a function's body may not call the runtime, or empty.
static std::string functionSkipReason(const FunctionDecl *FD) {
  if (FD->isConstexprSpecified() || FD->isConsteval())
    return "constant expression (constexpr function)";
  // (A C++ inline function may use the table: it becomes one per unit, as it already is in a
  // header's sites.)
  if (isCInlineDefinition(*FD))
    return "C inline function with external linkage (cannot use the static site table)";
  return {};
}

bool refersTo(const Stmt *S, const VarDecl *V) {
  if (const auto *D = dyn_cast_or_null<DeclRefExpr>(S); D && D->getDecl() == V)
    return true;
  return S && llvm::any_of(S->children(), [&](const Stmt *C) { return refersTo(C, V); });
}

const VarDecl *forCounter(const ForStmt &For, const Expr **Start) {
  const VarDecl *V = nullptr;
  const Expr *E = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For.getInit())) {
    V = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
    E = V ? V->getInit() : nullptr;
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(For.getInit()); B && B->getOpcode() == BO_Assign) {
    V = varOf(B->getLHS());
    E = B->getRHS();
  }
  if (Start)
    *Start = E;
  return V;
}

bool isCInlineDefinition(const FunctionDecl &FD) {
  const FunctionDecl *Def = FD.getDefinition();
  return !FD.getASTContext().getLangOpts().CPlusPlus && Def && Def->isInlineSpecified() &&
         Def->isExternallyVisible() && !Def->isInlineDefinitionExternallyVisible();
}

bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

bool sameUpToFloatingCasts(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  // A floating cast: C's kind says so; C++ gives the cast kind NoOp over an implicit conversion.
  const auto Uncast = [](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    const auto *C = dyn_cast<ExplicitCastExpr>(E);
    const Expr *Sub = C ? C->getSubExpr()->IgnoreParenImpCasts() : nullptr;
    return Sub && C->getType()->isRealFloatingType() && Sub->getType()->isRealFloatingType() ? Sub : E;
  };
  return sameExpr(Uncast(A), Uncast(B), Ctx);
}

/// Whether E is the update of an `#pragma omp atomic` statement (x += e, x++, x = x * e, and
/// their capture forms v = x += e): OpenMP requires that operator form, so a call cannot replace
/// it. The operands (e) are ordinary expressions and may be rewritten.
static bool isOpenMPAtomicUpdate(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  const auto *B = dyn_cast<BinaryOperator>(E);
  const auto *U = dyn_cast<UnaryOperator>(E);
  bool Update = (B && B->isCompoundAssignmentOp()) || (U && U->isIncrementDecrementOp());
  DynTypedNodeList Storage = Ctx.getParents(N);
  while (true) {
    const DynTypedNode *P = firstParent(N, Ctx, Storage);
    if (!P)
      return false;
    if (const auto *S = P->get<Stmt>()) {
      if (isa<OMPAtomicDirective>(S))
        return Update;
      if (const auto *A = dyn_cast<BinaryOperator>(S); A && A->isAssignmentOp()) {
        const Expr *Child = N.get<Expr>();
        if (!Child || A->getRHS()->IgnoreParenImpCasts() != Child->IgnoreParenImpCasts())
          return false;
        // x = x op e (either operand x) is an update; v = <update> captures one.
        if (!Update && B && A->getOpcode() == BO_Assign &&
            (sameExpr(B->getLHS(), A->getLHS(), Ctx) || sameExpr(B->getRHS(), A->getLHS(), Ctx)))
          Update = true;
      } else if (!isa<ParenExpr, ImplicitCastExpr, ExprWithCleanups, CapturedStmt, CompoundStmt>(
                     S)) {
        return false;
      }
    } else if (!P->get<CapturedDecl>()) {
      return false;
    }
    N = *P;
  }
}

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

const Stmt *loopAround(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList P = Ctx.getParents(S);
  while (!P.empty()) {
    if (const auto *PS = P[0].get<Stmt>()) {
      if (isLoop(PS))
        return PS;
      P = Ctx.getParents(*PS);
      continue;
    }
    const auto *D = P[0].get<Decl>();
    if (!D || isa<FunctionDecl>(D))
      return nullptr;
    P = Ctx.getParents(*D);
  }
  return nullptr;
}

/// Whether Child, a child of the loop S, is evaluated once per iteration (body, condition,
/// increment) rather than once (a for loop's initialiser, a range-for's range).
static bool isIterated(const Stmt *S, const Stmt *Child) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return Child == F->getBody() || Child == F->getCond() || Child == F->getInc();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return Child == W->getBody() || Child == W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return Child == D->getBody() || Child == D->getCond();
  return Child == cast<CXXForRangeStmt>(S)->getBody();
}

/// Whether S, rewritten, puts a bracket around its children: (), a call, [], {}, and an
/// arithmetic operation on floating-point values (or of a template) that may become a call.
static constexpr unsigned MaxBrackets = 200;

static bool opensBracket(const Stmt *S) {
  if (isa<ParenExpr, CallExpr, ArraySubscriptExpr, InitListExpr, CompoundStmt>(S))
    return true;
  const auto *E = dyn_cast<Expr>(S);
  // A ParenListExpr (a template's `T(a, b)` before instantiation) has no type at all.
  if (!E || E->getType().isNull() || !(E->getType()->isFloatingType() || E->isTypeDependent()))
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->isAdditiveOp() || B->isMultiplicativeOp() || B->isCompoundAssignmentOp();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Minus || U->isIncrementDecrementOp();
  return false;
}

static ExprContext walkParents(const Expr *E, ASTContext &Ctx) {
  ExprContext C;
  DynTypedNode N = DynTypedNode::create(*E);
  DynTypedNodeList Storage = Ctx.getParents(N);
  bool InLambdaBody = false; // a lambda's body runs when it is called, not where it is written
  auto Fail = [&C](const char *Why) {
    C.SkipReason = Why;
    return C;
  };
  while (true) {
    const DynTypedNode *P = firstParent(N, Ctx, Storage);
    if (!P)
      return Fail("not inside a function");
    if (const auto *S = P->get<Stmt>()) {
      const Stmt *Child = N.get<Stmt>();
      if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
        return Fail(U->getKind() == UETT_SizeOf ? "unevaluated operand (sizeof)"
                                                : "unevaluated operand (alignof)");
      if (isa<CXXNoexceptExpr>(S))
        return Fail("unevaluated operand (noexcept)");
      if (const auto *T = dyn_cast<CXXTypeidExpr>(S); T && !T->isPotentiallyEvaluated())
        return Fail("unevaluated operand (typeid)");
      if (const auto *G = dyn_cast<GenericSelectionExpr>(S);
          G && G->isExprPredicate() && Child == G->getControllingExpr())
        return Fail("unevaluated operand (_Generic)");
      if (isa<ConstantExpr>(S))
        return Fail("constant expression");
      // One value fills several elements; Clang compiles no such value that calls a function
      // ("cannot compile this GNU array range designator extension yet").
      if (const auto *D = dyn_cast<DesignatedInitExpr>(S);
          D && llvm::any_of(D->designators(), [](const DesignatedInitExpr::Designator &X) {
            return X.isArrayRangeDesignator();
          }))
        return Fail("initialiser of a GNU range designator (Clang compiles none that calls)");
      if (const auto *CS = dyn_cast<CaseStmt>(S);
          CS && (Child == CS->getLHS() || Child == CS->getRHS()))
        return Fail("constant expression (case label)");
      // In a template the condition of if constexpr is not yet wrapped in a ConstantExpr.
      if (const auto *If = dyn_cast<IfStmt>(S); If && If->isConstexpr() && Child == If->getCond())
        return Fail("constant expression (if constexpr condition)");
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        if (const FunctionDecl *FD = Call->getDirectCallee();
            FD && FD->getIdentifier() && FD->getName().starts_with("autoscale_"))
          return Fail("already rewritten (operand of an autoscale call)");
        // It asks whether its operand folds to a constant: a runtime call never does.
        if (Call->getBuiltinCallee() == Builtin::BI__builtin_constant_p)
          return Fail("unevaluated operand (__builtin_constant_p)");
      }
      if (C.Variable.empty()) {
        if (const auto *B = dyn_cast<BinaryOperator>(S);
            B && B->isAssignmentOp() && Child == B->getRHS())
          C.Variable = baseVariable(B->getLHS());
      }
      const Decl *ChildDecl = N.get<Decl>();
      if (const auto *L = dyn_cast<LambdaExpr>(S);
          L && (Child == L->getBody() || isa_and_nonnull<CXXRecordDecl, CXXMethodDecl>(ChildDecl)))
        InLambdaBody = true; // reached from the body or the closure type, not an init-capture
      if (!C.Loop && isLoop(S) && Child && isIterated(S, Child))
        C.Loop = S;
      if (opensBracket(S))
        ++C.Brackets;
      N = *P;
      continue;
    }
    if (const auto *D = P->get<Decl>()) {
      if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
        if (FD->getIdentifier() && FD->getName().starts_with("autoscale_"))
          C.InRuntimeHelper = true;
        if (const auto *M = dyn_cast<CXXMethodDecl>(FD); M && M->getParent()->isLambda()) {
          // A lambda body: its name is the enclosing function's; keep walking up to it. C++17
          // makes every eligible lambda constexpr implicitly, so only consteval counts.
          if (FD->isConsteval())
            return Fail("constant expression (consteval lambda)");
          if (!C.Lambda)
            C.Lambda = M;
          N = *P;
          continue;
        }
        if (std::string Why = functionSkipReason(FD); !Why.empty()) {
          C.SkipReason = Why;
          return C;
        }
        if (C.Function.empty()) {
          C.Function = FD->getQualifiedNameAsString();
          C.FunctionNode = FD;
        }
        return C;
      }
      if (const auto *VD = dyn_cast<VarDecl>(D)) {
        if (isa<ParmVarDecl>(VD))
          return Fail("default argument");
        if (VD->isConstexpr())
          return Fail("constant expression (constexpr variable)");
        if (VD->hasGlobalStorage()) {
          if (InLambdaBody)
            return C;
          return Fail("initialiser of a static-storage variable");
        }
        if (C.Variable.empty())
          C.Variable = VD->getNameAsString();
        N = *P;
        continue;
      }
      if (isa<FieldDecl>(D)) {
        if (InLambdaBody)
          return C;
        return Fail("default member initialiser or bit-field width");
      }
      // The combiner and initialiser of `#pragma omp declare reduction` may name omp_in, omp_out,
      // omp_priv and omp_orig only.
      if (isa<OMPDeclareReductionDecl>(D))
        return Fail("OpenMP declare reduction (the combiner may name omp_in and omp_out only)");
      if (isa<EnumConstantDecl>(D))
        return Fail("constant expression (enumerator)");
      if (isa<StaticAssertDecl>(D))
        return Fail("constant expression (static_assert)");
      // A generic lambda's call operator is a template: walk on up to the lambda.
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D);
          FT && C.Lambda && FT->getTemplatedDecl() == C.Lambda) {
        N = *P;
        continue;
      }
      if (isa<NonTypeTemplateParmDecl, TemplateDecl>(D))
        return Fail("constant expression (template argument)");
      if (const auto *RD = dyn_cast<CXXRecordDecl>(D); RD && RD->isLambda()) {
        N = *P; // the closure type of a lambda: its parent is the lambda expression
        continue;
      }
      if (isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl, RecordDecl>(D)) {
        if (InLambdaBody)
          return C;
        return Fail("not inside a function");
      }
      N = *P;
      continue;
    }
    if (P->get<TypeLoc>() || P->get<QualType>())
      return Fail("part of a type (array bound, typeof, decltype)");
    if (P->get<TemplateArgumentLoc>() || P->get<TemplateArgument>())
      return Fail("constant expression (template argument)");
    N = *P; // CXXCtorInitializer, attributes and other glue: keep walking
  }
}

/// E's parent where the walk from E only passes through it (none of walkParents' checks applies to
/// an operator other than an assignment, parentheses or an implicit conversion: it adds its
/// bracket), else null.
static const Expr *passedParent(const Expr *E, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  const Expr *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
    return B->isAssignmentOp() ? nullptr : P;
  return isa_and_nonnull<UnaryOperator, ParenExpr, ImplicitCastExpr>(P) ? P : nullptr;
}

/// walkParents, where the walk from an operand is the walk from the operator it passes through
/// with that operator's bracket: each walk stops at the first expression walked before.
static ExprContext walkParents(const Expr *E, ASTContext &Ctx, ContextCache &Cache) {
  std::vector<const Expr *> Chain{E};
  auto Known = Cache.Walked.find(E);
  while (Known == Cache.Walked.end()) {
    if (const Expr *P = passedParent(Chain.back(), Ctx)) {
      Chain.push_back(P);
      Known = Cache.Walked.find(P);
      continue;
    }
    Known = Cache.Walked.emplace(Chain.back(), walkParents(Chain.back(), Ctx)).first;
  }
  ExprContext C = Known->second;
  for (size_t I = Chain.size() - 1; I-- > 0;) {
    C.Brackets += opensBracket(Chain[I + 1]);
    Cache.Walked[Chain[I]] = C;
  }
  return C;
}

ExprContext contextOf(const Expr *E, ASTContext &Ctx, ContextCache *Cache) {
  ExprContext C = Cache ? walkParents(E, Ctx, *Cache) : walkParents(E, Ctx);
  // Clang stops at 256 nested brackets (-fbracket-depth); the calls the rewrite adds, one per
  // enclosing operation, must stay below it with room for their own (&sites[i], casts).
  if (C.SkipReason.empty() && C.Brackets > MaxBrackets)
    C.SkipReason = "nested too deep: its calls would pass Clang's 256 levels of brackets";
  if (C.SkipReason.empty() && isOpenMPAtomicUpdate(E, Ctx))
    C.SkipReason = "OpenMP atomic update (the directive needs the operator)";
  return C;
}

const Stmt *valueParent(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    const Stmt *S = Parents[0].get<Stmt>();
    if (!S)
      return nullptr;
    if (isa<ParenExpr, ImplicitCastExpr, ExprWithCleanups>(S)) {
      N = Parents[0];
      continue;
    }
    return S;
  }
}

bool resultUsedAsLvalue(const Expr *E, ASTContext &Ctx) {
  if (!Ctx.getLangOpts().CPlusPlus)
    return false;
  DynTypedNode N = DynTypedNode::create(*E);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return true;
    const Stmt *S = Parents[0].get<Stmt>();
    if (!S)
      return true; // initialises a declaration (perhaps binds a reference): be safe
    if (isa<ParenExpr, ExprWithCleanups>(S)) {
      N = Parents[0];
      continue;
    }
    if (const auto *Cast = dyn_cast<CastExpr>(S))
      return Cast->getCastKind() != CK_LValueToRValue && Cast->getCastKind() != CK_ToVoid;
    if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Comma)
      return B->getLHS() != N.get<Expr>(); // the left operand of a comma is discarded
    // A return may bind a reference (`float &twice(float &a) { return a *= 2; }`, decltype(auto));
    // any other expression might need the lvalue; any other statement discards it.
    return isa<Expr, ReturnStmt>(S);
  }
}

bool isFloatLocal(const ValueDecl *V) {
  const auto *Var = dyn_cast_or_null<VarDecl>(V);
  return Var && Var->hasLocalStorage() && Var->getType()->isRealFloatingType();
}

const VarDecl *floatLocalOf(const Expr *LV) {
  const auto *D = dyn_cast<DeclRefExpr>(LV->IgnoreParenImpCasts());
  return D && isFloatLocal(D->getDecl()) ? cast<VarDecl>(D->getDecl()) : nullptr;
}

const VarDecl *receivingLocal(const Expr *E, ASTContext &Ctx, const BinaryOperator **Assign) {
  DynTypedNode N = DynTypedNode::create(*E);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.empty())
      return nullptr;
    if (const auto *V = Parents[0].get<VarDecl>())
      return isFloatLocal(V) ? V : nullptr;
    const Stmt *S = Parents[0].get<Stmt>();
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(S); B && B->isAssignmentOp()) {
      if (B->getRHS() != N.get<Stmt>())
        return nullptr;
      if (Assign)
        *Assign = B;
      return floatLocalOf(B->getLHS());
    }
    if (!isa_and_nonnull<ParenExpr, ImplicitCastExpr>(S))
      return nullptr;
    N = Parents[0];
  }
}

const VarDecl *memberBase(const MemberExpr &M) {
  const auto *D = dyn_cast<DeclRefExpr>(M.getBase()->IgnoreParenImpCasts());
  return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
}

std::string memberStorage(const MemberExpr &M) {
  const auto *Parent = dyn_cast<RecordDecl>(M.getMemberDecl()->getDeclContext());
  return Parent && Parent->isUnion() ? "" : M.getMemberDecl()->getNameAsString();
}

std::optional<Subscript> subscriptOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = A->getBase()->IgnoreParenImpCasts();
    return Subscript{A->getBase(), A->getIdx(), Base->getType()->isArrayType()};
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2)
    return Subscript{OC->getArg(0), OC->getArg(1), true};
  return std::nullopt;
}

std::optional<ElementPath> elementPathOf(const Expr *E) {
  ElementPath Out;
  std::optional<Subscript> S = subscriptOf(E);
  for (; S; S = subscriptOf(S->Base))
    Out.Indices.insert(Out.Indices.begin(), S->Index);
  if (Out.Indices.empty())
    return std::nullopt;
  // The innermost base: what the outermost subscript's chain starts from.
  const Expr *Root = E->IgnoreParenImpCasts();
  while (std::optional<Subscript> Inner = subscriptOf(Root))
    Root = Inner->Base->IgnoreParenImpCasts();
  Out.Buffer = holderOf(Root);
  Out.Base = Root;
  if (!Out.Buffer)
    return std::nullopt;
  return Out;
}

bool countsByConstant(const BinaryOperator &B) {
  return (B.getOpcode() == BO_AddAssign || B.getOpcode() == BO_SubAssign) &&
         isa<FloatingLiteral, IntegerLiteral>(B.getRHS()->IgnoreParenImpCasts());
}

std::optional<Accessor> accessorOf(const Expr *LV) {
  LV = LV->IgnoreParens();
  if (!LV->isLValue())
    return std::nullopt;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(LV); OC && OC->getOperator() == OO_Call && OC->getNumArgs() >= 2)
    return Accessor{OC->getArg(0), false, {OC->arg_begin() + 1, OC->arg_end()}};
  // A method with no argument (a queue's next slot) may return another element at each call.
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(LV); MC && MC->getNumArgs() >= 1) {
    const auto *M = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    return Accessor{MC->getImplicitObjectArgument(), M && M->isArrow(), {MC->arg_begin(), MC->arg_end()}};
  }
  return std::nullopt;
}

bool elementByValue(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E);
  const bool Accessor = (isa<CXXOperatorCallExpr>(E) && cast<CXXOperatorCallExpr>(E)->getOperator() == OO_Call &&
                         Call->getNumArgs() >= 2) ||
                        (isa<CXXMemberCallExpr>(E) && Call->getNumArgs() >= 1);
  const unsigned First = isa<CXXOperatorCallExpr>(E) ? 1 : 0;
  return Accessor && E->getType()->isRealFloatingType() &&
         llvm::all_of(llvm::drop_begin(Call->arguments(), First),
                      [](const Expr *A) { return A->IgnoreParenImpCasts()->getType()->isIntegerType(); });
}

const VarDecl *varOf(const Expr *E) {
  if (const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(D->getDecl());
  return nullptr;
}

const ValueDecl *holderOf(const Expr *E) {
  if (const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<FieldDecl>(M->getMemberDecl());
  return varOf(E);
}

/// What LV lies within, walking out through `.member` and subscripts of arrays held in place (an
/// array member, a container): the object it starts from, and the member nearest that object (null
/// where there is none, or one that is no field).
static const Expr *objectOf(const Expr *LV, const FieldDecl *&Nearest) {
  Nearest = nullptr;
  bool Fields = true;
  LV = LV->IgnoreParenImpCasts();
  while (true) {
    if (const auto *M = dyn_cast<MemberExpr>(LV); M && !M->isArrow()) {
      Nearest = dyn_cast<FieldDecl>(M->getMemberDecl());
      Fields &= Nearest != nullptr;
      LV = M->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (std::optional<Subscript> A = subscriptOf(LV); A && A->OnObject) {
      LV = A->Base->IgnoreParenImpCasts();
      continue;
    }
    break;
  }
  if (!Fields)
    Nearest = nullptr;
  return LV;
}

const VarDecl *writtenVar(const Expr *LV) {
  const FieldDecl *Member;
  return varOf(objectOf(LV, Member));
}

const FieldDecl *writtenMember(const Expr *LV) {
  const FieldDecl *Member;
  return varOf(objectOf(LV, Member)) ? Member : nullptr;
}

bool isCompileTimeConstant(const Expr *E, const ASTContext &Ctx) {
  if (E->isValueDependent())
    return false;
  if (!E->HasSideEffects(Ctx) && E->isEvaluatable(Ctx))
    return true;
  return Ctx.getLangOpts().CPlusPlus11 && E->isCXX11ConstantExpr(Ctx);
}

const ValueDecl *storageRoot(const Expr *LV) {
  LV = LV->IgnoreParenImpCasts();
  if (std::optional<Subscript> A = subscriptOf(LV))
    return A->OnObject ? storageRoot(A->Base) : bufferOf(A->Base);
  if (const auto *U = dyn_cast<UnaryOperator>(LV); U && U->getOpcode() == UO_Deref)
    return bufferOf(U->getSubExpr());
  if (const auto *M = dyn_cast<MemberExpr>(LV))
    return M->isArrow() ? bufferOf(M->getBase()) : storageRoot(M->getBase());
  return holderOf(LV);
}

const ValueDecl *bufferOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAdditiveOp())
    return bufferOf(B->getLHS()->getType()->isPointerType() ? B->getLHS() : B->getRHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    if (std::optional<Subscript> A = subscriptOf(U->getSubExpr()))
      return bufferOf(A->Base);
  return holderOf(E);
}

} // namespace autoscale::find
