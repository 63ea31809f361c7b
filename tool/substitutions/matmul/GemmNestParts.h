//===- GemmNestParts.h - one attempt at folding a loop nest into a GEMM ------===//
//
// Internal to GemmNests.cpp and GemmNestParts.cpp (GemmNests.h says what is accepted).
//
//===----------------------------------------------------------------------===//
#ifndef AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMNESTPARTS_H
#define AUTOSCALE_TOOL_SUBSTITUTIONS_MATMUL_GEMMNESTPARTS_H

#include "find/Context.h"
#include "substitutions/matmul/GemmNests.h"

#include <map>
#include <set>

namespace autoscale::find::gemm {

/// The statement an OpenMP directive applies to (the loop of `#pragma omp parallel for`).
const clang::Stmt *unwrapDirective(const clang::Stmt *S);

/// What a function does with its variables, for every attempt in it.
struct FunctionFacts {
  FunctionFacts(const clang::FunctionDecl &FD, clang::ASTContext &Ctx);
  /// The statement around S, through OpenMP's captured regions; null at the function.
  const clang::Stmt *parent(const clang::Stmt *S) const;
  bool within(const clang::Stmt *Inner, const clang::Stmt *Outer) const;
  unsigned writes(const clang::VarDecl *V) const {
    auto It = Writes.find(V);
    return It == Writes.end() ? 0 : It->second;
  }

  clang::ASTContext &Ctx;
  std::map<const clang::VarDecl *, unsigned> Writes; ///< assignments, ++/--, address taken
  std::map<const clang::VarDecl *, const clang::DeclStmt *> DeclOf;
  std::map<const clang::VarDecl *, std::vector<const clang::DeclRefExpr *>> Refs;
  bool Labels = false; ///< the function has a label (a goto may enter a loop anywhere)
  /// Locals every use of which reads a value assigned before it in a block around it, with their
  /// assignments (`temp = alpha * b[l];`, `temp = 0.0f;` of C89's `float temp;` at the top, as
  /// netlib's reference BLAS writes them): each assignment starts a value no other reaches, as a
  /// declaration in its place would.
  std::map<const clang::VarDecl *, std::vector<const clang::BinaryOperator *>> FreshStarts;

private:
  void findFreshStarts();
};

/// A statement `T += X * Y` (or T = T + X * Y) that may be the heart of a GEMM.
struct Candidate {
  const clang::BinaryOperator *Assign;
  const clang::Expr *Target;
  const clang::Expr *X, *Y; ///< the factors; null when Why says why there are none
  std::string Why;
  /// An update (`W[i][j] += x[i] * y[j]`: no loop of a reduction around it): it folds only as a
  /// rank-1 update, and is no candidate to report when it does not.
  bool Update = false;
  /// What each product is multiplied by before it is summed (`c += x * y * s`), or null.
  const clang::Expr *ProductFactor = nullptr;
  /// The products are subtracted (`c -= x * y`): c + (-p) is c - p, bit for bit.
  bool Negated = false;
};

/// The loops around a candidate, innermost first, and what stopped the walk outward.
struct Chain {
  std::vector<const clang::ForStmt *> Loops;
  std::string Blocker;
};

/// The nest of loops Chain.Loops[0..J] around a candidate: proved a GEMM, or why not.
class NestAttempt {
public:
  /// Away: statements of these loops that other sites split away (GemmNests.h), taken as gone.
  NestAttempt(const Candidate &C, const Chain &Ch, size_t J, const FunctionFacts &F,
              const FileRanges &Ranges, const clang::FunctionDecl &FD,
              std::vector<Span> Away = {});
  NestFinding run();

private:
  /// The accumulator and how C and D are reached from it.
  struct Accumulator {
    enum Kind { Memory, Scalar, Array } Form = Memory;
    const clang::VarDecl *Var = nullptr;
    std::set<const clang::Stmt *> Pieces; ///< its declaration, initialisation, store
    const clang::Expr *Store = nullptr;   ///< the element of C
    const clang::Expr *Init = nullptr;    ///< its initial value (null: C accumulates)
    bool StoreAdds = false;               ///< `X += acc`
    size_t Level = 0; ///< Loops[0..Level) run inside its block
    /// A memory accumulator's element scaled right before its sum (`C[i][j] *= beta`), and by what.
    const clang::Stmt *Scale = nullptr;
    const clang::Expr *ScaledBy = nullptr;
    /// What the store writes where that is not the sum as it is: a value computed from it, and
    /// the statements that use the sum on the way (`float v = alpha * s;`, `s *= scale;`).
    const clang::Expr *Epilogue = nullptr;
    const clang::Expr *Stored = nullptr; ///< what the store writes (a scalar accumulator's)
    std::vector<const clang::Stmt *> Steps;
    /// The sum's other stores, each into an array laid out as C (`z[i][j] = s; y[i][j] = s > 0 ?
    /// s : 0;`, the pre-activation kept): the loops stay and write them as written.
    std::vector<const clang::BinaryOperator *> Outputs;
  };

