//===- Containers.cpp - standard containers whose elements are one array ----===//
#include "find/Containers.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <vector>

using namespace clang;

namespace autoscale::find {
namespace {

/// The std:: class template T is a specialization of, or null.
const ClassTemplateSpecializationDecl *stdSpecialization(QualType T) {
  const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  return S && S->isInStdNamespace() ? S : nullptr;
}

bool isVectorOfBool(const ClassTemplateSpecializationDecl &S) {
  const TemplateArgumentList &Args = S.getTemplateArgs();
  return S.getName() == "vector" && Args.size() > 0 &&
         Args[0].getKind() == TemplateArgument::Type && Args[0].getAsType()->isBooleanType();
}

bool isContiguous(QualType T) {
  const ClassTemplateSpecializationDecl *S = stdSpecialization(T);
  if (!S)
    return false;
  llvm::StringRef Name = S->getName();
  return (Name == "vector" && !isVectorOfBool(*S)) || Name == "array" || Name == "span";
}

/// `Object.size()` of a standard contiguous container.
const Expr *sizeObject(const Expr *E) {
  const auto *C = dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts());
  const CXXMethodDecl *M = C ? C->getMethodDecl() : nullptr;
  const auto *Callee = C ? dyn_cast<MemberExpr>(C->getCallee()->IgnoreParens()) : nullptr;
  if (!M || !Callee || Callee->isArrow() || !M->getIdentifier() || M->getName() != "size" ||
      !isContiguous(Callee->getBase()->getType()))
    return nullptr;
  return Callee->getBase();
}

/// The container E reads without side effects (v of v[i], v.data(), v.size()), or null.
const Expr *readObject(const Expr *E) {
  if (std::optional<ContainerAccess> A = containerAccess(E))
    return A->Object;
  return sizeObject(E);
}

bool holdsRead(const Stmt *S) {
  if (const auto *E = dyn_cast<Expr>(S); E && readObject(E))
    return true;
  return llvm::any_of(S->children(), [](const Stmt *C) { return C && holdsRead(C); });
}

std::string textOf(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM, Ctx.getLangOpts());
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

/// One step from a variable (or `this`) to the container: a member, a dereference (p->m is a
/// dereference and a member), an element (of an array or of a container).
struct Step {
  enum Kind { Member, Deref, Element } K;
  const ValueDecl *Field = nullptr;
};

/// The walk from each reference to the container's root in Region up to the use it meets.
class MovesWalk : public RecursiveASTVisitor<MovesWalk> {
public:
  MovesWalk(const std::vector<Step> &Path, const VarDecl *Root, ASTContext &Ctx)
      : Path(Path), Root(Root), Ctx(Ctx) {}

  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (Root && D->getDecl() == Root)
      climb(D);
    return Why.empty();
  }
  bool VisitCXXThisExpr(CXXThisExpr *T) {
    if (!Root)
      climb(T);
    return Why.empty();
  }

