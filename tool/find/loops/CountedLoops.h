//===- CountedLoops.h - the pieces of a counted loop the runtime runs whole ---===//
//
// Internal to find/ and the loop kinds. What the readers of loops the runtime runs as one call
// (VectorLoops.h, LoopPrograms.h) read alike: where the loop is and whether a pragma applies to it, its header
// `for (int i = L; i < U; ++i)` (or `i++`, `i += 1`, `i <= U`), the elements it walks, and the
// text its call replaces.
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_FIND_COUNTEDLOOPS_H
#define AUTOSCALE_TOOL_FIND_COUNTEDLOOPS_H

#include "find/Containers.h"
#include "find/Context.h"
#include "find/FileRanges.h"
#include "find/loops/Affine.h"
#include "find/loops/LoopText.h"
#include "find/operations/Reductions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <set>
#include <string>

namespace autoscale::find {

/// The variables S writes (assigned, stepped, address taken) and those it refers to. An element
/// of a standard container is written through its data pointer, which stays where it is.
struct VarUses : clang::RecursiveASTVisitor<VarUses> {
  std::set<const clang::VarDecl *> Written, Read;
  bool VisitDeclRefExpr(clang::DeclRefExpr *D) {
    if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D->getDecl()))
      Read.insert(V);
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *B) {
    if (B->isAssignmentOp())
      write(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == clang::UO_AddrOf)
      write(U->getSubExpr());
    return true;
  }
  void write(const clang::Expr *LV) {
    if (containerAccess(LV))
      return;
    if (const clang::VarDecl *V = writtenVar(LV))
      Written.insert(V);
  }
  static VarUses of(const clang::Stmt *S) {
    VarUses U;
    U.TraverseStmt(const_cast<clang::Stmt *>(S));
    return U;
  }
};

/// The file of For's keyword, when it is written in a file (not a macro) and no pragma applies to
/// it (an OpenMP directive or attribute around it, or a #pragma line before it); else Why.
std::optional<clang::FileID> loopFile(const clang::ForStmt &For, clang::ASTContext &Ctx,
                                      std::string &Why);

/// A header `for (int i = L; i < U; ++i)` that declares its integer counter and counts it up by 1.
struct CountedLoop {
  const clang::VarDecl *Counter = nullptr;
  const clang::Expr *Lower = nullptr, *Upper = nullptr;
  bool Inclusive = false; ///< `i <= U`
  /// The counter where the loop assigns it rather than declaring it (`int i; for (i = 0; ...)`,
  /// C89's style): a local whose exit value code after the loop may read.
  const clang::DeclRefExpr *Assigned = nullptr;
};
std::optional<CountedLoop> countedLoop(const clang::ForStmt &For, clang::ASTContext &Ctx,
                                       std::string &Why);

/// Element E of the loop, at Acc: as written (through a container's data() where it is one), the
/// counter's uses in it, and its stride per iteration; false with Why.
bool loopElement(const clang::Expr *E, const Access &Acc, const clang::VarDecl *Counter,
                 const Atoms &A, const FileRanges &Ranges, clang::FileID File,
                 LoopElement &Out, std::string &Why);

/// The text of a piece of the loop, E, when all of it is written in File (not in a macro).
std::optional<Span> pieceText(const clang::Expr *E, const FileRanges &Ranges, clang::FileID File);

/// L's loop (For) and its pieces as written in File; nullopt with Why where any is written in a
/// macro.
std::optional<LoopSpans> loopSpans(const clang::ForStmt &For, const CountedLoop &L, clang::ASTContext &Ctx,
                                   const FileRanges &Ranges, clang::FileID File, std::string &Why);

/// The text from For's keyword through its body (its closing brace, or the semicolon of a body
/// without braces), when all of it is written in File.
std::optional<Span> loopText(const clang::ForStmt &For, clang::ASTContext &Ctx, clang::FileID File);

} // namespace autoscale::find

#endif