  bool fail(const std::string &Why);
  /// Whether R, a reference to V, writes V (assigns it, steps it, takes its address).
  bool writes(const clang::DeclRefExpr *R, const clang::VarDecl *V) const;
  bool writesWithin(const clang::VarDecl *V, const clang::Stmt *S) const;
  bool deadAfterNest(const clang::VarDecl *V) const;
  bool loops();
  bool accumulator();
  bool scalarAccumulator(const clang::VarDecl *V);
  /// What follows the sum in V's block: its store, and the statements that use it on the way.
  bool sumStored(const clang::VarDecl *V, const clang::CompoundStmt *Block, const std::string &Name);
  /// An element of C set right before the loops that sum into it (its initial value) or scaled
  /// there (Acc.Scale).
  void memoryInit();
  bool arrayAccumulator(const clang::ArraySubscriptExpr *T);
  /// Where V's declaration sits: its block and how many nest loops run inside it.
  const clang::CompoundStmt *blockOf(const clang::VarDecl *V, size_t &Level);
  bool accesses();
  std::optional<Access> readOf(const clang::Expr *E);
  void walk(const clang::Stmt *S);
  bool pureDecl(const clang::Stmt *S) const;
  bool divides(const Poly &U, const Poly &N);
  bool parallelRegionAbove() const;
  bool wholeNest(GemmShape &S);
  bool split(GemmShape &S);
  /// A whole nest whose store computes from the sum: the loops stay behind the call to compute it.
  bool epilogue(GemmShape &S);
  /// A scalar accumulator's nest whose other work writes only the function's scalar locals
  /// (`if (att[t][s] > m) m = att[t][s];` after the store): that work runs as written beside
  /// the sums read back (epilogue()), so it joins the steps.
  void besideSums();
  /// The text of S with the #pragma lines right before it.
  Span spanOf(const clang::Stmt *S) const;
  std::string suggestion(const GemmShape &S) const;

  const Candidate &C;
  const Chain &Ch;
  size_t J;
  const FunctionFacts &F;
  const FileRanges &Ranges;
  const clang::FunctionDecl &FD;
  clang::ASTContext &Ctx;
  clang::FileID File;
  const clang::Stmt *Outer; ///< the outermost loop, or its OpenMP directive

  Atoms Atoms_;
  Scope Scope_;
  AffineReader Reader;
  std::set<const clang::VarDecl *> Declared, Written; ///< inside the nest
  /// Locals of FunctionFacts::FreshStarts whose one start in the nest stands for their declaration
  /// (each use in the nest follows it in its block).
  std::map<const clang::VarDecl *, const clang::BinaryOperator *> StartedIn;
  /// Where V, declared in the nest, takes its first value: its declaration, or its start.
  const clang::Stmt *declOf(const clang::VarDecl *V) const;
  /// The value V, declared in the nest, starts from (null: none).
  const clang::Expr *initOf(const clang::VarDecl *V) const;
  /// Fills StartedIn (and Declared with its locals).
  void startLocals();
  /// The variables a declaration declares, or the local a start (StartedIn) gives its value.
  static std::vector<const clang::VarDecl *> declaredBy(const clang::Stmt *D);
  /// Variables the nest writes only through members (`g->b[o] += d`): the members written.
  std::map<const clang::VarDecl *, std::set<std::string>> WrittenMembers;
  std::vector<NestLoop> Loops; ///< outermost first
  Accumulator Acc;
  ProductAccesses P;
  std::vector<const clang::Stmt *> Other; ///< statements of the nest that are no part of it
  std::vector<const clang::Stmt *> Decls; ///< its pure declarations (and starts of StartedIn's locals)
  std::vector<Span> Away;
  bool Split = false; ///< split() placed the call
  std::string Why;
};

} // namespace autoscale::find::gemm

#endif