  std::string Why;

private:
  /// Whether P continues the path from X at Path[K], and how many steps it takes.
  size_t steps(const Stmt *P, const Expr *X, size_t K) const {
    auto Is = [&](size_t I, Step::Kind Kind) { return K + I < Path.size() && Path[K + I].K == Kind; };
    if (const auto *M = dyn_cast<MemberExpr>(P); M && M->getBase() == X) {
      size_t D = M->isArrow() ? 1 : 0;
      if ((!D || Is(0, Step::Deref)) && Is(D, Step::Member) &&
          Path[K + D].Field == M->getMemberDecl())
        return D + 1;
      return 0;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(P); U && U->getOpcode() == UO_Deref)
      return Is(0, Step::Deref) ? 1 : 0;
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(P); A && A->getBase() == X)
      return Is(0, Step::Element) ? 1 : 0;
    if (const auto *E = dyn_cast<Expr>(P))
      if (std::optional<ContainerAccess> A = containerAccess(E);
          A && A->Index && A->Object->IgnoreParenImpCasts() == X->IgnoreParenImpCasts())
        return Is(0, Step::Element) ? 1 : 0;
    return 0;
  }

  void climb(const Expr *X) {
    size_t K = 0;
    while (true) {
      DynTypedNodeList Parents = Ctx.getParents(*X);
      if (Parents.empty())
        return;
      if (const auto *V = Parents[0].get<VarDecl>()) {
        QualType T = V->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          moved(X, "binds " + name(X) + " to the non-const reference '" + V->getName().str() +
                       "'");
        return;
      }
      const Stmt *P = Parents[0].get<Stmt>();
      if (!P)
        return;
      if (const auto *C = dyn_cast<ImplicitCastExpr>(P);
          C && C->getCastKind() == CK_LValueToRValue && !X->getType()->isPointerType())
        return; // a read of its value
      if (isa<ParenExpr, ImplicitCastExpr>(P)) {
        X = cast<Expr>(P);
        continue;
      }
      if (size_t N = steps(P, X, K)) {
        K += N;
        X = cast<Expr>(P);
        continue;
      }
      return use(X, P, K == Path.size());
    }
  }

  /// Whether a parameter of type T lets the callee change what the argument designates.
  static bool mutableParameter(QualType T) {
    if (const auto *R = T->getAs<ReferenceType>())
      return !R->getPointeeType().isConstQualified();
    if (const auto *P = T->getAs<PointerType>())
      return !P->getPointeeType().isConstQualified();
    return false;
  }

  /// The object X (the container itself when Whole, else a variable, pointer or object on the
  /// way to it) is used by P.
  void use(const Expr *X, const Stmt *P, bool Whole) {
    if (const auto *M = dyn_cast<MemberExpr>(P)) {
      const auto *Method = dyn_cast<CXXMethodDecl>(M->getMemberDecl());
      if (!Method || Method->isStatic() || Method->isConst() ||
          (Whole && isElementAccessor(*Method)))
        return; // another member, or a call that changes nothing
      return moved(X, "calls the non-const member '" + Method->getNameAsString() + "' of " +
                          name(X));
    }
    if (const auto *U = dyn_cast<UnaryOperator>(P); U && U->getOpcode() == UO_AddrOf)
      return moved(X, "takes the address of " + name(X));
    if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      if (B->isAssignmentOp() && B->getLHS()->IgnoreParens() == X)
        moved(X, "assigns " + name(X));
      return;
    }
    if (const auto *C = dyn_cast<CallExpr>(P)) {
      const auto *Method = dyn_cast_or_null<CXXMethodDecl>(C->getCalleeDecl());
      bool Member = isa<CXXOperatorCallExpr>(C) && Method && Method->isInstance();
      for (unsigned I = 0; I < C->getNumArgs(); ++I) {
        if (C->getArg(I)->IgnoreParenImpCasts() != X->IgnoreParenImpCasts())
          continue;
        if (Member && I == 0) {
          if (Method->isConst() || (Whole && isElementAccessor(*Method)))
            continue;
          return moved(X, std::string("applies the non-const operator") +
                              getOperatorSpelling(Method->getOverloadedOperator()) + " to " +
                              name(X));
        }
        const FunctionDecl *F = C->getDirectCallee();
        unsigned Param = I - (Member ? 1 : 0);
        if (!F)
          return moved(X, "passes " + name(X) + " to a call through a pointer");
        if (Param < F->getNumParams() && mutableParameter(F->getParamDecl(Param)->getType()))
          return moved(X, "passes " + name(X) + " to '" + F->getNameAsString() +
                              "' by non-const reference or pointer");
      }
      return;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(P)) {
      const CXXConstructorDecl *Ctor = C->getConstructor();
      for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); ++I)
        if (C->getArg(I)->IgnoreParenImpCasts() == X->IgnoreParenImpCasts() &&
            mutableParameter(Ctor->getParamDecl(I)->getType()))
          return moved(X, "moves " + name(X) + " into a new object");
      return;
    }
    if (isa<UnaryExprOrTypeTraitExpr, CXXTypeidExpr, DeclStmt>(P))
      return;
    moved(X, "uses " + name(X) + " where it may change");
  }

  std::string name(const Expr *X) const { return "'" + textOf(X, Ctx) + "'"; }
  void moved(const Expr *X, const std::string &What) {
    const SourceManager &SM = Ctx.getSourceManager();
    Why = "line " + std::to_string(SM.getSpellingLineNumber(X->getBeginLoc())) + " " + What;
  }

  const std::vector<Step> &Path;
  const VarDecl *Root; ///< null: the path starts at `this`
  ASTContext &Ctx;
};

} // namespace

std::optional<ContainerAccess> containerAccess(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *C = dyn_cast<CXXOperatorCallExpr>(E);
      C && C->getOperator() == OO_Subscript && C->getNumArgs() == 2 &&
      isContiguous(C->getArg(0)->getType()))
    return ContainerAccess{C->getArg(0), C->getArg(1)};
  if (const auto *C = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = C->getMethodDecl();
    const auto *Callee = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParens());
    if (M && Callee && !Callee->isArrow() && M->getIdentifier() && M->getName() == "data" &&
        C->getNumArgs() == 0 && isContiguous(Callee->getBase()->getType()))
      return ContainerAccess{Callee->getBase(), nullptr};
  }
  return std::nullopt;
}

std::string classSubscriptReason(const Expr *E) {
  const auto *C = dyn_cast<CXXOperatorCallExpr>(E->IgnoreParenImpCasts());
  if (!C || C->getOperator() != OO_Subscript || C->getNumArgs() != 2)
    return {};
  QualType T = C->getArg(0)->getType().getNonReferenceType().getUnqualifiedType();
  if (isContiguous(T))
    return {};
  if (const ClassTemplateSpecializationDecl *S = stdSpecialization(T); S && isVectorOfBool(*S))
    return "std::vector<bool> keeps its elements as bits, not as an array";
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  return "'" + T.getAsString(RD->getASTContext().getPrintingPolicy()) +
         "' is no standard container of one array (std::vector, std::array, std::span): its "
         "operator[] may compute anything";
}

bool isElementAccessor(const CXXMethodDecl &M) {
  switch (M.getOverloadedOperator()) {
  case OO_Subscript:
  case OO_Star:
  case OO_Arrow:
    return true;
  case OO_None:
    break;
  default:
    return false;
  }
  const IdentifierInfo *Id = M.getIdentifier();
  return Id && llvm::is_contained({"at", "front", "back", "data", "begin", "end", "size"},
                                  Id->getName());
}

bool hasSideEffects(const Expr *E, const ASTContext &Ctx) {
  if (!holdsRead(E))
    return E->HasSideEffects(Ctx);
  auto Any = [&](std::initializer_list<const Expr *> Parts) {
    return llvm::any_of(Parts, [&](const Expr *X) { return X && hasSideEffects(X, Ctx); });
  };
  E = E->IgnoreParens();
  if (std::optional<ContainerAccess> A = containerAccess(E))
    return Any({A->Object, A->Index});
  if (const Expr *Object = sizeObject(E))
    return Any({Object});
  if (const auto *C = dyn_cast<CastExpr>(E))
    return (C->getCastKind() == CK_LValueToRValue &&
            C->getSubExpr()->getType().isVolatileQualified()) ||
           C->getCastKind() == CK_UserDefinedConversion || Any({C->getSubExpr()});
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return Any({M->getBase()});
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
    return Any({A->getBase(), A->getIdx()});
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->isIncrementDecrementOp() || Any({U->getSubExpr()});
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return B->isAssignmentOp() || Any({B->getLHS(), B->getRHS()});
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return Any({C->getCond(), C->getTrueExpr(), C->getFalseExpr()});
  return true;
}

void forEachContainerRead(const Expr *E, const std::function<void(const Expr *)> &F) {
  if (const Expr *Object = readObject(E))
    F(Object);
  for (const Stmt *C : E->children())
    if (const auto *X = dyn_cast_or_null<Expr>(C))
      forEachContainerRead(X, F);
}

std::string containerMovesIn(const Expr *Object, const Stmt &Region, ASTContext &Ctx) {
  std::vector<Step> Path;
  const VarDecl *Root = nullptr;
  for (const Expr *E = Object;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      Path.push_back({Step::Member, M->getMemberDecl()});
      if (M->isArrow())
        Path.push_back({Step::Deref});
      E = M->getBase();
    } else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
      Path.push_back({Step::Deref});
      E = U->getSubExpr();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      Path.push_back({Step::Element});
      E = A->getBase();
    } else if (std::optional<ContainerAccess> A = containerAccess(E); A && A->Index) {
      Path.push_back({Step::Element});
      E = A->Object;
    } else if (const auto *D = dyn_cast<DeclRefExpr>(E); D && isa<VarDecl>(D->getDecl())) {
      Root = cast<VarDecl>(D->getDecl());
      break;
    } else if (isa<CXXThisExpr>(E)) {
      break;
    } else {
      return "the container '" + textOf(Object, Ctx) + "' is not reached from a variable";
    }
  }
  std::reverse(Path.begin(), Path.end());
  MovesWalk W(Path, Root, Ctx);
  W.TraverseStmt(const_cast<Stmt *>(&Region));
  if (W.Why.empty())
    return {};
  return "the loops may move the elements of '" + textOf(Object, Ctx) + "': " + W.Why;
}

} // namespace autoscale::find
